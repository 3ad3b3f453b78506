import type { StepProps } from './StepProps.ts';
import { TextStep } from './TextStep.tsx';

/** What should change in the description (step change_blueprint_description). */
export function ChangeDescriptionStep({ state, send }: StepProps) {
  const { context } = state;
  return (
    <div className="step-widget">
      <TextStep
        label="What should change in the description?"
        placeholder='For example: "Ø40 h7 x 85 long, bore Ø20 x 30 deep, chamfer 1x45 both ends, 4140 steel"'
        submit="Update Description"
        busy={state.hasTag('busy')}
        error={context.error}
        onSubmit={(feedback) => send({ type: 'description.change.submitted', feedback })}
        onCancel={() => send({ type: 'description.change.cancelled' })}
      />
    </div>
  );
}
