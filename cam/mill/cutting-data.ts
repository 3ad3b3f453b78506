/**
 * Milling cutting data (start values) by ISO 513 material group: surface speed Vc (m/min) and
 * feed per tooth fz (mm) for end mills and face mills, HSS twist drilling, tapping, reaming
 * and fine boring.
 *
 * Sources:
 * - Solid carbide end mills and indexable face mills: Sandvik Coromant, Technical Guide
 *   (Milling, "Cutting data recommendations", start values by ISO P/M/K/N/S/H), taken at the
 *   conservative end for small machines and general-purpose holders; fz grows with the cutter
 *   diameter (hex ≈ fz for ae/D ≈ 0.5) and is scaled here as a share of D.
 * - HSS end mills, HSS twist drills, taps and reamers: Machinery's Handbook, 31st ed.
 *   ("Recommended Cutting Speeds … for Milling with HSS", "Cutting Speeds for Drilling with
 *   HSS", "Tapping speeds", and reaming at about 2/3 of the drilling speed with 2–3 × the
 *   drilling feed; countersinking, counterboring and spotfacing at about half the drilling
 *   speed, here with half the drilling feed of the tool's diameter, against chatter).
 * Formulae: n = Vc · 1000 / (π · D), clamped to the machine's spindle limit; vf = fz · z · n;
 * tapping vf = n · pitch. Pocket stepover 45 % of D (40–50 %), axial depth at most 1 × D and
 * at most the flute length; drills deeper than 3 × D are pecked (G83) one diameter at a time.
 * These are the table's values for a cut at ae ≤ D/2: what each move really cuts is measured
 * against the stock, and its feed and depth set for it (ratings.ts, in-process.ts). Values are
 * rounded to their step without float noise (0.05 mm steps give 1.4, not 1.4000000000000001).
 */
import { drillingData } from '../drilling-data.ts';
import type { CuttingOverrides } from '../program.ts';
import type { MaterialGroup, MaterialSubgroup } from '../materials.ts';
import type { MillTool } from './program.ts';

interface GroupRow {
  /** Solid carbide end mill, m/min. */
  vcCarbide: number;
  /** HSS end mill, m/min; undefined where HSS does not cut (hardened steel). */
  vcHss: number | undefined;
  /** Carbide end mill feed per tooth as a share of D (fz = k · D), roughing. */
  fzPerD: number;
  /** Indexable face mill, m/min, and feed per tooth, mm. */
  vcFace: number;
  fzFace: number;
  /** Axial depth of cut for roughing as a share of D (end mills, ae ≤ 0.5 D). */
  apPerD: number;
  /** Face milling depth per pass, mm. */
  apFace: number;
  /** HSS-E tap, m/min; undefined where taps do not cut. */
  vcTap: number | undefined;
  /** Fine boring (carbide insert), m/min. */
  vcBore: number;
}

const groups: Record<MaterialGroup, GroupRow> = {
  P: {
    vcCarbide: 150,
    vcHss: 30,
    fzPerD: 0.005,
    vcFace: 220,
    fzFace: 0.15,
    apPerD: 0.5,
    apFace: 2,
    vcTap: 12,
    vcBore: 150,
  },
  M: {
    vcCarbide: 100,
    vcHss: 18,
    fzPerD: 0.004,
    vcFace: 160,
    fzFace: 0.12,
    apPerD: 0.4,
    apFace: 1.5,
    vcTap: 6,
    vcBore: 120,
  },
  K: {
    vcCarbide: 140,
    vcHss: 25,
    fzPerD: 0.006,
    vcFace: 200,
    fzFace: 0.18,
    apPerD: 0.5,
    apFace: 2,
    vcTap: 12,
    vcBore: 140,
  },
  N: {
    vcCarbide: 400,
    vcHss: 100,
    fzPerD: 0.008,
    vcFace: 600,
    fzFace: 0.12,
    apPerD: 1,
    apFace: 3,
    vcTap: 25,
    vcBore: 300,
  },
  S: {
    vcCarbide: 45,
    vcHss: 8,
    fzPerD: 0.003,
    vcFace: 50,
    fzFace: 0.1,
    apPerD: 0.3,
    apFace: 1,
    vcTap: 4,
    vcBore: 50,
  },
  H: {
    vcCarbide: 60,
    vcHss: undefined,
    fzPerD: 0.002,
    vcFace: 100,
    fzFace: 0.08,
    apPerD: 0.2,
    apFace: 0.5,
    vcTap: undefined,
    vcBore: 80,
  },
};

/** Plastics and copper alloys are group N but cut slower than aluminium with carbide. */
const subgroupSpeedFactor: Partial<Record<MaterialSubgroup, number>> = {
  'copper-alloy': 0.6,
  plastic: 0.6,
};

