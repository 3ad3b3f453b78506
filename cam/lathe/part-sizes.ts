/**
 * Sizes of a turned part's diameters as the description gives them (cam/lathe/part.ts): the
 * nominal size, the length, and the target in the middle of the tolerance band (explicit
 * deviations, else an ISO 286 fit). Diameters and lengths in mm.
 */
import type { DiameterFeature } from '#contracts/blueprint';
import { parseDiameterCallout, parseLengthCallout } from '../callouts.ts';
import { FitError } from '../errors.ts';
import { fitLimits } from '../iso286.ts';
import type { DiameterLimits } from './part-types.ts';

/**
 * How close a finished diameter must come to its target (the middle of its band), on the
 * diameter, mm: the verifier holds every turned, bored and drilled diameter to it, and the
 * planner takes a drill as making a bore to size only within it (cam/lathe/tool-choice.ts).
 */
export const DIAMETER_TOLERANCE_MM = 0.01;

/** `value` rounded to 0.001 mm. */
export const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The target diameter of a feature (mm) and its limits when toleranced; a fit that cannot be
 * read goes to `problems`.
 * @param threaded - a thread's tolerance class is no ISO 286 fit
 */
export function limitsOf(
  feature: DiameterFeature,
  nominalMm: number,
  parsed: ReturnType<typeof parseDiameterCallout>,
  problems: string[],
  threaded = false,
): { targetMm: number; limits?: DiameterLimits } {
  let tolerance = feature.tolerance ?? parsed?.tolerance;
  // A thread's tolerance class (6g, 2A) is not an ISO 286 fit.
  const fit = threaded ? undefined : (feature.fit ?? parsed?.fit);
  if (!tolerance && fit) {
    try {
      tolerance = fitLimits(fit, nominalMm);
    } catch (error) {
      if (error instanceof FitError)
        problems.push(`the fit ${fit} of ${feature.diameter}: ${error.message}`);
      else throw error;
    }
  }
  if (!tolerance) return { targetMm: nominalMm };
  const minMm = round3(nominalMm + Math.min(tolerance.lowerMm, tolerance.upperMm));
  const maxMm = round3(nominalMm + Math.max(tolerance.lowerMm, tolerance.upperMm));
  return { targetMm: round3((minMm + maxMm) / 2), limits: { minMm, maxMm } };
}

/** The nominal size (mm) and parsed callout of a feature, else undefined with a problem. */
export function diameterOf(feature: DiameterFeature, what: string, problems: string[]) {
  const parsed = parseDiameterCallout(feature.diameter);
  const nominalMm = feature.diameterMm ?? parsed?.nominalMm;
  if (nominalMm === undefined || !(nominalMm > 0)) {
    problems.push(`the size of ${what} ("${feature.diameter || 'blank'}")`);
    return undefined;
  }
  return { nominalMm, parsed };
}

/** A feature's length, mm, when given. */
export const lengthOf = (feature: DiameterFeature): number | undefined =>
  feature.lengthMm ?? parseLengthCallout(feature.length)?.valueMm;
