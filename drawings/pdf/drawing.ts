/**
 * Sorts the painted paths of a PDF page the way a reader of the drawing does: visible outlines
 * (the heaviest dark solid lines), centre lines (long dash–short dash), hidden lines (short
 * dashes), thin lines (dimension, extension and leader lines, hatching) and arrowheads. Curves
 * are fitted with circular arcs so circles stay circles. All in page points, y down.
 */
import type { ArcPrimitive, LinePrimitive, Point, Primitive } from '../geometry/primitives.ts';
import type { PagePath } from './paths.ts';
import { leastSquaresCircle } from '../geometry/fit.ts';

/** An arrowhead of a dimension or leader line: its tip and the direction it points (unit). */
export interface Arrow {
  tip: Point;
  direction: Point;
  /** Length from base to tip, points. */
  sizePt: number;
}

export interface PageDrawing {
  /** Visible outlines of the part (and frames, tables: the pipeline sets those aside). */
  part: Primitive[];
  centre: Primitive[];
  hidden: Primitive[];
  /** Thin solid lines: dimension, extension and leader lines, hatching. */
  thin: LinePrimitive[];
  arrows: Arrow[];
  /** Line width of the visible outlines, points (0 when the page has no lines). */
  outlineWidthPt: number;
}

const LAYER = 'pdf';
const TWO_PI = 2 * Math.PI;
/** Largest arrowhead, points (about 6 mm; drawn arrowheads are 2.5–5 mm long). */
const ARROW_MAX_PT = 18;
/**
 * Largest arrowhead of a section or view arrow, points (about 16 mm): ISO 128-3 draws them
 * larger than dimension arrows, as slender closed triangles.
 */
const VIEW_ARROW_MAX_PT = 45;
/** Base of a slender arrowhead at most this share of its sides. */
const SLENDER_BASE = 0.4;

function luminance(color: string): number {
  const value = Number.parseInt(color.slice(1), 16);
  if (!Number.isFinite(value)) return 0;
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Drawn in black or a dark colour: light grey is used for frames and white for masking. */
const isDark = (path: PagePath) => luminance(path.color) < 0.35;

function pathLength(points: Point[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) {
    length += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
  }
  return length;
}

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

/** A circle through three points, or undefined when they are (nearly) in a line. */
function circleThrough(
  a: Point,
  b: Point,
  c: Point,
): { center: Point; radius: number } | undefined {
  const d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y));
  if (Math.abs(d) < 1e-9) return undefined;
  const a2 = a.x * a.x + a.y * a.y;
  const b2 = b.x * b.x + b.y * b.y;
  const c2 = c.x * c.x + c.y * c.y;
  const center = {
    x: (a2 * (b.y - c.y) + b2 * (c.y - a.y) + c2 * (a.y - b.y)) / d,
    y: (a2 * (c.x - b.x) + b2 * (a.x - c.x) + c2 * (b.x - a.x)) / d,
  };
  return { center, radius: Math.hypot(a.x - center.x, a.y - center.y) };
}

const normal = (angle: number) => ((angle % TWO_PI) + TWO_PI) % TWO_PI;

/** The arc of `circle` from `first`, turning `sweep` radians (negative: clockwise). */
function arcFrom(
  circle: { center: Point; radius: number },
  first: Point,
  sweep: number,
): ArcPrimitive {
  const a0 = Math.atan2(first.y - circle.center.y, first.x - circle.center.x);
  const start = normal(sweep >= 0 ? a0 : a0 + sweep);
  return {
    kind: 'arc',
    center: circle.center,
    radius: circle.radius,
    startRad: start,
    endRad: start + Math.abs(sweep),
    layer: LAYER,
  };
}

/**
 * The arc through points (all within 1 % of one circle), counter-clockwise, or undefined. An open
 * arc's circle passes through its first, middle and last point, so that its ends are the drawn
 * ends (chains of outline stay joined); a closed one's through the first point and the points a
 * third and two thirds along.
 */
