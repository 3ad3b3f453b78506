import { qbotMessages } from '#contracts/qbot-workflow';
import { partLine } from '../part-line.ts';
import type { StepProps } from './StepProps.ts';

/** The job summary to confirm before generating (step wrap_up). */
export function SummaryStep({ state, send }: StepProps) {
  const { context } = state;
  const tools = context.toolOptions.filter((tool) => context.toolIds.includes(tool.id));
  const size = context.materialSize;
  return (
    <div className="step-widget">
      <h4>Job summary</h4>
      <dl className="summary">
        <dt>Part</dt>
        <dd>{partLine(context.analysis?.description.overview, context.fileName)}</dd>
        <dt>Material</dt>
        <dd>{context.material}</dd>
        <dt>Stock size</dt>
        <dd>
          {typeof size === 'string'
            ? size
            : size
              ? `${size.shape} ${size.diameter} x ${size.length}`
              : qbotMessages.defaultStockSize}
        </dd>
        <dt>Job type</dt>
        <dd>{context.jobType}</dd>
        <dt>Machine</dt>
        <dd>
          {context.machine?.name} ({context.machine?.serialNumber}): {context.machine?.details}
        </dd>
        <dt>Tools</dt>
        <dd>{tools.map((tool) => `${tool.slotNumber} ${tool.toolName}`).join(', ')}</dd>
      </dl>
      <div className="actions start">
        <button
          type="button"
          className="button primary"
          onClick={() => send({ type: 'summary.confirmed' })}
        >
          Confirm Description
        </button>
      </div>
    </div>
  );
}
