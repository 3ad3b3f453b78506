/**
 * Holes: how each hole of the part is made with the selected tools, and its operations, in
 * program order: holes no drill makes (circular pockets with an end mill), spot drilling,
 * drilling (G81, or G83 pecking deeper than 3 x D), countersinks (G81 with a countersink:
 * countersinks.ts), tapping (G84), counterbores (circular pockets), then reaming (G85) and fine
 * boring (G76); the canned cycles are built in hole-cycles.ts.
 *
 * A tapped hole gets its tap drill (±0.1 mm) and a tap; a hole with a tolerance band under
 * 0.04 mm is reamed (after a drill about 0.2 mm under, 0.3 mm over Ø10) or fine bored (after a
 * drill 0.4 to 1.5 mm under, or an end mill roughing it 0.3 mm under); any other hole is drilled
 * with a drill within its tolerance band around the band's middle (at most the general
 * tolerance), or else milled to the band's middle. A blind hole is drilled only where the
 * drill's point keeps POINT_WALL_MM to the part's bottom; else it is milled flat.
 */
import { POINT_LENGTH_PER_DIAMETER, POINT_WALL_MM } from '../drilling-data.ts';
import { circlePolygon } from '../geometry/polygon.ts';
import type { Hole, PrismaticPart } from '../prismatic/part.ts';
import { drillData, fluteLengthOf, tapData } from './cutting-data.ts';
import type { MillTool } from './program.ts';
import { millRegion, planRegion } from './clearing.ts';
import { commitOperations } from './in-process.ts';
import { breakthroughMm, endMillsBySize } from './context.ts';
import type { MillPlanContext, MillPlanOutput } from './context.ts';
import { boreAndReam, holeName, spotAndDrill, tapHoles } from './hole-cycles.ts';
import { planCountersinks } from './countersinks.ts';
import type { DrillJob, FinishJob, TapJob } from './hole-cycles.ts';
import { fmt } from './toolpath.ts';

/** How the holes of a part are made. */
interface HoleMethods {
  drillJobs: DrillJob[];
  tapJobs: TapJob[];
  finishJobs: FinishJob[];
  /**
   * Holes milled as circular pockets (and the roughing of bored holes no drill reaches): the
   * hole of the part and the circle milled for it; `drillPointOut`, the drill that fits it but
   * whose point would run out of the part's bottom (mm).
   */
  interpolated: { hole: Hole; milled: Hole; drillPointOut?: number }[];
  counterbores: Hole[];
}

/** The middle of a hole's tolerance band (its nominal diameter when it has none), mm. */
const middleOf = (hole: Hole): number =>
  hole.tolerance
    ? hole.diameterMm + (hole.tolerance.upperMm + hole.tolerance.lowerMm) / 2
    : hole.diameterMm;

/**
 * Choose how each hole is made with the sized tools; appends a 'not programmed' entry for each
 * hole (or its tapping) the selected tools cannot make.
 */
