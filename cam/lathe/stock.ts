/**
 * Bar stock for turned parts.
 *
 * Round bar diameters are the common stock sizes of EN 10060 (hot-rolled steel bars) and
 * EN 754-3 / EN 755-3 (aluminium and copper-alloy drawn and extruded round bars).
 */

/** Stock diameters in mm, ascending. */
export const standardRoundBarMm = [
  3, 4, 5, 6, 8, 10, 12, 14, 15, 16, 18, 20, 22, 25, 28, 30, 32, 35, 36, 38, 40, 42, 45, 50, 55, 60,
  63, 65, 70, 75, 80, 85, 90, 95, 100, 110, 120, 130, 140, 150, 160, 170, 180, 200, 220, 250, 280,
  300,
] as const;

/** Radial material left on the largest diameter to clean it up, at least (mm). */
export const minimumRadialCleanupMm = 0.25;
/** Length faced off the free end (mm). */
export const facingAllowanceMm = 1;
/** Length held in the chuck beyond the part and the cut-off (mm), at least. */
export const minimumGripMm = 25;
/**
 * The cut-off width assumed when no parting blade's width is known, mm: the common 3 mm
 * parting blade (the test and demo shops' T3). Without a parting blade the part is turned from
 * a sawn blank (docs/decisions/060-no-parting-blade.md) and this width only sizes the setup's
 * cut-off zone, where the roughing ends and 4 mm before the jaws.
 */
export const nominalPartingWidthMm = 3;

export interface RoundBar {
  diameterMm: number;
  lengthMm: number;
}

/**
 * The round bar to turn a part from: the next standard diameter that leaves at least
 * 0.25 mm radial clean-up on the largest diameter, and a length with facing allowance, the
 * cut-off width and a grip of at least 25 mm (or one diameter) in the chuck, rounded up to 5 mm.
 *
 * @param largestDiameterMm - the part's largest finished diameter
 * @param partLengthMm - the part's overall length
 * @param partingWidthMm - width of the cut-off blade ({@link nominalPartingWidthMm} when unknown)
 * @returns undefined when the part is larger than the largest listed bar (300 mm)
 */
export function suggestRoundBar(
  largestDiameterMm: number,
  partLengthMm: number,
  partingWidthMm = nominalPartingWidthMm,
): RoundBar | undefined {
  const diameterMm = standardRoundBarMm.find(
    (size) => size >= largestDiameterMm + 2 * minimumRadialCleanupMm,
  );
  if (diameterMm === undefined) return undefined;
  const grip = Math.max(minimumGripMm, diameterMm);
  const lengthMm = Math.ceil((partLengthMm + facingAllowanceMm + partingWidthMm + grip) / 5) * 5;
  return { diameterMm, lengthMm };
}
