import type { ProgramCheckResponse } from '#contracts/program-check';
import { checkDialects } from '#contracts/program-check';

/** The verdict's heading, in Q-Bot's words. */
const verdicts = {
  verified: 'Verified',
  incomplete: 'Incomplete',
  unsafe: 'Not safe to run',
} as const;

/**
 * What Check Program found (issue 35): the verdict, the findings by line, every check, the
 * operations as the verifier measured them, the cycle time and the backplot over the stock.
 */
export function CheckResult({ result }: { result: ProgramCheckResponse }) {
  const dialect = checkDialects[result.dialect as keyof typeof checkDialects] ?? result.dialect;
  return (
    <div className="check-result" aria-live="polite">
      <h2 className={`verdict verdict-${result.status}`}>{verdicts[result.status]}</h2>
      <p className="muted">
        {result.fileName}: {result.lines.toLocaleString('en')} lines read as {dialect}
        {result.dialectDetected ? ' (told from the program)' : ''}; estimated cycle time{' '}
        {result.cycleTime}.
      </p>
      <p className="muted check-against">
        {result.part
          ? `Held to ${result.part.against}. Checked on ${result.stock}.`
          : `Checked against the stock alone on ${result.stock}.`}
      </p>
      {result.unfinished.length > 0 ? (
        <ul className="unfinished">
          {result.unfinished.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
      ) : null}
      {result.findings.length > 0 ? (
        <table className="table stack findings">
          <caption>What is wrong, and where</caption>
          <thead>
            <tr>
              <th>Line</th>
              <th>Check</th>
              <th>Finding</th>
            </tr>
          </thead>
          <tbody>
            {result.findings.map((finding, index) => (
              <tr key={`${finding.line ?? '-'}-${index}`}>
                <td data-label="Line">{finding.line ?? '—'}</td>
                <td data-label="Check">{finding.kind}</td>
                <td data-label="Finding">{finding.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h3>Checks</h3>
      <ul className="checks">
        {result.checks.map((check) => (
          <li key={check.title} className={check.passed ? 'passed' : 'failed'}>
            <span aria-hidden="true">{check.passed ? '✓' : '✗'}</span> {check.title}
          </li>
        ))}
      </ul>
      {result.report.length > 0 ? (
        <table className="table stack">
          <caption>Operations (one per tool change)</caption>
          <thead>
            <tr>
              <th>Operation</th>
              <th>Tool</th>
              <th>Depth of cut (mm)</th>
              <th>Chip (mm)</th>
              <th>Power (kW)</th>
              <th>Cutting (s)</th>
            </tr>
          </thead>
          <tbody>
            {result.report.map((operation, index) => (
              <tr key={`${operation.name}-${index}`}>
                <td data-label="Operation">{operation.name}</td>
                <td data-label="Tool">{operation.tool}</td>
                <td data-label="Depth of cut (mm)">{operation.maxDepthOfCutMm}</td>
                <td data-label="Chip (mm)">{operation.maxChipThicknessMm}</td>
                <td data-label="Power (kW)">{operation.maxPowerKw}</td>
                <td data-label="Cutting (s)">{Math.round(operation.cuttingSeconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <img className="backplot-image" src={result.backplotUrl} alt="Toolpath over the stock" />
    </div>
  );
}
