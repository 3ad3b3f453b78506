import { useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { ReactNode } from 'react';

/**
 * Opens the <dialog> of the returned ref with `showModal()` while the component is mounted: the
 * browser keeps Tab inside it and makes the rest of the page inert, and its `cancel` event is
 * Escape. On unmount it closes, and the focus goes back to the control that had it when the
 * dialog opened (the button that opened it), if that is still on the page. This is not left to
 * the browser's own return of focus on `close()`, which does not hold once React has taken the
 * dialog out of the document.
 *
 * Layout effects, so the opener is read before the dialog takes the focus, and the focus is
 * given back before the dialog leaves the document.
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      if (opener?.isConnected && !opener.matches(':disabled')) opener.focus();
    };
  }, []);
  return dialog;
}

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
 * opened from anywhere (a table row, say): focus stays inside, Escape dismisses it, and the focus
 * returns to the control that opened it.
 */
export function Dialog({ title, children, actions, onDismiss }: DialogProps) {
  const dialog = useModalDialog();
  const titleId = useId();

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
