/**
 * Outline line work inside a plate's top view that closes no contour the reader placed: the
 * lines of a cut-out or pocket whose chain is broken (on a scan, by a value written across its
 * edge) and so forms no loop at all. Without this, such a feature is simply not in the
 * description, and no check of the program finds it missing. Each cluster of such lines is
 * named in `unresolved` and held as a size the top view does not hold, so no program is called
 * verified without it.
 */
import { distanceToBoundary, type Point2, type Polygon } from '#cam/geometry/polygon';
import type { PrismaticDescription } from '#contracts/blueprint';
import { insidePolygon } from '../geometry/outline.ts';
import type { Primitive } from '../geometry/primitives.ts';
import {
  boxOf,
  heightOf,
  lengthOf,
  midpointOf,
  widthOf,
  type Box,
  type Loop,
} from '../geometry/shapes.ts';
import type { PlateSize } from './plate-sizes.ts';
import { placeWords } from './top-contours.ts';

/** Loose lines closer than this to one another are one cluster, mm. */
const CLUSTER_GAP_MM = 3;
/** A cluster of less line than this is a mark, not a feature, mm. */
const LEAST_LENGTH_MM = 4;

const grown = (box: Box, by: number): Box => ({
  minX: box.minX - by,
  minY: box.minY - by,
  maxX: box.maxX + by,
  maxY: box.maxY + by,
});
const touch = (a: Box, b: Box) =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
const joined = (a: Box, b: Box): Box => ({
  minX: Math.min(a.minX, b.minX),
  minY: Math.min(a.minY, b.minY),
  maxX: Math.max(a.maxX, b.maxX),
  maxY: Math.max(a.maxY, b.maxY),
});

/** Clusters of primitives whose boxes come within {@link CLUSTER_GAP_MM} of one another. */
function clusters(primitives: Primitive[]): { box: Box; lengthMm: number }[] {
  const out: { box: Box; lengthMm: number }[] = [];
  for (const primitive of primitives) {
    let cluster = { box: boxOf(primitive), lengthMm: lengthOf(primitive) };
    for (let i = out.length - 1; i >= 0; i--) {
      if (!touch(grown(out[i]!.box, CLUSTER_GAP_MM), cluster.box)) continue;
      cluster = {
        box: joined(out[i]!.box, cluster.box),
        lengthMm: out[i]!.lengthMm + cluster.lengthMm,
      };
      out.splice(i, 1);
    }
    out.push(cluster);
  }
  return out;
}

/**
 * The loose line work inside the outline, in words and as sizes the top view does not hold.
 * @param primitives - the top view's outline-width primitives, mm
 * @param loops - the closed loops the reader found among them (the outline, contours, circles)
 * @param outline - the plate's outline, mm
 * @param placed - what else explains a line: the holes (a thread's open arc about one, or a
 *   piece of its circle) and the steps (a step's edge across the face)
 * @param edgeGap - how far a point may lie off an edge and still be on it, mm
 */
export function looseLineWork(
  primitives: Primitive[],
  loops: Loop[],
  outline: Polygon,
  placed: Pick<PrismaticDescription, 'holes' | 'steps'>,
  edgeGap: number,
): { unresolved: string[]; unheld: PlateSize[] } {
  const inLoops = new Set(loops.flatMap((loop) => loop.primitives));
  const steps = (placed.steps ?? []).map((step) => step.outline);
  const nearHole = (p: Point2) =>
    placed.holes.some(
      (hole) => Math.hypot(hole.x - p.x, hole.y - p.y) <= hole.diameterMm / 2 + 2 * edgeGap,
    );
  const loose = primitives.filter((primitive) => {
    if (inLoops.has(primitive)) return false;
    const mid = midpointOf(primitive);
    if (!insidePolygon(mid, outline) || distanceToBoundary(mid, outline) <= edgeGap) return false;
    // A thread's open arc about a hole, or a piece of a hole's circle or centre mark traced twice.
    if (nearHole(mid) || (primitive.kind === 'arc' && nearHole(primitive.center))) return false;
    return !steps.some((step) => distanceToBoundary(mid, step) <= edgeGap);
  });
  const found = { unresolved: [] as string[], unheld: [] as PlateSize[] };
  const xs = outline.map((p) => p.x);
  const ys = outline.map((p) => p.y);
  const origin = { x: Math.min(...xs), y: Math.min(...ys) };
  for (const { box, lengthMm } of clusters(loose)) {
    if (lengthMm < LEAST_LENGTH_MM) continue;
    const where = placeWords(box, origin);
    const size = `${round(widthOf(box))} × ${round(heightOf(box))} mm`;
    found.unresolved.push(
      `The top view draws lines of ${size}, ${where}, that close no contour the reader can place (a cut-out or pocket whose edge is broken): they are not programmed. Check the drawing, or give the feature with 'Change'.`,
    );
    found.unheld.push({
      dimension: `lines of ${size} that close no contour (${where})`,
      mm: round(Math.max(widthOf(box), heightOf(box))),
      measures: 'other',
    });
  }
  return found;
}

const round = (mm: number) => Math.round(mm * 100) / 100;
