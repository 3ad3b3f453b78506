/**
 * Slender parts turned in two chuckings
 * (docs/decisions/064-slender-parts-in-two-chuckings.md). A part that would stick out of the
 * chuck more than the rule allows (slenderness.ts) when the first setup turns its whole outside is
 * turned as a machinist turns a long shaft without a tailstock: the first setup turns the outside
 * from the free end back to a shoulder (the split) and leaves the bar at its full diameter behind
 * it, which stiffens the stick-out most where it counts most (at the jaws); the part is parted
 * off (or taken out whole from a sawn blank, decision 058), turned around, held in soft jaws on a
 * diameter the first setup finished, faced to length, and the rest of the outside is roughed and
 * finished from the far end by the first setup's own roughing and finishing (roughing.ts,
 * finishing.ts) on the part turned around, its grooves and far-end threads cut there too.
 *
 * The split is a shoulder between two outer sections where each setup can make its side: the
 * outer chamfers (on edges stepping up from the free end) in front of it; the threads the free
 * end reaches in front of it, those only the far end reaches (threading.ts `reachedFrom`) behind
 * it; behind it, every section either on the envelope seen from the far end (turned from there)
 * or a groove from either end (cut by a blade). The second setup holds the part on a section in
 * front of the split that is on the envelope from the free end, neither a thread nor a groove,
 * the smaller sections in front of it reaching into the chuck (within the spindle's bar capacity
 * when it is known), the jaws' face `jawClearanceMm` clear of its cuts, at most
 * {@link maxSplitGripMm} of it in the jaws and at least `minGripMm`. Both chuckings must be within
 * the rule; of the splits that allow it, the one whose worse chucking is least slender is taken.
 *
 * Units: mm. Coordinates: the first setup's (Z0 the finished free-end face, negative toward the
 * chuck) unless said otherwise; the second setup's Z0 is the finished far-end face.
 */
import { PlanningError } from '../errors.ts';
import type { LathePlanContext, LathePlanInput, LathePlanOutput } from './context.ts';
import { round } from './context.ts';
import { flippedOuter, jawClearanceMm, minGripMm } from './far-outside.ts';
import { finishOutside } from './finishing.ts';
import { cutGrooves } from './grooving.ts';
import type { OuterSection, TurnedPart } from './part-types.ts';
import type { LathePlan } from './program.ts';
import { roughOutside } from './roughing.ts';
import {
  chuckingsOf,
  maxUnsupportedSlenderness,
  slendernessOf,
  withinLimit,
} from './slenderness.ts';
import { planChuckings, profileSpans } from './support.ts';
import { cutThreads, reachedFrom } from './threading.ts';

/**
 * How far the second chucking's turning runs on past the split over what the first turned, mm:
 * the programmed point of a turning tool leads its nose's centre by the nose radius, so a nose
 * of up to 1.2 mm (the largest of the common ISO 1832 finishing radii) still sweeps the corner
 * the first setup's nose left at the split, with 0.6 mm to spare.
 */
export const splitOverlapMm = 3;

/**
 * The least length of the section in front of the split, mm: the second setup's overlap, and
 * the 3.5 mm beside a groove a blade's clamp block must clear (grooving.ts).
 */
export const minLastSectionMm = 4;

/** The most of the held diameter in the second setup's jaws, mm (the bar grip of stock.ts). */
export const maxSplitGripMm = 25;

/** Where the second of two chuckings holds the part (first setup's distances), mm. */
export interface SplitGrip {
  /** The held section's finished diameter, and how much of it the jaws hold. */
  diameterMm: number;
  lengthMm: number;
  /** The jaws' face, from the free-end face. */
  jawsAtMm: number;
  /** The held section's label ("Ø38") and its index among the outer sections. */
  label: string;
  index: number;
}

/** A part turned in two chuckings: where the first setup's turning ends, and the grip. */
export interface TwoChuckings {
  /** The split: the first setup turns the outside from the free-end face to here, mm. */
  splitMm: number;
  grip: SplitGrip;
  /** Each chucking's stick-out over its stiffness diameter (slenderness.ts), as estimated. */
  ratios: [number, number];
}

