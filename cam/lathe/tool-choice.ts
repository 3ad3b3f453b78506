/**
 * Which of the selected tools does what on a turned part: the roughing and finishing turning
 * tools, the parting blade, the drill for the bores and the boring bar after it. A tool the
 * whole part needs (turning, a blade's width, a drill's diameter) refuses the job, with every
 * tool the selection lacks said at once; a bore the selected tools cannot make is left undone
 * with the tool that would make it (boreGaps), and the rest of the part is made
 * (docs/decisions/046-a-missing-drill-leaves-the-bore-undone.md). Without a parting blade the
 * part is turned from a sawn blank in two setups (docs/decisions/060-no-parting-blade.md).
 */
import { PlanningError } from '../errors.ts';
import type { ChosenTools } from './context.ts';
import { cutterOf } from './context.ts';
import type { InnerSection, TurnedPart } from './part.ts';
import { POINT_WALL_MM } from '../drilling-data.ts';
import { widestDrillForPoint } from './drill-point.ts';
import { DIAMETER_TOLERANCE_MM } from './part-sizes.ts';
import { nominalPartingWidthMm } from './stock.ts';
import { tapNameOf } from './tapped-holes.ts';
import { toolKindNames } from './tooling.ts';
import type { LatheTool, LatheToolKind } from './tooling.ts';

const where = 'Select it for this job, or add it to the machine in Tooling Pairs';

/**
 * The tool of `kind` for `purpose` ("to face and rough the outside"): `pick`'s choice among the
 * tools of that kind, else the first.
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

/** The drill and the boring bar a part's bores are made with, as the selected tools give them. */
export interface BoreToolChoice {
  /** The narrowest bore: the drill is chosen for it and goes to the deepest one's depth. */
  narrowest: InnerSection;
  /** One drill may make the bore to size: a single bore, its tolerance 0.1 mm wide or more. */
  drillFinishes: boolean;
  /**
   * The drill: to size (`exact`: within DIAMETER_TOLERANCE_MM of the target, as the verifier
   * holds it), else the largest one that leaves 0.3 mm a side to bore.
   */
  drill?: LatheTool;
  exact: boolean;
  /** The boring bar that enters the drilled hole, when the drill does not make the bore. */
  bar?: LatheTool;
  /**
   * The largest drill a boring bar can finish the narrowest bore from, mm (0.1 steps): 0.6 mm
   * under it, and no wider than keeps its point inside the part (drill-point.ts).
   */
  largestDrillMm: number;
  /** The drill's point past a blind bore, not the bore's size, sets `largestDrillMm`. */
  pointLimited?: true;
}

/**
 * The first selected boring bar that enters a hole of Ø`holeMm` (its smallest bore, when its row
 * gives one, no larger), if any.
 */
export const boringBarFor = (tools: LatheTool[], holeMm: number): LatheTool | undefined =>
  tools.find(
    (tool) => tool.kind === 'boring' && (tool.minBoreMm === undefined || tool.minBoreMm <= holeMm),
  );

/** The bore of the smallest diameter. */
const narrowestBore = (part: TurnedPart): InnerSection =>
  part.inner.reduce((a, b) => (a.targetMm < b.targetMm ? a : b));

/**
 * The drill for a part's bores, whether it makes them to size, and the boring bar after it.
 * `part` must have a bore; drills whose diameter is not known are not chosen.
 */
export function boreTools(part: TurnedPart, tools: LatheTool[]): BoreToolChoice {
  const narrowest = narrowestBore(part);
  const drills = tools.filter((tool) => tool.kind === 'drill' && tool.diameterMm !== undefined);
  const drillFinishes =
    part.inner.length === 1 &&
    (!narrowest.limits || narrowest.limits.maxMm - narrowest.limits.minMm >= 0.1);
  // A drill whose point would break out past a blind bore's bottom neither makes it to size nor
  // drills it for the boring bar.
  const pointMm = widestDrillForPoint(part);
  const exact = narrowest.thread
    ? tapDrillOf(narrowest, drills)
    : drillFinishes
      ? drills.find(
          (drill) =>
            Math.abs(drill.diameterMm! - narrowest.targetMm) <= DIAMETER_TOLERANCE_MM + 1e-9 &&
            drill.diameterMm! <= pointMm + 1e-9,
        )
      : undefined;
  // A tapped hole is drilled to its tap drill, never bored.
  if (narrowest.thread)
    return {
      narrowest,
      drillFinishes: true,
      exact: Boolean(exact),
      largestDrillMm: 0,
      ...(exact ? { drill: exact } : {}),
    };
  const drill =
    exact ??
    [...drills]
      .filter((tool) => tool.diameterMm! <= Math.min(narrowest.targetMm - 0.6, pointMm + 1e-9))
      .sort((a, b) => b.diameterMm! - a.diameterMm!)[0];
  const largestDrillMm = Math.floor(Math.min(narrowest.targetMm - 0.6, pointMm) * 10) / 10;
  const choice = {
    narrowest,
    drillFinishes,
    exact: Boolean(exact),
    largestDrillMm,
    ...(pointMm < narrowest.targetMm - 0.6 ? { pointLimited: true as const } : {}),
  };
  if (!drill || exact) return { ...choice, ...(drill ? { drill } : {}) };
  const bar = boringBarFor(tools, drill.diameterMm!);
  return { ...choice, drill, ...(bar ? { bar } : {}) };
}

