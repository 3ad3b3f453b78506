/**
 * ISO 286 limits and fits for the tolerance letters a turned part's drawing most often carries.
 *
 * Standard tolerance grades IT5–IT11 and fundamental deviations from ISO 286-1:2010, Table 1
 * (standard tolerance values), Table 2 (fundamental deviations of shafts) and Table 3
 * (fundamental deviations of holes, with its Δ values), for nominal sizes over 1 up to 500 mm.
 * Values in µm. Letters covered: shafts f, g, h, js, k, m, n, p; holes F, G, H, JS, K, M, N, P.
 * Other letters are refused with a clear message rather than approximated.
 *
 * Holes follow ISO 286-1 clause 5.3.2: F and G mirror the shafts (EI = −es); K, M and N up to
 * IT8 and P up to IT7 take the "special rule" ES = −ei + Δ, with Δ = ITn − ITn−1 tabulated in
 * Table 3; above those grades ES = −ei (K and N: 0).
 */
import { FitError } from './errors.ts';

/** Upper bounds of the ISO 286 size ranges (mm); a size belongs to the first range it does not exceed. */
const rangeUpperMm = [3, 6, 10, 18, 30, 50, 80, 120, 180, 250, 315, 400, 500] as const;

/**
 * Standard tolerances in µm per grade, one value per size range (ISO 286-1, Table 1). IT12 and
 * IT13 are used internally (DIN 76 undercut diameters are h13); fits are offered for IT5–IT11.
 */
const standardToleranceUm: Record<number, readonly number[]> = {
  5: [4, 5, 6, 8, 9, 11, 13, 15, 18, 20, 23, 25, 27],
  6: [6, 8, 9, 11, 13, 16, 19, 22, 25, 29, 32, 36, 40],
  7: [10, 12, 15, 18, 21, 25, 30, 35, 40, 46, 52, 57, 63],
  8: [14, 18, 22, 27, 33, 39, 46, 54, 63, 72, 81, 89, 97],
  9: [25, 30, 36, 43, 52, 62, 74, 87, 100, 115, 130, 140, 155],
  10: [40, 48, 58, 70, 84, 100, 120, 140, 160, 185, 210, 230, 250],
  11: [60, 75, 90, 110, 130, 160, 190, 220, 250, 290, 320, 360, 400],
  12: [100, 120, 150, 180, 210, 250, 300, 350, 400, 460, 520, 570, 630],
  13: [140, 180, 220, 270, 330, 390, 460, 540, 630, 720, 810, 890, 970],
};

/** Upper deviation es of shafts f and g in µm (ISO 286-1, Table 2). */
const shaftUpperDeviationUm: Record<'f' | 'g', readonly number[]> = {
  f: [-6, -10, -13, -16, -20, -25, -30, -36, -43, -50, -56, -62, -68],
  g: [-2, -4, -5, -6, -7, -9, -10, -12, -14, -15, -17, -18, -20],
};

/** Lower deviation ei of shaft k for grades 4 to 7 in µm (ISO 286-1, Table 2); 0 for other grades. */
const kLowerDeviationUm = [0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4, 5] as const;

/** Lower deviation ei of shafts m, n and p in µm, every grade (ISO 286-1, Table 2). */
const shaftLowerDeviationUm: Record<'m' | 'n' | 'p', readonly number[]> = {
  m: [2, 4, 6, 7, 8, 9, 11, 13, 15, 17, 20, 21, 23],
  n: [4, 8, 10, 12, 15, 17, 20, 23, 27, 31, 34, 37, 40],
  p: [6, 12, 15, 18, 22, 26, 32, 37, 43, 50, 56, 62, 68],
};

/** Δ in µm for grades IT5 to IT8, per size range (ISO 286-1, Table 3, right-hand columns). */
const deltaUm: Record<5 | 6 | 7 | 8, readonly number[]> = {
  5: [0, 1, 2, 3, 3, 4, 5, 5, 6, 6, 7, 7, 7],
  6: [0, 3, 3, 3, 4, 5, 6, 7, 7, 9, 9, 11, 13],
  7: [0, 4, 6, 7, 8, 9, 11, 13, 15, 17, 20, 21, 23],
  8: [0, 6, 7, 9, 12, 14, 16, 19, 23, 26, 29, 32, 34],
};

