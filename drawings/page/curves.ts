/**
 * A painted path as lines and circular arcs: Bézier stretches fitted with arcs where they fit a
 * circle, polylines of short chords on one circle read as that circle or arc, and arcs of one
 * circle drawn as several paths joined, so circles stay circles. Page points, y down.
 */
import type { ArcPrimitive, LinePrimitive, Point, Primitive } from '../geometry/primitives.ts';
import type { PagePath } from './paths.ts';
import { leastSquaresCircle } from '../geometry/fit.ts';
import { circleThrough as circleThroughPoints } from '#cam/geometry/arc-fit';

const LAYER = 'pdf';
const TWO_PI = 2 * Math.PI;

/** A circle through three points, or undefined when they are (nearly) in a line. */
const circleThrough = (a: Point, b: Point, c: Point) =>
  circleThroughPoints(a, b, c, 1e-9) ?? undefined;

const normal = (angle: number) => ((angle % TWO_PI) + TWO_PI) % TWO_PI;

/** The arc of `circle` from `first`, turning `sweep` radians (negative: clockwise). */
function arcFrom(
  circle: { center: Point; radius: number },
  first: Point,
  sweep: number,
): ArcPrimitive {
  const a0 = Math.atan2(first.y - circle.center.y, first.x - circle.center.x);
  const start = normal(sweep >= 0 ? a0 : a0 + sweep);
  return {
    kind: 'arc',
    center: circle.center,
    radius: circle.radius,
    startRad: start,
    endRad: start + Math.abs(sweep),
    layer: LAYER,
  };
}

/**
 * The arc through points (all within 1 % of one circle), counter-clockwise, or undefined. An open
 * arc's circle passes through its first, middle and last point, so that its ends are the drawn
 * ends (chains of outline stay joined); a closed one's through the first point and the points a
 * third and two thirds along.
 */
export function fitArc(points: Point[]): ArcPrimitive | undefined {
  if (points.length < 3) return undefined;
  const first = points[0]!;
  const n = points.length - 1;
  const last = points[n]!;
  const middle = points[Math.round(n / 2)]!;
  const open =
    Math.hypot(last.x - first.x, last.y - first.y) >=
    0.25 * Math.hypot(middle.x - first.x, middle.y - first.y);
  const circle = open
    ? circleThrough(first, middle, last)
    : circleThrough(first, points[Math.round(n / 3)]!, points[Math.round((2 * n) / 3)]!);
  if (!circle || circle.radius > 1e5) return undefined;
  const tol = 0.01 * circle.radius + 0.05;
  if (
    points.some(
      (p) =>
        Math.abs(Math.hypot(p.x - circle.center.x, p.y - circle.center.y) - circle.radius) > tol,
    )
  )
    return undefined;
  // Sum the turning of the points around the centre: its sign is the direction.
  let sweep = 0;
  for (let i = 1; i < points.length; i++) {
    const a0 = Math.atan2(points[i - 1]!.y - circle.center.y, points[i - 1]!.x - circle.center.x);
    const a1 = Math.atan2(points[i]!.y - circle.center.y, points[i]!.x - circle.center.x);
    let step = a1 - a0;
    if (step > Math.PI) step -= TWO_PI;
    if (step < -Math.PI) step += TWO_PI;
    sweep += step;
  }
  if (Math.abs(sweep) >= TWO_PI - 0.05) {
    return {
      kind: 'arc',
      center: circle.center,
      radius: circle.radius,
      startRad: 0,
      endRad: TWO_PI,
      layer: LAYER,
    };
  }
  return arcFrom(circle, first, sweep);
}

/**
 * Lines and arcs of one path: Bézier stretches become arcs where they fit a circle, a closed
 * polyline of many short sides all on one circle becomes a circle, the rest straight lines.
 */
