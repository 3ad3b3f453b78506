/**
 * Parting off: the narrowest parting blade cuts the part off at the chuck-side end, down to the
 * axis (or into a through bore the program drills), at the grooving data (cutting-data.ts)
 * within the spindle's power; when the blade does not reach that deep, the part off is left to
 * the saw and said so. A chamfer on the parted-off end's edge is turned by the blade first
 * (part-off-chamfer.ts, docs/decisions/052-chamfer-at-part-off.md).
 */
import type { LathePlanContext, LathePlanOutput } from './context.ts';
import { css, cutterOf, round } from './context.ts';
import { groovingData } from './cutting-data.ts';
import { partingMoves } from './operations.ts';
import { partOffChamferPath } from './part-off-chamfer.ts';
import { withinSpindlePower } from './spindle-limits.ts';

/**
 * Where the part off ends and how deep it cuts: to the axis, or 1 mm into a through bore the
 * program drills (`boresMade`), from the last diameter of the envelope.
 * @returns the diameter the blade stops at and the radial depth of the cut, mm
 */
function partingCut(
  context: LathePlanContext,
  boresMade: boolean,
): { partingEndX: number; partingDepth: number } {
  const through = boresMade ? context.part.inner.find((bore) => bore.through) : undefined;
  const partingEndX = through ? round(Math.max(0, through.targetMm - 1)) : 0;
  return { partingEndX, partingDepth: (context.contour.envelope.at(-1)! - partingEndX) / 2 };
}

/**
 * Whether the selected parting blade reaches the part off's depth (its rated reach against
 * {@link partingCut}'s depth); when it does not, or no blade is selected (a reach of 0), the
 * plan turns the part from a sawn blank in two setups (sawn-blank.ts).
 */
export function bladeReaches(context: LathePlanContext, boresMade: boolean): boolean {
  return partingCut(context, boresMade).partingDepth <= context.tools.partingReach + 1e-6;
}

/**
 * The radial depth of the part off from the last diameter of the envelope, mm: to the axis, or
 * 1 mm into a through bore the program drills (`boresMade`).
 */
export const partingDepthMm = (context: LathePlanContext, boresMade: boolean): number =>
  partingCut(context, boresMade).partingDepth;

/**
 * Part off: appends the 'Part off' operation (with the part-off chamfer first, 'Chamfer and part
 * off') and its warning, or a 'not programmed' entry.
 * @param boresMade - false when the bores are left undone (drilling.ts): the blade then cuts to
 *   the axis, as on a solid part
 * @returns whether the part's chamfer at the parted-off end is cut (false without one)
 */
export function partOff(
  context: LathePlanContext,
  boresMade: boolean,
  output: LathePlanOutput,
): boolean {
  const chamfer = context.part.partOffChamfer;
  const { input, subgroup, overrides, force, part, contour } = context;
  const { partingTool, partingWidthMm, partingReach } = context.tools;
  const { path } = context.setup;
  const { operations, warnings, notProgrammed } = output;
  // Part off.
  const { partingEndX, partingDepth } = partingCut(context, boresMade);
  if (!partingTool || partingDepth > partingReach + 1e-6) {
    notProgrammed.push(
      partingTool
        ? `the part off: ${partingTool.label} reaches ${round(partingReach)} mm and the cut is ${round(partingDepth)} mm deep; select a parting blade that reaches ${Math.ceil(partingDepth)} mm, or saw the part off`
        : `the part off: no parting blade is selected; a parting blade that reaches ${Math.ceil(partingDepth)} mm would part it off, or saw the part off`,
    );
    if (chamfer)
      notProgrammed.push(
        `the chamfer ${chamfer.label}: the parting blade turns it before the part off, which is not programmed; deburr it or turn the part around`,
      );
    return false;
  }
  const parting = withinSpindlePower(
    groovingData(subgroup, overrides, cutterOf(partingTool).rating.maxPlungeFeedMm),
    partingWidthMm,
    cutterOf(partingTool),
    force,
    input,
    'Part off',
    output,
    contour.envelope.at(-1)!,
  );
  const surfaceMm = contour.envelope.at(-1)!;
  const chamferPath = chamfer
    ? partOffChamferPath(context, partingTool, chamfer, surfaceMm, partingEndX, parting.feedPerRev)
    : undefined;
  if (typeof chamferPath === 'string') notProgrammed.push(chamferPath);
  const chamfered = chamferPath !== undefined && typeof chamferPath !== 'string';
  operations.push({
    name: chamfered ? 'Chamfer and part off' : 'Part off',
    role: 'part-off',
    tool: partingTool,
    spindle: css(context, parting.surfaceSpeed),
    coolant: true,
    moves: partingMoves(
      path,
      part.lengthMm,
      contour.envelope.at(-1)!,
      partingEndX,
      parting.feedPerRev,
      chamfered ? chamferPath : undefined,
    ),
    data: { surfaceSpeed: parting.surfaceSpeed, feedPerRev: parting.feedPerRev },
  });
  warnings.push(
    `${partingTool.label}: touch it off on its free-end corner; the part drops when cut off, so use a parts catcher.`,
  );
  return chamfered;
}
