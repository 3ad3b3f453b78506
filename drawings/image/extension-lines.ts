/**
 * Dimension, extension and leader lines told from outlines by where they run, for scans whose
 * lines are all about one width (a drawing printed with 0.25 mm lines throughout, or scanned at
 * a resolution where 0.35 and 0.5 mm lines are both 2 px): the vectorizer's width classes then
 * put some of them among the outlines, where they join the views to their dimensions and hold
 * the views open (a side view's edge running on into its extension line, a running dimension's
 * line standing beside the view).
 *
 * ISO 129-1 draws an arrowhead's tip on an extension line (or an outline) square to the
 * dimension line, and the extension line runs on about 2 mm past it; the dimension or leader
 * line runs along the arrow from its base. So a line traced as outline is taken as a dimension
 * line when it runs along an arrowhead through its tip, and as an extension line when it runs
 * square to an arrowhead through its tip and ends, free, just past it.
 */
import {
  isFullCircle,
  type ArcPrimitive,
  type LinePrimitive,
  type Point,
  type Primitive,
} from '../geometry/primitives.ts';
import { distanceTo, endpoints } from '../geometry/shapes.ts';
import type { Arrow } from '../page/arrowheads.ts';
import type { PageDrawing } from '../page/drawing.ts';

/** Lines within this angle of an arrow's axis run along it (about 3°). */
const ALONG_SIN = Math.sin((3 * Math.PI) / 180);
/**
 * Lines within this angle of square to an arrow's axis run square to it (about 10°): an angular
 * dimension's arrowhead follows its arc, so its chord leans off the tangent at the tip (a 3 mm
 * arrowhead on a 10 mm arc leans about 8°).
 */
const SQUARE_COS = Math.sin((10 * Math.PI) / 180);
/**
 * An extension line runs on past the tip by at most this many arrowhead lengths (ISO 129-1:
 * about 2 mm past a 2.5–3.5 mm arrowhead; 2.5 leaves room for a scan's blur).
 */
const OVERSHOOT_ARROWS = 2.5;
/** A line's end is free when no other outline end or line lies within this many line widths. */
const FREE_WIDTHS = 2;

/**
 * The drawing with the outline lines that are dimension or extension lines moved to its thin
 * lines (of an extension line traced on into the outline it starts from, only its own stretch;
 * decision 091).
 *
 * @param drawing - a traced page's sorted line work (page points; changed in place and returned)
 * @returns the same drawing
 */
export function dimensionLinesAside(drawing: PageDrawing): PageDrawing {
  const width = drawing.outlineWidthPt;
  if (!(width > 0) || drawing.arrows.length === 0) return drawing;
  const tol = FREE_WIDTHS * width;
  const lines = drawing.part.filter((p): p is LinePrimitive => p.kind === 'line');
  // The lines moved to the thin lines, each with what is moved: the whole line, or the
  // extension line's stretch when the line runs on as an outline (see extensionPiece).
  const moved = new Map<LinePrimitive, LinePrimitive>();
  for (const line of lines) {
    if (drawing.arrows.some((arrow) => runsAlong(line, arrow, tol))) moved.set(line, line);
  }
  // Running dimensions: their line from the origin to the first arrowhead, and the origin's circle.
  const origins: Arrow[] = [];
  const symbols = new Set<Primitive>();
  for (const row of runningRows(drawing.arrows, tol)) {
    for (const line of lines) if (onRunningLine(line, row, tol)) moved.set(line, line);
    for (const p of drawing.part) {
      if (p.kind !== 'arc' || !isFullCircle(p) || !isOrigin(p, row, tol)) continue;
      symbols.add(p);
      origins.push({ tip: p.center, direction: row.direction, sizePt: row.sizePt });
    }
  }
  // Extension lines: the lines left, square to an arrow through its tip with a free end past it.
  const kept = () =>
    drawing.part.flatMap((p) => {
      if (symbols.has(p)) return [];
      const piece = moved.get(p as LinePrimitive);
      if (!piece) return [p];
      return piece === p ? [] : [remainderOf(p as LinePrimitive, piece)];
    });
  const moveFrom = (line: LinePrimitive, end: Point) =>
    moved.set(line, extensionPiece(line, end, kept(), tol));
  const tips = [...drawing.arrows, ...origins];
  for (const line of lines) {
    if (moved.has(line)) continue;
    const ends = tips.flatMap((arrow) => extensionEnd(line, arrow, tol));
    const free = ends.find((end) => isFree(end, line, kept(), tol));
    if (free) moveFrom(line, free);
  }
  // Extension lines whose arrowheads were not found: they end just past a dimension line, one
  // that carries an arrowhead or that ends on them.
  // The pieces of a centre line traced as solid (where hatching or a view's edge broke its
  // pattern) are no dimension lines, though edges end on the axis.
  const thin = [...drawing.thin, ...moved.values()].filter(
    (t) => !drawing.centre.some((axis) => axis.kind === 'line' && onAxis(t, axis, tol)),
  );
  const withArrows = thin.filter((t) => drawing.arrows.some((arrow) => runsAlong(t, arrow, tol)));
  const arrowPt = medianArrow(drawing.arrows);
  for (const line of lines) {
    if (moved.has(line)) continue;
    // A stub shorter than an arrowhead (where a dimension line's arrowhead or hatching meets an
    // edge) is no dimension line.
    const endingOn = thin.filter(
      (t) =>
        !withArrows.includes(t) &&
        axisOf(t).length >= arrowPt &&
        Math.min(distanceTo(t.a, line), distanceTo(t.b, line)) <= tol,
    );
    // A dimension line that ends on the line may hide the overshoot under its arrowhead; one
    // that carries its arrowheads elsewhere is crossed.
    const ends = [
      ...withArrows.flatMap((dimension) => endPastLine(line, dimension, arrowPt, tol, 0)),
      ...endingOn.flatMap((dimension) => endPastLine(line, dimension, arrowPt, tol, -tol)),
    ];
    const free = ends.find((end) => isFree(end, line, kept(), tol));
    if (free) moveFrom(line, free);
  }
  if (moved.size === 0 && symbols.size === 0) return drawing;
  drawing.part = kept();
  drawing.thin.push(...moved.values());
  return drawing;
}

