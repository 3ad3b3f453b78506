/**
 * Is the drawing a turned part? The verdict (findTurnedPart) takes the largest side view found
 * about an axis (axis.ts), and requires every other sizeable view to be a round end view
 * (view-kinds.ts), another side view of the same size, an end view with milled features, or,
 * once the part is confirmed turned, a view not projected from the side view.
 */
import { isFullCircle, type Primitive } from '../geometry/primitives.ts';
import type { TextNote } from './content.ts';
import { isTable } from '../geometry/frames.ts';
import {
  diagonal,
  heightOf,
  midpointOf,
  widthOf,
  type Box,
  type View,
} from '../geometry/shapes.ts';
import { confirmAxis, sideViewAxes, type Axis, type AxisHints } from './axis.ts';
import { isPictorial, isRoundView, isStrayLine } from './view-kinds.ts';

/** Whether two boxes have the same sides within 2 %, either way round. */
function sameSize(a: Box, b: Box): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) <= 0.02 * Math.max(x, y);
  const [aw, ah, bw, bh] = [widthOf(a), heightOf(a), widthOf(b), heightOf(b)];
  return (near(aw, bw) && near(ah, bh)) || (near(aw, bh) && near(ah, bw));
}

const sizeOf = (box: Box) =>
  `${Math.round(widthOf(box) * 100) / 100} × ${Math.round(heightOf(box) * 100) / 100} mm`;

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
      /** The drawing leaves in doubt which way the axis runs (axis.ts confirmAxis). */
      axisUnsure: boolean;
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
    const axes = sideViewAxes(view, centreLines, hints.letterLoop);
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
  const { axis: chosen, unsure } = confirmAxis(side.view, side.axes, others.filter(isRoundView), {
    centreLines,
    ...hints,
  });
  return { turned: true, view: side.view, axis: chosen, milledEndViews, axisUnsure: unsure };
}
