/**
 * Line work of a raster put back together (vectorize.ts): lines that continue across
 * junctions and crossings joined again, and arcs of one circle joined, where the ink between
 * them says they are one stroke. Pixels, y down.
 */
import type { Point } from '../geometry/primitives.ts';
import type { Arc, Line } from './vectorize.ts';
import { add, cross, dist, dot, sub, unit } from '../geometry/plane.ts';
import {
  COLLINEAR_PX,
  COLLINEAR_RAD,
  LINE_TOL_PX,
  arcFits,
  fitCircle,
  fitLine,
} from './fitting.ts';

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

export const TWO_PI = 2 * Math.PI;
/** A circle covered by its arcs over this many degrees is completed where its ink goes on. */
const CROSSED_CIRCLE_COVERED_DEG = 240;
/**
 * An arc of at least this many degrees whose circle is inked all round (this share of it, each
 * half on its own) is a whole circle.
 */
const WHOLE_CIRCLE_MIN_ARC_DEG = 40;
const WHOLE_CIRCLE_INKED = 0.95;
/**
 * Least radius of a circle made whole from its ink, px: the loops of digits OCR left unread
 * ('0', '6', '8' at 3–6 px) are inked all round too (Ø2.7 mm at 150 dpi).
 */
const WHOLE_CIRCLE_MIN_RADIUS_PX = 8;
export const normalAngle = (a: number) => ((a % TWO_PI) + TWO_PI) % TWO_PI;

/**
 * Joins arcs of one circle broken where lines cross them: centres and radii within 1.5 px
 * (+ 2 % of the radius) and ink along the circle between their ends. A circle its arcs cover over
 * 240° or more is covered too where the ink goes on along it (other lines cross it there, and the
 * arcs fitted to those pixels, mostly on the circle, are dropped). A circle covered all round
 * (but for less than 10°) becomes a full circle; so does one whose arcs cover 40° or more when a
 * circle near their fit, of radius at least `minWholeRadiusPx` (and 8 px), is inked all round
 * (wholeCircleNear). Full circles on one circle are kept once.
 */