/**
 * A row of running dimensions (ISO 129-1, superimposed running dimensions): arrowheads on one
 * line, all pointing away from the origin; `from` and `to` are the first and last tips along
 * `direction`, page points.
 */
interface RunningRow {
  direction: Point;
  from: Point;
  to: Point;
  /** Distance between the first and the last tip. */
  span: number;
  sizePt: number;
}

/** The rows of two or more arrowheads on one line pointing the same way. */
function runningRows(arrows: Arrow[], tol: number): RunningRow[] {
  const rows: RunningRow[] = [];
  const used = new Set<Arrow>();
  for (const first of arrows) {
    if (used.has(first)) continue;
    const d = first.direction;
    const row = arrows.filter((arrow) => {
      const same = arrow.direction.x * d.x + arrow.direction.y * d.y;
      if (same < Math.cos(Math.asin(ALONG_SIN))) return false;
      const dx = arrow.tip.x - first.tip.x;
      const dy = arrow.tip.y - first.tip.y;
      return Math.abs(dx * d.y - dy * d.x) <= tol;
    });
    if (row.length < 2) continue;
    for (const arrow of row) used.add(arrow);
    const along = (a: Arrow) => a.tip.x * d.x + a.tip.y * d.y;
    row.sort((a, b) => along(a) - along(b));
    const from = row[0]!.tip;
    const to = row.at(-1)!.tip;
    rows.push({
      direction: d,
      from,
      to,
      span: Math.hypot(to.x - from.x, to.y - from.y),
      sizePt: Math.max(...row.map((a) => a.sizePt)),
    });
  }
  return rows;
}

/** Place of p along a row from its first tip, and its distance from the row's line. */
function rowPlace(row: RunningRow, p: Point): { along: number; off: number } {
  const dx = p.x - row.from.x;
  const dy = p.y - row.from.y;
  const d = row.direction;
  return { along: dx * d.x + dy * d.y, off: Math.abs(dx * d.y - dy * d.x) };
}

/**
 * Whether the line lies on the row's line, between the last tip and at most the row's span
 * before the first (the stretch from the origin, where an arrowhead may not have been found).
 */
function onRunningLine(line: LinePrimitive, row: RunningRow, tol: number): boolean {
  const a = rowPlace(row, line.a);
  const b = rowPlace(row, line.b);
  if (a.off > tol || b.off > tol) return false;
  const lo = Math.min(a.along, b.along);
  const hi = Math.max(a.along, b.along);
  return hi >= -Math.max(row.span, row.sizePt) - tol && lo <= row.span + tol;
}

/**
 * Whether a circle is the origin of the row (ISO 129-1: a small circle): no larger than an
 * arrowhead, on the row's line before its first tip.
 */
function isOrigin(circle: ArcPrimitive, row: RunningRow, tol: number): boolean {
  if (circle.radius > row.sizePt) return false;
  const { along, off } = rowPlace(row, circle.center);
  return off <= tol && along < 0;
}

/** Unit vector and length of a line. */
function axisOf(line: LinePrimitive): { u: Point; length: number } {
  const dx = line.b.x - line.a.x;
  const dy = line.b.y - line.a.y;
  const length = Math.hypot(dx, dy);
  return { u: { x: dx / length, y: dy / length }, length };
}

/** Distance from p to the infinite line through `line`, and p's place along it from `a`. */
function placeOf(line: LinePrimitive, p: Point): { off: number; along: number } {
  const { u } = axisOf(line);
  const dx = p.x - line.a.x;
  const dy = p.y - line.a.y;
  return { off: Math.abs(dx * u.y - dy * u.x), along: dx * u.x + dy * u.y };
}

/**
 * Whether the line runs along the arrow's axis through its tip and reaches the arrowhead (its
 * shaft, or a running dimension's line between two arrowheads).
 */
