/**
 * Plan a milling program for a prismatic part held in a vise or on parallels: pick a tool for
 * each feature from the selected tooling, choose cutting data, and build the toolpaths.
 *
 * Operations, in order: face the top, pockets, slots, through cut-outs, spot drill, drill, tap,
 * counterbores, bore and ream, rough and finish the outside contour. Paths are cutter-centre
 * paths computed with Clipper2 offsets (no G41/G42). Pockets are cleared from the inside out
 * in depth steps with a helical (or, where there is no room, ramped) entry, leaving a finish
 * allowance on walls and floor for a finishing pass; walls are climb milled (counter-clockwise
 * inside pockets, clockwise around the outside). Rapids run only at the clearance height over
 * material, or straight up out of cut pockets.
 */
import type { CuttingOverrides } from '../cutting-data.ts';
import {
  arcPoints,
  boundsOf,
  circlePolygon,
  difference,
  distanceToBoundary,
  offsetPolygons,
  perimeter,
  pointInPolygon,
  signedArea,
} from '../geometry/polygon.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';
import { identifyMaterial } from '../materials.ts';
import type { Hole, PrismaticPart } from '../prismatic/part.ts';
import { drillData, finishHoleData, fluteLengthOf, millingData, tapData } from './cutting-data.ts';
import type { MillCuttingData, MillMaterial } from './cutting-data.ts';
import type {
  BlockStock,
  DrillCycle,
  MillMove,
  MillOperation,
  MillPlan,
  MillTool,
} from './program.ts';
import { PlanningError } from '../errors.ts';

export { PlanningError };

export interface MillPlanInput {
  part: PrismaticPart;
  /** The stock material chosen in the workflow (free text, identified against cam/materials). */
  material: string;
  /** The block, placed, or its sizes (then centred on the part in XY, its bottom at the part's). */
  stock: BlockStock | { xMm: number; yMm: number; zMm: number };
  /** The tools the operator selected for this job. */
  tools: MillTool[];
  /** Spindle speed limit, rpm. */
  maxRpm: number;
  overrides?: CuttingOverrides;
}

const where = 'Select it for this job, or add it to the machine in Tooling Pairs';
/** Ramp angle of ramped and helical entries, degrees. */
const rampAngleDeg = 3;
/** Through features and the outside contour go this far below the part's bottom, mm. */
export const breakthroughMm = 0.5;

const round = (value: number) => Math.round(value * 1000) / 1000;
const fmt = (value: number) => String(round(value));
const dist = (a: Point2, b: Point2) => Math.hypot(b.x - a.x, b.y - a.y);

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

class PathBuilder {
  readonly moves: MillMove[] = [];
  position: { x: number; y: number; z: number } | null = null;

  constructor(private readonly clearanceZ: number) {}

  rapid(x: number, y: number, z: number): void {
    this.push({ kind: 'rapid', x, y, z });
  }

  feed(x: number, y: number, z: number, feed: number): void {
    this.push({ kind: 'feed', x, y, z, feed });
  }

  arc(x: number, y: number, z: number, center: Point2, clockwise: boolean, feed: number): void {
    this.push({
      kind: 'arc',
      x,
      y,
      z,
      feed,
      arc: { center: { x: round(center.x), y: round(center.y) }, clockwise },
    });
  }

  /** Up to the clearance height, across, and down to `z` by rapids. */
  reposition(point: Point2, z: number): void {
    if (this.position && this.position.z < this.clearanceZ)
      this.rapid(this.position.x, this.position.y, this.clearanceZ);
    if (
      !this.position ||
      Math.abs(this.position.x - point.x) > 1e-9 ||
      Math.abs(this.position.y - point.y) > 1e-9
    )
      this.rapid(point.x, point.y, this.clearanceZ);
    if (z < this.clearanceZ) this.rapid(point.x, point.y, z);
  }

  retract(): void {
    if (this.position && this.position.z < this.clearanceZ)
      this.rapid(this.position.x, this.position.y, this.clearanceZ);
  }

  private push(move: MillMove): void {
    const rounded = { ...move, x: round(move.x), y: round(move.y), z: round(move.z) };
    const last = this.position;
    if (
      last &&
      move.kind !== 'arc' &&
      Math.abs(last.x - rounded.x) < 1e-9 &&
      Math.abs(last.y - rounded.y) < 1e-9 &&
      Math.abs(last.z - rounded.z) < 1e-9
    )
      return;
    this.moves.push(rounded);
    this.position = { x: rounded.x, y: rounded.y, z: rounded.z };
  }
}

