/**
 * Steps (shoulders, rebates; cam/prismatic/steps.ts) milled with an end mill as an open pocket
 * (decision 066). A step is open on the outline's side, so every pass runs in a straight line
 * parallel to the step's edge from outside the stock to outside the stock, entered at its depth
 * in the air beside the block (no plunge, ramp or helix into material), as a face mill enters a
 * face. Passes go from the far side of the stock towards the wall, each taking at most the
 * stepover (the first one less), climb milled: the uncut material, towards the wall, lies on
 * the right of the travel (the spindle turning clockwise, M3), as around the outside contour.
 * Roughing levels leave the finish allowance on the wall and the floor; the finishing level at
 * the floor takes the floor's allowance with the same passes and the wall's with one pass at
 * the wall over its whole height (a light cut of at most a tenth of the tool's diameter, as the
 * pockets' finishing pass). Depths per level are the table's (cutting-data.ts) and are reduced
 * against the stock when a cut would exceed the tool's rating or the spindle's power
 * (in-process.ts).
 *
 * This version mills steps with a straight edge whose line runs through the part nowhere else
 * (the half-plane beyond the edge holds nothing of the part but the step); others are named as
 * not programmed.
 */
import { intersection, signedArea } from '../geometry/polygon.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';
import type { PrismaticPart, Step } from '../prismatic/part.ts';
import { fluteLengthOf, millingData } from './cutting-data.ts';
import type { BlockStock, MillOperation, MillTool } from './program.ts';
import { endMillsBySize, operationData, wallAllowanceFor } from './context.ts';
import type { MillPlanContext, MillPlanOutput } from './context.ts';
import { commitOperations } from './in-process.ts';
import { PathBuilder, fmt, round } from './toolpath.ts';

/** How far beyond the stock a pass starts and ends, past the tool's radius, mm. */
const runOutMm = 2;

/** The frame of a straight step: its edge's start, along the edge, and into the step. */
interface StepFrame {
  origin: Point2;
  along: Point2;
  into: Point2;
}

const dot = (a: Point2, b: Point2) => a.x * b.x + a.y * b.y;
const minus = (a: Point2, b: Point2) => ({ x: a.x - b.x, y: a.y - b.y });

/**
 * The frame of a step with a straight edge (the region on the edge's left), or why it cannot be
 * milled with straight passes.
 */
export function stepFrame(step: Step, outline: Polygon): StepFrame | string {
  if (step.edge.length !== 2)
    return `its edge is not a straight line (${step.edge.length - 1} pieces): this version mills steps with a straight edge; mill it by hand or give it as pockets`;
  const [a, b] = step.edge as [Point2, Point2];
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  if (length < 1e-6) return 'its edge has no length';
  const along = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
  const into = { x: -along.y, y: along.x };
  // The half-plane beyond the edge must hold nothing of the part but the step.
  const reach = 1e4;
  const half: Polygon = [
    { x: a.x - reach * along.x, y: a.y - reach * along.y },
    { x: a.x + reach * along.x, y: a.y + reach * along.y },
    {
      x: a.x + reach * along.x + reach * into.x,
      y: a.y + reach * along.y + reach * into.y,
    },
    {
      x: a.x - reach * along.x + reach * into.x,
      y: a.y - reach * along.y + reach * into.y,
    },
  ];
  const beyond = intersection([outline], [half]).reduce(
    (sum, loop) => sum + Math.abs(signedArea(loop)),
    0,
  );
  const area = Math.abs(signedArea(step.region));
  if (Math.abs(beyond - area) > 1e-3 * area + 0.05)
    return 'the line of its edge runs through the part elsewhere too, so straight passes along it would cut the part: this version mills such steps not';
  return { origin: a, along, into };
}

/**
 * Plan one step: the largest end mill whose flutes reach its depth, straight climb-milled
 * passes from outside the stock (module comment).
 * @returns a builder of its operation for a largest depth per level (for commitOperations), or
 *   the 'not programmed' entry
 */
