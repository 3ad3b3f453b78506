import { useEffect, useRef, useState } from 'react';
import { qbotMessages, trackerSteps } from '#contracts/qbot-workflow';
import type { TrackerStep } from '#contracts/qbot-workflow';
import { Dialog } from '../components/Dialog.tsx';

interface WorkTrackerProps {
  /** The panel's element id, named by the toggles' `aria-controls`. */
  id: string;
  /** Index of the current step in the 13 tracker steps. */
  current: number;
  onReset: (step: TrackerStep) => void;
  onCancel: () => void;
  /**
   * On narrow screens the panel is a drawer over the chat, opened by a toggle outside it
   * (docs/decisions/029-narrow-screens.md); this says whether it is open.
   */
  drawerOpen: boolean;
  /** Close the drawer (its close button, Escape) and give the focus back to its toggle. */
  onDrawerClose: () => void;
}

/**
 * The Work Tracker (spec sections 2 and 4): 13 steps with done, current and upcoming icons; an
 * earlier step can be clicked, after confirmation; Cancel Workflow at the bottom. It slides in
 * from the left, 16rem wide, with a toggle debounced by 300 ms. On narrow screens it is a drawer
 * over the chat instead: Escape and its close button close it.
 */
export function WorkTracker({
  id,
  current,
  onReset,
  onCancel,
  drawerOpen,
  onDrawerClose,
}: WorkTrackerProps) {
  const [open, setOpen] = useState(true);
  const closeButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const [confirmStep, setConfirmStep] = useState<TrackerStep | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(debounce.current), []);

  useEffect(() => {
    if (!drawerOpen) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      // Escape in a dialog opened from the drawer closes that dialog only.
      if (event.key !== 'Escape' || (event.target as Element | null)?.closest?.('dialog')) return;
      onDrawerClose();
    };
    // A press on the chat beside the drawer closes it too (but not one on its toggle or a dialog).
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target?.closest || panel.current?.contains(target)) return;
      if (target.closest(`dialog, [aria-controls="${CSS.escape(id)}"]`)) return;
      onDrawerClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [drawerOpen, onDrawerClose, id]);

  const toggle = () => {
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => setOpen((value) => !value), 300);
  };

  return (
    <>
      <aside
        ref={panel}
        id={id}
        className={`tracker${open ? ' open' : ''}${drawerOpen ? ' drawer-open' : ''}`}
        aria-label="Work Tracker"
      >
        <button
          ref={closeButton}
          type="button"
          className="icon-button tracker-close"
          aria-label="Close the Work Tracker"
          onClick={onDrawerClose}
        >
          <span aria-hidden="true">×</span>
        </button>
        <h2>Work Tracker</h2>
        <ol className="tracker-steps">
          {trackerSteps.map((step, index) => {
            const state = index < current ? 'done' : index === current ? 'current' : 'upcoming';
            return (
              <li
                key={step}
                className={`tracker-step ${state}`}
                aria-current={state === 'current' ? 'step' : undefined}
              >
                <span className="tracker-icon" aria-hidden="true">
                  {state === 'done' ? '✓' : state === 'current' ? '●' : '○'}
                </span>
                {state === 'done' ? (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setConfirmStep(step)}
                  >
                    {step}
                  </button>
                ) : (
                  <span>{step}</span>
                )}
                <span className="visually-hidden">
                  {state === 'done'
                    ? ' (done)'
                    : state === 'current'
                      ? ' (current)'
                      : ' (upcoming)'}
                </span>
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className="button danger tracker-cancel"
          onClick={() => setConfirmCancel(true)}
        >
          Cancel Workflow
        </button>
      </aside>
      <button
        type="button"
        className="tracker-toggle"
        aria-label={open ? 'Hide the Work Tracker' : 'Show the Work Tracker'}
        aria-expanded={open}
        aria-controls={id}
        onClick={toggle}
      >
        {open ? '‹' : '›'}
      </button>
      {confirmStep ? (
        <Dialog
          title="Confirm Reset"
          onDismiss={() => setConfirmStep(null)}
          actions={[
            { label: 'Cancel', onClick: () => setConfirmStep(null) },
            {
              label: 'Confirm',
              primary: true,
              onClick: () => {
                onReset(confirmStep);
                setConfirmStep(null);
              },
            },
          ]}
        >
          <p>{qbotMessages.confirmReset(confirmStep)}</p>
        </Dialog>
      ) : null}
      {confirmCancel ? (
        <Dialog
          title="Confirm Cancellation"
          onDismiss={() => setConfirmCancel(false)}
          actions={[
            { label: 'Go Back', onClick: () => setConfirmCancel(false) },
            {
              label: 'Cancel Workflow',
              primary: true,
              danger: true,
              onClick: () => {
                onCancel();
                setConfirmCancel(false);
              },
            },
          ]}
        >
          <p>{qbotMessages.confirmCancel}</p>
        </Dialog>
      ) : null}
    </>
  );
}
