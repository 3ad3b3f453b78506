/**
 * Plan a lathe program for a turned part: pick a tool for each operation from the selected
 * tooling, choose cutting data, and build the toolpaths.
 *
 * Operations, in order: face, centre drill, drill, rough OD, rough bore, finish OD, finish bore,
 * tapping, grooves and thread undercuts, threads, part off (with the chamfer at the parted-off end).
 * Then, when the part has far-end bores, a far-end thread or a far-end chamfer the blade cannot
 * turn, the second setup with the part turned around (second-setup.ts, far-outside.ts,
 * far-turning.ts): face to length, rough and finish the far-end chamfer, far-end bores, thread
 * undercuts and threads. When the parting blade does not reach the part off's depth, or no
 * parting blade is selected (decision 060), the part is turned from a sawn blank instead: no
 * part off, and the second setup faces the stub the jaws held off to length (sawn-blank.ts,
 * decision 058). Constant surface speed (G96) is used for
 * turning, boring, grooving and parting, always with a spindle speed limit; drills run at
 * constant rpm.
 *
 * Each operation plans against the stock the earlier ones left, sharing one set of chosen tools,
 * one setup and one list of warnings (context.ts), and keeps its cuts within the machine's spindle
 * power and speed (spindle-limits.ts). This module holds the entry point (material, stock,
 * tools, threads, setup, the order of operations); the work itself is planned in
 * tool-choice.ts, threading.ts, setup.ts, facing.ts, drilling.ts, roughing.ts, boring.ts,
 * finishing.ts, grooving.ts and parting.ts, on the toolpaths of operations.ts and passes.ts.
 */
import { PlanningError } from '../errors.ts';
import { identifyMaterial } from '../materials.ts';
import type { MaterialSubgroup } from '../materials.ts';
import { cuttingForces } from '../process.ts';
import { boringOf, finishBore, roughBore, unboredMouthChamfer } from './boring.ts';
import type { LathePlanContext, LathePlanInput, LathePlanOutput } from './context.ts';
import { round } from './context.ts';
import { outerContour } from './contour.ts';
import { drillBores } from './drilling.ts';
import type { BoreTools } from './drilling.ts';
import { faceFrontEnd } from './facing.ts';
import { finishOutside } from './finishing.ts';
import { cutGrooves } from './grooving.ts';
import { bladeReaches, partingDepthMm, partOff } from './parting.ts';
import type { LathePlan } from './program.ts';
import { roughOutside } from './roughing.ts';
import { afterFirstSetup, farOutsideOf, makesOutside, withFarUndercuts } from './far-outside.ts';
import { blankOf, farBoreGaps, partFromBlank, planSecondSetup } from './second-setup.ts';
import { holdsForSawnBlank, sawnBlankWarning, sawnPartOf } from './sawn-blank.ts';
import { planSetup } from './setup.ts';
import { chuckingsOf, slenderWarnings, unsupportedStickOuts } from './slenderness.ts';
import { tapHoles, tappedHolesOf } from './tapping.ts';
import { cutThreads, planThreads } from './threading.ts';
import { chooseTools } from './tool-choice.ts';

export type { LathePlanInput };

/**
 * The material's subgroup for the cutting data tables: alloy steel, with a warning, when the
 * material is not identified.
 */
function materialSubgroup(material: string, warnings: string[]): MaterialSubgroup {
  const grade = identifyMaterial(material);
  const subgroup: MaterialSubgroup = grade?.subgroup ?? 'alloy';
  if (!grade) {
    warnings.push(
      `The material "${material}" is not in the cutting data tables: alloy steel values are used, which suit most steels but are slow for aluminium and plastics.`,
    );
  }
  return subgroup;
}

/**
 * The planning context of a job: material, chosen tools, threads (with the part as machined),
 * and setup. Chamfers the outline cannot hold go to 'not programmed'.
 * @throws PlanningError when the stock is too small, a tool the whole part needs is not selected
 *   (a bore the selected tools cannot make is left undone instead: drilling.ts), or the machine
 *   cannot turn the bar
 */
