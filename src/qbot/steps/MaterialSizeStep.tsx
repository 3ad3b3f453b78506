import { suggestedSizeText } from '#contracts/qbot-workflow';
import type { StepProps } from './StepProps.ts';
import { TextStep } from './TextStep.tsx';

/** The stock size, empty for the suggested one (step add_material_size). */
export function MaterialSizeStep({ state, send }: StepProps) {
  const { context } = state;
  return (
    <div className="step-widget">
      <TextStep
        label="Material size"
        placeholder={suggestedSizeText(context.analysis)}
        submit="Submit"
        allowEmpty
        onSubmit={(size) => send({ type: 'size.submitted', size })}
      />
    </div>
  );
}
