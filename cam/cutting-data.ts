/**
 * Cutting data (start values) for turning, grooving, drilling and boring.
 *
 * Turning, grooving and boring with coated carbide inserts: start values from the Sandvik
 * Coromant "Turning tools" catalogue (cutting data recommendations by ISO 513 group, 2023) and
 * Machinery's Handbook, 31st ed., "Speeds and Feeds for Turning" (carbide, coated), rounded to a
 * conservative middle for small lathes. Drilling with HSS twist drills: Machinery's Handbook,
 * 31st ed., "Cutting Speeds for Drilling with HSS" and its feed-per-revolution guide by drill
 * diameter. Surface speeds in m/min, feeds in mm/rev, depths of cut (radial) in mm.
 */
import type { MaterialSubgroup } from './materials.ts';

interface TurningRow {
  /** Surface speed for roughing / finishing, m/min. */
  vcRough: number;
  vcFinish: number;
  /** Feed for roughing / finishing, mm/rev. */
  fRough: number;
  fFinish: number;
  /** Radial depth of cut for roughing, mm. */
  apRough: number;
  /** Feed for grooving and parting, mm/rev. */
  fGroove: number;
  /** HSS drilling surface speed, m/min; undefined where HSS drills do not cut (hardened steel). */
  vcDrill: number | undefined;
  /** Factor on the drill feed guide (1 for steel). */
  drillFeedFactor: number;
}

const table: Record<MaterialSubgroup, TurningRow> = {
  'free-cutting': {
    vcRough: 300,
    vcFinish: 350,
    fRough: 0.3,
    fFinish: 0.12,
    apRough: 2.5,
    fGroove: 0.1,
    vcDrill: 35,
    drillFeedFactor: 1.1,
  },
  'low-carbon': {
    vcRough: 280,
    vcFinish: 330,
    fRough: 0.28,
    fFinish: 0.12,
    apRough: 2.5,
    fGroove: 0.09,
    vcDrill: 30,
    drillFeedFactor: 1,
  },
  'medium-carbon': {
    vcRough: 240,
    vcFinish: 280,
    fRough: 0.28,
    fFinish: 0.12,
    apRough: 2,
    fGroove: 0.08,
    vcDrill: 25,
    drillFeedFactor: 1,
  },
  alloy: {
    vcRough: 200,
    vcFinish: 240,
    fRough: 0.25,
    fFinish: 0.1,
    apRough: 2,
    fGroove: 0.08,
    vcDrill: 20,
    drillFeedFactor: 0.9,
  },
  'stainless-austenitic': {
    vcRough: 180,
    vcFinish: 210,
    fRough: 0.22,
    fFinish: 0.1,
    apRough: 1.5,
    fGroove: 0.06,
    vcDrill: 12,
    drillFeedFactor: 0.7,
  },
  'stainless-martensitic': {
    vcRough: 170,
    vcFinish: 200,
    fRough: 0.22,
    fFinish: 0.1,
    apRough: 1.5,
    fGroove: 0.06,
    vcDrill: 12,
    drillFeedFactor: 0.7,
  },
  'grey-iron': {
    vcRough: 240,
    vcFinish: 280,
    fRough: 0.28,
    fFinish: 0.15,
    apRough: 2.5,
    fGroove: 0.1,
    vcDrill: 25,
    drillFeedFactor: 1.2,
  },
  'ductile-iron': {
    vcRough: 200,
    vcFinish: 240,
    fRough: 0.25,
    fFinish: 0.12,
    apRough: 2,
    fGroove: 0.08,
    vcDrill: 20,
    drillFeedFactor: 1,
  },
  aluminium: {
    vcRough: 500,
    vcFinish: 600,
    fRough: 0.3,
    fFinish: 0.12,
    apRough: 3,
    fGroove: 0.1,
    vcDrill: 75,
    drillFeedFactor: 1.5,
  },
  'copper-alloy': {
    vcRough: 300,
    vcFinish: 350,
    fRough: 0.25,
    fFinish: 0.1,
    apRough: 2.5,
    fGroove: 0.08,
    vcDrill: 50,
    drillFeedFactor: 1.3,
  },
  plastic: {
    vcRough: 250,
    vcFinish: 300,
    fRough: 0.25,
    fFinish: 0.1,
    apRough: 2.5,
    fGroove: 0.1,
    vcDrill: 40,
    drillFeedFactor: 1.5,
  },
  titanium: {
    vcRough: 60,
    vcFinish: 80,
    fRough: 0.2,
    fFinish: 0.1,
    apRough: 1.5,
    fGroove: 0.05,
    vcDrill: 10,
    drillFeedFactor: 0.7,
  },
  'nickel-alloy': {
    vcRough: 45,
    vcFinish: 60,
    fRough: 0.18,
    fFinish: 0.1,
    apRough: 1,
    fGroove: 0.05,
    vcDrill: 6,
    drillFeedFactor: 0.6,
  },
  hardened: {
    vcRough: 120,
    vcFinish: 150,
    fRough: 0.1,
    fFinish: 0.05,
    apRough: 0.3,
    fGroove: 0.03,
    vcDrill: undefined,
    drillFeedFactor: 0,
  },
};

