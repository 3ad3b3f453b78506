/**
 * Is the drawing a turned part, and where is its axis of revolution? A side view of a turned part
 * is symmetric about a horizontal or vertical line, its silhouette is mostly lines parallel to that
 * line (cylinders), and what lies inside the silhouette is parallel or square to it (shoulders,
 * bores). Other views may only be round end views, sections or pictorial views.
 */
import {
  isFullCircle,
  transformPrimitive,
  type Matrix,
  type Primitive,
} from '../geometry/primitives.ts';
import type { TextNote } from './content.ts';
import {
  diagonal,
  heightOf,
  isTable,
  lengthOf,
  maxOf,
  midpointOf,
  minOf,
  onArc,
  widthOf,
  type Box,
  type View,
} from '../geometry/shapes.ts';

/** The axis of revolution: the line y = offset (horizontal) or x = offset (vertical), mm. */
export interface Axis {
  horizontal: boolean;
  offset: number;
}

/** Primitives in axis coordinates: x is along the axis (u), y across it (v). */
export function toAxisFrame(primitives: Primitive[], axis: Axis): Primitive[] {
  const m: Matrix = axis.horizontal
    ? { a: 1, b: 0, c: 0, d: 1, e: 0, f: -axis.offset }
    : { a: 0, b: 1, c: 1, d: 0, e: 0, f: -axis.offset };
  return primitives.flatMap((primitive) => transformPrimitive(primitive, m));
}

/** The v values where the line u = const crosses a primitive (in axis coordinates). */
export function crossingsAt(primitive: Primitive, u: number): number[] {
  if (primitive.kind === 'line') {
    const { a, b } = primitive;
    const du = b.x - a.x;
    if (Math.abs(du) < 1e-9) return [];
    const t = (u - a.x) / du;
    return t >= -1e-9 && t <= 1 + 1e-9 ? [a.y + t * (b.y - a.y)] : [];
  }
  const dx = u - primitive.center.x;
  if (Math.abs(dx) > primitive.radius) return [];
  const h = Math.sqrt(primitive.radius ** 2 - dx ** 2);
  return [primitive.center.y + h, primitive.center.y - h].filter((v) =>
    onArc(Math.atan2(v - primitive.center.y, dx), primitive.startRad, primitive.endRad),
  );
}

/** Whether a line runs parallel (or square) to the u axis, within half a degree. */
export function isParallel(primitive: Primitive): boolean {
  return (
    primitive.kind === 'line' &&
    Math.abs(primitive.b.y - primitive.a.y) <= 0.0087 * Math.abs(primitive.b.x - primitive.a.x)
  );
}
function isSquare(primitive: Primitive): boolean {
  return (
    primitive.kind === 'line' &&
    Math.abs(primitive.b.x - primitive.a.x) <= 0.0087 * Math.abs(primitive.b.y - primitive.a.y)
  );
}

interface AxisScore {
  axis: Axis;
  /** Share of the length where the outline above and below the axis mirror each other. */
  symmetric: number;
  /** Share of the length where the silhouette is a line parallel to the axis. */
  flat: number;
  /** Share of the geometry that is neither on the silhouette nor parallel or square to the axis. */
  odd: number;
}

const SAMPLES = 240;

/** Buckets along the axis for finding the primitives a line u = const may cross. */
const BUCKETS = 512;

/**
 * The outline above and below the axis at u: the highest and lowest crossing and the primitive
 * of the highest. Primitives are bucketed by their u span, so a query looks only at those that
 * reach u (linear in the drawing's size for ordinary drawings, where few lines span the part).
 */
function envelopeOf(framed: Primitive[], uMin: number, uMax: number) {
  const span = uMax - uMin || 1;
  const bucketOf = (u: number) =>
    Math.min(BUCKETS - 1, Math.max(0, Math.floor(((u - uMin) / span) * BUCKETS)));
  const buckets: Primitive[][] = Array.from({ length: BUCKETS }, () => []);
  for (const primitive of framed) {
    const [u0, u1] =
      primitive.kind === 'line'
        ? [Math.min(primitive.a.x, primitive.b.x), Math.max(primitive.a.x, primitive.b.x)]
        : [primitive.center.x - primitive.radius, primitive.center.x + primitive.radius];
    for (let bucket = bucketOf(u0 - 1e-9); bucket <= bucketOf(u1 + 1e-9); bucket += 1)
      buckets[bucket]!.push(primitive);
  }
  return (u: number) => {
    let up = -Infinity;
    let down = Infinity;
    let upper: Primitive | undefined;
    for (const primitive of buckets[bucketOf(u)]!) {
      for (const v of crossingsAt(primitive, u)) {
        if (v > up) [up, upper] = [v, primitive];
        down = Math.min(down, v);
      }
    }
    return { up, down, upper };
  };
}

