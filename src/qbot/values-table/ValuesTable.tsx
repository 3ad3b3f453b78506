import { useId, useState } from 'react';
import type { BlueprintDescription } from '#contracts/blueprint';
import { checkDescriptionValues } from '#contracts/description-values';
import { valueRows } from '#contracts/values-table';
import type { ValueRow } from '#contracts/values-table';
import { addItem, addableItems, removeRow, setRowValue } from './edits.ts';
import type { AddableKind } from './edits.ts';

/** Below this confidence a reading is marked for the operator to check (as DescriptionView). */
const doubtfulBelow = 0.6;

const nameOf = (row: ValueRow) => (row.label ? `${row.group}, ${row.label}` : row.group);

interface RowProps {
  row: ValueRow;
  editing: boolean;
  disabled: boolean;
  onEdit: () => void;
  onApply: (typed: string) => string | undefined;
  onCancel: () => void;
  onRemove: () => void;
}

/** One value: shown with its source and confidence, or its edit box with Apply and Cancel. */
function Row({ row, editing, disabled, onEdit, onApply, onCancel, onRemove }: RowProps) {
  const [typed, setTyped] = useState(row.input);
  const [error, setError] = useState<string | undefined>();
  const errorId = useId();
  const apply = () => setError(onApply(typed));
  return (
    <tr
      className={row.reading && row.reading.confidence < doubtfulBelow ? 'doubtful' : undefined}
      data-row={row.id}
    >
      <th scope="row" data-label="Value">
        {nameOf(row)}
      </th>
      <td data-label="Now">
        {editing ? (
          <>
            <input
              className="input"
              value={typed}
              aria-label={`${nameOf(row)} (${row.hint})`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              placeholder={row.hint}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  apply();
                }
                if (event.key === 'Escape') onCancel();
              }}
              autoFocus
            />
            {error ? (
              <span id={errorId} className="error" role="alert">
                {error}
              </span>
            ) : null}
          </>
        ) : (
          row.value || <span className="muted">not given</span>
        )}
      </td>
      <td data-label="Source" className="muted">
        {row.reading?.source ?? ''}
      </td>
      <td data-label="Confidence">
        {row.reading ? `${Math.round(row.reading.confidence * 100)}%` : ''}
      </td>
      <td data-label="Actions" className="actions-cell">
        {editing ? (
          <>
            <button type="button" className="button small" onClick={apply}>
              Apply
            </button>
            <button type="button" className="button small" onClick={onCancel}>
              Cancel
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button small"
              disabled={disabled}
              aria-label={`${row.value ? 'Change' : 'Give'} ${nameOf(row)}`}
              onClick={onEdit}
            >
              {row.value ? 'Change' : 'Give'}
            </button>
            {row.removable && row.value ? (
              <button
                type="button"
                className="button small"
                disabled={disabled}
                aria-label={`Remove ${nameOf(row)}`}
                onClick={onRemove}
              >
                Remove
              </button>
            ) : null}
          </>
        )}
      </td>
    </tr>
  );
}

/** The form that adds a diameter, bore, chamfer, fillet or hole from its main value. */
function AddForm({
  description,
  disabled,
  onAdd,
}: {
  description: BlueprintDescription;
  disabled: boolean;
  onAdd: (kind: AddableKind, typed: string) => string | undefined;
}) {
  const choices = addableItems.filter((item) =>
    item.kind === 'hole'
      ? description.prismatic !== undefined
      : description.outerDiameters.length > 0 || !description.prismatic,
  );
  const [kind, setKind] = useState<AddableKind>(choices[0]?.kind ?? 'outer');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const hint = choices.find((item) => item.kind === kind)?.hint ?? '';
  return (
    <form
      className="values-add"
      onSubmit={(event) => {
        event.preventDefault();
        const refused = onAdd(kind, typed);
        setError(refused);
        if (!refused) setTyped('');
      }}
    >
      <label htmlFor={`${id}-kind`}>Add</label>
      <select
        id={`${id}-kind`}
        className="input"
        value={kind}
        disabled={disabled}
        onChange={(event) => setKind(event.target.value as AddableKind)}
      >
        {choices.map((item) => (
          <option key={item.kind} value={item.kind}>
            {item.label}
          </option>
        ))}
      </select>
      <input
        className="input"
        aria-label={`The new value (${hint})`}
        placeholder={hint}
        value={typed}
        disabled={disabled}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setTyped(event.target.value)}
      />
      <button type="submit" className="button small" disabled={disabled || typed.trim() === ''}>
        Add
      </button>
      {error ? (
        <span id={`${id}-error`} className="error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}

/**
 * The description's values as a table (docs/decisions/049-values-table.md): each value with its
 * source and confidence, changed, given, removed or added here, then saved at once with Save
 * values (`onSave` with the edited description). A disclosure, so the keyboard path from the
 * values read to Confirm stays as short as before (decision 030).
 */
export function ValuesTable({
  description,
  busy,
  error,
  onSave,
}: {
  description: BlueprintDescription;
  busy: boolean;
  error: string | null;
  onSave: (description: BlueprintDescription) => void;
}) {
  const [draft, setDraft] = useState(description);
  const [base, setBase] = useState(description);
  const [editing, setEditing] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | undefined>();
  const [open, setOpen] = useState(false);
  if (base !== description) {
    // A new description version (saved, or changed with Change): start from it.
    setBase(description);
    setDraft(description);
    setEditing(null);
  }
  const rows = valueRows(draft);
  const changed = draft !== description;
  const change = (next: BlueprintDescription) => {
    setDraft(next);
    setRefusal(undefined);
  };
  const save = () => {
    const check = checkDescriptionValues(draft);
    if (!check.ok) {
      setRefusal(check.message);
      return;
    }
    onSave(check.description);
  };
  const shownError = refusal ?? error;
  return (
    <details
      className="values-table"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        Values table: change, add or remove a value ({rows.length} values
        {changed ? ', not saved yet' : ''})
      </summary>
      <table className="table compact stack">
        <caption className="visually-hidden">
          The part's values, each with where it was read and how sure the reading is
        </caption>
        <thead>
          <tr>
            <th scope="col">Value</th>
            <th scope="col">Now</th>
            <th scope="col">Source</th>
            <th scope="col">Confidence</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row
              key={`${row.id}:${row.input}`}
              row={row}
              editing={editing === row.id}
              disabled={busy}
              onEdit={() => setEditing(row.id)}
              onCancel={() => setEditing(null)}
              onApply={(typed) => {
                const outcome = setRowValue(draft, row.id, typed);
                if ('error' in outcome) return outcome.error;
                change(outcome.description);
                setEditing(null);
                return undefined;
              }}
              onRemove={() => change(removeRow(draft, row.id))}
            />
          ))}
        </tbody>
      </table>
      <AddForm
        description={draft}
        disabled={busy}
        onAdd={(kind, typed) => {
          const outcome = addItem(draft, kind, typed);
          if ('error' in outcome) return outcome.error;
          change(outcome.description);
          return undefined;
        }}
      />
      {shownError ? (
        <p className="error" role="alert">
          {shownError}
        </p>
      ) : null}
      <div className="actions start">
        <button
          type="button"
          className="button"
          disabled={!changed || busy}
          onClick={() => {
            change(description);
            setEditing(null);
          }}
        >
          Discard changes
        </button>
        <button type="button" className="button" disabled={!changed || busy} onClick={save}>
          {busy ? 'Saving…' : 'Save values'}
        </button>
      </div>
    </details>
  );
}
