/**
 * Lathe toolpaths with their arcs as arcs: runs of straight feed moves that follow a circle (the
 * insert's nose rolling round a corner of the part, traced as chords by the cutter's outline in
 * cam/lathe/cutters.ts) become single G2/G3 moves (cam/geometry/arc-fit.ts), as on the mill
 * (cam/mill/arc-moves.ts, decision 101). Fitted in the half-section (Z, radius); the plan's
 * moves keep X as a diameter. Applied to the finished plan, so the posts, the cycle time and the
 * verifier all see the arcs the program writes.
 */
import { fitArcs } from '../geometry/arc-fit.ts';
import type { Point2 } from '../geometry/polygon.ts';
import type { LathePlan, LinearMove, Move } from './program.ts';

/**
 * How far a fitted arc may lie from the chords it replaces, mm: the nose's outline is traced
 * within 0.002 mm of its arc (cam/lathe/cutters.ts), so its chords bow up to 0.002 mm inside the
 * path's true arc; 0.003 mm takes them in with the programs' 0.001 mm rounding to spare.
 */
export const LATHE_ARC_FIT_MM = 0.003;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Two moves can share an arc when they cut alike: both straight feed moves at one feed. */
const alike = (a: Move, b: Move): b is LinearMove =>
  a.kind === 'feed' && b.kind === 'feed' && !a.arc && !b.arc && a.feed === b.feed;

/** A move's end in the half-section: (Z, radius). */
const halfSection = (move: { x: number; z: number }): Point2 => ({ x: move.z, y: move.x / 2 });

/**
 * The moves with every run of at least three straight feed moves that follows a circle within
 * {@link LATHE_ARC_FIT_MM} (in the half-section) written as one arc move, its centre rounded to
 * 0.001 mm (X as a diameter); every other move kept as it is.
 *
 * @param moves - one operation's moves, work coordinates, mm (X a diameter)
 */
export function withLatheArcs(moves: readonly Move[]): Move[] {
  const result: Move[] = [];
  let index = 0;
  while (index < moves.length) {
    const move = moves[index]!;
    const before = result[result.length - 1];
    if (move.kind !== 'feed' || move.arc || !before) {
      result.push(move);
      index += 1;
      continue;
    }
    let end = index + 1;
    while (end < moves.length && alike(move, moves[end]!)) end += 1;
    const run = moves.slice(index, end) as LinearMove[];
    const points = [before, ...run].map(halfSection);
    for (const piece of fitArcs(points, LATHE_ARC_FIT_MM)) {
      if (piece.kind === 'lines') {
        result.push(...run.slice(piece.from, piece.to));
        continue;
      }
      const to = run[piece.to - 1]!;
      result.push({
        ...to,
        arc: {
          center: { x: round3(2 * piece.center.y), z: round3(piece.center.x) },
          // Clockwise in (Z, radius) is clockwise seen with X up and Z to the right.
          clockwise: piece.clockwise,
        },
      });
    }
    index = end;
  }
  return result;
}

/** The plan with every operation's feed moves fitted with arcs ({@link withLatheArcs}). */
export function withArcMoves(plan: LathePlan): LathePlan {
  return {
    ...plan,
    operations: plan.operations.map((operation) => ({
      ...operation,
      moves: withLatheArcs(operation.moves),
    })),
  };
}