export interface MillMaterial {
  group: MaterialGroup;
  subgroup: MaterialSubgroup;
}

export interface MillCuttingData {
  surfaceSpeed: number;
  rpm: number;
  feedPerTooth?: number;
  feedPerRev?: number;
  /** Feed, mm/min. */
  feedMmPerMin: number;
  /** Plunge and ramp feed, mm/min. */
  plungeMmPerMin: number;
  /** Axial depth per pass, mm. */
  depthOfCut?: number;
  /** Radial stepover, mm. */
  stepover?: number;
  /** Drills: depth between full retracts, mm (G83). */
  peckMm?: number;
  /** The surface speed asked for when the spindle's top speed holds the tool below it, m/min. */
  wantedSurfaceSpeed?: number;
}

/** A value rounded to a multiple of `step`, without float noise (0.05 × 28 is 1.4, not 1.4000000000000001). */
const roundTo = (value: number, step: number) => {
  const decimals = Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
  return Number((Math.round(value / step) * step).toFixed(decimals));
};
const rpmAt = (vc: number, diameterMm: number, maxRpm: number) =>
  Math.max(1, Math.min(maxRpm, Math.round((vc * 1000) / (Math.PI * Math.max(diameterMm, 0.5)))));

/** Flutes when the row does not say: 4 for end mills (2 in aluminium), 5 inserts for face mills. */
export function flutesOf(tool: MillTool, material: MillMaterial): number {
  if (tool.flutes) return tool.flutes;
  if (tool.kind === 'faceMill') return Math.max(3, Math.round((tool.diameterMm ?? 50) / 12));
  return material.group === 'N' ? 3 : 4;
}

/**
 * Flute lengths l2 of DIN 338 type N (jobber) twist drills by diameter: each row is the upper
 * end of a diameter range (over the previous row's, up to this one) and its flute length, mm.
 */
const din338FluteLengths: readonly (readonly [number, number])[] = [
  [0.53, 6],
  [0.6, 7],
  [0.67, 8],
  [0.75, 9],
  [0.85, 10],
  [0.95, 11],
  [1.06, 12],
  [1.18, 14],
  [1.32, 16],
  [1.5, 18],
  [1.7, 20],
  [1.9, 22],
  [2.12, 24],
  [2.36, 27],
  [2.65, 30],
  [3, 33],
  [3.35, 36],
  [3.75, 39],
  [4.25, 43],
  [4.75, 47],
  [5.3, 52],
  [6, 57],
  [6.7, 63],
  [7.5, 69],
  [8.5, 75],
  [9.5, 81],
  [10.6, 87],
  [11.8, 94],
  [13.2, 101],
  [14, 108],
  [15, 114],
  [16, 120],
  [17, 125],
  [18, 130],
  [19, 135],
  [20, 140],
];

/** The flute length of a DIN 338 jobber drill of a diameter (7 × D above Ø20), mm. */
export function jobberFluteLengthMm(diameterMm: number): number {
  if (diameterMm < 0.45) return Math.round(12 * diameterMm * 10) / 10;
  const row = din338FluteLengths.find(([upTo]) => diameterMm <= upTo + 1e-9);
  return row ? row[1] : Math.round(7 * diameterMm);
}

/**
 * The flute length (length of cut) of a tool, mm: its row's when the row states it ("LOC 22"),
 * else a standard tool's:
 * - twist drills: DIN 338 type N, the jobber length every shop stocks (Ø6.8: 69 mm, Ø13: 101 mm);
 * - end mills: 2 × D, at or below the short series of DIN 6527 K (Ø6: 13 mm, Ø10: 22 mm, Ø12:
 *   26 mm) and catalogue stub lengths (2–3 × D), so that a row without its length is not trusted
 *   with more than the shortest common tool has;
 * - spot drills: 1 × D (they cut with their point, at most D/2 deep);
 * - taps: 3 × D, the thread depth machine taps (DIN 371, DIN 376) are made for;
 * - reamers: 3 × D, the short end of DIN 212 chucking reamers' cutting lengths;
 * - face mills: 6 mm, a common insert's cutting edge; boring heads: unlimited (their reach is set
 *   up with the head and the bar).
 */
export const fluteLengthOf = (
  tool: Pick<MillTool, 'kind' | 'diameterMm' | 'fluteLengthMm'>,
): number => {
  if (tool.fluteLengthMm !== undefined) return tool.fluteLengthMm;
  const d = tool.diameterMm ?? 1;
  switch (tool.kind) {
    case 'faceMill':
      return 6;
    case 'drill':
      return jobberFluteLengthMm(d);
    case 'spotDrill':
      return d;
    case 'tap':
    case 'reamer':
      return 3 * d;
    case 'boringHead':
      return Infinity;
    default:
      return 2 * d;
  }
};

