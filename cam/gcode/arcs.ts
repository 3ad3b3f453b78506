/**
 * Arcs G2/G3: the centre from the centre offsets I/J/K or from the radius R (CR= on
 * Sinumerik), checked against the end point, for the interpreter (cam/gcode/interpreter.ts);
 * and the geometry of an arc move that everything reading one shares (the cycle time, the
 * backplot, the verifiers, the mill's stock model, polygons): its sweep, points along it, its
 * length and the extreme points that bound it.
 *
 * Rules: NIST RS274NGC Interpreter version 3, "Arc at feed rate" (centre offsets incremental
 * from the start in the plane's two axes; a negative R for more than half a circle); Fanuc
 * 0i-TF operator's manual "Circular interpolation" (lathe I a radius, X a diameter); SINUMERIK
 * Programming Manual "Fundamentals" (CR=). Plane axes (a, b): G17 X,Y; G18 Z,X (RS274/NGC);
 * G19 Y,Z; lathes use (X radius, Z). The end may lie off the start's circle by max(0.0127 mm,
 * 0.1 % of the radius): the tolerance this interpreter allows for rounded numbers.
 *
 * An arc move whose end is its start runs a full circle (centre format; a radius R cannot give
 * one). Angles are in radians, counter-clockwise positive in the plane's axes (u, v), from u;
 * G2 turns clockwise in them (lathes: seen with X up and Z to the right).
 */
import type { MoveSink } from './cycles.ts';
import type { MotionEvent, Point3 } from './events.ts';

/** Where the arc starts (the current position, mm, lathe X a diameter) and problems go. */
export type ArcStart = Pick<MoveSink, 'x' | 'y' | 'z' | 'error'>;

/** Plane selection: G17 XY, G18 XZ, G19 YZ. */
export type Plane = 17 | 18 | 19;

/**
 * The arc of a G2/G3 move from the current position to `to`.
 * @param start - the current position (mm; lathe X a diameter); problems are reported to it
 * @param to - the end point, mm (lathe X a diameter)
 * @param clockwise - G2 (else G3)
 * @param plane - the plane in force (a lathe turns arcs in G18 only: another plane is an error,
 *   as LinuxCNC's and Sinumerik's lathes refuse X/Z arcs outside it)
 * @param lathe - X is a diameter and I a radius offset
 * @param i - the I offset, mm, NaN when the block has no I (likewise `j`, `k`)
 * @param r - the radius, mm (negative: the longer way round), NaN when there is none
 * @returns the centre (lathe X a diameter), direction and plane, or null after reporting an
 *   error: an end more than max(0.0127 mm, 0.1 % of the radius) off the circle through the
 *   start, neither a centre nor a radius that reaches the end, or a lathe arc outside G18
 */
export function arcTo(
  start: ArcStart,
  to: Point3,
  clockwise: boolean,
  plane: Plane,
  lathe: boolean,
  i: number,
  j: number,
  k: number,
  r: number,
): MotionEvent['arc'] | null {
  if (lathe && plane !== 18) {
    start.error(`an arc in the G${plane} plane on a lathe, which turns arcs in G18 (X and Z)`);
    return null;
  }
  const arcPlane = plane;
  let center: Point3 | null;
  if (!Number.isNaN(i) || !Number.isNaN(j) || !Number.isNaN(k))
    center = offsetCentre(start, to, arcPlane, lathe, i, j, k);
  else if (!Number.isNaN(r)) center = radiusCentre(start, to, clockwise, arcPlane, lathe, r);
  else {
    start.error('an arc without a usable radius R or centre I/J/K');
    return null;
  }
  if (!center) return null;
  return { center, clockwise, plane: arcPlane === 17 ? 'XY' : arcPlane === 18 ? 'XZ' : 'YZ' };
}

/** The centre from I/J/K (0 where not written), or null when the end is off its circle. */
function offsetCentre(
  start: ArcStart,
  to: Point3,
  plane: Plane,
  lathe: boolean,
  iWord: number,
  jWord: number,
  kWord: number,
): Point3 | null {
  const i = Number.isNaN(iWord) ? 0 : iWord;
  const j = Number.isNaN(jWord) ? 0 : jWord;
  const k = Number.isNaN(kWord) ? 0 : kWord;
  const fromX = lathe ? start.x / 2 : start.x;
  const toX = lathe ? to.x / 2 : to.x;
  let center: Point3;
  if (plane === 17) center = { x: start.x + i, y: start.y + j, z: start.z };
  else if (plane === 18)
    center = { x: lathe ? start.x + 2 * i : start.x + i, y: start.y, z: start.z + k };
  else center = { x: start.x, y: start.y + j, z: start.z + k };
  const cx = lathe ? center.x / 2 : center.x;
  // Start, end and centre in the plane's axes (a, b).
  const sa = plane === 19 ? start.y : fromX;
  const sb = plane === 17 ? start.y : start.z;
  const ea = plane === 19 ? to.y : toX;
  const eb = plane === 17 ? to.y : to.z;
  const ca = plane === 19 ? center.y : cx;
  const cb = plane === 17 ? center.y : center.z;
  const r1 = Math.hypot(sa - ca, sb - cb);
  const r2 = Math.hypot(ea - ca, eb - cb);
  if (Math.abs(r1 - r2) > Math.max(0.0127, 0.001 * r1)) {
    start.error(`the arc's end is ${round(r2)} mm from its centre, its start ${round(r1)} mm`);
    return null;
  }
  return center;
}

