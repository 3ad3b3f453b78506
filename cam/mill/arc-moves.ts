/**
 * Mill toolpaths with their arcs as arcs: runs of straight feed moves in one XY plane that follow
 * a circle (an offset contour's round corners, a hole's finishing circle, the drawing's arcs
 * traced as chords) become single G2/G3 moves (cam/geometry/arc-fit.ts), so the controller gets
 * a short program and moves along true circles. Applied to every milling operation before it is
 * cut in the stock model (in-process.ts commitOperations), so the plan's feeds, the stock it
 * leaves and the verifier all see the arcs the program writes.
 */
import { fitArcs, straightStops } from '../geometry/arc-fit.ts';
import type { Point2 } from '../geometry/polygon.ts';
import type { MillMove } from './program.ts';
import { round } from './toolpath.ts';

/**
 * How far a fitted arc may lie from the chords it replaces, mm, at most: the drawing's arcs are
 * chorded to 0.005 mm (drawings/geometry/outline.ts) and the offsets' round joins to 0.002 mm
 * (geometry/polygon.ts offsetPolygons), so the points of a traced circle lie on it but its
 * chords bow up to 0.005 mm inside: an arc through the points within 0.006 mm of them lies on
 * the drawn circle, within the programs' 0.001 mm rounding.
 */
export const ARC_FIT_TOLERANCE_MM = 0.006;

/**
 * The arc-fitting tolerance for a part of general tolerance `toleranceMm` (± mm): a tenth of it,
 * at most {@link ARC_FIT_TOLERANCE_MM}, at least the programs' 0.001 mm resolution.
 */
export const arcToleranceFor = (toleranceMm: number) =>
  Math.max(0.001, Math.min(ARC_FIT_TOLERANCE_MM, toleranceMm / 10));

/** Two moves can share an arc when they cut alike: same Z, feed and planned engagement. */
const alike = (a: MillMove, b: MillMove) =>
  a.kind === 'feed' &&
  b.kind === 'feed' &&
  Math.abs(a.z - b.z) < 1e-9 &&
  a.feed === b.feed &&
  a.plannedAeMm === b.plannedAeMm;

/**
 * The moves with every run of straight feed moves that follows a circle within `toleranceMm`
 * written as arc moves (centre rounded to 0.001 mm), and points of straight runs that a move
 * from the one before to the one after passes within `toleranceMm` left out; rapids, plunges,
 * ramps and existing arcs are kept as they are.
 *
 * @param moves - one operation's moves, work coordinates, mm
 * @param toleranceMm - the largest distance between an arc and the chords it replaces, mm
 */
export function withArcs(moves: MillMove[], toleranceMm = ARC_FIT_TOLERANCE_MM): MillMove[] {
  const result: MillMove[] = [];
  let index = 0;
  while (index < moves.length) {
    const move = moves[index]!;
    const before = result[result.length - 1];
    // A run starts where the move before ends, at the run's own height.
    if (move.kind !== 'feed' || !before || Math.abs(before.z - move.z) > 1e-9) {
      result.push(move);
      index += 1;
      continue;
    }
    let end = index + 1;
    while (end < moves.length && alike(move, moves[end]!)) end += 1;
    const run = moves.slice(index, end);
    const points: Point2[] = [before, ...run];
    for (const piece of fitArcs(points, toleranceMm)) {
      if (piece.kind === 'lines')
        for (const stop of straightStops(points, piece.from, piece.to, toleranceMm))
          result.push(run[stop - 1]!);
      else {
        const to = run[piece.to - 1]!;
        result.push({
          ...to,
          kind: 'arc',
          arc: {
            center: { x: round(piece.center.x), y: round(piece.center.y) },
            clockwise: piece.clockwise,
          },
        });
      }
    }
    index = end;
  }
  return result;
}
