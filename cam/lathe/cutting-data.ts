/**
 * Cutting data (start values) for turning, grooving, boring and threading, and the roughness a
 * finishing feed leaves.
 *
 * Turning, grooving and boring with coated carbide inserts: start values from the Sandvik
 * Coromant "Turning tools" catalogue (cutting data recommendations by ISO 513 group, 2023) and
 * Machinery's Handbook, 31st ed., "Speeds and Feeds for Turning" (carbide, coated), rounded to a
 * conservative middle for small lathes. Surface speeds in m/min, feeds in mm/rev, depths of cut
 * (radial) in mm. Drilling (HSS twist drills, centre drills) is shared with the mill and lives in
 * cam/drilling-data.ts.
 */
import { round } from '../drilling-data.ts';
import type { MaterialSubgroup } from '../materials.ts';
import type { CuttingOverrides } from '../program.ts';

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
}

const table: Record<MaterialSubgroup, TurningRow> = {
  'free-cutting': {
    vcRough: 300,
    vcFinish: 350,
    fRough: 0.3,
    fFinish: 0.12,
    apRough: 2.5,
    fGroove: 0.1,
  },
  'low-carbon': {
    vcRough: 280,
    vcFinish: 330,
    fRough: 0.28,
    fFinish: 0.12,
    apRough: 2.5,
    fGroove: 0.09,
  },
  'medium-carbon': {
    vcRough: 240,
    vcFinish: 280,
    fRough: 0.28,
    fFinish: 0.12,
    apRough: 2,
    fGroove: 0.08,
  },
  alloy: {
    vcRough: 200,
    vcFinish: 240,
    fRough: 0.25,
    fFinish: 0.1,
    apRough: 2,
    fGroove: 0.08,
  },
  'stainless-austenitic': {
    vcRough: 180,
    vcFinish: 210,
    fRough: 0.22,
    fFinish: 0.1,
    apRough: 1.5,
    fGroove: 0.06,
  },
  'stainless-martensitic': {
    vcRough: 170,
    vcFinish: 200,
    fRough: 0.22,
    fFinish: 0.1,
    apRough: 1.5,
    fGroove: 0.06,
  },
  'grey-iron': {
    vcRough: 240,
    vcFinish: 280,
    fRough: 0.28,
    fFinish: 0.15,
    apRough: 2.5,
    fGroove: 0.1,
  },
  'ductile-iron': {
    vcRough: 200,
    vcFinish: 240,
    fRough: 0.25,
    fFinish: 0.12,
    apRough: 2,
    fGroove: 0.08,
  },
  aluminium: {
    vcRough: 500,
    vcFinish: 600,
    fRough: 0.3,
    fFinish: 0.12,
    apRough: 3,
    fGroove: 0.1,
  },
  'copper-alloy': {
    vcRough: 300,
    vcFinish: 350,
    fRough: 0.25,
    fFinish: 0.1,
    apRough: 2.5,
    fGroove: 0.08,
  },
  plastic: {
    vcRough: 250,
    vcFinish: 300,
    fRough: 0.25,
    fFinish: 0.1,
    apRough: 2.5,
    fGroove: 0.1,
  },
  titanium: {
    vcRough: 60,
    vcFinish: 80,
    fRough: 0.2,
    fFinish: 0.1,
    apRough: 1.5,
    fGroove: 0.05,
  },
  'nickel-alloy': {
    vcRough: 45,
    vcFinish: 60,
    fRough: 0.18,
    fFinish: 0.1,
    apRough: 1,
    fGroove: 0.05,
  },
  hardened: {
    vcRough: 120,
    vcFinish: 150,
    fRough: 0.1,
    fFinish: 0.05,
    apRough: 0.3,
    fGroove: 0.03,
  },
};

export interface TurningData {
  surfaceSpeed: number;
  feedPerRev: number;
  depthOfCut?: number;
  /** Finishing: the roughness asked for (Ra µm) when the feed was chosen for it. */
  raUm?: number;
}

/**
 * Surface speed (m/min), feed (mm/rev) and, for roughing, radial depth of cut (mm) for a turning
 * operation on a material, after overrides. Finishing feed never exceeds half the nose radius,
 * the usual limit for a finishing insert, nor the handbook finishing feed; when the drawing asks
 * for a roughness `raUm`, it is the feed that leaves that Ra with the tool's nose radius
 * ({@link feedForRoughness}) when that is lower, rounded down to 0.001 mm/rev.
 */
