/**
 * The sinker EDM verifier's completeness checks: each cavity burned to its depth (the electrode
 * one finishing spark gap above the floor) and its last condition orbiting out to the finished
 * wall. While the pass runs, the process checks (process.ts) hand each burned point to the
 * cavity it lies in; after the last move, every cavity is judged. (The report lists these under
 * 'depth' and 'walls' as process checks, as it always has.)
 *
 * Units: mm; positions are the electrode tip's, Z0 the top of the plate.
 */
import { fmt } from './checks.ts';
import type { Fail } from './checks.ts';
import type { SinkerVerificationCavity, SinkerVerificationInput } from './input.ts';

/** A cavity and how deep and how far out the electrode has burned it so far. */
export interface CavityRecord {
  input: SinkerVerificationCavity;
  /** The lowest Z the electrode reached in it (Infinity: not burned). */
  deepest: number;
  /** Largest lateral offset from the centre at the deepest Z. */
  reachAtBottom: number;
}

/** A record per cavity of the input, nothing burned yet. */
export function cavityRecords(input: SinkerVerificationInput): CavityRecord[] {
  return input.cavities.map((cavity) => ({
    input: cavity,
    deepest: Infinity,
    reachAtBottom: 0,
  }));
}

/**
 * The electrode burned at `z`, `distance` from the cavity's centre: the cavity's deepest point
 * and the orbit reached there.
 */
export function burnedAt(cavity: CavityRecord, z: number, distance: number): void {
  if (z < cavity.deepest - 1e-6) {
    cavity.deepest = z;
    cavity.reachAtBottom = distance;
  } else if (Math.abs(z - cavity.deepest) <= 1e-6) {
    cavity.reachAtBottom = Math.max(cavity.reachAtBottom, distance);
  }
}

/**
 * After the last move: each cavity burned, its floor at the depth less the finishing gap, and
 * its last condition's orbit at the bottom the finished wall's, each within the tolerance.
 */
export function checkCavities(cavities: CavityRecord[], toleranceMm: number, fail: Fail): void {
  for (const cavity of cavities) {
    const { label, depthMm, finalGapMm, finalOrbitMm } = cavity.input;
    const bottom = -(depthMm - finalGapMm);
    if (!Number.isFinite(cavity.deepest)) {
      fail('depth', `${label} is not burned`);
      continue;
    }
    if (Math.abs(cavity.deepest - bottom) > toleranceMm)
      fail(
        'depth',
        `${label}: the electrode reaches Z${fmt(cavity.deepest)}; the floor needs Z${fmt(bottom)} (depth ${fmt(depthMm)} less the gap ${fmt(finalGapMm)})`,
      );
    else if (Math.abs(cavity.reachAtBottom - finalOrbitMm) > toleranceMm)
      fail(
        'walls',
        `${label}: the last condition orbits ${fmt(cavity.reachAtBottom)} mm at the bottom; the finished wall needs ${fmt(finalOrbitMm)} mm`,
      );
  }
}
