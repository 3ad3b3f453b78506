/**
 * The lathe stock model keeps the line of each cut (issue 35: a cut into the part is named by
 * its line): for random passes into a bar, a region a pass removed is traced to the first pass
 * that swept it, also after the part is turned end for end and back (a second setup), and a
 * region no pass reached to no line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intersection } from '#cam/geometry/polygon';
import type { Polygon } from '#cam/geometry/polygon';
import { LatheStock, lineThatCut, turnedCuts, turnedEndForEnd } from '#cam/lathe/stock-model';

/** A tool nose as a small square, control point at its tip. */
const nose: Polygon = [
  { x: 0, y: 0 },
  { x: 0.8, y: 0 },
  { x: 0.8, y: 0.8 },
  { x: 0, y: 0.8 },
];

const box = (x0: number, x1: number, y0: number, y1: number): Polygon => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

describe('cut lines', () => {
  it('traces what a pass removed to its line, in either setup', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            radius: fc.double({ min: 5, max: 19, noNaN: true }),
            z0: fc.double({ min: -60, max: -35, noNaN: true }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.nat(),
        (passes, pick) => {
          const stock = new LatheStock({ radiusMm: 20, frontFaceZ: 0, backZ: -80 });
          passes.forEach((pass, index) =>
            stock.cut(nose, { x: 2, y: pass.radius }, { x: pass.z0, y: pass.radius }, index + 10),
          );
          // A small ring inside one pass's band: the first pass whose band (a square nose
          // moved along Z sweeps a rectangle) overlaps it removed it.
          const chosen = passes[pick % passes.length]!;
          const [z, y] = [(chosen.z0 + 2) / 2, chosen.radius + 0.4];
          const ring = box(z - 0.02, z + 0.02, y - 0.02, y + 0.02);
          const overlap = (pass: (typeof passes)[number]) =>
            Math.max(0, Math.min(z + 0.02, 2.8) - Math.max(z - 0.02, pass.z0)) *
            Math.max(0, Math.min(y + 0.02, pass.radius + 0.8) - Math.max(y - 0.02, pass.radius));
          // Overlaps near the model's sliver (1e-4 mm²) are left out: either answer is right.
          fc.pre(passes.every((pass) => overlap(pass) < 0.5e-4 || overlap(pass) > 3e-4));
          const first = passes.findIndex((pass) => overlap(pass) > 3e-4);
          expect(intersection([ring], stock.polygons)).toEqual([]);
          expect(lineThatCut(ring, stock.cuts)).toBe(10 + first);
          // Turned end for end about Z-40 (a second setup) and back: the same line.
          const turned = turnedCuts(stock.cuts, -40);
          const turnedRing = turnedEndForEnd([ring], -40)[0]!;
          expect(lineThatCut(turnedRing, turned)).toBe(10 + first);
          expect(lineThatCut(ring, turnedCuts(turned, -40))).toBe(10 + first);
          // Below every pass nothing was cut.
          const lowest = Math.min(...passes.map((pass) => pass.radius));
          expect(lineThatCut(box(-20, -10, 0, lowest - 0.5), stock.cuts)).toBeUndefined();
        },
      ),
      { numRuns: 60 },
    );
  });
});
