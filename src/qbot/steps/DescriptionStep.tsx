import { DescriptionView } from '../DescriptionView.tsx';
import { ValuesTable } from '../values-table/ValuesTable.tsx';
import type { StepProps } from './StepProps.ts';

/**
 * The blueprint's description, to confirm, to change in words, or to correct value by value in
 * its values table (step show_blueprint_description; decision 049).
 */
export function DescriptionStep({ state, send }: StepProps) {
  const { context } = state;
  const description = context.analysis?.description;
  const busy = state.hasTag('busy');
  return (
    <div className="step-widget">
      <DescriptionView description={description} />
      {description && typeof description === 'object' ? (
        <ValuesTable
          description={description}
          busy={busy}
          error={context.error}
          onSave={(edited) => send({ type: 'description.values.submitted', description: edited })}
        />
      ) : null}
      <div className="actions start">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => send({ type: 'description.change.requested' })}
        >
          Change
        </button>
        <button
          type="button"
          className="button primary"
          disabled={busy}
          onClick={() => send({ type: 'description.confirmed' })}
        >
          Confirm
        </button>
      </div>
    </div>
  );
}
