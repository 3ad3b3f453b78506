import { qbotMessages } from '#contracts/qbot-workflow';
import type { StepProps } from './StepProps.ts';

/** When the analysis needs no new program: not implemented yet, Start Again (step simulation_error). */
export function SimulationErrorStep({ send }: StepProps) {
  return (
    <div className="step-widget">
      <p>{qbotMessages.notImplemented}</p>
      <div className="actions start">
        <button
          type="button"
          className="button primary"
          onClick={() => send({ type: 'workflow.restarted' })}
        >
          Start Again
        </button>
      </div>
    </div>
  );
}
