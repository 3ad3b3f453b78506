/**
 * What a program job is and what comes of it, for every job type: the job (a confirmed
 * description and the job's choices), the machine and its limits, and the program in the dialect
 * of the chosen machine's controller with its report, summary, cycle time and backplot. The
 * per-kind pipelines that make one live in cam/jobs/ (lathe.ts, mill.ts, wire.ts, sinker.ts)
 * with the dispatcher (cam/jobs/generate.ts); these types are shared with the plans, posts and
 * verifiers below them.
 */
import type { JobType } from '#contracts/job-types';
import type { BlueprintDescription } from '#contracts/blueprint';
import type { SetupSheet } from '#contracts/setup-sheet';
import type { ToolRow } from './tool-row.ts';

export interface MachineInfo {
  name: string;
  manufacturer: string;
  model: string;
  controllerType: string;
  controllerModel: string;
  /** G-code dialect of the controller model (db catalog): linuxcnc, fanuc, haas, sinumerik, iso-edm… */
  dialect: string;
  serialNumber: string;
  /** Spindle speed limit, rpm, when known (the catalog model's `limits.maxRpm`). */
  maxRpm?: number;
  /** What the machine can do, from its catalog model's spec sheet, when the catalog has it. */
  limits?: MachineLimits;
  /**
   * Why the job's spindle limit (`limits.maxRpm`) is below the machine's own, when it is: "the
   * 210 mm chuck's safe speed gripping Ø150 …" (cam/lathe/chuck.ts).
   */
  spindleLimitReason?: string;
}

/**
 * A machine model's limits from its maker's spec sheet (db/seed/catalog.json, sources in
 * db/seed/SOURCES.md). Lathes: X is the cross-slide stroke on the radius, Y 0 without a Y axis.
 * EDMs have no spindle: `maxRpm` and `spindlePowerKw` are absent.
 */
export interface MachineLimits {
  /** Highest spindle speed, rpm (main spindle for lathes). */
  maxRpm?: number;
  /** Spindle power, kW: the rated figure the spec sheet gives (S1 continuous where it gives it). */
  spindlePowerKw?: number;
  /** Axis travels, mm. */
  travelsMm: { x: number; y: number; z: number };
  /** Turret stations (lathes) or magazine pockets (mills); 0 for an EDM without an electrode changer. */
  toolPositions: number;
  /** Lathes: the largest diameter it turns and the bar it takes through the spindle, mm. */
  maxTurningDiameterMm?: number;
  barCapacityMm?: number;
  /** Lathes: the body diameter of the standard chuck, mm (its rated speed: cam/lathe/chuck.ts). */
  chuckDiameterMm?: number;
  /** The spec sheet these figures come from: maker, document or page, and its year. */
  source: string;
}

/** Stock as chosen in the workflow: round bar for lathes, a block or plate for the others. */
export type StockSize =
  | { shape: 'round'; diameterMm: number; lengthMm?: number }
  | { shape: 'block'; xMm: number; yMm: number; zMm: number };

/**
 * Explicit changes from simulation feedback, applied on top of the start values of every kind's
 * cutting data (cam/lathe/cutting-data.ts, cam/mill/cutting-data.ts, cam/drilling-data.ts).
 */
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

export interface ProgramJob {
  jobType: JobType;
  description: BlueprintDescription;
  /** The stock material chosen in the workflow. */
  material: string;
  stock: StockSize;
  machine: MachineInfo;
  /** The tooling pairs the operator selected. */
  tools: ToolRow[];
  programVersion: number;
  overrides?: CuttingOverrides;
  partName?: string;
  /** Notes that open the program header's notes (before the plan's warnings). */
  headerNotes?: string[];
}

/**
 * A check's kind: a failed 'process' check means the program must not run as it is (a gouge,
 * an overloaded tool, a rapid into stock); a failed 'completeness' check means it runs safely
 * but leaves part of the drawing undone.
 */
export type CheckKind = 'process' | 'completeness';

export interface VerificationCheck {
  id: string;
  title: string;
  passed: boolean;
  /** What failed, first problems first (at most ten). */
  details: string[];
  /** 'process' when absent. */
  kind?: CheckKind;
}

