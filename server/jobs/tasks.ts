/**
 * The heavy jobs and how each runs inside a pool worker (server/jobs/worker.ts): reading a
 * drawing, revising a description from the user's words (the offline reviser), turning a drawing
 * into Claude content blocks, and planning, posting and verifying a program. Everything a job
 * takes and gives back is plain data (structured-cloneable), and a failure meant for the user
 * comes back as `{ ok: false, message }`, because error classes do not survive the thread
 * boundary.
 */
import { analysisOf } from '#cam/analysis';
import { checkProgram } from '#cam/check/index';
import type { CheckedProgram, ProgramCheckInput } from '#cam/check/index';
import { CamError } from '#cam/errors';
import { generateProgram } from '#cam/jobs/generate';
import type { GeneratedProgram, ProgramJob } from '#cam/program';
import type { BlueprintAnalysis, BlueprintDescription } from '#contracts/blueprint';
import { renderDxfImage } from '#drawings/dxf/render';
import type { DrawingInput } from '#drawings/read';
import { readDrawing } from '#drawings/read';
import { DrawingReadError } from '#drawings/reading';
import type { ReadingProgress } from '#drawings/reading';
import { RevisionError, reviseDescription } from '#drawings/revise/revise';
import { drawingBlocks } from '#server/assistant/claude/drawing';
import type { DrawingBlock } from '#server/assistant/claude/drawing';

/**
 * A drawing a job works on. `storageKey` ("organizationId/uuid" in the file store) lets the
 * PostgreSQL job queue send the key instead of the bytes: its worker reads them from the store
 * (server/jobs/queue.ts). The in-process pool uses the bytes.
 */
export type JobFile = DrawingInput & { storageKey?: string };

/** Read a drawing with the offline readers into the spec's analysis. */
export interface ReadTask {
  kind: 'read';
  file: JobFile;
}

/** Revise a description from the user's words with the offline reviser into the spec's analysis. */
export interface ReviseTask {
  kind: 'revise';
  description: BlueprintDescription;
  feedback: string;
}

/** A drawing as Messages API content blocks (images scaled, DXF rendered, STEP summarized). */
export interface DrawingBlocksTask {
  kind: 'drawingBlocks';
  file: JobFile & { fileId: string };
}

/** Plan, post and verify a program, with its cycle time and backplot. */
export interface GenerateTask {
  kind: 'generate';
  job: ProgramJob;
}

/**
 * Check a program written elsewhere on a machine (Check Program), against the stock alone or a
 * conversation's part (planned in the worker, as a generate task plans it).
 */
export interface CheckTask {
  kind: 'check';
  input: ProgramCheckInput;
}

export type JobTask = ReadTask | ReviseTask | DrawingBlocksTask | GenerateTask | CheckTask;

/** What each kind of job gives back when it succeeds. */
export interface JobValues {
  read: BlueprintAnalysis;
  revise: BlueprintAnalysis;
  drawingBlocks: DrawingBlock[];
  generate: GeneratedProgram;
  check: CheckedProgram;
}

/** A job's outcome: its value, or a refusal whose message is written for the user. */
export type JobOutcome<K extends JobTask['kind']> =
  { ok: true; value: JobValues[K] } | { ok: false; message: string };

/** The user's sentence for an error the readers, the renderer or sharp raise on a bad file. */
function drawingFailure(error: unknown, file: DrawingInput): string | undefined {
  if (error instanceof DrawingReadError) return error.message;
  const message = (error as Error | undefined)?.message ?? '';
  // sharp and pdf.js refuse damaged files with errors of their own.
  if (
    /Input buffer|unsupported image format|corrupt|Invalid PDF|bad XRef|Missing PDF/i.test(message)
  )
    return `${file.fileName} could not be read as a ${file.type.toUpperCase()} drawing: ${message}`;
  return undefined;
}

/**
 * Run one job in this thread. Expected refusals (a drawing the readers cannot use, feedback the
 * reviser does not understand, a job cam/ cannot plan) come back as `{ ok: false }`; anything
 * else is thrown (a defect).
 */
export async function runTask(
  task: JobTask,
  progress?: ReadingProgress,
): Promise<JobOutcome<JobTask['kind']>> {
  switch (task.kind) {
    case 'read':
      try {
        return { ok: true, value: analysisOf(await readDrawing(task.file, progress)) };
      } catch (error) {
        const message = drawingFailure(error, task.file);
        if (message) return { ok: false, message };
        throw error;
      }
    case 'revise':
      try {
        const revised = reviseDescription(task.description, task.feedback);
        return { ok: true, value: analysisOf(revised.description) };
      } catch (error) {
        if (error instanceof RevisionError) return { ok: false, message: error.message };
        throw error;
      }
    case 'drawingBlocks':
      try {
        return { ok: true, value: await drawingBlocks(task.file, renderDxfImage) };
      } catch (error) {
        const message = drawingFailure(error, task.file);
        if (message) return { ok: false, message };
        return {
          ok: false,
          message: `${task.file.fileName} could not be read as a ${task.file.type.toUpperCase()} drawing: ${(error as Error).message}`,
        };
      }
    case 'generate':
      try {
        return { ok: true, value: generateProgram(task.job) };
      } catch (error) {
        if (error instanceof CamError) return { ok: false, message: error.message };
        throw error;
      }
    case 'check':
      try {
        return { ok: true, value: checkProgram(task.input) };
      } catch (error) {
        // A part that cannot be planned says why, as at generation.
        if (error instanceof CamError) return { ok: false, message: error.message };
        throw error;
      }
  }
}