export function fitArc(points: Point[]): ArcPrimitive | undefined {
  if (points.length < 3) return undefined;
  const first = points[0]!;
  const n = points.length - 1;
  const last = points[n]!;
  const middle = points[Math.round(n / 2)]!;
  const open =
    Math.hypot(last.x - first.x, last.y - first.y) >=
    0.25 * Math.hypot(middle.x - first.x, middle.y - first.y);
  const circle = open
    ? circleThrough(first, middle, last)
    : circleThrough(first, points[Math.round(n / 3)]!, points[Math.round((2 * n) / 3)]!);
  if (!circle || circle.radius > 1e5) return undefined;
  const tol = 0.01 * circle.radius + 0.05;
  if (
    points.some(
      (p) =>
        Math.abs(Math.hypot(p.x - circle.center.x, p.y - circle.center.y) - circle.radius) > tol,
    )
  )
    return undefined;
  // Sum the turning of the points around the centre: its sign is the direction.
  let sweep = 0;
  for (let i = 1; i < points.length; i++) {
    const a0 = Math.atan2(points[i - 1]!.y - circle.center.y, points[i - 1]!.x - circle.center.x);
    const a1 = Math.atan2(points[i]!.y - circle.center.y, points[i]!.x - circle.center.x);
    let step = a1 - a0;
    if (step > Math.PI) step -= TWO_PI;
    if (step < -Math.PI) step += TWO_PI;
    sweep += step;
  }
  if (Math.abs(sweep) >= TWO_PI - 0.05) {
    return {
      kind: 'arc',
      center: circle.center,
      radius: circle.radius,
      startRad: 0,
      endRad: TWO_PI,
      layer: LAYER,
    };
  }
  return arcFrom(circle, first, sweep);
}

/**
 * Lines and arcs of one path: Bézier stretches become arcs where they fit a circle, a closed
 * polyline of many short sides all on one circle becomes a circle, the rest straight lines.
 */
export function primitivesOf(path: PagePath): Primitive[] {
  const pts = path.points;
  if (path.closed && pts.length >= 13 && path.curves.length === 0) {
    const circle = fitArc(pts);
    if (circle && circle.endRad - circle.startRad >= TWO_PI - 1e-9) return [circle];
  }
  if (path.curves.length === 0) {
    const whole = polylineCircle(pts);
    if (whole) return [whole];
  }
  const out: Primitive[] = [];
  const curveAt = new Map(path.curves.map((c) => [c.from, c.to]));
  let run: Point[] | undefined;
  const flushRun = () => {
    if (!run) return;
    const arc = fitArc(run);
    if (arc) out.push(arc);
    else
      out.push(
        ...run
          .slice(1)
          .map((b, i): LinePrimitive => ({ kind: 'line', a: run![i]!, b, layer: LAYER })),
      );
    run = undefined;
  };
  for (let i = 0; i + 1 < pts.length;) {
    const polyArc = path.curves.length === 0 ? polylineArcEnd(pts, i) : undefined;
    if (polyArc !== undefined) {
      flushRun();
      run = pts.slice(i, polyArc + 1);
      flushRun();
      i = polyArc;
      continue;
    }
    const to = curveAt.get(i);
    if (to !== undefined && to > i) {
      const chunk = pts.slice(i, to + 1);
      // Join with the previous curve stretch when both lie on one circle.
      if (run && fitArc([...run, ...chunk.slice(1)])) run = [...run, ...chunk.slice(1)];
      else {
        flushRun();
        run = chunk;
      }
      i = to;
      continue;
    }
    flushRun();
    const a = pts[i]!;
    const b = pts[i + 1]!;
    if (Math.hypot(b.x - a.x, b.y - a.y) > 1e-6) out.push({ kind: 'line', a, b, layer: LAYER });
    i++;
  }
  flushRun();
  return out;
}

/** Fewest points of a polyline read as one circle or arc as a whole. */
const MIN_CIRCLE_POINTS = 9;
/**
 * How far a polyline's points may lie off the circle fitted through them all: a share of the
 * radius plus the rounding of page coordinates (some programs write them to 0.1 pt).
 */
const CIRCLE_FIT_SHARE = 0.03;
const CIRCLE_FIT_PT = 0.08;

/**
 * A polyline without curves that is, as a whole, one circle or one arc drawn as short chords
 * (programs that write circles as polylines, with coordinates rounded): all points within 3 % of
 * the radius + 0.08 pt of the least-squares circle, every chord turning by less than 0.6 rad
 * and the points turning one way. A polyline that turns by 350° or more, or ends where it began,
 * is a full circle; one turning by 200° or more an arc from its first to its last point.
 * Undefined otherwise.
 */
