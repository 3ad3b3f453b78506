/**
 * The plan of a planned lathe context, and the part as its setups machine it: the part the
 * verifier checks the program against (the tap drill's size for a tapped hole, the far end's
 * bores, chamfers and undercuts where the second setup makes them, without what no setup turns).
 * Units: mm; coordinates as in program.ts.
 */
import type { LathePlanContext, LathePlanInput, LathePlanOutput } from './context.ts';
import { round } from './context.ts';
import type { BoreTools } from './drilling.ts';
import { withFarUndercuts } from './far-outside.ts';
import type { LathePlan } from './program.ts';
import { tappedHolesOf } from './tapping.ts';

/** The plan of a planned context: the part as machined, its stock, operations and notes. */
export function lathePlan(
  context: LathePlanContext,
  bores: BoreTools,
  output: LathePlanOutput,
): LathePlan {
  const { setup } = context;
  const { drilledMm } = bores;
  const tappedHoles = tappedHolesOf(context);
  return {
    part: drilledTo(context.machined, drilledMm),
    stock: {
      diameterMm: context.input.stockDiameterMm,
      protrusionMm: round(setup.protrusionMm),
      frontFaceZ: setup.frontFaceZ,
      chuckFaceZ: round(setup.chuckFaceZ),
      ...(setup.blank ? { blankLengthMm: setup.blank.lengthMm } : {}),
    },
    operations: output.operations,
    changePosition: setup.path.changePosition,
    maxRpm: context.input.maxRpm,
    partingWidthMm: context.tools.partingWidthMm,
    finishAllowanceMm: setup.allowanceMm,
    finishEndZ: setup.finishEndZ,
    ...(drilledMm !== undefined ? { drilledMm } : {}),
    throughZ: setup.throughZ,
    warnings: output.warnings,
    limited: output.limited,
    notProgrammed: output.notProgrammed,
    threads: context.threads.map((entry) => entry.cycle),
    ...(tappedHoles.length > 0 ? { tappedHoles } : {}),
  };
}

/**
 * The part as both setups machine it (first setup's coordinates): the far-end threads'
 * undercuts of the second setup among its sections, its far-end outer chamfer only when the
 * second setup turns it.
 */
export function asMachinedBoth(
  part: LathePlanInput['part'],
  second: LathePlan['secondSetup'],
): LathePlanInput['part'] {
  if (!second) return withoutUnturned(part);
  const turned = second.part.chamfers.some((chamfer) => !chamfer.inner);
  const outer = withFarUndercuts(part.outer, second.part);
  return turned ? { ...part, outer } : withoutUnturned({ ...part, outer });
}

/** The part without its far-end outer chamfer (left to the operator: far-outside.ts). */
export function withoutUnturned(part: LathePlanInput['part']): LathePlanInput['part'] {
  if (!part.farOuterChamfer) return part;
  const { farOuterChamfer: _unturned, ...rest } = part;
  return rest;
}

/** The part without its part-off chamfer when the blade does not cut it (parting.ts). */
export function withoutUncut(
  part: LathePlanInput['part'],
  chamfered: boolean,
): LathePlanInput['part'] {
  if (chamfered || !part.partOffChamfer) return part;
  const { partOffChamfer: _uncut, ...rest } = part;
  return rest;
}

/**
 * The part with its tapped hole at the size its tap drill makes (within ±0.1 mm of the ISO 2306
 * size: tool-choice.ts), which the verifier checks the bore against.
 */
function drilledTo(part: LathePlanInput['part'], drilledMm: number | undefined) {
  if (drilledMm === undefined || !part.inner.some((bore) => bore.thread)) return part;
  return {
    ...part,
    inner: part.inner.map((bore) => (bore.thread ? { ...bore, targetMm: drilledMm } : bore)),
  };
}

/** The far-end bores and chamfers of a part, for the plan's part as drawn. */
export const farOf = (part: LathePlanInput['part']) => ({
  ...(part.farInner ? { farInner: part.farInner } : {}),
  ...(part.farChamfers ? { farChamfers: part.farChamfers } : {}),
});
