/**
 * Finishing the outside: one pass along the part itself, the nose compensated by the insert's
 * shape and snapped to the drawn diameters and shoulders (section.ts), at the feed for the
 * drawing's Ra with the nose radius, capped by the handbook (cutting-data.ts).
 */
import type { LathePlanContext, LathePlanOutput } from './context.ts';
import { css } from './context.ts';
import { turningData } from './cutting-data.ts';
import { approach, leave } from './operations.ts';
import { finishOutsidePass, reachChain } from './passes.ts';
import { outsideKeep } from './profiles.ts';
import { snapChain } from './section.ts';
import { speedNote, withinSpindlePower } from './spindle-limits.ts';

/**
 * Finish the outside of the part as machined: appends the 'Finish OD' operation.
 * @param endZ - where the pass ends (Z, mm): the setup's `finishEndZ` unless given (each of two
 *   chuckings ends just past where the other's turning meets it: two-chuckings.ts)
 */
export function finishOutside(
  context: LathePlanContext,
  output: LathePlanOutput,
  endZ = context.setup.finishEndZ,
): void {
  const { input, subgroup, overrides, force, part, machined, contour } = context;
  const { finishTool, finishCutter } = context.tools;
  const { allowanceMm, finishEndZ } = context.setup;
  const stockD = input.stockDiameterMm;
  // Finish the outside along the part itself, the nose compensated by the insert's shape: the
  // feed for the drawing's Ra with the nose radius, capped by the handbook.
  const finishData = turningData(subgroup, 'finish', finishTool.noseRadiusMm, overrides, part.raUm);
  const finish = withinSpindlePower(
    finishData,
    2 * allowanceMm,
    finishCutter,
    force,
    input,
    'Finish OD',
    output,
    contour.largestMm,
  );
  speedNote(context, output, 'Finish OD', finish.surfaceSpeed, contour.largestMm);
  const finishChain = snapChain(
    reachChain(outsideKeep(machined, finishEndZ, stockD / 2), finishCutter.shape, 'upper'),
    machined.outer.map((section) => section.targetMm / 2),
    machined.outer.flatMap((section) => [-section.startMm, -section.endMm]),
  );
  output.operations.push(finishOdOperation(context, finish, finishChain, endZ));
}

/**
 * The 'Finish OD' operation: the finishing tool from the clearance plane along `chain` (page
 * units of passes.ts: X radius, Z along the axis, mm) to `endZ`, at the finishing data `finish`,
 * and back to the change position.
 */
export function finishOdOperation(
  context: LathePlanContext,
  finish: { surfaceSpeed: number; feedPerRev: number; raUm?: number },
  chain: Parameters<typeof finishOutsidePass>[0],
  endZ: number,
): LathePlanOutput['operations'][number] {
  const { path, passSetup } = context.setup;
  return {
    name: 'Finish OD',
    role: 'finish',
    tool: context.tools.finishTool,
    spindle: css(context, finish.surfaceSpeed),
    coolant: true,
    moves: [
      ...approach(path, path.clearZ),
      ...finishOutsidePass(chain, endZ, finish.feedPerRev, passSetup),
      ...leave(path),
    ],
    data: {
      surfaceSpeed: finish.surfaceSpeed,
      feedPerRev: finish.feedPerRev,
      ...(finish.raUm !== undefined ? { raUm: finish.raUm } : {}),
    },
  };
}
