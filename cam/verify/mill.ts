/**
 * Verify a milling program by reading it back: interpret every line in its dialect
 * (cam/gcode/interpreter.ts, machine 'mill', canned cycles expanded), simulate the material
 * the tools remove, and check what a machinist checks before pressing cycle start.
 *
 * The material is a Z height map of the block on a grid of square cells (about 0.5 mm), each
 * lowered by every feed move to the tool's bottom where the cell's centre is under the tool
 * (flat end mills, face mills, taps, reamers and boring heads; drills as 118° and spot drills as
 * 90° cones). Rapids are checked against it. Finished sizes are checked exactly on probe points
 * (just inside and just outside the outline, hole walls and pocket walls, pocket floors): each
 * probe keeps the lowest Z any tool reached over it, computed per move from the tool's radius.
 */
import type { Dialect } from '../gcode/events.ts';
import { interpretProgram } from '../gcode/interpreter.ts';
import type { Point3 } from '../gcode/events.ts';
import {
  arcPoints,
  boundsOf,
  circlePolygon,
  offsetPolygons,
  pointInPolygon,
  signedArea,
} from '../geometry/polygon.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';
import type { BlockStock, MillToolKind } from '../mill/program.ts';
import type { Extents, ProgramReport } from '../program.ts';
import { CheckList, emptyStats } from './checks.ts';

export interface MillVerificationTool {
  number: number;
  kind: MillToolKind;
  /** Cutting diameter, mm (boring heads: the diameter they are set to). */
  diameterMm: number;
}

export interface HoleTarget {
  label: string;
  center: Point2;
  diameterMm: number;
  /** Depth of the full diameter from Z0 (through holes: the thickness). */
  depthMm: number;
  /** Tapped holes: the depth the tap must reach (its walls are not checked for oversize). */
  tapDepthMm?: number;
  /** Tapped holes: the thread's major diameter, mm (the tap cuts to it). */
  threadMm?: number;
  /** Lowest Z the wall may be cut to just outside the hole (a counterbore's depth, else 0). */
  outsideFloorZ?: number;
}

export interface PocketTarget {
  label: string;
  /** Outer boundaries (CCW) and islands (CW). */
  region: Polygon[];
  depthMm: number;
  through: boolean;
}

export interface MillVerificationInput {
  dialect: Exclude<Dialect, 'iso-edm'>;
  stock: BlockStock;
  /** The part's outline (CCW), Z0 its finished top, −thicknessMm its bottom. */
  outline: Polygon;
  thicknessMm: number;
  /** General tolerance, mm: sizes within it pass. */
  toleranceMm: number;
  /** Whether the outline is cut (false when the contour is not programmed). */
  outlineCut: boolean;
  holes: HoleTarget[];
  pockets: PocketTarget[];
  tools: MillVerificationTool[];
  /** Work coordinates every move must stay within. */
  envelope: Extents;
}

const checkTitles = {
  syntax: 'Every line is G-code the controller runs',
  end: 'The program ends with M30',
  tools: 'Every tool called is in the selected tooling',
  setup: 'Tool, length offset, spindle and feed are set before every cut',
  envelope: 'Every move stays in the working envelope',
  rapids: 'No rapid move enters the material',
  faced: 'The top is faced to Z0',
  outline: 'The outline is cut within the general tolerance',
  gouges: 'Nothing is cut into the part outside its features',
  holes: 'Every hole is made at its position to its size and depth',
  pockets: 'Pockets, slots and cut-outs reach their depth within the tolerance',
} as const;

/** Height of a cone tip above its apex per mm of radius: 118° drills 0.6, 90° spot drills 1. */
const coneOf = (kind: MillToolKind | undefined) =>
  kind === 'drill' ? 0.6 : kind === 'spotDrill' ? 1 : 0;

class HeightMap {
  readonly cell: number;
  private readonly x0: number;
  private readonly y0: number;
  private readonly nx: number;
  private readonly ny: number;
  private readonly heights: Float64Array;
  readonly bottom: number;

