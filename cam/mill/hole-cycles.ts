/**
 * The canned-cycle operations on holes, in the order they run: spot drilling and drilling (G81,
 * or G83 pecking deeper than 3 x D), tapping (G84), reaming (G85) and fine boring (G76). Which
 * holes get which tool is chosen in holes.ts.
 */
import type { Point2 } from '../geometry/polygon.ts';
import type { Hole } from '../prismatic/part.ts';
import { drillData, finishHoleData, fluteLengthOf, tapData } from './cutting-data.ts';
import type { MillCuttingData } from './cutting-data.ts';
import type { DrillCycle, MillOperation, MillTool } from './program.ts';
import { breakthroughMm, operationData } from './context.ts';
import type { MillPlanContext, MillPlanOutput } from './context.ts';
import { commitOperations } from './in-process.ts';
import { fmt, round } from './toolpath.ts';

/** A hole drilled with a drill to a depth (mm below the part's top, the drill point's allowance included). */
export interface DrillJob {
  hole: Hole;
  drill: MillTool;
  depth: number;
}

/** A drilled tapped hole and the tap that threads it. */
export interface TapJob {
  hole: Hole;
  tap: MillTool;
}

/** A hole reamed with a reamer or bored with a boring head set to its size. */
export interface FinishJob {
  hole: Hole;
  tool: MillTool;
}

/** A hole's name in operations and messages: its label, or its diameter ("Ø6.6"). */
export function holeName(hole: Hole): string {
  return hole.label || `Ø${fmt(hole.diameterMm)}`;
}

/**
 * A canned cycle at the points (rounded to 0.001 mm) down to `depth` mm below Z0 (the part's
 * finished top), or, for spotting (`fromTop`), below the material's top; the R plane 2 mm above
 * the material's top (`context.retractZ`).
 */
export function holeCycle(
  context: MillPlanContext,
  kind: DrillCycle['kind'],
  points: Point2[],
  depth: number,
  feed: number,
  extra: Partial<DrillCycle> = {},
  fromTop = false,
): DrillCycle {
  return {
    kind,
    points: points.map((point) => ({ x: round(point.x), y: round(point.y) })),
    bottomZ: round((fromTop ? context.topZ : 0) - depth),
    retractZ: context.retractZ,
    clearanceZ: context.clearanceZ,
    feed,
    ...extra,
  };
}

/** An operation that runs one canned cycle (no moves of its own). */
export function cycleOperation(
  name: string,
  tool: MillTool,
  data: MillCuttingData,
  cycle: DrillCycle,
): MillOperation {
  return {
    name,
    tool,
    rpm: data.rpm,
    coolant: 'flood',
    moves: [],
    cycle,
    data: operationData(data),
  };
}

/**
 * Spot drill every hole to be drilled with the largest spot drill (to half the smaller of the
 * smallest drill less 0.5 mm and the spot drill's diameter, at least 0.2 mm deep), then drill
 * them: one operation per drill and depth, pecking (G83) deeper than 3 x D. Without a spot
 * drill, a warning says so.
 */
