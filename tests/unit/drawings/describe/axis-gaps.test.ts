/**
 * A side view whose cylinder lines a traced raster left broken (decision 097): where section
 * hatching or an extension line met an edge, the tracing leaves a gap about a line's width wide.
 * The outline is read across gaps within the symmetry tolerance; a wider gap (an edge really
 * missing) still counts against the view. Drawing frame, mm, y up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sideViewAxes, sideViewAxis } from '#drawings/describe/axis';
import type { LinePrimitive, Point } from '#drawings/geometry/primitives';
import { groupViews } from '#drawings/geometry/shapes';

const line = (a: Point, b: Point): LinePrimitive => ({ kind: 'line', a, b, layer: 'pdf' });

/** The line y = `y` from x = 0 to `length`, left out over each gap (from, to). */
function brokenLine(y: number, length: number, gaps: [number, number][]): LinePrimitive[] {
  const pieces: LinePrimitive[] = [];
  let from = 0;
  for (const [start, end] of [...gaps].sort((p, q) => p[0] - q[0])) {
    if (start > from) pieces.push(line({ x: from, y }, { x: start, y }));
    from = Math.max(from, end);
  }
  if (from < length) pieces.push(line({ x: from, y }, { x: length, y }));
  return pieces;
}

/**
 * The section of a tube `length` × Ø`diameter` about y = 0 with a bore of half that diameter, its
 * top line broken at `gaps`: where the top line is missing, the outline above the axis falls to
 * the bore's line.
 */
function tube(length: number, diameter: number, gaps: [number, number][]): LinePrimitive[] {
  const r = diameter / 2;
  return [
    ...brokenLine(r, length, gaps),
    line({ x: 0, y: -r }, { x: length, y: -r }),
    line({ x: 0, y: -r }, { x: 0, y: r }),
    line({ x: length, y: -r }, { x: length, y: r }),
    line({ x: 0, y: r / 2 }, { x: length, y: r / 2 }),
    line({ x: 0, y: -r / 2 }, { x: length, y: -r / 2 }),
  ];
}

const axisOf = (primitives: LinePrimitive[]) => sideViewAxis(groupViews(primitives, 1)[0]!, []);
/** Whether the view is a side view about the line y = 0 (a rectangle is one about x too). */
const alongX = (primitives: LinePrimitive[]) =>
  sideViewAxes(groupViews(primitives, 1)[0]!, []).some(
    (axis) => axis.horizontal && Math.abs(axis.offset) < 1e-6,
  );

describe('a side view with its cylinder lines broken by the tracing', () => {
  it('is read across gaps a line wide, wherever they fall', () => {
    // 24 mm long: the 240 samples fall 0.1 mm apart, at 0.05 + 0.1 k. Seventeen gaps of 0.04 mm,
    // each over a sample, leave 7 % of the samples without a top line (symmetric on 93 %).
    const onSamples: [number, number][] = Array.from({ length: 17 }, (_, k) => {
      const u = 0.05 + 0.1 * (7 + 14 * k);
      return [u - 0.02, u + 0.02];
    });
    expect(axisOf(tube(24, 20, onSamples))).toMatchObject({ horizontal: true });
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 120, noNaN: true }),
        fc.double({ min: 5, max: 60, noNaN: true }),
        fc.array(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { maxLength: 40 }),
        (length, diameter, at) => {
          // Gaps up to 0.04 mm: the tolerance is 0.02 mm plus 1 % of the radius.
          const gaps = at.map((t): [number, number] => [t * length - 0.02, t * length + 0.02]);
          const axis = axisOf(tube(length, diameter, gaps));
          expect(axis?.horizontal).toBe(true);
          expect(Math.abs(axis!.offset)).toBeLessThan(1e-6);
        },
      ),
    );
  });

  it('still counts an edge missing over more than the tolerance against the view', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 120, noNaN: true }),
        fc.double({ min: 5, max: 60, noNaN: true }),
        fc.double({ min: 0.1, max: 0.8, noNaN: true }),
        (length, diameter, at) => {
          expect(alongX(tube(length, diameter, []))).toBe(true);
          // The tolerance is taken off each end of the gap: 15 % of a 10 mm part still counts.
          const gap: [number, number] = [at * length, (at + 0.15) * length];
          expect(alongX(tube(length, diameter, [gap]))).toBe(false);
        },
      ),
    );
  });
});
