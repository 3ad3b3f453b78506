/**
 * The outline of a plate's top view (prismatic.ts `readTopView`): the largest closed contour
 * when it spans the view (or only loose lines lie outside it); on a traced page, else the
 * largest once its junctions are mended (closedLoops `mend`: a corner an arrowhead covered, a
 * leader's end standing on the outline), held for the operator where a gap was bridged; else
 * the closed pieces a line across the top face splits it into; else the outer boundary of the
 * view's geometry. Units: mm.
 */
import { formatMm } from '#cam/callouts';
import {
  distanceToBoundary,
  signedArea,
  union,
  type Point2,
  type Polygon,
} from '#cam/geometry/polygon';
import { insidePolygon, loopPolygon, outerBoundary, sameBox } from '../geometry/outline.ts';
import {
  BRIDGE_LAYER,
  closedLoops,
  endpoints,
  heightOf,
  midpointOf,
  unionBox,
  widthOf,
  type Loop,
  type View,
} from '../geometry/shapes.ts';
import type { BlueprintDescription } from '#contracts/blueprint';

/** An entry of the description's `unplaced`. */
type Unplaced = NonNullable<BlueprintDescription['unplaced']>[number];

/** The closed contours among loops (no circles, no slots), largest first. */
export const contoursOf = (found: Loop[]): Loop[] =>
  found
    .filter((l) => l.circleDiameterMm === undefined && !l.slot)
    .sort((a, b) => widthOf(b.box) * heightOf(b.box) - widthOf(a.box) * heightOf(a.box));

/** The loop's outline as a polygon; undefined when its chain does not close. */
export const polygonOf = (loop: Loop, tolMm: number): Polygon | undefined =>
  loopPolygon(loop.primitives, Math.max(tolMm, 1e-6) * 2);

/** Join tolerances tried, as multiples of the drawing's, for a view's outer boundary. */
const BOUNDARY_STEPS = [1, 2, 3, 5, 8];

/**
 * The outer boundary of a view whose outline is not one closed chain (outerBoundary). A walk
 * that meets a gap in the outline turns back into the view and closes around less than the
 * whole view; then the ends are joined over larger distances (up to 8 times `tolMm`) until the
 * boundary spans the view's box. The first boundary found is kept when none does.
 */
function viewBoundary(view: View, tolMm: number, boxTol: number): Polygon | undefined {
  let first: Polygon | undefined;
  for (const step of BOUNDARY_STEPS) {
    const polygon = outerBoundary(view.primitives, Math.max(tolMm, 1e-6) * 2 * step);
    if (!polygon || polygon.length < 3) continue;
    const box = unionBox(polygon.map((p) => ({ minX: p.x, minY: p.y, maxX: p.x, maxY: p.y })));
    if (sameBox(box, view.box, boxTol)) return polygon;
    first ??= polygon;
  }
  return first;
}

/**
 * The closed contours that together are the view's outline when a line across it (a step's
 * edge) splits it: from the largest, each next one that adds its whole area to the union (it
 * lies beside the pieces so far, not inside them) until the union is one polygon spanning the
 * view's box. Empty when no such pieces make it.
 */
function piecesOfOutline(
  contours: Loop[],
  box: View['box'],
  tolMm: number,
  boxTol: number,
): { loop: Loop; polygon: Polygon }[] {
  const shapes = contours.slice(0, 8).flatMap((loop) => {
    const polygon = polygonOf(loop, tolMm);
    return polygon && polygon.length >= 3 ? [{ loop, polygon }] : [];
  });
  const area = (polygons: Polygon[]) =>
    polygons.reduce((sum, polygon) => sum + Math.abs(signedArea(polygon)), 0);
  const first = shapes[0];
  if (!first) return [];
  const pieces = [first];
  let merged = [first.polygon];
  for (let added = true; added;) {
    added = false;
    for (const shape of shapes) {
      if (pieces.includes(shape)) continue;
      const next = union([...merged, shape.polygon]);
      const sum = area(merged) + area([shape.polygon]);
      if (next.length !== 1 || Math.abs(area(next) - sum) > 1e-3 * sum) continue;
      pieces.push(shape);
      merged = next;
      added = true;
      const b = unionBox(merged[0]!.map((p) => ({ minX: p.x, minY: p.y, maxX: p.x, maxY: p.y })));
      if (sameBox(b, box, boxTol)) return pieces;
    }
  }
  return [];
}

/** Least share of the view's box the largest closed contour must cover to be its outline. */
const OUTLINE_MIN_SHARE = 0.5;
/** Largest share of the contour's box a closed mark outside it may cover (an arrowhead). */
const MARK_MAX_SHARE = 0.02;

/**
 * Whether the largest closed contour is the view's outline although the view reaches beyond it:
 * everything outside the contour is loose straight lines (the stubs of a section line, leader
 * ends) that close no contour of their own, and the contour covers at least half of the view's
 * box. Distances in mm; `edgeGap` is how far a point may lie off the contour and still be on it.
 */
