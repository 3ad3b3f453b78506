/**
 * A plate outline traced from a scan drawn at the sizes the page writes
 * (docs/decisions/092-traced-rectangles-drawn-at-written-sizes.md). A 150 dpi scan places an edge
 * to about a pixel (0.17 mm on paper), and where an arrowhead or a leader meets an edge the trace
 * bends by as much: ISO 2768-f allows ±0.15 mm on a 60 mm plate, so a traced outline can be
 * outside the drawing's tolerance with every edge straight and every corner mended. When the
 * trace is a rectangle, sharp or with one corner radius, and the page writes both its width and
 * its height, the outline is the written rectangle about the traced one's centre.
 */
import { boundsOf, signedArea } from '#cam/geometry/polygon';
import type { Point } from '../geometry/primitives.ts';
import { confirmingLength, type WrittenLength } from './traced-features.ts';
import { tracedCorners } from './traced-outline.ts';

/**
 * Farthest a traced point may lie from the rectangle, mm: about two pixels of a 150 dpi scan (a
 * bend where an arrowhead meets an edge is one), and under the 0.59 mm an R2 corner bulges from
 * a sharp one, so a round corner whose radius was not read is never drawn sharp.
 */
const MOST_OFF_MM = 0.3;
/** Largest gap between a rebuilt corner's arc and its chords, mm (as traced-outline.ts). */
const CHORD_SAG_MM = 0.005;

/** The rectangle the trace is drawn as. */
export interface WrittenRectangle {
  /** Its corners and corner arcs as points, in the traced outline's turning sense, mm. */
  outline: Point[];
  widthMm: number;
  heightMm: number;
  /** The corner radius, 0 for sharp corners. */
  radiusMm: number;
}

/**
 * The traced outline as the written rectangle, when it is one.
 *
 * @param outline - the traced outline's corners in order, mm (an open ring, its round corners
 *   already rebuilt at their written radius: traced-outline.ts mendTracedCorners)
 * @param written - the lengths the page writes (mm), with their tolerances
 * @param radiiMm - the radii the page writes (R callouts), mm
 * @param noiseMm - how uneven a traced line is (about its width), mm
 * @returns the rectangle at the written width and height (nominal sizes) about the traced
 *   outline's centre, its corners sharp or at the written radius the trace lies nearest to; or
 *   undefined when the trace has other than four corners, a point farther than `noiseMm` (at
 *   most MOST_OFF_MM) from that rectangle, or a width or height no written length confirms
 */
export function writtenRectangle(
  outline: Point[],
  written: readonly WrittenLength[],
  radiiMm: number[],
  noiseMm: number,
): WrittenRectangle | undefined {
  if (outline.length < 4) return undefined;
  const box = boundsOf([outline]);
  const width = confirmingLength(written, box.maxX - box.minX);
  const height = confirmingLength(written, box.maxY - box.minY);
  if (!width || !height) return undefined;
  if (tracedCorners(outline).length !== 4) return undefined;
  const centre = { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
  const traced = { centre, halfX: (box.maxX - box.minX) / 2, halfY: (box.maxY - box.minY) / 2 };
  // The corners' radius: sharp or a written one, whichever the trace keeps nearest to.
  const fits = [0, ...radiiMm.filter((r) => 2 * r < Math.min(width.mm, height.mm))].map((r) => ({
    radiusMm: r,
    offMm: Math.max(...outline.map((p) => Math.abs(offRoundedBox(p, traced, r)))),
  }));
  const best = fits.sort((f, g) => f.offMm - g.offMm)[0]!;
  if (best.offMm > Math.min(noiseMm, MOST_OFF_MM)) return undefined;
  const { radiusMm } = best;
  const points = roundedBoxPoints({ centre, halfX: width.mm / 2, halfY: height.mm / 2 }, radiusMm);
  return {
    outline: signedArea(outline) < 0 ? points.reverse() : points,
    widthMm: width.mm,
    heightMm: height.mm,
    radiusMm,
  };
}

interface Box {
  centre: Point;
  halfX: number;
  halfY: number;
}

/**
 * Signed distance from p to the boundary of a box with corners rounded at `r` (negative inside),
 * mm.
 */
function offRoundedBox(p: Point, box: Box, r: number): number {
  const qx = Math.abs(p.x - box.centre.x) - (box.halfX - r);
  const qy = Math.abs(p.y - box.centre.y) - (box.halfY - r);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - r;
}

/**
 * A box's outline with corners rounded at `r`, counter-clockwise (y up), from the start of the
 * lower right corner's arc; each arc's chords within CHORD_SAG_MM of it.
 */
function roundedBoxPoints(box: Box, r: number): Point[] {
  const { centre, halfX, halfY } = box;
  const corners = [
    { x: centre.x + halfX - r, y: centre.y - halfY + r, from: -Math.PI / 2 },
    { x: centre.x + halfX - r, y: centre.y + halfY - r, from: 0 },
    { x: centre.x - halfX + r, y: centre.y + halfY - r, from: Math.PI / 2 },
    { x: centre.x - halfX + r, y: centre.y - halfY + r, from: Math.PI },
  ];
  if (r === 0) return corners.map(({ x, y }) => ({ x, y }));
  const steps = Math.max(
    2,
    Math.ceil(Math.PI / 2 / (2 * Math.acos(Math.max(0, 1 - CHORD_SAG_MM / r)))),
  );
  return corners.flatMap(({ x, y, from }) =>
    Array.from({ length: steps + 1 }, (_, s) => {
      const angle = from + (Math.PI / 2) * (s / steps);
      return { x: x + r * Math.cos(angle), y: y + r * Math.sin(angle) };
    }),
  );
}
