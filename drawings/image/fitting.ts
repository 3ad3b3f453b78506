/**
 * Straight lines and circular arcs fitted to skeleton chains (vectorize.ts): total
 * least-squares lines, algebraic circles (geometry/fit.ts), and each chain split where it
 * leaves its fit. Pixels, y down.
 */
import type { Point } from '../geometry/primitives.ts';
import { leastSquaresCircle } from '../geometry/fit.ts';
import { add, cross, dist, dot, normalOf, sub } from '../geometry/plane.ts';
import type { Chain } from './skeleton.ts';
import type { Arc, Line } from './types.ts';

export const COLLINEAR_PX = 1.2;
/** Collinear: directions within this many radians, ends within this lateral distance (px). */
export const COLLINEAR_RAD = (2 * Math.PI) / 180;
/** An arc turns by at least this much (radians): flatter stretches are lines. */
export const ARC_MIN_SWEEP = (20 * Math.PI) / 180;
export const ARC_TOL_MAX_PX = 1.5;
export const ARC_TOL_SHARE = 0.01;
/** Circle tolerance: px plus a share of the radius, at most ARC_TOL_MAX_PX. */
export const ARC_TOL_PX = 0.9;
/** Straight-line tolerance of a skeleton chain, px (the skeleton of a thick line wobbles). */
export const LINE_TOL_PX = 1.1;
// ——— Fitting ———

export interface LineFit {
  c: Point;
  u: Point;
  maxDev: number;
}