function chooseHoleMethods(
  part: PrismaticPart,
  sized: MillTool[],
  context: MillPlanContext,
  output: MillPlanOutput,
): HoleMethods {
  const { material, maxRpm, overrides } = context;
  const thickness = part.thicknessMm;
  const drop = (reason: string) => output.notProgrammed.push(reason);
  const drills = sized.filter((tool) => tool.kind === 'drill');
  const taps = sized.filter((tool) => tool.kind === 'tap');
  const reamers = sized.filter((tool) => tool.kind === 'reamer');
  const boringHead = sized.find((tool) => tool.kind === 'boringHead');
  const drillJobs: DrillJob[] = [];
  const tapJobs: TapJob[] = [];
  const finishJobs: FinishJob[] = [];
  const interpolated: HoleMethods['interpolated'] = [];
  const counterbores: Hole[] = [];
  const closestDrill = (size: number, below: number, above: number) =>
    [...drills]
      .filter(
        (tool) =>
          tool.diameterMm! >= size - below - 1e-9 && tool.diameterMm! <= size + above + 1e-9,
      )
      .sort((a, b) => Math.abs(a.diameterMm! - size) - Math.abs(b.diameterMm! - size))[0];
  const drillDepth = (hole: Hole, diameter: number, extra = 0) =>
    hole.through
      ? thickness + breakthroughMm + POINT_LENGTH_PER_DIAMETER * diameter
      : Math.max(hole.depthMm, extra) + POINT_LENGTH_PER_DIAMETER * diameter;
  // A blind hole's drill point keeps a wall to the part's bottom: a drill whose point would run
  // out does not make the hole (it is milled flat instead, or named).
  const pointRunsOut = (hole: Hole, diameter: number, extra = 0) =>
    !hole.through && drillDepth(hole, diameter, extra) > thickness - POINT_WALL_MM + 1e-9;

  part.holes.forEach((hole) => {
    const name = holeName(hole);
    if (hole.counterbore) counterbores.push(hole);
    const band = hole.tolerance ? hole.tolerance.upperMm - hole.tolerance.lowerMm : Infinity;
    const target = middleOf(hole);
    if (hole.kind === 'tapped' && hole.thread) {
      const thread = hole.thread;
      const drill = closestDrill(thread.tapDrillMm, 0.1, 0.1);
      const threadDepth = hole.through ? thickness : (hole.threadDepthMm ?? hole.depthMm);
      if (!drill) {
        drop(
          `${name}: no Ø${fmt(thread.tapDrillMm)} tap drill is selected; add a Ø${fmt(thread.tapDrillMm)} drill and a tap for the ${thread.callout} thread`,
        );
        return;
      }
      if (pointRunsOut(hole, drill.diameterMm!, threadDepth + 3 * thread.pitchMm)) {
        drop(
          `${name}: its Ø${fmt(drill.diameterMm!)} tap drill, ${fmt(threadDepth + 3 * thread.pitchMm)} mm deep for the thread and the tap's lead, would run its point out of the ${fmt(thickness)} mm part's bottom; make the thread shallower on the drawing, or thread mill it`,
        );
        return;
      }
      drillJobs.push({
        hole,
        drill,
        depth: drillDepth(hole, drill.diameterMm!, threadDepth + 3 * thread.pitchMm),
      });
      const tap = taps.find(
        (tool) =>
          Math.abs(tool.diameterMm! - thread.nominalMm) < 0.05 &&
          Math.abs((tool.pitchMm ?? 0) - thread.pitchMm) < 0.01,
      );
      if (!tap)
        drop(
          `${name}: no ${thread.callout} tap is selected; the tap drill is drilled; add a tap for the ${thread.callout} thread`,
        );
      else if (!tapData(material, tap, maxRpm, overrides))
        drop(
          `${name}: taps cannot cut ${context.materialName}; the tap drill is drilled; thread it with a carbide thread mill`,
        );
      else tapJobs.push({ hole, tap });
      return;
    }
    if (band < 0.04) {
      const reamer = reamers.find((tool) => Math.abs(tool.diameterMm! - target) <= band / 4 + 1e-9);
      if (reamer) {
        const pre = closestDrill(target - (target > 10 ? 0.3 : 0.2), 0.3, 0.1);
        if (pre && !pointRunsOut(hole, pre.diameterMm!)) {
          drillJobs.push({ hole, drill: pre, depth: drillDepth(hole, pre.diameterMm!) });
          finishJobs.push({ hole, tool: reamer });
          return;
        }
      }
      if (boringHead) {
        const pre = [...drills]
          .filter((tool) => tool.diameterMm! <= target - 0.4)
          .sort((a, b) => b.diameterMm! - a.diameterMm!)[0];
        const label = `T${boringHead.number} boring head set to Ø${fmt(target)}`;
        const bore = { ...boringHead, diameterMm: target, label };
        if (pre && pre.diameterMm! >= target - 1.5 && !pointRunsOut(hole, pre.diameterMm!)) {
          drillJobs.push({ hole, drill: pre, depth: drillDepth(hole, pre.diameterMm!) });
          finishJobs.push({ hole, tool: bore });
          return;
        }
        if (endMillsBySize(sized).some((tool) => tool.diameterMm! < target - 1)) {
          interpolated.push({
            hole,
            milled: { ...hole, label: `Rough bore ${name}`, diameterMm: target - 0.3 },
          });
          finishJobs.push({ hole, tool: bore });
          return;
        }
      }
      drop(
        `${name}: its ±${fmt(band / 2)} mm tolerance needs a Ø${fmt(target)} reamer or a boring head with a smaller drill`,
      );
      return;
    }
    // A drill makes the hole to size when it lies within the hole's band around its middle:
    // a Ø9.5 drill is not a Ø9.525 +0.05/0 hole, though it is within 0.025 mm of the nominal.
    const tolerance = Math.min(hole.tolerance ? band / 2 : context.tolerance, context.tolerance);
    const exact = closestDrill(target, tolerance, tolerance);
    if (exact && !pointRunsOut(hole, exact.diameterMm!)) {
      drillJobs.push({ hole, drill: exact, depth: drillDepth(hole, exact.diameterMm!) });
      return;
    }
    interpolated.push({
      hole,
      milled: hole,
      ...(exact ? { drillPointOut: exact.diameterMm! } : {}),
    });
  });
  return { drillJobs, tapJobs, finishJobs, interpolated, counterbores };
}

/**
 * Plan every hole of the part with the sized tools (tools with a known diameter, and boring
 * heads): appends, in program order, the milled holes, spot drilling, drilling, tapping,
 * countersinks, tapping, counterbores, reaming and boring, their warnings, and a 'not programmed' entry for each hole
 * or step the selected tools cannot make. A hole whose drill cannot make it (the drill cannot
 * cut the material, or is too short) is neither spotted, tapped, reamed nor bored.
 */
