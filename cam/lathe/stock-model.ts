/**
 * The bar as a lathe program cuts it: its half-section (x = Z, y = radius, mm) as Clipper2
 * polygons, from which every cutting move removes the area its tool's real shape sweeps
 * (cam/lathe/cutters.ts). The planner and the verifier use it alike: what each move removes is
 * measured (area, depth of cut across the move, volume of the ring it stands for), and what is
 * left is compared with the part.
 *
 * A convex shape moving along a straight line sweeps the convex hull of its two end positions;
 * arcs are split into chords of at most 0.05 mm sagitta first.
 */
import {
  boundsOf,
  convexHull,
  difference,
  intersection,
  offsetPolygons,
  totalArea,
  translate,
} from '../geometry/polygon.ts';
import type { Bounds, Point2, Polygon } from '../geometry/polygon.ts';

/** What one move removed. */
export interface Removal {
  /** The removed region (half-section). */
  region: Polygon[];
  /** Its area, mm². */
  areaMm2: number;
  /** Its volume as a ring about the axis (Pappus: 2π · area · centroid radius), mm³. */
  volumeMm3: number;
  /**
   * Its extent across the move (perpendicular to it, in the half-section), mm: the depth of cut
   * a move along Z takes radially, and a move along X axially.
   */
  acrossMm: number;
  /** Its extent along the radius, mm. */
  radialMm: number;
  /**
   * Its thickness, mm: the diameter of the largest circle inside it. What a machinist calls the
   * depth of cut of a pass (the 2 mm band of a roughing level, the 0.3 mm allowance of a
   * finishing pass), where the extents also count the thin allowance an edge meets at a
   * shoulder across its whole height.
   */
  thicknessMm: number;
}

const noRemoval: Removal = {
  region: [],
  areaMm2: 0,
  volumeMm3: 0,
  acrossMm: 0,
  radialMm: 0,
  thicknessMm: 0,
};

/** Area below which a removal is taken for none (numerical slivers), mm². */
const sliverMm2 = 1e-4;

const overlaps = (a: Bounds, b: Bounds) =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/** The region a convex shape sweeps moving its control point from `from` to `to`. */
export function sweptRegion(shape: Polygon, from: Point2, to: Point2): Polygon {
  return convexHull([...translate(shape, from.x, from.y), ...translate(shape, to.x, to.y)]);
}

/** The centroid radius of polygons (area-weighted), mm. */
function centroidY(polygons: Polygon[]): number {
  let area = 0;
  let moment = 0;
  for (const polygon of polygons) {
    for (let i = 0; i < polygon.length; i += 1) {
      const a = polygon[i]!;
      const b = polygon[(i + 1) % polygon.length]!;
      const cross = a.x * b.y - b.x * a.y;
      area += cross;
      moment += (a.y + b.y) * cross;
    }
  }
  return area === 0 ? 0 : moment / (3 * area);
}

