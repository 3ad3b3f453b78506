/**
 * The shelves of a scan's leaders whose note OCR did not read. A hole callout ('2x Ø4.5', ISO
 * 129-1 and ISO 15786) is written on a leader: a slanted line from the hole to a short horizontal
 * line, the shelf, with the note standing on it. Tesseract's page reading often takes a short
 * note underlined by its shelf for line work; then the plate's holes have no written size. A
 * shelf's note is where a horizontal dimension line's value is (above it, over its length), so the
 * shelves without a text above them are read again like those lines (dimension-values.ts).
 *
 * Pure geometry over the page's thin lines and text boxes, page points: no web code.
 */
import type { LinePrimitive, Point } from '../geometry/primitives.ts';
import { dist } from '../geometry/plane.ts';

/** A text box on the page, points (y down). */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A shelf lies within this angle of horizontal (radians, 3°). */
const LEVEL_RAD = (3 * Math.PI) / 180;
/** A leader meets its shelf at 15° to 75° to the horizontal (ISO 128-22: never square to it). */
const LEADER_MIN_RAD = (15 * Math.PI) / 180;
const LEADER_MAX_RAD = (75 * Math.PI) / 180;
/** A shelf is 1.5 to 40 letter heights long (a note from one character to a long one). */
const SHELF_MIN_LETTERS = 1.5;
const SHELF_MAX_LETTERS = 40;
/**
 * The leader's end meets the shelf's end within this many letter heights (a line crossing the knee,
 * an extension line, breaks the trace there).
 */
const KNEE_LETTERS = 0.8;
/** A text box whose middle lies this many letter heights over the shelf stands on it. */
const ABOVE_LETTERS = 2;

const angleOf = (line: LinePrimitive) =>
  Math.atan2(Math.abs(line.b.y - line.a.y), Math.abs(line.b.x - line.a.x));
const length = (line: LinePrimitive) => dist(line.a, line.b);
const near = (p: Point, q: Point, gap: number) => dist(p, q) <= gap;

/**
 * The leader shelves with no text standing on them.
 *
 * @param thin - the page's thin solid lines (dimension, extension and leader lines), points
 * @param texts - the page's text boxes, points
 * @param letterPt - the height of the dimension lettering, points
 * @returns each such shelf from its left end to its right end, points
 */
export function unreadShelves(
  thin: readonly LinePrimitive[],
  texts: readonly Box[],
  letterPt: number,
): { from: Point; to: Point }[] {
  if (!(letterPt > 0)) return [];
  const knee = KNEE_LETTERS * letterPt;
  const leaders = thin.filter((line) => {
    const angle = angleOf(line);
    return angle >= LEADER_MIN_RAD && angle <= LEADER_MAX_RAD && length(line) >= 2 * letterPt;
  });
  const out: { from: Point; to: Point }[] = [];
  for (const shelf of thin) {
    const long = length(shelf);
    if (angleOf(shelf) > LEVEL_RAD) continue;
    if (long < SHELF_MIN_LETTERS * letterPt || long > SHELF_MAX_LETTERS * letterPt) continue;
    const [from, to] = shelf.a.x <= shelf.b.x ? [shelf.a, shelf.b] : [shelf.b, shelf.a];
    // A leader meets one end of the shelf.
    const kneed = leaders.some((leader) =>
      [from, to].some((end) => near(leader.a, end, knee) || near(leader.b, end, knee)),
    );
    if (!kneed) continue;
    const y = (from.y + to.y) / 2;
    const standing = texts.some((box) => {
      const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      return (
        middle.x >= from.x - letterPt &&
        middle.x <= to.x + letterPt &&
        middle.y <= y &&
        middle.y >= y - ABOVE_LETTERS * letterPt
      );
    });
    if (!standing) out.push({ from, to });
  }
  return out;
}