function scoreAxis(primitives: Primitive[], axis: Axis): AxisScore {
  const inFrame = toAxisFrame(primitives, axis);
  const framed = inFrame.filter((p) => !(p.kind === 'arc' && isFullCircle(p)));
  // A view of full circles only (an end view) has no outline along any axis.
  if (framed.length === 0) return { axis, symmetric: 0, flat: 0, odd: 1 };
  const us = framed.flatMap((p) =>
    p.kind === 'line' ? [p.a.x, p.b.x] : [p.center.x - p.radius, p.center.x + p.radius],
  );
  const uMin = minOf(us);
  const uMax = maxOf(us);
  const envelope = envelopeOf(framed, uMin, uMax);
  let extent = 0;
  const rows = Array.from({ length: SAMPLES }, (_, i) => {
    const row = envelope(uMin + ((i + 0.5) * (uMax - uMin)) / SAMPLES);
    if (Number.isFinite(row.up)) extent = Math.max(extent, Math.abs(row.up), Math.abs(row.down));
    return row;
  });
  const tol = 0.02 + 0.01 * extent;
  // A hole seen as a circle inside the outline and off the axis is never in a turned part's side
  // view (a cross hole is drilled through the axis, its circle centred on it): the view is a
  // plate's top view. A detail mark's circle crosses the outline and does not count.
  for (const hole of inFrame) {
    if (hole.kind !== 'arc' || !isFullCircle(hole)) continue;
    const { center, radius } = hole;
    if (Math.abs(center.y) <= tol) continue;
    if (center.x - radius < uMin - tol || center.x + radius > uMax + tol) continue;
    const { up, down } = envelope(center.x);
    if (center.y + radius <= up + tol && center.y - radius >= down - tol)
      return { axis, symmetric: 0, flat: 0, odd: 1 };
  }
  const straddling = rows.filter((row) => row.up > tol && row.down < -tol);
  const symmetric = straddling.filter((row) => Math.abs(row.up + row.down) <= tol).length;
  const flat = straddling.filter((row) => row.upper && isParallel(row.upper)).length;
  const symmetricShare = straddling.length >= 0.9 * SAMPLES ? symmetric / straddling.length : 0;
  const flatShare = straddling.length > 0 ? flat / straddling.length : 0;
  const total = framed.reduce((sum, primitive) => sum + lengthOf(primitive), 0);
  // The odd share costs an outline query per primitive: work it out only for a view that can
  // still be a side view, and stop as soon as it is too large (a hatched or busy view).
  let odd = 0;
  if (symmetricShare >= MIN_SYMMETRIC && flatShare >= MIN_FLAT && total > 0) {
    for (const primitive of framed) {
      if (isParallel(primitive) || isSquare(primitive)) continue;
      const mid = midpointOf(primitive);
      const { up, down } = envelope(mid.x);
      const onSilhouette = mid.y >= 0 ? mid.y >= up - tol : mid.y <= down + tol;
      if (!onSilhouette) odd += lengthOf(primitive);
      if (odd > MAX_ODD * total) break;
    }
  } else {
    odd = total;
  }
  return {
    axis,
    symmetric: symmetricShare,
    flat: flatShare,
    odd: total > 0 ? odd / total : 1,
  };
}

/** Thresholds of a side view of a turned part (see the file comment). */
const MIN_SYMMETRIC = 0.95;
const MIN_FLAT = 0.5;
const MAX_ODD = 0.15;
/** Least primitives of a side view: two silhouette lines and two end faces. */
const MIN_SIDE_PRIMITIVES = 4;

function candidateAxes(view: View, centreLines: Primitive[]): Axis[] {
  const { box } = view;
  const axes: Axis[] = [
    { horizontal: true, offset: (box.minY + box.maxY) / 2 },
    { horizontal: false, offset: (box.minX + box.maxX) / 2 },
  ];
  for (const line of centreLines) {
    if (line.kind !== 'line') continue;
    const { a, b } = line;
    const horizontal = Math.abs(a.y - b.y) <= 1e-6 * (1 + Math.abs(a.x - b.x));
    const vertical = Math.abs(a.x - b.x) <= 1e-6 * (1 + Math.abs(a.y - b.y));
    if (horizontal && a.y > box.minY && a.y < box.maxY && overlaps(a.x, b.x, box.minX, box.maxX)) {
      axes.push({ horizontal: true, offset: a.y });
    }
    if (vertical && a.x > box.minX && a.x < box.maxX && overlaps(a.y, b.y, box.minY, box.maxY)) {
      axes.push({ horizontal: false, offset: a.x });
    }
  }
  return axes.filter(
    (axis, i) =>
      axes.findIndex(
        (other) =>
          other.horizontal === axis.horizontal && Math.abs(other.offset - axis.offset) < 1e-6,
      ) === i,
  );
}

