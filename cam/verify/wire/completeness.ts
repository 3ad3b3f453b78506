/**
 * The wire EDM verifier's completeness checks: each contour of the part cut all the way round
 * and back to its lead-in point. While the pass runs, the process checks (process.ts) hand each
 * lead-in that reaches a contour and each cut that follows it to the contour's record here;
 * after the last move, every record is judged. (The report lists these under 'closed' as a
 * process check, as it always has: a contour not cut free leaves a slug in the part.)
 *
 * Units: mm; the programmed path, before the wire offset.
 */
import { perimeter } from '../../geometry/polygon.ts';
import type { Point2 } from '../../geometry/polygon.ts';
import { at, fmt } from './checks.ts';
import type { Fail } from './checks.ts';
import type { WireVerificationContour, WireVerificationInput } from './input.ts';
import { contourSamples, distanceToMove } from './moves.ts';
import type { Move } from './moves.ts';

/** A contour and how much of it the program has cut so far. */
export interface ContourRecord {
  input: WireVerificationContour;
  /** Points along the contour at most 0.1 mm apart. */
  samples: Point2[];
  /** Which samples a cut has passed within the tolerance. */
  covered: boolean[];
  /** How many lead-ins reached it. */
  passes: number;
  firstLeadInEnd: Point2 | null;
  lastEnd: Point2 | null;
}

/** A record per contour of the input, nothing cut yet. */
export function contourRecords(input: WireVerificationInput): ContourRecord[] {
  return input.contours.map((contour) => {
    const samples = contourSamples(contour);
    return {
      input: contour,
      samples,
      covered: samples.map(() => false),
      passes: 0,
      firstLeadInEnd: null,
      lastEnd: null,
    };
  });
}

/** A lead-in ends on the contour at `to`: a pass over it starts there. */
export function startPass(contour: ContourRecord, to: Point2): void {
  contour.passes += 1;
  contour.firstLeadInEnd ??= to;
  contour.lastEnd = to;
}

/**
 * A cut that follows the contour: the samples it passes within the tolerance (+ 0.001 mm) are
 * cut, and the pass has reached `move.to`.
 */
export function coverMove(contour: ContourRecord, move: Move, toleranceMm: number): void {
  contour.samples.forEach((sample, index) => {
    if (!contour.covered[index] && distanceToMove(sample, move) <= toleranceMm + 1e-3)
      contour.covered[index] = true;
  });
  contour.lastEnd = move.to;
}

/**
 * After the last move: each contour cut, all the way round (about how much is not, from where),
 * and back to its lead-in point within the tolerance.
 */
export function checkClosed(contours: ContourRecord[], toleranceMm: number, fail: Fail): void {
  for (const contour of contours) {
    const { label } = contour.input;
    if (contour.passes === 0) {
      fail('closed', `${label} is not cut`);
      continue;
    }
    const missing = contour.covered.filter((covered) => !covered).length;
    if (missing > 0) {
      const first = contour.samples[contour.covered.indexOf(false)]!;
      const length = (perimeter(contour.samples) * missing) / contour.samples.length;
      fail(
        'closed',
        `${label}: about ${fmt(length)} mm of the contour is not cut, from ${at(first)}`,
      );
    }
    const start = contour.firstLeadInEnd!;
    const end = contour.lastEnd!;
    if (Math.hypot(end.x - start.x, end.y - start.y) > toleranceMm)
      fail(
        'closed',
        `${label}: the cut ends at ${at(end)}, not back at its lead-in point ${at(start)}`,
      );
  }
}

/**
 * After the last move: each contour cut in as many passes as the plan has (the skims bring it
 * to size and finish); fewer leave it oversize by the last skims' offsets.
 */
export function checkPassCount(contours: ContourRecord[], fail: Fail): void {
  for (const contour of contours) {
    const planned = contour.input.passes;
    if (!planned || contour.passes === 0 || contour.passes >= planned.length) continue;
    const cut = planned[contour.passes - 1]!;
    const missing = planned.slice(contour.passes);
    const last = planned.at(-1)!;
    fail(
      'passes',
      `${contour.input.label}: ${contour.passes} of ${planned.length} passes are cut; ${missing.map((pass) => `${pass.name} (D${pass.register})`).join(', ')} not, so it is left about ${fmt(cut.offsetMm - last.offsetMm)} mm oversize per side`,
    );
  }
}