  constructor(stock: BlockStock) {
    this.cell = Math.max(0.5, Math.sqrt((stock.xMm * stock.yMm) / 400_000));
    this.x0 = stock.origin.x;
    this.y0 = stock.origin.y;
    this.nx = Math.max(1, Math.ceil(stock.xMm / this.cell));
    this.ny = Math.max(1, Math.ceil(stock.yMm / this.cell));
    this.bottom = stock.origin.z;
    this.heights = new Float64Array(this.nx * this.ny).fill(stock.origin.z + stock.zMm);
  }

  /** Visit the cells whose centres lie within `radius` of (x, y). */
  private each(x: number, y: number, radius: number, visit: (index: number, d: number) => void) {
    const c = this.cell;
    const i0 = Math.max(0, Math.ceil((x - radius - this.x0) / c - 0.5));
    const i1 = Math.min(this.nx - 1, Math.floor((x + radius - this.x0) / c - 0.5));
    const j0 = Math.max(0, Math.ceil((y - radius - this.y0) / c - 0.5));
    const j1 = Math.min(this.ny - 1, Math.floor((y + radius - this.y0) / c - 0.5));
    const r2 = radius * radius;
    for (let j = j0; j <= j1; j += 1) {
      const dy = this.y0 + (j + 0.5) * c - y;
      for (let i = i0; i <= i1; i += 1) {
        const dx = this.x0 + (i + 0.5) * c - x;
        const d2 = dx * dx + dy * dy;
        if (d2 <= r2) visit(j * this.nx + i, Math.sqrt(d2));
      }
    }
  }

  lower(x: number, y: number, z: number, radius: number, cone: number): void {
    const heights = this.heights;
    this.each(x, y, radius, (index, d) => {
      const bottom = z + cone * d;
      if (bottom < heights[index]!) heights[index] = bottom;
    });
  }

  /** How far the tool bottom at (x, y, z) would be below remaining material (0 if clear). */
  collision(x: number, y: number, z: number, radius: number, cone: number): number {
    let worst = 0;
    const heights = this.heights;
    this.each(x, y, radius, (index, d) => {
      const height = heights[index]!;
      if (height <= this.bottom + 1e-6) return;
      const depth = Math.min(height, height - (z + cone * d));
      if (depth > worst) worst = depth;
    });
    return worst;
  }
}

/** Points whose lowest cut Z is tracked exactly. */
class Probes {
  readonly xs: number[] = [];
  readonly ys: number[] = [];
  readonly zs: number[] = [];
  private readonly buckets = new Map<number, number[]>();
  private readonly size = 4;

  constructor(private readonly startZ: number) {}

  add(point: Point2): number {
    const index = this.xs.length;
    this.xs.push(point.x);
    this.ys.push(point.y);
    this.zs.push(this.startZ);
    const key = this.key(Math.floor(point.x / this.size), Math.floor(point.y / this.size));
    const bucket = this.buckets.get(key);
    if (bucket) bucket.push(index);
    else this.buckets.set(key, [index]);
    return index;
  }

  private key(i: number, j: number): number {
    return (i + 100_000) * 200_000 + (j + 100_000);
  }

