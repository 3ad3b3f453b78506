import { qbotMessages } from '#contracts/qbot-workflow';
import type { StepProps } from './StepProps.ts';

/**
 * The Generate G-Code button (step generating_gcode), or after a failed generation the error and
 * Try Again (step error, `failed`).
 */
export function GenerateStep({ state, send, failed }: StepProps & { failed: boolean }) {
  const { context } = state;
  return (
    <div className="step-widget">
      {failed ? (
        <p className="form-error">{context.error ?? qbotMessages.generationFailed}</p>
      ) : null}
      <div className="actions start">
        <button
          type="button"
          className="button primary"
          onClick={() => send({ type: 'gcode.requested' })}
        >
          {failed ? 'Try Again' : 'Generate G-Code'}
        </button>
      </div>
    </div>
  );
}
