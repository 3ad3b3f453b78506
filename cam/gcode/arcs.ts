/**
 * Arcs G2/G3: the centre from the centre offsets I/J/K or from the radius R (CR= on
 * Sinumerik), checked against the end point, for the interpreter (cam/gcode/interpreter.ts).
 *
 * Rules: NIST RS274NGC Interpreter version 3, "Arc at feed rate" (centre offsets incremental
 * from the start in the plane's two axes; a negative R for more than half a circle); Fanuc
 * 0i-TF operator's manual "Circular interpolation" (lathe I a radius, X a diameter); SINUMERIK
 * Programming Manual "Fundamentals" (CR=). Plane axes (a, b): G17 X,Y; G18 Z,X (RS274/NGC);
 * G19 Y,Z; lathes use (X radius, Z). The end may lie off the start's circle by max(0.0127 mm,
 * 0.1 % of the radius): the tolerance this interpreter allows for rounded numbers.
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
 * @param plane - the plane in force (ignored on lathes, which turn in G18)
 * @param lathe - X is a diameter and I a radius offset
 * @param i - the I offset, mm, NaN when the block has no I (likewise `j`, `k`)
 * @param r - the radius, mm (negative: the longer way round), NaN when there is none
 * @returns the centre (lathe X a diameter), direction and plane, or null after reporting an
 *   error: an end more than max(0.0127 mm, 0.1 % of the radius) off the circle through the
 *   start, or neither a centre nor a radius that reaches the end
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
  const arcPlane = lathe ? 18 : plane;
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
  const sign = (clockwise ? -1 : 1) * (r < 0 ? -1 : 1);
  const ca = (sa + ea) / 2 + (-(eb - sb) / chord) * sign * h;
  const cb = (sb + eb) / 2 + ((ea - sa) / chord) * sign * h;
  if (plane === 17) return { x: ca, y: cb, z: start.z };
  if (plane === 18) return lathe ? { x: 2 * ca, y: 0, z: cb } : { x: cb, y: start.y, z: ca };
  return { x: start.x, y: ca, z: cb };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
