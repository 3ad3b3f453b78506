/**
 * A countersunk plate drawn as a vector PDF (ISO 15786 / ASME Y14.5 countersink callout
 * '4x Ø6.6 ⌵Ø12 x 90°', decision 047) and read back by the PDF reader: its four holes are
 * countersunk, and the countersinks' drawn circles are neither holes of their own nor questioned
 * as concentric circles.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr, recognizeImage } from '#drawings/image/reader';
import { readPdf } from '#drawings/pdf/reader';
import { svgToPdf } from '#tests/helpers/drawings/pdf';

const CORNERS = [
  [15, 15],
  [85, 15],
  [15, 45],
  [85, 45],
] as const;

/** A 100 × 60 mm plate at 1:1 on a 160 × 120 mm sheet (y down), its callout on a leader. */
function countersunkPlateSvg(callout: string): string {
  const [x0, y0] = [30, 30];
  const circle = (x: number, y: number, d: number) =>
    `<circle cx="${x0 + x}" cy="${y0 + 60 - y}" r="${d / 2}" fill="none" stroke="black" stroke-width="0.5"/>`;
  const text = (value: string, x: number, y: number) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="3.5">${value}</text>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="160mm" height="120mm" viewBox="0 0 160 120">',
    '<rect width="160" height="120" fill="white"/>',
    `<rect x="${x0}" y="${y0}" width="100" height="60" fill="none" stroke="black" stroke-width="0.5"/>`,
    ...CORNERS.flatMap(([x, y]) => [circle(x, y, 6.6), circle(x, y, 12)]),
    `<line x1="${x0 + 85 + 4.3}" y1="${y0 + 60 - 45 - 4.3}" x2="${x0 + 100}" y2="${y0 - 12}" stroke="black" stroke-width="0.25"/>`,
    `<line x1="${x0 + 100}" y1="${y0 - 12}" x2="${x0 + 110}" y2="${y0 - 12}" stroke="black" stroke-width="0.25"/>`,
    text(callout, x0 + 101, y0 - 13),
    text('THK 10', 10, 110),
    '</svg>',
  ].join('\n');
}

afterAll(async () => {
  await closeOcr();
});

/** DejaVu Sans Mono: a font with the countersink symbol ⌵ (U+2335), as CAD fonts have it. */
const SYMBOL_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';

describe('PDF reader: countersunk holes', () => {
  it.each([
    ['4x Ø6.6 ⌵Ø12 x 90°', SYMBOL_FONT],
    ['4x Ø6.6 CSK Ø12 x 90°', undefined],
  ])('reads %j into four countersunk holes, the Ø12 circles no holes', async (callout, font) => {
    const pdf = await svgToPdf(countersunkPlateSvg(callout), font);
    const description = await readPdf(pdf, 'countersunk-plate.pdf', recognizeImage);
    const holes = description.prismatic?.holes ?? [];
    expect(holes).toHaveLength(4);
    for (const hole of holes) {
      expect(hole).toMatchObject({
        diameterMm: 6.6,
        kind: 'countersunk',
        countersinkDiameterMm: 12,
        countersinkAngleDeg: 90,
      });
    }
    expect(description.readings?.find((r) => r.field === 'Hole size')?.value).toBe(
      '4x Ø6.6 ⌵Ø12 x 90° (4 drawn)',
    );
    // The Ø12 circles are the countersinks: no question about concentric circles is left.
    expect(description.unresolved?.join(' ')).not.toMatch(/Concentric circles/);
  });
});
