/**
 * A planned milling program before it is written in a controller's dialect.
 *
 * Work coordinates (G54): X0 Y0 the lower-left corner of the part's bounding box, Z0 the
 * finished top face. Lengths in mm, feeds in mm/min, spindle speeds in rpm.
 */
import type { Point2 } from '../geometry/polygon.ts';
import type { MaterialGroup, MaterialSubgroup } from '../materials.ts';
import type { ToolRow } from '../tool-row.ts';
import type { PrismaticPart } from '../prismatic/part.ts';

export type MillToolKind =
  | 'faceMill'
  | 'endMill'
  | 'drill'
  | 'spotDrill'
  | 'tap'
  | 'reamer'
  | 'boringHead'
  | 'chamferMill'
  | 'countersink'
  | 'other';

export interface MillTool {
  row: ToolRow;
  /** Tool number from the slot (T3 is 3); also its length offset H and diameter offset D. */
  number: number;
  kind: MillToolKind;
  diameterMm?: number;
  /** Flutes (end mills, face mills: inserts). */
  flutes?: number;
  /** Taps: pitch, mm. */
  pitchMm?: number;
  /**
   * Countersinks, chamfer mills and spot drills: the included angle of the cone, degrees, as
   * written on the row ('90°'), else 90.
   */
  pointAngleDeg?: number;
  /** Countersinks and chamfer mills: the diameter of the flat at the tip, mm (0 when unwritten). */
  tipDiameterMm?: number;
  /** Largest depth it cuts (flute length), mm. */
  fluteLengthMm?: number;
  /** Short name for comments and messages: "T3 Ø10 end mill". */
  label: string;
  /** Cutting material when the row names it (HSS, HSS-E, cobalt / carbide, inserts). */
  toolMaterial?: 'hss' | 'carbide';
}

export interface MillMove {
  kind: 'rapid' | 'feed' | 'arc';
  x: number;
  y: number;
  z: number;
  /**
   * Feed moves and arcs: mm/min, set per move for what it cuts against the stock (full slots,
   * chip thinning, the spindle's power: cam/mill/in-process.ts).
   */
  feed?: number;
  /**
   * The radial engagement of a light pass as planned, mm (a step's wall finishing pass takes
   * exactly its allowance): its feed is set for it rather than for the stock model's measure,
   * which a grid of 0.1 mm cells cannot tell for a few tenths (decision 086).
   */
  plannedAeMm?: number;
  /** Arcs in the XY plane: centre and direction. */
  arc?: { center: Point2; clockwise: boolean };
}

/** A canned drilling cycle at one or more positions (one G81–G89 block, then positions). */
export interface DrillCycle {
  /** 'drill' G81, 'peck' G83, 'tap' G84, 'bore' G85 (feed in and out), 'fineBore' G76. */
  kind: 'drill' | 'peck' | 'tap' | 'bore' | 'fineBore';
  points: Point2[];
  /** Z of the hole bottom. */
  bottomZ: number;
  /** R plane: where feeding starts (above the top of material). */
  retractZ: number;
  /** Initial level (G98 returns to it between holes): the clearance height. */
  clearanceZ: number;
  /** mm/min; for taps, rpm × pitch. */
  feed: number;
  /** Peck depth for 'peck', mm. */
  peckMm?: number;
  /** Dwell at the bottom, s. */
  dwellS?: number;
  /** Taps: pitch, mm (right-hand). */
  pitchMm?: number;
  /** Fine boring: shift away from the wall at the bottom, mm. */
  shiftMm?: number;
}

export interface MillOperation {
  /** 'Face', 'Rough contour', 'Finish contour', 'Pocket 1', 'Spot drill', 'Drill Ø6.8', 'Tap M8x1.25'… */
  name: string;
  tool: MillTool;
  rpm: number;
  coolant: 'flood' | 'mist' | 'off';
  /** From the clearance height: the first move is a rapid to XY at clearance. */
  moves: MillMove[];
  /** Drilling operations: the cycle instead of (or after) moves. */
  cycle?: DrillCycle;
  /**
   * Cutting data as chosen, for the summary and the header: the table's speeds and feed, and
   * the depth per level the operation really takes (mm).
   */
  data: {
    surfaceSpeed: number;
    rpm: number;
    feedPerTooth?: number;
    feedPerRev?: number;
    feedMmPerMin: number;
    depthOfCut?: number;
    stepover?: number;
    /** The surface speed the table (and the user's overrides) asked for when the spindle's top speed held it lower, m/min. */
    wantedSurfaceSpeed?: number;
  };
}

export interface BlockStock {
  /** Stock size X × Y × Z, mm. */
  xMm: number;
  yMm: number;
  zMm: number;
  /** Where the stock's lower-left-bottom corner is in work coordinates. */
  origin: { x: number; y: number; z: number };
}

export interface MillPlan {
  part: PrismaticPart;
  stock: BlockStock;
  operations: MillOperation[];
  /** Safe height for rapids between features, mm above Z0. */
  clearanceZ: number;
  /** Spindle limit of the machine, rpm. */
  maxRpm: number;
  warnings: string[];
  /** Warnings where the machine or a tool's rating held back what the user's overrides asked for. */
  limited: string[];
  notProgrammed: string[];
  /** The workpiece material's ISO group and subgroup the cutting data were chosen for. */
  material: { group: MaterialGroup; subgroup: MaterialSubgroup };
  /** The grid cell of the stock model the plan was made against, mm. */
  cellMm: number;
}
