/**
 * Hole callouts as a CAD program's PDF export sets them: a counterbore whose ⌴ was lost (a glyph
 * without Unicode, U+FFFD in the text, its box overlapping the next glyph's) or left out, and a
 * counterbore or countersink on the line under the hole's size, the lines centred or
 * right-aligned (an MTEXT's middle or right attachment) as well as left-aligned.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterCounterboreMark, counterboreOnLine } from '#drawings/text/counterbores';
import { readTextFindings } from '#drawings/text/describe';
import { writtenUnder, type LineBox } from '#drawings/text/stacked-lines';
import type { PageFrame, TextRun } from '#drawings/reading';
import { lineRuns } from '#tests/helpers/drawings/text-runs';

const frames: PageFrame[] = [{ page: 1, width: 1200, height: 850, unit: 'pt' }];

/** A size of one decimal, mm. */
const size = (min: number, max: number) =>
  fc.integer({ min: min * 10, max: max * 10 }).map((tenths) => tenths / 10);
const written = (mm: number) => String(mm);

/** The width of a line of runs (lineRuns). */
const widthOf = (runs: TextRun[]) =>
  Math.max(...runs.map((r) => r.x + r.width)) - Math.min(...runs.map((r) => r.x));

/** Shifts runs along x. */
const shifted = (runs: TextRun[], dx: number) => runs.map((r) => ({ ...r, x: r.x + dx }));

describe('a counterbore after its hole whose ⌴ was lost or left out', () => {
  it('is read from a second, larger diameter with a depth after the hole', () => {
    fc.assert(
      fc.property(
        size(2, 20),
        size(1, 15),
        size(1, 20),
        fc.constantFrom('', '4x ', '2X ', '6×'),
        fc.constantFrom('\uFFFD', '\uFFFD ', '\uE000', ''),
        fc.constantFrom('Ø', '⌀'),
        fc.constantFrom('↧', 'DP ', 'DEEP '),
        (hole, more, depth, count, mark, sign, deep) => {
          const bore = Math.round((hole + more) * 10) / 10;
          const text = `${count}${sign}${written(hole)} ${mark}${sign}${written(bore)} ${deep}${written(depth)}`;
          const read = counterboreOnLine(text, 'mm');
          expect(read?.counterbore).toMatchObject({ diameterMm: bore, depthMm: depth });
          expect(read?.hole).toBe(`${count}${sign}${written(hole)}`);
        },
      ),
    );
  });

  it('is no counterbore without a hole before it, nor with an angle after it', () => {
    fc.assert(
      fc.property(size(2, 20), size(1, 20), (hole, depth) => {
        // A blind hole's depth, and a countersink whose ⌵ was lost.
        expect(counterboreOnLine(`4x Ø${hole} ↧${depth}`, 'mm')).toBeUndefined();
        expect(counterboreOnLine(`4x Ø${hole} \uFFFD Ø${hole + 6} x 90°`, 'mm')).toBeUndefined();
        // A lost glyph before a bare number (a tolerance's ± lost) marks no counterbore.
        expect(counterboreOnLine(`Ø${hole} \uFFFD ${depth}`, 'mm')).toBeUndefined();
      }),
    );
  });

  it('reads the line under a hole without its mark', () => {
    expect(afterCounterboreMark('⌴Ø11 ↧6.4')).toBe('Ø11 ↧6.4');
    expect(afterCounterboreMark('\uFFFD⌀11 ↧6.4')).toBe('⌀11 ↧6.4');
    expect(afterCounterboreMark("C'BORE Ø11 DEEP 6.4")).toBe('Ø11 DEEP 6.4');
    expect(afterCounterboreMark('\uFFFD 11 6.4')).toBeUndefined();
    expect(afterCounterboreMark('Ø11 ↧6.4')).toBeUndefined();
  });

  it('is one callout when the lost glyph overlaps the next run, as pdf.js gives it', () => {
    fc.assert(
      fc.property(size(3, 12), size(2, 8), size(2, 10), size(8, 16), (hole, more, depth, h) => {
        const bore = Math.round((hole + more) * 10) / 10;
        const runs = lineRuns(['4x', `⌀${hole}`, '\uFFFD', `⌀${bore}`, `↧${depth}`], 100, 200, h);
        // The missing glyph's box is wider than its advance: it reaches over the next run.
        runs[2] = { ...runs[2]!, width: runs[3]!.x - runs[2]!.x + 0.6 * h };
        const { callouts } = readTextFindings(runs, frames);
        const counted = callouts.filter((c) => c.count === 4);
        expect(counted).toHaveLength(1);
        expect(counted[0]).toMatchObject({
          value: hole,
          counterbore: { diameterMm: bore, depthMm: depth },
        });
      }),
    );
  });
});

/** A box and its alignment under another. */
const aligned = fc.constantFrom('left', 'middle', 'right' as const);