function polylineCircle(pts: Point[]): ArcPrimitive | undefined {
  if (pts.length < MIN_CIRCLE_POINTS) return undefined;
  const circle = leastSquaresCircle(pts);
  if (!circle || circle.radius > 1e5) return undefined;
  const tol = CIRCLE_FIT_SHARE * circle.radius + CIRCLE_FIT_PT;
  const off = (p: Point) =>
    Math.abs(Math.hypot(p.x - circle.center.x, p.y - circle.center.y) - circle.radius);
  if (pts.some((p) => off(p) > tol)) return undefined;
  let sweep = 0;
  let sign = 0;
  for (let i = 1; i < pts.length; i++) {
    const p = pts[i - 1]!;
    const q = pts[i]!;
    if (Math.hypot(q.x - p.x, q.y - p.y) > 0.6 * circle.radius) return undefined;
    const a0 = Math.atan2(p.y - circle.center.y, p.x - circle.center.x);
    const a1 = Math.atan2(q.y - circle.center.y, q.x - circle.center.x);
    let step = a1 - a0;
    if (step > Math.PI) step -= TWO_PI;
    if (step < -Math.PI) step += TWO_PI;
    if (Math.abs(step) < 1e-9) continue;
    if (sign !== 0 && Math.sign(step) !== sign) return undefined;
    sign = Math.sign(step);
    sweep += step;
  }
  const first = pts[0]!;
  const last = pts[pts.length - 1]!;
  const ends = Math.hypot(last.x - first.x, last.y - first.y);
  const full =
    Math.abs(sweep) >= (350 / 180) * Math.PI || (ends <= tol && Math.abs(sweep) > Math.PI);
  if (full) {
    return {
      kind: 'arc',
      center: circle.center,
      radius: circle.radius,
      startRad: 0,
      endRad: TWO_PI,
      layer: LAYER,
    };
  }
  // Arcs of less than 200° (fillets, rounded ends joined to lines) keep the chord-wise fit,
  // whose ends are the drawn ends; longer ones stand alone (the 3/4 circle of a thread).
  if (Math.abs(sweep) < (200 / 180) * Math.PI) return undefined;
  return arcFrom(circle, first, sweep);
}

/** Points of a polyline's stretch that is one arc drawn as short chords. */
const MIN_ARC_CHORDS = 4;
const MAX_ARC_POINTS = 400;

/**
 * Where the arc that a polyline starts at point i ends (its last point index), when at least
 * four chords from i lie on one circle and each turns by less than 0.6 rad; else undefined.
 */
function polylineArcEnd(pts: Point[], i: number): number | undefined {
  if (pts.length - i < MIN_ARC_CHORDS + 1) return undefined;
  const fits = (j: number) => {
    const stretch = pts.slice(i, j + 1);
    const arc = fitArc(stretch);
    if (!arc) return false;
    return stretch.every((p, k) => {
      if (k === 0) return true;
      const q = stretch[k - 1]!;
      return Math.hypot(p.x - q.x, p.y - q.y) <= 0.6 * arc.radius;
    });
  };
  if (!fits(i + MIN_ARC_CHORDS)) return undefined;
  let end = i + MIN_ARC_CHORDS;
  while (end + 1 < pts.length && end + 1 - i < MAX_ARC_POINTS && fits(end + 1)) end++;
  return end;
}

/**
 * Arcs of one circle drawn as several paths, joined: where they cover the whole circle, one
 * full circle replaces them.
 */
export function joinCircles(primitives: Primitive[]): Primitive[] {
  const arcs = primitives.filter(
    (p): p is ArcPrimitive => p.kind === 'arc' && p.endRad - p.startRad < TWO_PI - 1e-9,
  );
  const used = new Set<Primitive>();
  const out: Primitive[] = [];
  for (const arc of arcs) {
    if (used.has(arc)) continue;
    const tol = 0.01 * arc.radius + 0.1;
    const same = arcs.filter(
      (other) =>
        !used.has(other) &&
        Math.hypot(other.center.x - arc.center.x, other.center.y - arc.center.y) <= tol &&
        Math.abs(other.radius - arc.radius) <= tol,
    );
    if (same.length < 2) continue;
    // Covered share of the circle, in one-degree steps.
    const steps = 360;
    let covered = 0;
    for (let k = 0; k < steps; k++) {
      const angle = (k + 0.5) * (TWO_PI / steps);
      if (same.some((a) => normal(angle - a.startRad) <= a.endRad - a.startRad + 0.02)) covered++;
    }
    // Arcs broken by centre marks or gaps of the drawing program: 350° or more is the circle.
    if (covered < 350) continue;
    same.forEach((a) => used.add(a));
    out.push({ ...arc, startRad: 0, endRad: TWO_PI });
  }
  return [...primitives.filter((p) => !used.has(p)), ...out];
}

