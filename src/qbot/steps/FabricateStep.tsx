import type { StepProps } from './StepProps.ts';

/** The workflow's end: completion notice and Upload Another Blueprint (step fabricate_in_machine). */
export function FabricateStep({ state, send }: StepProps) {
  const { context } = state;
  return (
    <div className="step-widget">
      {context.completed ? <p className="form-notice">Workflow complete.</p> : null}
      <div className="actions start">
        <button
          type="button"
          className="button primary"
          onClick={() => send({ type: 'workflow.restarted' })}
        >
          Upload Another Blueprint
        </button>
      </div>
    </div>
  );
}