describe('the line under a hole callout', () => {
  it('is the next line of its text when aligned left, centred or right', () => {
    fc.assert(
      fc.property(
        fc.record({ x: fc.integer({ min: 0, max: 500 }), y: fc.integer({ min: 0, max: 500 }) }),
        fc.integer({ min: 20, max: 120 }),
        fc.integer({ min: 20, max: 160 }),
        fc.integer({ min: 6, max: 16 }),
        fc.double({ min: 0, max: 1.4, noNaN: true }),
        aligned,
        ({ x, y }, wide, lowerWide, h, gap, alignment) => {
          const above: LineBox = { page: 1, x, y, width: wide, height: h, angleDeg: 0 };
          const belowX =
            alignment === 'left'
              ? x
              : alignment === 'middle'
                ? x + (wide - lowerWide) / 2
                : x + wide - lowerWide;
          const below: LineBox = {
            page: 1,
            x: belowX,
            y: y + h + gap * h,
            width: lowerWide,
            height: h,
            angleDeg: 0,
          };
          expect(writtenUnder(above, below)).toBe(true);
          // Written upright (a dimension's value beside the callout), it is no line of it.
          expect(writtenUnder(above, { ...below, angleDeg: 90 })).toBe(false);
          // Above the callout, or three lines below it, it is none either.
          expect(writtenUnder(above, { ...below, y: y - h })).toBe(false);
          expect(writtenUnder(above, { ...below, y: y + 4 * h })).toBe(false);
          // Beside it, starting right of its end, with neither middle nor right end aligned.
          const beside = { ...below, x: x + wide + 2 * h, width: wide };
          expect(writtenUnder(above, beside)).toBe(false);
        },
      ),
    );
  });

  it('gives a centred countersink line, wider than the hole line, to the hole', () => {
    fc.assert(
      fc.property(
        size(3, 12),
        size(3, 10),
        fc.integer({ min: 8, max: 16 }),
        aligned,
        (hole, more, h, alignment) => {
          const sink = Math.round((hole + more) * 10) / 10;
          const upper = lineRuns(['4x', `⌀${hole}`], 300, 200, h);
          const lower = lineRuns([`⌵⌀${sink}`, 'x', '90°'], 300, 200 + 1.2 * h, h);
          const dx =
            alignment === 'left'
              ? 0
              : alignment === 'middle'
                ? (widthOf(upper) - widthOf(lower)) / 2
                : widthOf(upper) - widthOf(lower);
          const { callouts } = readTextFindings([...upper, ...shifted(lower, dx)], frames);
          expect(callouts).toHaveLength(1);
          expect(callouts[0]).toMatchObject({
            value: hole,
            count: 4,
            countersink: { diameterMm: sink, angleDeg: 90 },
          });
        },
      ),
    );
  });

  it('gives a counterbore line with its mark to a single hole, and plain numbers to none', () => {
    fc.assert(
      fc.property(
        size(3, 12),
        size(2, 8),
        size(2, 10),
        fc.constantFrom('⌴', '\uFFFD'),
        fc.integer({ min: 8, max: 16 }),
        (hole, more, depth, mark, h) => {
          const bore = Math.round((hole + more) * 10) / 10;
          const upper = lineRuns([`⌀${hole}`], 300, 200, h);
          // Centred under the hole's size, as a middle-attached MTEXT sets it.
          const lower = lineRuns([`${mark}⌀${bore}`, `↧${depth}`], 300, 200 + 1.2 * h, h);
          const marked = shifted(lower, (widthOf(upper) - widthOf(lower)) / 2);
          const read = readTextFindings([...upper, ...marked], frames).callouts;
          expect(read).toHaveLength(1);
          expect(read[0]).toMatchObject({
            value: hole,
            counterbore: { diameterMm: bore, depthMm: depth },
          });
          // '18 12' under a single 'Ø11' may be two dimensions' values: no counterbore.
          const plain = lineRuns([`${bore}`, `${depth}`], 300, 200 + 1.2 * h, h);
          const unmarked = readTextFindings([...upper, ...plain], frames).callouts;
          expect(unmarked.find((c) => c.value === hole)?.counterbore).toBeUndefined();
        },
      ),
    );
  });

  it('is not a value written upright under a counted callout', () => {
    // Seen on a generated plate: '14' and '18.5' of two vertical dimensions, one above the other
    // under '4x ⌀11', read as one upright line '14 18.5' and taken for a counterbore Ø14 x 18.5.
    const upper = lineRuns(['4x', '⌀11'], 89.4, 146, 13.6);
    const upright = (text: string, y: number, length: number): TextRun => ({
      text,
      x: 88.5,
      y,
      width: 13.6,
      height: length,
      angleDeg: 90,
      page: 1,
      confidence: 1,
      origin: 'pdf-text',
    });
    const { callouts } = readTextFindings(
      [...upper, upright('18.5', 173.1, 32.7), upright('14', 227.3, 16.4)],
      frames,
    );
    expect(callouts.find((c) => c.count === 4)?.counterbore).toBeUndefined();
  });
});
