/**
 * The two OCR engines' runs merged (drawings/image/ocr-runs.ts mergeEngines) and the line work's
 * choice between their readings of a dimension (drawings/image/engine-choice.ts), on made-up
 * runs and dimension lines.
 */
import { describe, expect, it } from 'vitest';
import { firstNumber, readingsChosen } from '#drawings/image/engine-choice';
import { mergeEngines, otherReadings } from '#drawings/image/ocr-runs';
import { inkBeside, withoutCrossReadings } from '#drawings/image/second-engine';
import type { DrawnDimension } from '#drawings/page/dimensions';
import { sourceOfRun, type TextRun } from '#drawings/reading';

function run(text: string, x: number, y: number, confidence: number, more: Partial<TextRun> = {}) {
  return {
    text,
    x,
    y,
    width: 10 * text.length,
    height: 20,
    angleDeg: 0,
    page: 1,
    confidence,
    origin: 'ocr',
    ...more,
  } satisfies TextRun;
}
const paddle = { engine: 'PaddleOCR' };

describe('mergeEngines', () => {
  it('keeps one run where both read the same, with the higher confidence', () => {
    const first = [run('Ø20.5', 100, 100, 0.7)];
    const merged = mergeEngines(first, [run('020.5', 101, 99, 0.95, paddle)]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ text: 'Ø20.5', confidence: 0.95 });
    expect(merged[0]!.engine).toBeUndefined();
  });

  it('keeps the more confident of two readings and the other for the line work', () => {
    const first = [run('225', 100, 100, 0.6), run('40', 300, 100, 0.9)];
    const second = [run('Ø25', 100, 100, 0.95, paddle), run('48', 300, 100, 0.8, paddle)];
    const merged = mergeEngines(first, second);
    expect(merged.map((r) => r.text)).toEqual(['Ø25', '40']);
    expect(otherReadings.get(merged[0]!)?.text).toBe('225');
    expect(otherReadings.get(merged[1]!)?.text).toBe('48');
    expect(sourceOfRun(merged[0]!)).toMatch(/^OCR \(PaddleOCR\), page 1 at 100, 100 px/);
    expect(sourceOfRun(merged[1]!)).toMatch(/^OCR, page 1 at 300, 100 px/);
  });

  it('keeps the first reading where the second only drops its leading point or sign', () => {
    const merged = mergeEngines([run('.375', 100, 100, 0.7)], [run('375', 100, 100, 0.99, paddle)]);
    expect(merged.map((r) => [r.text, r.confidence])).toEqual([['.375', 0.99]]);
    const signed = mergeEngines(
      [run('@ 16,5', 100, 100, 0.5)],
      [run('16,5', 110, 100, 0.96, paddle)],
    );
    expect(signed.map((r) => [r.text, r.confidence])).toEqual([['@ 16,5', 0.96]]);
  });

  it('keeps the reading with a sign where both read the same numbers', () => {
    const sign = mergeEngines([run('@60', 100, 100, 0.76)], [run('p60', 100, 100, 0.86, paddle)]);
    expect(sign.map((r) => [r.text, r.confidence, r.engine])).toEqual([['@60', 0.86, undefined]]);
    const second = mergeEngines([run('2.5', 100, 100, 0.9)], [run('R2.5', 100, 100, 0.8, paddle)]);
    expect(second.map((r) => [r.text, r.engine])).toEqual([['R2.5', 'PaddleOCR']]);
  });

  it('drops a second-engine run lying on a text the first read the other way', () => {
    const vertical = run('1.25', 100, 100, 0.9, { angleDeg: 90, width: 20, height: 45 });
    const merged = mergeEngines([vertical], [run('25', 100, 110, 1, { ...paddle, width: 20 })]);
    expect(merged).toEqual([vertical]);
  });

  it('adds no second-engine run that does not stand alone', () => {
    const piece = run('1mm', 300, 300, 0.99, paddle);
    expect(mergeEngines([], [piece], (r) => r !== piece)).toEqual([]);
    expect(mergeEngines([], [piece])).toEqual([piece]);
  });

  it('adds the second engine’s runs elsewhere only when they hold a digit', () => {
    const merged = mergeEngines(
      [run('A-A', 0, 0, 0.9)],
      [run('12.5', 200, 200, 0.9, paddle), run('////', 400, 400, 0.9, paddle)],
    );
    expect(merged.map((r) => r.text)).toEqual(['A-A', '12.5']);
  });

  it('pairs only runs read in the same direction, and leaves a place read as several runs', () => {
    const turned = run('Ø30.5', 100, 100, 0.9, { ...paddle, angleDeg: 90 });
    const upright = run('3O', 100, 100, 0.5);
    const pair = mergeEngines([upright], [turned]);
    expect(pair).toEqual([upright, turned]);
    expect(otherReadings.get(pair[0]!)).toBeUndefined();
    const split = [run('Ø6', 100, 100, 0.6), run('H7', 125, 100, 0.6)];
    const merged = mergeEngines(split, [run('Ø6H7', 100, 100, 0.99, paddle)]);
    expect(merged.map((r) => r.text)).toEqual(['Ø6', 'H7']);
  });
});