  /** A tool of `radius` moving straight from a to b (Z linear along the move). */
  sweep(a: Point3, b: Point3, radius: number, cone: number): void {
    if (this.xs.length === 0) return;
    const s = this.size;
    const i0 = Math.floor((Math.min(a.x, b.x) - radius) / s);
    const i1 = Math.floor((Math.max(a.x, b.x) + radius) / s);
    const j0 = Math.floor((Math.min(a.y, b.y) - radius) / s);
    const j1 = Math.floor((Math.max(a.y, b.y) + radius) / s);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const dz = b.z - a.z;
    const A = dx * dx + dy * dy;
    for (let i = i0; i <= i1; i += 1)
      for (let j = j0; j <= j1; j += 1) {
        const bucket = this.buckets.get(this.key(i, j));
        if (!bucket) continue;
        for (const index of bucket) {
          const fx = a.x - this.xs[index]!;
          const fy = a.y - this.ys[index]!;
          const C = fx * fx + fy * fy - radius * radius;
          let z: number;
          if (A < 1e-12) {
            if (C > 1e-9) continue;
            z = Math.min(a.z, b.z) + cone * Math.sqrt(fx * fx + fy * fy);
          } else {
            const B = 2 * (fx * dx + fy * dy);
            const disc = B * B - 4 * A * C;
            if (disc < 0) continue;
            const root = Math.sqrt(disc);
            const t1 = Math.max(0, (-B - root) / (2 * A));
            const t2 = Math.min(1, (-B + root) / (2 * A));
            if (t1 > t2) continue;
            z = Math.min(a.z + dz * t1, a.z + dz * t2) + (cone > 0 ? cone * radius : 0);
            if (cone > 0) {
              const tc = Math.min(t2, Math.max(t1, -B / (2 * A)));
              const d = Math.hypot(fx + dx * tc, fy + dy * tc);
              z = Math.min(z, a.z + dz * tc + cone * d);
            }
          }
          if (z < this.zs[index]!) this.zs[index] = z;
        }
      }
  }
}

function insideRegion(point: Point2, region: Polygon[]): boolean {
  let winding = 0;
  for (const polygon of region)
    if (pointInPolygon(point, polygon) === 'inside') winding += signedArea(polygon) > 0 ? 1 : -1;
  return winding > 0;
}

/** Points along the boundaries of polygons at most `step` apart. */
function boundaryPoints(polygons: Polygon[], step: number, limit = 4000): Point2[] {
  const points: Point2[] = [];
  for (const polygon of polygons)
    for (let index = 0; index < polygon.length; index += 1) {
      const a = polygon[index]!;
      const b = polygon[(index + 1) % polygon.length]!;
      const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
      for (let k = 0; k < n; k += 1)
        points.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
    }
  if (points.length <= limit) return points;
  const every = Math.ceil(points.length / limit);
  return points.filter((_, index) => index % every === 0);
}