export function primitivesOf(path: PagePath): Primitive[] {
  const pts = path.points;
  if (path.closed && pts.length >= 13 && path.curves.length === 0) {
    const circle = fitArc(pts);
    if (circle && circle.endRad - circle.startRad >= TWO_PI - 1e-9) return [circle];
  }
  if (path.curves.length === 0) {
    const whole = polylineCircle(pts);
    if (whole) return [whole];
  }
  const out: Primitive[] = [];
  const curveAt = new Map(path.curves.map((c) => [c.from, c.to]));
  let run: Point[] | undefined;
  const flushRun = () => {
    if (!run) return;
    const arc = fitArc(run);
    if (arc) out.push(arc);
    else
      out.push(
        ...run
          .slice(1)
          .map((b, i): LinePrimitive => ({ kind: 'line', a: run![i]!, b, layer: LAYER })),
      );
    run = undefined;
  };
  for (let i = 0; i + 1 < pts.length;) {
    const polyArc = path.curves.length === 0 ? polylineArcEnd(pts, i) : undefined;
    if (polyArc !== undefined) {
      flushRun();
      run = pts.slice(i, polyArc + 1);
      flushRun();
      i = polyArc;
      continue;
    }
    const to = curveAt.get(i);
    if (to !== undefined && to > i) {
      const chunk = pts.slice(i, to + 1);
      // Join with the previous curve stretch when both lie on one circle.
      if (run && fitArc([...run, ...chunk.slice(1)])) run = [...run, ...chunk.slice(1)];
      else {
        flushRun();
        run = chunk;
      }
      i = to;
      continue;
    }
    flushRun();
    const a = pts[i]!;
    const b = pts[i + 1]!;
    if (Math.hypot(b.x - a.x, b.y - a.y) > 1e-6) out.push({ kind: 'line', a, b, layer: LAYER });
    i++;
  }
  flushRun();
  return out;
}

/** Fewest points of a polyline read as one circle or arc as a whole. */
const MIN_CIRCLE_POINTS = 9;
/**
 * How far a polyline's points may lie off the circle fitted through them all: a share of the
 * radius plus the rounding of page coordinates (some programs write them to 0.1 pt).
 */
const CIRCLE_FIT_SHARE = 0.03;
const CIRCLE_FIT_PT = 0.08;

/**
 * A polyline without curves that is, as a whole, one circle or one arc drawn as short chords
 * (programs that write circles as polylines, with coordinates rounded): all points within 3 % of
 * the radius + 0.08 pt of the least-squares circle, every chord turning by less than 0.6 rad
 * and the points turning one way. A polyline that turns by 350° or more, or ends where it began,
 * is a full circle; one turning by 200° or more an arc from its first to its last point.
 * Undefined otherwise.
 */
function polylineCircle(pts: Point[]): ArcPrimitive | undefined {
  if (pts.length < MIN_CIRCLE_POINTS) return undefined;
  const circle = leastSquaresCircle(pts);
  if (!circle || circle.radius > 1e5) return undefined;
  const tol = CIRCLE_FIT_SHARE * circle.radius + CIRCLE_FIT_PT;
  const off = (p: Point) =>
    Math.abs(Math.hypot(p.x - circle.center.x, p.y - circle.center.y) - circle.radius);
  if (pts.some((p) => off(p) > tol)) return undefined;
  let sweep = 0;
  let sign = 0;
  for (let i = 1; i < pts.length; i++) {
    const p = pts[i - 1]!;
    const q = pts[i]!;
    if (Math.hypot(q.x - p.x, q.y - p.y) > 0.6 * circle.radius) return undefined;
    const a0 = Math.atan2(p.y - circle.center.y, p.x - circle.center.x);
    const a1 = Math.atan2(q.y - circle.center.y, q.x - circle.center.x);
    let step = a1 - a0;
    if (step > Math.PI) step -= TWO_PI;
    if (step < -Math.PI) step += TWO_PI;
    if (Math.abs(step) < 1e-9) continue;
    if (sign !== 0 && Math.sign(step) !== sign) return undefined;
    sign = Math.sign(step);
    sweep += step;
  }
  const first = pts[0]!;
  const last = pts[pts.length - 1]!;
  const ends = Math.hypot(last.x - first.x, last.y - first.y);
  const full =
    Math.abs(sweep) >= (350 / 180) * Math.PI || (ends <= tol && Math.abs(sweep) > Math.PI);
  if (full) {
    return {
      kind: 'arc',
      center: circle.center,
      radius: circle.radius,
      startRad: 0,
      endRad: TWO_PI,
      layer: LAYER,
    };
  }
  // Arcs of less than 200° (fillets, rounded ends joined to lines) keep the chord-wise fit,
  // whose ends are the drawn ends; longer ones stand alone (the 3/4 circle of a thread).
  if (Math.abs(sweep) < (200 / 180) * Math.PI) return undefined;
  return arcFrom(circle, first, sweep);
}

