/**
 * General tolerances of a prismatic part, every length in mm: the ISO 2768-1 table of permissible
 * deviations for linear sizes without their own tolerance, the general tolerance read from the
 * drawing's note, and the tightest tolerance written on the sizes of the outline, the thickness and
 * the top view's features. The part model that holds them, and `heldToleranceMm` that combines
 * them, are in part.ts.
 */
import type { BlueprintDescription } from '#contracts/blueprint';

/** General tolerance when the drawing gives none, mm. */
export const defaultGeneralToleranceMm = 0.1;

/**
 * ISO 2768-1:1989, Table 1: permissible deviations (±mm) for linear dimensions without their own
 * tolerance, by tolerance class, for nominal sizes over 0.5 mm up to the given bounds.
 * `undefined`: the class gives no value for that range (class v below 3 mm).
 */
const iso2768RangeUpperMm = [3, 6, 30, 120, 400, 1000, 2000, 4000] as const;
const iso2768LinearMm: Record<'f' | 'm' | 'c' | 'v', readonly (number | undefined)[]> = {
  f: [0.05, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, undefined],
  m: [0.1, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2],
  c: [0.2, 0.3, 0.5, 0.8, 1.2, 2, 3, 4],
  v: [undefined, 0.5, 1, 1.5, 2.5, 4, 6, 8],
};

/**
 * The ISO 2768-1 general tolerance (±mm) of a linear size (Table 1).
 * @param toleranceClass - f (fine), m (medium), c (coarse) or v (very coarse)
 * @returns undefined for a size outside 0.5–4000 mm or a range the class leaves open
 */
export function iso2768LinearToleranceMm(
  toleranceClass: 'f' | 'm' | 'c' | 'v',
  sizeMm: number,
): number | undefined {
  if (!(sizeMm >= 0.5 && sizeMm <= 4000)) return undefined;
  const index = iso2768RangeUpperMm.findIndex((upper) => sizeMm <= upper);
  return iso2768LinearMm[toleranceClass][index];
}

/**
 * The general tolerance of a part from its note: 'ISO 2768-mK' gives the ISO 2768-1 value for the
 * part's largest size (the loosest that applies to it); '±0.05' gives 0.05.
 * @param largestSizeMm - the part's largest size (outline width or height, or thickness), mm
 * @returns the tolerance, ±mm; undefined when the note gives neither
 */
export function generalToleranceOf(
  note: string | undefined,
  largestSizeMm: number,
): number | undefined {
  if (!note) return undefined;
  const iso = /2768(?:\s*-\s*1)?\s*[-–:]?\s*([fmcv])(?![a-z]{2})/i.exec(note);
  if (iso) {
    const toleranceClass = iso[1]!.toLowerCase() as 'f' | 'm' | 'c' | 'v';
    return iso2768LinearToleranceMm(toleranceClass, Math.max(0.5, largestSizeMm));
  }
  const plusMinus = /(?:±|\+\/-)\s*(\d*[.,]?\d+)/.exec(note);
  if (plusMinus) return Number(plusMinus[1]!.replace(',', '.'));
  return undefined;
}

const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

const SIZE_NAMES = {
  width: 'outline width',
  height: 'outline height',
  thickness: 'thickness',
  feature: 'size',
};

/**
 * The tightest deviation allowed from the nominal size on the written sizes of the outline, the
 * thickness and the top view's features (`prismatic.sizes`), mm. A size whose nominal is a limit
 * of its tolerance ('8 +0.2/0') cannot be held by a program that cuts the nominal size, and a
 * size the top view does not hold (`other`: a step) is not made at all: both go to `notModelled`.
 * @param notModelled - the part's 'not programmed' sentences: one is appended for each such size
 * @returns undefined when no size the program can hold has a tolerance written
 */
export function writtenSizeToleranceMm(
  sizes: NonNullable<NonNullable<BlueprintDescription['prismatic']>['sizes']>,
  notModelled: string[],
): number | undefined {
  let tightest: number | undefined;
  // Sizes the top view does not hold (a step, a depth): the part model has no feature for them.
  const others = sizes.filter((size) => size.measures === 'other');
  const unheld = others.map((size) => size.dimension.trim() || `${fmt(size.mm)} mm`);
  if (unheld.length > 0) {
    notModelled.push(
      `The drawing writes ${unheld.join(', ')}, which the top view does not hold (a step, a depth or a size in another view): not programmed. Check the drawing, or give the feature with 'Change'.`,
    );
  }
  for (const size of sizes) {
    if (!size.tolerance || size.measures === 'other' || size.measures === 'position') continue;
    const allowed = Math.min(size.tolerance.upperMm, -size.tolerance.lowerMm);
    if (allowed <= 1e-9) {
      const middle = size.mm + (size.tolerance.upperMm + size.tolerance.lowerMm) / 2;
      notModelled.push(
        `The ${SIZE_NAMES[size.measures]} ${size.dimension}: the program cuts the nominal size, which is a limit of this tolerance; offset the cut to the middle of the tolerance (${fmt(middle)} mm) on the machine.`,
      );
      continue;
    }
    tightest = tightest === undefined ? allowed : Math.min(tightest, allowed);
  }
  return tightest;
}