/** Whether [a0, a1] covers at least 30 % of [b0, b1]. */
function overlaps(a0: number, a1: number, b0: number, b1: number): boolean {
  const covered = Math.min(Math.max(a0, a1), b1) - Math.max(Math.min(a0, a1), b0);
  return covered >= 0.3 * (b1 - b0);
}

/**
 * The axes about which a view is the side view of a turned part, best outline first (most
 * symmetric and flat, least odd geometry); empty when it is no side view.
 */
export function sideViewAxes(view: View, centreLines: Primitive[]): Axis[] {
  // Fewer primitives cannot draw a silhouette and both its ends (two lines mirrored about a
  // centre line are a pair of marks, not a part).
  if (view.primitives.length < MIN_SIDE_PRIMITIVES) return [];
  const found: { axis: Axis; score: number }[] = [];
  for (const axis of candidateAxes(view, centreLines)) {
    const score = scoreAxis(view.primitives, axis);
    if (score.symmetric < MIN_SYMMETRIC || score.flat < MIN_FLAT || score.odd > MAX_ODD) continue;
    found.push({ axis, score: score.symmetric + score.flat - score.odd });
  }
  return found.sort((a, b) => b.score - a.score).map((f) => f.axis);
}

/** The axis of a view that is the side view of a turned part, or undefined. */
export function sideViewAxis(view: View, centreLines: Primitive[]): Axis | undefined {
  return sideViewAxes(view, centreLines)[0];
}

/** What else on the drawing tells where the axis runs. */
export interface AxisHints {
  /**
   * Directions (radians, drawing frame, y up) of dimension lines that carry a diameter (Ø) in the
   * side view: a diameter is measured across the axis, never along it.
   */
  diameterDirections?: number[];
  /** Section hatching (DrawingContent.hatching): a hatched side view is a section. */
  hatching?: Primitive[];
}

/**
 * The axis of a side view that is symmetric about both its middle lines (a wheel, wider across
 * than long, or a square-looking bush), as the other views and dimensions confirm it: the side
 * view measured across the axis is as large as an end view's circle (within 2 %), and a
 * dimension written with Ø runs across the axis. Each round view that matches counts two, each
 * Ø dimension along the axis counts against it; a tie keeps the flattest outline's axis.
 */
function confirmAxis(view: View, axes: Axis[], roundViews: View[], hints: AxisHints): Axis {
  const best = axes[0]!;
  const { box } = view;
  const across = (horizontal: boolean) => (horizontal ? heightOf(box) : widthOf(box));
  const circles = roundViews.map((round) => Math.max(widthOf(round.box), heightOf(round.box)));
  const matches = (horizontal: boolean) =>
    circles.filter((d) => Math.abs(d - across(horizontal)) <= 0.02 * d).length;
  const along = (horizontal: boolean) =>
    (hints.diameterDirections ?? []).filter((angle) =>
      horizontal ? Math.abs(Math.cos(angle)) > 0.98 : Math.abs(Math.sin(angle)) > 0.98,
    ).length;
  const score = (horizontal: boolean) => 2 * matches(horizontal) - along(horizontal);
  if (score(!best.horizontal) <= score(best.horizontal)) return best;
  return (
    axes.find((axis) => axis.horizontal !== best.horizontal) ??
    (best.horizontal
      ? { horizontal: false, offset: (box.minX + box.maxX) / 2 }
      : { horizontal: true, offset: (box.minY + box.maxY) / 2 })
  );
}

/** A view whose outline is a circle: the end view of a turned part. */
export function isRoundView(view: View): boolean {
  const size = Math.max(widthOf(view.box), heightOf(view.box));
  const cx = (view.box.minX + view.box.maxX) / 2;
  const cy = (view.box.minY + view.box.maxY) / 2;
  return view.primitives.some(
    (p) =>
      p.kind === 'arc' &&
      isFullCircle(p) &&
      Math.abs(2 * p.radius - size) <= 0.01 * size &&
      Math.hypot(p.center.x - cx, p.center.y - cy) <= 0.01 * size,
  );
}

