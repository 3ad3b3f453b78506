import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  clearTouching,
  eraseRules,
  loneDeviations,
  rereadStackedDeviations,
  signedPair,
  splitRow,
} from '#drawings/image/deviations';
import { closeOcr } from '#drawings/image/reader';
import type { TextRun } from '#drawings/reading';
import { groupTextLines } from '#drawings/text/lines';

/** OCR of a few small crops takes about a second; a limit for a slow machine. */
const OCR_TEST_MS = 60_000;

afterAll(async () => {
  await closeOcr();
});

/** A deviation as ISO 129-1 writes it: '0' for zero, otherwise signed, comma or point. */
function written(value: number, comma: boolean): string {
  if (value === 0) return '0';
  const text = `${value > 0 ? '+' : '-'}${Math.abs(value)}`;
  return comma ? text.replace('.', ',') : text;
}

/** Deviations in 0.01 mm steps, upper above lower, as a drawing writes them. */
const pairArb = fc
  .tuple(fc.integer({ min: -300, max: 300 }), fc.integer({ min: 1, max: 300 }), fc.boolean())
  .map(([lower, span, comma]) => ({
    upper: (lower + span) / 100,
    lower: lower / 100,
    comma,
  }));

describe('signedPair', () => {
  it('keeps a stacked pair as written', () => {
    fc.assert(
      fc.property(pairArb, ({ upper, lower, comma }) => {
        const up = written(upper, comma);
        const down = written(lower, comma);
        expect(signedPair(up, down)).toEqual({ upper: up, lower: down });
      }),
    );
  });

  it('puts back the sign OCR lost beside a zero', () => {
    // One deviation zero, the other not: drawn directly (filtering pairArb for them skipped
    // more than fast-check allows about once in a hundred runs).
    const besideZero = fc
      .tuple(fc.boolean(), fc.integer({ min: 1, max: 300 }), fc.boolean())
      .map(([zeroUpper, other, comma]) =>
        zeroUpper
          ? { upper: 0, lower: -other / 100, comma }
          : { upper: other / 100, lower: 0, comma },
      );
    fc.assert(
      fc.property(besideZero, ({ upper, lower, comma }) => {
        const up = written(upper, comma);
        const down = written(lower, comma);
        const unsigned = (text: string) => text.replace(/^[+-]/, '');
        const read = upper === 0 ? signedPair(up, unsigned(down)) : signedPair(unsigned(up), down);
        expect(read).toEqual({ upper: up, lower: down });
      }),
    );
  });

  it('refuses what cannot be a stacked pair', () => {
    fc.assert(
      fc.property(pairArb, ({ upper, lower, comma }) => {
        // Turned over: the upper below the lower.
        expect(signedPair(written(lower, comma), written(upper, comma))).toBeUndefined();
      }),
    );
    expect(signedPair('0,1', '0,2')).toBeUndefined();
    expect(signedPair('+12', '0')).toBeUndefined();
    expect(signedPair('+0,1', 'O.')).toBeUndefined();
    expect(signedPair('0', '0')).toBeUndefined();
  });
});

describe('the crop clean-up', () => {
  /** A white image with ink rectangles. */
  function image(width: number, height: number, boxes: [number, number, number, number][]) {
    const data = new Uint8Array(width * height).fill(255);
    for (const [x0, y0, x1, y1] of boxes)
      for (let y = y0; y < y1; y++) data.fill(0, y * width + x0, y * width + x1);
    return { data, width, height };
  }
  const inkAt = (img: { data: Uint8Array; width: number }, x: number, y: number) =>
    img.data[y * img.width + x]! < 128;

  it('cuts a stacked pair apart in the empty rows between them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 40 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 8, max: 40 }),
        fc.integer({ min: -3, max: 3 }),
        (upperHeight, gap, lowerHeight, off) => {
          const top = 5;
          const gapFrom = top + upperHeight;
          const gapTo = gapFrom + gap;
          const height = gapTo + lowerHeight + 5;
          const img = image(60, height, [
            [10, top, 40, gapFrom],
            [12, gapTo, 38, gapTo + lowerHeight],
          ]);
          const middle = (gapFrom + gapTo) / 2 + off;
          const row = splitRow(img, middle, Math.abs(off) + gap);
          expect(row).toBeGreaterThanOrEqual(gapFrom);
          expect(row).toBeLessThan(gapTo);
        },
      ),
    );
  });

  it('clears what touches the sides and the outer edge, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 30 }),
        fc.integer({ min: 5, max: 20 }),
        fc.constantFrom<'top' | 'bottom'>('top', 'bottom'),
        (x, y, outer) => {
          const width = 80;
          const height = 50;
          // A letter inside, an arrowhead from the right edge, a stroke from the outer edge.
          const edgeRow: [number, number, number, number] =
            outer === 'top' ? [60, 0, 62, 10] : [60, height - 10, 62, height];
          const img = image(width, height, [
            [x, y, x + 10, y + 15],
            [width - 8, 20, width, 26],
            edgeRow,
          ]);
          clearTouching(img.data, width, height, outer);
          expect(inkAt(img, x + 5, y + 7)).toBe(true);
          expect(inkAt(img, width - 4, 23)).toBe(false);
          expect(inkAt(img, 61, outer === 'top' ? 5 : height - 5)).toBe(false);
        },
      ),
    );
  });

  it('erases the rows that a rule fills, not the lettering', () => {
    const img = image(100, 30, [
      [20, 2, 30, 20],
      [0, 24, 90, 26],
    ]);
    eraseRules(img.data, img.width, img.height);
    expect(inkAt(img, 25, 10)).toBe(true);
    expect(inkAt(img, 50, 25)).toBe(false);
  });
});

