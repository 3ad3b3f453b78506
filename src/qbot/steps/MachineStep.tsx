import { qbotMessages } from '#contracts/qbot-workflow';
import { Spinner } from '../../components/Spinner.tsx';
import { ChoiceList } from './ChoiceList.tsx';
import type { StepProps } from './StepProps.ts';

/** The shop's machines for the job type, once loaded (step show_machines). */
export function MachineStep({ state, send }: StepProps) {
  const { context } = state;
  if (state.matches({ show_machines: 'loading' }))
    return (
      <p className="muted">
        <Spinner /> Loading machines...
      </p>
    );
  if (state.matches({ show_machines: 'failed' }))
    return <p className="form-error">{qbotMessages.loadFailed}</p>;
  if (state.matches({ show_machines: 'none' })) return null;
  return (
    <div className="step-widget">
      <ChoiceList
        options={context.machineOptions.map((machine) => ({
          value: machine._id,
          label: `${machine.name} (${machine.serialNumber})`,
          note: machine.details,
        }))}
        onConfirm={(machineId) => send({ type: 'machine.selected', machineId })}
      />
    </div>
  );
}
