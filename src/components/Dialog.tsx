import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { ReactNode } from 'react';

interface DialogProps {
  title: string;
  children: ReactNode;
  /** Buttons, in order, the last one being the primary action. */
  actions: { label: string; onClick: () => void; primary?: boolean; danger?: boolean }[];
  /** Escape and a click outside call this (usually the cancel action). */
  onDismiss: () => void;
}

/**
 * A modal dialog on the native <dialog> element, rendered into document.body so it can be
 * opened from anywhere (a table row, say): focus stays inside and Escape dismisses it.
 */
export function Dialog({ title, children, actions, onDismiss }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return createPortal(
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onDismiss();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="dialog-body">{children}</div>
      <div className="actions">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={`button${action.primary ? ' primary' : ''}${action.danger ? ' danger' : ''}`}
            onClick={action.onClick}
          >
            {action.label}
          </button>
        ))}
      </div>
    </dialog>,
    document.body,
  );
}