function onlyLooseLinesOutside(
  view: View,
  loops: Loop[],
  largest: Loop,
  polygon: Polygon,
  edgeGap: number,
): boolean {
  const share =
    (widthOf(largest.box) * heightOf(largest.box)) / (widthOf(view.box) * heightOf(view.box));
  if (!(share >= OUTLINE_MIN_SHARE)) return false;
  const within = (p: Point2) =>
    insidePolygon(p, polygon) || distanceToBoundary(p, polygon) <= edgeGap;
  for (const loop of loops) {
    if (loop === largest) continue;
    const b = loop.box;
    const corners = [
      { x: b.minX, y: b.minY },
      { x: b.maxX, y: b.maxY },
    ];
    if (corners.every(within)) continue;
    // Outside the contour only small straight-sided marks (the arrowheads of a section line).
    const small =
      widthOf(b) * heightOf(b) <= MARK_MAX_SHARE * widthOf(largest.box) * heightOf(largest.box);
    if (!small || loop.primitives.some((p) => p.kind !== 'line')) return false;
  }
  for (const primitive of view.primitives) {
    const ends = endpoints(primitive);
    const outside = ends ? ends.some((p) => !within(p)) : !within(midpointOf(primitive));
    if (outside && primitive.kind !== 'line') return false;
  }
  return true;
}

/**
 * The view's outline when the largest closed contour is it: it spans the view's box, or only
 * loose lines lie outside it (onlyLooseLinesOutside).
 */
function outlineOf(
  view: View,
  loops: Loop[],
  largest: Loop | undefined,
  tolMm: number,
  boxTol: number,
): { outline?: Polygon; outlineLoop?: Loop } {
  if (!largest) return {};
  const polygon = polygonOf(largest, tolMm);
  if (sameBox(largest.box, view.box, boxTol))
    return { ...(polygon ? { outline: polygon } : {}), outlineLoop: largest };
  return polygon && onlyLooseLinesOutside(view, loops, largest, polygon, Math.max(0.02, 4 * tolMm))
    ? { outline: polygon, outlineLoop: largest }
    : {};
}

/**
 * A plate outline traced from a scan held for the operator: its `unplaced` entry ("outline W × H
 * mm", `why` after 'the outline traced from the scan does not hold: ') and its `unresolved`
 * sentence, which asks for it (`ask`). Also drawings/page/drawn-part.ts's holds.
 */
export function tracedOutlineHold(
  outline: readonly Point2[],
  why: string,
  ask: string,
): { unplaced: Unplaced; ask: string } {
  const xs = outline.map((p) => p.x);
  const ys = outline.map((p) => p.y);
  const size = (values: number[]) =>
    formatMm(Math.round((Math.max(...values) - Math.min(...values)) * 10) / 10);
  const text = `outline ${size(xs)} × ${size(ys)} mm`;
  return {
    unplaced: {
      text,
      why: `the outline traced from the scan does not hold: ${why}`,
      topView: true,
    },
    ask: `The ${text} traced from the scan: ${why}; ${ask}.`,
  };
}

/** How a bridged outline's hold names the bridge (drawings/page/drawn-part.ts lifts it, decision 092). */
export const BRIDGED_GAP = 'closed with a straight line (a corner an arrowhead or a leader covers)';

/**
 * A traced outline closed across gaps (closedLoops `mend`), held: where the trace broke (a
 * corner an arrowhead or a leader covers) a straight line was taken, and a program cut along it
 * could leave material or cut into the part.
 * @param gaps - how many gaps were bridged
 */
function bridgedOutline(outline: Polygon, gaps: number): { unplaced: Unplaced; ask: string } {
  const why = `${gaps === 1 ? 'a gap in its trace was' : `${gaps} gaps in its trace were`} ${BRIDGED_GAP}`;
  return tracedOutlineHold(outline, why, 'check the outline, or give it with Change');
}

/** A top view's outline, the loop it is (when it is one), the pieces it was made of (when a line across the face split it), and the hold a bridged trace puts on it. */
export interface TopOutline {
  outline?: Polygon;
  outlineLoop?: Loop;
  pieces: { loop: Loop; polygon: Polygon }[];
  held?: { unplaced: Unplaced; ask: string };
}

/**
 * The top view's outline (see the module's note).
 * @param loops - the view's closed loops (closedLoops, not mended)
 * @param boxTol - how far a contour's box may be from the view's and still span it, mm
 * @param traced - the page is traced from a raster: the outline may be mended
 */
export function topOutline(
  top: View,
  loops: Loop[],
  tolMm: number,
  boxTol: number,
  traced: boolean,
): TopOutline {
  const contours = contoursOf(loops);
  const found = outlineOf(top, loops, contours[0], tolMm, boxTol);
  if (found.outline) return { ...found, pieces: [] };
  if (traced) {
    const mendedLoops = closedLoops(top.primitives, tolMm, { bridgeMm: 2 * tolMm });
    const mended = outlineOf(top, mendedLoops, contoursOf(mendedLoops)[0], tolMm, boxTol);
    if (mended.outline) {
      const gaps = mended.outlineLoop!.primitives.filter((p) => p.layer === BRIDGE_LAYER).length;
      return {
        ...mended,
        pieces: [],
        ...(gaps > 0 ? { held: bridgedOutline(mended.outline, gaps) } : {}),
      };
    }
  }
  // A line across the top face (a step's edge) may split the outline into closed pieces.
  const pieces = piecesOfOutline(contours, top.box, tolMm, boxTol);
  const outline =
    (pieces.length > 0 ? union(pieces.map((piece) => piece.polygon))[0] : undefined) ??
    viewBoundary(top, tolMm, boxTol);
  return {
    ...(outline ? { outline } : {}),
    ...(found.outlineLoop ? { outlineLoop: found.outlineLoop } : {}),
    pieces,
  };
}
