/**
 * The outside contour: the part is cut free around its outline, through the thickness and
 * `breakthroughMm` below, with one end mill in a roughing pass (leaving the finish allowance)
 * and a finishing pass. The cutter-centre paths are Clipper2 offsets of the outline (no
 * G41/G42), climb milled clockwise from the leftmost point, led in and out from the left
 * outside the stock. Where the stock reaches further from the outline than the roughing pass,
 * that pass is a full-width slot: its feed and depth are set for it against the stock
 * (in-process.ts).
 */
import { difference, offsetPolygons, signedArea } from '../geometry/polygon.ts';
import type { PrismaticPart } from '../prismatic/part.ts';
import { fluteLengthOf, millingData } from './cutting-data.ts';
import type { BlockStock, MillOperation, MillTool } from './program.ts';
import { breakthroughMm, endMillsBySize, operationData, wallAllowanceFor } from './context.ts';
import type { MillPlanContext } from './context.ts';
import { PathBuilder, fmt, round } from './toolpath.ts';

/**
 * Rough and finish the outside contour with the largest end mill whose flutes reach through the
 * part and whose radius fits the outline's inside corners (within the general tolerance).
 * @returns a builder of the 'Rough contour' and 'Finish contour' operations for a largest
 *   roughing depth per level (for commitOperations), or the 'not programmed' entry saying why no selected end
 *   mill can cut it and what would
 */
export function outsideContour(
  part: PrismaticPart,
  stock: BlockStock,
  tools: MillTool[],
  context: MillPlanContext,
): ((maxDepthMm: number) => MillOperation[]) | string {
  const name = 'Outside contour';
  const bottomZ = -(part.thicknessMm + breakthroughMm);
  const endMills = endMillsBySize(tools);
  const reach = context.topZ - bottomZ;
  if (endMills.length === 0)
    return `${name}: no end mill is selected; add an end mill with at least ${fmt(reach)} mm of flute`;
  const reaching = endMills.filter((tool) => fluteLengthOf(tool) >= reach - 1e-9);
  if (reaching.length === 0)
    return `${name}: no end mill has flutes longer than ${fmt(reach)} mm to cut through the part; add an end mill with at least ${fmt(reach)} mm of flute`;
  const outline = [part.outline];
  // Inside corners of the outline: closing by the tool radius must not add material.
  const fits = (radius: number) => {
    const closed = offsetPolygons(offsetPolygons(outline, radius), -radius);
    return offsetPolygons(difference(closed, outline), -context.tolerance / 2).length === 0;
  };
  const tool = reaching.find((candidate) => fits(candidate.diameterMm! / 2));
  if (!tool) {
    let low = 0;
    let high = reaching[0]!.diameterMm! / 2;
    for (let step = 0; step < 12; step += 1) {
      const middle = (low + high) / 2;
      if (fits(middle)) low = middle;
      else high = middle;
    }
    const corner = Math.floor(low * 20) / 20;
    return `${name}: no selected end mill fits its R${fmt(corner)} mm inside corners; add an end mill of Ø${fmt(Math.floor(corner * 2 * 20) / 20)} or less with at least ${fmt(reach)} mm of flute, or cut the outline by Wire EDM`;
  }
  const radius = tool.diameterMm! / 2;
  const rough = millingData(context.material, tool, 'rough', context.maxRpm, context.overrides);
  const finish = millingData(context.material, tool, 'finish', context.maxRpm, context.overrides);
  const flute = fluteLengthOf(tool);
  const pass = (offset: number, levels: number[], feed: number) => {
    const loops = offsetPolygons(outline, offset);
    const path = new PathBuilder(context.clearanceZ);
    for (const raw of loops) {
      // Clockwise (climb) from the leftmost point, led in from the left outside the stock.
      const loopCw = signedArea(raw) > 0 ? [...raw].reverse() : raw;
      let left = 0;
      for (let index = 1; index < loopCw.length; index += 1)
        if (loopCw[index]!.x < loopCw[left]!.x) left = index;
      const loop = [...loopCw.slice(left), ...loopCw.slice(0, left)];
      const start = loop[0]!;
      const leadIn = { x: round(stock.origin.x - radius - 2), y: start.y };
      for (const z of levels) {
        path.reposition(leadIn, z);
        path.feed(start.x, start.y, z, feed);
        for (const point of [...loop.slice(1), start]) path.feed(point.x, point.y, z, feed);
        path.feed(leadIn.x, leadIn.y, z, feed);
      }
    }
    path.retract();
    return path.moves;
  };
  // From the material's top (Z0 once faced) to below the part.
  const depth = context.topZ - bottomZ;
  const allowance = wallAllowanceFor(tool, context);
  const finishCount = Math.max(1, Math.ceil(depth / flute - 1e-9));
  const finishLevels = Array.from({ length: finishCount }, (_, index) =>
    round(context.topZ - (depth * (index + 1)) / finishCount),
  );
  return (maxDepth: number) => {
    const ap = Math.max(0.05, Math.min(rough.depthOfCut!, flute, maxDepth));
    const count = Math.max(1, Math.ceil(depth / ap - 1e-9));
    const roughLevels = Array.from({ length: count }, (_, index) =>
      round(context.topZ - (depth * (index + 1)) / count),
    );
    return [
      {
        name: 'Rough contour',
        tool,
        rpm: rough.rpm,
        coolant: 'flood',
        moves: pass(radius + allowance, roughLevels, rough.feedMmPerMin),
        data: operationData(rough, depth / count),
      },
      {
        name: 'Finish contour',
        tool,
        rpm: finish.rpm,
        coolant: 'flood',
        moves: pass(radius, finishLevels, finish.feedMmPerMin),
        data: operationData(finish, depth / finishCount),
      },
    ];
  };
}