/**
 * The part as the material-removal simulation left it, in the backplot's plane (lathes: x = Z,
 * y = radius; others: x, y from above), with the regions where material is left beyond the part
 * and where the part is cut away (mm).
 */
export interface SimulatedPart {
  plane: 'XZ' | 'XY';
  part: { x: number; y: number }[][];
  left: { x: number; y: number }[][];
  gouged: { x: number; y: number }[][];
}

/** What one operation of a program did, as the verifier measured it from the program's moves. */
export interface OperationReport {
  name: string;
  /** The tool as the program's comments name it: "T1 CNMG 120408". */
  tool: string;
  /** Largest depth of cut, mm: lathes across the move, mills axial (ap). */
  maxDepthOfCutMm: number;
  /** Mills: largest radial engagement (ae), mm. */
  maxRadialMm?: number;
  /** Largest chip thickness, mm. */
  maxChipThicknessMm: number;
  /** Material removed, cm³. */
  removedCm3: number;
  /** Material removal rate while cutting, cm³/min. */
  removalRateCm3PerMin: number;
  /** Largest net cutting power, kW. */
  maxPowerKw: number;
  /** The machine's spindle power, kW, when known. */
  machinePowerKw?: number;
  /** Time cutting (feed moves), s. */
  cuttingSeconds: number;
}

export interface Extents {
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
  zMin: number;
  zMax: number;
}

export interface ProgramReport {
  /** Every process check passed: the program runs safely as far as it goes. */
  passed: boolean;
  /** Nothing of the drawing is left undone: every completeness check passed, nothing skipped. */
  complete: boolean;
  /** Passed and complete: a machinist would run it as it is. Only then is it called verified. */
  verified: boolean;
  /** What is left undone, one sentence each: the feature, why, and what would do it. */
  unfinished: string[];
  checks: VerificationCheck[];
  /** Per operation: depth of cut, chip thickness, removal rate, power, time (lathe and mill). */
  operations?: OperationReport[];
  /** The part as the simulation left it, for the backplot, when the verifier models it. */
  simulated?: SimulatedPart;
  stats: {
    lines: number;
    motions: number;
    rapids: number;
    feeds: number;
    toolChanges: number;
    extents: Extents | null;
  };
}

export interface CycleTime {
  totalSeconds: number;
  rapidSeconds: number;
  feedSeconds: number;
  toolChangeSeconds: number;
  /** Dwells, spindle starts, operator stops counted at a fixed allowance. */
  otherSeconds: number;
  operations: { name: string; seconds: number }[];
}

export interface SummaryOperation {
  name: string;
  tool: string;
  /** m/min */
  surfaceSpeed?: number;
  rpm?: number;
  /** mm/rev */
  feedPerRev?: number;
  feedMmPerMin?: number;
  /** mm */
  depthOfCut?: number;
  /** Lathe finishing: the roughness the finishing feed is chosen for, Ra µm. */
  raUm?: number;
  /** Lathe threads: the passes, with the spring passes. */
  passes?: number;
  /** Estimated time of this operation, s. */
  seconds?: number;
}

export interface ProgramSummary {
  jobType: JobType;
  operations: SummaryOperation[];
  warnings: string[];
  /** The changes the user asked for that the machine's limits changed, in words (lathe). */
  limited?: string[];
  notProgrammed: string[];
  stock: string;
  dialect: string;
  controller: string;
  cycleTime?: CycleTime;
}

/** The outline drawn under the backplot: the part in the plot's plane (XZ lathes, XY others). */
export interface PlotOutline {
  plane: 'XZ' | 'XY';
  /** Closed polygons (XY) or the turned half-profile as (z, x-radius) points mapped to x=z, y=radius. */
  polygons: { x: number; y: number }[][];
}

export interface GeneratedProgram {
  gcode: string;
  fileName: string;
  dialect: string;
  report: ProgramReport;
  summary: ProgramSummary;
  /** The part outline for the backplot. */
  outline: PlotOutline;
  /** The backplot as an SVG document. */
  backplotSvg: string;
  /** What the operator sets up at the machine to run it (cam/setup-sheet/). */
  setupSheet: SetupSheet;
}

/** A file name from a part name: ASCII letters, digits and dashes, at most 40 characters. */
export const safeFileName = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'part';
