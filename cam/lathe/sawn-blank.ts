/**
 * Turned parts from a sawn blank, in two setups
 * (docs/decisions/058-sawn-blanks-when-the-blade-cannot-part-off.md): when the selected parting
 * blade does not reach the part off's depth (a Ø75 or Ø140 part on a blade rated 19 mm deep),
 * the machinist saws a blank off the bar, chucks it, turns what the free end reaches (no part
 * off), then turns the part around, holds it on its finished free-end diameter and faces the
 * stub the jaws held off down to the part's length (second-setup.ts, facing.ts `faceStubOff`).
 *
 * The blank: the first setup's stick-out (the facing allowance, the part's length with the
 * second setup's facing allowance, the cut-off zone where the roughing ends and 4 mm to the
 * jaws: setup.ts) plus the grip ({@link sawnGripMm}), rounded up to the whole mm the saw is set
 * to. Units: mm; coordinates as in program.ts.
 */
import type { LathePlanContext, LathePlanInput, LatheSetup } from './context.ts';
import { round } from './context.ts';
import { gripOf, makesOutside } from './far-outside.ts';
import type { FarOutside } from './far-outside.ts';
import type { TurnedPart } from './part.ts';
import { partingDepthMm } from './parting.ts';

/** The least length of a sawn blank held in the jaws, mm (a hard jaw's grip step). */
export const sawnGripMinMm = 10;
/** The most of a sawn blank held in the jaws, mm: as much as the bar grip (stock.ts). */
export const sawnGripMaxMm = 25;

/**
 * How much of a sawn blank of Ø`stockDiameterMm` the first setup holds in the jaws: 0.2 × the
 * diameter, at least 10 mm, at most 25 mm, rounded up to the whole mm. A rule of thumb, not a
 * handbook figure: the stepped hard jaws of a three-jaw chuck grip on a 10–25 mm step, and a
 * larger blank needs more of it to hold against the cutting torque; 25 mm is the bar grip the
 * stock sizes already assume (stock.ts `minimumGripMm`).
 */
export function sawnGripMm(stockDiameterMm: number): number {
  return Math.min(sawnGripMaxMm, Math.max(sawnGripMinMm, Math.ceil(0.2 * stockDiameterMm - 1e-9)));
}

/**
 * The part as drawn for a sawn blank: the chamfer at the parted-off end that the parting blade
 * would have turned (`partOffChamfer`, decision 052) is turned in the second setup instead
 * (`farOuterChamfer`, decision 053), when its small diameter stays 0.4 mm above every bore that
 * opens at that end (part.ts's rule); otherwise it is named in the part's 'not programmed'.
 */
export function sawnPartOf(part: TurnedPart): TurnedPart {
  const chamfer = part.partOffChamfer;
  if (!chamfer || part.farOuterChamfer) return part;
  const { partOffChamfer: _bladeChamfer, ...rest } = part;
  const leg = chamfer.sizeMm * Math.tan((chamfer.angleDeg * Math.PI) / 180);
  const hole = Math.max(
    0,
    ...(part.farInner ?? []).map((bore) => bore.targetMm),
    ...part.inner.filter((bore) => bore.through).map((bore) => bore.targetMm),
  );
  if (chamfer.diameterMm - 2 * leg > hole + 0.4) return { ...rest, farOuterChamfer: chamfer };
  return {
    ...rest,
    notProgrammed: [
      ...part.notProgrammed,
      `the chamfer ${chamfer.label} at the parted-off end: its small diameter comes within 0.4 mm of the bore there; deburr it`,
    ],
  };
}

/**
 * The least length of the free-end diameter the second setup must hold to face a sawn blank's
 * stub off, mm. Facing pushes the part into the jaws, and no cut comes near them, so a shorter
 * grip than the 5 mm the far end's outside needs (far-outside.ts `minGripMm`) holds it in soft
 * jaws bored to the part, as 048's short-grip warning tells the operator; under 3 mm a shop
 * rule of thumb (not a handbook figure) says a bored step no longer locates the part square.
 */
export const minFacingGripMm = 3;

/**
 * Whether the second setup can hold the part to face the stub off: the jaws hold at least
 * {@link minFacingGripMm} of its free-end diameter (far-outside.ts `gripOf`, the grip of
 * decisions 048 and 053), clear of the far end's outside it makes.
 */
export function holdsForSawnBlank(part: TurnedPart, outside: FarOutside | undefined): boolean {
  const reachZ = makesOutside(outside) ? outside.reachZ : 0;
  return gripOf(part, reachZ).lengthMm >= minFacingGripMm - 1e-9;
}

/**
 * The length of the stub the second setup faces off (from the finished far-end face to the
 * blank's sawn back end), mm.
 * @param setup - the first setup, with its `blank`
 * @param lengthMm - the part's overall length as drawn
 */
export const stubMm = (setup: LatheSetup, lengthMm: number): number =>
  round(setup.blank!.lengthMm - setup.frontFaceZ - lengthMm);

/**
 * The warning that tells the operator to saw the blank: its size, how much of it goes in the
 * jaws and why (the blade does not reach, the bar does not pass the spindle). Short enough for
 * a comment line of the program (LinuxCNC reads at most 255 characters a line).
 */
export function sawnBlankWarning(input: LathePlanInput, setup: LatheSetup, why: string): string {
  const blank = setup.blank!;
  return `Saw a blank Ø${input.stockDiameterMm} x ${blank.lengthMm} mm, ${blank.gripMm} mm of it in the jaws (${round(setup.protrusionMm)} mm out): ${why}; its sawn end is faced off in setup 2.`;
}

/**
 * The warnings of a part turned from a sawn blank, before the operations': without a parting
 * blade what one would change, then the blank to saw (sawn-blank.ts).
 * @param boresMade - the bores are drilled (a through bore shortens the part off's depth)
 */
export function sawnWarnings(
  input: LathePlanInput,
  context: LathePlanContext,
  boresMade: boolean,
): string[] {
  const saw = sawnBlankWarning(input, context.setup, sawnReason(context));
  if (context.tools.partingTool) return [saw];
  return [noBladeWarning(partingDepthMm(context, boresMade)), saw];
}

/**
 * Why a part is turned from a sawn blank: the blade's reach (or no blade), and the spindle's bar
 * capacity.
 */
function sawnReason(context: LathePlanContext): string {
  const { partingTool, partingReach } = context.tools;
  const capacity = context.input.machine?.barCapacityMm;
  const stockD = context.input.stockDiameterMm;
  const bar =
    capacity !== undefined && stockD > capacity + 1e-9
      ? `, and Ø${stockD} does not pass the spindle (bar capacity Ø${capacity} mm)`
      : '';
  if (!partingTool) return `no parting blade is selected${bar}`;
  return `${partingTool.label} reaches ${round(partingReach)} mm, too little to part it off${bar}`;
}

/**
 * What a parting blade would change, said when none is selected and the part is turned from a
 * sawn blank (decision 060): one setup from the bar instead of two. Short enough for a comment
 * line (LinuxCNC reads at most 255 characters a line).
 * @param depthMm - the part off's radial depth (parting.ts `partingDepthMm`), mm
 */
const noBladeWarning = (depthMm: number): string =>
  `No parting blade is selected: the part is made from a sawn blank in two setups; a parting blade that reaches ${Math.ceil(depthMm - 1e-9)} mm would part it off the bar in one.`;
