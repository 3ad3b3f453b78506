/**
 * Values read again beside dimension lines (drawings/image/dimension-values.ts, value-strips.ts,
 * strip-cleaning.ts): where a value is written beside a line (above one across the sheet, left
 * of one up the sheet reading from the bottom, along a slanted one), what reads as a value, how
 * the strip is cleaned, and the OCR of rendered dimensions with their arrowheads and extension
 * lines.
 */
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { isDimensionValue, readBesideLines } from '#drawings/image/dimension-values';
import { eraseCrossingLines, eraseLine, hasLetters } from '#drawings/image/strip-cleaning';
import { slantedStripOf, stripOf } from '#drawings/image/value-strips';
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
  it('lies above a line across the sheet and left of a line up it, over its length and at least three letters', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 2, max: 800, noNaN: true }),
        fc.double({ min: 5, max: 60, noNaN: true }),
        (x, y, length, letter) => {
          const span = Math.max(length, 3 * letter);
          const across = stripOf({ from: { x, y }, to: { x: x + length, y } }, 0, letter);
          expect(across.left + across.width / 2).toBeCloseTo(x + length / 2);
          expect(across.width).toBeCloseTo(span);
          expect(across.top + across.height).toBeLessThan(y);
          expect(across.height).toBeGreaterThan(letter);
          const up = stripOf({ from: { x, y: y + length }, to: { x, y } }, 90, letter);
          expect(up.top + up.height / 2).toBeCloseTo(y + length / 2);
          expect(up.height).toBeCloseTo(span);
          expect(up.left + up.width).toBeLessThan(x);
          expect(up.width).toBeGreaterThan(letter);
        },
      ),
    );
  });

  it('lies along a slanted line, on the side its text reads from the bottom or the right', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 20, max: 800, noNaN: true }),
        // Any slant, either way round.
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 5, max: 60, noNaN: true }),
        (x, y, length, deg, letter) => {
          const a = (deg * Math.PI) / 180;
          const to = { x: x + length * Math.cos(a), y: y - length * Math.sin(a) };
          const strip = slantedStripOf({ from: { x, y }, to }, letter);
          const { along, above, centre } = strip;
          expect(Math.hypot(along.x, along.y)).toBeCloseTo(1);
          // Along the line, and square to it towards the text.
          expect(Math.abs(along.x * (to.y - y) - along.y * (to.x - x))).toBeLessThan(1e-6 * length);
          expect(along.x * above.x + along.y * above.y).toBeCloseTo(0);
          // Read left to right, or up the sheet where the line is steep (never top to bottom).
          expect(along.x > 1e-9 || along.y < 0).toBe(true);
          expect(along.y > Math.tan((60 * Math.PI) / 180) * along.x + 1e-9).toBe(false);
          // The text's side is above a line read left to right (y down on the image).
          if (along.x > 0.5) expect(above.y).toBeLessThan(0);
          const middle = { x: (x + to.x) / 2, y: (y + to.y) / 2 };
          const offset = (centre.x - middle.x) * above.x + (centre.y - middle.y) * above.y;
          expect(offset).toBeGreaterThan(0.5 * letter);
          expect(offset).toBeLessThan(1.5 * letter);
          expect(strip.length).toBeCloseTo(Math.max(length, 3 * letter));
          expect(strip.height).toBeGreaterThan(letter);
        },
      ),
    );
  });
});

