/**
 * A page's texts around its hole callouts: a corner's 'R3' beside a hole's '⌀11' is no part of
 * its callout, a counted hole callout on a leader ('4x⌀6.6') is a note and no bare number, a
 * material ('16MnCr5'), a count ('4x') or an angle ('90°') is no dimension line's length, and a
 * glyph without Unicode keeps its place as U+FFFD.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDimensionText, textLines } from '#drawings/page/content';
import { calloutsFromRuns, isDesignation, type DimensionLine } from '#drawings/page/dimensions';
import { textRuns } from '#drawings/pdf/text';
import type { TextRun } from '#drawings/reading';
import { lineRuns } from '#tests/helpers/drawings/text-runs';

const tenths = (min: number, max: number) =>
  fc.integer({ min: min * 10, max: max * 10 }).map((n) => n / 10);

describe('text lines of a page', () => {
  it("leave a corner's radius beside a hole's size out of its callout", () => {
    fc.assert(
      fc.property(
        tenths(2, 30),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 6, max: 16 }),
        (d, r, h) => {
          const lines = textLines(lineRuns([`⌀${d}`, `R${r}`], 100, 100, h));
          expect(lines.map((l) => l.text).sort()).toEqual([`R${r}`, `⌀${d}`].sort());
          // A count and its size stay one line.
          expect(textLines(lineRuns(['4x', `⌀${d}`], 100, 100, h)).map((l) => l.text)).toEqual([
            `4x ⌀${d}`,
          ]);
        },
      ),
    );
  });

  it('keep a counted hole callout as a note, and bare numbers and counts out of the notes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        tenths(1, 40),
        fc.constantFrom('x', 'X', '×', ' x ', ' X '),
        fc.constantFrom('Ø', '⌀'),
        (count, d, times, sign) => {
          const [counted] = textLines(lineRuns([`${count}${times}${sign}${d}`], 100, 100, 10));
          expect(isDimensionText(counted!, [])).toBe(false);
          for (const bare of [`${count}x`, `${d}`, `+${d}`, `${sign}${d}`]) {
            const [line] = textLines(lineRuns([bare], 100, 100, 10));
            expect(isDimensionText(line!, [])).toBe(true);
          }
        },
      ),
    );
  });
});

describe('a length for a dimension line without a callout', () => {
  const material = fc.constantFrom('16MnCr5', '42CrMo4', '11SMnPb30', '1.4301A', '2x', '4X', '4 x');
  const length = fc
    .tuple(tenths(1, 500), fc.constantFrom('', 'mm', ' mm', ' THRU', 'mm or longer'))
    .map(([value, tail]) => `${value}${tail}`);

  it('is no designation, count or angle', () => {
    fc.assert(
      fc.property(material, length, (designation, written) => {
        expect(isDesignation(designation)).toBe(true);
        expect(isDesignation(written)).toBe(false);
      }),
    );
  });

  it('is taken from a run beside the line, never from a material, a count or an angle', () => {
    fc.assert(
      fc.property(
        material,
        fc.constantFrom('90°', '45 °'),
        fc.integer({ min: 20, max: 300 }),
        (designation, angle, value) => {
          const line: DimensionLine = {
            from: { x: 100, y: 300 },
            to: { x: 400, y: 300 },
            direction: { x: 1, y: 0 },
            lengthPt: 300,
          };
          const beside = (text: string): TextRun => ({
            ...lineRuns([text], 220, 288, 10)[0]!,
          });
          for (const text of [designation, angle])
            expect(calloutsFromRuns([line], [], [beside(text)])).toEqual([]);
          const [taken] = calloutsFromRuns([line], [], [beside(String(value))]);
          expect(taken?.callout.value).toBe(value);
        },
      ),
    );
  });
});

describe('PDF text runs', () => {
  it('write a glyph without Unicode (pdf.js U+0000) as U+FFFD', () => {
    const identity = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };
    const item = (str: string, x: number) => ({
      str,
      transform: [10, 0, 0, 10, x, 100],
      width: 6 * str.length,
      height: 10,
    });
    const runs = textRuns([item('⌀5.5', 0), item('\u0000', 40), item('⌀10', 50)], identity, 1, 100);
    expect(runs.map((r) => r.text)).toEqual(['⌀5.5', '\uFFFD', '⌀10']);
  });
});
