/**
 * Grooving: each groove and thread undercut of the part as machined is plunged with the widest
 * selected grooving or parting blade that fits it, whose reach clears the diameters beside it,
 * at the grooving data (cutting-data.ts) within the spindle's power. A groove no blade can cut is
 * left out and said so; so is the thread of an undercut that cannot be cut.
 */
import type { LathePlanContext, LathePlanOutput } from './context.ts';
import { css, cutterOf, round } from './context.ts';
import type { Groove } from './contour.ts';
import { groovingData } from './cutting-data.ts';
import { groovingMoves } from './operations.ts';
import { withinSpindlePower } from './spindle-limits.ts';

/**
 * Without its undercut the thread has nowhere to run out: the thread of the undercut `groove` is
 * dropped from the plan's threads and said so in 'not programmed'.
 */
function dropThreadOf(groove: Groove, context: LathePlanContext, output: LathePlanOutput): void {
  const index = context.threads.findIndex((entry) =>
    groove.section.label.includes(entry.cycle.label),
  );
  if (index >= 0) {
    const [dropped] = context.threads.splice(index, 1);
    output.notProgrammed.push(
      `the thread ${dropped!.cycle.label}: its undercut cannot be cut (above), so the diameter is turned to Ø${round(dropped!.cycle.majorMm)} blank`,
    );
  }
}

/** How deep a groove is below the largest diameter within 3.5 mm of its sides, mm. */
function depthBelowNeighbours(groove: Groove, context: LathePlanContext): number {
  // The blade's clamp block, 3 mm wider than the blade on each side, sits at its reach above
  // the cut: it must clear the largest diameter beside the groove.
  const beside = Math.max(
    groove.surfaceMm,
    ...context.machined.outer
      .filter(
        (section) =>
          -section.startMm >= groove.zChuckSide - 3.5 && -section.endMm <= groove.zFreeSide + 3.5,
      )
      .map((section) => section.targetMm),
  );
  return (beside - groove.section.targetMm) / 2;
}

/** Cut one groove or thread undercut, or say why it is not cut. */
function cutGroove(groove: Groove, context: LathePlanContext, output: LathePlanOutput): void {
  const { input, subgroup, overrides, force } = context;
  const { blades } = context.tools;
  const { path } = context.setup;
  const { operations, notProgrammed } = output;
  const width = groove.zFreeSide - groove.zChuckSide;
  const blade = [...blades]
    .filter((tool) => tool.widthMm! <= width + 1e-6)
    .sort((a, b) => b.widthMm! - a.widthMm!)[0];
  if (!blade) {
    notProgrammed.push(
      `the groove ${groove.section.label} (${round(width)} mm wide): none of the selected grooving or parting blades is ${round(width)} mm wide or narrower; add a grooving blade of at most ${round(width)} mm`,
    );
    return;
  }
  const grooveDepth = depthBelowNeighbours(groove, context);
  const reach = cutterOf(blade).rating.reachMm ?? Infinity;
  const undercut = groove.section.label.startsWith('undercut');
  if (grooveDepth > reach - 0.5 + 1e-6) {
    notProgrammed.push(
      `the ${undercut ? 'thread undercut' : 'groove'} ${groove.section.label} (${round(grooveDepth)} mm below the diameters beside it): ${blade.label} reaches ${round(reach)} mm; select a grooving blade that reaches ${Math.ceil(grooveDepth + 0.5)} mm`,
    );
    if (undercut) dropThreadOf(groove, context, output);
    return;
  }
  const name = undercut
    ? groove.section.label.replace(/^undercut/, 'Undercut')
    : `Groove ${groove.section.label}`;
  const data = withinSpindlePower(
    groovingData(subgroup, overrides, cutterOf(blade).rating.maxPlungeFeedMm),
    blade.widthMm!,
    cutterOf(blade),
    force,
    input,
    name,
    output,
    groove.surfaceMm,
  );
  operations.push({
    name,
    role: 'groove',
    tool: blade,
    spindle: css(context, data.surfaceSpeed),
    coolant: true,
    moves: groovingMoves(path, groove, blade.widthMm!, data.feedPerRev),
    data: { surfaceSpeed: data.surfaceSpeed, feedPerRev: data.feedPerRev },
  });
}

/** Cut the grooves and thread undercuts of the part as machined, in their order along it. */
export function cutGrooves(context: LathePlanContext, output: LathePlanOutput): void {
  for (const groove of context.contour.grooves) cutGroove(groove, context, output);
}
