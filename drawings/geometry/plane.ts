/**
 * Plane vector helpers on points (any unit): the vectorizer's pixels, a page's points.
 */
import type { Point } from './primitives.ts';

export const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
export const add = (a: Point, b: Point, k = 1): Point => ({ x: a.x + k * b.x, y: a.y + k * b.y });
export const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y;
export const cross = (a: Point, b: Point) => a.x * b.y - a.y * b.x;
export const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
export const unit = (a: Point, b: Point): Point => {
  const l = dist(a, b) || 1;
  return { x: (b.x - a.x) / l, y: (b.y - a.y) / l };
};
/** Distance from `p` to the segment from `a` to `b` (to `a` when the two coincide). */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t =
    length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}
export const normalOf = (u: Point): Point => ({ x: -u.y, y: u.x });
export const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const s = [...values].sort((p, q) => p - q);
  return s[s.length >> 1]!;
};
