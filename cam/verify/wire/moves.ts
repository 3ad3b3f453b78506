/**
 * The plane geometry the wire EDM verifier measures moves and contours with: a move in XY (a
 * line, or an arc with its centre and direction; the arc's sweep from cam/gcode/arcs.ts), points
 * along it, a point's distance to it, its tangent at its middle, and points along a contour and
 * a point's distance to a contour (round holes by their exact circle). Units: mm, radians.
 */
import { arcAngle, circularArc, pointsAlongArc, stepsAlong } from '../../gcode/arcs.ts';
import type { MotionEvent, Point3 } from '../../gcode/events.ts';
import { distanceToBoundary } from '../../geometry/polygon.ts';
import type { Point2 } from '../../geometry/polygon.ts';
import type { WireVerificationContour } from './input.ts';

/** A move in the XY plane: a line, or an arc with its centre and direction. */
export interface Move {
  from: Point2;
  to: Point2;
  arc?: { center: Point2; clockwise: boolean };
}

/** A motion from a known position as a move in XY. */
export function moveOf(motion: MotionEvent & { from: Point3 }): Move {
  return {
    from: { x: motion.from.x, y: motion.from.y },
    to: { x: motion.to.x, y: motion.to.y },
    ...(motion.arc
      ? {
          arc: {
            center: { x: motion.arc.center.x, y: motion.arc.center.y },
            clockwise: motion.arc.clockwise,
          },
        }
      : {}),
  };
}

/** An arc move's radius, start angle and signed sweep (a full circle when it ends where it starts). */
const sweepOf = (move: Move) =>
  circularArc(move.from, move.to, move.arc!.center, move.arc!.clockwise);

/** Points along a move at most `stepMm` apart, both ends included. */
export function sampleMove(move: Move, stepMm: number): Point2[] {
  if (!move.arc) {
    const length = Math.hypot(move.to.x - move.from.x, move.to.y - move.from.y);
    const steps = Math.max(1, Math.ceil(length / stepMm));
    return Array.from({ length: steps + 1 }, (_, step) => ({
      x: move.from.x + ((move.to.x - move.from.x) * step) / steps,
      y: move.from.y + ((move.to.y - move.from.y) * step) / steps,
    }));
  }
  const { radius, start, sweep } = sweepOf(move);
  return pointsAlongArc(move.arc.center, radius, start, sweep, stepsAlong(radius, sweep, stepMm));
}

/**
 * The points of a move the report's extents take in: its end, and along a cutting arc from a
 * known position points at most 1 mm apart (at the end's Z).
 */
export function extentsOf(event: MotionEvent): Point3[] {
  const { from, to } = event;
  if (event.kind === 'rapid' || !from || !event.arc) return [to];
  const points = sampleMove(moveOf({ ...event, from }), 1);
  return [to, ...points.map((point) => ({ ...point, z: to.z }))];
}

/** Distance from a point to a move (segment or arc). */
export function distanceToMove(point: Point2, move: Move): number {
  if (!move.arc) {
    const dx = move.to.x - move.from.x;
    const dy = move.to.y - move.from.y;
    const lengthSquared = dx * dx + dy * dy;
    const t =
      lengthSquared === 0
        ? 0
        : Math.max(
            0,
            Math.min(
              1,
              ((point.x - move.from.x) * dx + (point.y - move.from.y) * dy) / lengthSquared,
            ),
          );
    return Math.hypot(point.x - (move.from.x + t * dx), point.y - (move.from.y + t * dy));
  }
  const { radius, start, sweep } = sweepOf(move);
  const { center } = move.arc;
  let angle = Math.atan2(point.y - center.y, point.x - center.x) - start;
  if (sweep > 0) angle = ((angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  else angle = -(((-angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI));
  if (Math.abs(angle) <= Math.abs(sweep))
    return Math.abs(Math.hypot(point.x - center.x, point.y - center.y) - radius);
  return Math.min(
    Math.hypot(point.x - move.from.x, point.y - move.from.y),
    Math.hypot(point.x - move.to.x, point.y - move.to.y),
  );
}

/** Unit tangent of a move at its middle, in the direction of travel. */
export function tangentAtMiddle(move: Move): { point: Point2; tangent: Point2 } | undefined {
  if (!move.arc) {
    const length = Math.hypot(move.to.x - move.from.x, move.to.y - move.from.y);
    if (length < 1e-9) return undefined;
    return {
      point: { x: (move.from.x + move.to.x) / 2, y: (move.from.y + move.to.y) / 2 },
      tangent: { x: (move.to.x - move.from.x) / length, y: (move.to.y - move.from.y) / length },
    };
  }
  const { radius, start, sweep } = sweepOf(move);
  const angle = arcAngle(start, sweep, 1, 2);
  const { center } = move.arc;
  const direction = sweep > 0 ? 1 : -1;
  return {
    point: { x: center.x + radius * Math.cos(angle), y: center.y + radius * Math.sin(angle) },
    tangent: { x: -Math.sin(angle) * direction, y: Math.cos(angle) * direction },
  };
}

/** Sample points along a contour at most 0.1 mm apart (round holes on their exact circle). */
export function contourSamples(contour: WireVerificationContour): Point2[] {
  if (contour.circle) {
    const { center, radiusMm } = contour.circle;
    const steps = Math.max(16, Math.ceil((2 * Math.PI * radiusMm) / 0.1));
    return pointsAlongArc(center, radiusMm, 0, 2 * Math.PI, steps).slice(0, -1);
  }
  const points: Point2[] = [];
  const { polygon } = contour;
  for (let index = 0; index < polygon.length; index += 1) {
    const a = polygon[index]!;
    const b = polygon[(index + 1) % polygon.length]!;
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.1));
    for (let step = 0; step < steps; step += 1)
      points.push({ x: a.x + ((b.x - a.x) * step) / steps, y: a.y + ((b.y - a.y) * step) / steps });
  }
  return points;
}

/** Distance from a point to a contour, mm (round holes: to their exact circle). */
export const distanceToContour = (point: Point2, contour: WireVerificationContour) =>
  contour.circle
    ? Math.abs(
        Math.hypot(point.x - contour.circle.center.x, point.y - contour.circle.center.y) -
          contour.circle.radiusMm,
      )
    : distanceToBoundary(point, contour.polygon);