/**
 * Milling with an end mill or a face mill: roughing or finishing data. Finishing runs 15 %
 * faster at 60 % of the feed per tooth (× `finishFeedFactor`).
 */
export function millingData(
  material: MillMaterial,
  tool: MillTool,
  duty: 'rough' | 'finish' | 'face',
  maxRpm: number,
  overrides: CuttingOverrides = {},
): MillCuttingData {
  const row = groups[material.group];
  const diameter = tool.diameterMm ?? 10;
  const speedFactor =
    (overrides.surfaceSpeedFactor ?? 1) * (subgroupSpeedFactor[material.subgroup] ?? 1);
  const feedFactor =
    (overrides.feedFactor ?? 1) * (duty === 'finish' ? 0.6 * (overrides.finishFeedFactor ?? 1) : 1);
  const depthFactor = overrides.depthOfCutFactor ?? 1;
  const flutes = flutesOf(tool, material);
  const face = tool.kind === 'faceMill';
  const hss = tool.toolMaterial === 'hss';
  const vcBase = face ? row.vcFace : hss ? (row.vcHss ?? row.vcCarbide * 0.2) : row.vcCarbide;
  const vc = roundTo(vcBase * speedFactor * (duty === 'finish' ? 1.15 : 1), 5);
  const rpm = rpmAt(vc, diameter, maxRpm);
  const fzBase = face ? row.fzFace : Math.max(0.01, row.fzPerD * diameter) * (hss ? 0.5 : 1);
  const fz = Math.max(0.005, roundTo(fzBase * feedFactor, 0.001));
  const feed = Math.max(1, Math.round(fz * flutes * rpm));
  const flute = fluteLengthOf(tool);
  const apRough = face
    ? Math.min(row.apFace, flute)
    : Math.min(diameter, flute, row.apPerD * diameter) * depthFactor;
  const held = rpm < (vc * 1000) / (Math.PI * Math.max(diameter, 0.5)) - 1;
  return {
    surfaceSpeed: held ? roundTo((rpm * Math.PI * diameter) / 1000, 1) : vc,
    ...(held ? { wantedSurfaceSpeed: vc } : {}),
    rpm,
    feedPerTooth: fz,
    feedMmPerMin: feed,
    plungeMmPerMin: Math.max(1, Math.round(feed * 0.4)),
    depthOfCut: roundTo(Math.max(0.1, Math.min(apRough, diameter, flute)), 0.05),
    stepover: roundTo(diameter * (face ? 0.7 : 0.45), 0.01),
  };
}

/**
 * Twist drilling (HSS per Machinery's Handbook through cam/drilling-data.ts, carbide drills at
 * 2.5 × the HSS speed) and spot drilling (80 % of the drilling speed, half the feed).
 * Pecks of 1 × D (× `peckFactor`) for holes deeper than 3 × D.
 * @returns undefined when the drill cannot cut the material (HSS in hardened steel)
 */
export function drillData(
  material: MillMaterial,
  tool: MillTool,
  maxRpm: number,
  overrides: CuttingOverrides = {},
): MillCuttingData | undefined {
  const diameter = tool.diameterMm ?? 5;
  const carbide = tool.toolMaterial === 'carbide';
  const base = drillingData(material.subgroup, diameter, Number.MAX_SAFE_INTEGER, {
    ...overrides,
    ...(carbide ? { surfaceSpeedFactor: (overrides.surfaceSpeedFactor ?? 1) * 2.5 } : {}),
  });
  if (!base) {
    if (!carbide) return undefined;
  }
  const spot = tool.kind === 'spotDrill';
  const hssRpm = base?.rpm ?? rpmAt(40, diameter, Number.MAX_SAFE_INTEGER);
  const rpm = Math.max(1, Math.min(maxRpm, Math.round(hssRpm * (spot ? 0.8 : 1))));
  const feedPerRev = Math.max(0.02, roundTo((base?.feedPerRev ?? 0.05) * (spot ? 0.5 : 1), 0.005));
  const surfaceSpeed = roundTo((rpm * Math.PI * diameter) / 1000, 1);
  const wanted = roundTo((hssRpm * (spot ? 0.8 : 1) * Math.PI * diameter) / 1000, 1);
  return {
    surfaceSpeed,
    ...(wanted > surfaceSpeed + 1 ? { wantedSurfaceSpeed: wanted } : {}),
    rpm,
    feedPerRev,
    feedMmPerMin: Math.max(1, Math.round(rpm * feedPerRev)),
    plungeMmPerMin: Math.max(1, Math.round(rpm * feedPerRev)),
    peckMm: Math.max(0.5, roundTo(diameter * (overrides.peckFactor ?? 1), 0.5)),
  };
}

