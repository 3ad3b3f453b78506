/**
 * A written program as the Q-Bot workflow keeps it (moved here from qbot-workflow.ts, which
 * re-exports it): the current version with its report, backplot and setup sheet, and what the
 * job keeps of each earlier version, so every version can be downloaded again and its setup
 * sheet printed (issue 34, docs/decisions/107-setup-sheet.md).
 */
import type { SetupSheet } from './setup-sheet.ts';

/**
 * How far a written program can be trusted: 'verified' (a machinist would run it as it is) or
 * 'incomplete' (it runs safely, but leaves part of the drawing undone; downloaded only on
 * purpose). A program that fails a process check is not offered at all.
 */
export type ProgramStatus = 'verified' | 'incomplete';

/** One operation of a program as the verifier measured it from its moves. */
export interface ProgramOperationReport {
  name: string;
  tool: string;
  /** Largest depth of cut (lathes: thickness taken; mills: axial), mm. */
  maxDepthOfCutMm: number;
  /** Mills: largest radial engagement, mm. */
  maxRadialMm?: number;
  /** Largest chip thickness, mm. */
  maxChipThicknessMm: number;
  /** Material removal rate while cutting, cm³/min. */
  removalRateCm3PerMin: number;
  /** Largest net cutting power, kW, and the machine's spindle power. */
  maxPowerKw: number;
  machinePowerKw?: number;
  /** Time cutting, s. */
  cuttingSeconds: number;
}

/** A written program as the workflow knows it. */
export interface WorkflowProgram {
  version: number;
  fileUrl: string;
  fileName: string;
  /** True only for a 'verified' program. */
  verified: boolean;
  /** Absent in programs written before it existed: read them by `verified`. */
  status?: ProgramStatus;
  /** What the program leaves undone, one sentence each: the feature, why, what would do it. */
  unfinished?: string[];
  /** Per operation: depth of cut, chip thickness, removal rate, power, time. */
  report?: ProgramOperationReport[];
  /** The changes the user asked for that the machine's limits changed, in words. */
  limited?: string[];
  /**
   * One line per verifier check: "✓ Every tool called is in the selected tooling". A failed
   * 'completeness' check means part of the drawing is left; a failed 'process' one never reaches
   * the user as a program.
   */
  checks: {
    title: string;
    passed: boolean;
    details: string[];
    kind?: 'process' | 'completeness';
  }[];
  operations: string[];
  warnings: string[];
  notProgrammed: string[];
  /** The assistant's advice on the job, shown beside the program (never written into it). */
  advice?: string[];
  dialect: string;
  /** Estimated cycle time in words ("12 min 30 s"), also in the program's header. */
  cycleTime?: string;
  /** The toolpath drawn over the part as SVG (GET, same organization only). */
  backplotUrl?: string;
  /**
   * What the operator sets up at the machine to run it (contracts/setup-sheet.ts), checked by
   * the server when the program is written; absent in programs written before it existed.
   */
  setupSheet?: SetupSheet;
}

/**
 * A program written earlier in the job: enough to name it, download it again and print its
 * setup sheet with its backplot.
 */
export type EarlierProgram = Pick<
  WorkflowProgram,
  | 'version'
  | 'fileUrl'
  | 'fileName'
  | 'status'
  | 'verified'
  | 'dialect'
  | 'backplotUrl'
  | 'setupSheet'
>;

/** What the job keeps of a program once another replaces it. */
export const earlierProgramOf = (program: WorkflowProgram): EarlierProgram => ({
  version: program.version,
  fileUrl: program.fileUrl,
  fileName: program.fileName,
  verified: program.verified,
  dialect: program.dialect,
  ...(program.status ? { status: program.status } : {}),
  ...(program.backplotUrl ? { backplotUrl: program.backplotUrl } : {}),
  ...(program.setupSheet ? { setupSheet: program.setupSheet } : {}),
});
