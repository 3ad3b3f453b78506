import { DescriptionView } from '../DescriptionView.tsx';
import type { StepProps } from './StepProps.ts';

/** The blueprint's description, to confirm or to change (step show_blueprint_description). */
export function DescriptionStep({ state, send }: StepProps) {
  const { context } = state;
  return (
    <div className="step-widget">
      <DescriptionView description={context.analysis?.description} />
      <div className="actions start">
        <button
          type="button"
          className="button"
          onClick={() => send({ type: 'description.change.requested' })}
        >
          Change
        </button>
        <button
          type="button"
          className="button primary"
          onClick={() => send({ type: 'description.confirmed' })}
        >
          Confirm
        </button>
      </div>
    </div>
  );
}
