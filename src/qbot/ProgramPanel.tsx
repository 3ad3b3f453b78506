import type { ProgramOperationReport, WorkflowProgram } from '#contracts/qbot-workflow';
import { Backplot } from '../components/Backplot.tsx';
import { SetupSheetLink } from './setup-sheet/SetupSheetLink.tsx';

/** A program's status: its own, or (programs written before statuses existed) from `verified`. */
export const statusOf = (program: Pick<WorkflowProgram, 'status' | 'verified'>) =>
  program.status ?? (program.verified ? 'verified' : 'incomplete');

const number = (value: number, digits = 2) =>
  Number.isFinite(value) ? String(Math.round(value * 10 ** digits) / 10 ** digits) : '–';

/** Seconds as "1 min 5 s" or "45 s". */
const duration = (seconds: number) =>
  seconds >= 60 ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s` : `${seconds} s`;

/** What each operation took, as the verifier measured it from the program's moves. */
function OperationTable({ rows }: { rows: ProgramOperationReport[] }) {
  const radial = rows.some((row) => row.maxRadialMm !== undefined);
  return (
    <div className="table-scroll">
      <table className="table compact stack operation-report">
        <caption>Per operation, as the simulation measured it</caption>
        <thead>
          <tr>
            <th scope="col">Operation</th>
            <th scope="col">Tool</th>
            <th scope="col">ap mm</th>
            {radial ? <th scope="col">ae mm</th> : null}
            <th scope="col">Chip mm</th>
            <th scope="col">cm³/min</th>
            <th scope="col">Power kW</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.name}-${index}`}>
              <th scope="row">{row.name}</th>
              <td data-label="Tool">{row.tool}</td>
              <td data-label="ap mm">{number(row.maxDepthOfCutMm)}</td>
              {radial ? (
                <td data-label="ae mm">
                  {row.maxRadialMm !== undefined ? number(row.maxRadialMm) : ''}
                </td>
              ) : null}
              <td data-label="Chip mm">{number(row.maxChipThicknessMm, 3)}</td>
              <td data-label="cm³/min">{number(row.removalRateCm3PerMin, 1)}</td>
              <td data-label="Power kW">
                {number(row.maxPowerKw)}
                {row.machinePowerKw !== undefined ? ` of ${number(row.machinePowerKw, 1)}` : ''}
              </td>
              <td data-label="Time">{duration(row.cuttingSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The program's verification summary, shown beside its download, with the link to its setup
 * sheet when the conversation is known.
 */
export function ProgramPanel({
  program,
  assistantName = 'Q-Bot',
  threadId,
}: {
  program: WorkflowProgram;
  assistantName?: string;
  threadId?: string | null;
}) {
  const status = statusOf(program);
  const unfinished = program.unfinished ?? program.notProgrammed;
  return (
    <div className={`program-panel ${status}`}>
      <h4>
        Program version {program.version}: {program.fileName} ({program.dialect})
      </h4>
      {program.setupSheet ? (
        <p className="program-links">
          <SetupSheetLink threadId={threadId} version={program.version} />
        </p>
      ) : null}
      {status === 'verified' ? (
        <p className="program-status verified">
          <span aria-hidden="true">✓</span> Verified: the simulation shows every surface within
          tolerance, every cut within its tool&apos;s and the machine&apos;s limits, and nothing
          left undone.
        </p>
      ) : (
        <div className="program-status incomplete" role="alert">
          <strong>Incomplete: not verified.</strong> It runs safely as far as it goes, but leaves
          this undone:
          <ul aria-label="Left undone">
            {unfinished.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        </div>
      )}
      <ul className="checks" aria-label="Verification">
        {program.checks.map((check) => (
          <li
            key={check.title}
            className={check.passed ? 'passed' : check.kind === 'completeness' ? 'left' : 'failed'}
          >
            <span aria-hidden="true">
              {check.passed ? '✓' : check.kind === 'completeness' ? '!' : '✗'}
            </span>{' '}
            {check.title}
            {check.details.length > 0 ? <small> — {check.details.join('; ')}</small> : null}
          </li>
        ))}
      </ul>
      {program.cycleTime ? (
        <p className="cycle-time">Estimated cycle time: {program.cycleTime}</p>
      ) : null}
      {program.backplotUrl ? (
        <Backplot src={program.backplotUrl} title={`Toolpath of ${program.fileName}`} />
      ) : null}
      {program.report && program.report.length > 0 ? (
        <OperationTable rows={program.report} />
      ) : null}
      <details>
        <summary>Operations ({program.operations.length})</summary>
        <ol>
          {program.operations.map((operation) => (
            <li key={operation}>{operation}</li>
          ))}
        </ol>
      </details>
      {program.limited && program.limited.length > 0 ? (
        <div className="warnings">
          <strong>Limited by the machine:</strong>
          <ul>
            {program.limited.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {program.warnings.length > 0 ? (
        <div className="warnings">
          <strong>Before you run it:</strong>
          <ul>
            {program.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {program.advice && program.advice.length > 0 ? (
        <div className="advice">
          <strong>Advice from {assistantName}:</strong>
          <ul>
            {program.advice.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
