/**
 * A closed contour inside a pocket is that pocket's island (decision 050, Islands), and no closed
 * contour of the top view is dropped in silence (describe/top-contours.ts): generated plates
 * drawn as a DXF and as a vector PDF, read back, and handed to the CAM core's part model.
 */
import { describe, expect, it } from 'vitest';
import { prismaticPartFromDescription } from '#cam/prismatic/part';
import type { BlueprintDescription } from '#contracts/blueprint';
import { readDrawing } from '#drawings/read';
import { sheetToDxf } from '#tests/helpers/drawings/dxf';
import type { PlatePart } from '#tests/helpers/drawings/parts';
import { svgToPdf } from '#tests/helpers/drawings/pdf';
import { buildSheet, plainStyle, type DrawingStyle } from '#tests/helpers/drawings/sheet';
import { sheetToSvg } from '#tests/helpers/drawings/svg';

/** The plate of the whole-path test that was read without its island: pocket 13.5 x 19, island 5 x 5 R1. */
const plate: PlatePart = {
  kind: 'plate',
  units: 'mm',
  width: 90,
  height: 60,
  thickness: 12,
  cornerRadius: 2,
  holes: [
    {
      diameter: 5.5,
      centres: [
        { x: 8, y: 8 },
        { x: 82, y: 8 },
        { x: 82, y: 52 },
        { x: 8, y: 52 },
      ],
    },
  ],
  pockets: [
    {
      x: 16,
      y: 20.5,
      width: 13.5,
      height: 19,
      cornerRadius: 2,
      depth: 4,
      island: { x: 20.25, y: 27.5, width: 5, height: 5, cornerRadius: 1 },
    },
  ],
  cutOut: { x: 56, y: 20, width: 18, height: 20, cornerRadius: 3 },
  material: 'EN AW-6082',
  generalTolerance: 'ISO 2768-m',
  truth: [],
};

async function read(part: PlatePart, kind: 'dxf' | 'pdf', style: DrawingStyle = plainStyle) {
  const sheet = buildSheet(part, { ...style, units: part.units });
  const bytes = kind === 'dxf' ? Buffer.from(sheetToDxf(sheet)) : await svgToPdf(sheetToSvg(sheet));
  return readDrawing({ fileName: `plate.${kind}`, type: kind, bytes });
}

/** A pocket's box in the part's coordinates (lower-left corner of the outline at 0, 0). */
function boxOf(description: BlueprintDescription, label: RegExp) {
  const prismatic = description.prismatic!;
  const pocket = prismatic.pockets.find((p) => label.test(p.label));
  if (!pocket) return undefined;
  const x0 = Math.min(...prismatic.outline.map((p) => p.x));
  const y0 = Math.min(...prismatic.outline.map((p) => p.y));
  const xs = pocket.outline.map((p) => p.x - x0);
  const ys = pocket.outline.map((p) => p.y - y0);
  return {
    x: Math.min(...xs),
    y: Math.min(...ys),
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
    pocket,
  };
}

describe('a closed contour inside a pocket is its island', () => {
  for (const kind of ['dxf', 'pdf'] as const) {
    it(`reads the island of a generated plate from a ${kind.toUpperCase()}`, async () => {
      const description = await read(plate, kind);
      expect(description.prismatic, description.overview).toBeDefined();
      const island = boxOf(description, /^Island\b/);
      expect(island, JSON.stringify(description.prismatic!.pockets)).toBeDefined();
      const truth = plate.pockets[0]!.island!;
      const tol = kind === 'dxf' ? 0.001 : 0.1;
      expect(Math.abs(island!.x - truth.x)).toBeLessThanOrEqual(tol);
      expect(Math.abs(island!.y - truth.y)).toBeLessThanOrEqual(tol);
      expect(Math.abs(island!.width - truth.width)).toBeLessThanOrEqual(tol);
      expect(Math.abs(island!.height - truth.height)).toBeLessThanOrEqual(tol);
      // As tall as the pocket is deep; not a cut-out.
      expect(island!.pocket.depthMm).toBeCloseTo(4, 3);
      expect(island!.pocket.through).toBeUndefined();
      expect(description.overview).toMatch(/1 pocket \(4 mm deep\) with 1 island/);
      expect(description.unresolved!.join(' ')).not.toMatch(/cannot place/);

      // The CAM core makes it the pocket's island: the pocket is milled around it.
      const part = prismaticPartFromDescription(description);
      const pocket = part.pockets.find((p) => !p.through);
      expect(pocket?.islands).toHaveLength(1);
      expect(part.pockets).toHaveLength(2);
      expect(part.notModelled).toEqual([]);
    }, 60_000);
  }

  it('names a contour it cannot place, and the program is not called verified over it', async () => {
    // Without its depth (no note, no side view) the pocket reads as a through cut-out, where no
    // island can stand: the inner contour is named, not dropped.
    const description = await read(plate, 'dxf', { ...plainStyle, pocketDepth: 'sideViewOnly' });
    const sentence = description.unresolved!.find((line) => /cannot place/.test(line));
    expect(sentence).toMatch(
      /^The top view holds a closed contour 5 × 5 mm, centred at X22\.75 Y30 from the outline's lower-left corner, that the reader cannot place inside Cut-out 13\.5 × 19 mm/,
    );
    expect(description.prismatic!.pockets.some((p) => /^Island\b/.test(p.label))).toBe(false);
    const other = description.prismatic!.sizes!.filter((s) => s.measures === 'other');
    expect(other.map((s) => s.dimension)).toEqual([
      "a closed contour 5 × 5 mm (centred at X22.75 Y30 from the outline's lower-left corner)",
    ]);
    // The CAM core lists it as not programmed.
    const part = prismaticPartFromDescription(description);
    expect(part.notModelled.join(' ')).toMatch(/a closed contour 5 × 5 mm .*not programmed/);
  }, 60_000);

  it('reads a plate without islands as before: no island and nothing it cannot place', async () => {
    const plain: PlatePart = {
      ...plate,
      pockets: plate.pockets.map(({ island: _island, ...pocket }) => pocket),
    };
    const description = await read(plain, 'dxf');
    expect(description.prismatic!.pockets.map((p) => p.label).sort()).toEqual([
      'Cut-out 18 × 20 mm',
      'Pocket 13.5 × 19 mm, 4 mm deep',
    ]);
    expect(description.unresolved!.join(' ')).not.toMatch(/cannot place/);
    expect(description.prismatic!.sizes!.filter((s) => s.measures === 'other')).toEqual([]);
  }, 60_000);
});
