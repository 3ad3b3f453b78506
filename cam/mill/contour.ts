/**
 * The outside contour: the part is cut free around its outline, through the thickness and
 * `breakthroughMm` below, with one end mill in a roughing pass (leaving the finish allowance)
 * and a finishing pass. The cutter-centre paths are Clipper2 offsets of the outline (no
 * G41/G42), climb milled clockwise from the leftmost point, led in and out from the left
 * outside the stock.
 */
import { difference, offsetPolygons, signedArea } from '../geometry/polygon.ts';
import type { PrismaticPart } from '../prismatic/part.ts';
import { fluteLengthOf, millingData } from './cutting-data.ts';
import type { BlockStock, MillOperation, MillTool } from './program.ts';
import { breakthroughMm, endMillsBySize, operationData } from './context.ts';
import type { MillPlanContext } from './context.ts';
import { PathBuilder, fmt, round } from './toolpath.ts';

/**
 * Rough and finish the outside contour with the largest end mill whose flutes reach through the
 * part and whose radius fits the outline's inside corners (within the general tolerance).
 * @returns the 'Rough contour' and 'Finish contour' operations, or the 'not programmed' entry
 *   saying why no selected end mill can cut it
 */
export function outsideContour(
  part: PrismaticPart,
  stock: BlockStock,
  tools: MillTool[],
  context: MillPlanContext,
): MillOperation[] | string {
  const name = 'Outside contour';
  const bottomZ = -(part.thicknessMm + breakthroughMm);
  const endMills = endMillsBySize(tools);
  if (endMills.length === 0) return `${name}: no end mill is selected`;
  const reaching = endMills.filter((tool) => fluteLengthOf(tool) >= -bottomZ - 1e-9);
  if (reaching.length === 0)
    return `${name}: no end mill has flutes longer than ${fmt(-bottomZ)} mm to cut through the part`;
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
    return `${name}: no end mill small enough for its ${fmt(Math.floor(low * 20) / 20)} mm inside corner radius`;
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
  const depth = -bottomZ;
  const ap = Math.max(0.1, Math.min(rough.depthOfCut!, flute));
  const count = Math.max(1, Math.ceil(depth / ap - 1e-9));
  const roughLevels = Array.from({ length: count }, (_, index) =>
    round((-depth * (index + 1)) / count),
  );
  const finishCount = Math.max(1, Math.ceil(depth / flute - 1e-9));
  const finishLevels = Array.from({ length: finishCount }, (_, index) =>
    round((-depth * (index + 1)) / finishCount),
  );
  return [
    {
      name: 'Rough contour',
      tool,
      rpm: rough.rpm,
      coolant: 'flood',
      moves: pass(radius + context.allowance, roughLevels, rough.feedMmPerMin),
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
}
