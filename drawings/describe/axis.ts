/**
 * Is the drawing a turned part, and where is its axis of revolution? A side view of a turned part
 * is symmetric about a horizontal or vertical line, its silhouette is mostly lines parallel to that
 * line (cylinders), and what lies inside the silhouette is parallel or square to it (shoulders,
 * bores). Other views may only be round end views, sections or pictorial views.
 *
 * This file finds the axis; turned-part.ts decides whether the drawing is a turned part, and
 * view-kinds.ts tells round, pictorial and stray views apart.
 */
import {
  isFullCircle,
  transformPrimitive,
  type ArcPrimitive,
  type Matrix,
  type Primitive,
} from '../geometry/primitives.ts';
import {
  heightOf,
  lengthOf,
  maxOf,
  midpointOf,
  minOf,
  onArc,
  widthOf,
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

/** A line parallel to the u axis made `by` longer at each end (in axis coordinates). */
function lengthenedAlongU(line: Primitive, by: number): Primitive {
  if (line.kind !== 'line') return line;
  const [first, second] = line.a.x <= line.b.x ? [line.a, line.b] : [line.b, line.a];
  return {
    ...line,
    a: { x: first.x - by, y: first.y },
    b: { x: second.x + by, y: second.y },
  };
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

/** How far the outline on either side of an axis may miss its mirror image, mm: 0.02 + 1 % of its reach. */
const symmetryTolerance = (extentMm: number) => 0.02 + 0.01 * extentMm;

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

function scoreAxis(
  primitives: Primitive[],
  axis: Axis,
  letterLoop?: (circle: ArcPrimitive) => boolean,
): AxisScore {
  const inFrame = toAxisFrame(primitives, axis);
  const framed = inFrame.filter((p) => !(p.kind === 'arc' && isFullCircle(p)));
  // A view of full circles only (an end view) has no outline along any axis.
  if (framed.length === 0) return { axis, symmetric: 0, flat: 0, odd: 1 };
  const us = framed.flatMap((p) =>
    p.kind === 'line' ? [p.a.x, p.b.x] : [p.center.x - p.radius, p.center.x + p.radius],
  );
  const uMin = minOf(us);
  const uMax = maxOf(us);
  const traced = envelopeOf(framed, uMin, uMax);
  const sampleU = (i: number) => uMin + ((i + 0.5) * (uMax - uMin)) / SAMPLES;
  let extent = 0;
  for (let i = 0; i < SAMPLES; i += 1) {
    const row = traced(sampleU(i));
    if (Number.isFinite(row.up)) extent = Math.max(extent, Math.abs(row.up), Math.abs(row.down));
  }
  const tol = symmetryTolerance(extent);
  // Where another line met a cylinder's line, a traced raster leaves a gap as wide as that line
  // (section hatching set aside): the outline is read across gaps within the tolerance.
  const envelope = envelopeOf(
    framed.map((primitive) =>
      isParallel(primitive) ? lengthenedAlongU(primitive, tol) : primitive,
    ),
    uMin,
    uMax,
  );
  const rows = Array.from({ length: SAMPLES }, (_, i) => envelope(sampleU(i)));
  // A hole seen as a circle inside the outline and off the axis is never in a turned part's side
  // view (a cross hole is drilled through the axis, its circle centred on it): the view is a
  // plate's top view. A detail mark's circle crosses the outline and does not count, nor does a
  // letter's loop left on a traced raster.
  for (const hole of inFrame) {
    if (hole.kind !== 'arc' || !isFullCircle(hole) || letterLoop?.(hole)) continue;
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
  // Axes closer than the symmetry tolerance are one axis: the first found (the view's middle
  // before a centre line, whose trace on a raster lies a pixel or so aside) is kept.
  const within = (horizontal: boolean) =>
    symmetryTolerance(horizontal ? heightOf(box) / 2 : widthOf(box) / 2);
  return axes.filter(
    (axis, i) =>
      axes.findIndex(
        (other) =>
          other.horizontal === axis.horizontal &&
          Math.abs(other.offset - axis.offset) < within(axis.horizontal),
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
export function sideViewAxes(
  view: View,
  centreLines: Primitive[],
  letterLoop?: (circle: ArcPrimitive) => boolean,
): Axis[] {
  // Fewer primitives cannot draw a silhouette and both its ends (two lines mirrored about a
  // centre line are a pair of marks, not a part).
  if (view.primitives.length < MIN_SIDE_PRIMITIVES) return [];
  const found: { axis: Axis; score: number }[] = [];
  for (const axis of candidateAxes(view, centreLines)) {
    const score = scoreAxis(view.primitives, axis, letterLoop);
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
  /** The drawing's centre lines: a turned part's axis is drawn as one along the side view. */
  centreLines?: Primitive[];
  /**
   * Whether a circle is a letter's loop the OCR left on a traced raster, not a hole (drawing.ts
   * `letterLoopOf`): it does not make a view a plate's top view.
   */
  letterLoop?: (circle: ArcPrimitive) => boolean;
}

/** The axis a side view is read about, and whether the drawing leaves it in doubt. */
export interface ConfirmedAxis {
  axis: Axis;
  /**
   * The view is about as long as it is wide (within {@link SQUARE_SHARE}), symmetric about both
   * its middle lines, and nothing on the drawing tells which one is the axis: the reading asks.
   */
  unsure: boolean;
}

/** Sides within this share of each other make a view about as long as it is wide. */
const SQUARE_SHARE = 0.15;

/**
 * Centre lines along an axis of that direction through the view's middle (within 2 % of the view
 * across it) that run its whole length (90 % or more): a turned part's axis is drawn so. A cross
 * hole's centre line runs across the part at the hole.
 */
function centreLinesAlong(view: View, horizontal: boolean, centreLines: Primitive[]): number {
  const { box } = view;
  const length = horizontal ? widthOf(box) : heightOf(box);
  const across = horizontal ? heightOf(box) : widthOf(box);
  const middle = horizontal ? (box.minY + box.maxY) / 2 : (box.minX + box.maxX) / 2;
  return centreLines.filter((line) => {
    if (line.kind !== 'line') return false;
    const [a0, a1, c0, c1] = horizontal
      ? [line.a.x, line.b.x, line.a.y, line.b.y]
      : [line.a.y, line.b.y, line.a.x, line.b.x];
    if (Math.abs(c1 - c0) > 0.01 * Math.abs(a1 - a0)) return false;
    if (Math.abs((c0 + c1) / 2 - middle) > 0.02 * across + 1e-6) return false;
    const [lo, hi] = horizontal ? [box.minX, box.maxX] : [box.minY, box.maxY];
    const covered = Math.min(Math.max(a0, a1), hi) - Math.max(Math.min(a0, a1), lo);
    return covered >= 0.9 * length;
  }).length;
}

/**
 * The axis of a side view, from what the drawing says of it rather than from its proportions:
 * the side view measured across the axis is as large as an end view's circle (within 2 %, each
 * such view counts two), a dimension written with Ø runs across the axis (each one along it
 * counts against it), and a centre line runs the view's whole length along it (counts two). The
 * flattest outline's axis is kept unless the other way scores more. When the view is about as
 * long as it is wide, symmetric both ways, and the two ways score alike, the axis is in doubt
 * (`unsure`): a wheel as long as it is wide read the wrong way round is another part.
 *
 * @param view - the side view
 * @param axes - the axes it is a side view about, best outline first (sideViewAxes)
 * @param roundViews - the drawing's round views (end views)
 * @param hints - Ø dimension directions and the drawing's centre lines
 */
export function confirmAxis(
  view: View,
  axes: Axis[],
  roundViews: View[],
  hints: AxisHints,
): ConfirmedAxis {
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
  const centre = (horizontal: boolean) =>
    centreLinesAlong(view, horizontal, hints.centreLines ?? []);
  const score = (horizontal: boolean) =>
    2 * matches(horizontal) - along(horizontal) + 2 * centre(horizontal);
  const other = !best.horizontal;
  const bothWays = axes.some((axis) => axis.horizontal === other);
  const square =
    Math.abs(widthOf(box) - heightOf(box)) <= SQUARE_SHARE * Math.max(widthOf(box), heightOf(box));
  if (score(other) < score(best.horizontal)) return { axis: best, unsure: false };
  if (score(other) === score(best.horizontal)) return { axis: best, unsure: bothWays && square };
  return {
    axis:
      axes.find((axis) => axis.horizontal === other) ??
      (best.horizontal
        ? { horizontal: false, offset: (box.minX + box.maxX) / 2 }
        : { horizontal: true, offset: (box.minY + box.maxY) / 2 }),
    unsure: false,
  };
}
