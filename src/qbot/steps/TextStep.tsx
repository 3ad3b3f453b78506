import { useId, useState } from 'react';
import { Spinner } from '../../components/Spinner.tsx';

/**
 * A labelled text area with a submit button (and an optional Cancel): empty text is refused with
 * `emptyAlert`, allowed with `allowEmpty`, and otherwise keeps the button disabled.
 */
export function TextStep(props: {
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
