import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { PaperclipIcon, SendIcon } from './Icons.tsx';

interface ChatInputBarProps {
  text: string;
  onTextChange: (text: string) => void;
  /** The attached file; setting it to null clears the file input too. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  onSubmit: () => void;
  /** The assistant's fileUpload feature: without it there is no attach icon or file input. */
  fileUpload: boolean;
  /** `accept` of the file input (extensions), when limited. */
  accept?: string;
  fileLabel: string;
  attachLabel: string;
  placeholder: string;
  /** Text box, attach and send disabled (a workflow in progress). */
  disabled?: boolean;
  /** Send disabled only (an answer is on its way). */
  sending?: boolean;
}

/**
 * The chat input bar (spec section 2, "Q-Bot screen"): an attach icon, a multi-line text box and
 * a send icon; Enter without Shift sends.
 */
export function ChatInputBar(props: ChatInputBarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!props.file && fileInput.current) fileInput.current.value = '';
  }, [props.file]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      props.onSubmit();
    }
  };

  return (
    <form
      className="input-bar"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.fileUpload ? (
        <>
          <input
            ref={fileInput}
            type="file"
            accept={props.accept}
            hidden
            aria-label={props.fileLabel}
            onChange={(event) => props.onFileChange(event.target.files?.[0] ?? null)}
          />
          <button
            type="button"
            className="icon-button"
            aria-label={props.attachLabel}
            disabled={props.disabled}
            onClick={() => fileInput.current?.click()}
          >
            <PaperclipIcon />
          </button>
        </>
      ) : null}
      {props.file ? <span className="file-chip">{props.file.name}</span> : null}
      <textarea
        aria-label="Message"
        rows={1}
        value={props.text}
        disabled={props.disabled}
        placeholder={props.placeholder}
        onChange={(event) => props.onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button
        type="submit"
        className="icon-button"
        aria-label="Send"
        disabled={props.disabled || props.sending}
      >
        <SendIcon />
      </button>
    </form>
  );
}
