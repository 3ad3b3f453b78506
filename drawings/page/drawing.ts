/**
 * Sorts the painted paths of a page (a PDF page, or a raster traced by image/vectorize.ts) the
 * way a reader of the drawing does: visible outlines (the heaviest dark solid lines), centre lines
 * (long dash–short dash), hidden lines (short dashes), thin lines (dimension, extension and leader
 * lines, hatching) and arrowheads (arrowheads.ts). Curves are fitted with circular arcs so
 * circles stay circles (curves.ts). All in page points, y down.
 */
import type { LinePrimitive, Point, Primitive } from '../geometry/primitives.ts';
import { arrowOf, strokeArrows, type Arrow } from './arrowheads.ts';
import { joinCircles, primitivesOf } from './curves.ts';
import { pathLength, type PagePath } from './paths.ts';

export interface PageDrawing {
  /** Visible outlines of the part (and frames, tables: the pipeline sets those aside). */
  part: Primitive[];
  centre: Primitive[];
  hidden: Primitive[];
  /** Thin solid lines: dimension, extension and leader lines, hatching. */
  thin: LinePrimitive[];
  arrows: Arrow[];
  /** Line width of the visible outlines, points (0 when the page has no lines). */
  outlineWidthPt: number;
}

function luminance(color: string): number {
  const value = Number.parseInt(color.slice(1), 16);
  if (!Number.isFinite(value)) return 0;
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Drawn in black or a dark colour: light grey is used for frames and white for masking. */
const isDark = (path: PagePath) => luminance(path.color) < 0.35;

/** Coordinates are rounded to this many points: equal coordinates written with float noise become equal. */
const GRID_PT = 0.01;
const onGrid = (v: number) => Math.round(v / GRID_PT) * GRID_PT;
const pointOnGrid = (p: Point): Point => ({ x: onGrid(p.x), y: onGrid(p.y) });

/** A primitive with its points on the 0.01 pt grid (slivers between near-equal lines vanish). */
function snapToGrid(p: Primitive): Primitive {
  return p.kind === 'line'
    ? { ...p, a: pointOnGrid(p.a), b: pointOnGrid(p.b) }
    : { ...p, center: pointOnGrid(p.center) };
}

/** A line runs along an arrowhead when within this cosine of its axis (about 45°). */
const ALONG_COS = Math.cos(Math.PI / 4);

/** Long dash – short dash (centre, phantom) rather than even short dashes (hidden). */
function isChain(dash: number[]): boolean {
  const marks = dash.filter((_, i) => i % 2 === 0).filter((d) => d > 0);
  if (marks.length < 2) return false;
  return Math.max(...marks) >= 3 * Math.min(...marks);
}

/**
 * Sorts a page's painted paths.
 *
 * @param paths - the page's paths (pagePaths), points, y down
 * @param traced - the paths were traced from a raster (image/vectorize.ts): a line ending at an
 *   arrowhead's tip is a dimension or leader line only when it runs along the arrowhead
 * @returns outlines, centre lines, hidden lines, thin lines and arrowheads. Outlines are the solid
 *   dark strokes at least 0.8 times as wide as the heaviest width that carries a quarter or more of
 *   the dark solid line length; lines ending at an arrow tip are dimension or leader lines
 *   whatever their width. Fills other than arrowheads (text drawn as outlines, hatch, logos) and
 *   light or white lines are not part geometry.
 */
export function sortPaths(paths: PagePath[], traced = false): PageDrawing {
  const visible = paths.filter((path) => luminance(path.color) <= 0.95);
  const { arrows, used } = strokeArrows(visible);
  const strokes: PagePath[] = [];
  for (const path of visible) {
    if (used.has(path)) continue;
    const arrow = arrowOf(path);
    if (arrow) {
      arrows.push(arrow);
      continue;
    }
    if (path.paint !== 'fill') strokes.push(path);
  }
  const solid = strokes.filter((p) => p.dash.length === 0 && isDark(p));
  const byWidth = new Map<number, number>();
  let total = 0;
  for (const path of solid) {
    const key = Math.round(path.lineWidthPt * 20) / 20;
    const length = pathLength(path.points);
    byWidth.set(key, (byWidth.get(key) ?? 0) + length);
    total += length;
  }
  let outlineWidthPt = 0;
  let heavier = 0;
  for (const [width, length] of [...byWidth].sort((a, b) => b[0] - a[0])) {
    heavier += length;
    if (heavier >= 0.25 * total) {
      outlineWidthPt = width;
      break;
    }
  }
  const drawing: PageDrawing = {
    part: [],
    centre: [],
    hidden: [],
    thin: [],
    arrows,
    outlineWidthPt,
  };
  // A dimension or leader line runs along its arrowhead from the tip. On a traced raster an
  // outline an arrowhead points at is split at the tip (its skeleton meets the arrowhead there):
  // a line square to the arrowhead is that outline (ISO 129-1).
  const tipNear = (p: Point, from: Point) =>
    arrows.some((a) => {
      if (Math.hypot(a.tip.x - p.x, a.tip.y - p.y) > 0.6) return false;
      if (!traced) return true;
      const dx = from.x - p.x;
      const dy = from.y - p.y;
      const length = Math.hypot(dx, dy);
      return (
        !(length > 0) || Math.abs(dx * a.direction.x + dy * a.direction.y) >= ALONG_COS * length
      );
    });
  for (const path of strokes) {
    const primitives = primitivesOf(path);
    if (path.dash.length > 0 && path.dash.some((d) => d > 0)) {
      (isChain(path.dash) ? drawing.centre : drawing.hidden).push(...primitives);
      continue;
    }
    const first = path.points[0]!;
    const last = path.points[path.points.length - 1]!;
    // A closed outline (a hole's circle) is what a leader's arrow points at, not a leader.
    const closed = path.closed || Math.hypot(last.x - first.x, last.y - first.y) <= 1e-3;
    const outline =
      isDark(path) &&
      Math.round(path.lineWidthPt * 20) / 20 >= 0.8 * outlineWidthPt &&
      (closed || (!tipNear(first, path.points[1]!) && !tipNear(last, path.points.at(-2)!)));
    for (const primitive of primitives) {
      if (outline) drawing.part.push(primitive);
      else if (primitive.kind === 'line') drawing.thin.push(primitive);
    }
  }
  drawing.part = joinCircles(drawing.part).map(snapToGrid);
  drawing.centre = drawing.centre.map(snapToGrid);
  drawing.hidden = drawing.hidden.map(snapToGrid);
  return drawing;
}
