/**
 * A letter's loop left in a traced side view (decision 085): the bowl of a '6' or the circle of a
 * Ø that OCR did not read, lying inside the silhouette off the axis, is not a hole that makes the
 * view a plate's top view. `findTurnedPart` takes the reader's `letterLoop` hint; without it (a
 * vector page) a circle there is a hole. Drawing frame, mm, y up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findTurnedPart } from '#drawings/describe/turned-part';
import type { ArcPrimitive, LinePrimitive, Point } from '#drawings/geometry/primitives';
import { groupViews } from '#drawings/geometry/shapes';

const line = (a: Point, b: Point): LinePrimitive => ({ kind: 'line', a, b, layer: 'pdf' });
const circle = (center: Point, radius: number): ArcPrimitive => ({
  kind: 'arc',
  center,
  radius,
  startRad: 0,
  endRad: 2 * Math.PI,
  layer: 'pdf',
});

/** A shaft of two steps about y = 0: `long` × Ø`large`, then `short` × Ø`small`. */
function shaft(long: number, large: number, short: number, small: number): LinePrimitive[] {
  const [r, s] = [large / 2, small / 2];
  return [
    line({ x: 0, y: -r }, { x: long, y: -r }),
    line({ x: long, y: -r }, { x: long, y: -s }),
    line({ x: long, y: -s }, { x: long + short, y: -s }),
    line({ x: long + short, y: -s }, { x: long + short, y: s }),
    line({ x: long + short, y: s }, { x: long, y: s }),
    line({ x: long, y: s }, { x: long, y: r }),
    line({ x: long, y: r }, { x: 0, y: r }),
    line({ x: 0, y: r }, { x: 0, y: -r }),
  ];
}

const lettering = 3.5;

describe('a letter left in a traced side view', () => {
  it('is a loop, not a hole, when the lettering is that large and no Ø writes its size', () => {
    fc.assert(
      fc.property(
        fc.record({
          long: fc.double({ min: 20, max: 120, noNaN: true }),
          large: fc.double({ min: 20, max: 80, noNaN: true }),
          short: fc.double({ min: 5, max: 40, noNaN: true }),
          share: fc.double({ min: 0.3, max: 0.8, noNaN: true }),
          loop: fc.double({ min: 0.5, max: lettering, noNaN: true }),
          at: fc.double({ min: 0.2, max: 0.8, noNaN: true }),
          off: fc.double({ min: 0.3, max: 0.6, noNaN: true }),
        }),
        ({ long, large, short, share, loop, at, off }) => {
          const part = shaft(long, large, short, share * large);
          // The loop stands inside the large step, off the axis by 30 to 60 % of its radius.
          const letter = circle({ x: at * long, y: (off * large) / 2 }, loop / 2);
          const views = groupViews([...part, letter], 0.5);
          const asHole = findTurnedPart(views, [], []);
          expect(asHole.turned).toBe(false);
          const isLoop = (c: { radius: number }) => 2 * c.radius <= lettering;
          const asLoop = findTurnedPart(views, [], [], { letterLoop: isLoop });
          expect(asLoop.turned).toBe(true);
          if (asLoop.turned) {
            expect(asLoop.axis.horizontal).toBe(true);
            expect(Math.abs(asLoop.axis.offset)).toBeLessThan(1e-6);
          }
        },
      ),
    );
  });
});