/**
 * The part the first setup turns: the outer sections in front of the split, then the bar at the
 * stock's diameter (a section marked `bar`) to the far end; outer chamfers in front of the split
 * only, and no chamfer at the far end (the second setup turns it: far-outside.ts).
 */
export function frontOf(part: TurnedPart, splitMm: number, stockDiameterMm: number): TurnedPart {
  const { partOffChamfer: _blade, farOuterChamfer: _far, ...rest } = part;
  const bar: OuterSection = {
    startMm: splitMm,
    endMm: part.lengthMm,
    nominalMm: stockDiameterMm,
    targetMm: stockDiameterMm,
    kind: 'cylinder',
    label: `the bar Ø${stockDiameterMm}`,
    bar: true,
  };
  return {
    ...rest,
    outer: [...part.outer.filter((section) => section.endMm <= splitMm + 1e-6), bar],
    chamfers: part.chamfers.filter((chamfer) => chamfer.inner || chamfer.atMm < splitMm - 1e-6),
  };
}

/**
 * Whether the outer section at `index` is made by the setup on its side of a split after the
 * section at `last`: threads by the end that reaches them, behind the split on the envelope
 * from the far end or a groove from either end.
 */
function madeFromItsSide(part: TurnedPart, index: number, last: number): boolean {
  const sections = part.outer;
  const section = sections[index]!;
  const reach = reachedFrom(part)[index]!;
  if (section.threadSpec && (reach === 'far') !== index > last) return false;
  if (index <= last) return true;
  const larger = (other: OuterSection) => other.targetMm > section.targetMm + 1e-9;
  return onFarEnvelope(part, index) || sections.slice(0, index).some(larger);
}

/** Whether no outer section behind the one at `index` (toward the far end) is larger. */
const onFarEnvelope = (part: TurnedPart, index: number): boolean =>
  !part.outer.slice(index + 1).some((other) => other.targetMm > part.outer[index]!.targetMm + 1e-9);

/**
 * The shoulders the part may be split at (after outer section `last`), mm from the free end. The
 * first setup leaves its finishing nose's radius in the corner at the split; where the part
 * steps down there, the second setup's turning sweeps it off, so the section behind a step down
 * must be one it turns (not a groove, whose blade leaves the corner). The section in front of
 * the split is one the first setup turns (on the envelope from the free end), at least
 * {@link minLastSectionMm} long: the second setup's turning runs on over it, and no groove lies
 * beside the bar left behind the split, whose blade's clamp block would have to clear it.
 */
function splitsOf(part: TurnedPart): { splitMm: number; last: number }[] {
  const outerChamfers = part.chamfers.filter((chamfer) => !chamfer.inner);
  return part.outer.slice(0, -1).flatMap((section, last) => {
    const splitMm = section.endMm;
    if (outerChamfers.some((chamfer) => chamfer.atMm > splitMm - 1e-6)) return [];
    const before = part.outer.slice(0, last).map((entry) => entry.targetMm);
    if (before.some((diameter) => diameter > section.targetMm + 1e-9)) return [];
    if (section.endMm - section.startMm < minLastSectionMm - 1e-9) return [];
    const behind = part.outer[last + 1]!;
    if (behind.targetMm < section.targetMm && !onFarEnvelope(part, last + 1)) return [];
    const made = part.outer.every((_, index) => madeFromItsSide(part, index, last));
    return made ? [{ splitMm, last }] : [];
  });
}

/**
 * The diameters the second setup may hold the part on for a split at `splitMm`: sections in
 * front of the split on the envelope from the free end, neither threads nor grooves, the smaller
 * ones in front of them within `barCapacityMm` (they reach into the chuck), the jaws' face
 * `jawClearanceMm` clear of the second setup's turning, `minGripMm` to
 * {@link maxSplitGripMm} held.
 */
