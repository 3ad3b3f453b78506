import type { SetupSheet, SetupSheetTool } from '#contracts/setup-sheet';
import { Backplot } from '../../components/Backplot.tsx';
import { setupSheetMessages as text } from '../../messages.ts';

/** Seconds as "1 min 05 s" or "45 s", as the program's header writes its cycle time. */
export function sheetDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total} s`;
  return `${Math.floor(total / 60)} min ${String(total % 60).padStart(2, '0')} s`;
}

/** Label and value lines, as a description list that stays two columns when printed. */
function Facts({ rows, label }: { rows: { label: string; value: string }[]; label: string }) {
  return (
    <dl className="sheet-facts" aria-label={label}>
      {rows.map((row) => (
        <div key={`${row.label}:${row.value}`} className="sheet-fact">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ToolTable({ tools }: { tools: SetupSheetTool[] }) {
  const [t, slot, offset, tool, cutting, stickOut, usedFor] = text.toolColumns;
  return (
    <table className="table compact stack sheet-tools">
      <thead>
        <tr>
          {text.toolColumns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {tools.map((entry) => (
          <tr key={`${entry.toolNumber}-${entry.slot}`}>
            <th scope="row" data-label={t}>
              T{entry.toolNumber}
            </th>
            <td data-label={slot}>{entry.slot}</td>
            <td data-label={offset}>{entry.offset}</td>
            <td data-label={tool}>
              {/* One box: the stacked phone layout makes each child of a cell a column. */}
              <span>
                <strong>{entry.name}</strong>
                {entry.description ? <small> {entry.description}</small> : null}
                <small className="sheet-kind"> ({entry.kind})</small>
              </span>
            </td>
            <td data-label={cutting}>{entry.cutting}</td>
            <td data-label={stickOut}>
              {entry.minStickOutMm !== undefined ? `≥ ${entry.minStickOutMm} mm` : '–'}
            </td>
            <td data-label={usedFor}>{entry.operations.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OperationTable({ sheet }: { sheet: SetupSheet }) {
  const [number, operation, tool, data, time] = text.operationColumns;
  return (
    <table className="table compact stack sheet-operations">
      <thead>
        <tr>
          {text.operationColumns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sheet.operations.map((entry, index) => (
          <tr key={`${index}-${entry.name}`}>
            <td data-label={number}>{index + 1}</td>
            <th scope="row" data-label={operation}>
              <span>
                {entry.name}
                {entry.setup && entry.setup > 1 ? <small> ({text.secondSetup})</small> : null}
              </span>
            </th>
            <td data-label={tool}>{entry.tool}</td>
            <td data-label={data}>{entry.cuttingData}</td>
            <td data-label={time}>
              {entry.seconds !== undefined ? sheetDuration(entry.seconds) : '–'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A titled list of sentences; nothing when there are none. */
function Sentences({ title, entries }: { title: string; entries: string[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="sheet-section">
      <h2>{title}</h2>
      <ul>
        {entries.map((entry) => (
          <li key={entry}>{entry}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A program version's setup sheet (docs/decisions/107-setup-sheet.md): the job, the stock, the
 * zero point and workholding, the tools, the operations with their times, the checks, the
 * notes and the backplot, laid out to print on A4 or Letter and to read on a phone.
 * @param backplotUrl - the version's stored backplot (same origin), when it has one
 */
export function SetupSheetView({
  sheet,
  backplotUrl,
}: {
  sheet: SetupSheet;
  backplotUrl?: string;
}) {
  const job = [
    { label: text.part, value: sheet.partName },
    ...(sheet.drawing ? [{ label: text.drawing, value: sheet.drawing }] : []),
    { label: text.material, value: sheet.material },
    ...(sheet.drawingMaterial
      ? [{ label: text.drawingMaterial, value: sheet.drawingMaterial }]
      : []),
    {
      label: text.machine,
      value: `${sheet.machine.name} (${sheet.machine.model}, serial ${sheet.machine.serialNumber})`,
    },
    { label: text.controller, value: `${sheet.machine.controller} (${sheet.dialect})` },
    { label: text.program, value: `${sheet.fileName}, version ${sheet.programVersion}` },
    { label: text.status, value: sheet.status === 'verified' ? text.verified : text.incomplete },
    ...(sheet.cycleTime ? [{ label: text.cycleTime, value: sheet.cycleTime.text }] : []),
    { label: text.stock, value: `${sheet.stock.size}, ${sheet.stock.material}` },
  ];
  return (
    <article className="setup-sheet" aria-label={text.title}>
      <section className="sheet-section">
        <h2>{text.job}</h2>
        <Facts rows={job} label={text.job} />
      </section>
      <section className="sheet-section">
        <h2>{text.zeroPoint}</h2>
        <ul className="sheet-zero">
          {sheet.zeroPoint.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      {sheet.workholding.length > 0 ? (
        <section className="sheet-section">
          <h2>{text.workholding}</h2>
          <Facts rows={sheet.workholding} label={text.workholding} />
        </section>
      ) : null}
      <section className="sheet-section sheet-table">
        <h2>{text.tools}</h2>
        <ToolTable tools={sheet.tools} />
      </section>
      <section className="sheet-section sheet-table">
        <h2>{text.operations}</h2>
        <OperationTable sheet={sheet} />
      </section>
      <Sentences title={text.unfinished} entries={sheet.unfinished} />
      <Sentences title={text.notes} entries={sheet.notes} />
      <Sentences title={text.limited} entries={sheet.limited} />
      <section className="sheet-section">
        <h2>{text.checks}</h2>
        <ul className="checks sheet-checks">
          {sheet.checks.map((check) => (
            <li
              key={check.title}
              className={
                check.passed ? 'passed' : check.kind === 'completeness' ? 'left' : 'failed'
              }
            >
              <span aria-hidden="true">
                {check.passed ? '✓' : check.kind === 'completeness' ? '!' : '✗'}
              </span>{' '}
              {check.title}
              {check.details.length > 0 ? <small> — {check.details.join('; ')}</small> : null}
            </li>
          ))}
        </ul>
      </section>
      {backplotUrl ? (
        <section className="sheet-section sheet-backplot">
          <h2>{text.backplot}</h2>
          <Backplot src={backplotUrl} title={`Toolpath of ${sheet.fileName}`} />
        </section>
      ) : null}
      <p className="sheet-signature">{text.signature}: ____________________________</p>
    </article>
  );
}