/** Total least-squares line through pts[from..to]: centre, unit direction (first → last). */
export function fitLine(pts: Point[], from = 0, to = pts.length - 1): LineFit {
  const n = to - from + 1;
  let mx = 0;
  let my = 0;
  for (let i = from; i <= to; i++) {
    mx += pts[i]!.x;
    my += pts[i]!.y;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = from; i <= to; i++) {
    const dx = pts[i]!.x - mx;
    const dy = pts[i]!.y - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  let u = { x: Math.cos(angle), y: Math.sin(angle) };
  if (dot(sub(pts[to]!, pts[from]!), u) < 0) u = { x: -u.x, y: -u.y };
  const c = { x: mx, y: my };
  const nrm = normalOf(u);
  let maxDev = 0;
  for (let i = from; i <= to; i++) maxDev = Math.max(maxDev, Math.abs(dot(sub(pts[i]!, c), nrm)));
  return { c, u, maxDev };
}

/** Algebraic least-squares circle through pts[from..to] and its largest radial miss. */
export function fitCircle(
  pts: Point[],
  from = 0,
  to = pts.length - 1,
): { center: Point; radius: number; maxDev: number } | undefined {
  const fit = leastSquaresCircle(pts.slice(from, to + 1));
  if (!fit) return undefined;
  let maxDev = 0;
  for (let i = from; i <= to; i++)
    maxDev = Math.max(maxDev, Math.abs(dist(pts[i]!, fit.center) - fit.radius));
  return { ...fit, maxDev };
}

/** Signed turning of pts[from..to] around `center`, radians. */
export function sweepOf(pts: Point[], center: Point, from = 0, to = pts.length - 1): number {
  let sweep = 0;
  for (let i = from + 1; i <= to; i++) {
    let step =
      Math.atan2(pts[i]!.y - center.y, pts[i]!.x - center.x) -
      Math.atan2(pts[i - 1]!.y - center.y, pts[i - 1]!.x - center.x);
    if (step > Math.PI) step -= 2 * Math.PI;
    if (step < -Math.PI) step += 2 * Math.PI;
    sweep += step;
  }
  return sweep;
}

export const arcFits = (fit: { radius: number; maxDev: number } | undefined) =>
  !!fit &&
  fit.radius >= 1.5 &&
  fit.radius < 1e4 &&
  fit.maxDev <= Math.min(ARC_TOL_MAX_PX, ARC_TOL_PX + ARC_TOL_SHARE * fit.radius);

/** Whether pts[from..to] is one circular arc: it fits a circle and turns by 20° or more. */
export function isArc(pts: Point[], from: number, to: number): boolean {
  const fit = fitCircle(pts, from, to);
  return arcFits(fit) && Math.abs(sweepOf(pts, fit!.center, from, to)) >= ARC_MIN_SWEEP;
}

/**
 * Splits a chain into straight lines and circular arcs: a stretch that no line fits within
 * 1.1 px is tried as an arc, else split at its point farthest from its chord; neighbours that
 * fit one line (or one circle) together are joined again. Adjacent lines meet at their
 * intersection when they turn by 15° or more.
 */
export function splitChain(chain: Chain, bendPx = 0): { lines: Line[]; arcs: Arc[] } {
  let pts = chain.pixels;
  // A stretch's ends (a corner where it was split, a junction, an arrowhead taken out of the
  // line work) may bend toward the line that meets them.
  const straight = (i: number, j: number): LineFit | undefined =>
    straightFit(pts, i, j, bendPx, bendPx);
  if (chain.closed && pts.length >= 12) {
    const circle = fitCircle(pts);
    if (arcFits(circle) && Math.abs(sweepOf(pts, circle!.center)) > 1.9 * Math.PI)
      return {
        lines: [],
        arcs: [{ ...circle!, startRad: 0, sweepRad: 2 * Math.PI, pixels: pts, widthPx: 0 }],
      };
  }
  if (chain.closed) {
    // Start a loop at a corner (the pixel farthest from its middle), not inside a side.
    const cx = pts.reduce((sum, p) => sum + p.x, 0) / pts.length;
    const cy = pts.reduce((sum, p) => sum + p.y, 0) / pts.length;
    let far = 0;
    pts.forEach((p, k) => {
      if ((p.x - cx) ** 2 + (p.y - cy) ** 2 > (pts[far]!.x - cx) ** 2 + (pts[far]!.y - cy) ** 2)
        far = k;
    });
    const ring = pts.slice(0, -1);
    pts = [...ring.slice(far), ...ring.slice(0, far), ring[far]!];
  }
  type Span = { kind: 'line' | 'arc'; i: number; j: number };
  const spans: Span[] = [];
  const stack: [number, number][] = [[0, pts.length - 1]];
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    if (j - i < 2 || straight(i, j)) {
      spans.push({ kind: 'line', i, j });
      continue;
    }
    if (j - i >= 7 && withinStroke(pts, i, j, bendPx)) {
      spans.push({ kind: 'line', i, j });
      continue;
    }
    if (j - i >= 7 && isArc(pts, i, j)) {
      spans.push({ kind: 'arc', i, j });
      continue;
    }
    const a = pts[i]!;
    const chord = sub(pts[j]!, a);
    const length = Math.hypot(chord.x, chord.y);
    let k = (i + j) >> 1;
    let far = -1;
    for (let m = i + 1; m < j; m++) {
      const d = length > 1 ? Math.abs(cross(chord, sub(pts[m]!, a))) / length : dist(pts[m]!, a);
      if (d > far) {
        far = d;
        k = m;
      }
    }
    stack.push([k, j], [i, k]);
  }
  spans.sort((p, q) => p.i - q.i);
  // Join neighbours that fit one line or one circle.
  const joined: Span[] = [];
  for (const span of spans) {
    const before = joined[joined.length - 1];
    if (before && before.kind === span.kind) {
      const fits =
        span.kind === 'line' ? !!straight(before.i, span.j) : isArc(pts, before.i, span.j);
      if (fits) {
        before.j = span.j;
        continue;
      }
    }
    joined.push({ ...span });
  }
  const lines: Line[] = [];
  const arcs: Arc[] = [];
  let previous: { line: Line; fit: LineFit } | undefined;
  joined.forEach((span, index) => {
    const first = index === 0;
    const lastSpan = index === joined.length - 1;
    if (span.kind === 'arc') {
      const circle = fitCircle(pts, span.i, span.j)!;
      const start = Math.atan2(pts[span.i]!.y - circle.center.y, pts[span.i]!.x - circle.center.x);
      arcs.push({
        center: circle.center,
        radius: circle.radius,
        startRad: start,
        sweepRad: sweepOf(pts, circle.center, span.i, span.j),
        pixels: pts.slice(span.i, span.j + 1),
        widthPx: 0,
      });
      previous = undefined;
      return;
    }
    const fit = straight(span.i, span.j) ?? fitLine(pts, span.i, span.j);
    const project = (p: Point) => add(fit.c, fit.u, dot(sub(p, fit.c), fit.u));
    const line: Line = {
      a: project(pts[span.i]!),
      b: project(pts[span.j]!),
      pixels: pts.slice(span.i, span.j + 1),
      freeA: first && chain.freeStart,
      freeB: lastSpan && chain.freeEnd,
      widthPx: 0,
    };
    if (previous && Math.abs(cross(previous.fit.u, fit.u)) > Math.sin((15 * Math.PI) / 180)) {
      const corner = intersect(previous.fit, fit);
      if (corner && dist(corner, pts[span.i]!) <= 3) {
        previous.line.b = corner;
        line.a = corner;
      }
    }
    lines.push(line);
    previous = { line, fit };
    if (chain.closed && lastSpan && joined.length > 1 && joined[0]!.kind === 'line') {
      const firstFit = fitLine(pts, joined[0]!.i, joined[0]!.j);
      const corner = intersect(fit, firstFit);
      if (
        corner &&
        Math.abs(cross(fit.u, firstFit.u)) > Math.sin((15 * Math.PI) / 180) &&
        dist(corner, pts[span.j]!) <= 3
      ) {
        line.b = corner;
        lines[0]!.a = corner;
      }
    }
  });
  return { lines, arcs };
}

/**
 * The line through pts[from..to] when it is straight: within LINE_TOL_PX of one line, or so once
 * the pixels within `bendStart` / `bendEnd` px of its ends are left out and those end pixels stay
 * within that distance of the line. The skeleton of a thick line bends toward a line that meets
 * it (a step's face at a corner, an arrowhead's tip on an edge) over about the line's half width:
 * without the allowance an edge between two such junctions bows and is taken for a flat arc.
 */
