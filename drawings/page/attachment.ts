/**
 * Which written value goes with which dimension line, beyond nearest first (dimensions.ts
 * attachCallouts, decision 065): a value is written along its dimension line or, on drawings
 * lettered unidirectionally, horizontally (ISO 129-1), so a value written at another angle is not
 * the value of a line it crosses; and where values are crowded, taking the nearest pair first
 * can leave a value a line it does not belong to, which exchanging two values' lines mends.
 * Page points, y down.
 */
import { cross } from '../geometry/plane.ts';
import type { Point } from '../geometry/primitives.ts';

/** What a value written across its line costs when it is attached (page points). */
export const ACROSS_PT = 1000;

/** Sine of the angle within which a text's baseline is horizontal or along a line (5°). */
const SIN_TOLERANCE = Math.sin((5 * Math.PI) / 180);

/**
 * What writing a value at `angleDeg` beside a line running along `direction` costs: nothing when
 * the text is horizontal or runs along the line, {@link ACROSS_PT} otherwise (a value written
 * upright beside a horizontal line is another line's).
 *
 * @param direction - the line's unit direction, page points (y down)
 * @param angleDeg - the text's baseline, degrees counter-clockwise as seen on the page
 */
export function writingCost(direction: Point, angleDeg: number): number {
  const a = (angleDeg * Math.PI) / 180;
  const baseline = { x: Math.cos(a), y: -Math.sin(a) };
  if (Math.abs(baseline.y) <= SIN_TOLERANCE) return 0;
  return Math.abs(cross(direction, baseline)) <= SIN_TOLERANCE ? 0 : ACROSS_PT;
}

/**
 * Whether a text at `angleDeg` is written square to a line running along `direction` (its
 * baseline within 5° of square to the line).
 */
export function writtenSquare(direction: Point, angleDeg: number): boolean {
  const a = (angleDeg * Math.PI) / 180;
  const baseline = { x: Math.cos(a), y: -Math.sin(a) };
  return Math.abs(direction.x * baseline.x + direction.y * baseline.y) <= SIN_TOLERANCE;
}

/** A value attached to a line, with what the pair costs. */
export interface Pairing {
  line: number;
  callout: number;
}

/** Least saving, page points, for which two values exchange their lines. */
const SAVING_PT = 1;

/**
 * Mends a nearest-first attachment: two values exchange their lines when the pairs cost less
 * together so (both exchanged pairs must be possible), until no exchange saves more than a
 * point. The pairs are changed in place.
 *
 * @param pairs - the attachment, each line and each value used once
 * @param cost - what a pair costs, undefined when the value cannot be that line's
 */
export function exchangeLines(
  pairs: Pairing[],
  cost: (line: number, callout: number) => number | undefined,
): void {
  for (let round = 0; round < pairs.length; round++) {
    let exchanged = false;
    for (let i = 0; i < pairs.length; i++) {
      for (let j = i + 1; j < pairs.length; j++) {
        const a = pairs[i]!;
        const b = pairs[j]!;
        const crossed = [cost(b.line, a.callout), cost(a.line, b.callout)];
        if (crossed.some((c) => c === undefined)) continue;
        const now = cost(a.line, a.callout)! + cost(b.line, b.callout)!;
        if (crossed[0]! + crossed[1]! > now - SAVING_PT) continue;
        [a.line, b.line] = [b.line, a.line];
        exchanged = true;
      }
    }
    if (!exchanged) break;
  }
}

/**
 * The values whose line cannot be told: two values written over one another (`overlapping`),
 * different as written, each of which could be the other's line's value at about the same cost
 * (within `margin`: a text height, so values overlapping by more than half their height). Identical
 * values ('0.1875' over '0.1875') give the same sizes either way and are not ambiguous.
 *
 * @returns the indices of the ambiguous values
 */
export function ambiguousValues(
  pairs: Pairing[],
  cost: (line: number, callout: number) => number | undefined,
  overlapping: (a: number, b: number) => boolean,
  sameText: (a: number, b: number) => boolean,
  margin: (a: number, b: number) => number,
): Set<number> {
  const out = new Set<number>();
  for (const a of pairs) {
    for (const b of pairs) {
      if (a === b || !overlapping(a.callout, b.callout) || sameText(a.callout, b.callout)) continue;
      const first = cost(b.line, a.callout);
      const second = cost(a.line, b.callout);
      if (first === undefined || second === undefined) continue;
      const now = cost(a.line, a.callout)! + cost(b.line, b.callout)!;
      if (first + second <= now + margin(a.callout, b.callout)) out.add(a.callout).add(b.callout);
    }
  }
  return out;
}