function planningContext(
  input: LathePlanInput,
  output: LathePlanOutput,
  sawn: boolean,
): LathePlanContext {
  const { part, tools } = input;
  const { warnings, notProgrammed } = output;
  const subgroup = materialSubgroup(input.material, warnings);

  const drawnContour = outerContour(part);
  notProgrammed.push(...drawnContour.skippedChamfers.map((label) => `the chamfer ${label}`));
  const stockD = input.stockDiameterMm;
  if (stockD < drawnContour.largestMm + 0.2) {
    throw new PlanningError(
      `The stock Ø${stockD} mm is too small for the part's largest diameter Ø${drawnContour.largestMm} mm: choose bar of at least Ø${Math.ceil(drawnContour.largestMm + 0.5)} mm.`,
    );
  }
  const chosen = chooseTools(part, tools);

  // Threads and their undercuts: the part as machined.
  const threaded = planThreads(
    part,
    tools,
    chosen.blades,
    chosen.partingWidthMm,
    warnings,
    notProgrammed,
  );
  const machined = threaded.part;
  const contour = outerContour(machined);
  return {
    input,
    subgroup,
    overrides: input.overrides ?? {},
    force: cuttingForces[subgroup],
    part,
    machined,
    contour,
    threads: threaded.threads,
    tools: chosen,
    setup: planSetup(input, part, contour, chosen, warnings, sawn),
  };
}

