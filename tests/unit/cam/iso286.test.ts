import { describe, expect, it } from 'vitest';
import { fitLimits, standardToleranceMm } from '#cam/iso286';
import { FitError } from '#cam/errors';

/** Limits in µm, to compare with the printed ISO 286-2 tables. */
const um = (fit: string, size: number) => {
  const { upperMm, lowerMm } = fitLimits(fit, size);
  return [Math.round(upperMm * 1000), Math.round(lowerMm * 1000)];
};

describe('ISO 286 limits (checked against ISO 286-2 tables)', () => {
  it.each([
    // fit, size mm, [upper, lower] µm
    ['h7', 40, [0, -25]],
    ['h11', 40, [0, -160]],
    ['h6', 18, [0, -11]], // 18 belongs to the 10–18 range
    ['h6', 18.5, [0, -13]],
    ['H7', 20, [21, 0]],
    ['H8', 50, [39, 0]],
    ['g6', 25, [-7, -20]],
    ['f7', 40, [-25, -50]],
    ['F8', 12, [43, 16]],
    ['G7', 8, [20, 5]],
    ['k6', 30, [15, 2]],
    ['k6', 100, [25, 3]],
    ['k8', 30, [33, 0]], // k above grade 7 has ei = 0
    ['js6', 40, [8, -8]],
    ['JS7', 60, [15, -15]],
    ['h7', 500, [0, -63]],
    // Ø25 (over 18 up to 30 mm), ISO 286-2 Tables 2 to 17.
    ['h6', 25, [0, -13]],
    ['h7', 25, [0, -21]],
    ['H7', 25, [21, 0]],
    ['k6', 25, [15, 2]],
    ['P7', 25, [-14, -35]],
    ['m6', 25, [21, 8]],
    ['n6', 25, [28, 15]],
    ['p6', 25, [35, 22]],
    ['K7', 25, [6, -15]],
    ['M7', 25, [0, -21]],
    ['N7', 25, [-7, -28]],
    ['P6', 25, [-18, -31]],
    ['K6', 25, [2, -11]],
    // Grades above the Δ rule: K and N take ES = 0, M ES = −m, P ES = −p.
    ['K9', 25, [0, -52]],
    ['N9', 25, [0, -52]],
    ['M9', 25, [-8, -60]],
    ['P9', 25, [-22, -74]],
    // Other ranges: Δ by range and grade.
    ['K7', 40, [7, -18]],
    ['N7', 100, [-10, -45]],
    ['M8', 10, [1, -21]],
    ['P7', 8, [-9, -24]],
    ['N6', 2, [-4, -10]], // up to 3 mm: ES = −4 µm
    ['M6', 300, [-9, -41]], // ISO 286-1 Table 3 special case
    ['p6', 50, [42, 26]],
    ['js11', 25, [65, -65]],
    // IT12 and IT13 for the letters on the zero line (ISO 286-1, Table 1: 30–50 mm IT12 250 µm).
    ['H12', 38, [250, 0]],
    ['h13', 40, [0, -390]],
  ] as const)('%s at %s mm is %j µm', (fit, size, limits) => {
    expect(um(fit, size)).toEqual(limits);
  });

  it('refuses fits, grades and sizes the table does not hold, saying which', () => {
    expect(() => fitLimits('R7', 40)).toThrow(FitError);
    expect(() => fitLimits('R7', 40)).toThrow(
      'The fit "R7" is not one of f, g, h, js, k, m, n, p, F, G, H, JS, K, M, N or P with a grade.',
    );
    expect(() => fitLimits('g12', 40)).toThrow(
      'Tolerance grade IT12 is not tabulated here for g (IT5 to IT11 are).',
    );
    expect(() => fitLimits('H14', 40)).toThrow(
      'Tolerance grade IT14 is not tabulated here for H (IT5 to IT13 are).',
    );
    expect(() => fitLimits('h7', 600)).toThrow(
      'ISO 286 fits are tabulated here for sizes over 1 up to 500 mm, not 600 mm.',
    );
    expect(() => fitLimits('h7', 1)).toThrow(FitError);
    expect(() => fitLimits('h4', 40)).toThrow(
      'Tolerance grade IT4 is not tabulated here for h (IT5 to IT13 are).',
    );
  });

  it('gives the standard tolerance for DIN 76 undercuts (h13)', () => {
    expect(standardToleranceMm(13, 17.7)).toBe(0.27);
    expect(standardToleranceMm(7, 25)).toBe(0.021);
  });
});
