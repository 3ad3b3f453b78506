import { useId, useState } from 'react';
import { qbotMessages } from '#contracts/qbot-workflow';

/** A list of options with one choice and a Confirm button that needs a selection. */
export function ChoiceList<Value extends string>(props: {
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
