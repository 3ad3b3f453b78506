/**
 * Countersinks in the text of a drawing (ISO 15786 / ASME Y14.5-2018 countersink symbol ⌵, or
 * the words 'CSK', 'countersink'): a countersink written on the line under a hole callout
 * ('4x Ø6.6' over '⌵Ø12 x 90°') belongs to that hole. The parser is cam/callouts/countersinks.ts.
 */
import { writtenUnder } from './stacked-lines.ts';
import type { TextCallout } from './types.ts';

/**
 * Whether a callout writes only a countersink ('⌵ Ø12 X 90°' on a line of its own): its value
 * is the countersink's diameter, not a hole's.
 */
export function isCountersinkOnly(callout: TextCallout): boolean {
  return (
    callout.countersink !== undefined &&
    Math.abs(callout.value - callout.countersink.diameterMm) < 1e-9
  );
}

/**
 * Countersinks written under a hole callout (two lines: '4x Ø6.6' over '⌵Ø12 x 90°'): a line that
 * writes only a countersink, written under the hole callout as the next line of its text
 * (stacked-lines.ts writtenUnder: left-aligned, centred or right-aligned), wider than the hole,
 * is that hole's countersink and no longer a callout of its own.
 *
 * @param callouts - the page's callouts, boxes y down
 * @returns the callouts without the countersink lines, their holes with `countersink`
 */
export function attachCountersinks(callouts: TextCallout[]): TextCallout[] {
  const used = new Set<TextCallout>();
  for (const below of callouts.filter(isCountersinkOnly)) {
    const hole = callouts.find(
      (c) =>
        c !== below &&
        !used.has(c) &&
        c.page === below.page &&
        (c.kind === 'diameter' || c.kind === 'thread') &&
        !c.countersink &&
        c.value < below.countersink!.diameterMm &&
        writtenUnder(c, below),
    );
    if (!hole) continue;
    used.add(below);
    hole.countersink = below.countersink;
    hole.holeHint = true;
  }
  return callouts.filter((c) => !used.has(c));
}
