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
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
      >
        {props.placeholder ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((option) => (
          <option key={option._id} value={option._id}>
            {option.name}
          </option>
        ))}
      </select>
      {props.error ? <p className="field-error">{props.error}</p> : null}
    </div>
  );
}
