/**
 * The setup of a turned part: how far the bar stands out of the chuck, the clearances, the tool
 * change position within the machine's travels, the finishing allowance, where the roughing and
 * finishing of the outside end in the cut-off zone, and the warnings about the bar (slender,
 * oversized, too large for the spindle bore).
 */
import { PlanningError } from '../errors.ts';
import type { CuttingOverrides } from '../program.ts';
import type { ChosenTools, LathePlanInput, LatheSetup } from './context.ts';
import { round } from './context.ts';
import type { OuterContour } from './contour.ts';
import type { PathContext } from './operations.ts';
import type { TurnedPart } from './part.ts';
import { sawnGripMm } from './sawn-blank.ts';
import { facingAllowanceMm } from './stock.ts';

/**
 * The finishing allowance: the requested one (0.2 mm by default), or more when the roughing
 * nose is larger than the finishing nose, so that the material a large nose leaves in an inside
 * corner stays within twice the allowance of the finished surface: at a 90° corner it lies
 * a·√2 + (rε rough − rε finish)·(√2 − 1) from it, which is at most 2·a for
 * a ≥ 0.71 · (rε rough − rε finish). Rounded up to 0.05 mm.
 */
export function finishingAllowanceMm(
  requestedMm: number,
  roughNoseMm: number,
  finishNoseMm: number,
): number {
  const corner = (Math.SQRT2 - 1) / (2 - Math.SQRT2);
  const needed = corner * Math.max(0, roughNoseMm - finishNoseMm);
  return Math.ceil(Math.max(requestedMm, needed) / 0.05 - 1e-9) * 0.05;
}

/**
 * The tool change position, in work coordinates (X a diameter, mm): 50 mm outside the bar, and
 * 50 mm in front of the part or less where the Z axis is short.
 * @throws PlanningError when the bar is larger than the machine turns, or its Z axis travels too
 *   little to reach from the change position to the end of the cut-off zone
 */
function changePositionFor(
  input: LathePlanInput,
  part: TurnedPart,
  partingWidthMm: number,
  clearanceMm: number,
): { x: number; z: number } {
  const stockD = input.stockDiameterMm;
  // The machine's travels: the part must fit its turning diameter, and the turret must reach
  // from the tool change position to the end of the cut-off zone.
  const machineName = input.machine?.name ?? 'The machine';
  const turnable = input.machine?.maxTurningDiameterMm;
  if (turnable !== undefined && stockD > turnable + 1e-6)
    throw new PlanningError(
      `The stock Ø${stockD} mm is larger than ${machineName} turns (Ø${turnable} mm): choose a larger lathe or a smaller bar.`,
    );
  const zTravel = input.machine?.travelsMm.z;
  const deepestZ = part.lengthMm + partingWidthMm + 10;
  if (zTravel !== undefined && deepestZ + clearanceMm + 5 > zTravel)
    throw new PlanningError(
      `The part is ${round(part.lengthMm)} mm long: ${machineName}'s Z axis travels ${zTravel} mm, too little to turn it in one setup (${Math.ceil(deepestZ + clearanceMm + 5)} mm are needed). Turn it on a lathe with more travel, or, if only its end is turned here, give the length that is turned with Change (for example "overall length 60").`,
    );
  const changeZ = zTravel === undefined ? 50 : Math.min(50, round(zTravel - deepestZ - 1));
  return { x: round(stockD + 50), z: changeZ };
}

/**
 * The finishing allowance for the chosen noses ({@link finishingAllowanceMm}), mm, with a
 * warning in `warnings` when it is more than the user asked for.
 */
function allowanceFor(overrides: CuttingOverrides, tools: ChosenTools, warnings: string[]): number {
  const { roughCutter, finishCutter } = tools;
  const allowanceMm = finishingAllowanceMm(
    overrides.finishAllowanceMm ?? 0.2,
    roughCutter.insert?.noseRadiusMm ?? 0.8,
    finishCutter.insert?.noseRadiusMm ?? 0.4,
  );
  if (overrides.finishAllowanceMm !== undefined && allowanceMm > overrides.finishAllowanceMm + 1e-9)
    warnings.push(
      `Finishing allowance ${round(allowanceMm)} mm instead of ${overrides.finishAllowanceMm} mm: the roughing nose (${roughCutter.insert?.noseRadiusMm} mm) leaves more than twice that in inside corners for the finishing nose (${finishCutter.insert?.noseRadiusMm} mm).`,
    );
  return allowanceMm;
}

