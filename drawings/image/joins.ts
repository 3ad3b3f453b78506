/**
 * Line work of a raster put back together (vectorize.ts): lines that continue across
 * junctions and crossings joined again, where the ink between them says they are one stroke
 * (arcs of one circle are joined in circles.ts). Pixels, y down.
 */
import type { Point } from '../geometry/primitives.ts';
import type { Line } from './types.ts';
import { add, cross, dist, dot, sub, unit } from '../geometry/plane.ts';
import { COLLINEAR_PX, COLLINEAR_RAD, LINE_TOL_PX, fitLine } from './fitting.ts';

// ——— Joining ———

/** Share of the points between a and b (every half pixel) that are ink. */
export function inkedShare(ink: Uint8Array, w: number, h: number, a: Point, b: Point): number {
  const steps = Math.max(1, Math.ceil(dist(a, b) * 2));
  let inked = 0;
  for (let k = 0; k <= steps; k++) {
    const x = Math.floor(a.x + ((b.x - a.x) * k) / steps);
    const y = Math.floor(a.y + ((b.y - a.y) * k) / steps);
    if (x >= 0 && y >= 0 && x < w && y < h && ink[y * w + x]) inked++;
  }
  return inked / (steps + 1);
}

export class UnionFind {
  private readonly parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]!]!;
      i = this.parent[i]!;
    }
    return i;
  }
  union(a: number, b: number): void {
    this.parent[this.find(a)] = this.find(b);
  }
}

/** Ends of lines in square cells of `cell` px, for finding the lines whose ends are near a point. */
export function endGrid(lines: Line[], cell: number) {
  const grid = new Map<string, { line: number; end: 'a' | 'b' }[]>();
  const key = (x: number, y: number) => `${x},${y}`;
  lines.forEach((line, index) => {
    for (const end of ['a', 'b'] as const) {
      const p = line[end];
      const k = key(Math.floor(p.x / cell), Math.floor(p.y / cell));
      const list = grid.get(k) ?? [];
      list.push({ line: index, end });
      grid.set(k, list);
    }
  });
  return (p: Point, radius: number) => {
    const out: { line: number; end: 'a' | 'b' }[] = [];
    const r = Math.ceil(radius / cell);
    const cx = Math.floor(p.x / cell);
    const cy = Math.floor(p.y / cell);
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++) out.push(...(grid.get(key(cx + dx, cy + dy)) ?? []));
    return out;
  };
}

/**
 * Whether two lines lie on one straight line: the shorter one's ends within `tolPx` (or 0.4 of
 * the thinner width) of the longer one's line, their directions within `maxRad` — or more for a
 * short line, whose direction the skeleton bends near a junction: up to what 2 px across its
 * length give.
 */
export function collinear(p: Line, q: Line, tolPx = COLLINEAR_PX, maxRad = COLLINEAR_RAD): boolean {
  const [long, short] = dist(p.a, p.b) >= dist(q.a, q.b) ? [p, q] : [q, p];
  const ul = unit(long.a, long.b);
  const us = unit(short.a, short.b);
  const angle = Math.max(maxRad, Math.atan2(2, dist(short.a, short.b)));
  if (Math.abs(cross(ul, us)) > Math.sin(Math.min(angle, (15 * Math.PI) / 180))) return false;
  const tol = Math.max(tolPx, 0.4 * Math.min(p.widthPx, q.widthPx));
  const off = (point: Point) => Math.abs(cross(ul, sub(point, long.a)));
  return off(short.a) <= tol && off(short.b) <= tol;
}

/**
 * Joins lines broken where other lines cross or meet them: collinear, of like width, with ends
 * within `reach` px and ink all the way between them.
 */
export function joinLines(
  lines: Line[],
  ink: Uint8Array,
  w: number,
  h: number,
  reach: number,
): Line[] {
  const near = endGrid(lines, Math.max(8, reach));
  const sets = new UnionFind(lines.length);
  lines.forEach((line, i) => {
    for (const end of ['a', 'b'] as const) {
      for (const other of near(line[end], reach)) {
        if (other.line <= i) continue;
        const q = lines[other.line]!;
        const p = q[other.end];
        if (dist(p, line[end]) > reach) continue;
        const ratio =
          Math.max(line.widthPx, q.widthPx) / Math.max(0.5, Math.min(line.widthPx, q.widthPx));
        if (ratio > 1.5 || !collinear(line, q)) continue;
        if (inkedShare(ink, w, h, line[end], p) < 0.9) continue;
        sets.union(i, other.line);
      }
    }
  });
  const groups = new Map<number, Line[]>();
  lines.forEach((line, i) => {
    const root = sets.find(i);
    const list = groups.get(root) ?? [];
    list.push(line);
    groups.set(root, list);
  });
  const out: Line[] = [];
  for (const group of groups.values()) {
    if (group.length === 1) {
      out.push(group[0]!);
      continue;
    }
    const pixels = group.flatMap((line) => line.pixels);
    const fit = fitLine(pixels);
    if (fit.maxDev > 1.5 * LINE_TOL_PX + 1) {
      out.push(...group);
      continue;
    }
    let lo = { t: Infinity, free: false };
    let hi = { t: -Infinity, free: false };
    for (const line of group)
      for (const [p, free] of [
        [line.a, line.freeA],
        [line.b, line.freeB],
      ] as const) {
        const t = dot(sub(p, fit.c), fit.u);
        if (t < lo.t) lo = { t, free };
        if (t > hi.t) hi = { t, free };
      }
    let widthSum = 0;
    let lengthSum = 0;
    for (const line of group) {
      const l = dist(line.a, line.b);
      widthSum += line.widthPx * l;
      lengthSum += l;
    }
    out.push({
      a: add(fit.c, fit.u, lo.t),
      b: add(fit.c, fit.u, hi.t),
      pixels,
      freeA: lo.free,
      freeB: hi.free,
      widthPx: lengthSum > 0 ? widthSum / lengthSum : group[0]!.widthPx,
    });
  }
  return out;
}
