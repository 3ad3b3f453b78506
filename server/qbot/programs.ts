/**
 * Write a conversation's program: gather the job from the server's own records (machine,
 * selected tools, stock, material, confirmed description), let cam/ plan, write and verify it,
 * and store it as the next program version with its verification report. A program that fails
 * verification is stored for the record but never offered for download. The assistant's advice
 * on a kept program is asked once the conversation's lease is released (decision 039).
 *
 * The job is made by ./program-job.ts (pure), the versions kept by ./program-versions.ts.
 */
import { formatDuration } from '#cam/cycle-time';
import type { GeneratedProgram, SummaryOperation, VerificationCheck } from '#cam/program';
import type { QbotContext, WorkflowProgram } from '#contracts/qbot-workflow';
import { promptHelperOf } from '#contracts/qbot-workflow';
import { setupSheetSchema } from '#contracts/setup-sheet';
import type { SetupSheet } from '#contracts/setup-sheet';
import type { ToolingPair } from '#contracts/shop';
import type { AssistantProvider } from '#server/assistant/types';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import type { JobRunner } from '#server/jobs/pool';
import { getMachine } from '#server/shop/machines';
import { listToolingPairs } from '#server/shop/tooling';
import type { FileStore } from '#server/storage/file-store';
import { findStoredFile, forgetFile, storeFile } from '#server/storage/stored-files';
import { afterRelease } from './after-release.ts';
import type { ContextChange } from './after-release.ts';
import { completeContext, programJobOf, programMessages } from './program-job.ts';
import type { CompleteContext } from './program-job.ts';
import {
  insertProgramVersion,
  latestProgramVersion,
  latestProgramRecord,
  recordProgramAdvice,
} from './program-versions.ts';

/** One operation for the download panel: "Rough contour: T3 Ø10 end mill, 120 m/min, 860 mm/min, ap 5 mm, 2 min 10 s". */
export function operationLine(operation: SummaryOperation): string {
  const speed =
    operation.surfaceSpeed !== undefined
      ? `${operation.surfaceSpeed} m/min`
      : operation.rpm !== undefined
        ? `${operation.rpm} rpm`
        : undefined;
  const feed =
    operation.feedPerRev !== undefined
      ? `${operation.feedPerRev} mm/rev`
      : operation.feedMmPerMin !== undefined
        ? `${operation.feedMmPerMin} mm/min`
        : undefined;
  const parts = [
    speed,
    feed,
    operation.depthOfCut !== undefined ? `ap ${operation.depthOfCut} mm` : undefined,
    operation.seconds !== undefined ? formatDuration(operation.seconds) : undefined,
  ].filter(Boolean);
  return `${operation.name}: ${[operation.tool, ...parts].join(', ')}`;
}

export interface ProgramDeps {
  db: Database;
  files: FileStore;
  organizationId: string;
  threadId: string;
  /** Runs the planning, posting and verification off the request thread (server/jobs). */
  jobs: JobRunner;
  /** Asked for advice on a verified program's job (optional; never changes the program). */
  provider?: AssistantProvider;
}

/**
 * Generate, verify and store the next program version of a conversation. Runs under the
 * conversation's lease (a step of `runWorkflowEvent`); the assistant's advice on the kept
 * program is asked after the lease is released, and is then in the answer and the workflow.
 * @returns the program as the workflow keeps it (its advice empty until then)
 * @throws AppError 409 for a job not chosen yet or tools no longer on the machine, 422 for a
 *   size the job type cannot read, a job cam/ cannot plan (with cam/'s message) or a program
 *   that fails verification
 */
export async function writeProgram(
  deps: ProgramDeps,
  context: QbotContext,
): Promise<WorkflowProgram> {
  const { db, organizationId, threadId } = deps;
  const chosen = completeContext(context);
  const machine = await getMachine(db, organizationId, chosen.machine._id);
  const tools = await selectedTools(deps, machine._id, chosen.toolIds);
  const previous = await latestProgramVersion(db, { organizationId, threadId });
  const job = programJobOf(chosen, machine, tools, previous);
  const generated = await deps.jobs.run(
    { kind: 'generate', job },
    { fileName: chosen.fileName ?? 'the part' },
  );
  const report = generated.report;
  // The sheet comes back from a worker (or a queue's JSON): checked before anything is kept.
  const setupSheet = setupSheetSchema.parse(generated.setupSheet);
  const files = report.passed ? await storeProgramFiles(deps, generated) : {};
  await keepVersion(deps, chosen, {
    version: job.programVersion,
    machineId: machine._id,
    overrides: job.overrides,
    generated,
    setupSheet,
    files,
  });
  if (!report.passed) {
    throw new AppError(
      422,
      'validation_failed',
      programMessages.notVerified(
        report.checks
          .filter((check) => !check.passed && check.kind !== 'completeness')
          .map((check) => check.title),
      ),
    );
  }
  const program = workflowProgramOf(job.programVersion, generated, files, setupSheet);
  const provider = deps.provider;
  if (provider) afterRelease(() => adviseOn(deps, provider, chosen, program.version));
  return program;
}

/**
 * The machine's tools that the workflow selected.
 * @throws AppError 409 when one of them is no longer on the machine
 */
async function selectedTools(
  deps: ProgramDeps,
  machineId: string,
  toolIds: string[],
): Promise<ToolingPair[]> {
  const tools = (await listToolingPairs(deps.db, deps.organizationId, machineId)).filter((tool) =>
    toolIds.includes(tool.id),
  );
  if (tools.length !== toolIds.length)
    throw new AppError(409, 'conflict', programMessages.toolsChanged);
  return tools;
}