function runsAlong(line: LinePrimitive, arrow: Arrow, tol: number): boolean {
  const { u, length } = axisOf(line);
  if (!(length > 0)) return false;
  const cross = Math.abs(u.x * arrow.direction.y - u.y * arrow.direction.x);
  if (cross > ALONG_SIN) return false;
  const { off, along } = placeOf(line, arrow.tip);
  if (off > tol) return false;
  // The arrowhead lies over the line, or the line starts at its base or tip.
  const reach = arrow.sizePt + tol;
  return along >= -reach && along <= length + reach;
}

/**
 * The end of the line past the arrow's tip when the line runs square to the arrow through its
 * tip and ends within OVERSHOOT_ARROWS arrowhead lengths past it; none otherwise.
 */
function extensionEnd(line: LinePrimitive, arrow: Arrow, tol: number): Point[] {
  const { u, length } = axisOf(line);
  if (!(length > 0)) return [];
  const dot = Math.abs(u.x * arrow.direction.x + u.y * arrow.direction.y);
  if (dot > SQUARE_COS) return [];
  const { off, along } = placeOf(line, arrow.tip);
  if (off > tol) return [];
  const overshoot = OVERSHOOT_ARROWS * arrow.sizePt + tol;
  const ends: Point[] = [];
  if (along >= -tol && along <= overshoot) ends.push(line.a);
  if (length - along >= -tol && length - along <= overshoot) ends.push(line.b);
  return ends;
}

/** Whether a line runs along a centre line, within `tol` of its axis at both ends. */
function onAxis(line: LinePrimitive, axis: LinePrimitive, tol: number): boolean {
  const { length } = axisOf(axis);
  if (!(length > 0)) return false;
  return placeOf(axis, line.a).off <= tol && placeOf(axis, line.b).off <= tol;
}

/**
 * The stretch of a line that is an extension line, from its free end: the whole line, or, when
 * the trace ran an extension line on into the outline it starts from (drawn in line, with no
 * gap: a shoulder's face and the extension line above it are one traced line), the stretch from
 * the free end to the nearest place where another outline ends on the line (the shoulder's
 * corner). The rest stays outline.
 */
function extensionPiece(
  line: LinePrimitive,
  free: Point,
  outline: Primitive[],
  tol: number,
): LinePrimitive {
  const { u, length } = axisOf(line);
  const fromA = free === line.a;
  // Places along the line, measured from the free end, where another outline's end lies on it.
  let nearest = Infinity;
  for (const p of outline) {
    if (p === line) continue;
    for (const end of endpoints(p) ?? []) {
      const { off, along } = placeOf(line, end);
      const fromFree = fromA ? along : length - along;
      if (off <= tol && fromFree > 2 * tol && fromFree < length - 2 * tol)
        nearest = Math.min(nearest, fromFree);
    }
  }
  if (!Number.isFinite(nearest)) return line;
  const at = fromA ? nearest : length - nearest;
  const cut = { x: line.a.x + u.x * at, y: line.a.y + u.y * at };
  return { ...line, a: free, b: cut };
}

/** The part of a line left as outline when `piece` (from one of its ends) is moved. */
function remainderOf(line: LinePrimitive, piece: LinePrimitive): LinePrimitive {
  const far = piece.a === line.a ? line.b : line.a;
  return { ...line, a: piece.b, b: far };
}

/** Whether no other outline reaches the line's end (it stops in the open). */
function isFree(end: Point, line: LinePrimitive, outline: Primitive[], tol: number): boolean {
  return outline.every((p) => p === line || distanceTo(end, p) > tol);
}

/** The page's usual arrowhead length (the median), page points. */
function medianArrow(arrows: Arrow[]): number {
  const sizes = arrows.map((a) => a.sizePt).sort((a, b) => a - b);
  return sizes[sizes.length >> 1] ?? 0;
}

/**
 * The end of the line past a dimension line it runs square to, when the line crosses the
 * dimension line (within its length) and ends more than `past` and at most OVERSHOOT_ARROWS
 * arrowhead lengths past it; none otherwise. A line that stops short of a dimension line it
 * meets at neither end (a shoulder's edge beside a diameter's dimension line) is no extension line. ISO 129-1 runs an extension line on about 2 mm past the dimension line
 * whether or not the arrowhead on it was found.
 */
function endPastLine(
  line: LinePrimitive,
  dimension: LinePrimitive,
  arrowPt: number,
  tol: number,
  past: number,
): Point[] {
  const { u, length } = axisOf(line);
  const across = axisOf(dimension);
  if (!(length > 0) || !(across.length > 0)) return [];
  if (Math.abs(u.x * across.u.x + u.y * across.u.y) > SQUARE_COS) return [];
  // Where the line's axis meets the dimension line, along each.
  const denom = u.x * across.u.y - u.y * across.u.x;
  const dx = dimension.a.x - line.a.x;
  const dy = dimension.a.y - line.a.y;
  const t = (dx * across.u.y - dy * across.u.x) / denom;
  const s = (dx * u.y - dy * u.x) / denom;
  if (s < -tol || s > across.length + tol) return [];
  const overshoot = OVERSHOOT_ARROWS * arrowPt + tol;
  const ends: Point[] = [];
  if (t > past && t <= overshoot) ends.push(line.a);
  if (length - t > past && length - t <= overshoot) ends.push(line.b);
  return ends;
}
