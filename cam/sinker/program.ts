/**
 * A planned sinker (ram) EDM program before it is written in ISO code.
 *
 * Work coordinates: X0 Y0 the lower-left corner of the part's bounding box, Z0 the top face.
 * Each cavity is burned by one electrode, positioned over it and lowered through a series of
 * machine conditions from roughing to finishing; orbiting (planetary movement) enlarges each
 * condition's cavity to the finished size as the gap and the electrode's undersize shrink.
 */
import type { Point2 } from '../geometry/polygon.ts';
import type { ToolRow } from '../tool-row.ts';
import type { PrismaticPart } from '../prismatic/part.ts';

export interface Electrode {
  row: ToolRow;
  /** Tool number from the slot. */
  number: number;
  material: 'graphite' | 'copper' | 'copper-tungsten';
  /** Undersize per side (frontal and lateral gap of the finishing condition and the orbit), mm. */
  undersizeMm: number;
  label: string;
  /** Its cross-section, when the row gives it: round (diameter) or rectangular (X by Y), mm. */
  shape?: { kind: 'round'; diameterMm: number } | { kind: 'rectangle'; xMm: number; yMm: number };
}

/** One machine condition: a generator setting with its gap and its finish. */
export interface SinkerCondition {
  /** Condition number written as E (E101…); the control's technology table holds the generator settings. */
  number: number;
  name: string;
  /** Spark gap per side of this condition, mm. */
  gapMm: number;
  /** Roughness this condition leaves, Ra µm. */
  raUm: number;
  /** Depth reached with this condition (Z), mm. */
  bottomZ: number;
  /** Orbit radius at the bottom, mm (0: no orbit). */
  orbitMm: number;
  /** Estimated removal rate, mm³/min, for the cycle time. */
  removalMm3PerMin: number;
  /** Roughness depth left for the next condition on the floor and the walls, mm (0 for the last). */
  allowanceMm?: number;
  /** Programmed down feed (the servo feeds slower as it needs), mm/min. */
  feedMmPerMin?: number;
}

export interface SinkerCavity {
  label: string;
  center: Point2;
  depthMm: number;
  electrode: Electrode;
  conditions: SinkerCondition[];
  /** Cavity volume, mm³, for the cycle time. */
  volumeMm3: number;
}

export interface SinkerPlan {
  part: PrismaticPart;
  material: string;
  cavities: SinkerCavity[];
  /** Height for moves between cavities, mm above Z0. */
  clearanceZ: number;
  /** The condition table used: 'graphite on steel'… */
  pair?: string;
  /** The roughness the last conditions aim for, Ra µm. */
  raUm?: number;
  warnings: string[];
  notProgrammed: string[];
}
