import type { ReactNode } from 'react';
import { workflowStepOf } from '#machines/qbotContext';
import { ChangeDescriptionStep } from './steps/ChangeDescriptionStep.tsx';
import { DescriptionStep } from './steps/DescriptionStep.tsx';
import { DownloadStep } from './steps/DownloadStep.tsx';
import { ProgramRecord } from './ProgramRecord.tsx';
import { FabricateStep } from './steps/FabricateStep.tsx';
import { GenerateStep } from './steps/GenerateStep.tsx';
import { JobTypeStep } from './steps/JobTypeStep.tsx';
import { MachineStep } from './steps/MachineStep.tsx';
import { MaterialSizeStep } from './steps/MaterialSizeStep.tsx';
import { MaterialStep } from './steps/MaterialStep.tsx';
import { SimulationErrorStep } from './steps/SimulationErrorStep.tsx';
import { SimulationFeedbackStep } from './steps/SimulationFeedbackStep.tsx';
import { SimulationStep } from './steps/SimulationStep.tsx';
import type { StepProps } from './steps/StepProps.ts';
import { SummaryStep } from './steps/SummaryStep.tsx';
import { ToolsStep } from './steps/ToolsStep.tsx';
import { useStepFocus } from './useStepFocus.ts';

type StepWidgetProps = StepProps;

/**
 * The widget of the current workflow step (spec section 4); each step's is in `steps/`. When the
 * step (or its sub-state: a list loaded, an answer analysed) changes, the keyboard focus moves to
 * the widget's first control and its primary button is scrolled into view
 * (docs/decisions/030-keyboard-and-screen-readers.md).
 */
export function StepWidget({ state, send }: StepWidgetProps) {
  const host = useStepFocus<HTMLDivElement>(JSON.stringify(state.value));
  return (
    // `display: contents`: the holder only marks where the widget is; it takes no box of its own.
    <div ref={host} className="step-host" style={{ display: 'contents' }}>
      <CurrentStep state={state} send={send} />
    </div>
  );
}

/** A step after the download, with the downloaded program kept below it (ProgramRecord). */
function withProgram(widget: ReactNode, state: StepProps['state']) {
  const { program, earlierPrograms, threadId } = state.context;
  return (
    <>
      {widget}
      {program ? (
        <ProgramRecord program={program} earlier={earlierPrograms ?? []} threadId={threadId} />
      ) : null}
    </>
  );
}

function CurrentStep({ state, send }: StepWidgetProps) {
  const step = workflowStepOf(state.value);
  switch (step) {
    case 'show_blueprint_description':
      return <DescriptionStep state={state} send={send} />;
    case 'change_blueprint_description':
      return <ChangeDescriptionStep state={state} send={send} />;
    case 'display_material_choices':
      return <MaterialStep state={state} send={send} />;
    case 'add_material_size':
      return <MaterialSizeStep state={state} send={send} />;
    case 'show_job_types':
      return <JobTypeStep state={state} send={send} />;
    case 'show_machines':
      return <MachineStep state={state} send={send} />;
    case 'configure_tools':
      return <ToolsStep state={state} send={send} />;
    case 'wrap_up':
      return <SummaryStep state={state} send={send} />;
    case 'generating_gcode':
    case 'error':
      return <GenerateStep state={state} send={send} failed={step === 'error'} />;
    case 'download_gcode':
      return <DownloadStep state={state} send={send} />;
    case 'simulate_in_machine':
      return withProgram(<SimulationStep state={state} send={send} />, state);
    case 'simulation_feedback':
      return withProgram(<SimulationFeedbackStep state={state} send={send} />, state);
    case 'simulation_error':
      return withProgram(<SimulationErrorStep state={state} send={send} />, state);
    case 'fabricate_in_machine':
      return withProgram(<FabricateStep state={state} send={send} />, state);
    default:
      return null;
  }
}