function gripsFor(part: TurnedPart, splitMm: number, barCapacityMm?: number): SplitGrip[] {
  return part.outer.flatMap((section, index) => {
    if (section.endMm > splitMm + 1e-6 || section.threadSpec || section.kind === 'groove')
      return [];
    const before = part.outer.slice(0, index).map((entry) => entry.targetMm);
    if (before.some((diameter) => diameter > section.targetMm + 1e-9)) return [];
    if (barCapacityMm !== undefined && before.some((diameter) => diameter > barCapacityMm))
      return [];
    const jawsAtMm = round(Math.min(section.endMm, splitMm - splitOverlapMm - jawClearanceMm));
    const lengthMm = round(Math.min(maxSplitGripMm, jawsAtMm - section.startMm));
    if (lengthMm < minGripMm - 1e-9) return [];
    return [{ diameterMm: section.targetMm, lengthMm, jawsAtMm, label: section.label, index }];
  });
}

/**
 * The ways to turn `part` in two chuckings that keep both within the rule, least slender first,
 * estimated from the plan that turns it in one (its stock, cut-off width and facing allowance):
 * the first chucking as long as that plan's with the bar's diameter behind the split, the second
 * from the parted face's allowance to the jaws, with the part's finished profile.
 * @param part - the part as drawn
 * @param plan - the plan of the part turned whole in the first setup
 * @param barCapacityMm - the spindle's bar capacity, when known
 * @param limit - the largest slenderness of a chucking the chuck holds alone (slenderness.ts
 *   `withinLimit`)
 */
export function twoChuckingsFor(
  part: TurnedPart,
  plan: LathePlan,
  barCapacityMm?: number,
  limit = maxUnsupportedSlenderness,
): TwoChuckings[] {
  const length = part.lengthMm;
  const { outer, inner } = profileSpans(part);
  const stock = {
    diameterMm: plan.stock.diameterMm,
    frontFaceZ: plan.stock.frontFaceZ,
    chuckFaceZ: -(length + 0.5 + plan.partingWidthMm + 5),
    sawn: false,
  };
  const options = splitsOf(part).flatMap(({ splitMm }) => {
    const remainder = { fromZ: -splitMm, diameterAt: () => stock.diameterMm };
    const [first] = chuckingsOf(stock, length, outer, inner, undefined, remainder);
    if (!withinLimit(first!, limit)) return [];
    const held = gripsFor(part, splitMm, barCapacityMm)
      .map((grip) => {
        const second = { frontZ: 0.5, chuckFaceZ: -(length - grip.jawsAtMm) };
        const chucking = chuckingsOf(stock, length, outer, inner, second)[1]!;
        return { grip, chucking };
      })
      .filter(({ chucking }) => withinLimit(chucking, limit))
      .sort((a, b) => slendernessOf(a.chucking).ratio - slendernessOf(b.chucking).ratio)[0];
    if (!held) return [];
    const ratios: [number, number] = [
      slendernessOf(first!).ratio,
      slendernessOf(held.chucking).ratio,
    ];
    return [{ splitMm, grip: held.grip, ratios }];
  });
  return options.sort((a, b) => Math.max(...a.ratios) - Math.max(...b.ratios));
}

/** Where the second setup's turning ends (its Z, negative): just past the split. */
export const remainderEndZ = (lengthMm: number, split: TwoChuckings): number =>
  -round(lengthMm - split.splitMm + splitOverlapMm);

/**
 * The second setup's work on the outside the first left: roughed and finished from the far
 * end to just past the split, by the first setup's own roughing and finishing.
 * @param second - the second setup's context: the part turned around as machined
 */
export function turnRemainder(
  second: LathePlanContext,
  split: TwoChuckings,
  output: LathePlanOutput,
): void {
  const endZ = remainderEndZ(second.part.lengthMm, split);
  roughOutside(second, output, endZ);
  finishOutside(second, output, endZ);
}

