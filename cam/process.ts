/**
 * The physics a machinist checks a cut against: specific cutting force, cutting power, chip
 * thickness. Shared by the lathe and mill planners (to choose depths of cut a machine can
 * drive) and their verifiers (to check every move of a program).
 *
 * Formulas: Sandvik Coromant, Metalcutting Technical Guide, "Formulas and definitions":
 * - specific cutting force kc = kc1 · hm^(−mc) (N/mm²), hm the mean chip thickness in mm;
 * - turning: hm = f · sin κr; net power Pc = vc · ap · fn · kc / 60 000 kW
 *   (vc m/min, ap mm, fn mm/rev);
 * - milling: net power Pc = ap · ae · vf · kc / (60 · 10⁶) kW (ap, ae mm, vf mm/min); mean chip
 *   thickness for a cutter of diameter D at radial engagement ae and feed per tooth fz:
 *   hm = (sin κr · 180 · ae · fz) / (π · D · arcsin(ae / D)) (ae ≤ D; arcsin in degrees);
 *   largest chip thickness hex = fz · sin κr · √(1 − (1 − 2·ae/D)²) for ae < D/2, fz · sin κr above.
 * kc1 (N/mm² at hm = 1 mm) and mc per material group: start values of the same guide's
 * workpiece material tables (CMC groups), taken at the upper end of each group so that the
 * power is not underestimated.
 */
import type { MaterialSubgroup } from './materials.ts';

/** Specific cutting force at 1 mm chip thickness and its exponent, per material. */
export interface CuttingForce {
  /** kc1, N/mm². */
  kc1: number;
  /** Exponent mc. */
  mc: number;
}

/** kc1 and mc by material subgroup (Sandvik Coromant CMC start values, upper end). */
export const cuttingForces: Record<MaterialSubgroup, CuttingForce> = {
  'free-cutting': { kc1: 1400, mc: 0.25 },
  'low-carbon': { kc1: 1500, mc: 0.25 },
  'medium-carbon': { kc1: 1700, mc: 0.25 },
  alloy: { kc1: 1900, mc: 0.25 },
  'stainless-austenitic': { kc1: 2100, mc: 0.21 },
  'stainless-martensitic': { kc1: 2000, mc: 0.21 },
  'grey-iron': { kc1: 1150, mc: 0.28 },
  'ductile-iron': { kc1: 1350, mc: 0.28 },
  aluminium: { kc1: 800, mc: 0.25 },
  'copper-alloy': { kc1: 780, mc: 0.25 },
  plastic: { kc1: 300, mc: 0.25 },
  titanium: { kc1: 1600, mc: 0.23 },
  'nickel-alloy': { kc1: 3000, mc: 0.25 },
  hardened: { kc1: 4500, mc: 0.25 },
};

/** The share of the spindle power a program may use (the rest covers losses and peaks). */
export const powerShare = 0.8;

/** Below this chip thickness the edge rubs instead of cutting, mm. */
export const minChipThicknessMm = 0.01;

/** kc, N/mm², for a mean chip thickness `hmMm` (floored at 0.01 mm). */
export function specificCuttingForce(force: CuttingForce, hmMm: number): number {
  return force.kc1 * Math.max(hmMm, 0.01) ** -force.mc;
}

/** The chip thickness of a turning cut: hm = f · sin κr, mm. */
export function turningChipThickness(
  feedPerRevMm: number,
  enteringAngleDeg: number,
  depthOfCutMm = Infinity,
  noseRadiusMm = 0,
): number {
  // Below the nose radius the cut lies on the nose: the effective entering angle is the one of
  // the nose arc at the depth of cut, cos κ = 1 − ap / rε (chip thinning at small depths).
  let kappa = (enteringAngleDeg * Math.PI) / 180;
  if (noseRadiusMm > 0 && depthOfCutMm < noseRadiusMm * (1 - Math.cos(kappa)))
    kappa = Math.acos(1 - depthOfCutMm / noseRadiusMm);
  return feedPerRevMm * Math.sin(kappa);
}

/** Net cutting power of a turning cut, kW. */
export function turningPowerKw(
  force: CuttingForce,
  cut: {
    surfaceSpeed: number;
    depthOfCutMm: number;
    feedPerRevMm: number;
    chipThicknessMm: number;
  },
): number {
  const kc = specificCuttingForce(force, cut.chipThicknessMm);
  return (cut.surfaceSpeed * cut.depthOfCutMm * cut.feedPerRevMm * kc) / 60_000;
}

/** The largest chip thickness of a milling cut, mm (chip thinning below ae = D/2). */
export function millingMaxChipThickness(
  feedPerToothMm: number,
  diameterMm: number,
  radialMm: number,
  enteringAngleDeg = 90,
): number {
  const share = Math.min(1, Math.max(0, radialMm / diameterMm));
  const sin = Math.sin((enteringAngleDeg * Math.PI) / 180);
  if (share >= 0.5) return feedPerToothMm * sin;
  return feedPerToothMm * sin * Math.sqrt(1 - (1 - 2 * share) ** 2);
}

/** The mean chip thickness of a milling cut, mm. */
export function millingMeanChipThickness(
  feedPerToothMm: number,
  diameterMm: number,
  radialMm: number,
  enteringAngleDeg = 90,
): number {
  const ae = Math.min(radialMm, diameterMm);
  if (ae <= 0) return 0;
  const sin = Math.sin((enteringAngleDeg * Math.PI) / 180);
  const arcDeg = (Math.asin(ae / diameterMm) * 180) / Math.PI;
  return (sin * 180 * ae * feedPerToothMm) / (Math.PI * diameterMm * arcDeg);
}

/** Net cutting power of a milling cut, kW. */
export function millingPowerKw(
  force: CuttingForce,
  cut: { axialMm: number; radialMm: number; feedMmPerMin: number; meanChipThicknessMm: number },
): number {
  const kc = specificCuttingForce(force, cut.meanChipThicknessMm);
  return (cut.axialMm * cut.radialMm * cut.feedMmPerMin * kc) / 60e6;
}

/**
 * The feed per tooth that gives a wanted largest chip thickness at a radial engagement (chip
 * thinning compensation), mm: fz = hex / √(1 − (1 − 2·ae/D)²) below ae = D/2.
 */
export function feedPerToothForChip(
  chipThicknessMm: number,
  diameterMm: number,
  radialMm: number,
): number {
  const share = Math.min(1, Math.max(0, radialMm / diameterMm));
  if (share >= 0.5 || share <= 0) return chipThicknessMm;
  return chipThicknessMm / Math.sqrt(1 - (1 - 2 * share) ** 2);
}
