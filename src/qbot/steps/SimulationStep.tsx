import type { StepProps } from './StepProps.ts';

/** Did the simulation in the machine succeed (step simulate_in_machine)? */
export function SimulationStep({ send }: StepProps) {
  return (
    <div className="step-widget">
      <div className="actions start">
        <button
          type="button"
          className="button primary"
          onClick={() => send({ type: 'simulation.succeeded' })}
        >
          Yes, Simulation Successful
        </button>
        <button
          type="button"
          className="button"
          onClick={() => send({ type: 'simulation.failed' })}
        >
          No, Found Issues
        </button>
      </div>
    </div>
  );
}