/**
 * The warnings about the bar: it is more than 20 mm larger than the part, or it does not pass
 * through the spindle (not for a sawn blank, whose own warning says how long to saw it:
 * sawn-blank.ts). A bar that sticks out too far to turn without support is named in the plan's
 * 'not programmed' (plan.ts, slenderness.ts).
 */
function barWarnings(
  input: LathePlanInput,
  protrusionMm: number,
  contour: OuterContour,
  warnings: string[],
  sawn: boolean,
): void {
  const stockD = input.stockDiameterMm;
  if (stockD - contour.largestMm > 20) {
    warnings.push(
      `The stock is ${round(stockD - contour.largestMm)} mm larger than the part: roughing will take long; a smaller bar saves time.`,
    );
  }
  const barCapacity = input.machine?.barCapacityMm;
  if (!sawn && barCapacity !== undefined && stockD > barCapacity + 1e-9)
    warnings.push(
      `The bar Ø${stockD} mm does not pass through the spindle (bar capacity Ø${barCapacity} mm): saw a blank of ${round(protrusionMm + 40)} mm and chuck it.`,
    );
}

/**
 * The setup of `part` (as drawn; `contour` is the contour of the part as machined) in the bar
 * of the input, for the chosen tools; its warnings are appended to `warnings`.
 * @param sawn - the part is turned from a sawn blank (sawn-blank.ts): the same stick-out, no
 *   parting blade's block to clear, and the blank's length and grip in `blank`
 * @throws PlanningError when the machine cannot turn the bar or reach the cut-off zone
 */
export function planSetup(
  input: LathePlanInput,
  part: TurnedPart,
  contour: OuterContour,
  tools: ChosenTools,
  warnings: string[],
  sawn = false,
): LatheSetup {
  const overrides = input.overrides ?? {};
  const stockD = input.stockDiameterMm;
  const { partingTool, partingWidthMm, partingReach } = tools;
  const clearanceMm = overrides.clearanceMm ?? 2;
  const frontFaceZ = facingAllowanceMm;
  const protrusionMm = part.lengthMm + facingAllowanceMm + partingWidthMm + 5;
  const chuckFaceZ = -(part.lengthMm + partingWidthMm + 5);
  const changePosition = changePositionFor(input, part, partingWidthMm, clearanceMm);
  const path: PathContext = {
    stockDiameterMm: stockD,
    safeX: round(stockD + 2 * clearanceMm),
    clearZ: clearanceMm,
    clearRadialMm: Math.min(clearanceMm, 1),
    changePosition,
  };
  const allowanceMm = allowanceFor(overrides, tools, warnings);
  const passSetup = { clearZ: clearanceMm, pullOffMm: 0.5 };
  // The parting blade's clamp block sits at its reach above the cut: where the bar is larger
  // than that, the roughing turns 4 mm more of it down, so the block clears the bar (no block
  // without a blade: decision 060).
  const blockClearance = !sawn && partingTool && stockD / 2 > partingReach - 0.5 ? 4 : 0;
  const cutOffZoneEnd = -(part.lengthMm + partingWidthMm + 1 + blockClearance);
  const finishEndZ = -(part.lengthMm + partingWidthMm + 0.5 + blockClearance);
  barWarnings(input, protrusionMm, contour, warnings, sawn);
  const gripMm = sawnGripMm(stockD);
  return {
    ...(sawn ? { blank: { lengthMm: Math.ceil(protrusionMm + gripMm - 1e-9), gripMm } } : {}),
    frontFaceZ,
    protrusionMm,
    chuckFaceZ,
    path,
    passSetup,
    allowanceMm,
    cutOffZoneEnd,
    finishEndZ,
    throughZ: -(part.lengthMm + partingWidthMm / 2),
  };
}