export function joinArcs(
  arcs: Arc[],
  ink: Uint8Array,
  w: number,
  h: number,
  minWholeRadiusPx = 0,
): Arc[] {
  const sets = new UnionFind(arcs.length);
  const endsOf = (arc: Arc) => [arc.startRad, arc.startRad + arc.sweepRad];
  const inkedAlong = (center: Point, radius: number, from: number, to: number) => {
    let span = normalAngle(to - from);
    if (span > Math.PI) span -= TWO_PI;
    return inkedOnArc(ink, w, h, center, radius, from, span, 0.5);
  };
  for (let i = 0; i < arcs.length; i++)
    for (let j = i + 1; j < arcs.length; j++) {
      const p = arcs[i]!;
      const q = arcs[j]!;
      const tol = 1.5 + 0.02 * Math.max(p.radius, q.radius);
      // A short arc's own centre is poorly fitted: it is on the circle when its pixels are.
      const [long, short] = arcLength(p) >= arcLength(q) ? [p, q] : [q, p];
      const sameCircle =
        (dist(p.center, q.center) <= tol && Math.abs(p.radius - q.radius) <= tol) ||
        pixelsOnCircle(short, long.center, long.radius, tol) >= 0.9;
      if (!sameCircle) continue;
      // The gap between them is looked for on the longer arc's circle (a short arc's own
      // centre and radius are poorly fitted), at the angles of their ends seen from its centre.
      const { center, radius } = long;
      const gapMax = (3 * (4 + 0.1 * radius)) / radius;
      const seen = (arc: Arc) =>
        [arc.startRad, arc.startRad + arc.sweepRad].map((angle) =>
          Math.atan2(
            arc.center.y + arc.radius * Math.sin(angle) - center.y,
            arc.center.x + arc.radius * Math.cos(angle) - center.x,
          ),
        );
      const joined = seen(p).some((e) =>
        seen(q).some((f) => {
          let gap = Math.abs(normalAngle(e - f));
          gap = Math.min(gap, TWO_PI - gap);
          return gap <= gapMax && inkedAlong(center, radius, e, f) >= 0.9;
        }),
      );
      if (joined) sets.union(i, j);
    }
  const groups = new Map<number, Arc[]>();
  arcs.forEach((arc, i) => {
    const root = sets.find(i);
    groups.set(root, [...(groups.get(root) ?? []), arc]);
  });
  const out: Arc[] = [];
  for (const group of groups.values()) {
    if (group.length === 1 && Math.abs(group[0]!.sweepRad) >= TWO_PI - 1e-9) {
      out.push(group[0]!);
      continue;
    }
    const pixels = group.flatMap((arc) => arc.pixels);
    const fits = (c: ReturnType<typeof fitCircle>) =>
      c !== undefined && c !== null && arcFits({ radius: c.radius, maxDev: c.maxDev - 0.5 });
    let fitted = fitCircle(pixels);
    if (!fits(fitted)) {
      // A crossing line's pixels (a leader's arrowhead at the circle) taken into a short arc:
      // the circle is fitted to the pixels on the longest arc's circle, when most are.
      const long = group.reduce((a, b) => (arcLength(b) > arcLength(a) ? b : a));
      const tol = 1.5 + 0.02 * long.radius;
      const on = pixels.filter((p) => Math.abs(dist(p, long.center) - long.radius) <= tol);
      fitted = on.length >= 0.8 * pixels.length ? fitCircle(on) : undefined;
    }
    if (!fitted || !fits(fitted)) {
      out.push(...group);
      continue;
    }
    let circle = fitted;
    // Covered degrees: each arc's span, and the inked gaps between them.
    const covered = new Uint8Array(360);
    const mark = (from: number, sweep: number) => {
      const start = sweep >= 0 ? from : from + sweep;
      const steps = Math.ceil((Math.abs(sweep) * 180) / Math.PI) + 1;
      for (let k = 0; k <= steps; k++)
        covered[
          Math.floor((normalAngle(start + (Math.abs(sweep) * k) / steps) * 180) / Math.PI) % 360
        ] = 1;
    };
    for (const arc of group) mark(arc.startRad, arc.sweepRad);
    const ends = group
      .flatMap(endsOf)
      .map(normalAngle)
      .sort((p, q) => p - q);
    ends.forEach((e, k) => {
      const f = ends[(k + 1) % ends.length]!;
      const span = normalAngle(f - e);
      if (
        span * circle.radius <= 3 * (4 + 0.1 * circle.radius) &&
        inkedAlong(circle.center, circle.radius, e, e + span) >= 0.9
      )
        mark(e, span);
    });
    // Stretches no arc covers: each one inked along the circle, on a circle mostly covered, is
    // where other lines cross it (a leader and its arrowhead, a centre mark) and the skeleton
    // fitted its pixels elsewhere.
    const stretches = () => {
      const out: { start: number; length: number }[] = [];
      for (let s = 0; s < 360; s++) {
        if (covered[s] || !covered[(s + 359) % 360]) continue;
        let l = 0;
        while (l < 360 && !covered[(s + l) % 360]) l++;
        out.push({ start: s, length: l });
      }
      return out;
    };
    const coveredDeg = covered.reduce((sum, c) => sum + c, 0);
    // A circle whose ink goes on all round is whole, however little of it the skeleton kept as
    // arcs: a hole with a diameter leader across it and its two arrowheads on it keeps only a
    // quarter or two as arcs, the rest fitted to the leader's and the centre lines' pixels (and
    // those arcs' own fits bent by the crossings: the circle is looked for near them).
    const minRadius = Math.max(WHOLE_CIRCLE_MIN_RADIUS_PX, minWholeRadiusPx);
    // The fitted radius may be a quarter short of the circle's (the search's reach).
    if (coveredDeg >= WHOLE_CIRCLE_MIN_ARC_DEG && circle.radius >= 0.75 * minRadius) {
      const whole = wholeCircleNear(circle.center, circle.radius, ink, w, h);
      if (whole && whole.radius >= minRadius) {
        circle = { ...circle, center: whole.center, radius: whole.radius };
        covered.fill(1);
      }
    }
    if (coveredDeg >= CROSSED_CIRCLE_COVERED_DEG)
      for (const { start, length } of stretches()) {
        const from = (start * Math.PI) / 180;
        const span = (length * Math.PI) / 180;
        if (inkedAlong(circle.center, circle.radius, from, from + span) >= 0.9) mark(from, span);
      }
    // The largest uncovered stretch decides: under 10° a full circle, else the arc around it.
    let bestStart = 0;
    let bestLength = 0;
    for (const { start, length } of stretches())
      if (length > bestLength) {
        bestLength = length;
        bestStart = start;
      }
    if (bestLength < 10) {
      out.push({
        center: circle.center,
        radius: circle.radius,
        startRad: 0,
        sweepRad: TWO_PI,
        pixels,
        widthPx: 0,
      });
      continue;
    }
    const startDeg = (bestStart + bestLength) % 360;
    out.push({
      center: circle.center,
      radius: circle.radius,
      startRad: (startDeg * Math.PI) / 180,
      sweepRad: ((360 - bestLength) * Math.PI) / 180,
      pixels,
      widthPx: 0,
    });
  }
  // Arcs fitted to the pixels of a full circle where other lines cross it are that circle's; two
  // full circles on one (pieces of a crossed circle each made whole) are one, with both's pixels.
  const circles: Arc[] = [];
  for (const arc of out) {
    if (Math.abs(arc.sweepRad) < TWO_PI - 1e-9) continue;
    const tol = 1.5 + 0.02 * arc.radius;
    const same = circles.find(
      (c) => dist(c.center, arc.center) <= tol && Math.abs(c.radius - arc.radius) <= tol,
    );
    if (same) {
      same.pixels = [...same.pixels, ...arc.pixels];
      arc.pixels = [];
    } else circles.push(arc);
  }
  out.splice(0, out.length, ...out.filter((arc) => arc.pixels.length > 0 || !isFull(arc)));
  return out.filter(
    (arc) =>
      Math.abs(arc.sweepRad) >= TWO_PI - 1e-9 ||
      !circles.some((c) => pixelsOnCircle(arc, c.center, c.radius, 1.5 + 0.02 * c.radius) >= 0.8),
  );
}