export function planStep(
  step: Step,
  part: PrismaticPart,
  stock: BlockStock,
  tools: MillTool[],
  context: MillPlanContext,
): ((maxDepthMm: number) => MillOperation[] | string) | string {
  const name = step.label;
  const frame = stepFrame(step, part.outline);
  if (typeof frame === 'string') return `${name}: ${frame}`;
  const topZ = context.topZ;
  const bottomZ = -step.depthMm;
  const cutDepth = topZ - bottomZ;
  const endMills = endMillsBySize(tools);
  const tool = endMills.find((candidate) => fluteLengthOf(candidate) >= cutDepth - 1e-9);
  if (!tool)
    return `${name}: ${endMills.length === 0 ? 'no end mill is selected' : `no selected end mill has flutes long enough for its ${fmt(cutDepth)} mm depth`}; add an end mill with at least ${fmt(cutDepth)} mm of flute`;
  const radius = tool.diameterMm! / 2;
  const rough = millingData(context.material, tool, 'rough', context.maxRpm, context.overrides);
  const finish = millingData(context.material, tool, 'finish', context.maxRpm, context.overrides);
  const stepover = Math.max(0.05, rough.stepover ?? radius * 0.9);
  const wallAllowance = wallAllowanceFor(tool, context);
  const floorAllowance = Math.min(context.allowance, cutDepth / 2);
  const corners = [
    { x: stock.origin.x, y: stock.origin.y },
    { x: stock.origin.x + stock.xMm, y: stock.origin.y },
    { x: stock.origin.x + stock.xMm, y: stock.origin.y + stock.yMm },
    { x: stock.origin.x, y: stock.origin.y + stock.yMm },
  ];
  const across = (point: Point2) => dot(minus(point, frame.origin), frame.into);
  const lengthwise = (point: Point2) => dot(minus(point, frame.origin), frame.along);
  const far = Math.max(...corners.map(across), ...step.region.map(across));
  const sFrom = Math.min(...corners.map(lengthwise)) - radius - runOutMm;
  const sTo = Math.max(...corners.map(lengthwise)) + radius + runOutMm;
  // Offsets of the tool's centre from the edge, farthest first: the first pass takes at most
  // the stepover of the stock's far side, each next one the stepover.
  const nearest = radius + wallAllowance;
  const count = Math.max(0, Math.ceil((far - stepover + radius - nearest) / stepover - 1e-9));
  const offsets = Array.from({ length: count + 1 }, (_, k) => nearest + (count - k) * stepover);
  const at = (s: number, offset: number): Point2 => ({
    x: frame.origin.x + s * frame.along.x + offset * frame.into.x,
    y: frame.origin.y + s * frame.along.y + offset * frame.into.y,
  });

  return (maxDepthMm: number) => {
    const ap = round(Math.max(0.05, Math.min(rough.depthOfCut!, maxDepthMm)));
    const path = new PathBuilder(context.clearanceZ);
    const pass = (offset: number, z: number, feed: number, plannedAeMm?: number) => {
      const start = at(sFrom, offset);
      const end = at(sTo, offset);
      path.reposition(start, z);
      path.feed(end.x, end.y, z, feed, plannedAeMm);
    };
    const roughBottom = bottomZ + floorAllowance;
    const depth = topZ - roughBottom;
    const levels = Math.max(1, Math.ceil(depth / ap - 1e-9));
    if (depth > 1e-6)
      for (let level = 1; level <= levels; level += 1) {
        const z = topZ - (depth * level) / levels;
        for (const offset of offsets) pass(offset, z, rough.feedMmPerMin);
      }
    // The floor's allowance, then the wall's over its whole height.
    for (const offset of offsets) pass(offset, bottomZ, finish.feedMmPerMin);
    // The wall's pass takes exactly its allowance: its feed is set for that (in-process.ts).
    pass(radius, bottomZ, finish.feedMmPerMin, wallAllowance);
    path.retract();
    return [
      {
        name,
        tool,
        rpm: rough.rpm,
        coolant: 'flood',
        moves: path.moves,
        data: operationData(rough, round(depth / levels)),
      },
    ];
  };
}

/**
 * Mill the part's steps, in order, each with `planStep` against the stock; appends the
 * operations, or a 'not programmed' entry for each step that cannot be made.
 */
export function millSteps(
  part: PrismaticPart,
  stock: BlockStock,
  tools: MillTool[],
  context: MillPlanContext,
  output: MillPlanOutput,
): void {
  for (const step of part.steps ?? []) {
    const planned = planStep(step, part, stock, tools, context);
    if (typeof planned === 'string') output.notProgrammed.push(planned);
    else commitOperations(context, output, planned);
  }
}
