/**
 * Cutting data (start values) for drilling with HSS twist drills and centre drills, shared by
 * every kind that drills: the lathe (cam/lathe/drilling.ts) and the mill, whose twist drilling
 * starts from these values (`drillData`, cam/mill/cutting-data.ts).
 *
 * Drilling with HSS twist drills: Machinery's Handbook, 31st ed., "Cutting Speeds for Drilling
 * with HSS" and its feed-per-revolution guide by drill diameter. Centre drills: Machinery's
 * Handbook, centre drills. Surface speeds in m/min, feeds in mm/rev, pecks in mm.
 */
import type { MaterialSubgroup } from './materials.ts';
import type { CuttingOverrides } from './program.ts';

/**
 * How far a twist drill's 118° point runs past the depth its full diameter reaches, per mm of
 * drill diameter (cot 59° / 2 ≈ 0.30).
 */
export const POINT_LENGTH_PER_DIAMETER = 0.3;

/**
 * The least wall, mm, a drill's point past a blind hole leaves to the part's outside (a plate's
 * bottom, a turned part's diameters and far face): a point that runs out leaves a hole where the
 * drawing has none. Drawings put the point below a blind hole's depth unless they say otherwise,
 * and often close to the other side (a Ø2.5 hole 9 deep in 10 mm plate leaves 0.25 mm under
 * its point): a skin is kept, a hole through is not.
 */
export const POINT_WALL_MM = 0.2;

interface DrillingRow {
  /** HSS drilling surface speed, m/min; undefined where HSS drills do not cut (hardened steel). */
  vcDrill: number | undefined;
  /** Factor on the drill feed guide (1 for steel). */
  drillFeedFactor: number;
}

const table: Record<MaterialSubgroup, DrillingRow> = {
  'free-cutting': { vcDrill: 35, drillFeedFactor: 1.1 },
  'low-carbon': { vcDrill: 30, drillFeedFactor: 1 },
  'medium-carbon': { vcDrill: 25, drillFeedFactor: 1 },
  alloy: { vcDrill: 20, drillFeedFactor: 0.9 },
  'stainless-austenitic': { vcDrill: 12, drillFeedFactor: 0.7 },
  'stainless-martensitic': { vcDrill: 12, drillFeedFactor: 0.7 },
  'grey-iron': { vcDrill: 25, drillFeedFactor: 1.2 },
  'ductile-iron': { vcDrill: 20, drillFeedFactor: 1 },
  aluminium: { vcDrill: 75, drillFeedFactor: 1.5 },
  'copper-alloy': { vcDrill: 50, drillFeedFactor: 1.3 },
  plastic: { vcDrill: 40, drillFeedFactor: 1.5 },
  titanium: { vcDrill: 10, drillFeedFactor: 0.7 },
  'nickel-alloy': { vcDrill: 6, drillFeedFactor: 0.6 },
  hardened: { vcDrill: undefined, drillFeedFactor: 0 },
};

/**
 * `value` to the nearest multiple of `step`, without float noise (0.05 · 28 is 1.4, not
 * 1.4000000000000001): programs and their headers show these numbers as they are.
 */
export const round = (value: number, step: number) => {
  const decimals = Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
  return Number((Math.round(value / step) * step).toFixed(decimals));
};

export interface DrillingData {
  /** Spindle speed, rpm (drills run at constant rpm, G97). */
  rpm: number;
  feedPerRev: number;
  /** Depth between full retracts, mm. */
  peckMm: number;
}

/**
 * HSS drilling: speed from the material's drilling surface speed, feed from the drill diameter
 * (0.012 × D + 0.02 mm/rev, between 0.03 and 0.35, scaled by material), pecks of one diameter
 * (two in aluminium, copper alloys and plastics).
 *
 * @returns undefined when HSS drills cannot cut the material (hardened steel)
 */
export function drillingData(
  subgroup: MaterialSubgroup,
  drillDiameterMm: number,
  maxRpm: number,
  overrides: CuttingOverrides = {},
): DrillingData | undefined {
  const row = table[subgroup];
  if (row.vcDrill === undefined) return undefined;
  const vc = row.vcDrill * (overrides.surfaceSpeedFactor ?? 1);
  const rpm = Math.min(maxRpm, Math.round((vc * 1000) / (Math.PI * drillDiameterMm) / 10) * 10);
  const guide = drillFeedGuideMm(drillDiameterMm);
  const soft = subgroup === 'aluminium' || subgroup === 'copper-alloy' || subgroup === 'plastic';
  const peckFactor = overrides.peckFactor ?? (soft ? 2 : 1);
  return {
    rpm,
    feedPerRev: Math.max(
      0.02,
      round(guide * row.drillFeedFactor * (overrides.feedFactor ?? 1), 0.005),
    ),
    peckMm: Math.max(0.5, round(drillDiameterMm * peckFactor, 0.5)),
  };
}

/**
 * Machinery's Handbook's feed guide for HSS twist drills in steel by diameter, mm/rev:
 * 0.012 × D + 0.02, between 0.03 and 0.35.
 */
export const drillFeedGuideMm = (drillDiameterMm: number): number =>
  Math.min(0.35, Math.max(0.03, 0.012 * drillDiameterMm + 0.02));

/** Centre drills' feed, mm/rev (Machinery's Handbook, centre drills). */
const CENTRE_DRILL_FEED_MM = 0.05;

/**
 * The largest feed per revolution a drill is held to by the verifiers, mm/rev: three times its
 * start value (the guide for twist and spot drills, 0.05 for centre drills), which is the most
 * the planners write (the free-machining materials' factor 1.5 times the largest feed override,
 * 2). Beyond it a drill's lips or a centre drill's pilot break.
 * @param diameterMm - a twist or spot drill's diameter; a centre drill's pilot
 */
export function maxDrillFeedPerRevMm(diameterMm: number, centreDrill = false): number {
  const start = centreDrill ? CENTRE_DRILL_FEED_MM : drillFeedGuideMm(diameterMm);
  return Math.round(3 * start * 1000) / 1000;
}

/** Centre drilling: 15 m/min, 0.05 mm/rev (Machinery's Handbook, centre drills). */
export function centreDrillingData(
  pilotDiameterMm: number,
  maxRpm: number,
  overrides: CuttingOverrides = {},
): DrillingData {
  const vc = 15 * (overrides.surfaceSpeedFactor ?? 1);
  return {
    rpm: Math.min(
      maxRpm,
      Math.round((vc * 1000) / (Math.PI * Math.max(pilotDiameterMm, 1)) / 10) * 10,
    ),
    feedPerRev: round(CENTRE_DRILL_FEED_MM * (overrides.feedFactor ?? 1), 0.005) || 0.02,
    peckMm: 100,
  };
}
