import { useId, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { QbotEvent } from '#contracts/qbot-workflow';
import type { QbotWorkflowMachine } from '#machines/qbotWorkflow';
import { workflowStepOf } from '#machines/qbotWorkflow';
import { jobTypes } from '#contracts/job-types';
import { qbotMessages, suggestedSizeText } from '#contracts/qbot-workflow';
import { fetchFile } from '../api/qbot.ts';
import { Spinner } from '../components/Spinner.tsx';
import { DescriptionView } from './DescriptionView.tsx';
import { ProgramPanel } from './ProgramPanel.tsx';

interface StepWidgetProps {
  state: SnapshotFrom<QbotWorkflowMachine>;
  send: (event: QbotEvent) => void;
}

/** A list of options with one choice and a Confirm button that needs a selection. */
function ChoiceList<Value extends string>(props: {
  options: { value: Value; label: string; note?: string; indent?: boolean }[];
  confirm?: string;
  onConfirm: (value: Value) => void;
}) {
  const [choice, setChoice] = useState<Value | ''>('');
  const name = useId();
  return (
    <div className="choices">
      {props.options.map((option) => (
        <label
          key={`${option.value}-${option.label}`}
          className={`choice${option.indent ? ' indent' : ''}`}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={choice === option.value}
            onChange={() => setChoice(option.value)}
          />
          <span>
            {option.label}
            {option.note ? <small className="muted"> {option.note}</small> : null}
          </span>
        </label>
      ))}
      <div className="actions start">
        <button
          type="button"
          className="button primary"
          onClick={() =>
            choice ? props.onConfirm(choice) : window.alert(qbotMessages.selectOption)
          }
        >
          {props.confirm ?? 'Confirm'}
        </button>
      </div>
    </div>
  );
}

function TextStep(props: {
  label: string;
  placeholder?: string;
  submit: string;
  busy?: boolean;
  error?: string | null;
  emptyAlert?: string;
  allowEmpty?: boolean;
  onSubmit: (text: string) => void;
  onCancel?: () => void;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const empty = text.trim() === '';
  return (
    <div className="text-step">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        rows={3}
        value={text}
        placeholder={props.placeholder}
        onChange={(event) => setText(event.target.value)}
      />
      {props.error ? <p className="form-error">{props.error}</p> : null}
      <div className="actions start">
        {props.onCancel ? (
          <button type="button" className="button" onClick={props.onCancel} disabled={props.busy}>
            Cancel
          </button>
        ) : null}
        <button
          type="button"
          className="button primary"
          disabled={props.busy || (empty && !props.allowEmpty && !props.emptyAlert)}
          onClick={() => {
            if (empty && props.emptyAlert) window.alert(props.emptyAlert);
            else props.onSubmit(text);
          }}
        >
          {props.busy ? <Spinner /> : null} {props.submit}
        </button>
      </div>
    </div>
  );
}

function ToolChoice({ state, send }: StepWidgetProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const { toolOptions } = state.context;
  return (
    <div className="choices">
      {toolOptions.length === 0 ? (
        <p className="muted">No Tools are Currently Configured for this machine.</p>
      ) : null}
      {toolOptions.map((tool) => (
        <label key={tool.id} className="choice">
          <input
            type="checkbox"
            checked={chosen.includes(tool.id)}
            onChange={(event) =>
              setChosen((list) =>
                event.target.checked ? [...list, tool.id] : list.filter((id) => id !== tool.id),
              )
            }
          />
          <span>
            {tool.slotNumber} {tool.toolName}{' '}
            <small className="muted">
              {tool.toolType}: {tool.toolDescription}
            </small>
          </span>
        </label>
      ))}
      <div className="actions start">
        <button
          type="button"
          className="button"
          onClick={() => setChosen(toolOptions.map((tool) => tool.id))}
        >
          Select All
        </button>
        <button
          type="button"
          className="button primary"
          onClick={() =>
            chosen.length === 0
              ? window.alert(qbotMessages.chooseTools)
              : send({ type: 'tools.confirmed', toolIds: chosen })
          }
        >
          Confirm
        </button>
      </div>
    </div>
  );
}

async function download(fileUrl: string, fileName: string) {
  const blob = await fetchFile(fileUrl);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName.endsWith('.nc') ? fileName : `${fileName}.nc`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The widget of the current workflow step (spec section 4). */
export function StepWidget({ state, send }: StepWidgetProps) {
  const { context } = state;
  const step = workflowStepOf(state.value);
  const [downloading, setDownloading] = useState(false);
  switch (step) {
    case 'show_blueprint_description':
      return (
        <div className="step-widget">
          <DescriptionView description={context.analysis?.description} />
          <div className="actions start">
            <button
              type="button"
              className="button"
              onClick={() => send({ type: 'description.change.requested' })}
            >
              Change
            </button>
            <button
              type="button"
              className="button primary"
              onClick={() => send({ type: 'description.confirmed' })}
            >
              Confirm
            </button>
          </div>
        </div>
      );
    case 'change_blueprint_description':
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
    case 'display_material_choices':
      return (
        <div className="step-widget">
          <ChoiceList
            options={(context.analysis?.materials ?? []).flatMap((material) => [
              { value: material.name, label: material.name, note: material.grade },
              ...material.alternates.map((alternate) => ({
                value: alternate,
                label: alternate,
                note: qbotMessages.alternativeTo(material.name),
                indent: true,
              })),
            ])}
            onConfirm={(material) => send({ type: 'material.selected', material })}
          />
        </div>
      );
    case 'add_material_size':
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
    case 'show_job_types':
      return (
        <div className="step-widget">
          <ChoiceList
            options={jobTypes.map((type) => ({ value: type, label: type }))}
            onConfirm={(jobType) => send({ type: 'jobType.selected', jobType })}
          />
        </div>
      );
    case 'show_machines':
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
    case 'configure_tools':
      if (state.matches({ configure_tools: 'loading' }))
        return (
          <p className="muted">
            <Spinner /> Loading tools...
          </p>
        );
      if (state.matches({ configure_tools: 'failed' }))
        return <p className="form-error">{qbotMessages.loadFailed}</p>;
      return (
        <div className="step-widget">
          <ToolChoice state={state} send={send} />
        </div>
      );
    case 'wrap_up': {
      const tools = context.toolOptions.filter((tool) => context.toolIds.includes(tool.id));
      const size = context.materialSize;
      return (
        <div className="step-widget">
          <h4>Job summary</h4>
          <dl className="summary">
            <dt>Part</dt>
            <dd>{context.analysis?.description.overview || context.fileName}</dd>
            <dt>Material</dt>
            <dd>{context.material}</dd>
            <dt>Stock size</dt>
            <dd>
              {typeof size === 'string'
                ? size
                : size
                  ? `${size.shape} ${size.diameter} x ${size.length}`
                  : qbotMessages.defaultStockSize}
            </dd>
            <dt>Job type</dt>
            <dd>{context.jobType}</dd>
            <dt>Machine</dt>
            <dd>
              {context.machine?.name} ({context.machine?.serialNumber}): {context.machine?.details}
            </dd>
            <dt>Tools</dt>
            <dd>{tools.map((tool) => `${tool.slotNumber} ${tool.toolName}`).join(', ')}</dd>
          </dl>
          <div className="actions start">
            <button
              type="button"
              className="button primary"
              onClick={() => send({ type: 'summary.confirmed' })}
            >
              Confirm Description
            </button>
          </div>
        </div>
      );
    }
    case 'generating_gcode':
    case 'error':
      return (
        <div className="step-widget">
          {step === 'error' ? (
            <p className="form-error">{context.error ?? qbotMessages.generationFailed}</p>
          ) : null}
          <div className="actions start">
            <button
              type="button"
              className="button primary"
              onClick={() => send({ type: 'gcode.requested' })}
            >
              {step === 'error' ? 'Try Again' : 'Generate G-Code'}
            </button>
          </div>
        </div>
      );
    case 'download_gcode':
      return context.program ? (
        <div className="step-widget download">
          <div className="actions start">
            <button
              type="button"
              className="button primary"
              disabled={downloading}
              onClick={() => {
                setDownloading(true);
                download(context.program!.fileUrl, context.program!.fileName)
                  .then(() => send({ type: 'gcode.downloaded' }))
                  .catch((error: unknown) => console.error('Could not download the program', error))
                  .finally(() => setDownloading(false));
              }}
            >
              {downloading ? <Spinner /> : null} Download
            </button>
          </div>
          <ProgramPanel program={context.program} />
        </div>
      ) : null;
    case 'simulate_in_machine':
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
    case 'simulation_feedback':
      if (state.matches({ simulation_feedback: 'reviewing' })) {
        const analysis = context.simulationAnalysis!;
        return (
          <div className="step-widget">
            <h4>Analysis</h4>
            <p>{analysis.analysis}</p>
            {analysis.recommendations.length > 0 ? (
              <>
                <h4>Recommendations</h4>
                <ul>
                  {analysis.recommendations.map((entry) => (
                    <li key={entry}>{entry}</li>
                  ))}
                </ul>
              </>
            ) : null}
            {analysis.safetyNotes.length > 0 ? (
              <>
                <h4>Safety notes</h4>
                <ul>
                  {analysis.safetyNotes.map((entry) => (
                    <li key={entry}>{entry}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <h4>Suggested changes</h4>
            <dl className="summary">
              <dt>Feed rate</dt>
              <dd>{analysis.suggestedChanges.feedRate}</dd>
              <dt>Spindle speed</dt>
              <dd>{analysis.suggestedChanges.spindleSpeed}</dd>
              <dt>Tool path</dt>
              <dd>{analysis.suggestedChanges.toolPath}</dd>
              <dt>Depth of cut</dt>
              <dd>{analysis.suggestedChanges.depthOfCut}</dd>
            </dl>
            <div className="actions start">
              <button
                type="button"
                className="button"
                onClick={() => send({ type: 'feedback.cancelled' })}
              >
                Cancel
              </button>
              <button
                type="button"
                className="button primary"
                onClick={() => send({ type: 'gcode.requested' })}
              >
                Regenerate G-Code with Changes
              </button>
            </div>
          </div>
        );
      }
      return (
        <div className="step-widget">
          <TextStep
            label="What went wrong in the simulation?"
            submit="Submit Feedback"
            busy={state.hasTag('busy')}
            error={context.error}
            emptyAlert={qbotMessages.provideFeedback}
            onSubmit={(feedback) => send({ type: 'feedback.submitted', feedback })}
            onCancel={() => send({ type: 'feedback.cancelled' })}
          />
        </div>
      );
    case 'simulation_error':
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
    case 'fabricate_in_machine':
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
    default:
      return null;
  }
}
