/**
 * Drilling the bores: the drill chosen for them (tool-choice.ts), a centre drill to start it,
 * and the drill at constant rpm (G97) to the deepest bore's depth plus its 118° point, pecking,
 * within the spindle's power. Bores the drill's flutes cannot reach are left out, and said so.
 */
import { centreDrillingData, drillingData } from '../drilling-data.ts';
import { PlanningError } from '../errors.ts';
import type { LathePlanContext, LathePlanOutput } from './context.ts';
import { cutterOf, round } from './context.ts';
import { drillingMoves } from './operations.ts';
import type { TurnedPart } from './part.ts';
import { drillWithinPower } from './spindle-limits.ts';
import { boreTools } from './tool-choice.ts';
import type { LatheTool } from './tooling.ts';

/** The drill and the boring bar of the part's bores, as planned. */
export interface BoreTools {
  /** The drill and its diameter, mm; absent when the part has no bores or they are left out. */
  drill?: LatheTool;
  drilledMm?: number;
  /** The boring bar that bores them to size after the drill, when the drill does not. */
  boringBar?: LatheTool;
  /** The bores are left out: the drill's flutes do not reach their depth. */
  skipped: boolean;
}

/** Z the drill's point goes to: the deepest bore (or the cut-off) plus its tip, 0.3 · D. */
function drillDepthOf(part: TurnedPart, throughZ: number, drilledMm: number): number {
  const deepest = part.inner.reduce((a, b) => (a.depthMm > b.depthMm ? a : b));
  const tip = 0.3 * drilledMm;
  return deepest.through ? -(-throughZ + tip) : -(deepest.depthMm + tip);
}

/**
 * The drill and boring bar for the part's bores (none when it has none), with a warning when the
 * bar's smallest bore is not known; when the drill's flutes do not reach the depth, every bore
 * and the mouth chamfer are listed as not programmed and the bores are skipped.
 */
function chooseBoreTools(context: LathePlanContext, output: LathePlanOutput): BoreTools {
  const { part, input } = context;
  const { warnings, notProgrammed } = output;
  if (part.inner.length === 0) return { skipped: false };
  // missingTools has made sure the drill (and the bar, unless the drill makes the bore) exist.
  const chosen = boreTools(part, input.tools);
  const drill = chosen.drill!;
  const drilledMm = drill.diameterMm!;
  let boringBar: LatheTool | undefined;
  if (!chosen.exact) {
    boringBar = chosen.bar!;
    if (boringBar.minBoreMm === undefined) {
      warnings.push(
        `${boringBar.label}: its smallest bore is not in its tooling row; check that it enters the Ø${drilledMm} mm drilled hole.`,
      );
    }
  }
  const drillDepth = drillDepthOf(part, context.setup.throughZ, drilledMm);
  const flute = cutterOf(drill).rating.reachMm ?? Infinity;
  if (-drillDepth > flute + 1e-6) {
    // The drill cannot reach: the bores are left, and said so; the rest of the part is made.
    for (const bore of part.inner)
      notProgrammed.push(
        `the bore ${bore.label}: it is drilled ${round(-drillDepth)} mm deep and the flutes of ${drill.label} are ${round(flute)} mm long; select a drill with longer flutes`,
      );
    const mouth = part.chamfers.find((chamfer) => chamfer.inner);
    if (mouth) notProgrammed.push(`the chamfer ${mouth.label} (its bore is not made)`);
    return { skipped: true };
  }
  return { drill, drilledMm, ...(boringBar ? { boringBar } : {}), skipped: false };
}

/**
 * The centre drill (or a warning when none is selected) and the drill of Ø`drilledMm` to the
 * deepest bore, with a warning that a blind bore ends in the drill's point.
 * @throws PlanningError when twist drills cannot cut the material (hardened steel)
 */
function drillOperations(
  context: LathePlanContext,
  drill: LatheTool,
  drilledMm: number,
  output: LathePlanOutput,
): void {
  const { part, input, subgroup, overrides, force } = context;
  const { tools, maxRpm } = input;
  const { path, throughZ } = context.setup;
  const { operations, warnings } = output;
  const deepest = part.inner.reduce((a, b) => (a.depthMm > b.depthMm ? a : b));
  const drillDepth = drillDepthOf(part, throughZ, drilledMm);
  const handbookDrilling = drillingData(subgroup, drilledMm, maxRpm, overrides);
  if (!handbookDrilling)
    throw new PlanningError(
      `Twist drills cannot drill ${input.material}: bore it from a pre-drilled blank, or drill it before hardening.`,
    );
  const drilling = drillWithinPower(
    handbookDrilling,
    drilledMm,
    force,
    input,
    `Drill Ø${drilledMm}`,
    output,
  );

  const centreDrill = tools.find((tool) => tool.kind === 'centreDrill');
  if (centreDrill) {
    const pilot = centreDrill.diameterMm ?? 2.5;
    const data = centreDrillingData(pilot, maxRpm, overrides);
    // Deep enough to start the drill, never deeper than the drill's own point goes.
    const drillPoint = deepest.through ? Infinity : deepest.depthMm + 0.3 * drilledMm;
    const depth = round(Math.min(1.5 * pilot + 1, 0.8 * drilledMm + 1, drillPoint - 0.5));
    operations.push({
      name: 'Centre drill',
      role: 'drill',
      tool: centreDrill,
      spindle: { mode: 'rpm', rpm: data.rpm },
      coolant: true,
      moves: drillingMoves(path, -depth, depth, data.feedPerRev),
      data: { rpm: data.rpm, feedPerRev: data.feedPerRev },
    });
  } else {
    warnings.push(
      'No centre drill is selected: the drill starts on the faced centre; use a stub drill or spot the centre by hand.',
    );
  }
  operations.push({
    name: `Drill Ø${drilledMm}`,
    role: 'drill',
    tool: drill,
    spindle: { mode: 'rpm', rpm: drilling.rpm },
    coolant: true,
    moves: drillingMoves(path, round(drillDepth), drilling.peckMm, drilling.feedPerRev),
    data: { rpm: drilling.rpm, feedPerRev: drilling.feedPerRev },
  });
  if (!deepest.through)
    warnings.push(
      `The blind bore ${deepest.label} ends in the drill's 118° point below its flat bottom, as drawings allow unless they say otherwise.`,
    );
}

/**
 * Centre drill and drill for the bores: appends their operations (none when the part has no
 * bores, or the drill cannot reach their depth) and returns the tools the boring goes on with.
 * @throws PlanningError when twist drills cannot cut the material (hardened steel)
 */
export function drillBores(context: LathePlanContext, output: LathePlanOutput): BoreTools {
  const bores = chooseBoreTools(context, output);
  if (bores.drill && bores.drilledMm !== undefined)
    drillOperations(context, bores.drill, bores.drilledMm, output);
  return bores;
}