/**
 * Share of an arc of a circle on ink: from angle `from` turning by `sweep` (radians, either
 * way), sampled every `stepPx` along it, both ends included.
 */
function inkedOnArc(
  ink: Uint8Array,
  w: number,
  h: number,
  center: Point,
  radius: number,
  from: number,
  sweep: number,
  stepPx: number,
): number {
  const steps = Math.max(1, Math.ceil((Math.abs(sweep) * radius) / stepPx));
  let inked = 0;
  for (let k = 0; k <= steps; k++) {
    const angle = from + (sweep * k) / steps;
    const x = Math.floor(center.x + radius * Math.cos(angle));
    const y = Math.floor(center.y + radius * Math.sin(angle));
    if (x >= 0 && y >= 0 && x < w && y < h && ink[y * w + x]) inked++;
  }
  return inked / (steps + 1);
}

/**
 * Share of a circle inked, the lower of its two halves, sampled every `stepPx` along it.
 */
function inkedAllRound(
  ink: Uint8Array,
  w: number,
  h: number,
  center: Point,
  radius: number,
  stepPx: number,
): number {
  return Math.min(
    inkedOnArc(ink, w, h, center, radius, 0, Math.PI, stepPx),
    inkedOnArc(ink, w, h, center, radius, Math.PI, Math.PI, stepPx),
  );
}

