/**
 * The reader's drawing primitives (lines and arcs in mm), 2D transforms, and the geometry of one
 * DXF entity: lines, polylines with bulges, circles, arcs, ellipses and splines.
 */
import type { IEntity } from 'dxf-parser';

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
/** The arbitrary-axis algorithm for extrusion (0, 0, -1): the object's x is the world's -x. */
export const mirrorX: Matrix = scale(-1, 1);

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

function polylineOf(points: Point[], layer: string, curve?: 'ellipse' | 'spline'): LinePrimitive[] {
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

/** The arc of a polyline bulge from a to b (bulge = tan(θ/4), positive counter-clockwise). */
function bulgeArc(a: Point, b: Point, bulge: number, layer: string): Primitive {
  const chord = Math.hypot(b.x - a.x, b.y - a.y);
  const theta = 4 * Math.atan(bulge);
  const ux = (b.x - a.x) / chord;
  const uy = (b.y - a.y) / chord;
  const offset = chord / 2 / Math.tan(theta / 2);
  const center = { x: (a.x + b.x) / 2 - uy * offset, y: (a.y + b.y) / 2 + ux * offset };
  const radius = Math.abs(chord / 2 / Math.sin(theta / 2));
  const angle = (p: Point) => Math.atan2(p.y - center.y, p.x - center.x);
  let start = angle(bulge > 0 ? a : b);
  let end = angle(bulge > 0 ? b : a);
  start = ((start % TWO_PI) + TWO_PI) % TWO_PI;
  end = ((end % TWO_PI) + TWO_PI) % TWO_PI;
  if (end <= start) end += TWO_PI;
  return { kind: 'arc', center, radius, startRad: start, endRad: end, layer };
}

type Vertex = { x: number; y: number; bulge?: number };

function polylinePrimitives(vertices: Vertex[], closed: boolean, layer: string): Primitive[] {
  const out: Primitive[] = [];
  const count = closed ? vertices.length : vertices.length - 1;
  for (let i = 0; i < count; i++) {
    const a = vertices[i]!;
    const b = vertices[(i + 1) % vertices.length]!;
    if (Math.hypot(b.x - a.x, b.y - a.y) < 1e-12) continue;
    const bulge = a.bulge ?? 0;
    out.push(
      Math.abs(bulge) > 1e-9
        ? bulgeArc(a, b, bulge, layer)
        : { kind: 'line', a: { x: a.x, y: a.y }, b: { x: b.x, y: b.y }, layer },
    );
  }
  return out;
}

export type P3 = { x: number; y: number; z?: number };
export interface AnyEntity extends IEntity {
  vertices?: (P3 & { bulge?: number })[];
  shape?: boolean;
  center?: P3;
  radius?: number;
  startAngle?: number;
  endAngle?: number;
  extrusionDirectionZ?: number;
  extrusionDirection?: P3;
  majorAxisEndPoint?: P3;
  axisRatio?: number;
  controlPoints?: P3[];
  fitPoints?: P3[];
  name?: string;
  position?: P3;
  xScale?: number;
  yScale?: number;
  rotation?: number;
  columnCount?: number;
  rowCount?: number;
  columnSpacing?: number;
  rowSpacing?: number;
  text?: string;
  startPoint?: P3;
  block?: string;
  dimensionType?: number;
  linearOrAngularPoint1?: P3;
  linearOrAngularPoint2?: P3;
  anchorPoint?: P3;
  diameterOrRadiusPoint?: P3;
  middleOfText?: P3;
  angle?: number;
}

/** Geometry of one entity in its own coordinates (before the block transform). */
export function entityPrimitives(entity: AnyEntity, layer: string): Primitive[] {
  switch (entity.type) {
    case 'LINE': {
      const [a, b] = entity.vertices ?? [];
      return a && b ? [{ kind: 'line', a: { x: a.x, y: a.y }, b: { x: b.x, y: b.y }, layer }] : [];
    }
    case 'LWPOLYLINE':
    case 'POLYLINE':
      return polylinePrimitives(entity.vertices ?? [], entity.shape === true, layer);
    case 'CIRCLE':
      return entity.center && entity.radius
        ? [
            {
              kind: 'arc',
              center: { x: entity.center.x, y: entity.center.y },
              radius: entity.radius,
              startRad: 0,
              endRad: TWO_PI,
              layer,
            },
          ]
        : [];
    case 'ARC': {
      if (!entity.center || !entity.radius) return [];
      const start = entity.startAngle ?? 0;
      let end = entity.endAngle ?? TWO_PI;
      if (end <= start) end += TWO_PI;
      return [
        {
          kind: 'arc',
          center: { x: entity.center.x, y: entity.center.y },
          radius: entity.radius,
          startRad: start,
          endRad: end,
          layer,
        },
      ];
    }
    case 'ELLIPSE': {
      const { center, majorAxisEndPoint: major, axisRatio = 1 } = entity;
      if (!center || !major) return [];
      const start = entity.startAngle ?? 0;
      let end = entity.endAngle ?? TWO_PI;
      if (end <= start) end += TWO_PI;
      const count = Math.max(4, Math.ceil((48 * (end - start)) / TWO_PI));
      const points = Array.from({ length: count + 1 }, (_, i) => {
        const t = start + ((end - start) * i) / count;
        return {
          x: center.x + major.x * Math.cos(t) - axisRatio * major.y * Math.sin(t),
          y: center.y + major.y * Math.cos(t) + axisRatio * major.x * Math.sin(t),
        };
      });
      return polylineOf(points, layer, 'ellipse');
    }
    case 'SPLINE': {
      // Approximated by its fit points, else its control polygon: close enough to group views.
      const points = (entity.fitPoints?.length ? entity.fitPoints : entity.controlPoints) ?? [];
      return polylineOf(
        points.map((p) => ({ x: p.x, y: p.y })),
        layer,
        'spline',
      );
    }
    default:
      return [];
  }
}
