/**
 * Facing: the free end of the bar is faced down to Z0 with the roughing tool, from outside the
 * bar past the centre, in passes of the roughing depth of cut (within the spindle's power). A
 * sawn blank's stub is faced off the same way in the second setup, then finish faced
 * ({@link faceStubOff}).
 */
import type { LathePlanContext, LathePlanOutput } from './context.ts';
import { css, round } from './context.ts';
import { turningData } from './cutting-data.ts';
import { facingMoves } from './operations.ts';
import { withinSpindlePower } from './spindle-limits.ts';

/** Face the facing allowance off the free end: appends the 'Face' operation. */
export function faceFrontEnd(context: LathePlanContext, output: LathePlanOutput): void {
  const { input, subgroup, overrides, force } = context;
  const { roughTool, roughCutter } = context.tools;
  const { frontFaceZ, path } = context.setup;
  const stockD = input.stockDiameterMm;
  const faceData = turningData(subgroup, 'face', roughTool.noseRadiusMm, overrides);
  const face = withinSpindlePower(
    faceData,
    Math.min(frontFaceZ, faceData.depthOfCut!),
    roughCutter,
    force,
    input,
    'Face',
    output,
    stockD,
    0.25,
  );
  const moves = facingMoves(path, frontFaceZ, face.depthMm, face.feedPerRev, roughCutter.shape);
  output.operations.push(faceOperation(context, face, moves));
}

/** The 'Face' operation of the roughing tool at the cutting data `face`, along `moves`. */
function faceOperation(
  context: LathePlanContext,
  face: { surfaceSpeed: number; feedPerRev: number; depthMm: number },
  moves: ReturnType<typeof facingMoves>,
): LathePlanOutput['operations'][number] {
  return {
    name: 'Face',
    role: 'face',
    tool: context.tools.roughTool,
    spindle: css(context, face.surfaceSpeed),
    coolant: true,
    moves,
    data: {
      surfaceSpeed: face.surfaceSpeed,
      feedPerRev: face.feedPerRev,
      depthOfCut: round(face.depthMm),
    },
  };
}

/**
 * Face a sawn blank's stub off in the second setup (sawn-blank.ts): from its sawn end at the
 * setup's `frontFaceZ` (mm in front of Z0) with the roughing tool, in passes of at most the
 * roughing depth of cut within the spindle's power, down to the finishing allowance, then one
 * finish face at Z0 at the finishing feed for the roughing nose (cutting-data.ts). Appends the
 * 'Face' operation (named "Face to length (setup 2)" by second-setup.ts).
 */
export function faceStubOff(context: LathePlanContext, output: LathePlanOutput): void {
  const { input, subgroup, overrides, force } = context;
  const { roughTool, roughCutter } = context.tools;
  const { frontFaceZ, path, allowanceMm } = context.setup;
  const nose = roughCutter.insert?.noseRadiusMm ?? 0.8;
  const faceData = turningData(subgroup, 'face', roughTool.noseRadiusMm, overrides);
  const face = withinSpindlePower(
    faceData,
    Math.min(frontFaceZ - allowanceMm, faceData.depthOfCut!),
    roughCutter,
    force,
    input,
    'Face to length',
    output,
    input.stockDiameterMm,
    0.25,
  );
  const finishFeed = Math.min(
    face.feedPerRev,
    turningData(subgroup, 'finish', nose, overrides).feedPerRev,
  );
  const moves = facingMoves(path, frontFaceZ, face.depthMm, face.feedPerRev, roughCutter.shape, {
    allowanceMm,
    feedPerRev: finishFeed,
  });
  output.operations.push(faceOperation(context, face, moves));
}
