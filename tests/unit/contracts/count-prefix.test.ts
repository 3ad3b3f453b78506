/**
 * One reading of a count of features before a size ('4x ', '4 X ', '4×', ISO 129-1) for the
 * callout parsers, the stock size and the drawing readers (contracts/written-numbers.ts
 * countPrefix), as the four patterns it replaces read it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countPrefix } from '#contracts/written-numbers';

/** The patterns countPrefix replaces: cam/callouts.ts and stock-size.ts ('size'), counted-holes.ts ('hole'). */
const before = {
  size: /^[1-9]\d?\s*[x×X]\s*(?=[\d.,])/,
  hole: /^\s*([1-9]\d?)\s*[x×X]\s*(?=[ØøⲪ⌀∅MmD\d.,])/,
};

const blanks = fc.constantFrom('', ' ', '  ');
const times = fc.constantFrom('x', 'X', '×');
const size = fc.constantFrom('6.6', '19,9', '.5', 'Ø6.6', '⌀9', 'M8', 'D3', 'R2', 'THRU', '');

describe('a count of features before a size', () => {
  it('is read as a count of 1 to 99 with what follows it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), blanks, times, blanks, (count, a, x, b) => {
        const prefix = `${count}${a}${x}${b}`;
        expect(countPrefix(`${prefix}12.5`)).toEqual({ count, prefix, rest: '12.5' });
        expect(countPrefix(`${prefix}Ø6.6`, 'hole')).toEqual({ count, prefix, rest: 'Ø6.6' });
        expect(countPrefix(`${prefix}M8`, 'hole')?.count).toBe(count);
        // A diameter or thread is no size after the count, and a radius is neither.
        expect(countPrefix(`${prefix}Ø6.6`)).toBeUndefined();
        expect(countPrefix(`${prefix}R2`, 'hole')).toBeUndefined();
      }),
    );
  });

  it('reads as the patterns it replaces', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        blanks,
        fc.oneof(times, fc.constantFrom('*', 'x.', '')),
        blanks,
        size,
        (count, a, x, b, rest) => {
          const text = `${count}${a}${x}${b}${rest}`;
          const sized = before.size.exec(text);
          expect(countPrefix(text)?.prefix).toBe(sized?.[0]);
          const holed = before.hole.exec(text);
          expect(countPrefix(text, 'hole')?.count).toBe(holed ? Number(holed[1]) : undefined);
        },
      ),
    );
  });
});
