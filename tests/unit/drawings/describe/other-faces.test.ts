/**
 * What a plate's top view draws hidden is on another face or inside the plate (ISO 128-2): it is
 * named and held as a size the top view does not hold, so the program says it leaves it and is
 * never called verified (drawings/describe/other-faces.ts). Random plates (tests/helpers/drawings)
 * drawn with a front view whose hidden lines show the holes and pockets, read back from the DXF
 * and from a vector PDF: without anything hidden in the top view nothing is named; with a hidden
 * circle and a hidden rectangle added inside the outline, both are named and the program made
 * from the reading is not verified.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateProgram } from '#cam/jobs/generate';
import type { BlueprintDescription } from '#contracts/blueprint';
import { readDrawing } from '#drawings/read';
import { sheetToDxf } from '#tests/helpers/drawings/dxf';
import { platePartArb, type PlatePart } from '#tests/helpers/drawings/parts';
import { svgToPdf } from '#tests/helpers/drawings/pdf';
import { buildSheet, plainStyle, type DrawingStyle } from '#tests/helpers/drawings/sheet';
import { sheetToSvg } from '#tests/helpers/drawings/svg';
import { jobFor } from '#tests/helpers/whole-path';

const seed = Number(process.env.ROUND_TRIP_SEED ?? 20260115);

const style: DrawingStyle = { ...plainStyle, plateThickness: 'sideView' };

type Sheet = ReturnType<typeof buildSheet>;

/**
 * The sheet with a hidden circle and a hidden rectangle in the top view (lower-left corner at the
 * origin, drawing units): a bottom counterbore and a bottom pocket as a top view shows them.
 */
function withHiddenFeatures(sheet: Sheet, part: PlatePart): Sheet {
  const s = sheet.drawnScale;
  const [w, h] = [part.width * s, part.height * s];
  const corner = (x: number, y: number) => ({ x: x * w, y: y * h });
  const rectangle = [corner(0.55, 0.15), corner(0.8, 0.15), corner(0.8, 0.3), corner(0.55, 0.3)];
  return {
    ...sheet,
    curves: [
      ...sheet.curves,
      { kind: 'circle', centre: corner(0.3, 0.7), radius: 0.06 * Math.min(w, h), line: 'hidden' },
      ...rectangle.map((from, i) => ({
        kind: 'line' as const,
        from,
        to: rectangle[(i + 1) % rectangle.length]!,
        line: 'hidden' as const,
      })),
    ],
  };
}

const hiddenSizes = (description: BlueprintDescription) =>
  (description.prismatic?.sizes ?? []).filter((size) => size.dimension.includes('drawn hidden'));

const readers = {
  DXF: async (sheet: Sheet) =>
    readDrawing({ fileName: 'plate.dxf', type: 'dxf', bytes: Buffer.from(sheetToDxf(sheet)) }),
  'vector PDF': async (sheet: Sheet) =>
    readDrawing({ fileName: 'plate.pdf', type: 'pdf', bytes: await svgToPdf(sheetToSvg(sheet)) }),
};

describe('features the top view draws hidden', () => {
  for (const [name, read] of Object.entries(readers)) {
    it(`are named and leave the program incomplete: ${name}`, async () => {
      const parts = fc.sample(platePartArb({ units: 'mm' }), { numRuns: 6, seed });
      let read2 = 0;
      for (const part of parts) {
        const sheet = buildSheet(part, style);
        const plain = await read(sheet);
        if (!plain.prismatic) continue;
        read2++;
        // The front view's hidden lines are the front view's: nothing is named.
        expect(hiddenSizes(plain), plain.unresolved?.join(' | ')).toEqual([]);
        const seen = await read(withHiddenFeatures(sheet, part));
        const named = hiddenSizes(seen).map((size) => size.dimension);
        expect(
          named.some((text) => /^a circle Ø/.test(text)),
          named.join(' | '),
        ).toBe(true);
        expect(
          named.some((text) => /^a contour /.test(text)),
          named.join(' | '),
        ).toBe(true);
        expect(seen.unresolved?.some((text) => text.includes('further setup'))).toBe(true);
        const generated = generateProgram(jobFor(part, seen));
        expect(generated.report.verified).toBe(false);
        expect(generated.report.unfinished.join(' ')).toContain('drawn hidden');
      }
      expect(read2).toBeGreaterThanOrEqual(parts.length / 2);
    }, 180_000);
  }
});
