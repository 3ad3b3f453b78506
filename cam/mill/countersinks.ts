/**
 * Countersinks (ISO 15786 ⌵): the cone at a hole's mouth, cut after the hole by plunging a
 * countersink (DIN 335), a chamfer mill or a spot drill of the countersink's included angle on
 * the hole's centre, in a G81 cycle, to the depth at which the tool's cone is as wide as the
 * countersink at Z0:
 *
 *   depth = (D_csk − D_tip) / 2 / tan(angle / 2)
 *
 * (D_tip the flat at the tool's tip, 0 for a pointed tool). Speeds and feeds: countersinkData
 * (cam/mill/cutting-data.ts, Machinery's Handbook: about half the drilling speed). A countersink
 * no selected tool cuts goes to the plan's 'not programmed' list naming the tool that would.
 */
import type { Hole, PrismaticPart } from '../prismatic/part.ts';
import { countersinkData } from './cutting-data.ts';
import type { MillPlanContext, MillPlanOutput } from './context.ts';
import { cycleOperation, holeCycle, holeName } from './hole-cycles.ts';
import { commitOperations } from './in-process.ts';
import type { MillTool, MillToolKind } from './program.ts';
import { fmt, round } from './toolpath.ts';

/** Tools that cut a countersink, the preferred first. */
const countersinkKinds: readonly MillToolKind[] = ['countersink', 'chamferMill', 'spotDrill'];

/** A tool's included angle must match the countersink's within this, degrees. */
const angleMatchDeg = 0.5;

/** The tool's cone must reach this far beyond the countersink's diameter, mm (no edge mark). */
const diameterMarginMm = 0.5;

/**
 * Depth below Z0 at which a cone tool of `angleDeg` with a tip flat of `tipMm` cuts a
 * countersink of `diameterMm` at Z0, mm.
 */
export function countersinkDepth(diameterMm: number, angleDeg: number, tipMm = 0): number {
  return (diameterMm - tipMm) / 2 / Math.tan((angleDeg * Math.PI) / 360);
}

/** Whether a tool cuts a hole's countersink: its angle, wider than the cone, its tip in the hole. */
function cuts(tool: MillTool, hole: Hole): boolean {
  const sink = hole.countersink!;
  return (
    countersinkKinds.includes(tool.kind) &&
    tool.diameterMm !== undefined &&
    Math.abs((tool.pointAngleDeg ?? 90) - sink.angleDeg) <= angleMatchDeg &&
    tool.diameterMm >= sink.diameterMm + diameterMarginMm - 1e-9 &&
    (tool.tipDiameterMm ?? 0) < hole.diameterMm
  );
}

/**
 * The tool that cuts a hole's countersink: a countersink before a chamfer mill before a spot
 * drill, then the smallest.
 */
export function countersinkToolFor(hole: Hole, sized: MillTool[]): MillTool | undefined {
  return sized
    .filter((tool) => cuts(tool, hole))
    .sort(
      (a, b) =>
        countersinkKinds.indexOf(a.kind) - countersinkKinds.indexOf(b.kind) ||
        a.diameterMm! - b.diameterMm!,
    )[0];
}

/** The 'not programmed' sentence of a countersink no selected tool cuts. */
function missingTool(hole: Hole): string {
  const sink = hole.countersink!;
  const size = `Ø${fmt(sink.diameterMm + diameterMarginMm)}`;
  return `Countersink ${holeName(hole)}: no ${fmt(sink.angleDeg)}° countersink, chamfer mill or spot drill of at least ${size} with its tip smaller than Ø${fmt(hole.diameterMm)} is selected; a ${fmt(sink.angleDeg)}° countersink of at least ${size} would cut it`;
}

/**
 * Cut the countersink of every countersunk hole whose hole is made: one G81 operation per tool
 * and depth, on the hole centres. Appends a 'not programmed' entry ("Countersink <hole>: …")
 * for each countersink no selected tool cuts, or whose hole is not made.
 * @param unmade - holes the plan left out: their countersinks are left out with them
 */
export function planCountersinks(
  part: PrismaticPart,
  sized: MillTool[],
  unmade: ReadonlySet<Hole>,
  context: MillPlanContext,
  output: MillPlanOutput,
): void {
  const groups = new Map<string, { tool: MillTool; depth: number; holes: Hole[] }>();
  for (const hole of part.holes) {
    if (!hole.countersink) continue;
    const name = `Countersink ${holeName(hole)}`;
    if (unmade.has(hole)) {
      output.notProgrammed.push(`${name}: its hole is not made, so it is not countersunk`);
      continue;
    }
    const tool = countersinkToolFor(hole, sized);
    if (!tool) {
      output.notProgrammed.push(missingTool(hole));
      continue;
    }
    if (!countersinkData(context.material, tool, context.maxRpm, context.overrides)) {
      output.notProgrammed.push(
        `${name}: HSS tools cannot cut ${context.materialName}; a carbide ${fmt(hole.countersink.angleDeg)}° countersink of at least Ø${fmt(hole.countersink.diameterMm + diameterMarginMm)} would cut it`,
      );
      continue;
    }
    const depth = round(
      countersinkDepth(hole.countersink.diameterMm, tool.pointAngleDeg ?? 90, tool.tipDiameterMm),
    );
    const key = `${tool.number}:${depth}`;
    const group = groups.get(key) ?? { tool, depth, holes: [] };
    group.holes.push(hole);
    groups.set(key, group);
  }
  for (const { tool, depth, holes } of groups.values()) {
    const data = countersinkData(context.material, tool, context.maxRpm, context.overrides)!;
    const sink = holes[0]!.countersink!;
    commitOperations(context, output, () => [
      cycleOperation(
        `Countersink Ø${fmt(sink.diameterMm)} x ${fmt(sink.angleDeg)}°`,
        tool,
        data,
        holeCycle(
          context,
          'drill',
          holes.map((hole) => hole.center),
          depth,
          data.feedMmPerMin,
        ),
      ),
    ]);
  }
}
