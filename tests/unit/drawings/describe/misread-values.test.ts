import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DimensionNote } from '#drawings/describe/content';
import {
  offScale,
  withoutMisreadDiameters,
  type WrittenDiameters,
} from '#drawings/describe/misread-values';

/** A diameter dimension, read by OCR or not. */
const note = (ocr: boolean): DimensionNote => ({
  kind: 'diameter',
  p1: { x: 0, y: 0 },
  p2: { x: 0, y: 1 },
  angleRad: Math.PI / 2,
  written: '',
  ...(ocr ? { ocr: true as const } : {}),
});

/** The written diameters `written` (by index of `drawn`), all outer. */
function writtenOf(drawn: number[], written: number[], ocr = true): WrittenDiameters {
  return {
    outerDiameters: new Map(written.map((mm, i) => [i, { nominalMm: mm, text: `Ø${mm}` }])),
    boreDiameters: new Map(),
    sources: { outer: new Map(drawn.map((_, i) => [i, note(ocr)])), bores: new Map() },
    differences: written.map((mm, i) => `Ø${mm} is drawn Ø${drawn[i]}`),
    unresolved: [],
  };
}

const drawnArb = fc.array(
  fc.integer({ min: 20, max: 2000 }).map((tenths) => tenths / 10),
  { minLength: 3, maxLength: 6 },
);
/** Factors a misreading gives a value: a leading digit (×10 and more) or a lost one (÷10). */
const misreadArb = fc.oneof(
  fc.double({ min: 1.3, max: 40, noNaN: true }),
  fc.double({ min: 0.02, max: 0.7, noNaN: true }),
);
/** The drawing's scale against the written values (a scan calibrated by resolution). */
const scaleArb = fc.double({ min: 0.2, max: 5, noNaN: true });

describe('withoutMisreadDiameters', () => {
  it('drops an OCR value far from the scale the other diameters agree on, and says so', () => {
    fc.assert(
      fc.property(drawnArb, scaleArb, misreadArb, fc.nat(), (drawn, scale, factor, pick) => {
        const bad = pick % drawn.length;
        const written = drawn.map((mm, i) => mm * scale * (i === bad ? factor : 1));
        const result = writtenOf(drawn, written);
        withoutMisreadDiameters(drawn, [], result);
        expect([...result.outerDiameters.keys()]).toEqual(
          drawn.map((_, i) => i).filter((i) => i !== bad),
        );
        expect(result.sources.outer.has(bad)).toBe(false);
        expect(result.unresolved).toHaveLength(1);
        expect(result.unresolved[0]).toMatch(/is taken for a misreading/);
        expect(result.differences.some((d) => d.startsWith(`Ø${written[bad]} is drawn`))).toBe(
          false,
        );
      }),
    );
  });

  it('keeps every value when they agree, when too few agree, or when none was read by OCR', () => {
    fc.assert(
      fc.property(drawnArb, scaleArb, misreadArb, (drawn, scale, factor) => {
        const agreeing = writtenOf(
          drawn,
          drawn.map((mm) => mm * scale * 1.01),
        );
        withoutMisreadDiameters(drawn, [], agreeing);
        expect(agreeing.outerDiameters.size).toBe(drawn.length);
        // Two values and one off: which one is misread cannot be told.
        const two = drawn.slice(0, 2);
        const few = writtenOf(two, [two[0]! * scale, two[1]! * scale * factor]);
        withoutMisreadDiameters(two, [], few);
        expect(few.outerDiameters.size).toBe(2);
        // A vector drawing's text is what its author wrote, whatever the lines measure.
        const vector = writtenOf(
          drawn,
          drawn.map((mm, i) => mm * (i === 0 ? factor : 1)),
          false,
        );
        withoutMisreadDiameters(drawn, [], vector);
        expect(vector.outerDiameters.size).toBe(drawn.length);
      }),
    );
  });
});

describe('offScale', () => {
  it('names the one value far from the scale the others agree on, with what its line measures', () => {
    fc.assert(
      fc.property(drawnArb, scaleArb, misreadArb, fc.nat(), (drawn, scale, factor, pick) => {
        const bad = pick % drawn.length;
        const read = drawn.map((drawnMm, i) => ({
          drawnMm,
          writtenMm: drawnMm * scale * (i === bad ? factor : 1),
        }));
        const off = offScale(read);
        expect(off.map(({ entry }) => entry)).toEqual([read[bad]]);
        expect(off[0]!.expectedMm).toBeCloseTo(drawn[bad]! * scale, 6);
        // With no misreading, none.
        expect(offScale(drawn.map((drawnMm) => ({ drawnMm, writtenMm: drawnMm * scale })))).toEqual(
          [],
        );
      }),
    );
  });
});
