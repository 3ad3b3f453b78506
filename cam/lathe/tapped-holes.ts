/**
 * Tapped holes of a turned part as the part model holds them (cam/lathe/part-bores.ts): a bore of
 * the tap drill's size, drilled deep enough for the thread, the tap's chamfer and a pitch of
 * clearance, with the thread it is tapped to (docs/decisions/051-lathe-tapped-holes.md).
 *
 * - Tap drill: ISO 2306 / DIN 336 for metric coarse threads, nominal − pitch in the drill series
 *   otherwise, the Machinery's Handbook 75 % drill for Unified threads (threadSpecOf in
 *   cam/prismatic/tap-drills.ts, which the mill uses too); any drill within ±0.1 mm of it.
 * - Tap chamfer: DIN 2197 (ISO 8830) form C taps, the usual machine taps for blind holes, have a
 *   chamfer of 2 to 3 threads; the tap's tip goes 3 pitches past the full thread, as the mill
 *   drills (cam/mill/holes.ts), and the drilled hole one pitch deeper than the tip.
 * - Larger than M20 a thread is single-point threaded with an internal threading tool, not
 *   tapped (a tap of that size needs more torque than a small lathe's spindle gives at tapping
 *   speed): it is left 'not programmed', naming that tool.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { threadSpecOf } from '../prismatic/tap-drills.ts';
import type { InnerSection, InternalThread } from './part-types.ts';
import { round3 } from './part-sizes.ts';

/** Pitches of the tap's chamfer (DIN 2197 form C: 2 to 3 threads, the longer taken). */
export const tapChamferPitches = 3;
/** The largest thread tapped; larger ones are single-point threaded. */
export const largestTappedMm = 20;
/** A tap drill may be this far from the ISO 2306 size, on the diameter, mm. */
export const tapDrillToleranceMm = 0.1;

/**
 * The bore of a tapped hole (its tap drill, with the thread), or undefined with a 'not
 * programmed' entry when its thread cannot be read or is better single-point threaded.
 * @param startMm - where it opens, from the free end; `lengthMm` its thread depth
 */
export function tappedSection(
  feature: BlueprintDescription['innerDiameters'][number],
  designation: string,
  startMm: number,
  lengthMm: number,
  through: boolean,
  outlineLength: number,
  notProgrammed: string[],
): InnerSection | undefined {
  const spec = threadSpecOf(feature.thread ?? designation) ?? threadSpecOf(designation);
  if (!spec) {
    notProgrammed.push(
      `the internal thread ${designation}: its size and pitch cannot be read; tap it by hand after the program`,
    );
    return undefined;
  }
  const name = spec.callout;
  if (spec.nominalMm > largestTappedMm + 1e-9) {
    notProgrammed.push(
      `the internal thread ${name}: larger than M${largestTappedMm} it is single-point threaded, which this planner does not do yet; an internal threading tool (a boring bar with an internal threading insert for a ${spec.pitchMm} mm pitch) would cut it after the bore is drilled to Ø${spec.tapDrillMm} mm`,
    );
    return undefined;
  }
  const pitch = spec.pitchMm;
  const tapDepth = lengthMm + tapChamferPitches * pitch;
  const reachesEnd = through || startMm + tapDepth + pitch >= outlineLength - 0.05;
  const threadDepthMm = reachesEnd ? outlineLength - startMm : lengthMm;
  const endMm = reachesEnd ? outlineLength : startMm + tapDepth + pitch;
  const tapDrill = spec.tapDrillMm;
  return {
    depthMm: round3(endMm),
    through: startMm === 0 && reachesEnd,
    nominalMm: tapDrill,
    targetMm: tapDrill,
    limits: {
      minMm: round3(tapDrill - tapDrillToleranceMm),
      maxMm: round3(tapDrill + tapDrillToleranceMm),
    },
    label: `${name} ${reachesEnd ? 'through' : `x ${round3(lengthMm)} deep`}`,
    thread: {
      designation: name,
      majorMm: spec.nominalMm,
      pitchMm: pitch,
      tapDrillMm: tapDrill,
      threadDepthMm: round3(threadDepthMm),
      tapDepthMm: round3(threadDepthMm + tapChamferPitches * pitch),
    },
  };
}

/** "an M8x1.25 tap", "a 1/4"-20 UNC tap". */
export const tapNameOf = (thread: InternalThread): string =>
  /^M/i.test(thread.designation)
    ? `an M${thread.majorMm}x${thread.pitchMm} tap`
    : `a ${thread.designation} tap`;
