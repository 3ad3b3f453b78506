/**
 * The turned part in its half-section, and where a tool of a given shape can go.
 *
 * Plane: points are (x = Z, y = radius), mm, Z0 the finished free-end face, Z negative toward
 * the chuck. Regions are Clipper2 polygons (cam/geometry/polygon.ts), counter-clockwise.
 *
 * Reach: a tool whose cutting shape is T (relative to its control point, cam/lathe/cutters.ts)
 * touches a region K exactly when its control point lies in K ⊕ (−T), the Minkowski sum of K
 * and the reflected tool. For an external tool the upper boundary of that sum, followed from the
 * free end toward the chuck, is the lowest path its control point can take over K: the tool
 * nose compensated exactly, inside corners rounded by the nose, slopes the trailing edge cannot
 * follow left out. For a boring bar the lower boundary is the same from inside.
 */
import { minkowskiSum, signedArea } from '../geometry/polygon.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';

/** A boundary of a region as a path from the free end (high Z) toward the chuck. */
export type Chain = Point2[];

const reflect = (polygon: Polygon): Polygon =>
  polygon.map((point) => ({ x: -point.x, y: -point.y }));

/** Where the control point of a tool of shape `cutter` would touch `keep`: keep ⊕ (−cutter). */
export const forbiddenRegion = (keep: Polygon[], cutter: Polygon): Polygon[] =>
  minkowskiSum(keep, reflect(cutter));

/** The largest outer ring of a region (holes and slivers are ignored). */
function mainRing(region: Polygon[]): Polygon | undefined {
  let best: Polygon | undefined;
  let bestArea = 0;
  for (const ring of region) {
    const area = signedArea(ring);
    if (area > bestArea) {
      best = ring;
      bestArea = area;
    }
  }
  return best;
}

/**
 * The upper or lower boundary of a region, from its highest Z to its lowest.
 * @returns [] for an empty region
 */
export function boundaryChain(region: Polygon[], side: 'upper' | 'lower'): Chain {
  const ring = mainRing(region);
  if (!ring) return [];
  const better = (a: Point2, b: Point2, wantMaxX: boolean) => {
    if (Math.abs(a.x - b.x) > 1e-9) return wantMaxX ? a.x > b.x : a.x < b.x;
    return side === 'upper' ? a.y > b.y : a.y < b.y;
  };
  let right = 0;
  let left = 0;
  ring.forEach((point, index) => {
    if (better(point, ring[right]!, true)) right = index;
    if (better(point, ring[left]!, false)) left = index;
  });
  // Counter-clockwise, the top runs from the right end to the left end, the bottom from the left
  // end to the right end.
  const [from, to] = side === 'upper' ? [right, left] : [left, right];
  const chain: Point2[] = [];
  for (let index = from; ; index = (index + 1) % ring.length) {
    chain.push(ring[index]!);
    if (index === to) break;
  }
  return side === 'upper' ? chain : chain.reverse();
}

/**
 * The boundary's height at `z`: the highest point of the chain over `z` for an upper chain,
 * the lowest for a lower one; undefined outside the chain's Z range.
 */
export function chainAt(chain: Chain, z: number, side: 'upper' | 'lower'): number | undefined {
  let found: number | undefined;
  for (let index = 1; index < chain.length; index += 1) {
    const a = chain[index - 1]!;
    const b = chain[index]!;
    const high = Math.max(a.x, b.x);
    const low = Math.min(a.x, b.x);
    if (z > high + 1e-9 || z < low - 1e-9) continue;
    const y =
      high - low < 1e-9
        ? side === 'upper'
          ? Math.max(a.y, b.y)
          : Math.min(a.y, b.y)
        : a.y + ((b.y - a.y) * (z - a.x)) / (b.x - a.x);
    found = found === undefined ? y : side === 'upper' ? Math.max(found, y) : Math.min(found, y);
  }
  return found;
}

/**
 * Where a pass at height `y` toward the chuck first meets the chain: the highest Z at which an
 * upper chain rises to `y` (a lower chain falls to it), from `startZ` down.
 * @returns undefined when the pass never meets it
 */
export function passEnd(
  chain: Chain,
  y: number,
  side: 'upper' | 'lower',
  startZ = Infinity,
): number | undefined {
  const blocks = (value: number) => (side === 'upper' ? value >= y - 1e-9 : value <= y + 1e-9);
  for (let index = 0; index < chain.length; index += 1) {
    const b = chain[index]!;
    if (b.x > startZ + 1e-9) continue;
    if (blocks(b.y)) {
      const a = chain[index - 1];
      if (!a || a.x > startZ + 1e-9 || blocks(a.y) || Math.abs(b.y - a.y) < 1e-12)
        return Math.min(b.x, startZ);
      return a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y);
    }
  }
  return undefined;
}

/**
 * The piece of a chain between `fromZ` and `toZ` (fromZ > toZ), with interpolated ends.
 */
export function chainBetween(chain: Chain, fromZ: number, toZ: number): Chain {
  const result: Chain = [];
  for (let index = 0; index < chain.length; index += 1) {
    const point = chain[index]!;
    const before = chain[index - 1];
    const crossing = (z: number) =>
      before && ((before.x > z && point.x < z) || (before.x < z && point.x > z))
        ? { x: z, y: before.y + ((point.y - before.y) * (z - before.x)) / (point.x - before.x) }
        : undefined;
    const enter = crossing(fromZ);
    if (enter) result.push(enter);
    const leave = crossing(toZ);
    if (leave) {
      result.push(leave);
      break;
    }
    if (point.x <= fromZ + 1e-9 && point.x >= toZ - 1e-9) result.push(point);
    // The chain may rise or fall along a wall at toZ: stop at its first point there.
    if (point.x <= toZ + 1e-9) break;
  }
  return result.filter(
    (point, index) =>
      index === 0 ||
      Math.abs(point.x - result[index - 1]!.x) > 1e-7 ||
      Math.abs(point.y - result[index - 1]!.y) > 1e-7,
  );
}

/**
 * The region under a profile: the outline `top` (from the free end toward the chuck, x = Z,
 * y = radius) closed down to the axis. The first point's Z is the region's free end, the last
 * one's its chuck end.
 */
export function regionUnder(top: Point2[]): Polygon {
  const first = top[0]!;
  const last = top.at(-1)!;
  return [{ x: last.x, y: 0 }, { x: first.x, y: 0 }, ...top].filter(
    (point, index, all) =>
      index === 0 ||
      Math.abs(point.x - all[index - 1]!.x) > 1e-9 ||
      Math.abs(point.y - all[index - 1]!.y) > 1e-9,
  );
}

/**
 * The chain with coordinates within `toleranceMm` of an exact value moved onto it: Clipper keeps
 * 0.1 µm, so a diameter finished at the middle of its tolerance band would otherwise come out a
 * micron off in a 3-decimal program.
 * @param ys - exact heights (radii) the chain's level stretches lie on
 * @param xs - exact Z positions its faces lie on
 */
export function snapChain(chain: Chain, ys: number[], xs: number[], toleranceMm = 0.001): Chain {
  const snap = (value: number, exact: number[]) => {
    for (const candidate of exact) if (Math.abs(candidate - value) <= toleranceMm) return candidate;
    return value;
  };
  return chain.map((point) => ({ x: snap(point.x, xs), y: snap(point.y, ys) }));
}
