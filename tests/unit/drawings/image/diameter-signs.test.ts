/**
 * Diameter signs OCR reads as '2' (drawings/image/diameter-signs.ts), told by their shape: texts
 * rendered in DejaVu Sans at random sizes, upright and reading bottom to top, boxed by their ink
 * as the OCR engine boxes a word.
 */
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { diameterSignsSeen, leadingSignHoles } from '#drawings/image/diameter-signs';
import type { GreyImage } from '#drawings/engines/prepare-image';
import type { TextRun } from '#drawings/reading';
import { svgToPng } from '#tests/helpers/drawings/raster';

/** A text rendered on white, upright or turned to read bottom to top, with its ink's box. */
async function rendered(
  text: string,
  fontPx: number,
  upwards: boolean,
  underline = false,
): Promise<{ image: GreyImage; run: TextRun }> {
  const size = Math.ceil(fontPx * (text.length + 2));
  // A leader's landing under the text, as far as the text runs and a little more.
  const under = 1.5 * fontPx + 0.3 * fontPx;
  const end = fontPx * (0.7 * text.length + 1.5);
  const landing = !underline
    ? ''
    : upwards
      ? `<line x1="${under}" y1="${size - fontPx * 0.5}" x2="${under}" y2="${size - end}" stroke="black" stroke-width="1"/>`
      : `<line x1="${fontPx * 0.5}" y1="${under}" x2="${end}" y2="${under}" stroke="black" stroke-width="1"/>`;
  const glyphs =
    landing +
    (upwards
      ? `<text transform="translate(${fontPx * 1.5} ${size - fontPx}) rotate(-90)" font-family="DejaVu Sans" font-size="${fontPx}">${text}</text>`
      : `<text x="${fontPx}" y="${fontPx * 1.5}" font-family="DejaVu Sans" font-size="${fontPx}">${text}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="white"/>${glyphs}</svg>`;
  const { data, info } = await sharp(svgToPng(svg, 96))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = { data: new Uint8Array(data), width: info.width, height: info.height };
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++)
      if (image.data[y * image.width + x]! < 128) {
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      }
  const run: TextRun = {
    text: '',
    x: x0,
    y: y0,
    width: x1 - x0 + 1,
    height: y1 - y0 + 1,
    angleDeg: upwards ? 90 : 0,
    page: 1,
    confidence: 0.8,
    origin: 'ocr',
  };
  return { image, run };
}

const value = fc
  .tuple(fc.integer({ min: 1, max: 999 }), fc.constantFrom('', '.5', '.25', '.3125'))
  .map(([whole, fraction]) => `${whole}${fraction}`);

describe('leadingSignHoles', () => {
  it('finds the paper a diameter sign encloses and none in a 2, at any size and either way up', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('\u2300', '\u00d8', '\u2205', '2'),
        value,
        fc.integer({ min: 18, max: 48 }),
        fc.boolean(),
        async (sign, rest, fontPx, upwards) => {
          const { image, run } = await rendered(`${sign}${rest}`, fontPx, upwards);
          const holes = leadingSignHoles(image, run, 1);
          if (sign === '2') expect(holes).toBe(0);
          else expect(holes).toBeGreaterThanOrEqual(1);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('leaves runs at other angles and glyphs outside the image', () => {
    const image = { data: new Uint8Array(100 * 40).fill(255), width: 100, height: 40 };
    const run: TextRun = {
      text: '28',
      x: 10,
      y: 10,
      width: 30,
      height: 20,
      angleDeg: 45,
      page: 1,
      confidence: 0.8,
      origin: 'ocr',
    };
    expect(leadingSignHoles(image, run, 1)).toBeUndefined();
    expect(leadingSignHoles(image, { ...run, angleDeg: 0, x: 90 }, 1)).toBeUndefined();
  });
});

describe('diameterSignsSeen', () => {
  it("reads a leading '2' that is a diameter sign as Ø, and leaves a 2 that is a digit", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        value,
        fc.integer({ min: 18, max: 40 }),
        async (sign, rest, fontPx) => {
          const { image, run } = await rendered(`${sign ? '\u2300' : '2'}${rest}`, fontPx, false);
          const read = [{ ...run, text: `2${rest}` }];
          const out = diameterSignsSeen(read, image, 1);
          if (sign) expect(out[0]!.text).toBe(`Ø${rest}`);
          else expect(out).toBe(read);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("reads a '2' after a count ('4x25.5' for '4xø5.5') as Ø when it is a sign, either way up, over a leader's landing or not", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('\u2300', '\u00d8', '\u00f8', '2'),
        fc.integer({ min: 2, max: 12 }),
        fc.constantFrom('x', '\u00d7'),
        value,
        fc.integer({ min: 18, max: 40 }),
        fc.boolean(),
        fc.boolean(),
        async (sign, count, times, rest, fontPx, upwards, underline) => {
          const text = `${count}${times}${sign}${rest}`;
          const { image, run } = await rendered(text, fontPx, upwards, underline);
          const read = [{ ...run, text: `${count}${times}2${rest}` }];
          const out = diameterSignsSeen(read, image, 1);
          if (sign === '2') expect(out).toBe(read);
          else expect(out[0]!.text).toBe(`${count}${times}Ø${rest}`);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('looks only at runs that start with a 2 and a number', async () => {
    const { image, run } = await rendered('\u23008', 30, false);
    for (const text of ['M8', 'R2', '2', '2x45°', 'ISO 2768-m']) {
      const runs = [{ ...run, text }];
      expect(diameterSignsSeen(runs, image, 1)).toBe(runs);
    }
  });
});