/** The plan of a planned context: the part as machined, its stock, operations and notes. */
function lathePlan(
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
 * Plan the operations and toolpaths of a turned part. What the selected tools cannot make (a bore
 * without a fitting drill or boring bar, a thread, a groove) is left out and listed in the plan's
 * `notProgrammed`, with the tool that would make it. When the parting blade does not reach the
 * part off's depth, or no parting blade is selected (decision 060), the part is turned from a
 * sawn blank in two setups (sawn-blank.ts), or, when the second setup would have no diameter to
 * hold, the part off is left out and said so.
 * @throws PlanningError when the stock is too small, a tool the whole part needs is not selected
 *   (a turning tool), or a tool's size cannot be read from its tooling row
 */
export function planTurnedPart(input: LathePlanInput): LathePlan {
  return withSupportNamed(chosenPlan(input));
}

/** The plan from bar, or from a sawn blank when the blade does not reach (or there is none). */
function chosenPlan(input: LathePlanInput): LathePlan {
  const fromBar = planFrom(input, false);
  if (fromBar.bladeReaches) return fromBar.plan;
  const part = sawnPartOf(input.part);
  if (!holdsForSawnBlank(part, farOutsideOf(part, input.tools))) return fromBar.plan;
  const sawn = planFrom({ ...input, part }, true);
  // The second setup's facing starts its clearance in front of the sawn end, which must be
  // below the tool change position.
  const stub = sawn.plan.secondSetup?.frontFaceZ ?? Infinity;
  const clearZ = input.overrides?.clearanceMm ?? 2;
  return stub + clearZ < sawn.plan.changePosition.z ? sawn.plan : fromBar.plan;
}

/**
 * The plan with each setup that sticks out too far to turn without support named in its 'not
 * programmed', and a warning for one that is slender but within the rule (slenderness.ts,
 * decision 063): the first setup from the bar's unfaced end to the jaws, the second from the
 * far end as the first leaves it to its jaws, each against its stiffness diameter from the
 * part's finished diameters and bores, as the verifier measures them.
 */
function withSupportNamed(plan: LathePlan): LathePlan {
  const { stock, secondSetup, part } = plan;
  const length = part.lengthMm;
  const outer = part.outer.map((section) => ({
    fromZ: -section.startMm,
    toZ: -section.endMm,
    diameterMm: section.targetMm,
  }));
  const inner = [
    ...part.inner.map((bore) => ({
      fromZ: 0,
      toZ: -Math.min(bore.depthMm, length),
      diameterMm: bore.targetMm,
    })),
    ...(part.farInner ?? []).map((bore) => ({
      fromZ: -length + bore.depthMm,
      toZ: -length,
      diameterMm: bore.targetMm,
    })),
  ];
  const chuckings = chuckingsOf(
    { ...stock, sawn: stock.blankLengthMm !== undefined },
    length,
    outer,
    inner,
    secondSetup
      ? { frontZ: secondSetup.frontFaceZ, chuckFaceZ: secondSetup.chuckFaceZ }
      : undefined,
  );
  return {
    ...plan,
    warnings: [...plan.warnings, ...slenderWarnings(chuckings)],
    notProgrammed: [...plan.notProgrammed, ...unsupportedStickOuts(chuckings)],
  };
}

/**
 * The plan of a part from bar (parted off), or from a sawn blank (`sawn`: no part off, the
 * stub faced off in the second setup), and whether the parting blade reaches the part off.
 */
function planFrom(
  input: LathePlanInput,
  sawn: boolean,
): { plan: LathePlan; bladeReaches: boolean } {
  const output: LathePlanOutput = {
    operations: [],
    warnings: [],
    limited: [],
    notProgrammed: [...input.part.notProgrammed],
  };
  // Far-end bores the selected tools can make, or a far-end thread or chamfer: the first setup
  // parts off a longer blank.
  const drawn = input.part;
  const outside = farOutsideOf(drawn, input.tools);
  output.notProgrammed.push(...(outside?.notProgrammed ?? []));
  output.warnings.push(...(outside?.warnings ?? []));
  const turnAround =
    sawn ||
    ((drawn.farInner ?? []).length > 0 && farBoreGaps(drawn, input.tools).length === 0) ||
    makesOutside(outside);
  const context = planningContext(
    turnAround ? { ...input, part: blankOf(drawn) } : input,
    output,
    sawn,
  );
  // A sawn blank's warnings come before the operations' (once the drilling is known).
  const sawnAt = output.warnings.length;
  faceFrontEnd(context, output);
  // Centre drill and drill for the bores.
  const bores = drillBores(context, output);
  if (sawn) output.warnings.splice(sawnAt, 0, ...sawnWarnings(input, context, !bores.skipped));
  roughOutside(context, output);
  const boring = boringOf(context, bores);
  if (boring) roughBore(context, boring, output);
  finishOutside(context, output);
  if (boring) finishBore(context, boring, output);
  else if (!bores.skipped) unboredMouthChamfer(context, output);
  tapHoles(context, bores, output);
  // Grooves, then threads after their undercuts, at constant rpm.
  cutGrooves(context, output);
  cutThreads(context, output);
  const reaches = bladeReaches(context, !bores.skipped);
  // A sawn blank is not parted off: the second setup faces its stub off.
  const chamfered = !sawn && partOff(context, !bores.skipped, output);
  // What stands on a diameter the first setup leaves uncut is not made from the far end.
  const reachable = outside && afterFirstSetup(drawn, outside, input.tools, output.notProgrammed);
  const secondSetup = planSecondSetup(input, context, output, reachable);
  const plan = lathePlan(context, bores, output);
  if (!turnAround)
    return {
      plan: {
        ...plan,
        part: withoutUnturned(withoutUncut({ ...plan.part, ...farOf(drawn) }, chamfered)),
      },
      bladeReaches: reaches,
    };
  return {
    plan: {
      ...plan,
      part: asMachinedBoth(withoutUncut(partFromBlank(plan.part, drawn), chamfered), secondSetup),
      ...(secondSetup ? { secondSetup } : {}),
    },
    bladeReaches: reaches,
  };
}

/**
 * The warnings of a part turned from a sawn blank, before the operations': without a parting
 * blade what one would change, then the blank to saw (sawn-blank.ts).
 * @param boresMade - the bores are drilled (a through bore shortens the part off's depth)
 */
function sawnWarnings(
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

/**
 * The part as both setups machine it (first setup's coordinates): the far-end threads'
 * undercuts of the second setup among its sections, its far-end outer chamfer only when the
 * second setup turns it.
 */
function asMachinedBoth(
  part: LathePlanInput['part'],
  second: LathePlan['secondSetup'],
): LathePlanInput['part'] {
  if (!second) return withoutUnturned(part);
  const turned = second.part.chamfers.some((chamfer) => !chamfer.inner);
  const outer = withFarUndercuts(part.outer, second.part);
  return turned ? { ...part, outer } : withoutUnturned({ ...part, outer });
}

/** The part without its far-end outer chamfer (left to the operator: far-outside.ts). */
function withoutUnturned(part: LathePlanInput['part']): LathePlanInput['part'] {
  if (!part.farOuterChamfer) return part;
  const { farOuterChamfer: _unturned, ...rest } = part;
  return rest;
}

/** The part without its part-off chamfer when the blade does not cut it (parting.ts). */
function withoutUncut(part: LathePlanInput['part'], chamfered: boolean): LathePlanInput['part'] {
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
const farOf = (part: LathePlanInput['part']) => ({
  ...(part.farInner ? { farInner: part.farInner } : {}),
  ...(part.farChamfers ? { farChamfers: part.farChamfers } : {}),
});