/**
 * The tap drill of a tapped hole among the drills: the one closest to the ISO 2306 size within
 * its limits (±0.1 mm), if any.
 */
export function tapDrillOf(bore: InnerSection, drills: LatheTool[]): LatheTool | undefined {
  const { minMm, maxMm } = bore.limits!;
  return drills
    .filter((drill) => drill.diameterMm! >= minMm - 1e-9 && drill.diameterMm! <= maxMm + 1e-9)
    .sort(
      (a, b) => Math.abs(a.diameterMm! - bore.targetMm) - Math.abs(b.diameterMm! - bore.targetMm),
    )[0];
}

/**
 * The tools the whole part needs that the selected tools do not give, each as a phrase ("an
 * external turning tool to face and rough the outside"): a turning tool to face and rough the
 * outside, and the width or diameter of every blade and drill whose tooling row does not give
 * it. Without them nothing of the part is made. A parting blade is not among them: without one
 * the part is turned from a sawn blank (decision 060).
 */
export function partTools(part: TurnedPart, tools: LatheTool[]): string[] {
  const gaps: string[] = [];
  if (!tools.some((tool) => tool.kind === 'turning'))
    gaps.push(`${toolKindNames.turning} to face and rough the outside`);
  for (const blade of tools)
    if ((blade.kind === 'parting' || blade.kind === 'grooving') && blade.widthMm === undefined)
      gaps.push(
        `the width of ${blade.label}, which is not in its name or description (write it in the tool row, for example "3 mm wide")`,
      );
  if (part.inner.length > 0)
    for (const drill of tools)
      if (drill.kind === 'drill' && drill.diameterMm === undefined)
        gaps.push(
          `the diameter of ${drill.label}, which is not in its name or description (write it in the tool row, for example "Ø8.5")`,
        );
  return gaps;
}

/**
 * The bores' tool the selected tools lack, as a phrase for a refusal ("a twist drill up to
 * Ø2 mm for the bore Ø2.6"), or undefined when they can make the bores (or there are none).
 * Without it the bores are left undone, not the part (boreGaps).
 */
export function boreTool(part: TurnedPart, tools: LatheTool[]): string | undefined {
  if (part.inner.length === 0) return undefined;
  const narrowest = narrowestBore(part);
  const chosen = boreTools(part, tools);
  if (!chosen.drill && narrowest.thread)
    return `a Ø${narrowest.thread.tapDrillMm} mm tap drill for the internal thread ${narrowest.thread.designation}`;
  if (!chosen.drill)
    return `a twist drill up to Ø${chosen.largestDrillMm} mm for the bore ${narrowest.label}`;
  if (!chosen.exact && !chosen.bar) return `${toolKindNames.boring} to bore ${narrowest.label}`;
  return undefined;
}

/**
 * A bore as the drawing gives it, for messages: "the bore Ø2.6 x 10 deep", "the bore Ø10 H7
 * through".
 */
const boreName = (bore: InnerSection): string =>
  `the bore ${bore.label} ${bore.through ? 'through' : `x ${bore.depthMm} deep`}`;

/**
 * The twist drill that drills a bore to size, mm: its nominal size when within 0.05 mm of its
 * target, else the target.
 */
const drillToSize = (bore: InnerSection): number =>
  Math.abs(bore.nominalMm - bore.targetMm) <= 0.05
    ? bore.nominalMm
    : Math.round(bore.targetMm * 100) / 100;

/** Why no selected drill makes the narrowest bore, and the drill that would (no drill chosen). */
function noDrill(choice: BoreToolChoice, tools: LatheTool[]): string {
  const { narrowest, largestDrillMm } = choice;
  const size = drillToSize(narrowest);
  const drills = tools.filter((tool) => tool.kind === 'drill' && tool.diameterMm !== undefined);
  if (choice.drillFinishes) {
    const smaller = drills.some(
      (drill) => drill.diameterMm! <= narrowest.targetMm + DIAMETER_TOLERANCE_MM,
    );
    return smaller && largestDrillMm > 0
      ? `no selected twist drill is Ø${size} mm, to drill it to size, or Ø${largestDrillMm} mm or smaller, to drill it for a boring bar; a Ø${size} mm twist drill would drill it`
      : `no selected twist drill is Ø${size} mm or smaller; a Ø${size} mm twist drill would drill it`;
  }
  const bar = tools.some((tool) => tool.kind === 'boring') ? '' : ' and a boring bar';
  const point = choice.pointLimited
    ? ` (a wider drill's point would break out past the bore's bottom; ${POINT_WALL_MM} mm of wall kept)`
    : '';
  return `it is bored to size from a drilled hole, and no selected twist drill is Ø${largestDrillMm} mm or smaller${point}; a twist drill of Ø${largestDrillMm} mm or smaller${bar} would make it`;
}

