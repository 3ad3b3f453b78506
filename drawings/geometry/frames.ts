/**
 * What is drawn around the part rather than the part: a drawing frame drawn as plain lines (with
 * the title block hung on it), and tables and title blocks drawn as views. All lengths in mm
 * unless a function says otherwise.
 */
import type { LinePrimitive, Point, Primitive } from './primitives.ts';
import {
  boxOf,
  distanceTo,
  heightOf,
  lengthOf,
  unionBox,
  widthOf,
  type Box,
  type View,
} from './shapes.ts';

/** Sheet proportions: ISO 216 (√2) and the ANSI sizes A to D (8.5 × 11 in to 22 × 34 in). */
const PAPER_ASPECTS = [Math.SQRT2, 11 / 8.5, 17 / 11, 22 / 17, 34 / 22];

/**
 * The part geometry without a drawing frame drawn as plain lines: long axis-parallel lines on all
 * four sides of the drawing's box, kept apart from the rest, around a sheet of paper proportions
 * or with text inside. A part's own rectangular outline is kept (no margin, no paper shape, or
 * annotation outside it: a frame holds every note and dimension of the sheet, a part's outline
 * has its dimensions drawn around it).
 *
 * @param primitives - the drawing's lines and arcs, mm
 * @param notes - the drawing's text notes (describe/content.ts TextNote); only where they sit counts
 * @param annotations - where the dimensions sit (their text or definition points), mm
 */
export function dropFrames(
  primitives: Primitive[],
  notes: { at: Point }[],
  annotations: Point[] = [],
): Primitive[] {
  let current = primitives;
  for (let round = 0; round < 3; round++) {
    const box = unionBox(current.map(boxOf));
    const width = widthOf(box);
    const height = heightOf(box);
    if (!(width > 0 && height > 0)) break;
    const tol = 0.002 * Math.max(width, height);
    const sides = new Set<'left' | 'right' | 'bottom' | 'top'>();
    const frame = new Set<Primitive>();
    for (const primitive of current) {
      if (primitive.kind !== 'line') continue;
      const { a, b } = primitive;
      const horizontal = Math.abs(a.y - b.y) <= tol && Math.abs(a.x - b.x) >= 0.6 * width;
      const vertical = Math.abs(a.x - b.x) <= tol && Math.abs(a.y - b.y) >= 0.6 * height;
      const side =
        horizontal && Math.abs(a.y - box.minY) <= tol
          ? 'bottom'
          : horizontal && Math.abs(a.y - box.maxY) <= tol
            ? 'top'
            : vertical && Math.abs(a.x - box.minX) <= tol
              ? 'left'
              : vertical && Math.abs(a.x - box.maxX) <= tol
                ? 'right'
                : undefined;
      if (side) {
        sides.add(side);
        frame.add(primitive);
      }
    }
    if (sides.size < 4) break;
    // A title block drawn as plain lines hangs on the frame: lines square to the sheet that end
    // on the frame, and lines that end on those.
    const ruled = current.filter(
      (p): p is LinePrimitive =>
        p.kind === 'line' &&
        !frame.has(p) &&
        (Math.abs(p.a.x - p.b.x) <= tol || Math.abs(p.a.y - p.b.y) <= tol),
    );
    let added = frame.size;
    for (let step = 0; step < 6 && added > 0; step++) {
      const members = [...frame];
      added = 0;
      for (const line of ruled) {
        if (frame.has(line)) continue;
        if (members.some((m) => distanceTo(line.a, m) <= tol || distanceTo(line.b, m) <= tol)) {
          frame.add(line);
          added++;
        }
      }
    }
    const rest = current.filter((primitive) => !frame.has(primitive));
    if (rest.length === 0) break;
    const inner = unionBox(rest.map(boxOf));
    const margin = 0.01 * Math.max(width, height);
    const apart =
      inner.minX - box.minX > margin &&
      box.maxX - inner.maxX > margin &&
      inner.minY - box.minY > margin &&
      box.maxY - inner.maxY > margin;
    const aspect = Math.max(width, height) / Math.min(width, height);
    const paper = PAPER_ASPECTS.some((ratio) => Math.abs(aspect - ratio) / ratio < 0.02);
    const texts = notes.filter(
      (note) =>
        note.at.x > box.minX &&
        note.at.x < box.maxX &&
        note.at.y > box.minY &&
        note.at.y < box.maxY,
    ).length;
    const outside = [...notes.map((note) => note.at), ...annotations].some(
      (p) =>
        p.x < box.minX - tol ||
        p.x > box.maxX + tol ||
        p.y < box.minY - tol ||
        p.y > box.maxY + tol,
    );
    if (!apart || !(paper || texts >= 2) || outside) break;
    current = rest;
  }
  return current;
}