/** Whether two boxes have the same sides within 2 %, either way round. */
function sameSize(a: Box, b: Box): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) <= 0.02 * Math.max(x, y);
  const [aw, ah, bw, bh] = [widthOf(a), heightOf(a), widthOf(b), heightOf(b)];
  return (near(aw, bw) && near(ah, bh)) || (near(aw, bh) && near(ah, bw));
}

const sizeOf = (box: Box) =>
  `${Math.round(widthOf(box) * 100) / 100} × ${Math.round(heightOf(box) * 100) / 100} mm`;

/** A pictorial (isometric) view: mostly ellipses and splines. */
export function isPictorial(view: View): boolean {
  const total = view.primitives.reduce((sum, p) => sum + lengthOf(p), 0);
  const curved = view.primitives
    .filter((p) => p.kind === 'line' && p.curve)
    .reduce((sum, p) => sum + lengthOf(p), 0);
  return curved >= 0.3 * total;
}

/** A view this much thinner than it is long, of straight lines only, is a stray line. */
const STRAY_LINE_SHARE = 0.01;

/**
 * A lone straight line or a row of them (a frame's rule, a leader left over from a title
 * block): no part's view, so it neither is a side view nor rules one out.
 */
export function isStrayLine(view: View): boolean {
  const { box } = view;
  const long = Math.max(widthOf(box), heightOf(box));
  const thin = Math.min(widthOf(box), heightOf(box));
  return thin <= STRAY_LINE_SHARE * long && view.primitives.every((p) => p.kind === 'line');
}

export type TurnedPartVerdict =
  | {
      turned: true;
      view: View;
      axis: Axis;
      /**
       * End views that are not round: the turned outline with flats, a flange's straight sides or
       * holes off the axis, made on a mill after turning.
       */
      milledEndViews: View[];
    }
  | { turned: false; reason: string };

/** Views share an extent when both its ends lie within this share of its length. */
const ALIGNED = 0.02;

/** Whether [a0, a1] and [b0, b1] are the same extent (ALIGNED). */
function sameExtent(a0: number, a1: number, b0: number, b1: number): boolean {
  const tol = ALIGNED * Math.max(a1 - a0, b1 - b0);
  return Math.abs(a0 - b0) <= tol && Math.abs(a1 - b1) <= tol;
}

/**
 * Whether a view is projected from the side view (ISO 128-3 first or third angle): it lines up
 * with it across or along the axis, sharing that extent.
 */
function projectedFrom(view: View, side: View): boolean {
  const { box: a } = view;
  const { box: b } = side;
  return sameExtent(a.minX, a.maxX, b.minX, b.maxX) || sameExtent(a.minY, a.maxY, b.minY, b.maxY);
}

/** A drawn arc's radius and centre may be off by this share of the diameter (a traced scan). */
const ROUND_TOL = 0.04;

/**
 * An end view of a turned part whose outline is not all round: a flange with flats or straight
 * sides, holes off the axis. It lines up with the side view across the axis (the same extent:
 * the largest diameter), a full circle of it is centred on the axis (the bore or a turned
 * diameter seen end on), and arcs of the largest diameter about that centre remain of the
 * turned outline. A square or hexagonal block with a centred bore has no such arcs.
 */
function isMilledEndView(view: View, side: View, axis: Axis): boolean {
  const { box: a } = view;
  const { box: b } = side;
  const lined = axis.horizontal
    ? sameExtent(a.minY, a.maxY, b.minY, b.maxY)
    : sameExtent(a.minX, a.maxX, b.minX, b.maxX);
  if (!lined) return false;
  const size = axis.horizontal ? heightOf(b) : widthOf(b);
  const centre = view.primitives.find(
    (p) =>
      p.kind === 'arc' &&
      isFullCircle(p) &&
      Math.abs((axis.horizontal ? p.center.y : p.center.x) - axis.offset) <= ALIGNED * size,
  );
  if (centre?.kind !== 'arc') return false;
  return view.primitives.some(
    (p) =>
      p.kind === 'arc' &&
      !isFullCircle(p) &&
      Math.abs(2 * p.radius - size) <= ROUND_TOL * size &&
      Math.hypot(p.center.x - centre.center.x, p.center.y - centre.center.y) <= ROUND_TOL * size,
  );
}

