/**
 * Two lines of one callout written one under the other ('4x Ø6.6' over '⌵Ø12 x 90°' or
 * '⌴Ø11 ↧6.4', ISO 15786 / ASME Y14.5): how a CAD program sets the lines of one text (an MTEXT
 * or a note), aligned at their left ends, their middles or their right ends.
 */

/** A line's box on its page, y down, in the page's units. */
export interface LineBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The baseline's direction, degrees counter-clockwise. */
  angleDeg: number;
}

/** Lines of one text run in one direction, within this many degrees. */
const SAME_DIRECTION_DEG = 2;

/**
 * Whether `below` is the line written under `above` in one text: on the same page, in the same
 * direction (a dimension's value written upright beside a hole's callout is no line of it),
 * starting under the upper line's middle and at most one and a half line heights below it, and
 * aligned with it as a text's lines are: starting within its span (left-aligned, or indented),
 * or with its middle or its right end within a line height of the upper line's (centred or
 * right-aligned text, whose wider second line starts left of the first). Boxes are compared as
 * horizontal lines are (the page's y down).
 *
 * @param above - the upper line's box (page units, y down)
 * @param below - the lower line's box
 */
export function writtenUnder(above: LineBox, below: LineBox): boolean {
  if (above.page !== below.page) return false;
  const turn = Math.abs(((((above.angleDeg - below.angleDeg) % 360) + 540) % 360) - 180);
  if (turn > SAME_DIRECTION_DEG) return false;
  const h = Math.max(above.height, below.height);
  if (below.y < above.y + 0.5 * above.height) return false;
  if (below.y - (above.y + above.height) > 1.5 * h) return false;
  const left = below.x >= above.x - above.height && below.x <= above.x + above.width;
  const middle = Math.abs(below.x + below.width / 2 - (above.x + above.width / 2)) <= above.height;
  const right = Math.abs(below.x + below.width - (above.x + above.width)) <= above.height;
  return left || middle || right;
}