/** Why no selected boring bar finishes the drilled bores, and what would (drill not to size). */
function noBar(choice: BoreToolChoice, drilledMm: number, tools: LatheTool[]): string {
  const bars = tools.some((tool) => tool.kind === 'boring');
  const lack = bars
    ? `no selected boring bar enters a Ø${drilledMm} mm hole`
    : 'none of the selected tools is a boring bar';
  const remedy = choice.drillFinishes
    ? `a boring bar that enters Ø${drilledMm} mm, or a Ø${drillToSize(choice.narrowest)} mm twist drill, would make it`
    : `a boring bar that enters Ø${drilledMm} mm would bore it`;
  return `the Ø${drilledMm} mm drill leaves it to be bored to size, and ${lack}; ${remedy}`;
}

/**
 * The bores the selected tools cannot make, as 'not programmed' entries, each naming its bore
 * ("the bore Ø2.6 x 10 deep: no selected twist drill is Ø2.6 mm or smaller; a Ø2.6 mm twist
 * drill would drill it"): every bore when no drill fits the narrowest (the others are bored
 * from its hole) or no boring bar finishes a drill that is not to size; none when they can.
 */
export function boreGaps(part: TurnedPart, tools: LatheTool[]): string[] {
  if (part.inner.length === 0) return [];
  const choice = boreTools(part, tools);
  const { narrowest, drill } = choice;
  if (!drill && narrowest.thread) {
    const { tapDrillMm } = narrowest.thread;
    return [
      `the internal thread ${narrowest.label}: no selected twist drill is its Ø${tapDrillMm} mm tap drill (ISO 2306, within 0.1 mm); a Ø${tapDrillMm} mm twist drill and ${tapNameOf(narrowest.thread)} would make it`,
    ];
  }
  if (!drill) {
    const why = noDrill(choice, tools);
    return part.inner.map((bore) =>
      bore === narrowest
        ? `${boreName(bore)}: ${why}`
        : `${boreName(bore)}: it is bored from the hole drilled for ${boreName(narrowest)}, which no selected drill can drill`,
    );
  }
  if (choice.exact || choice.bar) return [];
  const why = noBar(choice, drill.diameterMm!, tools);
  return part.inner.map((bore) => `${boreName(bore)}: ${why}`);
}

/**
 * Every tool the part needs that the selected tools do not give, each as a phrase: the tools
 * the whole part needs (partTools), then the bores' (boreTool), so a refused job is told the
 * whole list once.
 */
export function missingTools(part: TurnedPart, tools: LatheTool[]): string[] {
  const bore = boreTool(part, tools);
  return [...partTools(part, tools), ...(bore ? [bore] : [])];
}

/** The turning tool with the largest (or the smallest) nose radius, 0.4 mm when not known. */
const byNose = (tools: LatheTool[], largest: boolean) =>
  [...tools].sort(
    (a, b) => ((a.noseRadiusMm ?? 0.4) - (b.noseRadiusMm ?? 0.4)) * (largest ? -1 : 1),
  )[0];

/**
 * The tools for what every part needs: the roughing tool (a turning tool whose hint says ROUGH,
 * else the largest nose), the finishing tool (hint FINISH, else the smallest nose, else the
 * roughing tool), every grooving and parting blade, and the narrowest parting blade, if any
 * (without one: no `partingTool`, a reach of 0 and the nominal width of stock.ts, so the part
 * is turned from a sawn blank, decision 060).
 * A bore the selected tools cannot make does not refuse the part: it is left undone (drilling.ts).
 * @throws PlanningError when a tool the whole part needs is missing (partTools), listing every
 *   tool the part needs that the selected tools do not give (missingTools)
 */
export function chooseTools(part: TurnedPart, tools: LatheTool[]): ChosenTools {
  // Tools: a part refused for a tool it cannot be made without is told everything missing.
  if (partTools(part, tools).length > 0) {
    const gaps = missingTools(part, tools);
    throw new PlanningError(
      `This part needs tools the selected ones do not give: ${gaps.map((gap, index) => `(${index + 1}) ${gap}`).join('; ')}. Select them for this job, or add them to the machine in Tooling Pairs and choose the tools again.`,
    );
  }
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
  const partingTool = tools
    .filter((tool) => tool.kind === 'parting')
    .sort((a, b) => a.widthMm! - b.widthMm!)[0];
  return {
    roughTool,
    roughCutter: cutterOf(roughTool),
    finishTool,
    finishCutter: cutterOf(finishTool),
    blades,
    ...(partingTool ? { partingTool } : {}),
    partingWidthMm: partingTool?.widthMm ?? nominalPartingWidthMm,
    partingReach: partingTool ? (cutterOf(partingTool).rating.reachMm ?? Infinity) : 0,
  };
}