export function planHoles(
  part: PrismaticPart,
  sized: MillTool[],
  context: MillPlanContext,
  output: MillPlanOutput,
): void {
  const { material, maxRpm, overrides } = context;
  const thickness = part.thicknessMm;
  const drop = (reason: string) => output.notProgrammed.push(reason);
  const { drillJobs, tapJobs, finishJobs, interpolated, counterbores } = chooseHoleMethods(
    part,
    sized,
    context,
    output,
  );

  // Holes no drill makes: circular pockets with an end mill. A milled hole under a counterbore
  // is milled after it, from its floor: a shorter end mill reaches, its shank in the counterbore.
  const unmilled = new Set<Hole>();
  const counterboredFirst = new Set<Hole>();
  for (const { hole: original, milled: hole, drillPointOut } of interpolated) {
    const rough = hole !== original;
    const diameter = rough ? hole.diameterMm : middleOf(hole);
    const region = [circlePolygon(hole.center, diameter / 2, 0.002)];
    const name = rough ? hole.label : `Mill hole ${holeName(hole)}`;
    const floorZ = counterboreFirst(original, sized, context, output);
    if (floorZ !== undefined) counterboredFirst.add(original);
    const planned = planRegion(
      name,
      region,
      hole.through ? thickness : hole.depthMm,
      hole.through,
      sized,
      floorZ === undefined ? context : { ...context, topZ: floorZ },
    );
    if (typeof planned === 'function') {
      if (!commitOperations(context, output, planned)) unmilled.add(original);
    } else {
      unmilled.add(original);
      drop(
        rough
          ? `${holeName(original)}: no drill is selected to drill it before boring, and it cannot be rough milled: ${planned.reason}; add a drill 0.4 to 1.5 mm under Ø${fmt(original.diameterMm)}, or ${planned.remedy}`
          : drillPointOut !== undefined
            ? `${holeName(hole)}: the Ø${fmt(drillPointOut)} drill's point would run out of the ${fmt(thickness)} mm part's bottom, and it cannot be milled flat: ${planned.reason}; ${planned.remedy}`
            : `${holeName(hole)}: no Ø${fmt(diameter)} drill is selected, and it cannot be milled: ${planned.reason}; add a Ø${fmt(diameter)} drill, or ${planned.remedy}`,
      );
    }
  }

  // Holes no selected drill can make (material, length) are dropped before spotting, so no
  // spot mark is left where no hole follows.
  const drillable = drillJobs.filter((job) => {
    if (!drillData(material, job.drill, maxRpm, overrides)) {
      drop(
        `${holeName(job.hole)}: HSS drills cannot cut ${context.materialName}; add a carbide Ø${fmt(job.drill.diameterMm!)} drill`,
      );
      return false;
    }
    if (job.depth + context.topZ > fluteLengthOf(job.drill) + 1e-9) {
      drop(
        `${holeName(job.hole)}: ${job.drill.label} is too short for its ${fmt(job.depth)} mm depth; add a Ø${fmt(job.drill.diameterMm!)} drill with at least ${fmt(job.depth)} mm of flute (DIN 340 long series)`,
      );
      return false;
    }
    return true;
  });
  // A hole whose drill cannot reach is neither tapped, reamed nor bored.
  const undrilled = new Set(
    drillJobs.filter((job) => !drillable.includes(job)).map((job) => job.hole),
  );
  const tapped = tapJobs.filter((job) => !undrilled.has(job.hole));
  const finished = finishJobs.filter((job) => !undrilled.has(job.hole) && !unmilled.has(job.hole));

  spotAndDrill(drillable, sized, context, output);
  // Countersink the holes made, before tapping (the tap starts in the cone).
  const made = new Set([
    ...drillable.map((job) => job.hole),
    ...interpolated.map((entry) => entry.hole).filter((hole) => !unmilled.has(hole)),
  ]);
  const unmade = new Set(part.holes.filter((hole) => !made.has(hole)));
  planCountersinks(part, sized, unmade, context, output);
  // Tap after the tap drill.
  tapHoles(tapped, thickness, context, output);

  // Counterbores: circular pockets with an end mill.
  for (const hole of counterbores.filter((entry) => !counterboredFirst.has(entry))) {
    const cb = hole.counterbore!;
    millRegion(
      `Counterbore ${holeName(hole)}`,
      [circlePolygon(hole.center, cb.diameterMm / 2, 0.002)],
      cb.depthMm,
      false,
      sized,
      context,
      output,
    );
  }

  boreAndReam(finished, thickness, context, output);
}

/**
 * Mill the counterbore of a hole that is milled too, before the hole, when the selected end
 * mills can make it.
 * @returns the Z of the counterbore's floor (negative, mm), the hole's top from then on; or
 *   undefined when the hole has no counterbore or it cannot be milled first (it is then planned
 *   after the holes, as any other counterbore)
 */
function counterboreFirst(
  hole: Hole,
  tools: MillTool[],
  context: MillPlanContext,
  output: MillPlanOutput,
): number | undefined {
  const cb = hole.counterbore;
  if (!cb) return undefined;
  const planned = planRegion(
    `Counterbore ${holeName(hole)}`,
    [circlePolygon(hole.center, cb.diameterMm / 2, 0.002)],
    cb.depthMm,
    false,
    tools,
    context,
  );
  if (typeof planned !== 'function' || !commitOperations(context, output, planned))
    return undefined;
  return context.topZ - cb.depthMm;
}
