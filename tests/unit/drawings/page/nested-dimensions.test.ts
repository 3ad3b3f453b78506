/**
 * A narrow dimension inside a wide one on one line (drawings/page/nested-dimensions.ts): arrows
 * A← →B C← →D paired nearest first read as A–B and C–D in a row; the nested reading, the wide
 * A–D around the narrow B–C (its arrows outside pointing in), is offered for the scale fit to
 * choose by the written values. Two dimensions chained on a shared extension line offer none.
 * Random lines at any angle; page points.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LinePrimitive } from '#drawings/geometry/primitives';
import type { Arrow } from '#drawings/page/arrowheads';
import { pairArrows } from '#drawings/page/dimensions';
import { nestedReadings, readNested } from '#drawings/page/nested-dimensions';

/** Four arrow tips along a line at `angle` through `origin`, at distances `at`, pointing ←→←→. */
function arrowsAlong(origin: { x: number; y: number }, angle: number, at: number[]) {
  const axis = { x: Math.cos(angle), y: Math.sin(angle) };
  const point = (s: number) => ({ x: origin.x + s * axis.x, y: origin.y + s * axis.y });
  const arrows: Arrow[] = at.map((s, index) => ({
    tip: point(s),
    direction: index % 2 === 0 ? { x: -axis.x, y: -axis.y } : axis,
    sizePt: 8,
  }));
  const line: LinePrimitive = {
    kind: 'line',
    a: point(at[0]!),
    b: point(at.at(-1)!),
    layer: 'pdf',
  };
  return { arrows, line };
}

const layout = fc.record({
  x: fc.double({ min: 50, max: 500, noNaN: true }),
  y: fc.double({ min: 50, max: 500, noNaN: true }),
  angle: fc.constantFrom(0, Math.PI / 2, Math.PI, -Math.PI / 2, 0.7),
  wide: fc.double({ min: 60, max: 300, noNaN: true }),
  start: fc.double({ min: 0.1, max: 0.5, noNaN: true }),
  narrow: fc.double({ min: 0.05, max: 0.4, noNaN: true }),
});

describe('a narrow dimension inside a wide one on one line', () => {
  it('is read in a row first, and offered nested with both lengths', () => {
    fc.assert(
      fc.property(layout, ({ x, y, angle, wide, start, narrow }) => {
        const b = start * wide;
        const c = b + narrow * wide;
        const { arrows, line } = arrowsAlong({ x, y }, angle, [0, b, c, wide]);
        const lines = pairArrows(arrows, [line]);
        expect(lines).toHaveLength(2);
        const readings = nestedReadings(lines, arrows);
        expect(readings).toHaveLength(1);
        const nested = readNested(lines, readings[0]!)!;
        const lengths = nested.map((l) => l.lengthPt).sort((p, q) => p - q);
        expect(lengths[0]).toBeCloseTo(c - b, 6);
        expect(lengths[1]).toBeCloseTo(wide, 6);
        // Read nested once, the pair is gone: it is not offered twice.
        expect(readNested(nested, readings[0]!)).toBeUndefined();
      }),
    );
  });

  it('is not offered for two dimensions chained on one extension line', () => {
    fc.assert(
      fc.property(layout, ({ x, y, angle, wide, start }) => {
        const b = start * wide;
        const { arrows, line } = arrowsAlong({ x, y }, angle, [0, b, b, wide]);
        const lines = pairArrows(arrows, [line]);
        expect(lines).toHaveLength(2);
        expect(nestedReadings(lines, arrows)).toEqual([]);
      }),
    );
  });
});
