/**
 * Cutting data the lathe can drive: each cut kept within 80 % of the spindle power (turning,
 * grooving and parting by Pc = vc · ap · f · kc / 60 000, drilling by the Sandvik Coromant
 * drilling formula), and a warning when a requested surface speed cannot take effect because
 * the spindle already runs at its speed limit.
 */
import type { DrillingData } from '../drilling-data.ts';
import {
  powerShare,
  specificCuttingForce,
  turningChipThickness,
  turningPowerKw,
} from '../process.ts';
import type { CuttingForce } from '../process.ts';
import type { LathePlanContext, LathePlanInput, LathePlanOutput } from './context.ts';
import { round } from './context.ts';
import type { LatheCutter } from './cutters.ts';
import type { TurningData } from './cutting-data.ts';

/** What a plan tells the user beside its program. */
interface PlanNotes {
  warnings: string[];
  /** The changes the user asked for that the machine's limits changed. */
  limited: string[];
}

/**
 * Cutting data the tool and the machine can drive: the feed at most the cutter's rated feed per
 * revolution (an insert's nose radius over its shape's factor, cutters.ts; a blade's 0.075 times
 * its width), said in a warning when lowered; then, when a cut would take more than 80 % of the spindle power
 * (Pc = vc · ap · f · kc / 60 000, cam/process.ts), its depth of cut is lowered first (not
 * below `minDepthMm`), then its surface speed (not below 30 m/min), and a warning says so.
 * @param depthMm - the depth of cut the cut takes at most (roughing ap; finishing: twice the
 *   allowance; blades: their width)
 */
export function withinSpindlePower(
  asked: TurningData,
  depthMm: number,
  cutter: LatheCutter,
  force: CuttingForce,
  input: LathePlanInput,
  operation: string,
  notes: PlanNotes,
  largestDiameterMm: number,
  minDepthMm = 0.5,
): TurningData & { depthMm: number } {
  const data = withinFeedRating(asked, cutter, operation, notes);
  const powerKw = input.machine?.spindlePowerKw;
  // Under constant surface speed the spindle limit caps the speed at the largest diameter cut.
  const capped = (vc: number) => Math.min(vc, (Math.PI * largestDiameterMm * input.maxRpm) / 1000);
  // The chip as the verifier measures it: thinner at depths below the nose radius.
  const power = (vc: number, ap: number) =>
    turningPowerKw(force, {
      surfaceSpeed: capped(vc),
      depthOfCutMm: ap,
      feedPerRevMm: data.feedPerRev,
      chipThicknessMm: turningChipThickness(
        data.feedPerRev,
        cutter.enteringAngleDeg,
        ap,
        cutter.insert?.noseRadiusMm ?? 0,
      ),
    });
  // Planned 3 % under the verifier's limit, for the depths a pass meets at its ends.
  const limit = powerKw === undefined ? Infinity : 0.97 * powerShare * powerKw;
  if (powerKw === undefined || power(data.surfaceSpeed, depthMm) <= limit)
    return { ...data, depthMm };
  const machine = input.machine?.name ?? 'the machine';
  let depth = depthMm;
  let speed = data.surfaceSpeed;
  if (data.depthOfCut !== undefined && depth > minDepthMm) {
    depth = Math.max(
      Math.min(minDepthMm, depthMm),
      Math.floor((limit / power(speed, 1)) * 20) / 20,
    );
  }
  if (power(speed, depth) > limit) {
    // Power grows with the speed actually reached: the surface speed that keeps it in bounds.
    speed = Math.max(30, Math.floor(limit / power(1, depth) / 5) * 5);
  }
  const changes = [
    depth < depthMm ? `depth of cut ${round(depth)} mm instead of ${round(depthMm)} mm` : '',
    speed < data.surfaceSpeed ? `${speed} m/min instead of ${data.surfaceSpeed} m/min` : '',
  ].filter(Boolean);
  const note = `${operation}: ${changes.join(' and ')}, so the cut stays within 80 % of ${machine}'s ${powerKw} kW spindle (${round(power(speed, depth))} kW of ${round(powerShare * powerKw)} kW).`;
  notes.warnings.push(note);
  // After feedback, the changes asked for may be what the machine cannot drive: say so.
  if (input.overrides && Object.keys(input.overrides).length > 0) notes.limited.push(note);
  return {
    ...data,
    surfaceSpeed: speed,
    ...(data.depthOfCut !== undefined ? { depthOfCut: depth } : {}),
    depthMm: depth,
  };
}

