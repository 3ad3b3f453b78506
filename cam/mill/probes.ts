/**
 * Probe points of the mill verifier: points whose lowest cut Z is tracked exactly, move by
 * move, from the tool's radius (flat tools) or its cone (drills), for the finished sizes the
 * height map's grid cannot resolve (a hole's wall, a pocket's wall, the outline); and the
 * point sets it places them on. Units: mm, work coordinates.
 */
import { boundsOf, offsetPolygons, pointInPolygon, signedArea } from '../geometry/polygon.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';
import type { Point3 } from '../gcode/events.ts';

/** Points whose lowest cut Z is tracked exactly. */
export class Probes {
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

/** Whether a point lies inside a region of outer boundaries (CCW) and holes (CW). */
export function insideRegion(point: Point2, region: Polygon[]): boolean {
  let winding = 0;
  for (const polygon of region)
    if (pointInPolygon(point, polygon) === 'inside') winding += signedArea(polygon) > 0 ? 1 : -1;
  return winding > 0;
}

/** Points along the boundaries of polygons at most `step` apart. */
export function boundaryPoints(polygons: Polygon[], step: number, limit = 4000): Point2[] {
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
export function gridPoints(region: Polygon[], limit = 400): Point2[] {
  if (region.length === 0) return [];
  const b = boundsOf(region);
  const step = Math.max(0.25, Math.sqrt(((b.maxX - b.minX) * (b.maxY - b.minY)) / limit));
  const points: Point2[] = [];
  for (let y = b.minY + step / 2; y < b.maxY; y += step)
    for (let x = b.minX + step / 2; x < b.maxX; x += step)
      if (insideRegion({ x, y }, region)) points.push({ x, y });
  return points;
}

/** What the probes are placed for: the part's outline, tolerance, block, holes and pockets. */
export interface ProbedPart {
  outline: Polygon;
  toleranceMm: number;
  stock: { xMm: number; yMm: number; origin: { x: number; y: number } };
  holes: readonly {
    center: Point2;
    diameterMm: number;
    tapDepthMm?: number;
  }[];
  pockets: readonly { region: Polygon[] }[];
}

/**
 * The probes of a part, each at the tolerance from a boundary it checks: just outside the
 * outline (must be cut through) and just inside it (must not be cut), at each hole's centre (its
 * depth), just inside its wall (its size) and just outside (not too large; none for tapped
 * holes, whose tap cuts beyond the tap drill), a tapped hole's centre on a probe only taps cut,
 * and over each pocket's floor, just inside its walls (its size) and just outside (not cut too
 * far). Walls are probed only inside the part's outline: a feature open to the part's edge has
 * no wall beyond it.
 * @param extents - where each feature (holes, then pockets) lets the part be cut, to keep the
 *   outline's inner probes off them
 */
export function placeProbes<Part extends ProbedPart>(
  part: Part,
  stockTop: number,
  extents: Polygon[][],
) {
  const tolerance = part.toleranceMm;
  const probes = new Probes(stockTop);
  const tapProbes = new Probes(stockTop);
  const { stock } = part;
  const stockRect: Polygon = [
    { x: stock.origin.x, y: stock.origin.y },
    { x: stock.origin.x + stock.xMm, y: stock.origin.y },
    { x: stock.origin.x + stock.xMm, y: stock.origin.y + stock.yMm },
    { x: stock.origin.x, y: stock.origin.y + stock.yMm },
  ];
  const inStock = (point: Point2) => pointInPolygon(point, stockRect) === 'inside';
  const partInside = offsetPolygons([part.outline], -tolerance);
  const inPart = (point: Point2) => insideRegion(point, partInside);
  const grown = extents.map((region) => offsetPolygons(region, 2 * tolerance + 0.05));
  const nearFeature = (point: Point2) => grown.some((region) => insideRegion(point, region));
  const outlineOutside = boundaryPoints(offsetPolygons([part.outline], tolerance), 0.5)
    .filter(inStock)
    .map((point) => ({ point, index: probes.add(point) }));
  const outlineInside = boundaryPoints(offsetPolygons([part.outline], -tolerance), 0.5)
    .filter((point) => !nearFeature(point))
    .map((point) => ({ point, index: probes.add(point) }));
  const ring = (center: Point2, radius: number, count = 8) =>
    Array.from({ length: count }, (_, k) => ({
      x: center.x + radius * Math.cos((2 * Math.PI * k) / count + 0.1),
      y: center.y + radius * Math.sin((2 * Math.PI * k) / count + 0.1),
    }));
  const holeProbes = part.holes.map((hole: Part['holes'][number]) => ({
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
            .filter(
              (point) =>
                inPart(point) && !part.pockets.some((pocket) => insideRegion(point, pocket.region)),
            )
            .map((point) => probes.add(point)),
  }));
  const pocketProbes = part.pockets.map((pocket: Part['pockets'][number]) => {
    const nearHole = (point: Point2) =>
      part.holes.some(
        (hole) =>
          Math.hypot(point.x - hole.center.x, point.y - hole.center.y) <
          hole.diameterMm / 2 + 2 * tolerance,
      );
    const inOther = (point: Point2) =>
      part.pockets.some(
        (other) => other !== pocket && insideRegion(point, offsetPolygons(other.region, tolerance)),
      );
    const inside = offsetPolygons(pocket.region, -tolerance);
    return {
      pocket,
      floor: gridPoints(inside, 200)
        .filter((point) => !nearHole(point))
        .map((point) => probes.add(point)),
      // Just inside the walls: material left there means the feature is undersize.
      inner: boundaryPoints(inside, 0.25, 1600).map((point) => probes.add(point)),
      // Just outside: cut there means a wall is cut too far.
      walls: boundaryPoints(offsetPolygons(pocket.region, tolerance), 0.5, 800)
        .filter((point) => inPart(point) && !nearHole(point) && !inOther(point))
        .map((point) => probes.add(point)),
    };
  });
  return { probes, tapProbes, outlineOutside, outlineInside, holeProbes, pocketProbes };
}