export interface FitLimits {
  /** Upper deviation from the nominal size, mm. */
  upperMm: number;
  /** Lower deviation from the nominal size, mm. */
  lowerMm: number;
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
 * The standard tolerance ITn for a nominal size, mm (ISO 286-1, Table 1), grades 5 to 13.
 * @throws FitError for another grade or a size outside over 1 up to 500 mm
 */
export function standardToleranceMm(grade: number, nominalMm: number): number {
  const tolerances = standardToleranceUm[grade];
  if (!tolerances)
    throw new FitError(`Tolerance grade IT${grade} is not tabulated here (IT5 to IT13 are).`);
  return tolerances[rangeIndex(nominalMm)]! / 1000;
}

const supported = 'f, g, h, js, k, m, n, p, F, G, H, JS, K, M, N or P';

/**
 * The limits of an ISO 286 fit such as `h7`, `H7`, `js6`, `k6`, `g6`, `F8`, `P7` for a nominal
 * size.
 *
 * @param fit - letter(s) and grade; lower case for shafts (outer diameters), upper case for holes
 * @param nominalMm - nominal size over 1 up to 500 mm
 * @returns deviations from the nominal size in mm
 * @throws FitError for a letter or grade this table does not hold, or a size outside its range
 */
export function fitLimits(fit: string, nominalMm: number): FitLimits {
  const match = /^\s*(js|JS|[fghkmnpFGHKMNP])\s*(\d{1,2})\s*$/.exec(fit);
  if (!match) throw new FitError(`The fit "${fit}" is not one of ${supported} with a grade.`);
  const letter = match[1]!;
  const grade = Number(match[2]);
  // h, H, js and JS sit on the zero line whatever the grade, so IT12 and IT13 (common on
  // turned and bored diameters, such as Ø38 H12) need only Table 1.
  const maxGrade = /^(?:h|H|js|JS)$/.test(letter) ? 13 : 11;
  if (!(grade >= 5 && grade <= maxGrade))
    throw new FitError(
      `Tolerance grade IT${grade} is not tabulated here for ${letter} (IT5 to IT${maxGrade} are).`,
    );
  const index = rangeIndex(nominalMm);
  const it = standardToleranceUm[grade]![index]!;
  const um = (upper: number, lower: number): FitLimits => ({
    upperMm: upper / 1000,
    lowerMm: lower / 1000,
  });
  const delta = grade <= 8 ? deltaUm[grade as 5 | 6 | 7 | 8][index]! : 0;
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
    case 'm':
    case 'n':
    case 'p': {
      const ei = shaftLowerDeviationUm[letter][index]!;
      return um(ei + it, ei);
    }
    case 'K': {
      // ES = -k + Δ up to IT8 (k's ei for grades 4 to 7), 0 above; 0 for sizes up to 3 mm.
      const es = index === 0 ? 0 : grade <= 8 ? -kLowerDeviationUm[index]! + delta : 0;
      return um(es, es - it);
    }
    case 'M': {
      // ES = -m + Δ up to IT8, -m above; -2 µm up to 3 mm; M6 over 250 to 315 mm: -9 µm (Table 3, note).
      const m = shaftLowerDeviationUm.m[index]!;
      let es = index === 0 ? -2 : grade <= 8 ? -m + delta : -m;
      if (grade === 6 && index === 10) es = -9;
      return um(es, es - it);
    }
    case 'N': {
      // ES = -n + Δ up to IT8, 0 above; -4 µm up to 3 mm.
      const n = shaftLowerDeviationUm.n[index]!;
      const es = index === 0 ? -4 : grade <= 8 ? -n + delta : 0;
      return um(es, es - it);
    }
    case 'P': {
      // ES = -p + Δ up to IT7, -p above (Table 3, "P to ZC").
      const p = shaftLowerDeviationUm.p[index]!;
      const es = grade <= 7 ? -p + delta : -p;
      return um(es, es - it);
    }
    default:
      throw new FitError(`The fit "${fit}" is not supported.`);
  }
}
