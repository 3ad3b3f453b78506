import type { WorkflowProgram } from '#contracts/qbot-workflow';
import { Backplot } from '../components/Backplot.tsx';

/** The program's verification summary, shown beside its download. */
export function ProgramPanel({
  program,
  assistantName = 'Q-Bot',
}: {
  program: WorkflowProgram;
  assistantName?: string;
}) {
  return (
    <div className="program-panel">
      <h4>
        Program version {program.version}: {program.fileName} ({program.dialect})
      </h4>
      <ul className="checks" aria-label="Verification">
        {program.checks.map((check) => (
          <li key={check.title} className={check.passed ? 'passed' : 'failed'}>
            <span aria-hidden="true">{check.passed ? '✓' : '✗'}</span> {check.title}
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
      <details>
        <summary>Operations ({program.operations.length})</summary>
        <ol>
          {program.operations.map((operation) => (
            <li key={operation}>{operation}</li>
          ))}
        </ol>
      </details>
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
      {program.notProgrammed.length > 0 ? (
        <div className="warnings">
          <strong>Not programmed:</strong>
          <ul>
            {program.notProgrammed.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
