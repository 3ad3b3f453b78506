/**
 * The parts of the round-trip tests (parts.ts generates them): turned parts and plates with
 * their sizes in the part's own units, the truth a complete drawing of them shows (mm), and the
 * random-number helpers both generators use.
 */
import fc from 'fast-check';
import type { DrawingValue } from '#tests/helpers/blueprint-scoring';

/** The unit system a part is designed and drawn in. */
export type Units = 'mm' | 'inch';

/** Millimetres per unit of a unit system. */
export const mmPerUnit = (units: Units): number => (units === 'inch' ? 25.4 : 1);

/**
 * A toleranced size: an ISO 286 fit as written ('h7', 'H7'), or deviations from the nominal in
 * the part's units ([+0.1, 0] for +0.1/0; symmetric ±0.05 is [0.05, -0.05]).
 */
export type SizeTolerance =
  { kind: 'fit'; fit: string } | { kind: 'deviations'; upper: number; lower: number };

/** A thread on an outer diameter: 'M20x2.5' on Ø20, '1/2-13 UNC' on Ø.5 in. */
export interface ThreadCallout {
  /** As written on the drawing. */
  designation: string;
  /** Minor (root) diameter, part units: where the thin thread line is drawn. */
  minorDiameter: number;
}

/** One cylinder of a turned part, from left to right. Sizes in the part's units. */
export interface TurnedStep {
  diameter: number;
  length: number;
  tolerance?: SizeTolerance;
  thread?: ThreadCallout;
  /** A narrow undercut between two larger diameters. */
  groove?: boolean;
}

/** A bore from one end face. Sizes in the part's units. */
export interface TurnedBore {
  diameter: number;
  /** Depth from the end face to the end of the cylinder (the overall length when through). */
  depth: number;
  through: boolean;
  from: 'left' | 'right';
  /** A blind bore ends in a 118° drill point instead of a flat bottom. */
  drillPoint: boolean;
  tolerance?: SizeTolerance;
}

/** A 45° chamfer on the outer edge of an end face, or on the mouth of a bore. Size: leg, part units. */
export interface TurnedChamfer {
  size: number;
  angleDeg: number;
  at: 'left' | 'right';
  inner: boolean;
}

/** A turned part, the axis horizontal, left end at 0. */
export interface TurnedPart {
  kind: 'turned';
  units: Units;
  steps: TurnedStep[];
  /** Bores from the left (largest first), then from the right (largest first). */
  bores: TurnedBore[];
  chamfers: TurnedChamfer[];
  /** Material designation as written: 'C45', '6061-T6'. */
  material: string;
  /** 'ISO 2768-m'. */
  generalTolerance: string;
  /**
   * The end faces may keep centre holes (ISO 6411): the sheet writes a note saying so (sheet.ts),
   * so the tailstock may hold a slender part (decision 078). Absent: the drawing does not say.
   */
  centreHoles?: 'permitted';
  /** What a complete drawing writes, mm. */
  truth: DrawingValue[];
}

/** A rectangle with rounded corners: lower-left corner, size, corner radius; part units. */
export interface RoundedRectangle {
  x: number;
  y: number;
  width: number;
  height: number;
  cornerRadius: number;
}

/** What a plate's hole group is (plate-part.ts `holeKinds`): plain through when absent. */
export type PlateHoleKind = 'plain' | 'tapped' | 'counterbored' | 'countersunk';

/**
 * Holes of one size, part units: centres measured from the plate's lower-left corner. With a
 * kind (mm plates only): a tapped hole's `diameter` is its tap drill (ISO 2306) and `thread` its
 * ISO metric coarse thread, through or `depth` deep (the tap drill then 3 pitches deeper, as a
 * machinist drills for a tap's lead); a counterbore (ISO 4762 heads, DIN 974-1) or a countersink
 * (ISO 10642 heads, ISO 15065, 90°) opens the through hole at the top face.
 */
