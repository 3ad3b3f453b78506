/**
 * The server's implementations of the qbotWorkflow chart's actors: they read the stored drawing,
 * call the assistant provider, load the shop's machines and tools, and write programs, always
 * inside the caller's organization.
 */
import { fromPromise } from 'xstate';
import type { BlueprintAnalysis } from '#contracts/blueprint';
import type {
  AnalyzeInput,
  DescribeInput,
  DescribeOutput,
  GenerateInput,
  LoadMachinesInput,
  LoadToolsInput,
  ReviseInput,
  SaveValuesInput,
} from '#machines/qbotContext';
import { analysisFromValues } from './description-values.ts';
import { machineChoicesOf } from '#contracts/qbot-workflow';
import type {
  MachineChoices,
  SimulationAnalysis,
  WorkflowProgram,
  WorkflowTool,
} from '#contracts/qbot-workflow';
import type { AssistantProvider } from '#server/assistant/index';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import { getMachine, machineChoicesByType } from '#server/shop/machines';
import { listToolingPairs, readTooling } from '#server/shop/tooling';
import type { FileStore } from '#server/storage/file-store';
import { findStoredFile } from '#server/storage/stored-files';
import type { JobRunner } from '#server/jobs/pool';
import { latestProgram, writeProgram } from './programs.ts';
import { addDescriptionVersion, writeAnalysisProgress } from './threads.ts';
import { drawingTypeOf } from './uploads.ts';
import type { ServerActors } from './workflow-runner.ts';

export interface ServerActorDeps {
  db: Database;
  files: FileStore;
  provider: AssistantProvider;
  /** The worker pool that writes programs (drawings are read by the provider through it). */
  jobs: JobRunner;
  organizationId: string;
  threadId: string;
}

/** The feedback a values-table save is stored with (description_versions.feedback). */
const valuesTableFeedback = 'Edited in the values table';

/** Smallest change of the fraction worth a database write. */
const progressStep = 0.04;

/**
 * Writes a drawing read's progress to the thread row (threads.analysis_progress) for
 * GET /api/qbot/threads/:threadId/analysisProgress: at most one write per 4 % or new stage, in
 * order, never failing the read. `clear()` waits for the writes and empties the column.
 */
export function progressWriter(db: Database, organizationId: string, threadId: string) {
  let last = { fraction: -1, stage: '' };
  let chain: Promise<unknown> = Promise.resolve();
  const write = (value: { fraction: number; stage: string } | null) => {
    chain = chain
      .then(() => writeAnalysisProgress(db, { organizationId, threadId }, value))
      .catch(() => undefined);
  };
  return {
    report: (fraction: number, stage: string): void => {
      const clamped = Math.max(0, Math.min(1, Number.isFinite(fraction) ? fraction : 0));
      if (stage === last.stage && clamped - last.fraction < progressStep) return;
      last = { fraction: clamped, stage: stage.slice(0, 200) };
      write(last);
    },
    /** Resolves when every report so far is written. */
    async settled() {
      await chain;
    },
    async clear() {
      write(null);
      await chain;
    },
  };
}

/** Build the server's actors; each reports its error through `onFailure` before rejecting. */
export function serverActors(
  deps: ServerActorDeps,
  onFailure: (error: unknown) => void,
): ServerActors {
  const { db, organizationId, threadId } = deps;
  const call = { organizationId, threadId };
  const reporting =
    <T, I>(work: (input: I) => Promise<T>) =>
    async ({ input }: { input: I }): Promise<T> => {
      try {
        return await work(input);
      } catch (error) {
        onFailure(error);
        throw error;
      }
    };

  return {
    describeBlueprint: fromPromise<DescribeOutput, DescribeInput>(
      reporting(async ({ fileId }) => {
        if (!fileId) throw new AppError(400, 'validation_failed', 'The upload has no stored file.');
        const file = await findStoredFile(db, organizationId, fileId);
        if (!file) throw new AppError(404, 'not_found', 'File not found.');
        const progress = progressWriter(db, organizationId, threadId);
        let analysis: BlueprintAnalysis;
        try {
          analysis = await deps.provider.describeBlueprint(
            {
              fileId: file.id,
              fileName: file.fileName,
              type: drawingTypeOf(file.contentType),
              bytes: await deps.files.get(file.storageKey),
              storageKey: file.storageKey,
            },
            call,
            progress.report,
          );
        } finally {
          await progress.clear();
        }
        await addDescriptionVersion(db, call, { analysis, source: 'reader' });
        return { analysis, imageUrl: `/api/files/${file.id}`, threadId };
      }),
    ),
    reviseDescription: fromPromise<BlueprintAnalysis, ReviseInput>(
      reporting(async ({ feedback, context }) => {
        if (!context.analysis)
          throw new AppError(
            409,
            'workflow_out_of_order',
            'There is no description to change yet.',
          );
        const analysis = await deps.provider.reviseDescription(context.analysis, feedback, call);
        await addDescriptionVersion(db, call, { analysis, source: 'revision', feedback });
        return analysis;
      }),
    ),
    saveDescriptionValues: fromPromise<BlueprintAnalysis, SaveValuesInput>(
      reporting(async ({ description, context }) => {
        const analysis = analysisFromValues(description, context.analysis);
        await addDescriptionVersion(db, call, {
          analysis,
          source: 'revision',
          feedback: valuesTableFeedback,
        });
        return analysis;
      }),
    ),
    loadMachines: fromPromise<MachineChoices, LoadMachinesInput>(
      reporting(async ({ jobType }) =>
        machineChoicesOf(await machineChoicesByType(db, organizationId, jobType)),
      ),
    ),
    loadTools: fromPromise<WorkflowTool[], LoadToolsInput>(
      reporting(async ({ machine }) => {
        const stored = await getMachine(db, organizationId, machine._id);
        const { toolingPairs } = readTooling(
          await listToolingPairs(db, organizationId, machine._id),
          stored.machineType?.jobType,
        );
        return toolingPairs.map(
          ({ id, slotNumber, toolName, toolDescription, toolType, understood }) => ({
            id,
            slotNumber,
            toolName,
            toolDescription,
            toolType,
            ...(understood ? { understood } : {}),
          }),
        );
      }),
    ),
    generateProgram: fromPromise<WorkflowProgram, GenerateInput>(
      reporting(({ context }) =>
        writeProgram(
          {
            db,
            files: deps.files,
            jobs: deps.jobs,
            organizationId,
            threadId,
            provider: deps.provider,
          },
          context,
        ),
      ),
    ),
    analyzeSimulation: fromPromise<SimulationAnalysis, AnalyzeInput>(
      reporting(async ({ feedback, context }) => {
        if (!context.analysis)
          throw new AppError(409, 'workflow_out_of_order', 'There is no program to analyse yet.');
        const program = await latestProgram({ db, files: deps.files, organizationId, threadId });
        const summary = program?.summary as
          { warnings?: string[]; operations?: { name: string }[] } | undefined;
        return deps.provider.analyzeSimulation(
          {
            feedback,
            analysis: context.analysis,
            ...(program
              ? {
                  program: {
                    gcode: program.gcode,
                    checksPassed: program.verified,
                    warnings: summary?.warnings ?? [],
                    operations: (summary?.operations ?? []).map((operation) => operation.name),
                  },
                }
              : {}),
            ...(program?.overrides
              ? { appliedOverrides: program.overrides as Record<string, number> }
              : {}),
            ...(program ? { checks: program.checks } : {}),
          },
          call,
        );
      }),
    ),
  };
}
