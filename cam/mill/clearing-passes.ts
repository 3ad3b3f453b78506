/**
 * Clearing passes of an end mill over a region (pockets, slots, through cut-outs, circular
 * pockets), given the tool and its settings; which end mills clear a region is planned in
 * clearing.ts.
 *
 * `clearRegion` clears a region from the inside out with Clipper2 offset loops at the stepover,
 * in depth steps, with a helical (or, where there is no room, ramped) entry, leaving a finish
 * allowance on walls and floor for a finishing level at the bottom; walls are climb milled
 * (counter-clockwise inside pockets). `restPass` is the rest machining of a small end mill after
 * a larger one: its wall loop at each of its depth levels runs where the large one could not
 * reach (corners, narrow places), entered from the cleared area, and it finishes the walls.
 * Lengths and Z are in mm, work coordinates.
 */
import {
  boundsOf,
  distanceToBoundary,
  offsetPolygons,
  perimeter,
  pointInPolygon,
  signedArea,
  union,
} from '../geometry/polygon.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';
import type { MillCuttingData } from './cutting-data.ts';
import type { MillMove, MillTool } from './program.ts';
import { PathBuilder, dist, round } from './toolpath.ts';

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
  /** Roughing depth per level, mm. */
  apMm: number;
  /**
   * Whether the finishing level finishes the walls (true), or only the floor the tool reaches
   * with the wall allowance left for a smaller end mill's rest pass (false; through regions:
   * no finishing level).
   */
  finishWalls?: boolean;
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
): { moves: MillMove[]; levelMm: number } | { reason: string } {
  const { tool, rough, finish } = settings;
  const radius = (tool.diameterMm ?? 0) / 2;
  const stepover = Math.max(0.05, rough.stepover ?? radius * 0.9);
  const ap = Math.max(0.05, settings.apMm);
  const finishWalls = settings.finishWalls ?? true;
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
  if (finishWalls)
    levels.push({ z: settings.bottomZ, allowance: 0, feed: finish.feedMmPerMin, finishing: true });
  else if (!settings.through && floorAllowance > 0)
    levels.push({
      z: settings.bottomZ,
      allowance: settings.wallAllowanceMm,
      feed: finish.feedMmPerMin,
      finishing: true,
    });

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
      ? loopsAt(level.allowance, level.allowance === 0 && (settings.through || floorAllowance <= 0))
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
        // Above the level before only where that level's loops cleared it: a loop closer to
        // the walls (the finishing level's) starts from above the top.
        const cleared = level.allowance >= settings.wallAllowanceMm - 1e-9;
        const from = cleared ? previousZ + 1 : settings.topZ + 1;
        path.reposition(start, Math.min(from, settings.clearanceZ));
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
        // The helix ends on either side of its circle: the link runs from where it ends.
        if (linkInside(path.position!, start, allowed))
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
  return { moves: path.moves, levelMm: round(depth / count) };
}

/**
 * The rest pass of a small end mill after a larger one cleared a region leaving `allowance` on
 * its walls and what it could not reach: at each depth level the small tool's wall loop (offset
 * by its radius and the allowance), entered from the area the large tool cleared (`cleared`, the
 * region the large tool's disc swept), then the finishing wall loop at the bottom.
 * @returns the moves, or the reason it cannot be done
 */
export function restPass(
  region: Polygon[],
  cleared: Polygon[],
  settings: ClearingSettings,
): { moves: MillMove[]; levelMm: number } | { reason: string } {
  const { tool, rough, finish } = settings;
  const radius = tool.diameterMm! / 2;
  const allowance = settings.wallAllowanceMm;
  const path = new PathBuilder(settings.clearanceZ);
  const anchors = offsetPolygons(cleared, -(radius + 0.2)).filter((loop) => signedArea(loop) > 0);
  if (anchors.length === 0) return { reason: 'there is no room to enter it' };
  const roughBottom = settings.bottomZ + (settings.through ? 0 : settings.floorAllowanceMm);
  const depth = settings.topZ - roughBottom;
  const count = Math.max(1, Math.ceil(depth / Math.max(0.05, settings.apMm) - 1e-9));
  const levels = Array.from({ length: count }, (_, level) => ({
    z: settings.topZ - (depth * (level + 1)) / count,
    allowance,
    feed: rough.feedMmPerMin,
  }));
  levels.push({ z: settings.bottomZ, allowance: 0, feed: finish.feedMmPerMin });
  const linkInside = (a: Point2, b: Point2, allowed: Polygon[]) => {
    const steps = Math.max(1, Math.ceil(dist(a, b) / 0.25));
    for (let step = 0; step <= steps; step += 1) {
      const t = step / steps;
      if (!insideRegion({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }, allowed))
        return false;
    }
    return true;
  };
  const anchorPoints = anchors.flat();
  let previousZ = settings.topZ;
  for (const level of levels) {
    const loops = offsetPolygons(region, -(radius + level.allowance)).filter(
      (loop) => perimeter(loop) > 0.05,
    );
    if (loops.length === 0) return { reason: `${tool.label} is too large for it` };
    const allowed = offsetPolygons(region, -(radius + level.allowance) + 0.01);
    const reachable = union([...allowed, ...offsetPolygons(cleared, -radius + 0.01)]);
    for (const raw of loops) {
      // The anchor: a point of the cleared area, the tool's disc clear of the rest, nearest the loop.
      let best: { anchor: Point2; start: number; d: number } | undefined;
      raw.forEach((vertex, index) => {
        for (const anchor of anchorPoints) {
          const d = dist(anchor, vertex);
          if (!best || d < best.d) best = { anchor, start: index, d };
        }
      });
      const { anchor, start: first } = best!;
      const loop = [...raw.slice(first), ...raw.slice(0, first)];
      const start = loop[0]!;
      if (!linkInside(anchor, start, reachable)) return { reason: 'there is no room to enter it' };
      const here = path.position;
      if (here && Math.abs(here.z - previousZ) < 1e-6 && linkInside(here, anchor, reachable))
        path.feed(anchor.x, anchor.y, previousZ, level.feed);
      else path.reposition(anchor, Math.min(settings.topZ + 1, settings.clearanceZ));
      // Down through the cleared area, then across to the wall.
      path.feed(anchor.x, anchor.y, level.z, rough.plungeMmPerMin);
      path.feed(start.x, start.y, level.z, level.feed);
      for (const point of [...loop.slice(1), start])
        path.feed(point.x, point.y, level.z, level.feed);
      path.feed(anchor.x, anchor.y, level.z, level.feed);
    }
    previousZ = level.z;
  }
  path.retract();
  return { moves: path.moves, levelMm: round(depth / count) };
}