/** A run of upright OCR text. */
const run = (text: string, x: number, y: number, width: number, height: number): TextRun => ({
  text,
  x,
  y,
  width,
  height,
  angleDeg: 0,
  page: 1,
  confidence: 0.9,
  origin: 'ocr',
});

describe('loneDeviations', () => {
  it('finds a value with one deviation read beside it, not two', () => {
    const value = run('Ø16,5', 100, 100, 90, 36);
    const upper = run('+0,1', 200, 100, 30, 12);
    const lower = run('0', 200, 120, 10, 12);
    expect(loneDeviations([value, upper])).toHaveLength(1);
    expect(loneDeviations([value, lower])).toHaveLength(1);
    expect(loneDeviations([value, upper, lower])).toHaveLength(0);
    // Lettered as high as the value: another size, not its deviation.
    expect(loneDeviations([value, run('12', 200, 100, 30, 36)])).toHaveLength(0);
    // Far from the value.
    expect(loneDeviations([value, run('+0,1', 400, 100, 30, 12)])).toHaveLength(0);
  });
});

/**
 * A size with stacked deviations over a dimension line with arrowheads, upright or reading
 * bottom to top, as a 150 dpi scan letters it: value 30 px, deviations 13 px.
 */
async function stackedSheet(upper: string, lower: string, vertical: boolean): Promise<Buffer> {
  const group = `<g font-family="DejaVu Sans, sans-serif">
<line x1="60" y1="150" x2="340" y2="150" stroke="black" stroke-width="2"/>
<path d="M60 150 l16 -5 l0 10 z M340 150 l-16 -5 l0 10 z" fill="black"/>
<text x="130" y="140" font-size="30">Ø16,5</text>
<text x="226" y="121" font-size="13">${upper}</text>
<text x="226" y="140" font-size="13">${lower}</text>
</g>`;
  const body = vertical ? `<g transform="translate(0 400) rotate(-90)">${group}</g>` : group;
  const size = vertical ? 'width="200" height="400"' : 'width="400" height="200"';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" ${size}><rect width="100%" height="100%" fill="white"/>${body}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The box of an upright box of the 400 × 200 sheet once the sheet is turned to read upward. */
function turned(box: TextRun): TextRun {
  return {
    ...box,
    x: box.y,
    y: 400 - (box.x + box.width),
    width: box.height,
    height: box.width,
    angleDeg: 90,
  };
}

describe('rereadStackedDeviations', { timeout: OCR_TEST_MS }, () => {
  const cases = [
    { upper: '+0,1', lower: '0' },
    { upper: '0', lower: '-0,05' },
    { upper: '+0,2', lower: '-0,1' },
  ];
  for (const vertical of [false, true])
    for (const { upper, lower } of cases)
      it(`reads ${upper} over ${lower} when OCR read only the upper one${vertical ? ', reading upward' : ''}`, async () => {
        const bytes = await stackedSheet(upper, lower, vertical);
        let runs = [
          run('Ø16,5', 130, 112, 88, 30),
          run(upper, 226, 110, 14 + 8 * upper.length, 13),
        ];
        if (vertical) runs = runs.map(turned);
        const size = vertical ? { width: 200, height: 400 } : { width: 400, height: 200 };
        const read = await rereadStackedDeviations(bytes, size, runs, 30_000);
        // A decimal comma may come back as a point: the same deviation.
        expect(read.map((r) => r.text.replace('.', ','))).toEqual(['Ø16,5', upper, lower]);
        const lines = groupTextLines(read, [{ page: 1, ...size, unit: 'px' }]);
        expect(lines.map((line) => line.text.replace(/\./g, ','))).toContain(
          `Ø16,5 ${upper}/${lower}`,
        );
      });

  it('leaves the runs as they are where the column holds no second deviation', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="100%" height="100%" fill="white"/>
<text x="130" y="140" font-size="30" font-family="DejaVu Sans, sans-serif">Ø16,5</text>
<text x="226" y="121" font-size="13" font-family="DejaVu Sans, sans-serif">+0,1</text></svg>`;
    const bytes = await sharp(Buffer.from(svg)).png().toBuffer();
    const runs = [run('Ø16,5', 130, 112, 88, 30), run('+0,1', 226, 110, 46, 13)];
    const read = await rereadStackedDeviations(bytes, { width: 400, height: 200 }, runs, 30_000);
    expect(read).toEqual(runs);
  });
});
