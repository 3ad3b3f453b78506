/**
 * Whether a machine of the shop can take the job's stock, told at the machine step
 * (docs/decisions/054-machine-fit-at-the-machine-step.md) so the operator learns it where the
 * machine is chosen, not at generation. The rules are the planners' own hard limits and nothing
 * stricter, so a machine the step offers is never refused later for its size:
 *
 * - Lathe (cam/lathe/setup.ts): the bar no larger than the largest diameter the lathe turns, and
 *   the part no longer than its Z axis reaches: the part, the cut-off (at least 2 mm of blade),
 *   10 mm past it, 2 mm clearance and 5 mm to the change position. A bar over the spindle's bar
 *   capacity is turned from a sawn blank, which the step says.
 * - Milling (cam/prismatic/turn.ts `placeOnTable`): the block's footprint within the X and Y
 *   travels one way round or the other; its thickness within the Z travel.
 * - Wire and sinker EDM: their planners read no travels, so neither does the step.
 *
 * All sizes in mm; the limits are the catalog model's (maker's spec sheet, contracts/shop.ts).
 */
import type { BlueprintDescription } from './blueprint.ts';
import type { MachineLimitsResponse } from './shop.ts';
import type { StockSize } from './stock-size.ts';

/** What the machine step knows of a machine's fit: usable or not, and the sentence to show. */
export type MachineFit = { usable: true; note?: string } | { usable: false; reason: string };

/** The job a machine is checked against: its type, its stock and the part's overall length. */
export interface FitJob {
  jobType: string;
  stock: StockSize;
  /** The part's overall length along the lathe's axis, mm, when the description gives it. */
  partLengthMm?: number;
}

/** Narrowest cut-off the lathe check allows for, mm (a 2 mm blade: lenient on purpose). */
const NARROWEST_CUT_OFF_MM = 2;
/** The Z the lathe planner needs beyond the part and its cut-off: 10 past, 2 clear, 5 to change. */
const LATHE_Z_MARGIN_MM = 17;
/** Sizes within this of a limit fit it, mm. */
const FIT_TOLERANCE_MM = 1e-6;

/**
 * The part's overall length from the analysed description, mm: the overall length read, else
 * the outer diameters' lengths added up; undefined when neither is known.
 */
export function partLengthOf(description: BlueprintDescription | undefined): number | undefined {
  if (!description) return undefined;
  const overall = description.dimensions.overallLengthMm;
  if (overall !== undefined) return overall;
  const sum = description.outerDiameters.reduce(
    (total, feature) => total + (feature.lengthMm ?? 0),
    0,
  );
  return sum > 0 ? sum : undefined;
}

const mm = (value: number) => `${Math.round(value * 1000) / 1000}`;

/**
 * The fit of a machine, named `machineName`, with catalog limits `limits` (absent: nothing is
 * known, so it fits) for `job`.
 */
export function machineFit(
  machineName: string,
  limits: MachineLimitsResponse | undefined,
  job: FitJob,
): MachineFit {
  if (!limits) return { usable: true };
  if (job.jobType === 'Lathe') return latheFit(machineName, limits, job);
  if (job.jobType === 'Milling') return millFit(machineName, limits, job.stock);
  return { usable: true };
}

function latheFit(machineName: string, limits: MachineLimitsResponse, job: FitJob): MachineFit {
  const diameter = job.stock.round?.diameterMm;
  const turnable = limits.maxTurningDiameterMm;
  if (diameter !== undefined && turnable !== undefined && diameter > turnable + FIT_TOLERANCE_MM)
    return {
      usable: false,
      reason: `the stock Ø${mm(diameter)} mm is larger than ${machineName} turns (Ø${mm(turnable)} mm)`,
    };
  const length = job.partLengthMm;
  const zTravel = limits.travelsMm.z;
  if (length !== undefined && length + NARROWEST_CUT_OFF_MM + LATHE_Z_MARGIN_MM > zTravel)
    return {
      usable: false,
      reason: `the part is ${mm(length)} mm long and ${machineName}'s Z axis travels ${mm(zTravel)} mm, too little to turn it in one setup`,
    };
  const capacity = limits.barCapacityMm;
  if (diameter !== undefined && capacity !== undefined && diameter > capacity + FIT_TOLERANCE_MM)
    return {
      usable: true,
      note: `The Ø${mm(diameter)} mm bar does not pass through the spindle (bar capacity Ø${mm(capacity)} mm): saw a blank and chuck it.`,
    };
  return { usable: true };
}

function millFit(machineName: string, limits: MachineLimitsResponse, stock: StockSize): MachineFit {
  const block = stock.block;
  if (!block) return { usable: true };
  const { x, y, z } = limits.travelsMm;
  const within = (a: number, b: number) => a <= x + FIT_TOLERANCE_MM && b <= y + FIT_TOLERANCE_MM;
  if (!within(block.xMm, block.yMm) && !within(block.yMm, block.xMm))
    return {
      usable: false,
      reason: `the ${mm(block.xMm)} x ${mm(block.yMm)} mm stock does not fit ${machineName}'s travels (X ${mm(x)} x Y ${mm(y)} mm) either way round`,
    };
  if (block.zMm !== undefined && block.zMm > z + FIT_TOLERANCE_MM)
    return {
      usable: false,
      reason: `the stock is ${mm(block.zMm)} mm thick and ${machineName}'s Z axis travels ${mm(z)} mm`,
    };
  return { usable: true };
}
