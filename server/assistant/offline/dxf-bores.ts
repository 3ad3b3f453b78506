/**
 * Bores of a turned part's side view: a second, inner outline (visible in a section, or drawn
 * with hidden lines). Works in axis coordinates (x along the axis, y from it), mm.
 */
import type { Primitive } from './dxf-geometry.ts';
import { isParallel } from './dxf-axis.ts';
import { maxOf, minOf } from './dxf-shapes.ts';

const TOL = 0.005;

/**
 * Bores: lines parallel to the axis inside the silhouette (visible in a section, or hidden)
 * that reach an end face. A visible line that ends at a solid end face is a cosmetic line
 * (a thread's minor diameter), not a bore.
 */
export function findBores(
  framed: Primitive[],
  hidden: Primitive[],
  outerRadiusAt: (u: number) => number,
  uMin: number,
  uMax: number,
): { diameterMm: number; u0: number; u1: number; through: boolean }[] {
  const reach = 0.02 * (uMax - uMin) + TOL;
  const candidates = [
    ...framed.map((p) => ({ p, hidden: false })),
    ...hidden.map((p) => ({ p, hidden: true })),
  ].filter(({ p }) => {
    if (p.kind !== 'line' || !isParallel(p)) return false;
    const v = (p.a.y + p.b.y) / 2;
    const u = (p.a.x + p.b.x) / 2;
    return v > TOL && v < outerRadiusAt(u) - TOL;
  });
  const byRadius = new Map<number, { u0: number; u1: number; hidden: boolean }[]>();
  for (const { p, hidden: isHidden } of candidates) {
    if (p.kind !== 'line') continue;
    const key = Math.round(((p.a.y + p.b.y) / 2) * 100) / 100;
    byRadius.set(key, [
      ...(byRadius.get(key) ?? []),
      { u0: Math.min(p.a.x, p.b.x), u1: Math.max(p.a.x, p.b.x), hidden: isHidden },
    ]);
  }
  const solidFaceAt = (u: number, radius: number) =>
    framed.some(
      (p) =>
        p.kind === 'line' &&
        Math.abs(p.a.x - u) < reach &&
        Math.abs(p.b.x - u) < reach &&
        Math.min(p.a.y, p.b.y) <= TOL &&
        Math.max(p.a.y, p.b.y) >= radius - TOL,
    );
  const bores: { diameterMm: number; u0: number; u1: number; through: boolean }[] = [];
  for (const [radius, spans] of byRadius) {
    const u0 = minOf(spans.map((s) => s.u0));
    const u1 = maxOf(spans.map((s) => s.u1));
    const opensAtMin = u0 - uMin <= reach;
    const opensAtMax = uMax - u1 <= reach;
    if (!opensAtMin && !opensAtMax) continue;
    const hiddenOnly = spans.every((s) => s.hidden);
    const endFace = opensAtMin ? uMin : uMax;
    if (!hiddenOnly && solidFaceAt(endFace, radius)) continue;
    bores.push({
      diameterMm: 2 * radius,
      u0: opensAtMin ? uMin : u0,
      u1: opensAtMax ? uMax : u1,
      through: opensAtMin && opensAtMax,
    });
  }
  return bores.sort((a, b) => b.diameterMm - a.diameterMm);
}
