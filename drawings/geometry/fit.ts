/**
 * Fitting primitives to measured points (a PDF's flattened curves, a raster's skeleton).
 */
import type { Point } from './primitives.ts';

/**
 * The least-squares circle through points (algebraic fit: x² + y² + D·x + E·y + F = 0), or
 * undefined when they are (nearly) in a line.
 */
export function leastSquaresCircle(points: Point[]): { center: Point; radius: number } | undefined {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let suu = 0;
  let svv = 0;
  let suv = 0;
  let suuu = 0;
  let svvv = 0;
  let suvv = 0;
  let svuu = 0;
  for (const p of points) {
    const u = p.x - mx;
    const v = p.y - my;
    suu += u * u;
    svv += v * v;
    suv += u * v;
    suuu += u * u * u;
    svvv += v * v * v;
    suvv += u * v * v;
    svuu += v * u * u;
  }
  const det = suu * svv - suv * suv;
  if (Math.abs(det) < 1e-12) return undefined;
  const bu = (suuu + suvv) / 2;
  const bv = (svvv + svuu) / 2;
  const uc = (bu * svv - bv * suv) / det;
  const vc = (bv * suu - bu * suv) / det;
  const radius = Math.sqrt(uc * uc + vc * vc + (suu + svv) / n);
  return { center: { x: mx + uc, y: my + vc }, radius };
}
