/**
 * Roughing the outside: levels over the whole length down to the part plus its finishing
 * allowance, as far as the roughing insert's shape reaches, then a pass along that boundary
 * (passes.ts), at constant surface speed within the spindle's power.
 */
import type { LathePlanContext, LathePlanOutput } from './context.ts';
import { css, round } from './context.ts';
import { turningData } from './cutting-data.ts';
import { approach, leave } from './operations.ts';
import { reachChain, roughOutsidePasses, withAllowance } from './passes.ts';
import { outsideKeep } from './profiles.ts';
import { speedNote, withinSpindlePower } from './spindle-limits.ts';

/**
 * Rough the outside of the part as machined: appends the 'Rough OD' operation.
 * @param endZ - where the passes end (Z, mm): the setup's cut-off zone unless given (the second
 *   of two chuckings ends just past what the first turned: two-chuckings.ts)
 */
export function roughOutside(
  context: LathePlanContext,
  output: LathePlanOutput,
  endZ = context.setup.cutOffZoneEnd,
): void {
  const { input, subgroup, overrides, force, machined } = context;
  const { roughTool, roughCutter } = context.tools;
  const { allowanceMm, cutOffZoneEnd, passSetup, path } = context.setup;
  const stockD = input.stockDiameterMm;
  // Rough the outside: levels over the whole length down to the part plus its allowance, as
  // far as the insert's shape reaches, then a pass along that boundary.
  const roughData = turningData(subgroup, 'rough', roughTool.noseRadiusMm, overrides);
  const rough = withinSpindlePower(
    roughData,
    Math.min(roughData.depthOfCut!, roughCutter.rating.maxDepthOfCutMm ?? Infinity),
    roughCutter,
    force,
    input,
    'Rough OD',
    output,
    stockD,
  );
  const roughChain = reachChain(
    withAllowance(outsideKeep(machined, cutOffZoneEnd, stockD / 2), allowanceMm),
    roughCutter.shape,
    'upper',
  );
  speedNote(context, output, 'Rough OD', rough.surfaceSpeed, stockD);
  output.operations.push({
    name: 'Rough OD',
    role: 'rough',
    tool: roughTool,
    spindle: css(context, rough.surfaceSpeed),
    coolant: true,
    moves: [
      ...approach(path, path.clearZ),
      ...roughOutsidePasses(
        roughChain,
        stockD / 2,
        rough.depthMm,
        endZ,
        rough.feedPerRev,
        passSetup,
      ),
      ...leave(path),
    ],
    data: {
      surfaceSpeed: rough.surfaceSpeed,
      feedPerRev: rough.feedPerRev,
      depthOfCut: round(rough.depthMm),
    },
  });
}
