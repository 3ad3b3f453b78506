/**
 * ISO 286 limits and fits for the tolerance letters a turned part's drawing most often carries.
 *
 * Standard tolerance grades IT5–IT11 and fundamental deviations from ISO 286-1:2010, Table 1
 * (standard tolerance values) and Tables 2–3 (fundamental deviations of shafts and holes), for
 * nominal sizes over 1 up to 500 mm. Values in µm. Letters covered: shafts f, g, h, js, k;
 * holes F, G, H, JS. Other letters (K, M, N, P… need the Δ values of Table 3) are refused with a
 * clear message rather than approximated.
 */

/** Upper bounds of the ISO 286 size ranges (mm); a size belongs to the first range it does not exceed. */
const rangeUpperMm = [3, 6, 10, 18, 30, 50, 80, 120, 180, 250, 315, 400, 500] as const;

/** Standard tolerances in µm per grade, one value per size range (ISO 286-1, Table 1). */
const standardToleranceUm: Record<number, readonly number[]> = {
  5: [4, 5, 6, 8, 9, 11, 13, 15, 18, 20, 23, 25, 27],
  6: [6, 8, 9, 11, 13, 16, 19, 22, 25, 29, 32, 36, 40],
  7: [10, 12, 15, 18, 21, 25, 30, 35, 40, 46, 52, 57, 63],
  8: [14, 18, 22, 27, 33, 39, 46, 54, 63, 72, 81, 89, 97],
  9: [25, 30, 36, 43, 52, 62, 74, 87, 100, 115, 130, 140, 155],
  10: [40, 48, 58, 70, 84, 100, 120, 140, 160, 185, 210, 230, 250],
  11: [60, 75, 90, 110, 130, 160, 190, 220, 250, 290, 320, 360, 400],
};

/** Upper deviation es of shafts f and g in µm (ISO 286-1, Table 2). */
const shaftUpperDeviationUm: Record<'f' | 'g', readonly number[]> = {
  f: [-6, -10, -13, -16, -20, -25, -30, -36, -43, -50, -56, -62, -68],
  g: [-2, -4, -5, -6, -7, -9, -10, -12, -14, -15, -17, -18, -20],
};

/** Lower deviation ei of shaft k for grades 4 to 7 in µm (ISO 286-1, Table 2); 0 for other grades. */
const kLowerDeviationUm = [0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4, 5] as const;

export interface FitLimits {
  /** Upper deviation from the nominal size, mm. */
  upperMm: number;
  /** Lower deviation from the nominal size, mm. */
  lowerMm: number;
}

export class FitError extends Error {
  override name = 'FitError';
}

/** Index of the ISO 286 size range holding `nominalMm`. @throws FitError outside 1–500 mm */
function rangeIndex(nominalMm: number): number {
  if (!(nominalMm > 1 && nominalMm <= 500)) {
    throw new FitError(
      `ISO 286 fits are tabulated here for sizes over 1 up to 500 mm, not ${nominalMm} mm.`,
    );
  }
  return rangeUpperMm.findIndex((upper) => nominalMm <= upper);
}

/**
 * The limits of an ISO 286 fit such as `h7`, `H7`, `js6`, `k6`, `g6`, `F8` for a nominal size.
 *
 * @param fit - letter(s) and grade; lower case for shafts (outer diameters), upper case for holes
 * @param nominalMm - nominal size over 1 up to 500 mm
 * @returns deviations from the nominal size in mm
 * @throws FitError for a letter or grade this table does not hold, or a size outside its range
 */
export function fitLimits(fit: string, nominalMm: number): FitLimits {
  const match = /^\s*(js|JS|[fghkFGH])\s*(\d{1,2})\s*$/.exec(fit);
  if (!match)
    throw new FitError(
      `The fit "${fit}" is not one of f, g, h, js, k, F, G, H or JS with a grade.`,
    );
  const letter = match[1]!;
  const grade = Number(match[2]);
  const tolerances = standardToleranceUm[grade];
  if (!tolerances)
    throw new FitError(`Tolerance grade IT${grade} is not tabulated here (IT5 to IT11 are).`);
  const index = rangeIndex(nominalMm);
  const it = tolerances[index]!;
  const um = (upper: number, lower: number): FitLimits => ({
    upperMm: upper / 1000,
    lowerMm: lower / 1000,
  });
  switch (letter) {
    case 'h':
      return um(0, -it);
    case 'H':
      return um(it, 0);
    case 'js':
    case 'JS':
      return um(it / 2, -it / 2);
    case 'f':
    case 'g': {
      const es = shaftUpperDeviationUm[letter][index]!;
      return um(es, es - it);
    }
    case 'F':
    case 'G': {
      // Holes F and G mirror shafts f and g: EI = -es (ISO 286-1, Table 3).
      const ei = -shaftUpperDeviationUm[letter === 'F' ? 'f' : 'g'][index]!;
      return um(ei + it, ei);
    }
    case 'k': {
      const ei = grade >= 4 && grade <= 7 ? kLowerDeviationUm[index]! : 0;
      return um(ei + it, ei);
    }
    default:
      throw new FitError(`The fit "${fit}" is not supported.`);
  }
}
