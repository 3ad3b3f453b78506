/**
 * Arrowheads of a page's painted paths: small closed triangles (filled or outlined), the larger
 * slender triangles of section and view arrows, and open 'V's drawn as one path or as two short
 * strokes meeting at the tip. Page points, y down.
 */
import type { Point } from '../geometry/primitives.ts';
import { pathLength, type PagePath } from './paths.ts';

/** An arrowhead of a dimension or leader line: its tip and the direction it points (unit). */
export interface Arrow {
  tip: Point;
  direction: Point;
  /** Length from base to tip, points. */
  sizePt: number;
}

/** Largest arrowhead, points (about 6 mm; drawn arrowheads are 2.5–5 mm long). */
const ARROW_MAX_PT = 18;
/**
 * Largest arrowhead of a section or view arrow, points (about 16 mm): ISO 128-3 draws them
 * larger than dimension arrows, as slender closed triangles.
 */
const VIEW_ARROW_MAX_PT = 45;
/** Base of a slender arrowhead at most this share of its sides. */
const SLENDER_BASE = 0.4;

/** Distinct points of a path (consecutive repeats and the closing repeat removed). */
function corners(path: PagePath): Point[] {
  const out: Point[] = [];
  for (const p of path.points) {
    const last = out[out.length - 1];
    if (!last || Math.hypot(p.x - last.x, p.y - last.y) > 1e-3) out.push(p);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && Math.hypot(first.x - last.x, first.y - last.y) <= 1e-3)
    out.pop();
  return out;
}

/**
 * An arrowhead: a small closed triangle (filled or outlined) whose base is its shortest side, a
 * larger slender one (a section or view arrow, base at most 0.4 of its sides, up to 45 pt), or
 * an open 'V' of two equal strokes. Undefined for anything else.
 */
export function arrowOf(path: PagePath): Arrow | undefined {
  if (path.curves.length > 0) return undefined;
  const pts = corners(path);
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const size = Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  if (!(size > 0.5 && size <= VIEW_ARROW_MAX_PT)) return undefined;
  const closed = path.closed || path.paint !== 'stroke';
  if (size > ARROW_MAX_PT && !(closed && pts.length === 3)) return undefined;
  if (closed && pts.length === 3) {
    const sides = [0, 1, 2].map((i) => {
      const a = pts[(i + 1) % 3]!;
      const b = pts[(i + 2) % 3]!;
      return {
        opposite: pts[i]!,
        mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
        length: Math.hypot(a.x - b.x, a.y - b.y),
      };
    });
    sides.sort((s, t) => s.length - t.length);
    const [base, next] = sides as [(typeof sides)[0], (typeof sides)[0]];
    const most = size > ARROW_MAX_PT ? SLENDER_BASE : 0.75;
    if (base.length > most * next.length) return undefined;
    return arrowFrom(base.opposite, base.mid);
  }
  if (!closed && pts.length === 3) {
    const [a, tip, b] = pts as [Point, Point, Point];
    const la = Math.hypot(a.x - tip.x, a.y - tip.y);
    const lb = Math.hypot(b.x - tip.x, b.y - tip.y);
    const spread = Math.hypot(a.x - b.x, a.y - b.y);
    if (Math.abs(la - lb) > 0.2 * Math.max(la, lb) || spread > 0.9 * la) return undefined;
    return arrowFrom(tip, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  }
  return undefined;
}

function arrowFrom(tip: Point, base: Point): Arrow | undefined {
  const length = Math.hypot(tip.x - base.x, tip.y - base.y);
  if (length < 0.3) return undefined;
  return {
    tip,
    direction: { x: (tip.x - base.x) / length, y: (tip.y - base.y) / length },
    sizePt: length,
  };
}

/**
 * Arrowheads drawn as two short strokes meeting at the tip (an open 'V'), among the two-point
 * paths of a page. Returns the arrows and the paths they were made of.
 */
export function strokeArrows(paths: PagePath[]): { arrows: Arrow[]; used: Set<PagePath> } {
  const short = paths.filter(
    (p) => p.paint === 'stroke' && corners(p).length === 2 && pathLength(p.points) <= ARROW_MAX_PT,
  );
  const arrows: Arrow[] = [];
  const used = new Set<PagePath>();
  const key = (p: Point) => `${Math.round(p.x * 10)},${Math.round(p.y * 10)}`;
  const byEnd = new Map<string, { path: PagePath; tip: Point; wing: Point }[]>();
  for (const path of short) {
    const [a, b] = corners(path) as [Point, Point];
    for (const [tip, wing] of [
      [a, b],
      [b, a],
    ] as const) {
      const list = byEnd.get(key(tip)) ?? [];
      list.push({ path, tip, wing });
      byEnd.set(key(tip), list);
    }
  }
  const pairs = [...byEnd.values()].flatMap((list) =>
    list.flatMap((p, i) => list.slice(i + 1).map((q) => [p, q] as const)),
  );
  for (const [p, q] of pairs) {
    if (used.has(p.path) || used.has(q.path) || p.path === q.path) continue;
    const lp = Math.hypot(p.wing.x - p.tip.x, p.wing.y - p.tip.y);
    const lq = Math.hypot(q.wing.x - q.tip.x, q.wing.y - q.tip.y);
    const cos =
      ((p.wing.x - p.tip.x) * (q.wing.x - q.tip.x) + (p.wing.y - p.tip.y) * (q.wing.y - q.tip.y)) /
      (lp * lq || 1);
    // Wings of equal length at 4° to 70° to each other.
    if (
      Math.abs(lp - lq) > 0.3 * Math.max(lp, lq) ||
      cos < Math.cos((70 * Math.PI) / 180) ||
      cos > Math.cos((4 * Math.PI) / 180)
    )
      continue;
    const arrow = arrowFrom(p.tip, { x: (p.wing.x + q.wing.x) / 2, y: (p.wing.y + q.wing.y) / 2 });
    if (!arrow) continue;
    arrows.push(arrow);
    used.add(p.path).add(q.path);
  }
  return { arrows, used };
}
