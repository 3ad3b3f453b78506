/**
 * Arcs of a raster's line work put back together (vectorize.ts): arcs of one circle broken where
 * lines cross them joined into one arc, or made a full circle where the ink goes on all round;
 * full circles on one circle kept once. Pixels, y down.
 */
import type { Point } from '../geometry/primitives.ts';
import type { Arc } from './types.ts';
import { dist } from '../geometry/plane.ts';
import { arcFits, fitCircle } from './fitting.ts';
import { UnionFind } from './joins.ts';

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
 * Share of the circle about `center` of `radius` on ink from angle `from` to `to` (radians), the
 * short way round.
 */
type InkedAlong = (center: Point, radius: number, from: number, to: number) => number;

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
  const inkedAlong: InkedAlong = (center, radius, from, to) => {
    let span = normalAngle(to - from);
    if (span > Math.PI) span -= TWO_PI;
    return inkedOnArc(ink, w, h, center, radius, from, span, 0.5);
  };
  const whole = (center: Point, radius: number) => wholeCircleNear(center, radius, ink, w, h);
  const out: Arc[] = [];
  for (const group of arcsOfOneCircle(arcs, inkedAlong)) {
    if (group.length === 1 && Math.abs(group[0]!.sweepRad) >= TWO_PI - 1e-9) {
      out.push(group[0]!);
      continue;
    }
    for (const part of splitWhereNoCircleFits(group))
      out.push(...joinedGroup(part, inkedAlong, whole, minWholeRadiusPx));
  }
  return withoutRepeatedCircles(out);
}

/**
 * A set of arcs no one circle fits, split into sets of one circle each. Arcs of one circle are
 * joined pairwise, so a set can chain two close concentric circles (a bore 3 px inside a
 * counterbore's or a chamfer's edge) through an arc fitted between them where lines cross both.
 * Each set is the arcs whose pixels lie on the circle of the longest arc left (90 % within
 * 1.5 px + 2 % of its radius, as for joining, about that circle fitted again to them), less the
 * arcs farthest from it until one circle fits them; an arc on no longer arc's circle is a set of
 * its own.
 *
 * @param group - arcs joined as one circle's, pixels
 * @returns `[group]` when one circle fits its pixels (or it has under three arcs), else the sets
 */
function splitWhereNoCircleFits(group: Arc[]): Arc[][] {
  if (
    group.length < 3 ||
    groupCircle(
      group,
      group.flatMap((arc) => arc.pixels),
    )
  )
    return [group];
  let left = [...group].sort((p, q) => arcLength(q) - arcLength(p));
  const sets: Arc[][] = [];
  while (left.length > 0) {
    const seed = left[0]!;
    const onCircle = (center: Point, radius: number) =>
      left.filter(
        (arc) => arc === seed || pixelsOnCircle(arc, center, radius, 1.5 + 0.02 * radius) >= 0.9,
      );
    let members = onCircle(seed.center, seed.radius);
    const refitted = fitCircle(members.flatMap((arc) => arc.pixels));
    if (refitted) members = onCircle(refitted.center, refitted.radius);
    // Arcs between two circles lie within the tolerance of both: the one farthest from the
    // seed's circle leaves until one circle fits the rest.
    const off = (arc: Arc) =>
      arc.pixels.reduce((sum, p) => sum + Math.abs(dist(p, seed.center) - seed.radius), 0) /
      Math.max(1, arc.pixels.length);
    while (
      members.length > 1 &&
      !groupCircle(
        members,
        members.flatMap((arc) => arc.pixels),
      )
    ) {
      const farthest = members
        .filter((arc) => arc !== seed)
        .reduce((a, b) => (off(b) > off(a) ? b : a));
      members = members.filter((arc) => arc !== farthest);
    }
    sets.push(members);
    left = left.filter((arc) => !members.includes(arc));
  }
  return sets;
}

/**
 * The arcs in sets of one circle each: two arcs are of one circle when their centres and radii
 * agree (or the shorter one's pixels lie on the longer one's circle) and the circle is inked
 * between two of their ends.
 */
function arcsOfOneCircle(arcs: Arc[], inkedAlong: InkedAlong): Arc[][] {
  const sets = new UnionFind(arcs.length);
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
  return [...groups.values()];
}

/**
 * The circle the pixels of a set of arcs lie on, when it fits as an arc does: fitted to all of
 * them, or to those on the longest arc's circle when most are.
 */
function groupCircle(group: Arc[], pixels: Point[]): ReturnType<typeof fitCircle> {
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
  return fitted && fits(fitted) ? fitted : undefined;
}