export function spotAndDrill(
  drillable: DrillJob[],
  sized: MillTool[],
  context: MillPlanContext,
  output: MillPlanOutput,
): void {
  const { material, maxRpm, overrides } = context;
  const { warnings } = output;
  const drop = (reason: string) => output.notProgrammed.push(reason);
  // Spot drill every drilled hole.
  const spot = sized
    .filter((tool) => tool.kind === 'spotDrill')
    .sort((a, b) => b.diameterMm! - a.diameterMm!)[0];
  if (drillable.length > 0) {
    if (spot) {
      const data = drillData(material, spot, maxRpm, overrides);
      if (data) {
        const smallest = Math.min(...drillable.map((job) => job.drill.diameterMm!));
        const depth = round(Math.min(smallest - 0.5, spot.diameterMm!) / 2);
        commitOperations(context, output, () => [
          cycleOperation(
            'Spot drill',
            spot,
            data,
            holeCycle(
              context,
              'drill',
              drillable.map((job) => job.hole.center),
              Math.max(0.2, depth),
              data.feedMmPerMin,
              {},
              true,
            ),
          ),
        ]);
      }
    } else {
      warnings.push(
        'No spot or centre drill is selected: the drills start on the flat face; use stub drills or spot the holes by hand.',
      );
    }
  }

  // Drill: one operation per drill and depth.
  const groups = new Map<string, DrillJob[]>();
  for (const job of drillable) {
    const key = `${job.drill.number}:${round(job.depth)}`;
    groups.set(key, [...(groups.get(key) ?? []), job]);
  }
  for (const jobs of groups.values()) {
    const { drill, depth } = jobs[0]!;
    const data = drillData(material, drill, maxRpm, overrides);
    if (!data) {
      for (const job of jobs)
        drop(
          `${holeName(job.hole)}: HSS drills cannot cut ${context.materialName}; add a carbide Ø${fmt(drill.diameterMm!)} drill`,
        );
      continue;
    }
    // An unfaced top (no tool to face it) stands above Z0: the drill goes through it too.
    if (depth + context.topZ > fluteLengthOf(drill) + 1e-9) {
      for (const job of jobs)
        drop(
          `${holeName(job.hole)}: ${drill.label} is too short for its ${fmt(depth)} mm depth; add a Ø${fmt(drill.diameterMm!)} drill with at least ${fmt(depth)} mm of flute (DIN 340 long series)`,
        );
      continue;
    }
    const peck = depth + context.topZ > 3 * drill.diameterMm!;
    commitOperations(context, output, () => [
      cycleOperation(
        `Drill Ø${fmt(drill.diameterMm!)}`,
        drill,
        data,
        holeCycle(
          context,
          peck ? 'peck' : 'drill',
          jobs.map((job) => job.hole.center),
          depth,
          data.feedMmPerMin,
          peck ? { peckMm: data.peckMm! } : {},
        ),
      ),
    ]);
  }
}

/** Tap the drilled tapped holes: one operation per tap and thread depth (through: 2 pitches below). */
export function tapHoles(
  tapped: TapJob[],
  thickness: number,
  context: MillPlanContext,
  output: MillPlanOutput,
): void {
  const { material, maxRpm, overrides } = context;
  const tapGroups = new Map<string, TapJob[]>();
  for (const job of tapped) {
    const depth = job.hole.through
      ? thickness + 2 * job.tap.pitchMm!
      : (job.hole.threadDepthMm ?? job.hole.depthMm);
    const key = `${job.tap.number}:${round(depth)}`;
    tapGroups.set(key, [...(tapGroups.get(key) ?? []), job]);
  }
  for (const [key, jobs] of tapGroups) {
    const { tap, hole } = jobs[0]!;
    const depth = Number(key.split(':')[1]);
    const data = tapData(material, tap, maxRpm, overrides)!;
    commitOperations(context, output, () => [
      cycleOperation(
        `Tap ${hole.thread?.callout ?? `M${fmt(tap.diameterMm!)}x${fmt(tap.pitchMm!)}`}`,
        tap,
        data,
        holeCycle(
          context,
          'tap',
          jobs.map((job) => job.hole.center),
          depth,
          data.feedMmPerMin,
          { pitchMm: tap.pitchMm! },
        ),
      ),
    ]);
  }
}

/**
 * Ream or fine bore the drilled holes, each in its own operation (through holes `breakthroughMm`
 * below the part); each bored hole gets a warning to set the boring head.
 */
export function boreAndReam(
  finished: FinishJob[],
  thickness: number,
  context: MillPlanContext,
  output: MillPlanOutput,
): void {
  const { material, maxRpm, overrides } = context;
  for (const job of finished) {
    const hole = job.hole;
    const data = finishHoleData(material, job.tool, job.tool.diameterMm!, maxRpm, overrides);
    const depth = hole.through ? thickness + breakthroughMm : hole.depthMm;
    const reaming = job.tool.kind === 'reamer';
    commitOperations(context, output, () => [
      cycleOperation(
        `${reaming ? 'Ream' : 'Bore'} ${holeName(hole)}`,
        job.tool,
        data,
        holeCycle(context, reaming ? 'bore' : 'fineBore', [hole.center], depth, data.feedMmPerMin, {
          ...(reaming ? {} : { shiftMm: 0.2 }),
        }),
      ),
    ]);
    if (!reaming)
      output.warnings.push(
        `T${job.tool.number} boring head: set it to Ø${fmt(job.tool.diameterMm!)} and orient its insert for the fine boring shift before running ${holeName(hole)}.`,
      );
  }
}
