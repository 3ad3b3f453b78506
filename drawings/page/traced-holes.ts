/**
 * The holes of a plate traced from a scan (decision 093): a scan measures a circle only to within
 * a line's width (a flange's Ø28 bore traces Ø27.92, its Ø2 bolt holes Ø1.65), so a hole takes
 * its size from what the page writes or is held for the operator, never programmed at its traced
 * size and called verified.
 *
 * - A hole whose size a written callout gave (applyHoleCallouts: 'Ø5.5', '4x Ø11', 'M6') is
 *   left as it is.
 * - A hole a dimension line runs across through its centre, end to end (a diameter dimension
 *   written along its line, 'Ø28' or just '28'), whose value the traced size agrees with within
 *   SNAP_SHARE, takes that value with its fit and tolerance.
 * - Every other hole is held: one `unplaced` entry per traced size, with a sentence in
 *   `unresolved` asking for the written size.
 *
 * Pure functions over the description (mm) and the page's dimension lines (page points).
 */
import type { BlueprintDescription, PrismaticDescription } from '#contracts/blueprint';
import { formatMm, formatTolerance } from '#cam/callouts';
import type { Point } from '../geometry/primitives.ts';
import { distanceToSegment } from '../geometry/plane.ts';
import { SNAP_SHARE } from '../text/hole-callouts.ts';
import type { TextCallout } from '../text/types.ts';
import type { DimensionLine } from './dimensions.ts';
import { sourceOfCallout } from './merge.ts';
import { renameCirclesAround } from '../describe/concentric.ts';

export type PlateHole = PrismaticDescription['holes'][number];

export const TRACED_HOLE_WHY =
  "is a hole traced from the scan: no written size was read for it, and a scan measures a diameter only to within a line's width";

/**
 * A diameter dimension runs through a circle's centre within this share of its radius, and its
 * line (arrow tip to arrow tip) is the diameter within this share.
 */
const THROUGH_CENTRE_SHARE = 0.15;
const ACROSS_SHARE = 0.1;

/**
 * The callout of a dimension line drawn across the hole through its centre whose value the
 * hole's traced size agrees with.
 */
function acrossCallout(
  hole: PlateHole,
  dimensions: readonly { line: DimensionLine; callout: TextCallout }[],
  toPage: (p: Point) => Point,
): TextCallout | undefined {
  const centre = toPage({ x: hole.x, y: hole.y });
  const edge = toPage({ x: hole.x + hole.diameterMm / 2, y: hole.y });
  const radiusPt = Math.hypot(edge.x - centre.x, edge.y - centre.y);
  if (!(radiusPt > 0)) return undefined;
  return dimensions.find(
    ({ line, callout }) =>
      (callout.kind === 'diameter' || callout.kind === 'length') &&
      !callout.thread &&
      Math.abs(callout.value - hole.diameterMm) <= SNAP_SHARE * callout.value &&
      distanceToSegment(centre, line.from, line.to) <= THROUGH_CENTRE_SHARE * radiusPt &&
      Math.abs(line.lengthPt - 2 * radiusPt) <= ACROSS_SHARE * 2 * radiusPt,
  )?.callout;
}

/**
 * Sizes a traced plate's holes from the dimension lines drawn across them, and holds those whose
 * size nothing written gives (see the file's comment).
 *
 * @param description - a plate read from a traced raster, callouts applied (changed in place:
 *   holes resized, their readings renamed, `unplaced` and `unresolved` added to)
 * @param sized - the holes the page's hole callouts sized (applyHoleCallouts)
 * @param dimensions - the page's dimension lines with their callouts, page points
 * @param toPage - the description's mm to page points
 */
export function sizeTracedHoles(
  description: BlueprintDescription,
  sized: ReadonlySet<PlateHole>,
  dimensions: readonly { line: DimensionLine; callout: TextCallout }[],
  toPage: (p: Point) => Point,
): void {
  const plate = description.prismatic;
  if (!plate) return;
  const held = new Map<number, number>();
  plate.holes.forEach((hole, i) => {
    if (sized.has(hole) || hole.thread !== undefined || hole.kind === 'tapped') return;
    const across = acrossCallout(hole, dimensions, toPage);
    if (!across) {
      held.set(hole.diameterMm, (held.get(hole.diameterMm) ?? 0) + 1);
      return;
    }
    hole.diameterMm = across.value;
    hole.diameter =
      `Ø${formatMm(across.value)}` +
      (across.fit ? ` ${across.fit}` : '') +
      (across.tolerance ? ` ${formatTolerance(across.tolerance)}` : '');
    if (across.fit) hole.fit = across.fit;
    renameCirclesAround(description, hole, across.value);
    const entry = description.readings?.find((r) => r.field === `Hole ${i + 1}`);
    if (entry) {
      entry.value = `${hole.diameter} at ${formatMm(hole.x)}, ${formatMm(hole.y)}`;
      entry.source = sourceOfCallout(across, true);
      entry.confidence = across.confidence;
    }
  });
  for (const [diameterMm, count] of held) {
    const text = `Ø${formatMm(diameterMm)}`;
    description.unplaced = [
      ...(description.unplaced ?? []),
      { text, why: TRACED_HOLE_WHY, diameterMm, topView: true },
    ];
    description.unresolved = [
      ...(description.unresolved ?? []),
      `${count === 1 ? 'A hole' : `${count} holes`} ${text} ${count === 1 ? 'is' : 'are'} traced from the scan, no written size was read for ${count === 1 ? 'it' : 'them'}: give the written size with Change, or remove ${text} from the values not placed once checked.`,
    ];
  }
}