/** Explicit changes from simulation feedback, applied on top of the start values. */
export interface CuttingOverrides {
  /** Multiplies every surface speed (and so every spindle speed). */
  surfaceSpeedFactor?: number;
  /** Multiplies every feed. */
  feedFactor?: number;
  /** Multiplies the finishing feeds only (after `feedFactor`). */
  finishFeedFactor?: number;
  /** Multiplies the roughing depth of cut. */
  depthOfCutFactor?: number;
  /** Radial finishing allowance left by roughing, mm (default 0.2). */
  finishAllowanceMm?: number;
  /** Clearance kept above the stock on approaches and retracts, mm (default 2). */
  clearanceMm?: number;
  /** Peck depth for drilling as a multiple of the drill diameter (default 1, 2 in aluminium and plastics). */
  peckFactor?: number;
}

export interface TurningData {
  surfaceSpeed: number;
  feedPerRev: number;
  depthOfCut?: number;
}

const round = (value: number, step: number) => Math.round(value / step) * step;

/**
 * Surface speed (m/min), feed (mm/rev) and, for roughing, radial depth of cut (mm) for a turning
 * operation on a material, after overrides. Finishing feed never exceeds half the nose radius,
 * the usual limit for a finishing insert.
 */
export function turningData(
  subgroup: MaterialSubgroup,
  kind: 'rough' | 'finish' | 'face' | 'bore-rough' | 'bore-finish',
  noseRadiusMm: number | undefined,
  overrides: CuttingOverrides = {},
): TurningData {
  const row = table[subgroup];
  const speed = overrides.surfaceSpeedFactor ?? 1;
  const feed = overrides.feedFactor ?? 1;
  const finishFeed = feed * (overrides.finishFeedFactor ?? 1);
  const depth = overrides.depthOfCutFactor ?? 1;
  const boring = kind.startsWith('bore') ? 0.8 : 1;
  if (kind === 'rough' || kind === 'face' || kind === 'bore-rough') {
    return {
      surfaceSpeed: round(row.vcRough * speed * boring, 5),
      feedPerRev: round(row.fRough * feed * (kind === 'bore-rough' ? 0.75 : 1), 0.01),
      depthOfCut: round(row.apRough * depth * (kind === 'bore-rough' ? 0.5 : 1), 0.05),
    };
  }
  const limit = noseRadiusMm ? noseRadiusMm / 2 : Infinity;
  return {
    surfaceSpeed: round(row.vcFinish * speed * boring, 5),
    feedPerRev: Math.max(0.02, round(Math.min(row.fFinish * finishFeed, limit), 0.01)),
  };
}

/** Grooving and parting: 60 % of the roughing surface speed, the table's grooving feed. */
export function groovingData(
  subgroup: MaterialSubgroup,
  overrides: CuttingOverrides = {},
): TurningData {
  const row = table[subgroup];
  return {
    surfaceSpeed: round(row.vcRough * 0.6 * (overrides.surfaceSpeedFactor ?? 1), 5),
    feedPerRev: Math.max(0.02, round(row.fGroove * (overrides.feedFactor ?? 1), 0.01)),
  };
}

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
  const guide = Math.min(0.35, Math.max(0.03, 0.012 * drillDiameterMm + 0.02));
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
    feedPerRev: round(0.05 * (overrides.feedFactor ?? 1), 0.005) || 0.02,
    peckMm: 100,
  };
}

/** Spindle speed (rpm) for a surface speed (m/min) at a diameter (mm): n = 1000 · vc / (π · D). */
export const rpmFor = (surfaceSpeed: number, diameterMm: number): number =>
  (1000 * surfaceSpeed) / (Math.PI * Math.max(diameterMm, 0.1));
