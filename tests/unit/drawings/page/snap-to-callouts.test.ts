/**
 * Diameters measured on a page's lines that its written values give (page/merge.ts
 * `snapToCallouts`): a written diameter of the size confirms a measured one, and a length the
 * description already gives a length of the part is not also taken for a diameter (decision 085:
 * a step 30.5 long beside a collar measured Ø30.47 whose own callout was not read), nor a bore's
 * depth; a counted diameter as large as the part's ('2x Ø19,9' on a piston's two lands) is the
 * part's, not a hole pattern's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundMm } from '#cam/callouts';
import { emptyDescription, type BlueprintDescription } from '#contracts/blueprint';
import { MEASURED_SOURCE } from '#drawings/describe/readings';
import { snapToCallouts, sourceOfCallout } from '#drawings/page/merge';
import type { PageReading } from '#drawings/page/reading';
import type { DrawnDimension, ScaleVerdict } from '#drawings/page/dimensions';
import type { TextCallout } from '#drawings/text/describe';

const callout = (kind: 'length' | 'diameter', value: number, text: string, x: number) =>
  ({
    kind,
    text,
    value,
    confidence: 0.9,
    source: 'OCR',
    page: 1,
    x,
    y: 40,
    width: 20,
    height: 8,
    angleDeg: 0,
  }) as TextCallout;

/** A page read by OCR whose only text is `callouts`, all on dimension lines. */
function page(callouts: TextCallout[]): { reading: PageReading; dimensions: DrawnDimension[] } {
  const reading = { ocr: true, findings: { callouts } } as unknown as PageReading;
  const dimensions = callouts.map((c) => ({ callout: c }) as unknown as DrawnDimension);
  return { reading, dimensions };
}

const scale: ScaleVerdict = { ratio: 1, from: 'dimensions', agreeing: 2, compared: 2 };

/** One step of `lengthMm` measured Ø`measuredMm`, its length read from `lengthCallout`. */
function step(measuredMm: number, lengthCallout: TextCallout): BlueprintDescription {
  const description = emptyDescription('a collar');
  description.outerDiameters = [
    {
      diameter: `Ø${measuredMm}`,
      type: 'cylinder',
      location: '',
      length: `${lengthCallout.value} mm`,
      diameterMm: measuredMm,
      lengthMm: lengthCallout.value,
      startMm: 0,
    },
  ];
  description.readings = [
    {
      field: 'Outer diameter 1',
      value: `Ø${measuredMm}`,
      source: `page 1 ${MEASURED_SOURCE} at 10, 10 pt (measured at scale 1:1)`,
      confidence: 0.8,
    },
    {
      field: 'Outer diameter 1 length',
      value: `${lengthCallout.value} mm`,
      source: sourceOfCallout(lengthCallout, true),
      confidence: 0.9,
    },
  ];
  return description;
}

describe('snapToCallouts', () => {
  it('takes no diameter from a length that is already the length of a step', () => {
    const length = callout('length', 30.5, '30.5', 10);
    const description = step(30.47, length);
    const { reading, dimensions } = page([length]);
    snapToCallouts(description, reading, dimensions, scale);
    expect(description.outerDiameters[0]!.diameterMm).toBe(30.47);
    expect(description.readings![0]!.source).toContain(MEASURED_SOURCE);
  });

  it('gives a measured diameter the source of the written diameter of its size', () => {
    const length = callout('length', 20, '20', 10);
    const written = callout('diameter', 80, 'Ø80', 60);
    const description = step(80, length);
    const { reading, dimensions } = page([length, written]);
    snapToCallouts(description, reading, dimensions, scale);
    expect(description.readings![0]!.source).toBe(sourceOfCallout(written, true));
    // Measured a little off, it takes the written size too.
    const off = step(79.9, length);
    snapToCallouts(off, reading, dimensions, scale);
    expect(off.outerDiameters[0]!.diameterMm).toBe(80);
    expect(off.readings![0]!.source).toBe(sourceOfCallout(written, true));
  });

  it('reads a diameter sign OCR took for a digit when the rest is a measured diameter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 30, max: 900 }).map((tenths) => tenths / 10),
        fc.constantFrom('2', '5', '6', '8', '9'),
        fc.double({ min: -0.001, max: 0.001, noNaN: true }),
        (size, sign, off) => {
          // A length no diameter drawn here is near.
          const length = callout('length', 500, '500', 10);
          const misread = {
            ...callout('diameter', Number(`${sign}${size}`), `${sign}${size} h7`, 60),
            fit: 'h7',
          } as TextCallout;
          const description = step(roundMm(size * (1 + off)), length);
          const { reading, dimensions } = page([length, misread]);
          snapToCallouts(description, reading, dimensions, scale);
          expect(description.outerDiameters[0]!.diameterMm).toBe(size);
          expect(description.outerDiameters[0]!.fit).toBe('h7');
          // Not on a vector page: its text is what its author wrote.
          const vector = step(roundMm(size * (1 + off)), length);
          snapToCallouts(vector, { ...reading, ocr: false }, dimensions, scale);
          expect(vector.outerDiameters[0]!.diameterMm).toBe(roundMm(size * (1 + off)));
        },
      ),
    );
  });

  it("takes no diameter from a bore's depth, and the part's size from a counted section diameter", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 600 }).map((tenths) => tenths / 10),
        fc.double({ min: 0.003, max: 0.012, noNaN: true }),
        fc.boolean(),
        fc.double({ min: 0.6, max: 1, noNaN: true }),
        fc.integer({ min: 2, max: 4 }),
        (size, share, above, t, count) => {
          // A bore whose written depth is near the part's diameter (LIU0010.jpg: Ø19.9 lands, a
          // bore 20 deep), the lands written once, counted; the diameter traced nearer the depth.
          const deep = roundMm(size * (1 + (above ? share : -share)));
          const depth = callout('length', deep, `${deep}`, 10);
          const lands = {
            ...callout('diameter', size, `${count}x Ø${size} 0/-0.1`, 60),
            count,
            holeHint: true,
            tolerance: { upperMm: 0, lowerMm: -0.1 },
          } as TextCallout;
          const single = callout('diameter', roundMm(size * 0.8), `Ø${roundMm(size * 0.8)}`, 110);
          const description = step(
            roundMm(size + (deep - size) * t),
            callout('length', 7, '7', 150),
          );
          description.readings!.push({
            field: 'Bore 1 depth',
            value: `${deep} mm deep`,
            source: sourceOfCallout(depth, true),
            confidence: 0.9,
          });
          const { reading, dimensions } = page([depth, lands, single]);
          snapToCallouts(description, reading, dimensions, scale);
          expect(description.outerDiameters[0]!.diameterMm).toBe(size);
          expect(description.outerDiameters[0]!.tolerance).toEqual({ upperMm: 0, lowerMm: -0.1 });
        },
      ),
    );
  });
});
