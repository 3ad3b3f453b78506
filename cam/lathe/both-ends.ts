/**
 * A through bore deeper than its drill reaches, drilled from both ends: the free end's drill
 * goes a little past the middle, and the far end's, in the second setup with the part turned
 * around, meets it (its full diameter 1 mm past the first hole's). The drawing's one bore becomes
 * a blind bore from each end (`inner` and `farInner`), so the planner, the second setup and the
 * verifier treat them as any bores from either end. Only a plain through bore (one bore, no
 * thread, no fit tighter than a drill holds, nothing else at the far end) is split: two holes
 * meeting inside are as straight as two drills run, not as a bored fit.
 */
import { POINT_LENGTH_PER_DIAMETER } from '../drilling-data.ts';
import { cutterOf } from './context.ts';
import type { TurnedPart } from './part-types.ts';
import { boreTools } from './tool-choice.ts';
import type { LatheTool } from './tooling.ts';

/** How far past the first hole's full diameter the far end's full diameter reaches, mm. */
const OVERLAP_MM = 1;

/**
 * The part with its through bore split into a bore from each end when the drill that makes it
 * does not reach through it but reaches past its middle; `part` itself otherwise.
 * @param throughMm - how deep a through bore is drilled to come out (the cut-off included), mm
 * @returns the part, and the sentence that tells the operator, when split
 */
export function drilledFromBothEnds(
  part: TurnedPart,
  tools: LatheTool[],
  throughMm: number,
): { part: TurnedPart; warning?: string } {
  const [bore] = part.inner;
  if (
    part.inner.length !== 1 ||
    !bore?.through ||
    bore.thread ||
    (part.farInner ?? []).length > 0 ||
    (part.farChamfers ?? []).length > 0
  )
    return { part };
  const { drill, exact } = boreTools(part, tools);
  if (!drill || !exact || drill.diameterMm === undefined) return { part };
  const reach = cutterOf(drill).rating.reachMm ?? Infinity;
  const tip = POINT_LENGTH_PER_DIAMETER * drill.diameterMm;
  if (throughMm + tip <= reach) return { part };
  const firstMm = Math.ceil(part.lengthMm / 2);
  const farMm = part.lengthMm - firstMm + OVERLAP_MM;
  if (firstMm + tip > reach || farMm + tip > reach) return { part };
  return {
    part: {
      ...part,
      inner: [{ ...bore, depthMm: firstMm, through: false, meets: true }],
      farInner: [{ ...bore, depthMm: farMm, through: false, meets: true }],
    },
    warning: `The bore ${bore.label} through is deeper than ${drill.label} reaches (${reach} mm of flute): it is drilled ${firstMm} mm from the free end and ${farMm} mm from the far end in setup 2, where the two holes meet.`,
  };
}
