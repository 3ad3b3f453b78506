import { describe, expect, it } from 'vitest';
import { parseThreadCallout } from '#cam/callouts';
import { counterboreOnLine } from '#drawings/text/counterbores';

describe('a counterbore written after its hole on one line', () => {
  it('reads the ISO 15786 symbols and the words', () => {
    expect(counterboreOnLine('4x Ø6.6 ⌴Ø11 ↧6.8', 'mm')).toEqual({
      hole: '4x Ø6.6',
      text: '4x Ø6.6 ⌴Ø11 ↧6.8',
      counterbore: { diameterMm: 11, depthMm: 6.8, text: '⌴Ø11 ↧6.8' },
    });
    expect(counterboreOnLine("Ø6.6 C'BORE Ø11 DEEP 6.8", 'mm')?.counterbore).toMatchObject({
      diameterMm: 11,
      depthMm: 6.8,
    });
    expect(counterboreOnLine('%%c6.6 counterbore %%c11 x 6.8', 'mm')?.counterbore).toMatchObject({
      diameterMm: 11,
      depthMm: 6.8,
    });
    expect(counterboreOnLine('.266 ⌴Ø.44 ↧.25', 'inch')?.counterbore.diameterMm).toBeCloseTo(
      11.176,
    );
  });

  it('leaves a line without a hole before the counterbore to the two-line form', () => {
    expect(counterboreOnLine('⌴Ø11 ↧6.8', 'mm')).toBeUndefined();
    expect(counterboreOnLine('4x Ø6.6 THRU', 'mm')).toBeUndefined();
  });
});

describe('a metric thread after a count', () => {
  it('is found with or without a space, and not after a word', () => {
    expect(parseThreadCallout('4xM6')?.designation).toBe('M6');
    expect(parseThreadCallout('4 x M6')?.designation).toBe('M6');
    expect(parseThreadCallout('XM6')).toBeUndefined();
  });
});