/** The centre from the radius R, or null when the chord is empty or longer than 2 |R|. */
function radiusCentre(
  start: ArcStart,
  to: Point3,
  clockwise: boolean,
  plane: Plane,
  lathe: boolean,
  r: number,
): Point3 | null {
  const fromX = lathe ? start.x / 2 : start.x;
  const toX = lathe ? to.x / 2 : to.x;
  // Start and end in the plane's axes (a, b): G17 X,Y; G18 Z,X (lathes X,Z); G19 Y,Z.
  let sa = fromX;
  let sb = start.y;
  let ea = toX;
  let eb = to.y;
  if (plane === 19) {
    sa = start.y;
    sb = start.z;
    ea = to.y;
    eb = to.z;
  } else if (plane === 18 && lathe) {
    sb = start.z;
    eb = to.z;
  } else if (plane === 18) {
    sa = start.z;
    sb = fromX;
    ea = to.z;
    eb = toX;
  }
  const radius = Math.abs(r);
  const chord = Math.hypot(ea - sa, eb - sb);
  if (chord === 0 || chord > 2 * radius + 1e-6) {
    start.error('an arc without a usable radius R or centre I/J/K');
    return null;
  }
  const h = Math.sqrt(Math.max(0, radius * radius - (chord / 2) ** 2));
  // The lathe's axes (X, Z) are the mirror of its view (Z right, X up) that G2/G3 turn in.
  const mirrored = plane === 18 && lathe ? -1 : 1;
  const sign = (clockwise ? -1 : 1) * (r < 0 ? -1 : 1) * mirrored;
  const ca = (sa + ea) / 2 + (-(eb - sb) / chord) * sign * h;
  const cb = (sb + eb) / 2 + ((ea - sa) / chord) * sign * h;
  if (plane === 17) return { x: ca, y: cb, z: start.z };
  if (plane === 18) return lathe ? { x: 2 * ca, y: 0, z: cb } : { x: cb, y: start.y, z: ca };
  return { x: start.x, y: ca, z: cb };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

// The geometry of an arc move ---------------------------------------------------------------

/** A point in an arc's plane, mm: x its first axis (u), y its second (v). */
export interface PlanePoint {
  x: number;
  y: number;
}

/** An arc in its plane: radius, start angle and signed sweep (radians, counter-clockwise positive). */
export interface PlaneArc {
  /** Centre in plane coordinates (u, v). */
  cu: number;
  cv: number;
  radius: number;
  start: number;
  sweep: number;
  /** Travel along the plane's normal (helical arcs), mm. */
  axial: number;
}

/**
 * The signed sweep of an arc from angle `start` to angle `end` (radians): negative clockwise
 * (G2), positive counter-clockwise (G3), never zero: ends at the same angle (within 1e-12 rad)
 * are a full turn.
 */
export function sweepAngle(start: number, end: number, clockwise: boolean): number {
  let sweep = end - start;
  if (clockwise) {
    while (sweep >= -1e-12) sweep -= 2 * Math.PI;
  } else {
    while (sweep <= 1e-12) sweep += 2 * Math.PI;
  }
  return sweep;
}

/**
 * The circle and sweep of an arc from `from` to `to` about `center`, all in one plane (mm). An
 * arc whose end is its start (within 1e-9 of the radius, at least 1e-9 mm) is a full circle.
 * @returns the radius (from the start), the start angle and the signed sweep (radians)
 */
export function circularArc(
  from: PlanePoint,
  to: PlanePoint,
  center: PlanePoint,
  clockwise: boolean,
): { radius: number; start: number; sweep: number } {
  const radius = Math.hypot(from.x - center.x, from.y - center.y);
  const start = Math.atan2(from.y - center.y, from.x - center.x);
  const end = Math.atan2(to.y - center.y, to.x - center.x);
  const closed = Math.hypot(to.x - from.x, to.y - from.y) <= 1e-9 * Math.max(1, radius);
  if (closed) return { radius, start, sweep: clockwise ? -2 * Math.PI : 2 * Math.PI };
  return { radius, start, sweep: sweepAngle(start, end, clockwise) };
}

/**
 * Plane coordinates (u, v, normal) of a point for an arc plane. Lathes: u = Z, v = X as a radius
 * (clockwise is clockwise seen with X up, Z right).
 */
export function planeCoordinates(
  point: Point3,
  plane: 'XY' | 'XZ' | 'YZ',
  latheDiameter: boolean,
): [number, number, number] {
  const x = latheDiameter ? point.x / 2 : point.x;
  if (plane === 'XY') return [x, point.y, point.z];
  if (plane === 'XZ') return [point.z, x, point.y];
  return [point.y, point.z, x];
}

/**
 * The geometry of an arc move in its plane (`circularArc`: an end equal to the start is a full
 * circle).
 * @param latheDiameter - X is a diameter (lathes): the plane's v is X / 2
 */
export function planeArc(
  from: Point3,
  to: Point3,
  arc: NonNullable<MotionEvent['arc']>,
  latheDiameter: boolean,
): PlaneArc {
  const [u0, v0, w0] = planeCoordinates(from, arc.plane, latheDiameter);
  const [u1, v1, w1] = planeCoordinates(to, arc.plane, latheDiameter);
  const [cu, cv] = planeCoordinates(arc.center, arc.plane, latheDiameter);
  const { radius, start, sweep } = circularArc(
    { x: u0, y: v0 },
    { x: u1, y: v1 },
    { x: cu, y: cv },
    arc.clockwise,
  );
  return { cu, cv, radius, start, sweep, axial: w1 - w0 };
}

/** Length of an arc, mm: along the circle, helical arcs with their axial travel. */
export const arcLength = (arc: Pick<PlaneArc, 'radius' | 'sweep' | 'axial'>): number =>
  Math.hypot(arc.radius * arc.sweep, arc.axial);

/** The angle `step` steps of `steps` along a sweep from `start` (radians). */
export const arcAngle = (start: number, sweep: number, step: number, steps: number): number =>
  start + (sweep * step) / steps;

/**
 * Points on a circle at `steps + 1` angles evenly along a sweep, both ends included.
 * @param start - radians, counter-clockwise from the plane's first axis
 * @param sweep - radians, positive counter-clockwise
 */
export function pointsAlongArc(
  center: PlanePoint,
  radiusMm: number,
  start: number,
  sweep: number,
  steps: number,
): PlanePoint[] {
  const points: PlanePoint[] = [];
  for (let step = 0; step <= steps; step += 1) {
    const angle = arcAngle(start, sweep, step, steps);
    points.push({
      x: center.x + radiusMm * Math.cos(angle),
      y: center.y + radiusMm * Math.sin(angle),
    });
  }
  return points;
}

/** The steps that divide an arc into pieces at most `stepMm` long along it, at least 2. */
export const stepsAlong = (radiusMm: number, sweep: number, stepMm: number): number =>
  Math.max(2, Math.ceil((Math.abs(sweep) * radiusMm) / stepMm));

/**
 * Points along a circular arc, both ends included, so that no chord strays more than
 * `chordToleranceMm` from the arc (sagitta s = r(1 − cos(θ/2)) for a step θ), and no step is
 * over π/8.
 * @param startAngle - radians, counter-clockwise from +X
 * @param sweep - radians, positive counter-clockwise
 */
export function arcPoints(
  center: PlanePoint,
  radiusMm: number,
  startAngle: number,
  sweep: number,
  chordToleranceMm = 0.005,
): PlanePoint[] {
  const maxStep =
    radiusMm <= chordToleranceMm ? Math.PI / 2 : 2 * Math.acos(1 - chordToleranceMm / radiusMm);
  const steps = Math.max(1, Math.ceil(Math.abs(sweep) / Math.min(maxStep, Math.PI / 8)));
  return pointsAlongArc(center, radiusMm, startAngle, sweep, steps);
}

/**
 * The extreme points of the circle (its leftmost, rightmost, lowest and highest) that an arc
 * passes strictly between its ends; with its two ends they bound the arc. A full circle passes
 * all four.
 * @param start - radians, within ±π (as atan2 gives it)
 * @param sweep - radians, positive counter-clockwise, at most a full turn
 */
export function arcExtremes(
  center: PlanePoint,
  radiusMm: number,
  start: number,
  sweep: number,
): PlanePoint[] {
  const points: PlanePoint[] = [];
  for (let quarter = -8; quarter <= 8; quarter += 1) {
    const angle = (quarter * Math.PI) / 2;
    const along = sweep >= 0 ? angle - start : start - angle;
    if (along > 0 && along < Math.abs(sweep)) {
      points.push({
        x: center.x + radiusMm * Math.cos(angle),
        y: center.y + radiusMm * Math.sin(angle),
      });
    }
  }
  return points;
}
