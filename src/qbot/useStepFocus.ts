import { useEffect, useRef } from 'react';

/** What a keyboard user can land on, in document order (disabled and hidden ones are skipped). */
const controls = [
  'input:not([type="hidden"])',
  'textarea',
  'select',
  'button',
  'a[href]',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** A step's primary action: the button styled primary, or warning (Download anyway). */
const primaryAction = '.button.primary, .button.warning';

const usable = (element: HTMLElement) =>
  !element.matches(':disabled') && element.tabIndex >= 0 && element.checkVisibility();

/** The first control a keyboard user can reach inside `container`, if any. */
export function firstControlIn(container: ParentNode): HTMLElement | null {
  for (const element of container.querySelectorAll<HTMLElement>(controls))
    if (usable(element)) return element;
  return null;
}

/**
 * Moves the keyboard focus into a workflow step's widget whenever `stepKey` changes (a new step,
 * or a step's widget that changed its content, such as a list that finished loading): to the
 * widget's first control, with the primary button then scrolled into view (`block: 'nearest'`,
 * the smallest scroll that shows it), so Tab reaches it in a press or two instead of starting at
 * the top of the page. Focus that sits in an open dialog is left there. Returns the ref for the
 * element that holds the widget.
 *
 * It runs as a passive effect, after the screen's layout effects (the chat's scroll to its end),
 * so the step's own scroll is the last one.
 */
export function useStepFocus<Element extends HTMLElement>(stepKey: string) {
  const container = useRef<Element>(null);
  useEffect(() => {
    const host = container.current;
    if (!host) return;
    if (document.activeElement?.closest('dialog[open]')) return;
    const first = firstControlIn(host);
    if (!first) return;
    // The focus itself does not scroll: the scrolls below choose what shows.
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'nearest' });
    const primary = host.querySelector<HTMLElement>(primaryAction);
    if (primary) primary.scrollIntoView({ block: 'nearest' });
  }, [stepKey]);
  return container;
}
