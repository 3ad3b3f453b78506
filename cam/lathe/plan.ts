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
 * decision 058). A part that would stick out of the chuck too far for its stiffness when turned
 * whole is turned in two chuckings when a split keeps both within the rule (two-chuckings.ts,
 * decision 064): the first setup turns the outside to the split, the second the rest from the
 * far end. Constant surface speed (G96) is used for
 * turning, boring, grooving and parting, always with a spindle speed limit; drills run at
 * constant rpm.
 *
 * Each operation plans against the stock the earlier ones left, sharing one set of chosen tools,
 * one setup and one list of warnings (context.ts, built by planning-context.ts), and keeps its
 * cuts within the machine's spindle power and speed (spindle-limits.ts). This module holds the
 * entry point: the order of operations, and the choice between bar and sawn blank. The work
 * itself is planned in tool-choice.ts, threading.ts, setup.ts, facing.ts, drilling.ts,
 * roughing.ts, boring.ts, finishing.ts, grooving.ts and parting.ts, on the toolpaths of
 * operations.ts and passes.ts; the plan and the part as machined are made in machined-part.ts,
 * a setup that sticks out too far is named in support.ts, and the split into two chuckings is
 * chosen and planned in two-chuckings.ts.
 */
import { withArcMoves } from './arc-moves.ts';
import { drilledFromBothEnds } from './both-ends.ts';
import { nominalPartingWidthMm } from './stock.ts';
import { boringOf, finishBore, roughBore, unboredMouthChamfer } from './boring.ts';
import type { LathePlanContext, LathePlanInput, LathePlanOutput } from './context.ts';
import { drillBores } from './drilling.ts';
import type { BoreTools } from './drilling.ts';
import { faceFrontEnd } from './facing.ts';
import { finishOutside } from './finishing.ts';
import { cutGrooves } from './grooving.ts';
import { bladeReaches, partOff } from './parting.ts';
import type { LathePlan } from './program.ts';
import { roughOutside } from './roughing.ts';
import { afterFirstSetup, farOutsideOf, makesOutside } from './far-outside.ts';
import {
  asMachinedBoth,
  farOf,
  lathePlan,
  withoutUncut,
  withoutUnturned,
} from './machined-part.ts';
import { planningContext } from './planning-context.ts';
import {
  blankOf,
  cutsThroughMouth,
  farBoreGaps,
  partFromBlank,
  planSecondSetup,
} from './second-setup.ts';
import { holdsForSawnBlank, sawnPartOf, sawnWarnings } from './sawn-blank.ts';
import { planChuckings, withSupportNamed } from './support.ts';
import {
  maxUnsupportedSlenderness,
  slenderWarningRatio,
  unsupportedStickOuts,
  withinLimit,
} from './slenderness.ts';
import { tapHoles } from './tapping.ts';
import type { CentreSupport } from './tailstock.ts';
import { centreHoleOperation, heldByTailstock, withTailstock } from './tailstock-plan.ts';
import { cutThreads, withThreadsAccounted } from './threading.ts';
import { frontOf, inTwoChuckings, joinedPart, twoChuckingsWarning } from './two-chuckings.ts';
import type { TwoChuckings } from './two-chuckings.ts';

export type { LathePlanInput };

/**
 * Plan the operations and toolpaths of a turned part. What the selected tools cannot make (a bore
 * without a fitting drill or boring bar, a thread, a groove) is left out and listed in the plan's
 * `notProgrammed`, with the tool that would make it. When the parting blade does not reach the
 * part off's depth, or no parting blade is selected (decision 060), the part is turned from a
 * sawn blank in two setups (sawn-blank.ts), or, when the second setup would have no diameter to
 * hold, the part off is left out and said so. A part that sticks out too far for its stiffness
 * turned whole is turned in two chuckings when a split keeps both within the rule
 * (two-chuckings.ts, decision 064); otherwise each chucking past it is named in 'not programmed'.
 * @throws PlanningError when the stock is too small, a tool the whole part needs is not selected
 *   (a turning tool), or a tool's size cannot be read from its tooling row
 */
