/**
 * Area clearing with an end mill: pockets, slots, through cut-outs and, for the hole planner,
 * circular pockets (holes no drill makes, counterbores). A region is cleared from the inside out
 * with Clipper2 offset loops at the stepover, in depth steps, with a helical (or, where there is
 * no room, ramped) entry, leaving a finish allowance on walls and floor for a finishing level at
 * the bottom; walls are climb milled (counter-clockwise inside pockets).
 */
import {
  arcPoints,
  boundsOf,
  difference,
  distanceToBoundary,
  offsetPolygons,
  perimeter,
  pointInPolygon,
  signedArea,
} from '../geometry/polygon.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';
import type { PrismaticPart } from '../prismatic/part.ts';
import { fluteLengthOf, millingData } from './cutting-data.ts';
import type { MillCuttingData } from './cutting-data.ts';
import type { MillMove, MillOperation, MillTool } from './program.ts';
import { breakthroughMm, endMillsBySize, operationData } from './context.ts';
import type { MillPlanContext, MillPlanOutput } from './context.ts';
import { PathBuilder, dist, fmt, round } from './toolpath.ts';

/** Ramp angle of ramped and helical entries, degrees. */
const rampAngleDeg = 3;

/** Whether a point lies in a region of outer boundaries (CCW) and holes (CW), non-zero rule. */
export function insideRegion(point: Point2, region: Polygon[]): boolean {
  let winding = 0;
  for (const polygon of region) {
    if (pointInPolygon(point, polygon) !== 'outside') winding += signedArea(polygon) > 0 ? 1 : -1;
  }
  return winding > 0;
}

/** Largest radius r such that the region opened by r (offset −r, then +r) keeps its shape. */
function fitsCorners(region: Polygon[], radius: number, toleranceMm: number): boolean {
  const inner = offsetPolygons(region, -radius);
  if (inner.length === 0) return false;
  const opened = offsetPolygons(inner, radius);
  const left = offsetPolygons(difference(region, opened), -toleranceMm / 2);
  return left.length === 0;
}

/** The smallest inside corner radius of a region, by bisection (0.05 mm). */
function cornerRadius(region: Polygon[], toleranceMm: number, upTo: number): number {
  let low = 0;
  let high = upTo;
  for (let step = 0; step < 12; step += 1) {
    const middle = (low + high) / 2;
    if (fitsCorners(region, middle, toleranceMm)) low = middle;
    else high = middle;
  }
  return Math.floor(low * 20) / 20;
}

/** A stadium (slot) outline: the centre line thickened by half the width, round ends. */
export function slotOutline(from: Point2, to: Point2, widthMm: number): Polygon {
  const r = widthMm / 2;
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const around = [
    ...arcPoints(to, r, angle - Math.PI / 2, Math.PI),
    ...arcPoints(from, r, angle + Math.PI / 2, Math.PI),
  ];
  return around.filter((point, index) => index === 0 || dist(point, around[index - 1]!) > 1e-6);
}

/** How `clearRegion` clears a region: the end mill, the Z range (mm) and the cutting data. */
export interface ClearingSettings {
  tool: MillTool;
  /** Z of the top of the region's material (0 after facing). */
  topZ: number;
  bottomZ: number;
  /** Finish allowance on walls and floor; no floor allowance for through regions. */
  wallAllowanceMm: number;
  floorAllowanceMm: number;
  through: boolean;
  rough: MillCuttingData;
  finish: MillCuttingData;
  clearanceZ: number;
}

/** Start a closed loop at the vertex nearest to a point. */
function startNearest(loop: Polygon, from: Point2 | null): Polygon {
  if (!from) return loop;
  let best = 0;
  for (let index = 1; index < loop.length; index += 1)
    if (dist(loop[index]!, from) < dist(loop[best]!, from)) best = index;
  return [...loop.slice(best), ...loop.slice(0, best)];
}

/**
 * Clear a region (outer boundaries and islands) with an end mill: inside-out offset loops at
 * the stepover in depth steps, then a finishing level at the bottom (wall and floor).
 * @returns the moves, or the reason the tool cannot clear it
 */