/**
 * The grooves (thread undercuts among them) behind the split, cut in the second setup, then
 * its far-end threads.
 */
export function grooveAndThreadRemainder(
  second: LathePlanContext,
  split: TwoChuckings,
  output: LathePlanOutput,
): void {
  const backZ = -(second.part.lengthMm - split.splitMm);
  const grooves = second.contour.grooves.filter((groove) => groove.zChuckSide >= backZ - 1e-6);
  cutGrooves({ ...second, contour: { ...second.contour, grooves } }, output);
  cutThreads(second, output);
}

/**
 * The part as both chuckings machine it: the first setup's sections in front of the split (its
 * undercuts among them, without the bar), the second setup's behind it, turned back.
 * @param first - the part as the first setup machines it, at the drawn length
 * @param second - the part turned around as the second setup machines it
 * @param drawn - the part as drawn: the chamfer at its far end, which the second setup turns
 */
export function joinedPart(
  first: TurnedPart,
  second: TurnedPart,
  splitMm: number,
  drawn: TurnedPart,
): TurnedPart {
  const back = flippedOuter(second.outer, second.lengthMm).filter(
    (section) => section.startMm >= splitMm - 1e-6,
  );
  const front = first.outer.filter((section) => !section.bar && section.endMm <= splitMm + 1e-6);
  const far = drawn.farOuterChamfer;
  return { ...first, outer: [...front, ...back], ...(far ? { farOuterChamfer: far } : {}) };
}

/**
 * The operator's line for chucking the part in the second setup: on which diameter, how much
 * of it, where the jaws' face is and what reaches into the chuck. Short enough for a comment line
 * (LinuxCNC reads at most 255 characters a line).
 * @param end - what faces out: "the parted face", "the sawn end"
 */
export function chuckWords(split: TwoChuckings, end: string, sawn: boolean): string {
  const { grip } = split;
  const into = grip.index > 0 ? '; the smaller end reaches into the chuck' : '';
  return `${sawn ? 'Take the part out of the jaws, turn it around' : 'Turn the part around'} and chuck it on Ø${grip.diameterMm} (turned in setup 1) in soft jaws bored to it, ${grip.lengthMm} mm in the jaws, their face ${grip.jawsAtMm} mm from the free-end face, ${end} out${into}`;
}

/**
 * The warning that says the part is turned in two chuckings and why, for the setup sheet. Short
 * enough for a comment line.
 */
export function twoChuckingsWarning(split: TwoChuckings, stockDiameterMm: number): string {
  return `Two chuckings, as the part is too slender to turn whole without support: setup 1 turns the outside ${split.splitMm} mm from the free end and leaves the rest at the bar's Ø${stockDiameterMm}; setup 2 turns the rest from the far end, held on Ø${split.grip.diameterMm} in soft jaws.`;
}

/** How many splits are planned in full before the part is left turned whole. */
const splitsTried = 3;

/**
 * The plan of a part in two chuckings whose chuckings are both within the rule, of the best
 * splits estimated from the plan that turns it whole; undefined when none is.
 * @param planAt - the plan (plan.ts) of the part in two chuckings at a split
 * @param limit - the largest slenderness of a chucking the chuck holds alone
 */
export function inTwoChuckings(
  input: LathePlanInput,
  whole: LathePlan,
  planAt: (split: TwoChuckings) => LathePlan,
  limit = maxUnsupportedSlenderness,
): LathePlan | undefined {
  const splits = twoChuckingsFor(input.part, whole, input.machine?.barCapacityMm, limit);
  for (const split of splits.slice(0, splitsTried)) {
    let plan: LathePlan;
    try {
      plan = planAt(split);
    } catch (error) {
      // A split the machine cannot plan leaves the part turned whole, as it was planned.
      if (error instanceof PlanningError) continue;
      throw error;
    }
    if (plan.secondSetup?.outsideFromMm === undefined) continue;
    if (planChuckings(plan).every((chucking) => withinLimit(chucking, limit))) return plan;
  }
  return undefined;
}