export function planTurnedPart(input: LathePlanInput): LathePlan {
  const { part, warning } = drilledFromBothEnds(
    input.part,
    input.tools,
    input.part.lengthMm + nominalPartingWidthMm / 2,
  );
  const plan = supportedPlan(part === input.part ? input : { ...input, part });
  return withArcMoves(
    withThreadsAccounted(
      input.part,
      warning ? { ...plan, warnings: [warning, ...plan.warnings] } : plan,
    ),
  );
}

/**
 * The plan in the chuck alone, else in two chuckings, else held by the tailstock: in the chuck
 * alone while it sticks out at most 3 × D by the trade rule (slenderness.ts
 * `slenderWarningRatio`); past it, in two chuckings or with the tailstock where either holds it,
 * and else in the chuck alone up to the rule's limit, said in a warning (decision 108).
 */
function supportedPlan(input: LathePlanInput): LathePlan {
  const whole = chosenPlan(input);
  const chuckings = planChuckings(whole);
  if (chuckings.every((chucking) => withinLimit(chucking, slenderWarningRatio)))
    return withSupportNamed(whole);
  const limit =
    unsupportedStickOuts(chuckings).length === 0 ? slenderWarningRatio : maxUnsupportedSlenderness;
  const split = inTwoChuckings(input, whole, (at) => chosenPlan(input, at), limit);
  if (split) return withSupportNamed(split);
  return withSupportNamed(
    withTailstock(input, whole, (centre, tools) =>
      chosenPlan({ ...input, tools }, undefined, centre),
    ),
  );
}

/**
 * The plan from bar, or from a sawn blank when the blade does not reach (or there is none); in
 * two chuckings at `split` when given (the chamfer at the parted-off end then turned in the
 * second setup, as from a sawn blank).
 */
function chosenPlan(
  input: LathePlanInput,
  split?: TwoChuckings,
  centre?: CentreSupport,
): LathePlan {
  const fromBar = planFrom(
    split ? { ...input, part: sawnPartOf(input.part) } : input,
    false,
    split,
    centre,
  );
  if (fromBar.bladeReaches) return fromBar.plan;
  const part = sawnPartOf(input.part);
  if (!holdsForSawnBlank(part, farOutsideOf(part, input.tools))) return fromBar.plan;
  const sawn = planFrom({ ...input, part }, true, split, centre);
  // The second setup's facing starts its clearance in front of the sawn end, which must be
  // below the tool change position.
  const stub = sawn.plan.secondSetup?.frontFaceZ ?? Infinity;
  const clearZ = input.overrides?.clearanceMm ?? 2;
  return stub + clearZ < sawn.plan.changePosition.z ? sawn.plan : fromBar.plan;
}

/**
 * Drill, bore (rough and finish) and tap the free end's bores after the outside is turned (the
 * tailstock's centre hole is where they go: tailstock.ts `inBore`).
 */
function boresAfterOutside(context: LathePlanContext, output: LathePlanOutput): BoreTools {
  const bores = drillBores(context, output);
  const boring = boringOf(context, bores);
  if (boring) {
    roughBore(context, boring, output);
    finishBore(context, boring, output);
  } else if (!bores.skipped) unboredMouthChamfer(context, bores, output);
  tapHoles(context, bores, output);
  return bores;
}

/**
 * The plan of a part from bar (parted off), or from a sawn blank (`sawn`: no part off, the
 * stub faced off in the second setup), and whether the parting blade reaches the part off; in
 * two chuckings at `split` when given (the first setup turns the outside to it).
 */
