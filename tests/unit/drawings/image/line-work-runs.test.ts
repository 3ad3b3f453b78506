/**
 * OCR runs that are line work (drawings/image/line-work-runs.ts): a short run (or a mark of up to
 * three glyphs without a digit, as a small circle crossed by its centre lines is read) a drawn
 * line runs through is dropped, so its box is not cleared from the ink; a value written above its
 * dimension line, a run in open paper and a longer text on a line are kept.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GreyImage } from '#drawings/engines/prepare-image';
import { withoutLineWorkRuns } from '#drawings/image/line-work-runs';
import type { TextRun } from '#drawings/reading';

const size = 200;

/** White paper with black horizontal lines at the given rows (3 px wide) and columns. */
function paper(rows: number[], columns: number[] = []): GreyImage {
  const data = new Uint8Array(size * size).fill(255);
  for (const row of rows)
    for (let y = row - 1; y <= row + 1; y++) for (let x = 0; x < size; x++) data[y * size + x] = 0;
  for (const column of columns)
    for (let x = column - 1; x <= column + 1; x++)
      for (let y = 0; y < size; y++) data[y * size + x] = 0;
  return { data, width: size, height: size };
}

const run = (text: string, x: number, y: number, width: number, height: number): TextRun => ({
  text,
  x,
  y,
  width,
  height,
  angleDeg: 0,
  page: 1,
  confidence: 0.6,
  origin: 'ocr',
});

const box = fc.record({
  x: fc.integer({ min: 40, max: 140 }),
  y: fc.integer({ min: 40, max: 140 }),
  width: fc.integer({ min: 4, max: 16 }),
  height: fc.integer({ min: 8, max: 20 }),
});

describe('withoutLineWorkRuns', () => {
  it('drops a short line-like run, or a mark a circle and its centre lines read as, that a drawn line runs through', () => {
    fc.assert(
      fc.property(
        box,
        fc.constantFrom('1', '-', '|', '<', 'l1', 'AL)', '(+)', 'O'),
        fc.boolean(),
        (b, text, down) => {
          const middle = Math.round(b.y + b.height / 2);
          const image = down ? paper([], [Math.round(b.x + b.width / 2)]) : paper([middle]);
          const runs = [run(text, b.x, b.y, b.width, b.height)];
          expect(withoutLineWorkRuns(runs, image, 1, 128)).toEqual([]);
        },
      ),
    );
  });

  it('keeps a value above its dimension line, a run in open paper and a longer text on a line', () => {
    fc.assert(
      fc.property(box, fc.constantFrom('1', '11', '-'), (b, text) => {
        // The dimension line 1–6 px under the value's box, within the margin a line is looked for.
        const under = b.y + b.height + 1 + (b.x % 6);
        const above = [run(text, b.x, b.y, b.width, b.height)];
        expect(withoutLineWorkRuns(above, paper([under]), 1, 128)).toBe(above);
        const alone = [run(text, b.x, b.y, b.width, b.height)];
        expect(withoutLineWorkRuns(alone, paper([]), 1, 128)).toBe(alone);
        const middle = Math.round(b.y + b.height / 2);
        const words = [run('125', b.x, b.y, b.width + 10, b.height)];
        expect(withoutLineWorkRuns(words, paper([middle]), 1, 128)).toBe(words);
        const word = [run('THRU', b.x, b.y, b.width + 10, b.height)];
        expect(withoutLineWorkRuns(word, paper([middle]), 1, 128)).toBe(word);
        const label = [run('A', b.x, b.y, b.width, b.height)];
        expect(withoutLineWorkRuns(label, paper([under]), 1, 128)).toBe(label);
      }),
    );
  });

  it('reads the runs in original pixels on an image at another scale', () => {
    // A line at row 100 of a 2× image runs through a '1' at y 45..55 of the original.
    const runs = [run('1', 40, 45, 6, 10)];
    expect(withoutLineWorkRuns(runs, paper([100]), 2, 128)).toEqual([]);
    expect(withoutLineWorkRuns(runs, paper([140]), 2, 128)).toBe(runs);
  });

  it('drops a line-like run, or a glyph or two, a third of the lettering high in open paper, and keeps one as high', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 15, max: 40 }),
        fc.constantFrom('1', '-', 'l1', '7', '4', '25', 'A'),
        fc.boolean(),
        (lettering, text, upright) => {
          // The page's values, 'lettering' px high; a dash read as '1' a third of that.
          const values = [0, 1, 2].map((k) => run(`${k + 2}5`, 10 + 40 * k, 10, 20, lettering));
          const low = Math.floor(0.34 * lettering);
          const dash = upright
            ? run(text, 150, 150, 12, low)
            : { ...run(text, 150, 150, low, 12), angleDeg: 90 };
          const kept = withoutLineWorkRuns([...values, dash], paper([]), 1, 128);
          expect(kept).toEqual(values);
          const tall = { ...dash, ...(upright ? { height: lettering } : { width: lettering }) };
          const all = [...values, tall];
          expect(withoutLineWorkRuns(all, paper([]), 1, 128)).toBe(all);
        },
      ),
    );
  });

  it('keeps a word of three glyphs or more as low, in open paper (small print in a title block)', () => {
    const values = [0, 1, 2].map((k) => run(`${k + 2}5`, 10 + 40 * k, 10, 20, 30));
    const word = run('M10', 150, 150, 30, 9);
    const all = [...values, word];
    expect(withoutLineWorkRuns(all, paper([]), 1, 128)).toBe(all);
  });
});
