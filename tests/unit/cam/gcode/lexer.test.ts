import { describe, expect, it } from 'vitest';
import { BlockLexer, letter } from '#cam/gcode/lexer';

describe('the lexer', () => {
  it('reads words, comments, Sinumerik keywords, assignments and calls with empty parameters', () => {
    const lexer = new BlockLexer();
    expect(lexer.lex('N10 g1 X-1.5 y.25 Z 3 F200. (CUT) ; rest')).toBe(true);
    expect([
      lexer.get(letter.X),
      lexer.get(letter.Y),
      lexer.get(letter.Z),
      lexer.get(letter.F),
    ]).toEqual([-1.5, 0.25, 3, 200]);
    expect(lexer.g.slice(0, lexer.gCount)).toEqual([1]);
    expect(lexer.decimalPoint[letter.F - letter.A]).toBe(1);
    expect(lexer.decimalPoint[letter.Z - letter.A]).toBe(0);
    expect(lexer.comment).toBe('CUT rest');
    expect(lexer.lex('G96 S200 LIMS=3000 SUPA DIAMON')).toBe(true);
    expect(lexer.keywords).toEqual(['SUPA', 'DIAMON']);
    expect(lexer.assignNames).toEqual(['LIMS']);
    expect(lexer.assignValues).toEqual([3000]);
    expect(lexer.has(letter.X)).toBe(false);
    expect(lexer.lex('CYCLE83(10,0,2,-20,,5,,1,0,0,1,0)')).toBe(true);
    expect(lexer.call).toBe('CYCLE83');
    expect(lexer.callArgs.map((value) => (Number.isNaN(value) ? null : value))).toEqual([
      10,
      0,
      2,
      -20,
      null,
      5,
      null,
      1,
      0,
      0,
      1,
      0,
    ]);
    expect(lexer.lex('G1 X1 X2')).toBe(false);
    expect(lexer.error).toBe('X is given twice in one block');
    expect(lexer.lex('G1 X#1')).toBe(false);
    expect(lexer.lex('(open')).toBe(false);
    expect(lexer.lex('%')).toBe(true);
    expect(lexer.tapeMark).toBe(true);
  });
});

describe('letters by name', () => {
  it('gives each letter its ASCII code, the key of has, get and pointed', () => {
    for (const [name, code] of Object.entries(letter)) expect(code).toBe(name.charCodeAt(0));
    expect(Object.keys(letter)).toHaveLength(26);
    const lexer = new BlockLexer();
    expect(lexer.lex('G4 P500. X2')).toBe(true);
    expect([lexer.pointed(letter.P), lexer.pointed(letter.X), lexer.pointed(letter.Z)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
