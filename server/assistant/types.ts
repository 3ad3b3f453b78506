/**
 * The assistant provider interface (DESIGN.md, "Assistant providers"): `offline` reads drawings
 * with deterministic readers; `claude` (issue 5) asks Claude. The G-code itself is always written
 * by cam/, never by a provider.
 */
import type { BlueprintAnalysis } from '#cam/blueprint-description';
import type { SimulationAnalysis } from '#machines/qbotSteps';
import type { DrawingType } from '#server/qbot/uploads';

export interface DrawingFile {
  fileName: string;
  type: DrawingType;
  bytes: Buffer;
}

export interface SimulationContext {
  feedback: string;
  analysis: BlueprintAnalysis;
  /** The program that was simulated: its text, verification checks and summary. */
  program?: { gcode: string; checksPassed: boolean; warnings: string[]; operations: string[] };
  /** Overrides already applied to that program. */
  appliedOverrides?: Record<string, number>;
}

/** Plan advice is optional: providers may suggest, cam/ decides. */
export interface PlanAdvice {
  notes: string[];
}

export interface AssistantProvider {
  readonly name: 'offline' | 'claude';
  /** Read a drawing into the spec's structured description, materials, tools and stock size. */
  describeBlueprint(file: DrawingFile): Promise<BlueprintAnalysis>;
  /** Revise a description from the user's words. @throws AppError 422 when nothing is understood */
  reviseDescription(analysis: BlueprintAnalysis, feedback: string): Promise<BlueprintAnalysis>;
  advisePlan(analysis: BlueprintAnalysis): Promise<PlanAdvice>;
  /** What went wrong in a simulation and what to change, with overrides regeneration applies. */
  analyzeSimulation(context: SimulationContext): Promise<SimulationAnalysis>;
  /** Answer a free question. */
  ask(message: string, history: { sender: string; message: string }[]): Promise<string>;
}
