import { useEffect, useRef, useState } from 'react';
import { qbotMessages, trackerSteps } from '#contracts/qbot-workflow';
import type { TrackerStep } from '#contracts/qbot-workflow';
import { Dialog } from '../components/Dialog.tsx';

interface WorkTrackerProps {
  /** Index of the current step in the 13 tracker steps. */
  current: number;
  onReset: (step: TrackerStep) => void;
  onCancel: () => void;
}

/**
 * The Work Tracker (spec sections 2 and 4): 13 steps with done, current and upcoming icons; an
 * earlier step can be clicked, after confirmation; Cancel Workflow at the bottom. It slides in
 * from the left, 16rem wide, with a toggle debounced by 300 ms.
 */
export function WorkTracker({ current, onReset, onCancel }: WorkTrackerProps) {
  const [open, setOpen] = useState(true);
  const [confirmStep, setConfirmStep] = useState<TrackerStep | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(debounce.current), []);

  const toggle = () => {
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => setOpen((value) => !value), 300);
  };

  return (
    <>
      <aside className={`tracker${open ? ' open' : ''}`} aria-label="Work Tracker">
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
