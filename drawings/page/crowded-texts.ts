/**
 * Dimension texts written over one another (decision 065). Where a drafter, or a CAD program's
 * automatic placement, stacks the values of chained and overall dimensions so close that their
 * boxes overlap ('0.1875' over '0.1875' over '0.375', one of them across the overall dimension's
 * line), which line each value gives cannot be told from where it is written: the value nearest a
 * line is as likely another line's. Such a value is not trusted to fix the drawing's scale, and
 * when no dimension line of the page measures it, it is named as not placed. Page points, y down.
 */
import type { TextRun } from '../reading.ts';
import type { TextCallout } from '../text/describe.ts';

interface Box {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Text that is, or begins, a dimension's value: '0.375', '⌀12', '.5', '(25,5)'. */
const VALUE_TEXT = /^\(?[Ø⌀∅]?\s?(?:\d|[.,]\d)/;

/**
 * Least overlap of two boxes, as a share of the smaller box's height and width, for them to be
 * written over one another: PDF text boxes run from the baseline a font size up, so lines of text
 * set a line pitch apart touch, and rounding makes them overlap by a hair.
 */
const OVERLAP_SHARE = 0.02;

/** Whether two text boxes overlap (by more than {@link OVERLAP_SHARE} each way). */
export function boxesOverlap(a: Box, b: Box): boolean {
  if (a.page !== b.page) return false;
  const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return (
    across > OVERLAP_SHARE * Math.min(a.width, b.width) &&
    down > OVERLAP_SHARE * Math.min(a.height, b.height)
  );
}

function centreIn(run: Box, box: Box): boolean {
  const x = run.x + run.width / 2;
  const y = run.y + run.height / 2;
  return (
    run.page === box.page &&
    x >= box.x &&
    x <= box.x + box.width &&
    y >= box.y &&
    y <= box.y + box.height
  );
}

/**
 * Whether a dimension's written value overlaps another value written on the page: a text run
 * that is not one of its own (its centre outside the callout's box) and begins with a number or a
 * diameter sign, whose box overlaps the callout's.
 *
 * @param callout - a callout (box in page units, y down)
 * @param runs - the page's text runs, same units
 */
export function isCrowded(callout: TextCallout, runs: TextRun[]): boolean {
  return runs.some(
    (run) =>
      VALUE_TEXT.test(run.text.trim()) && !centreIn(run, callout) && boxesOverlap(run, callout),
  );
}
