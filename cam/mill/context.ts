/**
 * What the parts of the mill planner share: the planning context of one job, the plan being
 * built (operations, warnings, 'not programmed' entries), and the choice of end mills.
 */
import type { CuttingOverrides } from '../program.ts';
import type { CuttingForce } from '../process.ts';
import type { MillCuttingData, MillMaterial } from './cutting-data.ts';
import type { MillOperation, MillTool } from './program.ts';
import type { StockModel } from './stock-model.ts';
import { round } from './toolpath.ts';

/** Through features and the outside contour go this far below the part's bottom, mm. */
export const breakthroughMm = 0.5;

/** The settings of one job that every operation is planned with. */
export interface MillPlanContext {
  material: MillMaterial;
  /** The stock material as the workflow gave it (free text), for messages. */
  materialName: string;
  /** Spindle speed limit, rpm. */
  maxRpm: number;
  overrides: CuttingOverrides;
  /** Rapids across the part run at this Z, mm. */
  clearanceZ: number;
  /** R plane of the drilling cycles, mm. */
  retractZ: number;
  /** Z of the material's top where the features start (0: faced, or the stock as supplied), mm. */
  topZ: number;
  /** General tolerance of the part, mm. */
  tolerance: number;
  /** Finish allowance on walls and floors, mm (end mills under Ø2 leave a tenth of their diameter). */
  allowance: number;
  /** The stock as the operations planned so far leave it; each planned operation is run through it. */
  model: StockModel;
  /** kc1 and mc of the material (cam/process.ts). */
  force: CuttingForce;
  /** The machine's spindle power, kW, when known; cuts stay within 80 % of it. */
  spindlePowerKw?: number;
  /** The machine's name, for messages. */
  machineName: string;
}

/**
 * The finish allowance an end mill leaves on walls: the job's, at most a tenth of its diameter
 * (so that its finishing pass is a light cut that may take the wall's full height), mm.
 */
export const wallAllowanceFor = (tool: MillTool, context: Pick<MillPlanContext, 'allowance'>) =>
  round(Math.min(context.allowance, 0.1 * (tool.diameterMm ?? 10)));

/**
 * The plan as it is built, in program order: each part of the planner appends its operations,
 * its warnings and, for what it cannot make, a 'not programmed' entry ("Pocket 1: no end mill
 * is selected").
 */
export interface MillPlanOutput {
  operations: MillOperation[];
  warnings: string[];
  /**
   * Warnings where the machine (its top speed or spindle power) or a tool's rating held back
   * what the user's own overrides asked for; each is also in `warnings`.
   */
  limited: string[];
  notProgrammed: string[];
}

/** The end mills with a known diameter, largest first. */
export const endMillsBySize = (tools: MillTool[]) =>
  tools
    .filter((tool) => tool.kind === 'endMill' && tool.diameterMm !== undefined)
    .sort((a, b) => b.diameterMm! - a.diameterMm!);

/**
 * The cutting data an operation records: speed, rpm, feed, and the depth of cut (mm, rounded to
 * 0.001) when one is given.
 */
export function operationData(data: MillCuttingData, depth?: number): MillOperation['data'] {
  return {
    surfaceSpeed: data.surfaceSpeed,
    rpm: data.rpm,
    ...(data.feedPerTooth !== undefined ? { feedPerTooth: data.feedPerTooth } : {}),
    ...(data.feedPerRev !== undefined ? { feedPerRev: data.feedPerRev } : {}),
    feedMmPerMin: data.feedMmPerMin,
    ...(depth !== undefined ? { depthOfCut: round(depth) } : {}),
    ...(data.stepover !== undefined ? { stepover: data.stepover } : {}),
    ...(data.wantedSurfaceSpeed !== undefined
      ? { wantedSurfaceSpeed: data.wantedSurfaceSpeed }
      : {}),
  };
}
