/**
 * A wire contour's moves with the drawing's arcs as arcs. The drawing readers give a contour as
 * a polygon whose arcs are chords within 0.005 mm of them (drawings/geometry/outline.ts); runs
 * of chords that follow one circle are fitted back into that circle (cam/geometry/arc-fit.ts)
 * and written as one G2/G3 each, so the control cuts the drawn arc instead of its chords and the
 * program is short. Round holes are their exact circle already (two half turns).
 *
 * Plane XY, work coordinates, mm. The last move of every contour is the one the tab is on: the
 * straight half-edge ending at the lead-in point (cam/wire/plan.ts puts the lead-in in the
 * middle of a straight edge at least 2 × tab + 0.5 mm long), or the circle's second half turn.
 */
import { arcPoints, circularArc } from '../gcode/arcs.ts';
import { fitArcs } from '../geometry/arc-fit.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';
import type { WireContour, WirePathMove } from './program.ts';

/**
 * How far a fitted arc may lie from the contour's points and chords, mm: the drawing's chords
 * bow up to 0.005 mm inside its arcs (their points lie on them), so an arc through the points
 * within 0.006 mm of every chord is the drawn arc, within the programs' 0.001 mm rounding (the
 * mill's tolerance, cam/mill/arc-moves.ts).
 */
export const WIRE_ARC_FIT_MM = 0.006;

/** Chord sagitta of the contour the verifier is given along fitted arcs, mm. */
const TRUE_ARC_SAG_MM = 0.0005;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The moves once around a polygon contour from its lead-in point `path[0]` back to it: arcs
 * where at least three chords follow one circle within {@link WIRE_ARC_FIT_MM}, a straight move
 * to every other vertex (none is dropped: the verifier's contour keeps them), the last one the straight move from the last vertex to
 * the lead-in point. Centres rounded to 0.001 mm, as written.
 *
 * @param path - the contour as planned, closed (its last point joins the first), three or more points
 */
export function polygonMoves(path: Polygon): WirePathMove[] {
  const points = path.slice();
  const moves: WirePathMove[] = [];
  for (const piece of fitArcs(points, WIRE_ARC_FIT_MM)) {
    if (piece.kind === 'lines')
      for (let stop = piece.from + 1; stop <= piece.to; stop += 1)
        moves.push({ to: points[stop]! });
    else
      moves.push({
        to: points[piece.to]!,
        arc: {
          center: { x: round3(piece.center.x), y: round3(piece.center.y) },
          clockwise: piece.clockwise,
        },
      });
  }
  moves.push({ to: path[0]! });
  return moves;
}

/** The moves once around a round hole from its lead-in point: two counter-clockwise half turns. */
export function circleMoves(start: Point2, circle: { center: Point2; radiusMm: number }) {
  const { center } = circle;
  const opposite = { x: 2 * center.x - start.x, y: 2 * center.y - start.y };
  const arc = { center, clockwise: false };
  return [
    { to: opposite, arc },
    { to: start, arc },
  ];
}

/** A contour's moves once around, from its lead-in point back to it. */
export function contourPathMoves(contour: Pick<WireContour, 'path' | 'circle'>): WirePathMove[] {
  return contour.circle
    ? circleMoves(contour.path[0]!, contour.circle)
    : polygonMoves(contour.path);
}

/**
 * The contour as its moves cut it, as a polygon for the verifier: straight moves as they are,
 * arcs as chords within 0.0005 mm, starting at the lead-in point (not repeated at the end).
 */
export function pathOfMoves(start: Point2, moves: readonly WirePathMove[]): Polygon {
  const points: Point2[] = [start];
  let from = start;
  for (const move of moves) {
    if (move.arc) {
      const { center, clockwise } = move.arc;
      const { radius, start: angle, sweep } = circularArc(from, move.to, center, clockwise);
      points.push(...arcPoints(center, radius, angle, sweep, TRUE_ARC_SAG_MM).slice(1, -1));
    }
    points.push(move.to);
    from = move.to;
  }
  return points.slice(0, -1);
}
