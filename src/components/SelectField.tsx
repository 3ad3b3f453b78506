import { useId } from 'react';

export interface SelectOption {
  _id: string;
  name: string;
}

/** A labelled dropdown with an optional placeholder entry and its validation text. */
export function SelectField(props: {
  options: SelectOption[];
  label: string;
  value: string;
  placeholder?: string;
  error?: string | undefined;
  /** A line under the field that says what the choice means. */
  hint?: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.hint ? hintId : undefined}
      >
        {props.placeholder ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((option) => (
          <option key={option._id} value={option._id}>
            {option.name}
          </option>
        ))}
      </select>
      {props.hint ? (
        <p className="field-hint" id={hintId}>
          {props.hint}
        </p>
      ) : null}
      {props.error ? <p className="field-error">{props.error}</p> : null}
    </div>
  );
}
