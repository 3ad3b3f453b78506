import { Link } from '@tanstack/react-router';
import type { MachineFit } from '#contracts/machine-fit';
import { qbotMessages } from '#contracts/qbot-workflow';
import { machineFitOf } from '#machines/qbotContext';
import { Spinner } from '../../components/Spinner.tsx';
import { ChoiceList } from './ChoiceList.tsx';
import type { StepProps } from './StepProps.ts';

/** A machine's line under its name: its details, and whether it takes the stock (decision 054). */
function noteOf(details: string, fit: MachineFit): string {
  if (!fit.usable) return `${details}. Cannot take this job: ${fit.reason}.`;
  return fit.note ? `${details}. ${fit.note}` : details;
}

/**
 * The shop's machines for the job type, once loaded (step show_machines). With none to offer,
 * the chat has said why (the inactive ones named); the step opens My Shop in a new tab and
 * loads the list again after the fix, without a reset (decision 031).
 */
export function MachineStep({ state, send }: StepProps) {
  const { context } = state;
  if (state.matches({ show_machines: 'loading' }))
    return (
      <p className="muted">
        <Spinner /> Loading machines...
      </p>
    );
  const failed = state.matches({ show_machines: 'failed' });
  if (failed || state.matches({ show_machines: 'none' }))
    return (
      <div className="step-widget">
        {failed ? <p className="form-error">{qbotMessages.loadFailed}</p> : null}
        <div className="actions start">
          <button
            type="button"
            className="button primary"
            onClick={() => send({ type: 'machines.reloaded' })}
          >
            Check Again
          </button>
          <Link to="/my-shop" target="_blank" rel="noopener" className="button">
            Open My Shop
          </Link>
        </div>
      </div>
    );
  return (
    <div className="step-widget">
      <ChoiceList
        options={context.machineOptions.map((machine) => ({
          value: machine._id,
          label: `${machine.name} (${machine.serialNumber})`,
          note: noteOf(machine.details, machineFitOf(context, machine)),
        }))}
        onConfirm={(machineId) => send({ type: 'machine.selected', machineId })}
      />
    </div>
  );
}
