/**
 * Which of the selected tools does what on a turned part: the roughing and finishing turning
 * tools, the parting blade, the drill for the bores and the boring bar after it; and every tool
 * the part needs that the selection lacks, said at once.
 */
import { PlanningError } from '../errors.ts';
import type { ChosenTools } from './context.ts';
import { cutterOf } from './context.ts';
import type { TurnedPart } from './part.ts';
import { toolKindNames } from './tooling.ts';
import type { LatheTool, LatheToolKind } from './tooling.ts';

const where = 'Select it for this job, or add it to the machine in Tooling Pairs';

/**
 * The tool of `kind` for `purpose` ("to cut the part off"): `pick`'s choice among the tools of
 * that kind, else the first.
 * @throws PlanningError when none of the tools is of that kind
 */
function need(
  tools: LatheTool[],
  kind: LatheToolKind,
  purpose: string,
  pick?: (tools: LatheTool[]) => LatheTool | undefined,
): LatheTool {
  const candidates = tools.filter((tool) => tool.kind === kind);
  const tool = pick ? pick(candidates) : candidates[0];
  if (!tool)
    throw new PlanningError(
      `This part needs ${toolKindNames[kind]} ${purpose}, and none of the selected tools is one. ${where}.`,
    );
  return tool;
}

/** The drill for a part's bores, whether it makes them to size, and the boring bar after it. */
export function boreTools(
  part: TurnedPart,
  tools: LatheTool[],
): { drill?: LatheTool; exact: boolean; bar?: LatheTool; largestDrillMm: number } {
  const narrowest = part.inner.reduce((a, b) => (a.targetMm < b.targetMm ? a : b));
  const drills = tools.filter((tool) => tool.kind === 'drill' && tool.diameterMm !== undefined);
  const oneDrillFinishes =
    part.inner.length === 1 &&
    (!narrowest.limits || narrowest.limits.maxMm - narrowest.limits.minMm >= 0.1);
  const exact = oneDrillFinishes
    ? drills.find((drill) => Math.abs(drill.diameterMm! - narrowest.targetMm) <= 0.05)
    : undefined;
  const drill =
    exact ??
    [...drills]
      .filter((tool) => tool.diameterMm! <= narrowest.targetMm - 0.6)
      .sort((a, b) => b.diameterMm! - a.diameterMm!)[0];
  const largestDrillMm = Math.floor((narrowest.targetMm - 0.6) * 10) / 10;
  if (!drill || exact)
    return { ...(drill ? { drill } : {}), exact: Boolean(exact), largestDrillMm };
  const bar = tools.find(
    (tool) =>
      tool.kind === 'boring' &&
      (tool.minBoreMm === undefined || tool.minBoreMm <= drill.diameterMm!),
  );
  return { drill, exact: false, ...(bar ? { bar } : {}), largestDrillMm };
}

/**
 * Every tool the part needs that the selected tools do not give, each as a phrase ("a parting
 * (cut-off) tool to cut the part off"), so a job is refused once with the whole list.
 */
export function missingTools(part: TurnedPart, tools: LatheTool[]): string[] {
  const gaps: string[] = [];
  if (!tools.some((tool) => tool.kind === 'turning'))
    gaps.push(`${toolKindNames.turning} to face and rough the outside`);
  for (const blade of tools)
    if ((blade.kind === 'parting' || blade.kind === 'grooving') && blade.widthMm === undefined)
      gaps.push(
        `the width of ${blade.label}, which is not in its name or description (write it in the tool row, for example "3 mm wide")`,
      );
  if (!tools.some((tool) => tool.kind === 'parting' && tool.widthMm !== undefined))
    gaps.push(`${toolKindNames.parting} to cut the part off`);
  if (part.inner.length > 0) {
    for (const drill of tools)
      if (drill.kind === 'drill' && drill.diameterMm === undefined)
        gaps.push(
          `the diameter of ${drill.label}, which is not in its name or description (write it in the tool row, for example "Ø8.5")`,
        );
    const narrowest = part.inner.reduce((a, b) => (a.targetMm < b.targetMm ? a : b));
    const chosen = boreTools(part, tools);
    if (!chosen.drill)
      gaps.push(`a twist drill up to Ø${chosen.largestDrillMm} mm for the bore ${narrowest.label}`);
    else if (!chosen.exact && !chosen.bar)
      gaps.push(`${toolKindNames.boring} to bore ${narrowest.label}`);
  }
  return gaps;
}

/** The turning tool with the largest (or the smallest) nose radius, 0.4 mm when not known. */
const byNose = (tools: LatheTool[], largest: boolean) =>
  [...tools].sort(
    (a, b) => ((a.noseRadiusMm ?? 0.4) - (b.noseRadiusMm ?? 0.4)) * (largest ? -1 : 1),
  )[0];

/**
 * The tools for what every part needs: the roughing tool (a turning tool whose hint says ROUGH,
 * else the largest nose), the finishing tool (hint FINISH, else the smallest nose, else the
 * roughing tool), every grooving and parting blade, and the narrowest parting blade.
 * @throws PlanningError listing every tool the part needs that the selected tools do not give
 */
export function chooseTools(part: TurnedPart, tools: LatheTool[]): ChosenTools {
  // Tools: everything missing is said at once.
  const gaps = missingTools(part, tools);
  if (gaps.length > 0)
    throw new PlanningError(
      `This part needs tools the selected ones do not give: ${gaps.map((gap, index) => `(${index + 1}) ${gap}`).join('; ')}. Select them for this job, or add them to the machine in Tooling Pairs and choose the tools again.`,
    );
  const turning = tools.filter((tool) => tool.kind === 'turning');
  const roughTool = need(
    turning,
    'turning',
    'to face and rough the outside',
    (list) => list.find((tool) => tool.duty === 'rough') ?? byNose(list, true),
  );
  const finishTool =
    turning.find((tool) => tool.duty === 'finish') ?? byNose(turning, false) ?? roughTool;
  const blades = tools.filter((tool) => tool.kind === 'parting' || tool.kind === 'grooving');
  const partingTool = need(
    tools,
    'parting',
    'to cut the part off',
    (list) => [...list].sort((a, b) => a.widthMm! - b.widthMm!)[0],
  );
  return {
    roughTool,
    roughCutter: cutterOf(roughTool),
    finishTool,
    finishCutter: cutterOf(finishTool),
    blades,
    partingTool,
    partingWidthMm: partingTool.widthMm!,
    partingReach: cutterOf(partingTool).rating.reachMm ?? Infinity,
  };
}
