/**
 * Comments every control reads (cam/post/common.ts commentText): ASCII only, with the signs a
 * drawing writes spelled out rather than dropped, and brackets for parentheses.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commentText } from '#cam/post/common';

describe('commentText', () => {
  it('spells out the signs of a drawing', () => {
    expect(commentText('Ra 3.2 µm, Ø12 H7 at 45°, ±0.01 (fit)', true)).toBe(
      'RA 3.2 UM, DIA 12 H7 AT 45 DEG, +/-0.01 [FIT]',
    );
    // The Greek mu that NFKD makes of the micro sign, too.
    expect(commentText('Ra 0.8 μm', false)).toBe('Ra 0.8 um');
  });

  it('writes printable ASCII without parentheses, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.boolean(), (text, upper) => {
        const comment = commentText(text, upper);
        expect(comment).toMatch(/^[\x20-\x7E]*$/);
        expect(comment).not.toMatch(/[()]/);
        if (upper) expect(comment).toBe(comment.toUpperCase());
      }),
    );
  });
});
