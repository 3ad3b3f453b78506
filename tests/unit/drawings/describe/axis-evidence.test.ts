/**
 * The axis of a side view about as long as it is wide (decision 065): taken from what the drawing
 * says of it (a centre line along the whole view, Ø dimension lines across it, an end view), and
 * asked, not guessed, when nothing does. Drawing frame, mm, y up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findTurnedPart } from '#drawings/describe/turned-part';
import type { LinePrimitive, Point } from '#drawings/geometry/primitives';
import { groupViews } from '#drawings/geometry/shapes';

const line = (a: Point, b: Point): LinePrimitive => ({ kind: 'line', a, b, layer: 'pdf' });

/** A plain cylinder's side view: a rectangle `width` × `height` centred on the origin. */
function cylinder(width: number, height: number): LinePrimitive[] {
  const [x, y] = [width / 2, height / 2];
  return [
    line({ x: -x, y: -y }, { x, y: -y }),
    line({ x, y: -y }, { x, y }),
    line({ x, y }, { x: -x, y }),
    line({ x: -x, y }, { x: -x, y: -y }),
  ];
}

/** A centre line through the middle, overshooting the view by 3 mm at each end. */
function centreLine(width: number, height: number, horizontal: boolean): LinePrimitive {
  return horizontal
    ? line({ x: -width / 2 - 3, y: 0 }, { x: width / 2 + 3, y: 0 })
    : line({ x: 0, y: -height / 2 - 3 }, { x: 0, y: height / 2 + 3 });
}

const nearSquare = fc
  .tuple(
    fc.double({ min: 5, max: 80, noNaN: true }),
    fc.double({ min: 0.9, max: 1.1, noNaN: true }),
  )
  .map(([size, ratio]) => ({ width: size, height: size * ratio }));

describe('the axis of a side view as long as it is wide', () => {
  it('follows the centre line drawn along it', () => {
    fc.assert(
      fc.property(nearSquare, fc.boolean(), ({ width, height }, horizontal) => {
        const views = groupViews(cylinder(width, height), 0.5);
        const verdict = findTurnedPart(views, [centreLine(width, height, horizontal)], []);
        expect(verdict.turned).toBe(true);
        if (!verdict.turned) return;
        expect(verdict.axis.horizontal).toBe(horizontal);
        expect(verdict.axisUnsure).toBe(false);
      }),
    );
  });

  it('follows the Ø dimension lines, which run across it', () => {
    fc.assert(
      fc.property(nearSquare, fc.boolean(), ({ width, height }, horizontal) => {
        const views = groupViews(cylinder(width, height), 0.5);
        // A Ø dimension line across a horizontal axis is vertical.
        const across = horizontal ? Math.PI / 2 : 0;
        const verdict = findTurnedPart(views, [], [], { diameterDirections: [across] });
        if (!verdict.turned) throw new Error(verdict.reason);
        expect(verdict.axis.horizontal).toBe(horizontal);
        expect(verdict.axisUnsure).toBe(false);
      }),
    );
  });

  it('is asked when nothing on the drawing tells', () => {
    fc.assert(
      fc.property(nearSquare, ({ width, height }) => {
        const verdict = findTurnedPart(groupViews(cylinder(width, height), 0.5), [], []);
        if (!verdict.turned) throw new Error(verdict.reason);
        expect(verdict.axisUnsure).toBe(true);
      }),
    );
  });

  it('is not asked of a view clearly longer one way', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 5, max: 80, noNaN: true }),
        fc.double({ min: 1.25, max: 4, noNaN: true }),
        (diameter, slenderness) => {
          const views = groupViews(cylinder(diameter * slenderness, diameter), 0.5);
          const verdict = findTurnedPart(views, [], []);
          if (!verdict.turned) throw new Error(verdict.reason);
          expect(verdict.axis.horizontal).toBe(true);
          expect(verdict.axisUnsure).toBe(false);
        },
      ),
    );
  });
});