interface ClearingSettings {
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

interface Context {
  material: MillMaterial;
  maxRpm: number;
  overrides: CuttingOverrides;
  clearanceZ: number;
  retractZ: number;
  tolerance: number;
  allowance: number;
}

const endMillsBySize = (tools: MillTool[]) =>
  tools
    .filter((tool) => tool.kind === 'endMill' && tool.diameterMm !== undefined)
    .sort((a, b) => b.diameterMm! - a.diameterMm!);

function dataOf(data: MillCuttingData, depth?: number): MillOperation['data'] {
  return {
    surfaceSpeed: data.surfaceSpeed,
    rpm: data.rpm,
    ...(data.feedPerTooth !== undefined ? { feedPerTooth: data.feedPerTooth } : {}),
    ...(data.feedPerRev !== undefined ? { feedPerRev: data.feedPerRev } : {}),
    feedMmPerMin: data.feedMmPerMin,
    ...(depth !== undefined ? { depthOfCut: round(depth) } : {}),
    ...(data.stepover !== undefined ? { stepover: data.stepover } : {}),
  };
}

/**
 * Mill a region (pocket, slot, cut-out, counterbore) with the largest end mill that fits its
 * corners and reaches its depth.
 */
function millRegion(
  name: string,
  region: Polygon[],
  depthMm: number,
  through: boolean,
  tools: MillTool[],
  context: Context,
  topZ = 0,
): MillOperation | string {
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
      data: dataOf(rough, rough.depthOfCut),
    };
  }
  return `${name}: ${reason}`;
}

function holeName(hole: Hole): string {
  return hole.label || `Ø${fmt(hole.diameterMm)}`;
}

/**
 * Plan the operations and toolpaths of a prismatic part.
 * @throws PlanningError when the stock is smaller than the part, or nothing at all can be made
 *   with the selected tools
 */