/** A table holds at least this many lines of text. */
const TABLE_MIN_TEXTS = 3;
/** A ruled table with a drawing in it (a logo, a projection symbol): its ruled share, at least. */
const TABLE_RULED_SHARE = 0.8;
/** …and the box of what is not ruled, at most this share of the table's box. */
const TABLE_DRAWN_AREA = 0.15;
/** A row or column rule spans the table's width or height to this share. */
const TABLE_SPAN = 0.95;

/**
 * Whether a view is a table or a title block rather than a view of the part: three or more
 * lines of text inside its box, and either only lines square to the sheet, or mostly such lines
 * (80 % of the length) with at least one row or column rule across the whole box and whatever
 * else is drawn (a maker's logo, the projection symbol) kept within 15 % of the box. A part's
 * view with a few texts inside (a plate's pocket sizes) has no rule across its whole outline
 * beside its sides, or holes spread over it.
 *
 * @param view - the view, any unit
 * @param texts - where the page's text lines sit (their centres), same unit
 * @param squareTol - a line is square to the sheet when its ends differ by at most this in x or y
 */
export function isTable(view: View, texts: Point[], squareTol: number): boolean {
  const { box } = view;
  const inBox = texts.filter(
    (p) => p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY,
  ).length;
  if (inBox < TABLE_MIN_TEXTS) return false;
  const horizontal = (p: LinePrimitive) => Math.abs(p.a.y - p.b.y) <= squareTol;
  const vertical = (p: LinePrimitive) => Math.abs(p.a.x - p.b.x) <= squareTol;
  const ruled: LinePrimitive[] = [];
  const drawn: Primitive[] = [];
  for (const p of view.primitives)
    if (p.kind === 'line' && (horizontal(p) || vertical(p))) ruled.push(p);
    else drawn.push(p);
  if (drawn.length === 0) return true;
  const ruledLength = ruled.reduce((sum, p) => sum + lengthOf(p), 0);
  const drawnLength = drawn.reduce((sum, p) => sum + lengthOf(p), 0);
  if (ruledLength < TABLE_RULED_SHARE * (ruledLength + drawnLength)) return false;
  const drawnBox = unionBox(drawn.map(boxOf));
  const area = (b: Box) => widthOf(b) * heightOf(b);
  if (area(drawnBox) > TABLE_DRAWN_AREA * area(box)) return false;
  return interiorRules(ruled, box, squareTol) >= 1;
}

/**
 * Rules inside a box that, with their pieces, span its width or height: the outermost rule on
 * each side (the table's own border) is not counted.
 */
function interiorRules(ruled: LinePrimitive[], box: Box, tol: number): number {
  let count = 0;
  for (const across of [true, false]) {
    const span = across ? widthOf(box) : heightOf(box);
    const pieces = ruled
      .filter((p) => (across ? Math.abs(p.a.y - p.b.y) <= tol : Math.abs(p.a.x - p.b.x) <= tol))
      .map((p) => ({
        at: across ? (p.a.y + p.b.y) / 2 : (p.a.x + p.b.x) / 2,
        from: across ? Math.min(p.a.x, p.b.x) : Math.min(p.a.y, p.b.y),
        to: across ? Math.max(p.a.x, p.b.x) : Math.max(p.a.y, p.b.y),
      }))
      .sort((p, q) => p.at - q.at);
    const spanning: boolean[] = [];
    for (let start = 0; start < pieces.length;) {
      let end = start + 1;
      while (end < pieces.length && pieces[end]!.at - pieces[end - 1]!.at <= tol) end++;
      spanning.push(coveredLength(pieces.slice(start, end)) >= TABLE_SPAN * span);
      start = end;
    }
    count += spanning.slice(1, -1).filter(Boolean).length;
  }
  return count;
}

/**
 * The length a set of pieces on one line covers, overlaps counted once.
 * @param pieces - intervals [from, to] along the line, any order
 */
export function coveredLength(pieces: readonly { from: number; to: number }[]): number {
  let covered = 0;
  let reach = -Infinity;
  for (const piece of [...pieces].sort((p, q) => p.from - q.from)) {
    covered += Math.max(0, piece.to - Math.max(piece.from, reach));
    reach = Math.max(reach, piece.to);
  }
  return covered;
}
