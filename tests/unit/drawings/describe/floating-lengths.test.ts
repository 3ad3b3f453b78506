/**
 * Written lengths a scan gives no dimension line for, placed by their value alone
 * (describe/floating-lengths.ts, decision 081): on the one run of segments they measure within
 * half the line noise, never where another run or another such length would fit as well.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlacedLengths } from '#drawings/describe/floating-lengths';
import { floatingConstraints } from '#drawings/describe/floating-lengths';
import type { TurnedProfile } from '#drawings/describe/profile';

/** A traced shaft's profile: its segments' drawn lengths, mm, and its line noise. */
function profileOf(
  drawn: number[],
  noiseMm: number,
): { profile: TurnedProfile; boundaries: number[] } {
  const boundaries = [0];
  for (const length of drawn) boundaries.push(boundaries.at(-1)! + length);
  const outer = drawn.map((_, i) => ({
    diameterMm: 20,
    startMm: boundaries[i]!,
    endMm: boundaries[i + 1]!,
  }));
  // The axis along x from the free end at 0.
  const locate = (p: { x: number; y: number }) => ({ u: p.x, v: p.y });
  return { profile: { outer, noiseMm, locate } as unknown as TurnedProfile, boundaries };
}

const emptyResult = () => ({ axial: [], writtenLengths: new Map() }) as unknown as PlacedLengths;

describe('written lengths without their dimension lines', () => {
  it('each set the one run of segments they measure, within half the line noise', () => {
    fc.assert(
      fc.property(
        // Segment lengths far apart from each other and from every run of them.
        fc.uniqueArray(fc.integer({ min: 2, max: 60 }), { minLength: 2, maxLength: 4 }),
        fc.array(fc.double({ min: -0.25, max: 0.25, noNaN: true }), { minLength: 4, maxLength: 4 }),
        (tens, errors) => {
          const truth = tens.map((t) => 10 * t + 0.5);
          const runs = truth.flatMap((_, a) =>
            truth.map((__, b) => truth.slice(a, b + 1).reduce((s, mm) => s + mm, 0)),
          );
          const sums = runs.filter((mm) => mm > 0);
          fc.pre(sums.every((x, i) => sums.every((y, j) => i === j || Math.abs(x - y) > 1.2)));
          const drawn = truth.map((mm, i) => mm + errors[i]! / truth.length);
          const { profile, boundaries } = profileOf(drawn, 0.6);
          const result = emptyResult();
          // Each written over the middle of its segment, above the part.
          const floating = truth.map((mm, i) => ({
            text: String(mm),
            written: { valueMm: mm },
            at: { x: (boundaries[i]! + boundaries[i + 1]!) / 2, y: 30 },
          }));
          const set = floatingConstraints(profile, boundaries, [], floating, result);
          expect(set.map((c) => [c.from, c.to, c.valueMm])).toEqual(
            truth.map((mm, i) => [i, i + 1, mm]),
          );
          expect([...result.writtenLengths.values()].map((w) => w.valueMm)).toEqual(truth);
        },
      ),
    );
  });

  it('leave alone a length two runs would fit, one written elsewhere, and a run already set', () => {
    // Ø20 × 30, 30.2, 12: "30" written over the middle fits both the first and the second.
    const { profile, boundaries } = profileOf([30, 30.2, 12], 0.6);
    const floating = [{ text: '30', written: { valueMm: 30 }, at: { x: 30, y: 30 } }];
    expect(floatingConstraints(profile, boundaries, [], floating, emptyResult())).toEqual([]);
    const twelve = [{ text: '12', written: { valueMm: 12 }, at: { x: 66, y: 30 } }];
    // In the title block, far beyond the part: no length of it.
    const far = [{ ...twelve[0]!, at: { x: 180, y: -40 } }];
    expect(floatingConstraints(profile, boundaries, [], far, emptyResult())).toEqual([]);
    const taken = [{ from: 2, to: 3, valueMm: 12, text: '12' }];
    expect(floatingConstraints(profile, boundaries, taken, twelve, emptyResult())).toEqual([]);
    expect(floatingConstraints(profile, boundaries, [], twelve, emptyResult())).toHaveLength(1);
  });
});