/** Points on a grid inside a region, at most about `limit` of them. */
function gridPoints(region: Polygon[], limit = 400): Point2[] {
  if (region.length === 0) return [];
  const b = boundsOf(region);
  const step = Math.max(0.25, Math.sqrt(((b.maxX - b.minX) * (b.maxY - b.minY)) / limit));
  const points: Point2[] = [];
  for (let y = b.minY + step / 2; y < b.maxY; y += step)
    for (let x = b.minX + step / 2; x < b.maxX; x += step)
      if (insideRegion({ x, y }, region)) points.push({ x, y });
  return points;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Verify a milling program.
 * @param program - the G-code text, or its lines one by one
 */
export function verifyMillProgram(
  program: string | Iterable<string>,
  input: MillVerificationInput,
): ProgramReport {
  const checkList = new CheckList(checkTitles);
  const { fail } = checkList;
  const tolerance = input.toleranceMm;
  const tools = new Map(input.tools.map((tool) => [tool.number, tool]));
  const { stock } = input;
  const stockTop = stock.origin.z + stock.zMm;
  const map = new HeightMap(stock);
  const probes = new Probes(stockTop);
  const tapProbes = new Probes(stockTop);
  const stockRect: Polygon = [
    { x: stock.origin.x, y: stock.origin.y },
    { x: stock.origin.x + stock.xMm, y: stock.origin.y },
    { x: stock.origin.x + stock.xMm, y: stock.origin.y + stock.yMm },
    { x: stock.origin.x, y: stock.origin.y + stock.yMm },
  ];
  const inStock = (point: Point2) => pointInPolygon(point, stockRect) === 'inside';

  // Feature regions (where the top may be cut) and the probes.
  const featureRegions: Polygon[][] = [
    ...input.pockets.map((pocket) => pocket.region),
    ...input.holes.map((hole) => [
      circlePolygon(hole.center, Math.max(hole.diameterMm, hole.threadMm ?? 0) / 2, 0.01),
    ]),
  ];
  const grown = featureRegions.map((region) => offsetPolygons(region, 2 * tolerance + 0.05));
  const nearFeature = (point: Point2) => grown.some((region) => insideRegion(point, region));

  const outlineOutside = input.outlineCut
    ? boundaryPoints(offsetPolygons([input.outline], tolerance), 0.5)
        .filter(inStock)
        .map((point) => ({ point, index: probes.add(point) }))
    : [];
  const outlineInside = boundaryPoints(offsetPolygons([input.outline], -tolerance), 0.5)
    .filter((point) => !nearFeature(point))
    .map((point) => ({ point, index: probes.add(point) }));
  const insideArea = offsetPolygons([input.outline], -Math.max(tolerance, 0.5));
  const topProbes = gridPoints(insideArea, 600)
    .filter((point) => !nearFeature(point))
    .map((point) => ({ point, index: probes.add(point) }));
  const ring = (center: Point2, radius: number, count = 8) =>
    Array.from({ length: count }, (_, k) => ({
      x: center.x + radius * Math.cos((2 * Math.PI * k) / count + 0.1),
      y: center.y + radius * Math.sin((2 * Math.PI * k) / count + 0.1),
    }));
  const holeProbes = input.holes.map((hole) => ({
    hole,
    centre: probes.add(hole.center),
    tap: hole.tapDepthMm !== undefined ? tapProbes.add(hole.center) : undefined,
    inner: ring(hole.center, Math.max(0, hole.diameterMm / 2 - tolerance)).map((point) =>
      probes.add(point),
    ),
    outer:
      hole.tapDepthMm !== undefined
        ? []
        : ring(hole.center, hole.diameterMm / 2 + tolerance)
            .filter((point) => !input.pockets.some((pocket) => insideRegion(point, pocket.region)))
            .map((point) => probes.add(point)),
  }));
  const pocketProbes = input.pockets.map((pocket) => {
    const others = (point: Point2) =>
      input.holes.some(
        (hole) =>
          Math.hypot(point.x - hole.center.x, point.y - hole.center.y) <
          hole.diameterMm / 2 + 2 * tolerance,
      );
    return {
      pocket,
      floor: gridPoints(offsetPolygons(pocket.region, -tolerance), 200)
        .filter((point) => !others(point))
        .map((point) => probes.add(point)),
      walls: boundaryPoints(offsetPolygons(pocket.region, tolerance), 0.5, 800)
        .filter(
          (point) =>
            !others(point) &&
            !input.pockets.some(
              (other) =>
                other !== pocket && insideRegion(point, offsetPolygons(other.region, tolerance)),
            ),
        )
        .map((point) => probes.add(point)),
    };
  });

  const stats = emptyStats();
  let ended = false;
  const lines = typeof program === 'string' ? program.split(/\r?\n/) : program;
  const counted = (function* count() {
    for (const line of lines) {
      stats.lines += 1;
      yield line;
    }
  })();
  const { envelope } = input;

  for (const event of interpretProgram(counted, { dialect: input.dialect, machine: 'mill' })) {
    if (event.type === 'error') fail('syntax', `line ${event.line}: ${event.message}`);
    else if (event.type === 'end') ended = true;
    else if (event.type === 'tool') {
      stats.toolChanges += 1;
      if (!tools.has(event.tool))
        fail('tools', `line ${event.line}: T${event.tool} is not in the selected tooling`);
    } else if (event.type === 'motion') {
      stats.motions += 1;
      const { to, from, line } = event;
      const e = stats.extents;
      stats.extents = e
        ? {
            xMin: Math.min(e.xMin, to.x),
            xMax: Math.max(e.xMax, to.x),
            yMin: Math.min(e.yMin, to.y),
            yMax: Math.max(e.yMax, to.y),
            zMin: Math.min(e.zMin, to.z),
            zMax: Math.max(e.zMax, to.z),
          }
        : { xMin: to.x, xMax: to.x, yMin: to.y, yMax: to.y, zMin: to.z, zMax: to.z };
      if (
        to.x < envelope.xMin - 1e-6 ||
        to.x > envelope.xMax + 1e-6 ||
        to.y < envelope.yMin - 1e-6 ||
        to.y > envelope.yMax + 1e-6 ||
        to.z < envelope.zMin - 1e-6 ||
        to.z > envelope.zMax + 1e-6
      )
        fail(
          'envelope',
          `line ${line}: X${round(to.x)} Y${round(to.y)} Z${round(to.z)} is outside the working envelope`,
        );
      const tool = event.tool === null ? undefined : tools.get(event.tool);
      const radius = (tool?.diameterMm ?? 0) / 2;
      const cone = coneOf(tool?.kind);
      if (event.kind === 'rapid') {
        stats.rapids += 1;
        // From home (unknown position) the tool comes down from above everything.
        if (!from) continue;
        const check = Math.max(0, radius - map.cell);
        const length = Math.hypot(to.x - from.x, to.y - from.y, to.z - from.z);
        const steps = Math.max(1, Math.ceil(length / (map.cell / 2)));
        for (let step = 0; step <= steps; step += 1) {
          const t = step / steps;
          const x = from.x + (to.x - from.x) * t;
          const y = from.y + (to.y - from.y) * t;
          const z = from.z + (to.z - from.z) * t;
          const depth = map.collision(x, y, z, check, cone);
          if (depth > 0.01) {
            fail(
              'rapids',
              `line ${line}: the rapid to X${round(to.x)} Y${round(to.y)} Z${round(to.z)} enters material ${round(depth)} mm deep at X${round(x)} Y${round(y)} Z${round(z)}`,
            );
            break;
          }
        }
        continue;
      }
      stats.feeds += 1;
      if (event.tool === null) fail('setup', `line ${line}: cutting with no tool selected`);
      if (event.spindle.turning === 'off')
        fail('setup', `line ${line}: cutting with the spindle stopped`);
      if (event.feed <= 0) fail('setup', `line ${line}: cutting with no feed rate`);
      if (!event.lengthOffset)
        fail('setup', `line ${line}: cutting without tool length compensation (G43 H / D)`);
      if (!from) {
        fail('setup', `line ${line}: cutting from an unknown position (straight after a home)`);
        continue;
      }
      if (!tool) continue;
      // Chords of arcs, then straight pieces.
      let points: Point3[] = [to];
      if (event.kind === 'arc' && event.arc && event.arc.plane === 'XY') {
        const { center, clockwise } = event.arc;
        const r = Math.hypot(from.x - center.x, from.y - center.y);
        const start = Math.atan2(from.y - center.y, from.x - center.x);
        let end = Math.atan2(to.y - center.y, to.x - center.x);
        if (clockwise && end >= start - 1e-12) end -= 2 * Math.PI;
        if (!clockwise && end <= start + 1e-12) end += 2 * Math.PI;
        const chords = arcPoints(center, r, start, end - start, 0.002).slice(1);
        points = chords.map((point, index) => ({
          x: point.x,
          y: point.y,
          z: from.z + ((to.z - from.z) * (index + 1)) / chords.length,
        }));
        points[points.length - 1] = to;
      }
      let a: Point3 = from;
      const tapping = tool.kind === 'tap';
      for (const b of points) {
        probes.sweep(a, b, radius, cone);
        if (tapping) tapProbes.sweep(a, b, radius, cone);
        const length = Math.hypot(b.x - a.x, b.y - a.y);
        const steps = Math.max(1, Math.ceil(length / (map.cell / 2)));
        for (let step = length < 1e-9 ? 1 : 0; step <= steps; step += 1) {
          const t = step / steps;
          const z = length < 1e-9 ? Math.min(a.z, b.z) : a.z + (b.z - a.z) * t;
          map.lower(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, z, radius, cone);
        }
        a = b;
      }
    }
  }

  if (!ended) fail('end', 'the program has no M30 end');

  // The finished part.
  const z = (index: number) => probes.zs[index]!;
  const bottom = -input.thicknessMm;
  if (stockTop > 0.005) {
    for (const { point, index } of topProbes)
      if (z(index) > 0.005) {
        fail(
          'faced',
          `material is left at Z${round(z(index))} over X${round(point.x)} Y${round(point.y)}`,
        );
        break;
      }
  }
  for (const { point, index } of [...topProbes, ...outlineInside])
    if (z(index) < -0.005) {
      fail(
        'gouges',
        `the part is cut to Z${round(z(index))} at X${round(point.x)} Y${round(point.y)}, outside every feature`,
      );
      break;
    }
  if (input.outlineCut)
    for (const { point, index } of outlineOutside)
      if (z(index) > bottom + 1e-3) {
        fail(
          'outline',
          `material remains at Z${round(z(index))} ${tolerance} mm outside the outline at X${round(point.x)} Y${round(point.y)}`,
        );
        break;
      }
  for (const { point, index } of outlineInside)
    if (z(index) < -0.005) {
      fail(
        'outline',
        `the outline is cut more than ${tolerance} mm inside at X${round(point.x)} Y${round(point.y)}`,
      );
      break;
    }
  for (const entry of holeProbes) {
    const { hole } = entry;
    const depth = Math.min(hole.depthMm, input.thicknessMm);
    if (z(entry.centre) > -depth + 0.01)
      fail('holes', `${hole.label}: reaches Z${round(z(entry.centre))}, not Z${round(-depth)}`);
    else if (entry.inner.some((index) => z(index) > -depth + tolerance))
      fail(
        'holes',
        `${hole.label}: smaller than Ø${round(hole.diameterMm)} (or not at its position)`,
      );
    if (entry.outer.some((index) => z(index) < (hole.outsideFloorZ ?? 0) - 0.01))
      fail(
        'holes',
        `${hole.label}: larger than Ø${round(hole.diameterMm)} (or not at its position)`,
      );
    if (entry.tap !== undefined && tapProbes.zs[entry.tap]! > -hole.tapDepthMm! + 0.01)
      fail(
        'holes',
        `${hole.label}: tapped to Z${round(tapProbes.zs[entry.tap]!)}, not Z${round(-hole.tapDepthMm!)}`,
      );
  }
  for (const { pocket, floor, walls } of pocketProbes) {
    const target = pocket.through ? bottom : -pocket.depthMm;
    const shallow = floor.find((index) => z(index) > target + (pocket.through ? 1e-3 : tolerance));
    if (shallow !== undefined)
      fail(
        'pockets',
        `${pocket.label}: the floor is at Z${round(z(shallow))} at X${round(probes.xs[shallow]!)} Y${round(probes.ys[shallow]!)}, not Z${round(target)}`,
      );
    const deep = pocket.through ? undefined : floor.find((index) => z(index) < target - tolerance);
    if (deep !== undefined)
      fail(
        'pockets',
        `${pocket.label}: the floor is cut to Z${round(z(deep))}, below Z${round(target)}`,
      );
    const wall = walls.find((index) => z(index) < -0.005);
    if (wall !== undefined)
      fail(
        'pockets',
        `${pocket.label}: the wall is cut more than ${tolerance} mm too far at X${round(probes.xs[wall]!)} Y${round(probes.ys[wall]!)}`,
      );
  }

  return checkList.report(
    stats,
    (id) =>
      (id !== 'holes' || input.holes.length > 0) &&
      (id !== 'pockets' || input.pockets.length > 0) &&
      (id !== 'faced' || stockTop > 0.005) &&
      (id !== 'outline' || input.outlineCut),
  );
}