/**
 * Arrowheads drawn as two short strokes meeting at the tip (an open 'V'), among the two-point
 * paths of a page. Returns the arrows and the paths they were made of.
 */
function strokeArrows(paths: PagePath[]): { arrows: Arrow[]; used: Set<PagePath> } {
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

/** Coordinates are rounded to this many points: equal coordinates written with float noise become equal. */
const GRID_PT = 0.01;
const onGrid = (v: number) => Math.round(v / GRID_PT) * GRID_PT;
const pointOnGrid = (p: Point): Point => ({ x: onGrid(p.x), y: onGrid(p.y) });

/** A primitive with its points on the 0.01 pt grid (slivers between near-equal lines vanish). */
function snapToGrid(p: Primitive): Primitive {
  return p.kind === 'line'
    ? { ...p, a: pointOnGrid(p.a), b: pointOnGrid(p.b) }
    : { ...p, center: pointOnGrid(p.center) };
}

/** Long dash – short dash (centre, phantom) rather than even short dashes (hidden). */
function isChain(dash: number[]): boolean {
  const marks = dash.filter((_, i) => i % 2 === 0).filter((d) => d > 0);
  if (marks.length < 2) return false;
  return Math.max(...marks) >= 3 * Math.min(...marks);
}

/**
 * Sorts a page's painted paths.
 *
 * @param paths - the page's paths (pagePaths), points, y down
 * @returns outlines, centre lines, hidden lines, thin lines and arrowheads. Outlines are the solid
 *   dark strokes at least 0.8 times as wide as the heaviest width that carries a quarter or more of
 *   the dark solid line length; lines ending at an arrow tip are dimension or leader lines
 *   whatever their width. Fills other than arrowheads (text drawn as outlines, hatch, logos) and
 *   light or white lines are not part geometry.
 */
export function sortPaths(paths: PagePath[]): PageDrawing {
  const visible = paths.filter((path) => luminance(path.color) <= 0.95);
  const { arrows, used } = strokeArrows(visible);
  const strokes: PagePath[] = [];
  for (const path of visible) {
    if (used.has(path)) continue;
    const arrow = arrowOf(path);
    if (arrow) {
      arrows.push(arrow);
      continue;
    }
    if (path.paint !== 'fill') strokes.push(path);
  }
  const solid = strokes.filter((p) => p.dash.length === 0 && isDark(p));
  const byWidth = new Map<number, number>();
  let total = 0;
  for (const path of solid) {
    const key = Math.round(path.lineWidthPt * 20) / 20;
    const length = pathLength(path.points);
    byWidth.set(key, (byWidth.get(key) ?? 0) + length);
    total += length;
  }
  let outlineWidthPt = 0;
  let heavier = 0;
  for (const [width, length] of [...byWidth].sort((a, b) => b[0] - a[0])) {
    heavier += length;
    if (heavier >= 0.25 * total) {
      outlineWidthPt = width;
      break;
    }
  }
  const drawing: PageDrawing = {
    part: [],
    centre: [],
    hidden: [],
    thin: [],
    arrows,
    outlineWidthPt,
  };
  const tipNear = (p: Point) => arrows.some((a) => Math.hypot(a.tip.x - p.x, a.tip.y - p.y) <= 0.6);
  for (const path of strokes) {
    const primitives = primitivesOf(path);
    if (path.dash.length > 0 && path.dash.some((d) => d > 0)) {
      (isChain(path.dash) ? drawing.centre : drawing.hidden).push(...primitives);
      continue;
    }
    const first = path.points[0]!;
    const last = path.points[path.points.length - 1]!;
    // A closed outline (a hole's circle) is what a leader's arrow points at, not a leader.
    const closed = path.closed || Math.hypot(last.x - first.x, last.y - first.y) <= 1e-3;
    const outline =
      isDark(path) &&
      Math.round(path.lineWidthPt * 20) / 20 >= 0.8 * outlineWidthPt &&
      (closed || (!tipNear(first) && !tipNear(last)));
    for (const primitive of primitives) {
      if (outline) drawing.part.push(primitive);
      else if (primitive.kind === 'line') drawing.thin.push(primitive);
    }
  }
  drawing.part = joinCircles(drawing.part).map(snapToGrid);
  drawing.centre = drawing.centre.map(snapToGrid);
  drawing.hidden = drawing.hidden.map(snapToGrid);
  return drawing;
}