/** Share of the drilling speed and feed a countersink runs at (Machinery's Handbook). */
const countersinkShare = 0.5;

/**
 * Countersinking (countersinks, chamfer mills and spot drills plunged into a hole's mouth):
 * half the HSS drilling speed of the tool's diameter (2.5 × for carbide, as drills), half the
 * drilling feed per revolution.
 * @returns undefined when an HSS tool cannot cut the material (hardened steel)
 */
export function countersinkData(
  material: MillMaterial,
  tool: MillTool,
  maxRpm: number,
  overrides: CuttingOverrides = {},
): MillCuttingData | undefined {
  const drill = drillData(material, { ...tool, kind: 'drill' }, Number.MAX_SAFE_INTEGER, overrides);
  if (!drill) return undefined;
  const diameter = tool.diameterMm ?? 10;
  const wantedRpm = drill.rpm * countersinkShare;
  const rpm = Math.max(1, Math.min(maxRpm, Math.round(wantedRpm)));
  const feedPerRev = Math.max(0.02, roundTo((drill.feedPerRev ?? 0.05) * countersinkShare, 0.005));
  const surfaceSpeed = roundTo((rpm * Math.PI * diameter) / 1000, 1);
  const wanted = roundTo((wantedRpm * Math.PI * diameter) / 1000, 1);
  return {
    surfaceSpeed,
    ...(wanted > surfaceSpeed + 1 ? { wantedSurfaceSpeed: wanted } : {}),
    rpm,
    feedPerRev,
    feedMmPerMin: Math.max(1, Math.round(rpm * feedPerRev)),
    plungeMmPerMin: Math.max(1, Math.round(rpm * feedPerRev)),
  };
}

/**
 * Tapping: HSS-E taps at the Machinery's Handbook tapping speed (rigid tapping), feed = rpm ×
 * pitch exactly (the feed override is not applied: a tap's feed is its pitch).
 * @returns undefined when taps cannot cut the material (hardened steel)
 */
export function tapData(
  material: MillMaterial,
  tool: MillTool,
  maxRpm: number,
  overrides: CuttingOverrides = {},
): MillCuttingData | undefined {
  const vcTap = groups[material.group].vcTap;
  if (vcTap === undefined || !tool.pitchMm) return undefined;
  const vc = vcTap * (overrides.surfaceSpeedFactor ?? 1);
  const rpm = Math.min(rpmAt(vc, tool.diameterMm ?? 8, maxRpm), 2000);
  return {
    surfaceSpeed: roundTo((rpm * Math.PI * (tool.diameterMm ?? 8)) / 1000, 0.5),
    rpm,
    feedPerRev: tool.pitchMm,
    feedMmPerMin: Math.round(rpm * tool.pitchMm * 1000) / 1000,
    plungeMmPerMin: Math.round(rpm * tool.pitchMm * 1000) / 1000,
  };
}

/**
 * Reaming (2/3 of the HSS drilling speed, 2.5 × its feed, Machinery's Handbook) and fine
 * boring with a boring head (carbide insert at the table's boring speed, 0.05 mm/rev).
 */
export function finishHoleData(
  material: MillMaterial,
  tool: MillTool,
  holeDiameterMm: number,
  maxRpm: number,
  overrides: CuttingOverrides = {},
): MillCuttingData {
  if (tool.kind === 'reamer') {
    const drill = drillData(
      material,
      { ...tool, kind: 'drill' },
      Number.MAX_SAFE_INTEGER,
      overrides,
    );
    const rpm = Math.max(1, Math.min(maxRpm, Math.round(((drill?.rpm ?? 500) * 2) / 3)));
    const feedPerRev = roundTo((drill?.feedPerRev ?? 0.1) * 2.5, 0.005);
    return {
      surfaceSpeed: roundTo((rpm * Math.PI * holeDiameterMm) / 1000, 1),
      rpm,
      feedPerRev,
      feedMmPerMin: Math.max(1, Math.round(rpm * feedPerRev)),
      plungeMmPerMin: Math.max(1, Math.round(rpm * feedPerRev)),
    };
  }
  const vc = groups[material.group].vcBore * (overrides.surfaceSpeedFactor ?? 1);
  const rpm = rpmAt(vc, holeDiameterMm, maxRpm);
  const feedPerRev = roundTo(0.05 * (overrides.feedFactor ?? 1), 0.005) || 0.02;
  return {
    surfaceSpeed: roundTo((rpm * Math.PI * holeDiameterMm) / 1000, 1),
    rpm,
    feedPerRev,
    feedMmPerMin: Math.max(1, Math.round(rpm * feedPerRev)),
    plungeMmPerMin: Math.max(1, Math.round(rpm * feedPerRev)),
  };
}
