/**
 * Boring: the drilled bores roughed with the boring bar in levels down to the part less its
 * finishing allowance, as far as the bar's insert reaches, and finished in one pass along the
 * bores themselves, snapped to the drawn diameters and depths (passes.ts, section.ts), at 80 %
 * of the turning surface speed (cutting-data.ts) within the spindle's power.
 */
import type { Polygon } from '../geometry/polygon.ts';
import type { LathePlanContext, LathePlanOutput } from './context.ts';
import { css, cutterOf, rapid, round } from './context.ts';
import { turningData } from './cutting-data.ts';
import type { BoreTools } from './drilling.ts';
import { approach, leave } from './operations.ts';
import { finishBorePass, reachChain, roughBorePasses, withAllowance } from './passes.ts';
import type { TurnedPart } from './part.ts';
import { boreKeep, radialLeg } from './profiles.ts';
import { snapChain } from './section.ts';
import { withinSpindlePower } from './spindle-limits.ts';
import { boringBarFor } from './tool-choice.ts';
import type { LatheTool } from './tooling.ts';

/**
 * The largest diameter the boring bar cuts at, mm: the widest bore's, or its mouth chamfer's
 * outer edge (under constant surface speed the spindle's top speed caps the speed there, so the
 * power is estimated there: spindle-limits.ts).
 */
function boredMouthMm(part: TurnedPart): number {
  const widest = part.inner[0]!.targetMm;
  const mouth = part.chamfers.find((chamfer) => chamfer.inner && chamfer.atMm === 0);
  return mouth ? widest + 2 * radialLeg(mouth.sizeMm, mouth.angleDeg) : widest;
}

/** The bores to bore: the bar, the drilled diameter (mm) and what the bar must leave. */
export interface Boring {
  bar: LatheTool;
  drilledMm: number;
  /** Everything outside the bores (boreKeep, profiles.ts). */
  material: Polygon[];
}

/** The boring of the drilled bores, or undefined when no boring bar follows the drill. */
export function boringOf(context: LathePlanContext, bores: BoreTools): Boring | undefined {
  const { boringBar, drilledMm } = bores;
  if (!boringBar || drilledMm === undefined) return undefined;
  const material = boreKeep(
    context.part,
    context.setup.throughZ,
    context.input.stockDiameterMm / 2,
  );
  return { bar: boringBar, drilledMm, material };
}

/** Rough the bores from the drilled diameter: appends the 'Rough bore' operation. */
export function roughBore(
  context: LathePlanContext,
  boring: Boring,
  output: LathePlanOutput,
): void {
  const { input, subgroup, overrides, force, part } = context;
  const { allowanceMm, passSetup, path, throughZ } = context.setup;
  const { bar: boringBar, drilledMm, material: boreMaterial } = boring;
  const barCutter = cutterOf(boringBar);
  const boreRoughData = turningData(subgroup, 'bore-rough', boringBar.noseRadiusMm, overrides);
  const boreRough = withinSpindlePower(
    boreRoughData,
    Math.min(boreRoughData.depthOfCut!, barCutter.rating.maxDepthOfCutMm ?? Infinity),
    barCutter,
    force,
    input,
    'Rough bore',
    output,
    boredMouthMm(part),
    0.25,
  );
  const chain = reachChain(withAllowance(boreMaterial, allowanceMm), barCutter.shape, 'lower');
  output.operations.push({
    name: 'Rough bore',
    role: 'rough-bore',
    tool: boringBar,
    spindle: css(context, boreRough.surfaceSpeed),
    coolant: true,
    moves: [
      ...approach(path, path.clearZ),
      ...roughBorePasses(
        chain,
        drilledMm / 2,
        boreRough.depthMm,
        throughZ,
        boreRough.feedPerRev,
        passSetup,
      ),
      rapid(path.safeX, path.clearZ),
      ...leave(path),
    ],
    data: {
      surfaceSpeed: boreRough.surfaceSpeed,
      feedPerRev: boreRough.feedPerRev,
      depthOfCut: round(boreRough.depthMm),
    },
  });
}

/** Finish the bores along the part: appends the 'Finish bore' operation. */
export function finishBore(
  context: LathePlanContext,
  boring: Boring,
  output: LathePlanOutput,
): void {
  const { input, subgroup, overrides, force, part } = context;
  const { allowanceMm, passSetup, path, throughZ } = context.setup;
  const { bar: boringBar, drilledMm, material: boreMaterial } = boring;
  const barCutter = cutterOf(boringBar);
  const boreFinishData = turningData(
    subgroup,
    'bore-finish',
    boringBar.noseRadiusMm,
    overrides,
    part.raUm,
  );
  const boreFinish = withinSpindlePower(
    boreFinishData,
    2 * allowanceMm,
    barCutter,
    force,
    input,
    'Finish bore',
    output,
    boredMouthMm(part),
  );
  const chain = snapChain(
    reachChain(boreMaterial, barCutter.shape, 'lower'),
    part.inner.map((bore) => bore.targetMm / 2),
    part.inner.map((bore) => -bore.depthMm),
  );
  output.operations.push({
    name: 'Finish bore',
    role: 'finish-bore',
    tool: boringBar,
    spindle: css(context, boreFinish.surfaceSpeed),
    coolant: true,
    moves: [
      ...approach(path, path.clearZ),
      ...finishBorePass(chain, drilledMm / 2, throughZ, boreFinish.feedPerRev, passSetup),
      rapid(path.safeX, path.clearZ),
      ...leave(path),
    ],
    data: {
      surfaceSpeed: boreFinish.surfaceSpeed,
      feedPerRev: boreFinish.feedPerRev,
      ...(boreFinish.raUm !== undefined ? { raUm: boreFinish.raUm } : {}),
    },
  });
}

/**
 * The mouth chamfer of a bore the drill made to size (no boring): a selected boring bar that
 * enters the drilled hole cuts it in a finishing pass along the bore (which takes next to nothing
 * off the drilled wall); without one it is named in 'not programmed'.
 */
export function unboredMouthChamfer(
  context: LathePlanContext,
  bores: BoreTools,
  output: LathePlanOutput,
): void {
  const mouthChamfer = context.part.chamfers.find((chamfer) => chamfer.inner);
  if (!mouthChamfer) return;
  const { drilledMm } = bores;
  const bar = drilledMm === undefined ? undefined : boringBarFor(context.input.tools, drilledMm);
  if (bar && drilledMm !== undefined) {
    const material = boreKeep(
      context.part,
      context.setup.throughZ,
      context.input.stockDiameterMm / 2,
    );
    // A chamfer deeper than the finishing pass may take is roughed first.
    const boring = { bar, drilledMm, material };
    if (radialLeg(mouthChamfer.sizeMm, mouthChamfer.angleDeg) > 2 * context.setup.allowanceMm)
      roughBore(context, boring, output);
    finishBore(context, boring, output);
    return;
  }
  output.notProgrammed.push(
    `the chamfer ${mouthChamfer.label}: no selected boring bar enters the Ø${drilledMm ?? ''} mm drilled hole to cut it; a boring bar that does would`,
  );
}