/**
 * The cutting data with its feed at most the cutter's rated feed per revolution (the verifier's
 * 'ratings' check holds every cut to it: cam/verify/lathe/ratings.ts), rounded down to 0.001
 * mm/rev, and a warning naming the tool when it is lowered.
 */
function withinFeedRating(
  data: TurningData,
  cutter: LatheCutter,
  operation: string,
  notes: PlanNotes,
): TurningData {
  const rated = cutter.rating.maxFeedPerRevMm;
  if (rated === undefined || data.feedPerRev <= rated + 1e-9) return data;
  const feedPerRev = Math.floor(rated * 1000 + 1e-6) / 1000;
  notes.warnings.push(
    `${operation}: ${feedPerRev} mm/rev instead of ${data.feedPerRev} mm/rev, the most ${cutter.label} takes (${cutter.rating.source}).`,
  );
  return { ...data, feedPerRev };
}

/**
 * Drilling the machine can drive: Pc = f · vc · D · kc / 240 000 kW (Sandvik Coromant, drilling
 * formulas), with kc at the chip of one lip, f/2 · sin 59°. Over 80 % of the spindle power the
 * spindle speed is lowered (the feed per revolution stays, so chips still break).
 */
export function drillWithinPower(
  data: DrillingData,
  diameterMm: number,
  force: CuttingForce,
  input: LathePlanInput,
  operation: string,
  notes: PlanNotes,
): DrillingData {
  const powerKw = input.machine?.spindlePowerKw;
  if (powerKw === undefined) return data;
  const chip = (data.feedPerRev / 2) * Math.sin((59 * Math.PI) / 180);
  const power = (rpm: number) =>
    (data.feedPerRev *
      ((Math.PI * diameterMm * rpm) / 1000) *
      diameterMm *
      specificCuttingForce(force, chip)) /
    240_000;
  const limit = 0.97 * powerShare * powerKw;
  if (power(data.rpm) <= limit) return data;
  const rpm = Math.max(50, Math.floor((data.rpm * limit) / power(data.rpm) / 10) * 10);
  const note = `${operation}: ${rpm} rpm instead of ${data.rpm} rpm, so the drill stays within 80 % of ${input.machine?.name ?? 'the machine'}'s ${powerKw} kW spindle (${round(power(rpm))} kW of ${round(powerShare * powerKw)} kW).`;
  notes.warnings.push(note);
  if (input.overrides && Object.keys(input.overrides).length > 0) notes.limited.push(note);
  return { ...data, rpm };
}

/**
 * A warning when a requested surface speed change cannot take effect because the spindle runs at
 * its limit: under constant surface speed the spindle turns 1000 · vc / (π · D), capped at
 * `maxRpm`, so below D = 1000 · vc / (π · maxRpm) every cut runs at the cap whatever vc is.
 */
function speedLimitWarning(
  operation: string,
  surfaceSpeed: number,
  largestDiameterMm: number,
  input: LathePlanInput,
): string | undefined {
  const factor = input.overrides?.surfaceSpeedFactor;
  if (factor === undefined || Math.abs(factor - 1) < 1e-9) return undefined;
  const capped = (1000 * surfaceSpeed) / (Math.PI * input.maxRpm);
  if (largestDiameterMm > capped) return undefined;
  const actual = Math.round((Math.PI * largestDiameterMm * input.maxRpm) / 1000);
  return `${operation}: the surface speed you asked for (${surfaceSpeed} m/min) is not reached: at Ø${round(largestDiameterMm)} mm and below, the spindle already turns at its ${input.maxRpm} rpm limit, so the cut runs at ${actual} m/min or less, as before.`;
}

/**
 * Say, in the warnings and among the limits, when the surface speed the user asked for an
 * operation is not reached below `diameterMm` because the spindle turns at its limit
 * ({@link speedLimitWarning}).
 */
export function speedNote(
  context: LathePlanContext,
  output: LathePlanOutput,
  operation: string,
  surfaceSpeed: number,
  diameterMm: number,
): void {
  const note = speedLimitWarning(operation, surfaceSpeed, diameterMm, context.input);
  if (note) {
    output.warnings.push(note);
    output.limited.push(note);
  }
}