/**
 * Decides whether the views show a turned part.
 *
 * The side view is the largest view symmetric about an axis; among side views about as large
 * (within 5 %) the most hatched one (a section showing its bores before an outside view), then
 * the one drawing most lines.
 * Every other view of a quarter of its size or more must be round (an end view), another side
 * view, an end view with milled features (lined up across the axis, a circle on the axis), or,
 * when a round view or a Ø dimension across the axis confirms the part is turned, a view not
 * projected from the side view (a pictorial or a detail view elsewhere on the sheet). The axis is
 * confirmed by the end views and the Ø dimensions (see confirmAxis).
 *
 * @param views - the drawing's views, largest first (groupViews)
 * @param centreLines - centre lines, which propose axes
 * @param notes - text notes, to recognise tables drawn as lines
 * @param hints - directions of Ø dimensions, which run across the axis
 * @returns the side view, its axis and any end views with milled features, or the reason the part
 *   is not turned
 */
export function findTurnedPart(
  views: View[],
  centreLines: Primitive[],
  notes: TextNote[],
  hints: AxisHints = {},
): TurnedPartVerdict {
  const noteAt = notes.map((note) => note.at);
  const drawn = views.filter(
    (view) => !isTable(view, noteAt, 1e-6) && !isPictorial(view) && !isStrayLine(view),
  );
  const sides: { view: View; axes: Axis[] }[] = [];
  const others: View[] = [];
  for (const view of drawn) {
    const axes = sideViewAxes(view, centreLines);
    if (axes.length > 0) sides.push({ view, axes });
    else others.push(view);
  }
  // An end view with flats (a flange milled straight on two sides) is symmetric about an axis
  // too: lined up with another side view across its axis, it is that view's end view.
  const milledEndViews: View[] = [];
  for (const s of [...sides]) {
    const of = sides.find(
      (t) =>
        t !== s && !milledEndViews.includes(t.view) && isMilledEndView(s.view, t.view, t.axes[0]!),
    );
    if (!of) continue;
    sides.splice(sides.indexOf(s), 1);
    milledEndViews.push(s.view);
  }
  // An end view (round, its holes on a bolt circle) is symmetric about an axis too: beside a
  // side view that is not round, it is the end view.
  if (sides.some((s) => !isRoundView(s.view))) {
    for (const s of sides.filter((s) => isRoundView(s.view))) {
      sides.splice(sides.indexOf(s), 1);
      others.push(s.view);
    }
  }
  const largest = sides[0];
  if (!largest) {
    return {
      turned: false,
      reason: 'no view is symmetric about an axis with a silhouette of cylinders and shoulders',
    };
  }
  const sideSize = diagonal(largest.view.box);
  const axis = largest.axes[0]!;
  const confirmed =
    others.some(isRoundView) ||
    (hints.diameterDirections ?? []).some((angle) =>
      axis.horizontal ? Math.abs(Math.sin(angle)) > 0.98 : Math.abs(Math.cos(angle)) > 0.98,
    );
  for (const view of others) {
    if (diagonal(view.box) < 0.25 * sideSize || isRoundView(view)) continue;
    if (isMilledEndView(view, largest.view, axis)) {
      milledEndViews.push(view);
      continue;
    }
    if (confirmed && !sides.some((s) => projectedFrom(view, s.view))) continue;
    return {
      turned: false,
      reason: `the view of ${sizeOf(largest.view.box)} is symmetric about an axis, but the view of ${sizeOf(view.box)} is neither round nor a side view, so the part is not round`,
    };
  }
  // Every full side view of one turned part (an outside view and its section) shows the same
  // length and diameter. A plate's top view and its section can each look symmetric, but their
  // sizes differ (200 × 200 and 200 × 20): then the part is not round.
  const disagreeing = sides.find(
    (s) => diagonal(s.view.box) >= 0.25 * sideSize && !sameSize(s.view.box, largest.view.box),
  );
  if (disagreeing) {
    return {
      turned: false,
      reason: `the views of ${sizeOf(largest.view.box)} and ${sizeOf(disagreeing.view.box)} are each symmetric about an axis, but a turned part's side views have the same length and diameter`,
    };
  }
  const hatched = (view: View) =>
    (hints.hatching ?? []).filter((p) => {
      const mid = midpointOf(p);
      const { box } = view;
      return mid.x >= box.minX && mid.x <= box.maxX && mid.y >= box.minY && mid.y <= box.maxY;
    }).length;
  const side = sides
    .filter((s) => diagonal(s.view.box) >= 0.95 * sideSize)
    .map((s) => ({ ...s, hatched: hatched(s.view) }))
    .reduce((best, s) =>
      s.hatched > best.hatched ||
      (s.hatched === best.hatched && s.view.primitives.length > best.view.primitives.length)
        ? s
        : best,
    );
  return {
    turned: true,
    view: side.view,
    axis: confirmAxis(side.view, side.axes, others.filter(isRoundView), hints),
    milledEndViews,
  };
}
