import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { qbotMessages } from '#contracts/qbot-workflow';
import { Spinner } from '../../components/Spinner.tsx';
import type { StepProps } from './StepProps.ts';

/** The machine's tools as checkboxes, with Select All and a Confirm that needs one. */
function ToolChoice({ state, send }: StepProps) {
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
            {tool.understood && !tool.understood.usable ? (
              <small className="tool-unusable">Not used: {tool.understood.summary}</small>
            ) : null}
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
      <ToolingLinks state={state} send={send} />
    </div>
  );
}

/**
 * The machine's Tooling Pairs in a new tab, and Check Again to load its tools after a change
 * there, without a reset (decision 031).
 */
export function ToolingLinks({ state, send, reload = true }: StepProps & { reload?: boolean }) {
  const machine = state.context.machine;
  if (!machine) return null;
  return (
    <p className="step-links">
      <Link to="/tooling-pairs" search={{ machineId: machine._id }} target="_blank" rel="noopener">
        Open Tooling Pairs for {machine.name}
      </Link>
      {reload ? (
        <>
          {' '}
          <button
            type="button"
            className="button small"
            onClick={() => send({ type: 'tools.reloaded' })}
          >
            Check Again
          </button>
        </>
      ) : null}
    </p>
  );
}

/** The chosen machine's tools, once loaded (step configure_tools). */
export function ToolsStep({ state, send }: StepProps) {
  if (state.matches({ configure_tools: 'loading' }))
    return (
      <p className="muted">
        <Spinner /> Loading tools...
      </p>
    );
  if (state.matches({ configure_tools: 'failed' }))
    return (
      <div className="step-widget">
        <p className="form-error">{qbotMessages.loadFailed}</p>
        <ToolingLinks state={state} send={send} />
      </div>
    );
  return (
    <div className="step-widget">
      <ToolChoice state={state} send={send} />
    </div>
  );
}
