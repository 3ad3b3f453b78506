/**
 * Plane geometry for prismatic parts: closed polygons in millimetres and their offsets.
 *
 * Offsets and boolean operations are Clipper2's (clipper2-ts, a TypeScript port of Angus
 * Johnson's Clipper2), on floating-point paths rounded to 0.1 µm (precision 4). Polygons are
 * lists of vertices without the first one repeated; outer boundaries run counter-clockwise
 * (positive area), holes clockwise. See docs/decisions/013-cam-depth.md for why not clipper2-js.
 */
import {
  differenceD,
  EndType,
  FillRule,
  inflatePathsD,
  intersectD,
  JoinType,
  Minkowski,
  pointInPolygonD,
  PointInPolygonResult,
  unionD,
} from 'clipper2-ts';
import { arcPoints } from '../gcode/arcs.ts';

export interface Point2 {
  x: number;
  y: number;
}

/** A closed polygon, mm: vertices in order, the first not repeated at the end. */
export type Polygon = Point2[];

/** Decimal places Clipper2 keeps (0.1 µm). */
const precision = 4;

const plain = (polygons: { x: number; y: number }[][]): Polygon[] =>
  polygons
    .map((polygon) => polygon.map(({ x, y }) => ({ x, y })))
    .filter((polygon) => polygon.length >= 3);

/** Signed area, mm²: positive for counter-clockwise polygons. */
export function signedArea(polygon: Polygon): number {
  let sum = 0;
  for (let i = 0; i < polygon.length; i += 1) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum / 2;
}

/** The polygon running counter-clockwise (outer boundaries, conventional milling inside pockets). */
export const counterClockwise = (polygon: Polygon): Polygon =>
  signedArea(polygon) < 0 ? [...polygon].reverse() : polygon;

/** The polygon running clockwise (holes, and climb milling of outside contours). */
export const clockwise = (polygon: Polygon): Polygon =>
  signedArea(polygon) > 0 ? [...polygon].reverse() : polygon;

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Bounding box of one or more polygons. @throws RangeError for no points */
export function boundsOf(polygons: Polygon[]): Bounds {
  const bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const polygon of polygons)
    for (const { x, y } of polygon) {
      bounds.minX = Math.min(bounds.minX, x);
      bounds.minY = Math.min(bounds.minY, y);
      bounds.maxX = Math.max(bounds.maxX, x);
      bounds.maxY = Math.max(bounds.maxY, y);
    }
  if (!Number.isFinite(bounds.minX)) throw new RangeError('no points to bound');
  return bounds;
}

/**
 * Offset closed polygons by `deltaMm`: outward for positive values, inward for negative, with
 * round joins (the path of a round cutter's centre) or, with `join` 'miter', sharp corners (an
 * allowance of even thickness on every face). The input may hold outer boundaries (CCW)
 * and holes (CW); the result does too, and is empty when the region vanishes.
 * @param arcToleranceMm - largest distance between a round join's chords and its true arc
 */
export function offsetPolygons(
  polygons: Polygon[],
  deltaMm: number,
  arcToleranceMm = 0.002,
  join: 'round' | 'miter' = 'round',
): Polygon[] {
  return plain(
    inflatePathsD(
      polygons,
      deltaMm,
      join === 'round' ? JoinType.Round : JoinType.Miter,
      EndType.Polygon,
      // Miter joins keep corners sharp up to 10 × the offset (a 90° corner needs √2).
      join === 'round' ? 2 : 10,
      precision,
      arcToleranceMm,
    ),
  );
}

/** The region of `subject` outside every polygon of `clip` (non-zero fill). */
export const difference = (subject: Polygon[], clip: Polygon[]): Polygon[] =>
  plain(differenceD(subject, clip, FillRule.NonZero, precision));

/** The region inside both `subject` and `clip` (non-zero fill). */
export const intersection = (subject: Polygon[], clip: Polygon[]): Polygon[] =>
  plain(intersectD(subject, clip, FillRule.NonZero, precision));

/**
 * The Minkowski sum of a region and a polygon `pattern` (every point of the region moved by
 * every point of the pattern): the boundary swept by the pattern, with the region itself moved
 * by one of the pattern's points. Used for where a tool may go: a tool of shape T touches the
 * region R exactly when its control point lies in R ⊕ (−T).
 */
export function minkowskiSum(region: Polygon[], pattern: Polygon): Polygon[] {
  const anchor = pattern[0]!;
  const parts: Polygon[] = region.map((ring) => translate(ring, anchor.x, anchor.y));
  for (const ring of region) parts.push(...plain(Minkowski.sumD(pattern, ring, true, precision)));
  return union(parts);
}

/** Total signed area of polygons, mm² (holes count negative). */
export const totalArea = (polygons: Polygon[]): number =>
  polygons.reduce((sum, polygon) => sum + signedArea(polygon), 0);

/**
 * The convex hull of points (Andrew's monotone chain), counter-clockwise, without collinear
 * points; fewer than three distinct points give what there is.
 */
export function convexHull(points: Point2[]): Polygon {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const cross = (o: Point2, a: Point2, b: Point2) =>
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point2[] = [];
  for (const point of sorted) {
    while (lower.length >= 2 && cross(lower.at(-2)!, lower.at(-1)!, point) <= 1e-12) lower.pop();
    lower.push(point);
  }
  const upper: Point2[] = [];
  for (const point of sorted.reverse()) {
    while (upper.length >= 2 && cross(upper.at(-2)!, upper.at(-1)!, point) <= 1e-12) upper.pop();
    upper.push(point);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** The union of polygons (non-zero fill). */
export const union = (polygons: Polygon[]): Polygon[] =>
  plain(unionD(polygons, [], FillRule.NonZero, precision));

/** Where a point lies relative to a polygon. */
export function pointInPolygon(point: Point2, polygon: Polygon): 'inside' | 'on' | 'outside' {
  const result = pointInPolygonD(point, polygon, precision);
  return result === PointInPolygonResult.IsInside
    ? 'inside'
    : result === PointInPolygonResult.IsOn
      ? 'on'
      : 'outside';
}

/** Shortest distance from a point to a polygon's boundary, mm. */
export function distanceToBoundary(point: Point2, polygon: Polygon): number {
  let best = Infinity;
  for (let i = 0; i < polygon.length; i += 1) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSquared = dx * dx + dy * dy;
    const t =
      lengthSquared === 0
        ? 0
        : Math.max(0, Math.min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared));
    best = Math.min(best, Math.hypot(point.x - (a.x + t * dx), point.y - (a.y + t * dy)));
  }
  return best;
}

/** Perimeter of a closed polygon, mm. */
export function perimeter(polygon: Polygon): number {
  let sum = 0;
  for (let i = 0; i < polygon.length; i += 1) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    sum += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return sum;
}

/** A full circle as a counter-clockwise polygon within `chordToleranceMm`. */
export const circlePolygon = (
  center: Point2,
  radiusMm: number,
  chordToleranceMm = 0.005,
): Polygon => arcPoints(center, radiusMm, 0, 2 * Math.PI, chordToleranceMm).slice(0, -1);

/** The polygon moved by (dx, dy). */
export const translate = (polygon: Polygon, dx: number, dy: number): Polygon =>
  polygon.map((point) => ({ x: point.x + dx, y: point.y + dy }));