/** The stored program file and backplot of a kept program (none for one that failed). */
interface ProgramFiles {
  program?: { id: string; storageKey: string };
  backplot?: { id: string; storageKey: string };
}

/** Store a program that passed its process checks, and its backplot, in the conversation. */
async function storeProgramFiles(
  deps: ProgramDeps,
  generated: GeneratedProgram,
): Promise<ProgramFiles> {
  const { db, organizationId, threadId } = deps;
  const program = await storeFile(db, deps.files, {
    organizationId,
    threadId,
    kind: 'program',
    fileName: generated.fileName,
    contentType: 'text/plain; charset=utf-8',
    bytes: Buffer.from(generated.gcode, 'utf8'),
  });
  const backplot = await storeFile(db, deps.files, {
    organizationId,
    threadId,
    kind: 'backplot',
    fileName: generated.fileName.replace(/\.nc$/, '-backplot.svg'),
    contentType: 'image/svg+xml; charset=utf-8',
    bytes: Buffer.from(generated.backplotSvg, 'utf8'),
  });
  return { program, backplot };
}

/**
 * Keep the program as the conversation's next version, with its report and summary (advice
 * empty until it comes: `adviseOn`) and its setup sheet in the summary.
 * @throws the driver's error, after removing the files (a program file without its version
 *   would never be offered)
 */
async function keepVersion(
  deps: ProgramDeps,
  context: CompleteContext,
  kept: {
    version: number;
    machineId: string;
    overrides: object | undefined;
    generated: GeneratedProgram;
    setupSheet: SetupSheet;
    files: ProgramFiles;
  },
): Promise<void> {
  const { generated, files } = kept;
  try {
    await insertProgramVersion(deps.db, {
      threadId: deps.threadId,
      organizationId: deps.organizationId,
      version: kept.version,
      fileId: files.program?.id ?? null,
      machineId: kept.machineId,
      dialect: generated.dialect,
      verified: generated.report.verified,
      report: generated.report,
      summary: {
        ...generated.summary,
        advice: [],
        backplotFileId: files.backplot?.id ?? null,
        setupSheet: kept.setupSheet,
      },
      promptHelper: promptHelperOf(context),
      overrides: kept.overrides ?? null,
    });
  } catch (error) {
    // A program file without its version would never be offered: remove it.
    if (files.program) await forgetFile(deps.db, deps.files, files.program);
    if (files.backplot) await forgetFile(deps.db, deps.files, files.backplot);
    throw error;
  }
}

/**
 * A kept program as the workflow and the download panel show it (its advice still empty), with
 * its checked setup sheet.
 */
function workflowProgramOf(
  version: number,
  generated: GeneratedProgram,
  files: ProgramFiles,
  setupSheet: SetupSheet,
): WorkflowProgram {
  const report = generated.report;
  // A program that passes every process check is kept, verified or not: one that leaves part of
  // the drawing undone is offered as 'incomplete', with what it leaves (decision 019).
  return {
    version,
    fileUrl: `/api/files/${files.program?.id ?? null}`,
    fileName: generated.fileName,
    verified: report.verified,
    status: report.verified ? 'verified' : 'incomplete',
    unfinished: report.unfinished,
    report: (report.operations ?? []).map((operation) => ({ ...operation })),
    limited: generated.summary.limited ?? [],
    checks: report.checks.map(({ title, passed, details, kind }) => ({
      title,
      passed,
      details,
      kind: kind ?? ('process' as const),
    })),
    operations: generated.summary.operations.map(operationLine),
    ...(generated.summary.cycleTime
      ? { cycleTime: formatDuration(generated.summary.cycleTime.totalSeconds) }
      : {}),
    ...(files.backplot ? { backplotUrl: `/api/files/${files.backplot.id}` } : {}),
    warnings: generated.summary.warnings,
    notProgrammed: generated.summary.notProgrammed,
    advice: [],
    dialect: generated.dialect,
    setupSheet,
  };
}

/**
 * Ask the assistant for advice on a kept program's job, once the conversation's lease is
 * released, and write it into the program version's summary.
 * @returns the change that shows the advice with the workflow's program (when it is still that
 *   version), or undefined when there is none
 */
async function adviseOn(
  deps: ProgramDeps,
  provider: AssistantProvider,
  context: CompleteContext,
  version: number,
): Promise<ContextChange | undefined> {
  const { organizationId, threadId } = deps;
  const advice = await provider.advisePlan(context.analysis, promptHelperOf(context), {
    organizationId,
    threadId,
  });
  if (advice.notes.length === 0) return undefined;
  await recordProgramAdvice(deps.db, { organizationId, threadId }, version, advice.notes);
  return (saved) =>
    saved.program?.version === version
      ? { program: { ...saved.program, advice: advice.notes } }
      : {};
}

/** The latest program of a conversation, with its text, for the simulation analysis. */
export async function latestProgram(deps: Omit<ProgramDeps, 'jobs'>) {
  const program = await latestProgramRecord(deps.db, {
    organizationId: deps.organizationId,
    threadId: deps.threadId,
  });
  if (!program) return undefined;
  const file = program.fileId
    ? await findStoredFile(deps.db, deps.organizationId, program.fileId)
    : undefined;
  const gcode = file ? (await deps.files.get(file.storageKey)).toString('utf8') : '';
  const { report, fileId: _fileId, ...rest } = program;
  const checks = ((report as { checks?: VerificationCheck[] } | null)?.checks ?? []).map(
    ({ title, passed, details }) => ({ title, passed, details }),
  );
  return { ...rest, gcode, checks };
}