export function planMilledPart(input: MillPlanInput): MillPlan {
  const { part, tools, maxRpm } = input;
  const overrides = input.overrides ?? {};
  const warnings: string[] = [];
  const notProgrammed = [...part.notModelled];
  const grade = identifyMaterial(input.material);
  const material: MillMaterial = grade
    ? { group: grade.group, subgroup: grade.subgroup }
    : { group: 'P', subgroup: 'alloy' };
  if (!grade)
    warnings.push(
      `The material "${input.material}" is not in the cutting data tables: alloy steel values are used, which suit most steels but are slow for aluminium and plastics.`,
    );

  const box = boundsOf([part.outline]);
  const width = box.maxX - box.minX;
  const height = box.maxY - box.minY;
  const thickness = part.thicknessMm;
  const stock: BlockStock =
    'origin' in input.stock
      ? input.stock
      : {
          ...input.stock,
          origin: {
            x: round(box.minX - (input.stock.xMm - width) / 2),
            y: round(box.minY - (input.stock.yMm - height) / 2),
            z: -thickness,
          },
        };
  if (
    stock.xMm < width - 1e-6 ||
    stock.yMm < height - 1e-6 ||
    stock.zMm < thickness - 1e-6 ||
    stock.origin.x > box.minX + 1e-6 ||
    stock.origin.y > box.minY + 1e-6 ||
    stock.origin.x + stock.xMm < box.maxX - 1e-6 ||
    stock.origin.y + stock.yMm < box.maxY - 1e-6
  ) {
    throw new PlanningError(
      `The stock ${fmt(stock.xMm)} x ${fmt(stock.yMm)} x ${fmt(stock.zMm)} mm is smaller than the part ${fmt(width)} x ${fmt(height)} x ${fmt(thickness)} mm: choose a block of at least ${Math.ceil(width + 2)} x ${Math.ceil(height + 2)} x ${Math.ceil(thickness + 1)} mm.`,
    );
  }
  const stockTop = round(stock.origin.z + stock.zMm);
  const clearanceZ = round(Math.max(stockTop, 0) + (overrides.clearanceMm ?? 5));
  const context: Context = {
    material,
    maxRpm,
    overrides,
    clearanceZ,
    retractZ: 2,
    tolerance: part.generalToleranceMm > 0 ? part.generalToleranceMm : 0.1,
    allowance: overrides.finishAllowanceMm ?? 0.2,
  };
  const operations: MillOperation[] = [];
  const drop = (reason: string) => notProgrammed.push(reason);
  const usable = tools.filter((tool) => tool.number > 0);
  for (const tool of usable) {
    if (tool.diameterMm === undefined && tool.kind !== 'boringHead' && tool.kind !== 'other')
      warnings.push(
        `${tool.label}: its diameter is not in its name or description, so it is not used. Add it to the tool row (for example "Ø10").`,
      );
  }
  const sized = usable.filter(
    (tool) => tool.diameterMm !== undefined || tool.kind === 'boringHead',
  );
  for (const tool of sized)
    if (tool.kind === 'endMill' && tool.fluteLengthMm === undefined)
      warnings.push(
        `${tool.label}: its flute length is not in its tool row ("LOC 22"); ${fmt(fluteLengthOf(tool))} mm (2 x D) is assumed.`,
      );

  // Face the top.
  if (stockTop > 0.05) {
    const faceMills = sized
      .filter((tool) => tool.kind === 'faceMill')
      .sort((a, b) => b.diameterMm! - a.diameterMm!);
    const tool = faceMills[0] ?? endMillsBySize(sized)[0];
    if (!tool) {
      drop(`Face: no face mill or end mill is selected to face ${fmt(stockTop)} mm off the top`);
    } else {
      const data = millingData(material, tool, 'face', maxRpm, overrides);
      const ap = Math.max(
        0.1,
        Math.min(
          tool.kind === 'faceMill' ? data.depthOfCut! : tool.diameterMm! * 0.5,
          fluteLengthOf(tool),
        ),
      );
      const r = tool.diameterMm! / 2;
      const step = tool.diameterMm! * (tool.kind === 'faceMill' ? 0.7 : 0.6);
      const path = new PathBuilder(clearanceZ);
      const passes = Math.max(1, Math.ceil(stockTop / ap - 1e-9));
      const xLeft = stock.origin.x - r - 2;
      const xRight = stock.origin.x + stock.xMm + r + 2;
      const edge = Math.min(1, r / 4);
      const span = stock.yMm - 2 * r + 2 * edge;
      const rows =
        span <= 0
          ? [stock.origin.y + stock.yMm / 2]
          : ((count: number) =>
              Array.from(
                { length: count },
                (_, index) => stock.origin.y + r - edge + (span * index) / (count - 1),
              ))(Math.ceil(span / step - 1e-9) + 1);
      for (let pass = 1; pass <= passes; pass += 1) {
        const z = stockTop - (stockTop * pass) / passes;
        let leftToRight = true;
        path.reposition({ x: xLeft, y: rows[0]! }, z);
        rows.forEach((y, index) => {
          if (index > 0) path.feed(leftToRight ? xLeft : xRight, y, z, data.feedMmPerMin);
          path.feed(leftToRight ? xRight : xLeft, y, z, data.feedMmPerMin);
          leftToRight = !leftToRight;
        });
      }
      path.retract();
      operations.push({
        name: 'Face',
        tool,
        rpm: data.rpm,
        coolant: 'flood',
        moves: path.moves,
        data: dataOf(data, stockTop / passes),
      });
    }
    if (stockTop > 5)
      warnings.push(
        `The stock is ${fmt(stockTop)} mm thicker than the part: facing it off takes long; a thinner plate saves time.`,
      );
  } else {
    warnings.push(
      'The stock is as thick as the part: the top is not faced; Z0 is the top of the stock as supplied.',
    );
  }
  const topZ = 0;

  // Pockets, slots, cut-outs.
  const millFeature = (name: string, region: Polygon[], depth: number, through: boolean) => {
    const result = millRegion(name, region, depth, through, sized, context, topZ);
    if (typeof result === 'string') drop(result);
    else operations.push(result);
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

  // Holes: choose how each is made.
  const drills = sized.filter((tool) => tool.kind === 'drill');
  const taps = sized.filter((tool) => tool.kind === 'tap');
  const reamers = sized.filter((tool) => tool.kind === 'reamer');
  const boringHead = sized.find((tool) => tool.kind === 'boringHead');
  interface DrillJob {
    hole: Hole;
    drill: MillTool;
    depth: number;
  }
  const drillJobs: DrillJob[] = [];
  const tapJobs: { hole: Hole; tap: MillTool }[] = [];
  const finishJobs: { hole: Hole; tool: MillTool }[] = [];
  const interpolated: Hole[] = [];
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
      ? thickness + breakthroughMm + 0.3 * diameter
      : Math.max(hole.depthMm, extra) + 0.3 * diameter;

  part.holes.forEach((hole) => {
    const name = holeName(hole);
    if (hole.counterbore) counterbores.push(hole);
    const band = hole.tolerance ? hole.tolerance.upperMm - hole.tolerance.lowerMm : Infinity;
    const target = hole.tolerance
      ? hole.diameterMm + (hole.tolerance.upperMm + hole.tolerance.lowerMm) / 2
      : hole.diameterMm;
    if (hole.kind === 'tapped' && hole.thread) {
      const thread = hole.thread;
      const drill = closestDrill(thread.tapDrillMm, 0.1, 0.1);
      const threadDepth = hole.through ? thickness : (hole.threadDepthMm ?? hole.depthMm);
      if (!drill) {
        drop(`${name}: no Ø${fmt(thread.tapDrillMm)} tap drill is selected`);
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
      if (!tap) drop(`${name}: no ${thread.callout} tap is selected; the tap drill is drilled`);
      else if (!tapData(material, tap, maxRpm, overrides))
        drop(`${name}: taps cannot cut ${input.material}; the tap drill is drilled`);
      else tapJobs.push({ hole, tap });
      return;
    }
    if (band < 0.04) {
      const reamer = reamers.find((tool) => Math.abs(tool.diameterMm! - target) <= band / 4 + 1e-9);
      if (reamer) {
        const pre = closestDrill(target - (target > 10 ? 0.3 : 0.2), 0.3, 0.1);
        if (pre) {
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
        if (pre && pre.diameterMm! >= target - 1.5) {
          drillJobs.push({ hole, drill: pre, depth: drillDepth(hole, pre.diameterMm!) });
          finishJobs.push({ hole, tool: bore });
          return;
        }
        if (endMillsBySize(sized).some((tool) => tool.diameterMm! < target - 1)) {
          interpolated.push({ ...hole, label: `Rough bore ${name}`, diameterMm: target - 0.3 });
          finishJobs.push({ hole, tool: bore });
          return;
        }
      }
      drop(
        `${name}: its ±${fmt(band / 2)} mm tolerance needs a Ø${fmt(target)} reamer or a boring head with a smaller drill`,
      );
      return;
    }
    const tolerance = Math.min(hole.tolerance ? band / 2 : context.tolerance, context.tolerance);
    const exact = closestDrill(hole.diameterMm, tolerance, tolerance);
    if (exact) {
      drillJobs.push({ hole, drill: exact, depth: drillDepth(hole, exact.diameterMm!) });
      return;
    }
    interpolated.push(hole);
  });

  // Holes no drill makes: circular pockets with an end mill.
  for (const hole of interpolated) {
    const diameter = hole.diameterMm;
    const region = [circlePolygon(hole.center, diameter / 2, 0.002)];
    const result = millRegion(
      hole.label.startsWith('Rough bore') ? hole.label : `Mill hole ${holeName(hole)}`,
      region,
      hole.through ? thickness : hole.depthMm,
      hole.through,
      sized,
      context,
      topZ,
    );
    if (typeof result === 'string')
      drop(`${holeName(hole)}: no Ø${fmt(diameter)} drill, and it cannot be milled (${result})`);
    else operations.push(result);
  }

  // Holes no selected drill can make (material, length) are dropped before spotting, so no
  // spot mark is left where no hole follows.
  const drillable = drillJobs.filter((job) => {
    if (!drillData(material, job.drill, maxRpm, overrides)) {
      drop(`${holeName(job.hole)}: HSS drills cannot cut ${input.material}`);
      return false;
    }
    if (job.depth > fluteLengthOf(job.drill) + 1e-9) {
      drop(
        `${holeName(job.hole)}: ${job.drill.label} is too short for its ${fmt(job.depth)} mm depth`,
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
  const finished = finishJobs.filter((job) => !undrilled.has(job.hole));

  // Spot drill every drilled hole.
  const spot = sized
    .filter((tool) => tool.kind === 'spotDrill')
    .sort((a, b) => b.diameterMm! - a.diameterMm!)[0];
  const holeCycle = (
    kind: DrillCycle['kind'],
    points: Point2[],
    depth: number,
    feed: number,
    extra: Partial<DrillCycle> = {},
  ): DrillCycle => ({
    kind,
    points: points.map((point) => ({ x: round(point.x), y: round(point.y) })),
    bottomZ: round(topZ - depth),
    retractZ: context.retractZ,
    clearanceZ,
    feed,
    ...extra,
  });
  const cycleOperation = (
    name: string,
    tool: MillTool,
    data: MillCuttingData,
    cycle: DrillCycle,
  ): MillOperation => ({
    name,
    tool,
    rpm: data.rpm,
    coolant: 'flood',
    moves: [],
    cycle,
    data: dataOf(data),
  });
  if (drillable.length > 0) {
    if (spot) {
      const data = drillData(material, spot, maxRpm, overrides);
      if (data) {
        const smallest = Math.min(...drillable.map((job) => job.drill.diameterMm!));
        const depth = round(Math.min(smallest - 0.5, spot.diameterMm!) / 2);
        operations.push(
          cycleOperation(
            'Spot drill',
            spot,
            data,
            holeCycle(
              'drill',
              drillable.map((job) => job.hole.center),
              Math.max(0.2, depth),
              data.feedMmPerMin,
            ),
          ),
        );
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
        drop(`${holeName(job.hole)}: HSS drills cannot cut ${input.material}`);
      continue;
    }
    if (depth > fluteLengthOf(drill) + 1e-9) {
      for (const job of jobs)
        drop(`${holeName(job.hole)}: ${drill.label} is too short for its ${fmt(depth)} mm depth`);
      continue;
    }
    const peck = depth > 3 * drill.diameterMm!;
    operations.push(
      cycleOperation(
        `Drill Ø${fmt(drill.diameterMm!)}`,
        drill,
        data,
        holeCycle(
          peck ? 'peck' : 'drill',
          jobs.map((job) => job.hole.center),
          depth,
          data.feedMmPerMin,
          peck ? { peckMm: data.peckMm! } : {},
        ),
      ),
    );
  }

  // Tap after the tap drill.
  const tapGroups = new Map<string, { hole: Hole; tap: MillTool }[]>();
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
    operations.push(
      cycleOperation(
        `Tap ${hole.thread?.callout ?? `M${fmt(tap.diameterMm!)}x${fmt(tap.pitchMm!)}`}`,
        tap,
        data,
        holeCycle(
          'tap',
          jobs.map((job) => job.hole.center),
          depth,
          data.feedMmPerMin,
          { pitchMm: tap.pitchMm! },
        ),
      ),
    );
  }

  // Counterbores: circular pockets with an end mill.
  for (const hole of counterbores) {
    const cb = hole.counterbore!;
    const result = millRegion(
      `Counterbore ${holeName(hole)}`,
      [circlePolygon(hole.center, cb.diameterMm / 2, 0.002)],
      cb.depthMm,
      false,
      sized,
      context,
      topZ,
    );
    if (typeof result === 'string') drop(result);
    else operations.push(result);
  }

  // Bore and ream.
  for (const job of finished) {
    const hole = job.hole;
    const data = finishHoleData(material, job.tool, job.tool.diameterMm!, maxRpm, overrides);
    const depth = hole.through ? thickness + breakthroughMm : hole.depthMm;
    const reaming = job.tool.kind === 'reamer';
    operations.push(
      cycleOperation(
        `${reaming ? 'Ream' : 'Bore'} ${holeName(hole)}`,
        job.tool,
        data,
        holeCycle(reaming ? 'bore' : 'fineBore', [hole.center], depth, data.feedMmPerMin, {
          ...(reaming ? {} : { shiftMm: 0.2 }),
        }),
      ),
    );
    if (!reaming)
      warnings.push(
        `T${job.tool.number} boring head: set it to Ø${fmt(job.tool.diameterMm!)} and orient its insert for the fine boring shift before running ${holeName(hole)}.`,
      );
  }

  // Outside contour: rough and finish, through the thickness.
  const contour = outsideContour(part, stock, sized, context);
  if (typeof contour === 'string') drop(contour);
  else {
    operations.push(...contour);
    warnings.push(
      `The outside contour cuts ${breakthroughMm} mm below the part: hold the stock on parallels clear of the outline and the through holes (or on a sacrificial plate), and clamp it so the part stays put when it is cut free.`,
    );
  }

  if (operations.length === 0) {
    throw new PlanningError(
      `Nothing on this part can be made with the selected tools: ${notProgrammed.join('; ') || 'select end mills and drills for it'}. ${where}.`,
    );
  }
  return {
    part,
    stock,
    operations,
    clearanceZ,
    maxRpm,
    warnings,
    notProgrammed,
  };
}

function outsideContour(
  part: PrismaticPart,
  stock: BlockStock,
  tools: MillTool[],
  context: Context,
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
      data: dataOf(rough, depth / count),
    },
    {
      name: 'Finish contour',
      tool,
      rpm: finish.rpm,
      coolant: 'flood',
      moves: pass(radius, finishLevels, finish.feedMmPerMin),
      data: dataOf(finish, depth / finishCount),
    },
  ];
}