/**
 * The circle near a fitted one (centre within 6 px, radius within a quarter) that is inked all
 * round (WHOLE_CIRCLE_INKED of each half) with paper mostly on both sides of it (rings 4 px, or
 * 0.15 of the radius, inside and outside under half inked: a filled region is inked everywhere),
 * along the middle of its stroke, searched coarse
 * to fine down to 0.25 px. Undefined
 * when there is none, or when the fitted circle itself is under 15 % inked (nothing near it
 * is a circle: the search is not made).
 */
function wholeCircleNear(
  center: Point,
  radius: number,
  ink: Uint8Array,
  w: number,
  h: number,
): { center: Point; radius: number } | undefined {
  const offset = Math.max(4, 0.15 * radius);
  const ringAround = (c: Point, r: number) =>
    (r - offset > 1 ? inkedAllRound(ink, w, h, c, r - offset, 0.5) : 0) < 0.5 &&
    inkedAllRound(ink, w, h, c, r + offset, 0.5) < 0.5;
  // The fitted circle itself, when it is whole: not moved.
  if (inkedAllRound(ink, w, h, center, radius, 0.5) >= WHOLE_CIRCLE_INKED)
    return ringAround(center, radius) ? { center, radius } : undefined;
  if (inkedAllRound(ink, w, h, center, radius, 2) < 0.15) return undefined;
  // Ranked by the share inked on the circle and, half as much, 2 px inside and outside it: of
  // the circles a thick stroke inks all round, the one along its middle.
  let best = { score: 0, share: 0, center, radius };
  const search = (reach: number, radiusReach: number, step: number, stridePx: number) => {
    const { center: c0, radius: r0 } = best;
    best = { ...best, score: 0, share: 0 };
    for (let dr = -radiusReach; dr <= radiusReach + 1e-9; dr += step)
      for (let dy = -reach; dy <= reach + 1e-9; dy += step)
        for (let dx = -reach; dx <= reach + 1e-9; dx += step) {
          const c = { x: c0.x + dx, y: c0.y + dy };
          const r = r0 + dr;
          if (r < 3) continue;
          const share = inkedAllRound(ink, w, h, c, r, stridePx);
          if (share < best.share - 0.25) continue;
          const score =
            share +
            0.25 *
              (inkedAllRound(ink, w, h, c, r - 2, stridePx) +
                inkedAllRound(ink, w, h, c, r + 2, stridePx));
          if (score > best.score) best = { score, share, center: c, radius: r };
        }
  };
  // Coarse to fine: 2 px steps sampled every 3 px, 0.5 px every pixel, 0.25 px every half.
  search(6, 2 * Math.max(1, Math.round(0.125 * radius)), 2, 3);
  search(1.5, 1.5, 0.5, 1);
  search(0.5, 0.5, 0.25, 0.5);
  if (best.share < WHOLE_CIRCLE_INKED) return undefined;
  if (!ringAround(best.center, best.radius)) return undefined;
  return { center: best.center, radius: best.radius };
}

const isFull = (arc: Arc) => Math.abs(arc.sweepRad) >= TWO_PI - 1e-9;
const arcLength = (arc: Arc) => arc.radius * Math.abs(arc.sweepRad);

/** Share of an arc's pixels within `tol` of the circle about `center` of `radius`. */
function pixelsOnCircle(arc: Arc, center: Point, radius: number, tol: number): number {
  if (arc.pixels.length === 0) return 0;
  const near = arc.pixels.filter((p) => Math.abs(dist(p, center) - radius) <= tol).length;
  return near / arc.pixels.length;
}

/**
 * Line width classes, px: the modes of the length-weighted histogram of the lines' widths (on a
 * log scale, 5 % bins, smoothed) that carry at least 3 % of the length, each class the
 * length-weighted median of the widths between the histogram's lowest points around its mode.
 * Lines shorter than 4 widths (ends, specks) do not vote.
 */
