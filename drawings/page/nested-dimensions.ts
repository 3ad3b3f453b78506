/**
 * The other reading of two dimension lines in a row on one line. Paired nearest first
 * (dimensions.ts `pairArrows`), arrows A← →B C← →D along one line read as two dimensions A–B and
 * C–D with a gap between them. The same arrows are also how a drawing dimensions a narrow feature
 * inside a wide one on a single line: the wide one A–D with its arrows outward (|←  →|), the
 * narrow one B–C with its arrows outside it pointing in (→| |←), as a slot inside a round plate's
 * diameter. Only the written values can tell them apart, so the page's scale fit
 * (scale-fit.ts) tries each such pair both ways. Page points, y down.
 */
import type { Point } from '../geometry/primitives.ts';
import { cross, dot } from '../geometry/plane.ts';
import type { Arrow } from './arrowheads.ts';
import { dimensionLine, type DimensionLine } from './dimensions.ts';

/** Two lines read in a row, and the same arrows read nested: the wide line, then the narrow. */
export interface NestedReading {
  inRow: [DimensionLine, DimensionLine];
  nested: [DimensionLine, DimensionLine];
}

/** The arrow whose tip is at `point` (within 0.05 pt), if any. */
const arrowAt = (arrows: readonly Arrow[], point: Point): Arrow | undefined =>
  arrows.find((arrow) => Math.hypot(arrow.tip.x - point.x, arrow.tip.y - point.y) <= 0.05);

/** A line's ends ordered along `axis`: the nearer first. */
function endsAlong(line: DimensionLine, axis: Point, origin: Point): [Point, Point] {
  const at = (p: Point) => dot({ x: p.x - origin.x, y: p.y - origin.y }, axis);
  return at(line.from) <= at(line.to) ? [line.from, line.to] : [line.to, line.from];
}

/**
 * The pairs of lines that read nested as well as in a row: parallel, on one line (within 0.8
 * pt), apart by at least 0.5 pt, each with its arrows pointing away from its middle (so at the
 * ends that face each other they point at each other).
 * @param lines - the page's dimension lines
 * @param arrows - the arrowheads they were paired from
 */
export function nestedReadings(
  lines: readonly DimensionLine[],
  arrows: readonly Arrow[],
): NestedReading[] {
  const readings: NestedReading[] = [];
  lines.forEach((first, i) => {
    const axis = first.direction;
    const points = (direction: Point, sign: number) => (arrow: Arrow | undefined) =>
      arrow !== undefined && sign * dot(arrow.direction, direction) > 0.985;
    for (const second of lines.slice(i + 1)) {
      if (Math.abs(cross(axis, second.direction)) > 0.02) continue;
      const off = (p: Point) =>
        Math.abs(cross(axis, { x: p.x - first.from.x, y: p.y - first.from.y }));
      if (off(second.from) > 0.8 || off(second.to) > 0.8) continue;
      const [a, b] = endsAlong(first, axis, first.from);
      const [c, d] = endsAlong(second, axis, first.from);
      const along = (p: Point) => dot({ x: p.x - first.from.x, y: p.y - first.from.y }, axis);
      // The two in order along the line, a gap between them.
      const [left, right] =
        along(b) + 0.5 <= along(c)
          ? [
              [a, b],
              [c, d],
            ]
          : [
              [c, d],
              [a, b],
            ];
      if (along(left[1]!) + 0.5 > along(right[0]!)) continue;
      const back = points(axis, -1);
      const on = points(axis, 1);
      if (!back(arrowAt(arrows, left[0]!)) || !on(arrowAt(arrows, left[1]!))) continue;
      if (!back(arrowAt(arrows, right[0]!)) || !on(arrowAt(arrows, right[1]!))) continue;
      readings.push({
        inRow: [first, second],
        nested: [dimensionLine(left[0]!, right[1]!), dimensionLine(left[1]!, right[0]!)],
      });
    }
  });
  return readings;
}

/** The lines with one pair read nested instead of in a row; undefined when either is gone. */
export function readNested(
  lines: readonly DimensionLine[],
  reading: NestedReading,
): DimensionLine[] | undefined {
  const [first, second] = reading.inRow;
  if (!lines.includes(first) || !lines.includes(second)) return undefined;
  return [...lines.filter((line) => line !== first && line !== second), ...reading.nested];
}