export interface HoleGroup {
  diameter: number;
  centres: { x: number; y: number }[];
  kind?: PlateHoleKind;
  thread?: { designation: string; major: number; pitch: number; depth?: number };
  counterbore?: { diameter: number; depth: number };
  countersink?: { diameter: number; angleDeg: number };
  /**
   * A plain hole's depth when blind (flat bottomed), part units: only as a STEP model shows a
   * blind tapped hole (its tap drill, step.ts asModelled).
   */
  depth?: number;
}

/** The widest circle a hole group opens at the top face (its counterbore, countersink or thread). */
export const holeEnvelope = (group: HoleGroup): number =>
  Math.max(
    group.diameter,
    group.thread?.major ?? 0,
    group.counterbore?.diameter ?? 0,
    group.countersink?.diameter ?? 0,
  );

/** A pocket from the top face, with an optional island left standing in it. */
export interface PlatePocket extends RoundedRectangle {
  depth: number;
  island?: RoundedRectangle;
}

/**
 * A step at the plate's right end (decision 066): the top face from `x = width - width` to the
 * right edge milled `depth` down, across the whole height; part units.
 */
export interface PlateStep {
  width: number;
  depth: number;
}

/** A plate seen from the top, lower-left corner at 0, 0. Sizes in the part's units. */
export interface PlatePart {
  kind: 'plate';
  units: Units;
  width: number;
  height: number;
  thickness: number;
  cornerRadius: number;
  holes: HoleGroup[];
  pockets: PlatePocket[];
  cutOut?: RoundedRectangle;
  step?: PlateStep;
  material: string;
  generalTolerance: string;
  /** What a complete drawing writes, mm (pocket and cut-out sizes have no scoring kind). */
  truth: DrawingValue[];
}

/** Any generated part. */
export type GeneratedPart = TurnedPart | PlatePart;

export const MATERIALS: Record<Units, readonly string[]> = {
  mm: ['C45', '42CrMo4', '11SMnPb30', 'S235JR', 'EN AW-6082', 'CuZn39Pb3', '16MnCr5', 'POM'],
  inch: ['AISI 1045', '6061-T6', 'AISI 4140', '7075-T6', 'C360 brass', '303 stainless'],
};
export const GENERAL_TOLERANCES = [
  'ISO 2768-m',
  'ISO 2768-f',
  'ISO 2768-mK',
  'ISO 2768-c',
] as const;
/** A number on the part's grid: mm to 0.5, inch to 1/16 (0.0625). */
export const grid = (units: Units, value: number) =>
  units === 'inch' ? Math.round(value * 16) / 16 : Math.round(value * 2) / 2;

/** 0..1 from an integer 0..1000: arbitraries stay integers, so they shrink toward the minimum. */
export const fraction = fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000);
export const lerp = (from: number, to: number, t: number) => from + (to - from) * t;

/** `arbitrary` in `present` cases of `absent + present`, else undefined (shrinks to undefined). */
export const sometimes = <T>(
  arbitrary: fc.Arbitrary<T>,
  absent = 1,
  present = 1,
): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: absent }, { arbitrary, weight: present });

/** Length of a 118° drill point beyond the bore's cylinder: 0.3 × its diameter. */
export const drillPointLength = (diameter: number): number =>
  (0.5 * diameter) / Math.tan((59 * Math.PI) / 180);

/** A toleranced value in mm: nominal and the tolerance's deviations or fit. */
export function sizeValue(
  kind: DrawingValue['kind'],
  size: number,
  tolerance: SizeTolerance | undefined,
  unit: number,
): DrawingValue {
  const value: DrawingValue = { kind, mm: size * unit };
  if (tolerance?.kind === 'fit') value.fit = tolerance.fit;
  if (tolerance?.kind === 'deviations')
    value.tolerance = [tolerance.upper * unit, tolerance.lower * unit];
  return value;
}