/** Marks the whole degrees from angle `from` turning `sweep` (radians, either way) as covered. */
function markCovered(covered: Uint8Array, from: number, sweep: number): void {
  const start = sweep >= 0 ? from : from + sweep;
  const steps = Math.ceil((Math.abs(sweep) * 180) / Math.PI) + 1;
  for (let k = 0; k <= steps; k++)
    covered[
      Math.floor((normalAngle(start + (Math.abs(sweep) * k) / steps) * 180) / Math.PI) % 360
    ] = 1;
}

/** The stretches of whole degrees no arc covers, each from its first degree. */
function uncovered(covered: Uint8Array): { start: number; length: number }[] {
  const out: { start: number; length: number }[] = [];
  for (let s = 0; s < 360; s++) {
    if (covered[s] || !covered[(s + 359) % 360]) continue;
    let l = 0;
    while (l < 360 && !covered[(s + l) % 360]) l++;
    out.push({ start: s, length: l });
  }
  return out;
}

/**
 * One set of arcs of one circle as one arc, or as a full circle; the set itself when no circle
 * fits its pixels.
 */
function joinedGroup(
  group: Arc[],
  inkedAlong: InkedAlong,
  wholeNear: (center: Point, radius: number) => { center: Point; radius: number } | undefined,
  minWholeRadiusPx: number,
): Arc[] {
  const pixels = group.flatMap((arc) => arc.pixels);
  const fitted = groupCircle(group, pixels);
  if (!fitted) return group;
  let circle = fitted;
  // Covered degrees: each arc's span, and the inked gaps between them.
  const covered = new Uint8Array(360);
  const mark = (from: number, sweep: number) => markCovered(covered, from, sweep);
  for (const arc of group) mark(arc.startRad, arc.sweepRad);
  const ends = group
    .flatMap((arc) => [arc.startRad, arc.startRad + arc.sweepRad])
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
  const coveredDeg = covered.reduce((sum, c) => sum + c, 0);
  // A circle whose ink goes on all round is whole, however little of it the skeleton kept as
  // arcs: a hole with a diameter leader across it and its two arrowheads on it keeps only a
  // quarter or two as arcs, the rest fitted to the leader's and the centre lines' pixels (and
  // those arcs' own fits bent by the crossings: the circle is looked for near them).
  const minRadius = Math.max(WHOLE_CIRCLE_MIN_RADIUS_PX, minWholeRadiusPx);
  // The fitted radius may be a quarter short of the circle's (the search's reach).
  if (coveredDeg >= WHOLE_CIRCLE_MIN_ARC_DEG && circle.radius >= 0.75 * minRadius) {
    const whole = wholeNear(circle.center, circle.radius);
    if (whole && whole.radius >= minRadius) {
      circle = { ...circle, center: whole.center, radius: whole.radius };
      covered.fill(1);
    }
  }
  // Stretches no arc covers: each one inked along the circle, on a circle mostly covered, is
  // where other lines cross it (a leader and its arrowhead, a centre mark) and the skeleton
  // fitted its pixels elsewhere.
  if (coveredDeg >= CROSSED_CIRCLE_COVERED_DEG)
    for (const { start, length } of uncovered(covered)) {
      const from = (start * Math.PI) / 180;
      const span = (length * Math.PI) / 180;
      if (inkedAlong(circle.center, circle.radius, from, from + span) >= 0.9) mark(from, span);
    }
  return [arcAroundGap(circle, covered, pixels)];
}

/** The largest uncovered stretch decides: under 10° a full circle, else the arc around it. */
function arcAroundGap(
  circle: { center: Point; radius: number },
  covered: Uint8Array,
  pixels: Point[],
): Arc {
  let bestStart = 0;
  let bestLength = 0;
  for (const { start, length } of uncovered(covered))
    if (length > bestLength) {
      bestLength = length;
      bestStart = start;
    }
  if (bestLength < 10) {
    return {
      center: circle.center,
      radius: circle.radius,
      startRad: 0,
      sweepRad: TWO_PI,
      pixels,
      widthPx: 0,
    };
  }
  const startDeg = (bestStart + bestLength) % 360;
  return {
    center: circle.center,
    radius: circle.radius,
    startRad: (startDeg * Math.PI) / 180,
    sweepRad: ((360 - bestLength) * Math.PI) / 180,
    pixels,
    widthPx: 0,
  };
}

/**
 * Arcs fitted to the pixels of a full circle where other lines cross it are that circle's; two
 * full circles on one (pieces of a crossed circle each made whole) are one, with both's pixels.
 * (`out` is changed: the repeated circles' pixels move to the first.)
 */
function withoutRepeatedCircles(out: Arc[]): Arc[] {
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
