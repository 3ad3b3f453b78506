/**
 * Arc fitting: a chain of short straight segments (a contour, an offset path, a circle traced as
 * chords) as circular arcs where the chain follows a circle within a tolerance, so that a program
 * moves along G2/G3 arcs instead of hundreds of G1 chords. The tolerance bounds both how far each
 * point of the chain lies from the arc and how far each chord bows from it (its sagitta), so
 * the arc never leaves the band of width `toleranceMm` around the chain.
 *
 * Greedy, from the chain's start: each arc is grown while the chain still fits the circle through
 * its first, middle and last points, then the next arc starts where it ends. Straight runs (no
 * circle of radius under {@link MAX_ARC_RADIUS_MM}), corners and points turning the other way
 * end an arc. Lengths in mm, any consistent unit works.
 */
import type { Point2 } from './polygon.ts';

/** Arcs flatter than this radius, mm, are kept as lines (a controller's arc of 5 m is a line). */
export const MAX_ARC_RADIUS_MM = 5000;

/** The fewest chords an arc replaces: fewer save no lines worth an arc's rounding. */
export const MIN_ARC_CHORDS = 3;

/** The most chords one straight move replaces (straightStops). */
const MAX_MERGED = 256;

/** A stretch of the chain, from point index `from` to `to` (inclusive), as a line or an arc. */
export type ChainPiece =
  | { kind: 'lines'; from: number; to: number }
  | { kind: 'arc'; from: number; to: number; center: Point2; radius: number; clockwise: boolean };

/**
 * The circle through three points, or null when they are (nearly) on one line: when twice the
 * signed area of their triangle is under `collinearBelow` (squared units).
 */
export function circleThrough(
  a: Point2,
  b: Point2,
  c: Point2,
  collinearBelow = 1e-12,
): { center: Point2; radius: number } | null {
  const d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y));
  if (Math.abs(d) < collinearBelow) return null;
  const a2 = a.x * a.x + a.y * a.y;
  const b2 = b.x * b.x + b.y * b.y;
  const c2 = c.x * c.x + c.y * c.y;
  const center = {
    x: (a2 * (b.y - c.y) + b2 * (c.y - a.y) + c2 * (a.y - b.y)) / d,
    y: (a2 * (c.x - b.x) + b2 * (a.x - c.x) + c2 * (b.x - a.x)) / d,
  };
  return { center, radius: Math.hypot(a.x - center.x, a.y - center.y) };
}

const cross = (o: Point2, a: Point2, b: Point2) =>
  (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/**
 * The arc through `points[from..to]`, or null when they do not all follow one circle within
 * `toleranceMm`: every point within it of the circle, every chord's sagitta within it, every
 * step turning the same way around the centre by less than a half turn, and the whole sweep
 * short of a full turn.
 */
export function arcThrough(
  points: readonly Point2[],
  from: number,
  to: number,
  toleranceMm: number,
): Extract<ChainPiece, { kind: 'arc' }> | null {
  const first = points[from]!;
  const last = points[to]!;
  const circle = circleThrough(first, points[(from + to) >> 1]!, last);
  if (!circle || circle.radius > MAX_ARC_RADIUS_MM) return null;
  const { center, radius } = circle;
  const clockwise = cross(center, first, points[from + 1]!) < 0;
  let sweep = 0;
  for (let k = from; k < to; k += 1) {
    const p = points[k]!;
    const q = points[k + 1]!;
    if (Math.abs(Math.hypot(q.x - center.x, q.y - center.y) - radius) > toleranceMm) return null;
    const chord = Math.hypot(q.x - p.x, q.y - p.y);
    if (chord >= 2 * radius) return null;
    if (radius - Math.sqrt(radius * radius - (chord * chord) / 4) > toleranceMm) return null;
    // The angle turned around the centre by this chord, positive in the arc's direction.
    const turn = cross(center, p, q) * (clockwise ? -1 : 1);
    if (turn <= 0) return null;
    sweep += 2 * Math.asin(Math.min(1, chord / (2 * radius)));
  }
  if (sweep >= 2 * Math.PI - 1e-6) return null;
  return { kind: 'arc', from, to, center, radius, clockwise };
}

/** Whether `points[from..to]` all lie within `toleranceMm` of the segment from the first to the last. */
export function withinOfLine(
  points: readonly Point2[],
  from: number,
  to: number,
  toleranceMm: number,
): boolean {
  const a = points[from]!;
  const b = points[to]!;
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  for (let k = from + 1; k < to; k += 1) {
    const p = points[k]!;
    const along = length > 0 ? ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / length : 0;
    const off =
      along <= 0
        ? Math.hypot(p.x - a.x, p.y - a.y)
        : along >= length
          ? Math.hypot(p.x - b.x, p.y - b.y)
          : Math.abs(cross(a, b, p)) / length;
    if (off > toleranceMm) return false;
  }
  return true;
}

/**
 * The indices of `points[from..to]` a straight path keeps: each point that a straight move from
 * the last kept one could not skip within `toleranceMm` (collinear points merged), the last
 * always. Greedy from `from`, which is not itself listed.
 */
export function straightStops(
  points: readonly Point2[],
  from: number,
  to: number,
  toleranceMm: number,
): number[] {
  const stops: number[] = [];
  let start = from;
  while (start < to) {
    let end = start + 1;
    // (At most MAX_MERGED points to a line, which bounds the work on long straight runs.)
    while (
      end < to &&
      end - start < MAX_MERGED &&
      withinOfLine(points, start, end + 1, toleranceMm)
    )
      end += 1;
    stops.push(end);
    start = end;
  }
  return stops;
}

/**
 * The chain `points` as pieces: arcs where at least {@link MIN_ARC_CHORDS} chords follow one
 * circle within `toleranceMm` (see {@link arcThrough}), lines between them. The pieces cover
 * the chain in order, each starting where the one before ends.
 *
 * @param points - the chain's points in order, mm (two or more)
 * @param toleranceMm - the largest distance between the chain and its arcs, mm (positive)
 */
export function fitArcs(points: readonly Point2[], toleranceMm: number): ChainPiece[] {
  const pieces: ChainPiece[] = [];
  const last = points.length - 1;
  let lineStart = 0;
  let start = 0;
  while (start + MIN_ARC_CHORDS <= last) {
    let arc = arcThrough(points, start, start + MIN_ARC_CHORDS, toleranceMm);
    if (!arc) {
      start += 1;
      continue;
    }
    // Grow by doubling, then halve back onto the longest end that still fits.
    let good = arc.to;
    let step = MIN_ARC_CHORDS;
    let bad = last + 1;
    while (good < last) {
      const next = Math.min(last, good + step);
      const longer = arcThrough(points, start, next, toleranceMm);
      if (!longer) {
        bad = next;
        break;
      }
      arc = longer;
      good = next;
      step *= 2;
    }
    while (bad - good > 1) {
      const middle = (good + bad) >> 1;
      const longer = arcThrough(points, start, middle, toleranceMm);
      if (longer) {
        arc = longer;
        good = middle;
      } else bad = middle;
    }
    // A stretch as straight as the tolerance stays lines, however well a flat circle fits it.
    if (withinOfLine(points, start, arc.to, toleranceMm)) {
      start = arc.to;
      continue;
    }
    if (start > lineStart) pieces.push({ kind: 'lines', from: lineStart, to: start });
    pieces.push(arc);
    start = arc.to;
    lineStart = start;
  }
  if (lineStart < last) pieces.push({ kind: 'lines', from: lineStart, to: last });
  return pieces;
}
