/**
 * Turned parts drawn as a full view, a half section (one half cut, showing the bore) or a half
 * view (one side of the centre line only) read the same: property tests over random stepped
 * shafts with diameters in any order and an optional through bore.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDxf } from '#drawings/dxf/reader';
import { dimension, dxf, line, pairs } from '#tests/helpers/dxf-drawings';

/** A stepped shaft: radii and lengths of its sections from the left, mm; bore radius or 0. */
interface Shaft {
  steps: { radius: number; length: number }[];
  boreRadius: number;
}

const shafts: fc.Arbitrary<Shaft> = fc
  .array(
    fc.record({
      radius: fc.integer({ min: 8, max: 40 }),
      length: fc.integer({ min: 8, max: 40 }),
    }),
    { minLength: 2, maxLength: 6 },
  )
  // Neighbouring sections differ by at least 2 mm in diameter: a shoulder a drawing shows.
  .filter((steps) =>
    steps.every((s, i) => i === 0 || Math.abs(s.radius - steps[i - 1]!.radius) >= 1),
  )
  .chain((steps) =>
    fc.record({
      steps: fc.constant(steps),
      boreRadius: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 2, max: Math.min(...steps.map((s) => s.radius)) - 3 }),
      ),
    }),
  );

type Style = 'full' | 'half section' | 'half view';

/** The outline on one side of the axis (sign +1 above, -1 below), from `inner` out. */
function side(shaft: Shaft, sign: 1 | -1, inner: number): string[] {
  const out: string[] = [];
  let x = 0;
  let previous = inner;
  for (const { radius, length } of shaft.steps) {
    out.push(line(x, sign * previous, x, sign * radius));
    out.push(line(x, sign * radius, x + length, sign * radius));
    previous = radius;
    x += length;
  }
  out.push(line(x, sign * previous, x, sign * inner));
  return out;
}

/** The drawing of a shaft in a style, with Ø and length dimensions written out. */
function drawing(shaft: Shaft, style: Style): string {
  const total = shaft.steps.reduce((sum, s) => sum + s.length, 0);
  const hidden = (y: number) =>
    pairs(0, 'LINE', 8, 'HIDDEN', 6, 'HIDDEN', 10, 0, 20, y, 11, total, 21, y);
  const entities: string[] = [line(-5, 0, total + 5, 0, 'CENTER')];
  const b = shaft.boreRadius;
  if (style === 'full') {
    entities.push(...side(shaft, 1, 0), ...side(shaft, -1, 0));
    if (b > 0) entities.push(hidden(b), hidden(-b));
  } else if (style === 'half section') {
    entities.push(...side(shaft, 1, b), ...side(shaft, -1, 0));
    if (b > 0) entities.push(line(0, b, total, b));
  } else {
    entities.push(...side(shaft, 1, 0));
    if (b > 0) entities.push(hidden(b));
  }
  let x = 0;
  for (const { radius, length } of shaft.steps) {
    entities.push(
      dimension(`%%C${2 * radius}`, [x + length / 2, radius], [x + length / 2, -radius], 90),
    );
    entities.push(dimension(String(length), [x, radius], [x + length, radius], 0));
    x += length;
  }
  if (b > 0) entities.push(dimension(`%%C${2 * b}`, [total - 2, b], [total - 2, -b], 90));
  return dxf(entities, { insunits: 4 });
}

const sorted = (pairs: (number | undefined)[][]) => pairs.map((p) => p.join('×')).sort();

describe('turned parts drawn in halves', () => {
  for (const style of ['full', 'half section', 'half view'] as const) {
    it(`reads the diameters, lengths and bore of a shaft drawn as a ${style}`, () => {
      fc.assert(
        fc.property(shafts, (shaft) => {
          const { description, isTurnedPart } = readDxf(drawing(shaft, style), 'shaft.dxf');
          expect(isTurnedPart).toBe(true);
          // Neighbouring sections of equal diameter are one: merge them as the reader does.
          const expected: number[][] = [];
          for (const { radius, length } of shaft.steps) {
            const last = expected[expected.length - 1];
            if (last && last[0] === 2 * radius) last[1]! += length;
            else expected.push([2 * radius, length]);
          }
          expect(sorted(description.outerDiameters.map((d) => [d.diameterMm, d.lengthMm]))).toEqual(
            sorted(expected),
          );
          expect(description.innerDiameters.map((d) => d.diameterMm)).toEqual(
            shaft.boreRadius > 0 ? [2 * shaft.boreRadius] : [],
          );
          // A half section without a bore is a full view: its halves meet on the axis.
          if (style === 'half view' || (style === 'half section' && shaft.boreRadius > 0))
            expect(description.overview).toContain(`drawn as a ${style}`);
        }),
        { numRuns: 40 },
      );
    });
  }
});
