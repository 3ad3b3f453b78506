/**
 * What the steps of the lathe planner share: the job as the planner is given it, the planning
 * context of one job (material, chosen tools, the setup, the part as machined), the plan as it
 * is built (operations, warnings, 'not programmed' entries), and the small helpers every
 * operation uses. The lathe's twin of cam/mill/context.ts.
 */
import type { MaterialSubgroup } from '../materials.ts';
import type { CuttingForce } from '../process.ts';
import type { CuttingOverrides, MachineLimits } from '../program.ts';
import type { OuterContour } from './contour.ts';
import { latheCutterOf } from './cutters.ts';
import type { LatheCutter } from './cutters.ts';
import type { PathContext } from './operations.ts';
import type { TurnedPart } from './part.ts';
import type { PassSetup } from './passes.ts';
import type { Move, Operation, SpindleSetting, ThreadCycle } from './program.ts';
import type { LatheTool } from './tooling.ts';

export interface LathePlanInput {
  part: TurnedPart;
  /** The stock material chosen in the workflow (free text, identified against cam/materials). */
  material: string;
  stockDiameterMm: number;
  /** The tools the operator selected for this job. */
  tools: LatheTool[];
  /** Spindle speed limit, rpm. */
  maxRpm: number;
  overrides?: CuttingOverrides;
  /** The machine's limits (spindle power bounds the depth of cut), when the catalog has them. */
  machine?: MachineLimits & { name?: string };
}

/** A thread the plan cuts, and the threading tool that cuts it. */
export interface PlannedThread {
  cycle: ThreadCycle;
  tool: LatheTool;
}

/** The tools chosen for what every part needs: facing and roughing, finishing, parting. */
export interface ChosenTools {
  roughTool: LatheTool;
  roughCutter: LatheCutter;
  finishTool: LatheTool;
  finishCutter: LatheCutter;
  /** Every selected grooving and parting blade. */
  blades: LatheTool[];
  /**
   * The narrowest parting blade; undefined when none is selected (the part is then turned from
   * a sawn blank: sawn-blank.ts, docs/decisions/060-no-parting-blade.md).
   */
  partingTool?: LatheTool;
  /** Width of the cut-off blade, mm (stock.ts `nominalPartingWidthMm` without a blade). */
  partingWidthMm: number;
  /**
   * How deep the parting blade reaches below the bar's surface, mm (Infinity when not rated,
   * 0 without a blade).
   */
  partingReach: number;
}

/**
 * Where the bar sits and where the tools run, in work coordinates (X a diameter, Z from the
 * finished free-end face, negative toward the chuck), mm.
 */
export interface LatheSetup {
  /** Z of the unfaced bar end (the facing allowance beyond Z0). */
  frontFaceZ: number;
  /** Length of bar out of the chuck, mm. */
  protrusionMm: number;
  /** Z of the chuck jaws' front face. */
  chuckFaceZ: number;
  /** The geometry every toolpath needs, with the tool change position. */
  path: PathContext;
  /** Where turning and boring passes start and how the tool leaves them. */
  passSetup: PassSetup;
  /** Radial finishing allowance roughing leaves (outside and bores), mm. */
  allowanceMm: number;
  /** Where the roughing of the outside ends, in the cut-off zone (Z). */
  cutOffZoneEnd: number;
  /** Where the outside finishing pass ends, in the cut-off zone (Z). */
  finishEndZ: number;
  /** Where through bores end: the middle of the cut-off (Z). */
  throughZ: number;
  /**
   * A sawn blank (sawn-blank.ts), when the part is turned from one: its length (its sawn front
   * at `frontFaceZ`) and how much of it the jaws hold behind `chuckFaceZ`, mm.
   */
  blank?: { lengthMm: number; gripMm: number };
}

/** The settings of one job that every operation is planned with. */
export interface LathePlanContext {
  input: LathePlanInput;
  /** The material's subgroup for the cutting data tables (alloy steel when not identified). */
  subgroup: MaterialSubgroup;
  overrides: CuttingOverrides;
  /** kc1 and mc of the material (cam/process.ts). */
  force: CuttingForce;
  /** The part as drawn. */
  part: TurnedPart;
  /** The part as machined: with the DIN 76 undercuts of its threads as grooves. */
  machined: TurnedPart;
  /** The turnable contour of the part as machined. */
  contour: OuterContour;
  /** The threads the plan cuts; grooving drops a thread whose undercut cannot be cut. */
  threads: PlannedThread[];
  tools: ChosenTools;
  setup: LatheSetup;
}

/**
 * The plan as it is built, in program order: each step appends its operations, its warnings
 * and, for what it cannot make, a 'not programmed' entry.
 */
export interface LathePlanOutput {
  operations: Operation[];
  warnings: string[];
  /** The changes the user asked for that the machine's limits changed; each is also in `warnings`. */
  limited: string[];
  notProgrammed: string[];
}

/** The cutter of a tool the planner uses (every turning, boring and blade tool has one). */
export const cutterOf = (tool: LatheTool): LatheCutter => latheCutterOf(tool)!;

export const rapid = (x: number, z: number): Move => ({ kind: 'rapid', x, z });

/** Constant surface speed (G96) at `surfaceSpeed` m/min, within the spindle limit. */
export const css = (context: LathePlanContext, surfaceSpeed: number): SpindleSetting => ({
  mode: 'css' as const,
  surfaceSpeed,
  maxRpm: context.input.maxRpm,
});

/** `value` rounded to 0.001 (mm, mm/rev). */
export function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
