/**
 * The second setup's operations on the far end's outside (far-outside.ts plans what they make):
 * the chamfer at the parted-off end roughed and finished with the first setup's turning tools
 * and cutting data, on the part turned around; the DIN 76-1 undercuts of the far-end threads
 * grooved (grooving.ts); the threads cut (threading.ts). Each keeps within the spindle's power
 * as the first setup's operations do (spindle-limits.ts).
 *
 * Coordinates: the second setup's (Z0 the finished far-end face, Z negative toward the original
 * free end), X a diameter, mm; feeds mm/rev, surface speeds m/min.
 */
import type { LathePlanContext, LathePlanOutput } from './context.ts';
import { css, round } from './context.ts';
import { turningData } from './cutting-data.ts';
import type { FarOutside } from './far-outside.ts';
import { cutGrooves } from './grooving.ts';
import { approach, leave } from './operations.ts';
import { finishOdOperation } from './finishing.ts';
import { reachChain, roughOutsidePasses, withAllowance } from './passes.ts';
import { outsideKeep } from './profiles.ts';
import { snapChain } from './section.ts';
import { withinSpindlePower } from './spindle-limits.ts';
import { cutThreads } from './threading.ts';

/**
 * What an external tool must leave in the second setup: the part turned around as machined
 * (its far-end chamfer on the first section), its envelope from the far end.
 */
const farKeep = (context: LathePlanContext) =>
  outsideKeep(context.machined, -context.machined.lengthMm, context.input.stockDiameterMm / 2);

/**
 * Rough the far-end chamfer with the roughing tool: levels from the chamfered diameter (which the
 * first setup finished) down to the chamfer plus the finishing allowance, then a pass along it,
 * to `endZ`. Appends nothing when there is nothing to rough.
 */
function roughFarChamfer(context: LathePlanContext, endZ: number, output: LathePlanOutput): void {
  const { input, subgroup, overrides, force } = context;
  const { roughTool, roughCutter } = context.tools;
  const { allowanceMm, passSetup, path } = context.setup;
  const diameterMm = context.machined.outer[0]!.targetMm;
  const data = turningData(subgroup, 'rough', roughTool.noseRadiusMm, overrides);
  const rough = withinSpindlePower(
    data,
    Math.min(data.depthOfCut!, roughCutter.rating.maxDepthOfCutMm ?? Infinity),
    roughCutter,
    force,
    input,
    'Rough OD (setup 2)',
    output,
    diameterMm,
  );
  const chain = reachChain(
    withAllowance(farKeep(context), allowanceMm),
    roughCutter.shape,
    'upper',
  );
  const passes = roughOutsidePasses(
    chain,
    diameterMm / 2,
    rough.depthMm,
    endZ,
    rough.feedPerRev,
    passSetup,
  );
  if (passes.length === 0) return;
  output.operations.push({
    name: 'Rough OD',
    role: 'rough',
    tool: roughTool,
    spindle: css(context, rough.surfaceSpeed),
    coolant: true,
    moves: [...approach(path, path.clearZ), ...passes, ...leave(path)],
    data: {
      surfaceSpeed: rough.surfaceSpeed,
      feedPerRev: rough.feedPerRev,
      depthOfCut: round(rough.depthMm),
    },
  });
}

/**
 * Finish the far-end chamfer with the finishing tool, nose compensated by its shape, in from the
 * faced end and along the chamfer onto its diameter to `endZ`, at the feed for the drawing's Ra.
 */
function finishFarChamfer(context: LathePlanContext, endZ: number, output: LathePlanOutput): void {
  const { input, subgroup, overrides, force, part, machined } = context;
  const { finishTool, finishCutter } = context.tools;
  const { allowanceMm } = context.setup;
  const diameterMm = machined.outer[0]!.targetMm;
  const data = turningData(subgroup, 'finish', finishTool.noseRadiusMm, overrides, part.raUm);
  const finish = withinSpindlePower(
    data,
    2 * allowanceMm,
    finishCutter,
    force,
    input,
    'Finish OD (setup 2)',
    output,
    diameterMm,
  );
  const chamfer = machined.chamfers.find((entry) => !entry.inner)!;
  const chain = snapChain(
    reachChain(farKeep(context), finishCutter.shape, 'upper'),
    [diameterMm / 2],
    [0, -chamfer.sizeMm],
  );
  output.operations.push(finishOdOperation(context, finish, chain, endZ));
}

/** Turn the far-end chamfer in the second setup, when it has one: roughed, then finished. */
export function turnFarChamfer(
  context: LathePlanContext,
  outside: FarOutside,
  output: LathePlanOutput,
): void {
  if (outside.turnToZ === undefined) return;
  roughFarChamfer(context, outside.turnToZ, output);
  finishFarChamfer(context, outside.turnToZ, output);
}

/**
 * Cut the far-end threads in the second setup: their DIN 76 undercuts grooved, then the
 * threads. A thread whose undercut cannot be cut is dropped from `context.threads` and named in
 * 'not programmed' (grooving.ts).
 * @param context - the second setup's context: the part turned around as machined, its threads
 */
export function threadFarEnd(context: LathePlanContext, output: LathePlanOutput): void {
  const undercuts = context.contour.grooves.filter((groove) =>
    groove.section.label.startsWith('undercut'),
  );
  cutGrooves({ ...context, contour: { ...context.contour, grooves: undercuts } }, output);
  cutThreads(context, output);
}
