/**
 * The sizes written across a turned part's end view that its milled features hold (issue 33,
 * "values, not prose"): a slot's or cut-out's width and length, a hole's position from another
 * hole or an edge, each with its own tolerance (plate-sizes.ts `feature` and `position`). The
 * end view's box restates the part's diameter and its thickness is the part's length, so those
 * are left to the turned reading; a dimension not drawn across the end view is the side view's.
 * Units: mm.
 */
import type { PrismaticDescription } from '#contracts/blueprint';
import type { Box } from '../geometry/shapes.ts';
import type { DimensionNote } from './content.ts';
import { writtenPlateSizes, type PlateSize } from './plate-sizes.ts';

/** The distance from a point to a box (0 inside), mm. */
const distanceTo = (point: { x: number; y: number }, box: Box): number =>
  Math.hypot(
    Math.max(box.minX - point.x, 0, point.x - box.maxX),
    Math.max(box.minY - point.y, 0, point.y - box.maxY),
  );

/**
 * Whether a dimension is drawn across the end view: its span, along the direction it measures,
 * lies within the view's (grown by `margin`), and its line is nearer the end view than the side
 * view.
 */
function across(note: DimensionNote, box: Box, side: Box, margin: number): boolean {
  const horizontal = Math.abs(note.p2.x - note.p1.x) >= Math.abs(note.p2.y - note.p1.y);
  const [low, high] = horizontal ? [box.minX, box.maxX] : [box.minY, box.maxY];
  const ends = horizontal ? [note.p1.x, note.p2.x] : [note.p1.y, note.p2.y];
  if (Math.min(...ends) < low - margin || Math.max(...ends) > high + margin) return false;
  const middle = { x: (note.p1.x + note.p2.x) / 2, y: (note.p1.y + note.p2.y) / 2 };
  return distanceTo(middle, box) < distanceTo(middle, side);
}

/**
 * The end view's own written sizes.
 * @param box - the end view's box, mm
 * @param side - the side view's box, mm
 * @param dimensions - the drawing's dimensions with their text as written (no diameter sign
 *   added for the side view's axis), mm
 * @param prismatic - the end view read as a plate's top view
 * @param mmPerUnit - millimetres per drawing unit
 * @returns the sizes drawn across the end view (their span within it, 2 % of its diagonal
 *   around it, their line nearer it than the side view) that size one of its features or locate
 *   one of its holes
 */
export function endViewSizes(
  box: Box,
  side: Box,
  dimensions: readonly { note: DimensionNote; text: string }[],
  prismatic: PrismaticDescription,
  mmPerUnit: number,
): PlateSize[] {
  const margin = 0.02 * Math.hypot(box.maxX - box.minX, box.maxY - box.minY);
  const drawn = dimensions.filter(({ note }) => across(note, box, side, margin));
  return writtenPlateSizes(drawn, prismatic, mmPerUnit).filter(
    (size) => size.measures === 'feature' || size.measures === 'position',
  );
}