export function straightFit(
  pts: Point[],
  from: number,
  to: number,
  bendStart = 0,
  bendEnd = 0,
): LineFit | undefined {
  const whole = fitLine(pts, from, to);
  if (whole.maxDev <= LINE_TOL_PX) return whole;
  if (!(bendStart > 0 || bendEnd > 0)) return undefined;
  let i = from;
  while (i < to && bendStart > 0 && dist(pts[i]!, pts[from]!) < bendStart) i++;
  let j = to;
  while (j > i && bendEnd > 0 && dist(pts[j]!, pts[to]!) < bendEnd) j--;
  if (j - i < 2) return undefined;
  const inner = fitLine(pts, i, j);
  if (inner.maxDev > LINE_TOL_PX) return undefined;
  const nrm = normalOf(inner.u);
  const off = (k: number) => Math.abs(dot(sub(pts[k]!, inner.c), nrm));
  // The straight middle is long beside the bends (an arc's middle is not straight when it is):
  // beside the bends, or beside the hooks when the pixels leave the line only over the last two
  // pixels at each end (a short edge hooked toward a junction; a leg of 3 px or more square to
  // it is an edge of its own, which the allowance splits off).
  let hookStart = i;
  while (hookStart > from && off(hookStart - 1) <= 1) hookStart--;
  let hookEnd = j;
  while (hookEnd < to && off(hookEnd + 1) <= 1) hookEnd++;
  const hooks = Math.max(dist(pts[from]!, pts[hookStart]!), dist(pts[to]!, pts[hookEnd]!));
  const bends = hooks <= MAX_HOOK_PX ? Math.max(hooks, 1) : Math.max(bendStart, bendEnd);
  if (dist(pts[i]!, pts[j]!) < BEND_SHARE * bends) return undefined;
  for (let k = from; k < i; k++) if (off(k) > bendStart) return undefined;
  for (let k = j + 1; k <= to; k++) if (off(k) > bendEnd) return undefined;
  // The end's pixels off the line, from the last one on it (within a pixel) to the end.
  let first = i - 1;
  while (first > from && off(first) <= 1) first--;
  let last = j + 1;
  while (last < to && off(last) <= 1) last++;
  if (
    (i > from && off(from) > bendStart / 2 + 1 && isLeg(pts, from, first, inner.u)) ||
    (j < to && off(to) > bendEnd / 2 + 1 && isLeg(pts, last, to, inner.u))
  )
    return undefined;
  return inner;
}

/**
 * Whether pts[from..to], the pixels of a stretch's end off its line (direction `u`), are an edge
 * of their own rather than the skeleton bending toward a junction: straight and square to the
 * stretch (within 30°). Asked only of an end that leaves the line by more than half the bend
 * allowance and a pixel (more than the line's half width): a groove's 1 mm wall between its
 * floor and the shoulder beside it (6 px at 150 dpi) was taken for the bend and lost, and the
 * side view fell apart at the groove; a corner's skeleton, which rounds off diagonally, still
 * bends.
 */
function isLeg(pts: Point[], from: number, to: number, u: Point): boolean {
  if (to - from < 2) return false;
  const leg = fitLine(pts, from, to);
  return leg.maxDev <= LINE_TOL_PX && Math.abs(cross(leg.u, u)) >= Math.cos((30 * Math.PI) / 180);
}

/** A stretch that bows by no more than its stroke allows turns by less than this, radians. */
const FLAT_ARC_MAX_SWEEP = (30 * Math.PI) / 180;

/**
 * Whether pts[from..to], fitted as a circular arc, is a straight edge bowed by its junctions: it
 * turns by less than 30° and its sagitta (the arc's height over its chord) is within half the
 * widest stroke (`bendPx`). The skeleton of a thick edge bends toward each line that meets it
 * (an arrowhead's tip, a leader, a corner) over about the line's half width, so an edge cut short
 * between two such junctions bows by that much; a drawn arc that flat cannot be told from a line
 * at the raster's resolution, and a turned part's silhouette has straight edges there far more
 * often than large-radius curves (a fillet or a rounded end turns by 45° to 180°).
 */
function withinStroke(pts: Point[], from: number, to: number, bendPx: number): boolean {
  if (bendPx <= 0) return false;
  const fit = fitCircle(pts, from, to);
  if (!arcFits(fit)) return false;
  const sweep = Math.abs(sweepOf(pts, fit!.center, from, to));
  const sagitta = fit!.radius * (1 - Math.cos(sweep / 2));
  return sweep < FLAT_ARC_MAX_SWEEP && sagitta <= bendPx / 2;
}

/** A line's straight middle is at least this many times as long as the bends at its ends. */
const BEND_SHARE = 4;
/** An end that leaves its line over no more than this is hooked toward a junction, px. */
const MAX_HOOK_PX = 2;

/** Where two fitted lines cross (undefined when parallel). */
export function intersect(p: LineFit, q: LineFit): Point | undefined {
  const denominator = cross(p.u, q.u);
  if (Math.abs(denominator) < 1e-9) return undefined;
  const t = cross(sub(q.c, p.c), q.u) / denominator;
  return add(p.c, p.u, t);
}
