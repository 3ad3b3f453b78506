/**
 * A path's lines and arcs (drawings/page/curves.ts `primitivesOf`): a thin plate's side view drawn
 * as one closed polyline (a long rectangle with a step) stays straight lines, though its corners
 * lie within a share of the radius of a huge circle; a true arc drawn as short chords is still
 * read as one arc.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Point } from '#drawings/geometry/primitives';
import { primitivesOf } from '#drawings/page/curves';
import type { PagePath } from '#drawings/page/paths';

const path = (points: Point[], closed: boolean): PagePath => ({
  points,
  closed,
  paint: 'stroke',
  lineWidthPt: 1.4,
  dash: [],
  color: '#000000',
  curves: [],
});

describe('primitivesOf', () => {
  it('keeps a thin stepped outline as its lines (a plate seen from the side)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 100, max: 800, noNaN: true }),
        fc.double({ min: 3, max: 30, noNaN: true }),
        fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        fc.double({ min: 0.2, max: 0.8, noNaN: true }),
        (length, thickness, stepAt, stepDepth) => {
          const x = stepAt * length;
          const y = stepDepth * thickness;
          const outline = [
            { x: 0, y: 0 },
            { x: length, y: 0 },
            { x: length, y },
            { x, y },
            { x, y: thickness },
            { x: 0, y: thickness },
            { x: 0, y: 0 },
          ];
          const found = primitivesOf(path(outline, true));
          expect(found.every((primitive) => primitive.kind === 'line')).toBe(true);
          expect(found).toHaveLength(6);
        },
      ),
    );
  });

  it('reads a quarter circle drawn as chords as one arc', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 5, max: 300, noNaN: true }),
        fc.integer({ min: 6, max: 40 }),
        (radius, chords) => {
          const points = Array.from({ length: chords + 1 }, (_, k) => {
            const angle = (k / chords) * (Math.PI / 2);
            return { x: radius * Math.cos(angle), y: radius * Math.sin(angle) };
          });
          const found = primitivesOf(path(points, false));
          expect(found).toHaveLength(1);
          expect(found[0]).toMatchObject({ kind: 'arc' });
          if (found[0]!.kind === 'arc') expect(found[0]!.radius).toBeCloseTo(radius, 3);
        },
      ),
    );
  });
});
