/**
 * The point of a twist drill past a blind bore: a 118° point runs 0.3 · D beyond the depth its
 * full diameter reaches (its radius falls by tan 59° ≈ 1.66 mm for each mm along the axis), and
 * must stay inside the part there. A bore ending just before a neck, or near the far face, is
 * drilled with a drill small enough that its point leaves a wall, and bored to size (a Ø25
 * drill's point broke through a Ø11 neck 4 mm past a Ø33 bore's bottom).
 */
import { POINT_LENGTH_PER_DIAMETER, POINT_WALL_MM } from '../drilling-data.ts';
import type { TurnedPart } from './part-types.ts';
import { externalThreadDepthMm } from './threads.ts';

/** How much a 118° point's radius falls per mm along the axis (tan 59°). */
const RADIUS_FALL_PER_MM = Math.tan((59 * Math.PI) / 180);

/**
 * The widest twist drill, mm, whose point past the deepest blind bore keeps POINT_WALL_MM of
 * wall to every outer diameter beyond the bore's bottom (a thread's root) and to the far face.
 * @param part - a turned part in the frame of the face its bores open at (depths from it); a
 *   first setup's blank keeps the drawn far face in `finishedLengthMm`
 * @returns Infinity when the part has no bore, or its deepest bore runs through
 */
export function widestDrillForPoint(part: TurnedPart): number {
  if (part.inner.length === 0) return Infinity;
  const deepest = part.inner.reduce((a, b) => (a.depthMm > b.depthMm ? a : b));
  // A bore drilled from both ends (both-ends.ts) ends in the other end's hole.
  if (deepest.through || deepest.meets) return Infinity;
  const depth = deepest.depthMm;
  // Its tip stops POINT_WALL_MM short of the far face as drawn (a blank's is faced off later).
  const farFace = Math.min(part.lengthMm, part.finishedLengthMm ?? Infinity);
  let widest = (farFace - POINT_WALL_MM - depth) / POINT_LENGTH_PER_DIAMETER;
  for (const section of part.outer) {
    if (section.endMm <= depth) continue;
    const radiusMm =
      section.targetMm / 2 -
      (section.threadSpec ? externalThreadDepthMm(section.threadSpec.pitchMm) : 0);
    // The point is widest where the section starts (or at the bore's bottom): there its radius
    // stays POINT_WALL_MM under the section's. A section thinner than twice the wall is not
    // reached at all.
    const past = Math.max(section.startMm, depth) - depth;
    widest = Math.min(
      widest,
      radiusMm >= POINT_WALL_MM
        ? 2 * (radiusMm - POINT_WALL_MM + past * RADIUS_FALL_PER_MM)
        : past / POINT_LENGTH_PER_DIAMETER,
    );
  }
  return widest;
}