describe('withoutCrossReadings', () => {
  it('drops the glyphs one pass reads of a text the other pass reads', () => {
    // '1.25' written bottom to top, 20 px letters: 20 wide, 45 high.
    const vertical = run('1.25', 100, 100, 0.9, { angleDeg: 90, width: 20, height: 45 });
    const glyph = run('5', 99, 102, 1, { width: 14, height: 22 });
    const elsewhere = run('5', 300, 100, 1, { width: 14, height: 22 });
    const [upright, turned] = withoutCrossReadings([[glyph, elsewhere], [vertical]]);
    expect(upright).toEqual([elsewhere]);
    expect(turned).toEqual([vertical]);
  });

  it('drops a single glyph lying on its side, and keeps upright ones and longer texts', () => {
    const lying = run('2', 0, 0, 1, { width: 30, height: 20 });
    const upright = run('2', 50, 0, 1, { width: 14, height: 22 });
    const wide = run('M', 100, 0, 1, { width: 22, height: 22 });
    const text = run('12', 150, 0, 1, { width: 40, height: 20 });
    expect(withoutCrossReadings([[lying, upright, wide, text], []])[0]).toEqual([
      upright,
      wide,
      text,
    ]);
  });
});

describe('inkBeside', () => {
  /** A white 200 × 100 image with black rectangles [x0, y0, x1, y1]. */
  function image(...rects: [number, number, number, number][]) {
    const data = new Uint8Array(200 * 100).fill(255);
    for (const [x0, y0, x1, y1] of rects)
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * 200 + x] = 0;
    return { data, width: 200, height: 100 };
  }
  // A run 40 × 20 px at (80, 40); the image at 2 px per original px.
  const upright = run('1mm', 40, 20, 0.99, { width: 20, height: 10 });

  it('finds a glyph just before or after a run, along its baseline', () => {
    expect(inkBeside(image([70, 45, 76, 55]), 2, upright)).toBe(true);
    expect(inkBeside(image([124, 45, 130, 55]), 2, upright)).toBe(true);
  });

  it('ignores ink further away, above or below the middle of the letters, inside, and lines', () => {
    expect(inkBeside(image([40, 45, 60, 55]), 2, upright)).toBe(false);
    expect(inkBeside(image([60, 58, 140, 62]), 2, upright)).toBe(false);
    expect(inkBeside(image([85, 45, 115, 55]), 2, upright)).toBe(false);
    // An extension line crossing the run's whole height beside it is no glyph.
    expect(inkBeside(image([74, 30, 76, 70]), 2, upright)).toBe(false);
    expect(inkBeside(image([74, 30, 76, 70], [72, 45, 73, 55]), 2, upright)).toBe(true);
  });

  it('looks along the baseline of a run reading bottom to top', () => {
    const turned = run('1mm', 40, 10, 0.99, { angleDeg: 90, width: 10, height: 20 });
    expect(inkBeside(image([85, 12, 95, 18]), 2, turned)).toBe(true);
    expect(inkBeside(image([70, 45, 76, 55]), 2, turned)).toBe(false);
  });
});

describe('readingsChosen', () => {
  /** A dimension line 50 pt long whose value is written in `box` (points, 1 pt per px). */
  function dimension(value: number, box: TextRun): DrawnDimension {
    return {
      line: { lengthPt: 50 } as DrawnDimension['line'],
      callout: { ...box, value } as unknown as DrawnDimension['callout'],
    };
  }

  it('takes the other reading where it, and not the kept one, agrees with the line', () => {
    const [kept] = mergeEngines([run('28', 100, 100, 0.9)], [run('25', 100, 100, 0.8, paddle)]);
    // 2 pt per mm: the 50 pt line measures 25 mm.
    const chosen = readingsChosen([kept!], [dimension(28, kept!)], 2, 1);
    expect(chosen[0]).toMatchObject({ text: '25', confidence: 0.8, engine: 'PaddleOCR' });
  });

  it('keeps a reading the line agrees with, and one whose other reading agrees no better', () => {
    const [kept] = mergeEngines([run('25', 100, 100, 0.9)], [run('26', 100, 100, 0.8, paddle)]);
    const runs = [kept!];
    expect(readingsChosen(runs, [dimension(25, kept!)], 2, 1)).toBe(runs);
    const [wrong] = mergeEngines([run('31', 100, 100, 0.9)], [run('36', 100, 100, 0.8, paddle)]);
    expect(readingsChosen([wrong!], [dimension(31, wrong!)], 2, 1)).toEqual([wrong]);
  });

  it('compares in the callout’s unit (an inch value given in mm)', () => {
    const [kept] = mergeEngines(
      [run('.4875', 100, 100, 0.9)],
      [run('.4375', 100, 100, 0.8, paddle)],
    );
    // 0.4375 in = 11.1125 mm: at 4.5 pt per mm the 50 pt line measures 11.11 mm.
    const chosen = readingsChosen([kept!], [dimension(0.4875 * 25.4, kept!)], 4.5, 1);
    expect(chosen[0]!.text).toBe('.4375');
  });
});

describe('firstNumber', () => {
  it('reads the value after a count and a sign', () => {
    expect(firstNumber('Ø20.5±0.05')).toBe(20.5);
    expect(firstNumber('2x Ø6,6')).toBe(6.6);
    expect(firstNumber('020.5')).toBe(20.5);
    expect(firstNumber('.375')).toBe(0.375);
    expect(firstNumber('A-A')).toBeUndefined();
  });
});