describe('eraseLine', () => {
  it('erases a line and the halves of its arrowheads, and keeps a letter standing on it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 40, max: 70 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 20, max: 100 }),
        (lineAt, lineWidth, letterAt) => {
          const width = 160;
          const height = 90;
          const data = new Uint8Array(width * height).fill(255);
          const paint = (x: number, y: number) => {
            if (x >= 0 && y >= 0 && x < width && y < height) data[y * width + x] = 0;
          };
          // The line, and an arrowhead 12 px high across it near each end.
          for (let y = lineAt; y < lineAt + lineWidth; y++)
            for (let x = 0; x < width; x++) paint(x, y);
          for (const tip of [8, width - 9])
            for (let dy = -6; dy < lineWidth + 6; dy++)
              for (let dx = 0; dx < 3; dx++) paint(tip + dx, lineAt + dy);
          // A letter 40 px high (an 'l' with a foot) standing on the line.
          for (let y = lineAt - 40; y < lineAt; y++)
            for (let x = letterAt; x < letterAt + 6; x++) paint(x, y);
          for (let x = letterAt - 4; x < letterAt + 10; x++) paint(x, lineAt - 1);
          const image = { data, width, height };
          eraseLine(image);
          const ink = (x: number, y: number) => data[y * width + x] === 0;
          let left = 0;
          for (let i = 0; i < data.length; i++) if (data[i] === 0) left++;
          // Only the letter is left: its stem whole.
          let stem = 0;
          for (let y = lineAt - 40; y < lineAt - 1; y++) if (ink(letterAt + 2, y)) stem++;
          expect(stem).toBe(39);
          expect(left).toBeLessThanOrEqual(40 * 6 + 14);
          let outside = 0;
          for (let x = 0; x < width; x++)
            if (x < letterAt - 4 || x >= letterAt + 10)
              for (let y = 0; y < height; y++) if (ink(x, y)) outside++;
          expect(outside).toBe(0);
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

describe('a value along a slanted line', () => {
  it(
    "reads a diameter written along its line through the centre, across the centre lines, and a short line's value standing on it",
    async () => {
      const font = 'font-size="22" font-family="DejaVu Sans, sans-serif"';
      // A bore's diameter dimensioned along a line at 20° through its centre, its value crossed
      // by the vertical centre line; and a 6 between arrowheads outside a line 24 px long, its
      // value a pixel off the line.
      const a = (20 * Math.PI) / 180;
      const [cx, cy, r] = [220, 220, 110];
      const from = { x: cx - r * Math.cos(a), y: cy + r * Math.sin(a) };
      const to = { x: cx + r * Math.cos(a), y: cy - r * Math.sin(a) };
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="440"><rect width="100%" height="100%" fill="white"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="black" stroke-width="2"/>
<line x1="${cx}" y1="60" x2="${cx}" y2="380" stroke="black" stroke-width="1.5" stroke-dasharray="60 8 6 8"/>
<line x1="60" y1="${cy}" x2="380" y2="${cy}" stroke="black" stroke-width="1.5" stroke-dasharray="60 8 6 8"/>
<line x1="${from.x}" y1="${from.y}" x2="${to.x}" y2="${to.y}" stroke="black" stroke-width="1.5"/>
${arrow(from.x, from.y, -Math.cos(a), Math.sin(a))}${arrow(to.x, to.y, Math.cos(a), -Math.sin(a))}
<text transform="translate(${cx - 12},${cy - 3}) rotate(-20)" ${font}>28</text>
<line x1="480" y1="200" x2="560" y2="200" stroke="black" stroke-width="1.5"/>
<line x1="480" y1="224" x2="560" y2="224" stroke="black" stroke-width="1.5"/>
<line x1="540" y1="170" x2="540" y2="254" stroke="black" stroke-width="1.5"/>
${arrow(540, 200, 0, 1)}${arrow(540, 224, 0, -1)}
<text transform="translate(538,220) rotate(-90)" ${font}>6</text>
</svg>`;
      const runs = await readBesideLines(
        await greyOf(svg),
        [
          { from, to },
          { from: { x: 540, y: 224 }, to: { x: 540, y: 200 } },
        ],
        16,
        1,
        OCR_TEST_MS,
      );
      expect(runs.map((run) => run.text)).toEqual(['28', '6']);
      const [slanted, short] = runs;
      expect(slanted!.angleDeg).toBeCloseTo(20, 0);
      // The box holds where the value is drawn, above the centre.
      expect(slanted!.x).toBeLessThan(cx);
      expect(slanted!.x + slanted!.width).toBeGreaterThan(cx);
      expect(slanted!.y + slanted!.height).toBeLessThanOrEqual(cy + 4);
      expect(slanted!.y).toBeGreaterThan(cy - 50);
      expect(short!.angleDeg).toBe(90);
      expect(short!.x + short!.width).toBeLessThanOrEqual(541);
      expect(short!.y).toBeGreaterThan(190);
      expect(short!.y + short!.height).toBeLessThan(234);
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