/** Extent of polygons along a unit direction `d`, mm. */
function extentAlong(polygons: Polygon[], d: Point2): number {
  let low = Infinity;
  let high = -Infinity;
  for (const polygon of polygons)
    for (const point of polygon) {
      const value = point.x * d.x + point.y * d.y;
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
  return high > low ? high - low : 0;
}

/**
 * The diameter of the largest circle inside polygons, mm, to within 1 % (bisection on inward
 * offsets: a region shrunk by d is empty once d passes the largest inscribed radius).
 */
export function thicknessOf(polygons: Polygon[]): number {
  const bounds = boundsOf(polygons);
  let low = 0;
  let high = Math.min(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY) / 2;
  if (!(high > 0)) return 0;
  for (let step = 0; step < 12 && high - low > Math.max(0.001, 0.01 * high); step += 1) {
    const middle = (low + high) / 2;
    if (totalArea(offsetPolygons(polygons, -middle, 0.01)) > 1e-9) low = middle;
    else high = middle;
  }
  return 2 * low;
}

/**
 * A region turned end for end about `pivotZ`: each point (z, r) to (pivotZ − z, r), rings kept
 * counter-clockwise. With pivotZ = −length it takes the first setup's half-section (Z0 the free
 * end) to the second setup's (Z0 the far end) and back.
 */
export function turnedEndForEnd(region: Polygon[], pivotZ: number): Polygon[] {
  return region.map((ring) => ring.map((point) => ({ x: pivotZ - point.x, y: point.y })).reverse());
}

/** Measure a removed region for a move from `from` to `to`. */
function measure(region: Polygon[], from: Point2, to: Point2): Removal {
  const areaMm2 = totalArea(region);
  if (areaMm2 < sliverMm2) return noRemoval;
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const across =
    length < 1e-9 ? { x: 0, y: 1 } : { x: -(to.y - from.y) / length, y: (to.x - from.x) / length };
  return {
    region,
    areaMm2,
    volumeMm3: 2 * Math.PI * areaMm2 * Math.max(0, centroidY(region)),
    acrossMm: extentAlong(region, across),
    radialMm: extentAlong(region, { x: 0, y: 1 }),
    thicknessMm: thicknessOf(region),
  };
}

/**
 * A cut that removed material, kept so a cut into the part found on the finished part can be
 * named by its program line: the tool's shape, the move's ends, the removed region's bounds.
 * `pivotZ` is set for a cut made in the other setup (its region turned end for end about it).
 */
export interface CutRecord {
  line: number;
  shape: Polygon;
  from: Point2;
  to: Point2;
  bounds: Bounds;
  pivotZ?: number;
}

/** Cut records placed in the other setup's coordinates (turned end for end about `pivotZ`). */
export function turnedCuts(cuts: readonly CutRecord[], pivotZ: number): CutRecord[] {
  return cuts.map(({ pivotZ: turned, ...cut }) => ({
    ...cut,
    bounds: { ...cut.bounds, minX: pivotZ - cut.bounds.maxX, maxX: pivotZ - cut.bounds.minX },
    // Turned twice about the same Z is back where it was cut.
    ...(turned === undefined ? { pivotZ } : {}),
  }));
}

/**
 * The first cut (in program order) that removed part of `ring`, by more than a sliver.
 * @returns its program line, or undefined when no recorded cut reaches the ring
 */
export function lineThatCut(ring: Polygon, cuts: readonly CutRecord[]): number | undefined {
  const bounds = boundsOf([ring]);
  for (const cut of cuts) {
    if (!overlaps(cut.bounds, bounds)) continue;
    const swept = sweptRegion(cut.shape, cut.from, cut.to);
    const placed = cut.pivotZ === undefined ? [swept] : turnedEndForEnd([swept], cut.pivotZ);
    if (totalArea(intersection([ring], placed)) > sliverMm2) return cut.line;
  }
  return undefined;
}

export interface LatheStockOptions {
  /** Bar radius, mm. */
  radiusMm: number;
  /** Z of the unfaced bar end. */
  frontFaceZ: number;
  /** Z where the model ends inside the chuck (the bar goes on beyond it). */
  backZ: number;
}

export class LatheStock {
  private region: Polygon[];
  private bounds: Bounds;
  private log: CutRecord[] = [];

  constructor(options: LatheStockOptions) {
    this.region = [
      [
        { x: options.backZ, y: 0 },
        { x: options.frontFaceZ, y: 0 },
        { x: options.frontFaceZ, y: options.radiusMm },
        { x: options.backZ, y: options.radiusMm },
      ],
    ];
    this.bounds = boundsOf(this.region);
  }

  /**
   * A stock model holding `region` (half-section polygons, outer rings counter-clockwise): the
   * part as an earlier setup left it, placed in the next setup's coordinates.
   */
  static holding(region: Polygon[], cuts: readonly CutRecord[] = []): LatheStock {
    const stock = new LatheStock({ radiusMm: 0, frontFaceZ: 0, backZ: 0 });
    stock.region = region;
    stock.log = [...cuts];
    if (region.length > 0) stock.bounds = boundsOf(region);
    return stock;
  }

  /** The cuts that removed material and were given a line, in order. */
  get cuts(): readonly CutRecord[] {
    return this.log;
  }

  /** The material left, as polygons (outer rings counter-clockwise). */
  get polygons(): Polygon[] {
    return this.region;
  }

  /** What `shape` would meet moving from `from` to `to`, without removing it. */
  overlap(shape: Polygon, from: Point2, to: Point2): Removal {
    if (this.region.length === 0) return noRemoval;
    const swept = sweptRegion(shape, from, to);
    if (!overlaps(boundsOf([swept]), this.bounds)) return noRemoval;
    return measure(intersection(this.region, [swept]), from, to);
  }

  /**
   * Move `shape` from `from` to `to`, removing what it sweeps.
   * @param line - the program line of the move, kept with the cut when it removes material
   */
  cut(shape: Polygon, from: Point2, to: Point2, line?: number): Removal {
    if (this.region.length === 0) return noRemoval;
    const swept = sweptRegion(shape, from, to);
    if (!overlaps(boundsOf([swept]), this.bounds)) return noRemoval;
    const removed = measure(intersection(this.region, [swept]), from, to);
    if (removed.areaMm2 === 0) return removed;
    if (line !== undefined)
      this.log.push({ line, shape, from, to, bounds: boundsOf(removed.region) });
    this.region = difference(this.region, [swept]);
    if (this.region.length > 0) this.bounds = boundsOf(this.region);
    return removed;
  }

  /**
   * The material along the radius at `z`: [from, to] intervals of radius, lowest first.
   */
  intervalsAt(z: number): [number, number][] {
    const crossings: number[] = [];
    for (const polygon of this.region) {
      for (let i = 0; i < polygon.length; i += 1) {
        const a = polygon[i]!;
        const b = polygon[(i + 1) % polygon.length]!;
        if ((a.x <= z && b.x > z) || (b.x <= z && a.x > z))
          crossings.push(a.y + ((b.y - a.y) * (z - a.x)) / (b.x - a.x));
      }
    }
    crossings.sort((p, q) => p - q);
    const intervals: [number, number][] = [];
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      if (crossings[i + 1]! - crossings[i]! > 1e-6)
        intervals.push([crossings[i]!, crossings[i + 1]!]);
    }
    return intervals;
  }

  /** The largest radius of material at `z` (0 where there is none). */
  outerRadius(z: number): number {
    const intervals = this.intervalsAt(z);
    return intervals.length === 0 ? 0 : intervals.at(-1)![1];
  }

  /** The smallest radius of material at `z` (0 for solid bar; 0 where there is none). */
  innerRadius(z: number): number {
    const intervals = this.intervalsAt(z);
    return intervals.length === 0 ? 0 : intervals[0]![0];
  }

  /** Whether material is left at `z`. */
  solidAt(z: number): boolean {
    return this.intervalsAt(z).length > 0;
  }
}
