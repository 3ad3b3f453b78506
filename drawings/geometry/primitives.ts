/**
 * The readers' drawing primitives (lines and arcs in mm) and 2D transforms: what every drawing
 * reader turns its geometry into (the DXF reader's entities, the PDF reader's painted paths)
 * before the shared pipeline (describe/) reads it.
 */
export interface Point {
  x: number;
  y: number;
}

export interface LinePrimitive {
  kind: 'line';
  a: Point;
  b: Point;
  layer: string;
  /** Set on the short lines that approximate an ellipse or a spline. */
  curve?: 'ellipse' | 'spline';
}

/** A circular arc, counter-clockwise from `startRad` to `endRad`; a full circle spans 2π. */
export interface ArcPrimitive {
  kind: 'arc';
  center: Point;
  radius: number;
  startRad: number;
  endRad: number;
  layer: string;
}

export type Primitive = LinePrimitive | ArcPrimitive;

/** Affine 2D transform: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export interface Matrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export const identity: Matrix = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

/** m1 · m2: apply m2 first. */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  return {
    a: m1.a * m2.a + m1.c * m2.b,
    b: m1.b * m2.a + m1.d * m2.b,
    c: m1.a * m2.c + m1.c * m2.d,
    d: m1.b * m2.c + m1.d * m2.d,
    e: m1.a * m2.e + m1.c * m2.f + m1.e,
    f: m1.b * m2.e + m1.d * m2.f + m1.f,
  };
}

/** A point through a transform. */
export function apply(m: Matrix, p: { x: number; y: number }): Point {
  return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
}

/** Elementary transforms: translation, scale, rotation (radians, counter-clockwise). */
export const translate = (x: number, y: number): Matrix => ({ ...identity, e: x, f: y });
export const scale = (sx: number, sy: number): Matrix => ({ ...identity, a: sx, d: sy });
export const rotate = (rad: number): Matrix => ({
  a: Math.cos(rad),
  b: Math.sin(rad),
  c: -Math.sin(rad),
  d: Math.cos(rad),
  e: 0,
  f: 0,
});

const TWO_PI = 2 * Math.PI;

/** Whether an arc goes all the way round (a CIRCLE entity). */
export function isFullCircle(arc: ArcPrimitive): boolean {
  return arc.endRad - arc.startRad >= TWO_PI - 1e-9;
}

function tessellate(arc: ArcPrimitive, segments: number): Point[] {
  const sweep = arc.endRad - arc.startRad;
  const count = Math.max(2, Math.ceil((segments * sweep) / TWO_PI));
  return Array.from({ length: count + 1 }, (_, i) => {
    const angle = arc.startRad + (sweep * i) / count;
    return {
      x: arc.center.x + arc.radius * Math.cos(angle),
      y: arc.center.y + arc.radius * Math.sin(angle),
    };
  });
}

/**
 * Short lines joining points in order (the approximation of a curve), each on `layer` and marked
 * with `curve` when given.
 */
export function polylineOf(
  points: Point[],
  layer: string,
  curve?: 'ellipse' | 'spline',
): LinePrimitive[] {
  return points
    .slice(1)
    .map((b, i) => ({ kind: 'line', a: points[i]!, b, layer, ...(curve ? { curve } : {}) }));
}

/** A primitive through a transform; arcs under a non-uniform scale become short lines. */
export function transformPrimitive(primitive: Primitive, m: Matrix): Primitive[] {
  if (primitive.kind === 'line') {
    return [{ ...primitive, a: apply(m, primitive.a), b: apply(m, primitive.b) }];
  }
  const det = m.a * m.d - m.b * m.c;
  const uniform =
    Math.abs(m.a * m.a + m.b * m.b - (m.c * m.c + m.d * m.d)) < 1e-9 * (1 + Math.abs(det)) &&
    Math.abs(m.a * m.c + m.b * m.d) < 1e-9 * (1 + Math.abs(det));
  if (!uniform) {
    return polylineOf(
      tessellate(primitive, 72).map((p) => apply(m, p)),
      primitive.layer,
    );
  }
  const center = apply(m, primitive.center);
  const radius = primitive.radius * Math.sqrt(Math.abs(det));
  if (isFullCircle(primitive)) {
    return [{ ...primitive, center, radius, startRad: 0, endRad: TWO_PI }];
  }
  const angleOf = (rad: number) => {
    const p = apply(m, {
      x: primitive.center.x + Math.cos(rad),
      y: primitive.center.y + Math.sin(rad),
    });
    return Math.atan2(p.y - center.y, p.x - center.x);
  };
  let start = angleOf(det < 0 ? primitive.endRad : primitive.startRad);
  let end = angleOf(det < 0 ? primitive.startRad : primitive.endRad);
  start = ((start % TWO_PI) + TWO_PI) % TWO_PI;
  end = ((end % TWO_PI) + TWO_PI) % TWO_PI;
  if (end <= start) end += TWO_PI;
  return [{ ...primitive, center, radius, startRad: start, endRad: end }];
}