export function clearRegion(
  region: Polygon[],
  settings: ClearingSettings,
): { moves: MillMove[] } | { reason: string } {
  const { tool, rough, finish } = settings;
  const radius = (tool.diameterMm ?? 0) / 2;
  const stepover = Math.max(0.05, rough.stepover ?? radius * 0.9);
  const ap = Math.max(0.05, rough.depthOfCut ?? radius);
  const path = new PathBuilder(settings.clearanceZ);
  const tan = Math.tan((rampAngleDeg * Math.PI) / 180);
  const floorAllowance = settings.through ? 0 : settings.floorAllowanceMm;
  const roughBottom = settings.bottomZ + floorAllowance;
  const levels: { z: number; allowance: number; feed: number; finishing: boolean }[] = [];
  const depth = settings.topZ - roughBottom;
  const count = Math.max(1, Math.ceil(depth / ap - 1e-9));
  if (depth > 1e-6)
    for (let level = 1; level <= count; level += 1)
      levels.push({
        z: settings.topZ - (depth * level) / count,
        allowance: settings.wallAllowanceMm,
        feed: rough.feedMmPerMin,
        finishing: false,
      });
  levels.push({ z: settings.bottomZ, allowance: 0, feed: finish.feedMmPerMin, finishing: true });

  const loopsAt = (allowance: number, wallOnly: boolean): Polygon[] => {
    const layers: Polygon[][] = [];
    for (let k = 0; k < 10_000; k += 1) {
      const layer = offsetPolygons(region, -(radius + allowance + k * stepover)).filter(
        (loop) => perimeter(loop) > 0.05,
      );
      if (layer.length === 0 || (wallOnly && k > 0)) break;
      layers.push(layer);
    }
    return layers.reverse().flat();
  };

  // Helical entry: a circle around the centre of the innermost roughing loop, if there is room.
  const roughLoops = loopsAt(settings.wallAllowanceMm, false);
  if (roughLoops.length === 0) return { reason: `${tool.label} is too large for it` };
  const allowedRough = offsetPolygons(region, -(radius + settings.wallAllowanceMm) + 0.01);
  const roomAt = (point: Point2) =>
    insideRegion(point, allowedRough)
      ? Math.min(...allowedRough.map((loop) => distanceToBoundary(point, loop)))
      : 0;
  let helix: { center: Point2; radius: number } | undefined;
  for (const loop of roughLoops.slice(0, 3)) {
    const b = boundsOf([loop]);
    const center = { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
    const room = roomAt(center) - 0.02;
    if (room >= 0.1 * 2 * radius) {
      helix = { center, radius: round(Math.min(room, 0.25 * 2 * radius)) };
      break;
    }
  }

  const linkInside = (a: Point2, b: Point2, allowed: Polygon[]) => {
    const steps = Math.max(1, Math.ceil(dist(a, b) / 0.5));
    for (let step = 0; step <= steps; step += 1) {
      const t = step / steps;
      if (!insideRegion({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }, allowed))
        return false;
    }
    return true;
  };

  /** Ramp down along a loop from zFrom to z, then go once around at z; false when it is too short. */
  const rampAlong = (loop: Polygon, zFrom: number, z: number, feed: number): boolean => {
    const length = perimeter(loop);
    if (length < radius) return false;
    if ((zFrom - z) / tan / length > 60) return false;
    let current = zFrom;
    let index = 0;
    while (current > z + 1e-9 || index % loop.length !== 0) {
      const a = loop[index % loop.length]!;
      const b = loop[(index + 1) % loop.length]!;
      current = Math.max(z, current - dist(a, b) * tan);
      path.feed(b.x, b.y, current, feed);
      index += 1;
    }
    return true;
  };

  const helixDown = (zFrom: number, z: number, feed: number) => {
    const { center, radius: r } = helix!;
    const start = { x: center.x + r, y: center.y };
    const pitch = Math.max(0.05, 2 * Math.PI * r * tan);
    const halves = Math.max(1, Math.ceil((zFrom - z) / (pitch / 2) - 1e-9));
    for (let half = 1; half <= halves + 2; half += 1) {
      const zHalf = half <= halves ? zFrom - ((zFrom - z) * half) / halves : z;
      const point = half % 2 === 1 ? { x: center.x - r, y: center.y } : start;
      path.arc(point.x, point.y, zHalf, center, false, feed);
    }
  };

  let previousZ = settings.topZ;
  for (const level of levels) {
    const loops = level.finishing
      ? loopsAt(0, settings.through || floorAllowance <= 0)
      : loopsAt(level.allowance, false);
    if (loops.length === 0) return { reason: `${tool.label} is too large for it` };
    const allowed = offsetPolygons(region, -(radius + level.allowance) + 0.01);
    let first = true;
    for (const raw of loops) {
      const here = path.position;
      const loop = startNearest(raw, here);
      const start = loop[0]!;
      const atLevel = here !== null && Math.abs(here.z - level.z) < 1e-6;
      const drop = previousZ - level.z;
      const rampFromAbove = (): boolean => {
        path.reposition(start, Math.min(previousZ + 1, settings.clearanceZ));
        return rampAlong(loop, path.position!.z, level.z, rough.plungeMmPerMin);
      };
      if (!first && atLevel && linkInside(here, start, allowed)) {
        path.feed(start.x, start.y, level.z, level.feed);
      } else if (first && helix && drop > 1e-6) {
        const helixStart = { x: helix.center.x + helix.radius, y: helix.center.y };
        const inPlace =
          here !== null &&
          Math.abs(here.z - previousZ) < 1e-6 &&
          linkInside(here, helixStart, allowedRough);
        if (inPlace) path.feed(helixStart.x, helixStart.y, previousZ, level.feed);
        else path.reposition(helixStart, Math.min(previousZ + 1, settings.clearanceZ));
        helixDown(path.position!.z, level.z, rough.plungeMmPerMin);
        if (linkInside(helixStart, start, allowed))
          path.feed(start.x, start.y, level.z, level.feed);
        else if (!rampFromAbove()) return { reason: 'there is no room to enter it' };
      } else if (drop <= 1e-6 && atLevel && linkInside(here, start, allowed)) {
        path.feed(start.x, start.y, level.z, level.feed);
      } else if (!rampFromAbove()) {
        return { reason: 'there is no room for a helical or ramped entry' };
      }
      for (const point of [...loop.slice(1), start])
        path.feed(point.x, point.y, level.z, level.feed);
      first = false;
    }
    previousZ = level.z;
  }
  path.retract();
  return { moves: path.moves };
}

/**
 * Mill a region (pocket, slot, cut-out, counterbore) with the largest end mill that fits its
 * corners and reaches its depth. `region` is outer boundaries (CCW) and islands (CW) in work
 * coordinates, mm; `depthMm` is the depth below the part's top (through regions: the thickness,
 * cut `breakthroughMm` deeper); the region is cut down from `context.topZ`.
 * @returns the operation, or the 'not programmed' entry saying why no selected end mill can
 *   make it ("Pocket 1: no end mill fits in it")
 */
export function millRegion(
  name: string,
  region: Polygon[],
  depthMm: number,
  through: boolean,
  tools: MillTool[],
  context: MillPlanContext,
): MillOperation | string {
  const topZ = context.topZ;
  const endMills = endMillsBySize(tools);
  if (endMills.length === 0) return `${name}: no end mill is selected`;
  const bottomZ = through ? -depthMm - breakthroughMm : -depthMm;
  const cutDepth = topZ - bottomZ;
  const reaching = endMills.filter((tool) => fluteLengthOf(tool) >= cutDepth - 1e-9);
  if (reaching.length === 0)
    return `${name}: no end mill has flutes long enough for its ${fmt(cutDepth)} mm depth`;
  const fitting = reaching.filter((tool) =>
    fitsCorners(region, tool.diameterMm! / 2 + context.allowance, context.tolerance),
  );
  if (fitting.length === 0) {
    const corner = cornerRadius(region, 0.01, reaching[0]!.diameterMm! / 2);
    const smallest = reaching.at(-1)!;
    return corner < smallest.diameterMm! / 2
      ? `${name}: no end mill small enough for its ${fmt(corner)} mm corner radius`
      : `${name}: no end mill fits in it`;
  }
  let reason = '';
  for (const tool of fitting) {
    const rough = millingData(context.material, tool, 'rough', context.maxRpm, context.overrides);
    const finish = millingData(context.material, tool, 'finish', context.maxRpm, context.overrides);
    const result = clearRegion(region, {
      tool,
      topZ,
      bottomZ,
      wallAllowanceMm: context.allowance,
      floorAllowanceMm: Math.min(context.allowance, cutDepth / 2),
      through,
      rough,
      finish,
      clearanceZ: context.clearanceZ,
    });
    if ('reason' in result) {
      reason = result.reason;
      continue;
    }
    return {
      name,
      tool,
      rpm: rough.rpm,
      coolant: 'flood',
      moves: result.moves,
      data: operationData(rough, rough.depthOfCut),
    };
  }
  return `${name}: ${reason}`;
}

/**
 * Pockets, slots and through cut-outs of a part, in this order, each milled with `millRegion`
 * from the sized tools; appends the operations, or a 'not programmed' entry for each feature no
 * selected end mill can make. Features without a label are named "Pocket 1", "Slot 1",
 * "Cut-out 1" (numbered within their kind).
 */
export function millPocketsSlotsAndCutOuts(
  part: PrismaticPart,
  sized: MillTool[],
  context: MillPlanContext,
  output: MillPlanOutput,
): void {
  const thickness = part.thicknessMm;
  const millFeature = (name: string, region: Polygon[], depth: number, through: boolean) => {
    const result = millRegion(name, region, depth, through, sized, context);
    if (typeof result === 'string') output.notProgrammed.push(result);
    else output.operations.push(result);
  };
  part.pockets
    .filter((pocket) => !pocket.through)
    .forEach((pocket, index) =>
      millFeature(
        pocket.label || `Pocket ${index + 1}`,
        [pocket.outline, ...pocket.islands],
        pocket.depthMm,
        false,
      ),
    );
  part.slots.forEach((slot, index) =>
    millFeature(
      slot.label || `Slot ${index + 1}`,
      [slotOutline(slot.from, slot.to, slot.widthMm)],
      slot.through ? thickness : slot.depthMm,
      slot.through,
    ),
  );
  part.pockets
    .filter((pocket) => pocket.through)
    .forEach((pocket, index) =>
      millFeature(
        pocket.label || `Cut-out ${index + 1}`,
        [pocket.outline, ...pocket.islands],
        thickness,
        true,
      ),
    );
}