function planFrom(
  input: LathePlanInput,
  sawn: boolean,
  split?: TwoChuckings,
  centre?: CentreSupport,
): { plan: LathePlan; bladeReaches: boolean } {
  const output: LathePlanOutput = {
    operations: [],
    warnings: [],
    limited: [],
    notProgrammed: [...input.part.notProgrammed],
  };
  // Far-end bores the selected tools can make, a far-end thread or chamfer, or a through bore's
  // far mouth chamfer: the first setup parts off a longer blank.
  const drawn = input.part;
  const outside = farOutsideOf(drawn, input.tools);
  output.notProgrammed.push(...(outside?.notProgrammed ?? []));
  output.warnings.push(...(outside?.warnings ?? []));
  const turnAround =
    sawn ||
    split !== undefined ||
    ((drawn.farInner ?? []).length > 0 && farBoreGaps(drawn, input.tools).length === 0) ||
    cutsThroughMouth(drawn, input.tools) ||
    makesOutside(outside);
  if (split) output.warnings.push(twoChuckingsWarning(split, input.stockDiameterMm));
  const turned = split ? frontOf(drawn, split.splitMm, input.stockDiameterMm) : drawn;
  const context = planningContext(
    turnAround ? { ...input, part: blankOf(turned) } : input,
    output,
    sawn,
  );
  // A sawn blank's warnings come before the operations' (once the drilling is known).
  const sawnAt = output.warnings.length;
  faceFrontEnd(context, output);
  if (centre) output.operations.push(centreHoleOperation(context, centre));
  // Centre drill and drill for the bores; with the tailstock seated where a bore will be, the
  // bores come after it is retracted.
  const early = centre?.inBore ? undefined : drillBores(context, output);
  if (sawn && early)
    output.warnings.splice(sawnAt, 0, ...sawnWarnings(input, context, !early.skipped));
  // With the tailstock, it holds the part from the outside's roughing to the part off.
  const heldFrom = output.operations.length;
  roughOutside(context, output);
  const boring = early && boringOf(context, early);
  if (boring) roughBore(context, boring, output);
  // Two chuckings: the first finishes up the split's shoulder and 1 mm along the bar.
  finishOutside(context, output, split ? -(split.splitMm + 1) : undefined);
  if (boring) finishBore(context, boring, output);
  else if (early && !early.skipped) unboredMouthChamfer(context, early, output);
  if (early) tapHoles(context, early, output);
  // Grooves, then threads after their undercuts, at constant rpm.
  cutGrooves(context, output);
  cutThreads(context, output);
  const heldTo = output.operations.length;
  const bores = early ?? boresAfterOutside(context, output);
  if (sawn && !early)
    output.warnings.splice(sawnAt, 0, ...sawnWarnings(input, context, !bores.skipped));
  const reaches = bladeReaches(context, !bores.skipped);
  // A sawn blank is not parted off: the second setup faces its stub off.
  const chamfered = !sawn && partOff(context, !bores.skipped, output);
  // What stands on a diameter the first setup leaves uncut is not made from the far end.
  const reachable = outside && afterFirstSetup(drawn, outside, input.tools, output.notProgrammed);
  const secondSetup = planSecondSetup(input, context, output, reachable, split);
  if (centre)
    heldByTailstock(output.operations, heldFrom, heldTo, centre, context.setup.path.changePosition);
  const plan = {
    ...lathePlan(context, bores, output),
    ...(centre ? { tailstock: centre } : {}),
  };
  if (!turnAround)
    return {
      plan: {
        ...plan,
        part: withoutUnturned(withoutUncut({ ...plan.part, ...farOf(drawn) }, chamfered)),
      },
      bladeReaches: reaches,
    };
  const machined = withoutUncut(partFromBlank(plan.part, drawn), chamfered);
  const both =
    split && secondSetup ? joinedPart(machined, secondSetup.part, split.splitMm, drawn) : machined;
  return {
    plan: {
      ...plan,
      part: asMachinedBoth(both, secondSetup),
      ...(secondSetup ? { secondSetup } : {}),
    },
    bladeReaches: reaches,
  };
}
