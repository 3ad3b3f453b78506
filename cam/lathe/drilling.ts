/**
 * Drilling the bores: the drill chosen for them (tool-choice.ts), a centre drill to start it,
 * and the drill at constant rpm (G97) to the deepest bore's depth plus its 118° point, pecking,
 * within the spindle's power. Bores the selected tools cannot make (no drill fits, no boring bar
 * follows a drill not to size) or the drill's flutes cannot reach are left out, saying what would
 * make them; the rest of the part is made.
 */
import { POINT_LENGTH_PER_DIAMETER, centreDrillingData, drillingData } from '../drilling-data.ts';
import { convexHull } from '../geometry/polygon.ts';
import { PlanningError } from '../errors.ts';
import type { LathePlanContext, LathePlanOutput } from './context.ts';
import { cutterOf, round } from './context.ts';
import { outlineRadiusAt } from './cutters.ts';
import { drillingMoves } from './operations.ts';
import type { InnerSection, TurnedPart } from './part.ts';
import type { Operation } from './program.ts';
import { drillWithinPower } from './spindle-limits.ts';
import { boreGaps, boreTools } from './tool-choice.ts';
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
  const tip = POINT_LENGTH_PER_DIAMETER * drilledMm;
  return deepest.through ? -(-throughZ + tip) : -(deepest.depthMm + tip);
}

/**
 * The bores and their mouth chamfer listed as not programmed, each bore with `why`; the rest of
 * the part is made.
 */
function skipBores(
  context: LathePlanContext,
  output: LathePlanOutput,
  why: (bore: InnerSection) => string,
): BoreTools {
  const { part } = context;
  for (const bore of part.inner) output.notProgrammed.push(why(bore));
  const mouth = part.chamfers.find((chamfer) => chamfer.inner);
  if (mouth) output.notProgrammed.push(`the chamfer ${mouth.label} (its bore is not made)`);
  return { skipped: true };
}

/**
 * The drill and boring bar for the part's bores (none when it has none), with a warning when the
 * bar's smallest bore is not known. When the selected tools cannot make the bores (no drill fits,
 * or no boring bar finishes a drill not to size: boreGaps) or the drill's flutes do not reach
 * the depth, every bore and the mouth chamfer are listed as not programmed, saying what would
 * make them, and the bores are skipped.
 */
function chooseBoreTools(context: LathePlanContext, output: LathePlanOutput): BoreTools {
  const { part, input } = context;
  if (part.inner.length === 0) return { skipped: false };
  const gaps = boreGaps(part, input.tools);
  if (gaps.length > 0) return skipBores(context, output, (bore) => gaps[part.inner.indexOf(bore)]!);
  // boreGaps has found the drill, and the bar unless the drill makes the bore.
  const chosen = boreTools(part, input.tools);
  const drill = chosen.drill!;
  const drilledMm = drill.diameterMm!;
  const boringBar = chosen.exact ? undefined : chosen.bar!;
  if (boringBar && boringBar.minBoreMm === undefined)
    output.warnings.push(
      `${boringBar.label}: its smallest bore is not in its tooling row; check that it enters the Ø${drilledMm} mm drilled hole.`,
    );
  const drillDepth = drillDepthOf(part, context.setup.throughZ, drilledMm);
  const flute = cutterOf(drill).rating.reachMm ?? Infinity;
  if (-drillDepth > flute + 1e-6)
    // The drill cannot reach: the bores are left, and said so; the rest of the part is made.
    return skipBores(
      context,
      output,
      (bore) =>
        `the bore ${bore.label}: it is drilled ${round(-drillDepth)} mm deep and the flutes of ${drill.label} are ${round(flute)} mm long; select a drill with longer flutes`,
    );
  return { drill, drilledMm, ...(boringBar ? { boringBar } : {}), skipped: false };
}

/**
 * How deep (mm) a centre drill may spot a hole that a drill of Ø`drilledMm` drills: until its
 * outline, as the stock model sweeps it (the convex hull of its shape: pilot and countersink),
 * is 0.05 mm under the drill's radius at the face, so the drill, not the centre drill, makes
 * the hole's mouth. Infinity when the whole centre drill is narrower.
 */
function spotDepthLimit(centreDrill: LatheTool, drilledMm: number): number {
  const outline = convexHull(cutterOf(centreDrill).shape);
  const radius = drilledMm / 2 - 0.05;
  const length = Math.max(...outline.map((point) => point.x));
  if (outlineRadiusAt(outline, length) <= radius) return Infinity;
  let low = 0;
  let high = length;
  for (let step = 0; step < 40; step += 1) {
    const middle = (low + high) / 2;
    if (outlineRadiusAt(outline, middle) <= radius) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * The centre drilling before a drill of Ø`drilledMm`: deep enough to start the drill, never
 * deeper than the drill's own point goes nor wider than the drill (spotDepthLimit), at the
 * centre drill's data at constant rpm.
 */
function centreDrilling(
  context: LathePlanContext,
  centreDrill: LatheTool,
  drilledMm: number,
): Operation {
  const { part, input, overrides } = context;
  const deepest = part.inner.reduce((a, b) => (a.depthMm > b.depthMm ? a : b));
  const pilot = centreDrill.diameterMm ?? 2.5;
  const data = centreDrillingData(pilot, input.maxRpm, overrides);
  const drillPoint = deepest.through
    ? Infinity
    : deepest.depthMm + POINT_LENGTH_PER_DIAMETER * drilledMm;
  const depth = round(
    Math.min(
      1.5 * pilot + 1,
      0.8 * drilledMm + 1,
      drillPoint - 0.5,
      spotDepthLimit(centreDrill, drilledMm),
    ),
  );
  return {
    name: 'Centre drill',
    role: 'drill',
    tool: centreDrill,
    spindle: { mode: 'rpm', rpm: data.rpm },
    coolant: true,
    moves: drillingMoves(context.setup.path, -depth, depth, data.feedPerRev),
    data: { rpm: data.rpm, feedPerRev: data.feedPerRev },
  };
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
  if (centreDrill) operations.push(centreDrilling(context, centreDrill, drilledMm));
  else
    warnings.push(
      'No centre drill is selected: the drill starts on the faced centre; use a stub drill or spot the centre by hand.',
    );
  operations.push({
    name: `Drill Ø${drilledMm}`,
    role: 'drill',
    tool: drill,
    spindle: { mode: 'rpm', rpm: drilling.rpm },
    coolant: true,
    moves: drillingMoves(path, round(drillDepth), drilling.peckMm, drilling.feedPerRev),
    data: { rpm: drilling.rpm, feedPerRev: drilling.feedPerRev },
  });
  if (!deepest.through && !deepest.meets)
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
