/**
 * The geometry of one DXF entity in its own coordinates: lines, polylines with bulges, circles,
 * arcs, ellipses and splines, as the shared primitives (geometry/primitives.ts) in drawing units.
 */
import type { IEntity } from 'dxf-parser';
import {
  polylineOf,
  scale,
  type Matrix,
  type Point,
  type Primitive,
} from '../geometry/primitives.ts';

const TWO_PI = 2 * Math.PI;

/** The arbitrary-axis algorithm for extrusion (0, 0, -1): the object's x is the world's -x. */
export const mirrorX: Matrix = scale(-1, 1);

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
