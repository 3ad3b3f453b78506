/**
 * Turning and boring passes planned against the part as a region and the tool's real shape
 * (cam/lathe/section.ts): roughing in levels over the whole length, each level ending where
 * the tool would touch the part plus its finishing allowance, then one pass along that boundary
 * so the finishing pass meets an even allowance; finishing along the boundary of the part
 * itself, the nose radius compensated by the tool's shape.
 *
 * Moves are in work coordinates: X a diameter, Z from the finished free-end face, mm.
 */
import { offsetPolygons } from '../geometry/polygon.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';
import type { Move } from './program.ts';
import type { Chain } from './section.ts';
import { boundaryChain, chainBetween, forbiddenRegion, passEnd } from './section.ts';

const round = (value: number) => Math.round(value * 1000) / 1000;
const rapid = (radius: number, z: number): Move => ({
  kind: 'rapid',
  x: round(2 * radius),
  z: round(z),
});
const feedTo = (radius: number, z: number, f: number): Move => ({
  kind: 'feed',
  x: round(2 * radius),
  z: round(z),
  feed: f,
});

/** Where a pass may start and how a tool leaves. */
export interface PassSetup {
  /** Z in front of the free-end face where passes start, mm. */
  clearZ: number;
  /** Pull-off at 45° after each pass, on the radius, mm. */
  pullOffMm: number;
}

/**
 * The chain up to where it first leaves the stock: above `limit` for an upper chain (the bar's
 * radius: a wall rising there cuts nothing), below it for a lower one (the drilled radius).
 */
function within(chain: Chain, limit: number, side: 'upper' | 'lower'): Chain {
  const outside = (y: number) => (side === 'upper' ? y > limit + 1e-6 : y < limit - 1e-6);
  const index = chain.findIndex((point) => outside(point.y));
  if (index < 0) return chain;
  if (index === 0) return [];
  const a = chain[index - 1]!;
  const b = chain[index]!;
  const t = (limit - a.y) / (b.y - a.y);
  return [...chain.slice(0, index), { x: a.x + t * (b.x - a.x), y: limit }];
}

/** The reach of a tool over a region the tool must not enter. */
export function reachChain(keep: Polygon[], cutter: Polygon, side: 'upper' | 'lower'): Chain {
  return boundaryChain(forbiddenRegion(keep, cutter), side);
}

/**
 * The region grown by a finishing allowance, for roughing: sharp corners, so the allowance is as
 * thick right up to a shoulder's edge as anywhere on its diameter.
 */
export const withAllowance = (keep: Polygon[], allowanceMm: number): Polygon[] =>
  allowanceMm > 0 ? offsetPolygons(keep, allowanceMm, 0.002, 'miter') : keep;

/**
 * Rough an outside from the bar radius down to the chain: levels evenly spaced at most
 * `depthOfCutMm` apart, each pass toward the chuck from `setup.clearZ` until the chain, then a
 * pass along the chain from the free end to `endZ`.
 * @param chain - the upper reach chain of the roughing tool over the part plus its allowance
 * @returns the moves (feeds and rapids), starting and ending at a rapid above the bar
 */
export function roughOutsidePasses(
  chain: Chain,
  stockRadiusMm: number,
  depthOfCutMm: number,
  endZ: number,
  feed: number,
  setup: PassSetup,
): Move[] {
  const along = within(chainBetween(chain, setup.clearZ, endZ), stockRadiusMm, 'upper');
  if (along.length === 0) return [];
  const lowest = Math.min(...along.map((point) => point.y));
  const total = stockRadiusMm - lowest;
  if (total <= 1e-6) return [];
  const count = Math.max(1, Math.ceil(total / depthOfCutMm - 1e-9));
  const step = total / count;
  const moves: Move[] = [];
  const above = stockRadiusMm + setup.pullOffMm + 1;
  for (let level = 1; level < count; level += 1) {
    const y = stockRadiusMm - level * step;
    const end = Math.max(endZ, passEnd(chain, y, 'upper', setup.clearZ) ?? endZ);
    if (end > -0.01) continue;
    moves.push(
      rapid(y, setup.clearZ),
      feedTo(y, end, feed),
      feedTo(y + setup.pullOffMm, end + setup.pullOffMm, feed),
      rapid(y + setup.pullOffMm, setup.clearZ),
    );
  }
  moves.push(...profilePass(along, feed, setup, 'upper'), rapid(above, setup.clearZ));
  return moves;
}

/**
 * One pass along a chain (already cut to its Z range): in from the free end at the chain's first
 * height, along it, and off at 45°.
 */
