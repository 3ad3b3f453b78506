import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { shopMessages, toolTypes } from '#contracts/shop';
import type { Machine, ToolingPair } from '#contracts/shop';
import { toolRowMachine } from '#machines/toolRow';
import type { ToolDraft } from '#machines/toolRow';
import { addTool, deleteTool, editTool } from '../api/shop.ts';
import { Dialog } from './Dialog.tsx';
import { Spinner } from './Spinner.tsx';
import { PencilIcon, TrashIcon } from './Icons.tsx';

interface ToolRowProps {
  /** The saved row, or null for a row added with Add New Tooling. */
  tool: ToolingPair | null;
  machine: Machine;
  /** Called once the row was saved (created or updated). */
  onSaved: () => void;
  onDeleted: () => void;
  /** A new row cancelled before it was saved. */
  onDiscarded: () => void;
}

const fields: { field: keyof ToolDraft; label: string }[] = [
  { field: 'slotNumber', label: 'Tool Slot' },
  { field: 'toolName', label: 'Tool' },
  { field: 'toolDescription', label: 'Description' },
  { field: 'toolType', label: 'Type' },
  { field: 'toolManufacturer', label: 'Manufacturer' },
  { field: 'toolHint', label: 'Hint' },
];

/** One tool row, run by the toolRow chart: view, edit in place, new, and delete with a confirmation. */
export function ToolRow({ tool, machine, onSaved, onDeleted, onDiscarded }: ToolRowProps) {
  const owner = useMemo(
    () => ({
      machineSerialNumber: machine.serialNumber,
      typeName: machine.machineType?.name ?? '',
    }),
    [machine],
  );
  const logic = useMemo(
    () =>
      toolRowMachine.provide({
        actors: {
          createTool: fromPromise(
            async ({ input }) => (await addTool({ ...owner, ...input })).toolingPair,
          ),
          updateTool: fromPromise(
            async ({ input }) => (await editTool({ ...owner, ...input })).toolingPair,
          ),
          deleteTool: fromPromise(({ input }) => deleteTool(input.toolId)),
        },
        actions: { alertFieldsMissing: (_, params) => window.alert(params.message) },
      }),
    [owner],
  );
  const [state, send] = useMachine(logic, { input: { tool } });
  const { draft, error } = state.context;

  // Tell the table about the row's outcomes once each.
  const reported = useRef<string | null>(null);
  const outcome = state.matches('deleted')
    ? 'deleted'
    : state.matches('discarded')
      ? 'discarded'
      : state.context.savedCount > 0
        ? `saved:${state.context.savedCount}`
        : null;
  useEffect(() => {
    if (!outcome || reported.current === outcome) return;
    reported.current = outcome;
    if (outcome === 'deleted') onDeleted();
    else if (outcome === 'discarded') onDiscarded();
    else onSaved();
  }, [outcome, onDeleted, onDiscarded, onSaved]);

  const editing =
    state.matches('editing') ||
    state.matches('new') ||
    state.matches('updating') ||
    state.matches('creating');
  const busy = state.matches('updating') || state.matches('creating') || state.matches('deleting');
  const label = tool ? `tool ${tool.slotNumber}` : 'new tool';

  if (state.matches('deleted') || state.matches('discarded')) return null;

  return (
    <>
      <tr className={editing ? 'editing' : undefined} aria-label={label}>
        {fields.map(({ field, label: column }) => (
          <td key={field} data-label={column}>
            {editing ? (
              field === 'toolType' ? (
                <select
                  aria-label={column}
                  value={draft.toolType}
                  disabled={busy}
                  onChange={(event) =>
                    send({ type: 'field.changed', field, value: event.target.value })
                  }
                >
                  <option value="">Select a type</option>
                  {toolTypes.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  aria-label={column}
                  value={draft[field]}
                  disabled={busy}
                  placeholder={
                    field === 'slotNumber' ? 'T1' : field === 'toolHint' ? 'NOHINT' : undefined
                  }
                  onChange={(event) =>
                    send({ type: 'field.changed', field, value: event.target.value })
                  }
                />
              )
            ) : (
              (state.context.tool?.[field] ?? '')
            )}
          </td>
        ))}
        <td className="row-actions" data-label="Actions">
          {editing ? (
            <>
              <button
                type="button"
                className="button small primary"
                disabled={busy}
                onClick={() => send({ type: 'row.save' })}
              >
                {busy ? <Spinner label="Saving" /> : null} Update
              </button>
              <button
                type="button"
                className="button small"
                disabled={busy}
                onClick={() => send({ type: 'row.cancel' })}
              >
                Cancel
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="icon-button"
                aria-label={`Edit ${label}`}
                title="Edit"
                onClick={() => send({ type: 'row.edit' })}
              >
                <PencilIcon />
              </button>
              <button
                type="button"
                className="icon-button danger"
                aria-label={`Delete ${label}`}
                title="Delete"
                disabled={busy}
                onClick={() => send({ type: 'row.delete' })}
              >
                <TrashIcon />
              </button>
            </>
          )}
        </td>
      </tr>
      {!editing && state.context.tool?.understood ? (
        <tr
          className={`row-reading${state.context.tool.understood.usable ? '' : ' unusable'}`}
          aria-label={`How programs read ${state.context.tool.slotNumber}`}
        >
          <td colSpan={7}>
            <strong>{state.context.tool.understood.usable ? 'Understood: ' : 'Not used: '}</strong>
            {state.context.tool.understood.summary}
          </td>
        </tr>
      ) : null}
      {error ? (
        <tr className="row-error">
          <td colSpan={7} role="alert">
            {error}
          </td>
        </tr>
      ) : null}
      {state.matches('confirmingDelete') ? (
        <Dialog
          title={shopMessages.deleteTitle}
          onDismiss={() => send({ type: 'delete.cancelled' })}
          actions={[
            { label: 'Cancel', onClick: () => send({ type: 'delete.cancelled' }) },
            {
              label: 'Delete',
              primary: true,
              danger: true,
              onClick: () => send({ type: 'delete.confirmed' }),
            },
          ]}
        >
          <p>{shopMessages.deleteQuestion}</p>
        </Dialog>
      ) : null}
    </>
  );
}