/** Points of a polyline's stretch that is one arc drawn as short chords. */
const MIN_ARC_CHORDS = 4;
const MAX_ARC_POINTS = 400;

/**
 * Most a chord of an arc drawn as chords turns from the one before, radians: chords of at most
 * 0.6 × the radius subtend, and so turn by, up to 0.61 rad; a traced one wavers a little more. A
 * corner's right angle turns by 1.57.
 */
const MAX_CHORD_TURN = 0.8;

/**
 * Whether each chord of a stretch turns from the one before by less than
 * {@link MAX_CHORD_TURN}: a curve drawn as chords (a traced one may waver either way). A thin
 * rectangle's or a step's corners turn by a right angle, though their points may lie within a
 * share of the radius of a huge circle.
 */
function turnsLikeAnArc(stretch: Point[]): boolean {
  for (let k = 2; k < stretch.length; k++) {
    const [a, b, c] = [stretch[k - 2]!, stretch[k - 1]!, stretch[k]!];
    let turn = Math.atan2(c.y - b.y, c.x - b.x) - Math.atan2(b.y - a.y, b.x - a.x);
    if (turn > Math.PI) turn -= TWO_PI;
    if (turn < -Math.PI) turn += TWO_PI;
    if (Math.abs(turn) >= MAX_CHORD_TURN) return false;
  }
  return true;
}

/**
 * Where the arc that a polyline starts at point i ends (its last point index), when at least
 * four chords from i lie on one circle, each subtends less than 0.6 rad of it and turns from the
 * one before by less than 0.8 rad; else undefined.
 */
function polylineArcEnd(pts: Point[], i: number): number | undefined {
  if (pts.length - i < MIN_ARC_CHORDS + 1) return undefined;
  const fits = (j: number) => {
    const stretch = pts.slice(i, j + 1);
    const arc = fitArc(stretch);
    if (!arc || !turnsLikeAnArc(stretch)) return false;
    return stretch.every((p, k) => {
      if (k === 0) return true;
      const q = stretch[k - 1]!;
      return Math.hypot(p.x - q.x, p.y - q.y) <= 0.6 * arc.radius;
    });
  };
  if (!fits(i + MIN_ARC_CHORDS)) return undefined;
  let end = i + MIN_ARC_CHORDS;
  while (end + 1 < pts.length && end + 1 - i < MAX_ARC_POINTS && fits(end + 1)) end++;
  return end;
}

/**
 * Arcs of one circle drawn as several paths, joined: where they cover the whole circle, one
 * full circle replaces them.
 */
export function joinCircles(primitives: Primitive[]): Primitive[] {
  const arcs = primitives.filter(
    (p): p is ArcPrimitive => p.kind === 'arc' && p.endRad - p.startRad < TWO_PI - 1e-9,
  );
  const used = new Set<Primitive>();
  const out: Primitive[] = [];
  for (const arc of arcs) {
    if (used.has(arc)) continue;
    const tol = 0.01 * arc.radius + 0.1;
    const same = arcs.filter(
      (other) =>
        !used.has(other) &&
        Math.hypot(other.center.x - arc.center.x, other.center.y - arc.center.y) <= tol &&
        Math.abs(other.radius - arc.radius) <= tol,
    );
    if (same.length < 2) continue;
    // Covered share of the circle, in one-degree steps.
    const steps = 360;
    let covered = 0;
    for (let k = 0; k < steps; k++) {
      const angle = (k + 0.5) * (TWO_PI / steps);
      if (same.some((a) => normal(angle - a.startRad) <= a.endRad - a.startRad + 0.02)) covered++;
    }
    // Arcs broken by centre marks or gaps of the drawing program: 350° or more is the circle.
    if (covered < 350) continue;
    same.forEach((a) => used.add(a));
    out.push({ ...arc, startRad: 0, endRad: TWO_PI });
  }
  return [...primitives.filter((p) => !used.has(p)), ...out];
}
