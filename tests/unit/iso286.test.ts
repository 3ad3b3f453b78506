import { describe, expect, it } from 'vitest';
import { FitError, fitLimits } from '#cam/iso286';

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
  ] as const)('%s at %s mm is %j µm', (fit, size, limits) => {
    expect(um(fit, size)).toEqual(limits);
  });

  it('refuses fits, grades and sizes the table does not hold, saying which', () => {
    expect(() => fitLimits('K7', 40)).toThrow(FitError);
    expect(() => fitLimits('K7', 40)).toThrow(
      'The fit "K7" is not one of f, g, h, js, k, F, G, H or JS with a grade.',
    );
    expect(() => fitLimits('h12', 40)).toThrow(
      'Tolerance grade IT12 is not tabulated here (IT5 to IT11 are).',
    );
    expect(() => fitLimits('h7', 600)).toThrow(
      'ISO 286 fits are tabulated here for sizes over 1 up to 500 mm, not 600 mm.',
    );
    expect(() => fitLimits('h7', 1)).toThrow(FitError);
  });
});
