/**
 * Values read again beside dimension lines (drawings/image/dimension-values.ts): where a value is
 * written beside a line (above one across the sheet, left of one up the sheet reading from the
 * bottom), what reads as a value, and the OCR of rendered dimensions with their arrowheads and
 * extension lines.
 */
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  eraseCrossingLines,
  hasLetters,
  isDimensionValue,
  readBesideLines,
  stripOf,
} from '#drawings/image/dimension-values';
import { closeOcr } from '#drawings/image/reader';

/** OCR of a few small strips takes about a second; a limit for a slow machine. */
const OCR_TEST_MS = 60_000;

afterAll(async () => {
  await closeOcr();
});

describe('isDimensionValue', () => {
  it('takes sizes with Ø, R, a count, a fit or deviations', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.constantFrom('', 'Ø', 'R', '4x '),
        fc.constantFrom('', ' h6', ' H7', ' ±0.1', ' +0.05/-0.02', ' 0/-0.1'),
        (tenths, before, after) => {
          const value = `${before}${tenths / 10}${after}`;
          expect(isDimensionValue(value), value).toBe(true);
        },
      ),
    );
  });

  it('leaves words, lone signs and stray strokes', () => {
    for (const text of ['', '|', 'f .', 'a E—', 'Werkstoff', '231)', 'x', '-']) {
      expect(isDimensionValue(text), text).toBe(false);
    }
  });
});

describe('stripOf', () => {
  it('lies above a line across the sheet and left of a line up it, over its length', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 20, max: 800, noNaN: true }),
        fc.double({ min: 5, max: 60, noNaN: true }),
        (x, y, length, letter) => {
          const across = stripOf({ from: { x, y }, to: { x: x + length, y } }, 0, letter);
          expect(across.left).toBeCloseTo(x);
          expect(across.width).toBeCloseTo(length);
          expect(across.top + across.height).toBeLessThan(y);
          expect(across.height).toBeGreaterThan(letter);
          const up = stripOf({ from: { x, y: y + length }, to: { x, y } }, 90, letter);
          expect(up.top).toBeCloseTo(y);
          expect(up.height).toBeCloseTo(length);
          expect(up.left + up.width).toBeLessThan(x);
          expect(up.width).toBeGreaterThan(letter);
        },
      ),
    );
  });
});

