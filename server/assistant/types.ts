/**
 * The assistant provider interface (DESIGN.md, "Assistant providers"): `offline` reads drawings
 * with deterministic readers; `claude` (issue 5) asks Claude. The G-code itself is always written
 * by cam/, never by a provider.
 */
import type { BlueprintAnalysis } from '#contracts/blueprint';
import type { SimulationAnalysis, promptHelperOf } from '#contracts/qbot-workflow';
import type { DrawingInput } from '#drawings/read';
import type { ReadingProgress } from '#drawings/reading';

export interface DrawingFile extends DrawingInput {
  /** The stored file's id (stored_files), so a provider can refer to it in later turns. */
  fileId: string;
  /** Where its bytes are in the file store, so a job on the PostgreSQL queue reads them there. */
  storageKey?: string;
}

/** Who a provider call is for: the organization (prompts, accounting) and the conversation. */
export interface AssistantCall {
  organizationId: string;
  threadId: string;
}

/** The job a plan is advised for: the spec's job prompt helper (section 3). */
export type PlanJob = ReturnType<typeof promptHelperOf>;

export interface SimulationContext {
  feedback: string;
  analysis: BlueprintAnalysis;
  /** The program that was simulated: its text, verification checks and summary. */
  program?: { gcode: string; checksPassed: boolean; warnings: string[]; operations: string[] };
  /** Overrides already applied to that program. */
  appliedOverrides?: Record<string, number>;
  /** The verifier's checks of that program. */
  checks?: { title: string; passed: boolean; details: string[] }[];
}

/**
 * Plan advice is optional: providers may point out what the operator should watch, cam/ decides
 * the program. Notes are shown beside the program, never written into it.
 */
export interface PlanAdvice {
  notes: string[];
}

export interface AssistantProvider {
  readonly name: 'offline' | 'claude';
  /**
   * Read a drawing into the spec's structured description, materials, tools and stock size.
   * `progress` hears how far a long read is (0..1 and a stage in words); providers may ignore it.
   */
  describeBlueprint(
    file: DrawingFile,
    call: AssistantCall,
    progress?: ReadingProgress,
  ): Promise<BlueprintAnalysis>;
  /** Revise a description from the user's words. @throws AppError 422 when nothing is understood */
  reviseDescription(
    analysis: BlueprintAnalysis,
    feedback: string,
    call: AssistantCall,
  ): Promise<BlueprintAnalysis>;
  /** Advice on planning the job; never fails the job (a provider that cannot advise says nothing). */
  advisePlan(analysis: BlueprintAnalysis, job: PlanJob, call: AssistantCall): Promise<PlanAdvice>;
  /** What went wrong in a simulation and what to change, with overrides regeneration applies. */
  analyzeSimulation(context: SimulationContext, call: AssistantCall): Promise<SimulationAnalysis>;
  /** Answer a free question in a conversation, with its earlier messages. */
  ask(
    message: string,
    history: { sender: string; message: string }[],
    call: AssistantCall,
  ): Promise<string>;
}