export function turningData(
  subgroup: MaterialSubgroup,
  kind: 'rough' | 'finish' | 'face' | 'bore-rough' | 'bore-finish',
  noseRadiusMm: number | undefined,
  overrides: CuttingOverrides = {},
  raUm?: number,
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
  const handbook = Math.min(row.fFinish * finishFeed, limit);
  const forRa =
    raUm !== undefined && noseRadiusMm ? feedForRoughness(raUm, noseRadiusMm) : undefined;
  if (forRa !== undefined && forRa < handbook) {
    return {
      surfaceSpeed: round(row.vcFinish * speed * boring, 5),
      feedPerRev: Math.max(0.02, Math.floor(forRa * 1000) / 1000),
      raUm: raUm!,
    };
  }
  return {
    surfaceSpeed: round(row.vcFinish * speed * boring, 5),
    feedPerRev: Math.max(0.02, round(handbook, 0.01)),
    ...(raUm !== undefined ? { raUm } : {}),
  };
}

/**
 * The feed per revolution that leaves a theoretical roughness Ra with a nose radius:
 * Ra ≈ f² / (32 · r) · 1000 (Ra in µm, f in mm/rev, r in mm), so f = √(32 · r · Ra / 1000).
 * The turning formula of the Sandvik Coromant Metalcutting Technical Guide ("Turning formulas
 * and definitions", surface roughness) and Machinery's Handbook, 31st ed., "Surface Finish in
 * Turning". The real surface is somewhat rougher (vibration, built-up edge), so the finishing
 * feed stays capped by the handbook finishing feed as well.
 */
export const feedForRoughness = (raUm: number, noseRadiusMm: number): number =>
  Math.sqrt((32 * noseRadiusMm * raUm) / 1000);

/** Theoretical Ra (µm) of a feed (mm/rev) with a nose radius (mm): f² / (32 · r) · 1000. */
export const roughnessOfFeed = (feedPerRev: number, noseRadiusMm: number): number =>
  ((feedPerRev * feedPerRev) / (32 * noseRadiusMm)) * 1000;

/** Grooving and parting: 60 % of the roughing surface speed, the table's grooving feed. */
export function groovingData(
  subgroup: MaterialSubgroup,
  overrides: CuttingOverrides = {},
  maxFeedPerRevMm = Infinity,
): TurningData {
  const row = table[subgroup];
  const feed = Math.max(0.02, round(row.fGroove * (overrides.feedFactor ?? 1), 0.01));
  return {
    surfaceSpeed: round(row.vcRough * 0.6 * (overrides.surfaceSpeedFactor ?? 1), 5),
    feedPerRev: Math.min(feed, Math.floor(maxFeedPerRevMm * 100) / 100),
  };
}

export interface ThreadingData {
  /** Constant spindle speed, rpm (threading never runs under constant surface speed). */
  rpm: number;
  surfaceSpeed: number;
}

/**
 * Thread turning with coated carbide inserts: half the roughing surface speed of the material
 * (Sandvik Coromant CoroThread 266 start values run at 60–70 % of turning speeds; half keeps a
 * small lathe's Z axis well inside its synchronised feed rate), at constant rpm (G97), limited
 * by the spindle limit and by an axial speed of at most 2000 mm/min (rpm × pitch), a safe
 * synchronised feed for the small lathes of the catalogue.
 */
export function threadingData(
  subgroup: MaterialSubgroup,
  majorDiameterMm: number,
  pitchMm: number,
  maxRpm: number,
  overrides: CuttingOverrides = {},
): ThreadingData {
  const surfaceSpeed = round(
    table[subgroup].vcRough * 0.5 * (overrides.surfaceSpeedFactor ?? 1),
    5,
  );
  const rpm = Math.min(
    maxRpm,
    2000 / pitchMm,
    (1000 * surfaceSpeed) / (Math.PI * Math.max(majorDiameterMm, 1)),
  );
  return { surfaceSpeed, rpm: Math.max(50, Math.floor(rpm / 10) * 10) };
}

/** Spindle speed (rpm) for a surface speed (m/min) at a diameter (mm): n = 1000 · vc / (π · D). */
export const rpmFor = (surfaceSpeed: number, diameterMm: number): number =>
  (1000 * surfaceSpeed) / (Math.PI * Math.max(diameterMm, 0.1));