/** A grey image of an SVG drawing. */
async function greyOf(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** An arrowhead at (x, y) pointing along (dx, dy). */
const arrow = (x: number, y: number, dx: number, dy: number) =>
  `<path d="M${x},${y} L${x - 12 * dx - 3 * dy},${y - 12 * dy - 3 * dx} L${x - 12 * dx + 3 * dy},${y - 12 * dy + 3 * dx} Z" fill="black"/>`;

describe('readBesideLines', () => {
  it(
    'reads a value over a line across the sheet and one left of a line up it, and nothing beside an empty line',
    async () => {
      const font = 'font-size="22" font-family="DejaVu Sans, sans-serif"';
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="500"><rect width="100%" height="100%" fill="white"/>
<g stroke="black" stroke-width="1.5">
<line x1="100" y1="60" x2="100" y2="210"/><line x1="330" y1="60" x2="330" y2="210"/>
<line x1="100" y1="200" x2="330" y2="200"/>
<line x1="420" y1="100" x2="560" y2="100"/><line x1="420" y1="400" x2="560" y2="400"/>
<line x1="550" y1="100" x2="550" y2="400"/>
<line x1="100" y1="300" x2="100" y2="460"/><line x1="330" y1="300" x2="330" y2="460"/>
<line x1="100" y1="450" x2="330" y2="450"/>
</g>
${arrow(100, 200, -1, 0)}${arrow(330, 200, 1, 0)}
${arrow(550, 100, 0, -1)}${arrow(550, 400, 0, 1)}
${arrow(100, 450, -1, 0)}${arrow(330, 450, 1, 0)}
<text x="190" y="192" ${font}>19.5</text>
<text transform="translate(542,290) rotate(-90)" ${font}>Ø31.5</text>
</svg>`;
      const image = await greyOf(svg);
      const runs = await readBesideLines(
        image,
        [
          { from: { x: 100, y: 200 }, to: { x: 330, y: 200 } },
          { from: { x: 550, y: 400 }, to: { x: 550, y: 100 } },
          { from: { x: 100, y: 450 }, to: { x: 330, y: 450 } },
        ],
        16,
        1,
        OCR_TEST_MS,
      );
      expect(runs.map((run) => [run.text, run.angleDeg])).toEqual([
        ['19.5', 0],
        [expect.stringMatching(/31[.,]5$/), 90],
      ]);
      const [across, up] = runs;
      // Each box where its value is drawn, in the image's pixels.
      expect(across!.x).toBeGreaterThan(180);
      expect(across!.x + across!.width).toBeLessThan(250);
      expect(across!.y + across!.height).toBeLessThanOrEqual(200);
      expect(across!.y).toBeGreaterThan(160);
      expect(up!.x + up!.width).toBeLessThanOrEqual(550);
      expect(up!.x).toBeGreaterThan(515);
      expect(up!.y).toBeGreaterThan(200);
      expect(up!.y + up!.height).toBeLessThan(300);
      for (const run of runs) {
        expect(run.origin).toBe('ocr');
        expect(run.confidence).toBeGreaterThanOrEqual(0.6);
      }
    },
    OCR_TEST_MS,
  );
});

describe('a value a centre line crosses', () => {
  it(
    'reads a diameter whose value is written across the axis (ISO 129-1: at the middle of its line)',
    async () => {
      const font = 'font-size="22" font-family="DejaVu Sans, sans-serif"';
      // A diameter of a side view, its value on the dash-dot centre line, which runs through
      // its '8' (cleared as touching the strip's edges with the line, the '8' was lost).
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500"><rect width="100%" height="100%" fill="white"/>
<line x1="200" y1="100" x2="200" y2="400" stroke="black" stroke-width="1.5"/>
<line x1="40" y1="250" x2="360" y2="250" stroke="black" stroke-width="1.5" stroke-dasharray="60 8 6 8"/>
${arrow(200, 100, 0, -1)}${arrow(200, 400, 0, 1)}
<text transform="translate(192,288) rotate(-90)" ${font}>Ø38.5</text>
</svg>`;
      const runs = await readBesideLines(
        await greyOf(svg),
        [{ from: { x: 200, y: 400 }, to: { x: 200, y: 100 } }],
        16,
        1,
        OCR_TEST_MS,
      );
      expect(runs.map((run) => run.text)).toEqual([expect.stringMatching(/38[.,]5$/)]);
    },
    OCR_TEST_MS,
  );

  it('cuts a line across the strip, through the letters or between them only', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 120 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        (at, lineWidth, keepInLetters) => {
          // A 140 × 60 strip: letters 30 px high in rows 15–45, columns 10–130, and a line down it.
          const width = 140;
          const height = 60;
          const data = new Uint8Array(width * height).fill(255);
          for (let y = 15; y < 45; y++) for (let x = 10; x < 130; x += 4) data[y * width + x] = 0;
          for (let y = 0; y < height; y++)
            for (let x = at; x < at + lineWidth; x++) data[y * width + x] = 0;
          const image = { data, width, height };
          expect(eraseCrossingLines(image, keepInLetters, 30)).toBe(true);
          const ink = (x: number, y: number) => data[y * width + x]! < 160;
          for (let x = at; x < at + lineWidth; x++) {
            // Above and below the letters the line is gone either way.
            expect(ink(x, 2)).toBe(false);
            expect(ink(x, 55)).toBe(false);
            expect(ink(x, 30)).toBe(keepInLetters);
          }
          // A strip without a crossing line is left as it is.
          const blank = { data: new Uint8Array(width * height).fill(255), width, height };
          expect(eraseCrossingLines(blank, keepInLetters, 30)).toBe(false);
        },
      ),
    );
  });
});

describe('hasLetters', () => {
  it('finds a value in a strip, and none in a blank strip or one with a stray stroke', async () => {
    const strip = (body: string) =>
      greyOf(
        `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="100%" height="100%" fill="white"/>${body}</svg>`,
      );
    const value = await strip(
      '<text x="60" y="60" font-size="44" font-family="DejaVu Sans, sans-serif">19.5</text>',
    );
    expect(hasLetters(value, 44)).toBe(true);
    expect(hasLetters(await strip(''), 44)).toBe(false);
    // What an extension line leaves when it stops short of the strip's edges, and a dot.
    const stray = await strip(
      '<line x1="30" y1="30" x2="30" y2="50" stroke="black" stroke-width="3"/><circle cx="120" cy="60" r="3"/>',
    );
    expect(hasLetters(stray, 44)).toBe(false);
  });
});