function profilePass(
  along: Chain,
  feed: number,
  setup: PassSetup,
  side: 'upper' | 'lower',
): Move[] {
  const first = along[0]!;
  const last = along.at(-1)!;
  const away = side === 'upper' ? setup.pullOffMm : -setup.pullOffMm;
  const moves: Move[] = [rapid(first.y, setup.clearZ)];
  if (first.x < setup.clearZ - 1e-6) moves.push(feedTo(first.y, first.x, feed));
  for (const point of along.slice(1)) moves.push(feedTo(point.y, point.x, feed));
  moves.push(
    feedTo(last.y + away, last.x + setup.pullOffMm, feed),
    rapid(last.y + away, setup.clearZ),
  );
  return moves;
}

/**
 * Finish an outside along the chain from the free-end face to `endZ`: in along the face from
 * below the corner, along the chain, off at 45°.
 * @param chain - the upper reach chain of the finishing tool over the part
 */
export function finishOutsidePass(
  chain: Chain,
  endZ: number,
  feed: number,
  setup: PassSetup,
): Move[] {
  const along = chainBetween(chain, 0, endZ);
  if (along.length === 0) return [];
  const first = along[0]!;
  // Start 0.5 mm below the face's corner, on the faced end, and feed up into the corner.
  const start: Point2 = { x: first.x, y: Math.max(0, first.y - 0.5) };
  return [
    rapid(start.y, setup.clearZ),
    feedTo(start.y, start.x, feed),
    ...along.map((point) => feedTo(point.y, point.x, feed)),
    feedTo(along.at(-1)!.y + setup.pullOffMm, along.at(-1)!.x + setup.pullOffMm, feed),
    rapid(along.at(-1)!.y + setup.pullOffMm, setup.clearZ),
  ];
}

/**
 * The largest radius a bore chain reaches in the part (Z ≤ 0), mm: its vertices there and where
 * a segment crosses Z0 (a mouth chamfer's line runs from above the face into the bore, so no
 * vertex of it need lie at Z0).
 */
function highestInPart(chain: Chain): number {
  let highest = -Infinity;
  chain.forEach((point, index) => {
    if (point.x <= 0) highest = Math.max(highest, point.y);
    const next = chain[index + 1];
    if (next && point.x > 0 !== next.x > 0 && next.x !== point.x)
      highest = Math.max(highest, point.y + ((next.y - point.y) * -point.x) / (next.x - point.x));
  });
  return highest;
}

/**
 * Rough bores from the drilled radius up to the chain: levels evenly spaced at most
 * `depthOfCutMm` apart, each as deep as the chain lets the bar go, then one pass along the chain.
 * @param chain - the lower reach chain of the boring bar over the part's material plus allowance
 */
export function roughBorePasses(
  chain: Chain,
  drilledRadiusMm: number,
  depthOfCutMm: number,
  endZ: number,
  feed: number,
  setup: PassSetup,
): Move[] {
  const along = within(chainBetween(chain, setup.clearZ, endZ), drilledRadiusMm, 'lower');
  if (along.length === 0) return [];
  const highest = highestInPart(along);
  const total = highest - drilledRadiusMm;
  if (total <= 1e-6) return [];
  const count = Math.max(1, Math.ceil(total / depthOfCutMm - 1e-9));
  const step = total / count;
  const inside = Math.max(0, drilledRadiusMm - 0.5);
  const moves: Move[] = [rapid(inside, setup.clearZ)];
  for (let level = 1; level < count; level += 1) {
    const y = drilledRadiusMm + level * step;
    const end = Math.max(endZ, passEnd(chain, y, 'lower', setup.clearZ) ?? endZ);
    if (end > -0.01) continue;
    moves.push(
      rapid(y, setup.clearZ),
      feedTo(y, end, feed),
      feedTo(y - setup.pullOffMm, end + setup.pullOffMm, feed),
      rapid(y - setup.pullOffMm, setup.clearZ),
    );
  }
  // The pass along the chain starts at the mouth, where the chain is widest.
  const mouth = along.filter((point) => point.x <= setup.clearZ);
  moves.push(...profilePass(mouth, feed, setup, 'lower'), rapid(inside, setup.clearZ));
  return moves;
}

/**
 * Finish bores along the chain from the mouth to `endZ` (a blind bore's bottom down to the
 * drilled radius), and back out toward the axis.
 * @param chain - the lower reach chain of the boring bar over the part's material
 */
export function finishBorePass(
  chain: Chain,
  drilledRadiusMm: number,
  endZ: number,
  feed: number,
  setup: PassSetup,
): Move[] {
  const along = within(chainBetween(chain, 0, endZ), drilledRadiusMm, 'lower');
  if (along.length === 0) return [];
  const first = along[0]!;
  const start = first.y + 0.5;
  const last = along.at(-1)!;
  return [
    rapid(start, setup.clearZ),
    feedTo(start, first.x, feed),
    ...along.map((point) => feedTo(point.y, point.x, feed)),
    feedTo(Math.max(0, last.y - setup.pullOffMm), last.x + setup.pullOffMm, feed),
    rapid(Math.max(0, last.y - setup.pullOffMm), setup.clearZ),
  ];
}
