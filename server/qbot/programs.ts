/**
 * Write a conversation's program: gather the job from the server's own records (machine,
 * selected tools, stock, material, confirmed description), let cam/ plan, write and verify it,
 * and store it as the next program version with its verification report. A program that fails
 * verification is stored for the record but never offered for download.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { BlueprintAnalysis } from '#contracts/blueprint';
import { parseDiameterCallout, parseLengthCallout } from '#cam/callouts';
import type { CuttingOverrides } from '#cam/cutting-data';
import { formatDuration } from '#cam/cycle-time';
import type { SummaryOperation } from '#cam/program';
import type { VerificationCheck } from '#cam/program';
import { programVersions, storedFiles } from '#db/schema';
import type { QbotContext, WorkflowProgram } from '#contracts/qbot-workflow';
import { promptHelperOf, qbotMessages } from '#contracts/qbot-workflow';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import { getMachine } from '#server/shop/machines';
import { listToolingPairs } from '#server/shop/tooling';
import type { AssistantProvider } from '#server/assistant/types';
import type { FileStore } from '#server/storage/file-store';
import type { JobRunner } from '#server/jobs/pool';
import { forgetFile, storeFile } from '#server/storage/stored-files';
import { suggestedStock } from '#cam/analysis';

export const programMessages = {
  blockUnreadable: (size: string) =>
    `I could not read a block size from the stock size "${size}". Reset to "Choose Material Size" and give it like "Plate 180 x 80 x 12 mm" (length x width x thickness).`,
  stockUnreadable: (size: string) =>
    `I could not read a bar diameter from the stock size "${size}". Reset to "Choose Material Size" and give it like "Ø20 x 100 round bar".`,
  toolsChanged:
    'Some of the selected tools are no longer on the machine: press Choose Tools Again and pick them again.',
  notVerified: (failed: string[]) =>
    `The program did not pass verification (${failed.join('; ')}), so it is not offered for download.`,
} as const;

/** The chosen size, or the description's suggestion when the user kept the placeholder. */
function chosenSize(size: QbotContext['materialSize'], analysis: BlueprintAnalysis) {
  return size === null || size === qbotMessages.defaultStockSize
    ? suggestedStock(analysis.description)
    : size;
}

/** Stock diameter and length from the workflow's size choice, or the description's suggestion. */
export function stockOf(
  size: QbotContext['materialSize'],
  analysis: BlueprintAnalysis,
): { diameterMm: number; lengthMm?: number } {
  const chosen = chosenSize(size, analysis);
  const text = typeof chosen === 'string' ? chosen : `${chosen.diameter} x ${chosen.length}`;
  const diameterText = typeof chosen === 'string' ? chosen : chosen.diameter;
  const diameterMm =
    parseDiameterCallout(diameterText)?.nominalMm ??
    (/(\d+(?:[.,]\d+)?)\s*(?:mm)?/.exec(diameterText)
      ? Number(/(\d+(?:[.,]\d+)?)/.exec(diameterText)![1]!.replace(',', '.'))
      : undefined);
  if (!diameterMm || !(diameterMm > 0))
    throw new AppError(422, 'validation_failed', programMessages.stockUnreadable(text));
  const lengthText =
    typeof chosen === 'string'
      ? (/x\s*([\d.,]+\s*(?:mm)?)/i.exec(chosen)?.[1] ?? '')
      : chosen.length;
  const lengthMm = lengthText ? parseLengthCallout(lengthText)?.valueMm : undefined;
  return { diameterMm, ...(lengthMm ? { lengthMm } : {}) };
}

const sizeNumber = '(\\d+(?:[.,]\\d+)?)';
const blockPattern = new RegExp(
  `${sizeNumber}\\s*(?:mm)?\\s*[x×*]\\s*${sizeNumber}\\s*(?:mm)?\\s*[x×*]\\s*${sizeNumber}\\s*(mm|in\\b|inch|")?`,
  'i',
);

/**
 * Block or plate stock (milling, wire and sinker EDM) from the size choice: three sizes
 * "length x width x thickness", in mm unless marked in inches ("4 x 2 x 0.5 in").
 * @throws AppError 422 when the text does not hold three positive sizes
 */
export function blockStockOf(
  size: QbotContext['materialSize'],
  analysis: BlueprintAnalysis,
): { shape: 'block'; xMm: number; yMm: number; zMm: number } {
  const chosen = chosenSize(size, analysis);
  const text =
    typeof chosen === 'string'
      ? chosen
      : `${chosen.shape} ${chosen.diameter} x ${chosen.length}`.trim();
  const match = blockPattern.exec(text);
  if (!match) throw new AppError(422, 'validation_failed', programMessages.blockUnreadable(text));
  const scale = match[4] && !/mm/i.test(match[4]) ? 25.4 : 1;
  const [x, y, z] = [match[1], match[2], match[3]].map(
    (value) => Math.round(Number(value!.replace(',', '.')) * scale * 1000) / 1000,
  ) as [number, number, number];
  if (!(x > 0 && y > 0 && z > 0))
    throw new AppError(422, 'validation_failed', programMessages.blockUnreadable(text));
  return { shape: 'block', xMm: x, yMm: y, zMm: z };
}

/** Overrides of successive simulation analyses combine: factors multiply, clearances take the larger. */
/**
 * Limits of the combined overrides: however many regenerations multiply them, cutting data stays
 * between a quarter and twice the handbook values, and clearances and allowances stay sensible.
 */
const overrideLimits: Record<string, [number, number]> = {
  surfaceSpeedFactor: [0.25, 2],
  feedFactor: [0.25, 2],
  finishFeedFactor: [0.25, 2],
  depthOfCutFactor: [0.25, 2],
  peckFactor: [0.2, 3],
  clearanceMm: [1, 25],
  finishAllowanceMm: [0.05, 1],
};

/**
 * The overrides of the next program version: factors multiply those of the earlier versions,
 * clearances take the larger value, anything else replaces; each result is clamped to its
 * limits and unknown keys are dropped.
 */
export function combineOverrides(
  previous: CuttingOverrides | undefined,
  next: Record<string, number> | undefined,
): CuttingOverrides {
  const combined: Record<string, number> = { ...(previous as Record<string, number> | undefined) };
  for (const [key, value] of Object.entries(next ?? {})) {
    const limits = overrideLimits[key];
    if (!limits || !Number.isFinite(value)) continue;
    let result = value;
    if (key.endsWith('Factor')) result = (combined[key] ?? 1) * value;
    else if (key === 'clearanceMm') result = Math.max(combined[key] ?? 0, value);
    combined[key] = Math.round(Math.min(limits[1], Math.max(limits[0], result)) * 1000) / 1000;
  }
  return combined;
}

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
 * Generate, verify and store the next program version of a conversation.
 * @throws AppError 422 for a job cannot be planned (with cam/'s message) or a program that fails
 *   verification
 */
export async function writeProgram(
  deps: ProgramDeps,
  context: QbotContext,
): Promise<WorkflowProgram> {
  const { db, organizationId, threadId } = deps;
  if (!context.analysis || !context.machine || !context.jobType) {
    throw new AppError(
      409,
      'workflow_out_of_order',
      'The job is not complete yet: confirm the description, material, size, job type, machine and tools first.',
    );
  }
  const machine = await getMachine(db, organizationId, context.machine._id);
  const tools = (await listToolingPairs(db, organizationId, machine._id)).filter((tool) =>
    context.toolIds.includes(tool.id),
  );
  if (tools.length !== context.toolIds.length)
    throw new AppError(409, 'conflict', programMessages.toolsChanged);
  const [previous] = await db
    .select({ version: programVersions.version, overrides: programVersions.overrides })
    .from(programVersions)
    .where(
      and(
        eq(programVersions.threadId, threadId),
        eq(programVersions.organizationId, organizationId),
      ),
    )
    .orderBy(desc(programVersions.version))
    .limit(1);
  const version = (previous?.version ?? 0) + 1;
  const overrides = context.simulationAnalysis
    ? combineOverrides(
        previous?.overrides as CuttingOverrides | undefined,
        context.simulationAnalysis.overrides,
      )
    : ((previous?.overrides as CuttingOverrides | null) ?? undefined);

  const stock =
    context.jobType === 'Lathe'
      ? { shape: 'round' as const, ...stockOf(context.materialSize, context.analysis) }
      : blockStockOf(context.materialSize, context.analysis);
  const partName = (context.fileName ?? 'part').replace(/\.[A-Za-z0-9]+$/, '');
  const generated = await deps.jobs.run(
    {
      kind: 'generate',
      job: {
        jobType: context.jobType,
        description: context.analysis.description,
        material: context.material ?? context.analysis.description.materialSpecs.material,
        stock,
        machine: {
          name: machine.name,
          manufacturer: machine.machineManufacturer?.name ?? 'Unknown',
          model: machine.machineModelType?.name ?? 'Unknown',
          controllerType: machine.controllerType?.name ?? 'Unknown',
          controllerModel: machine.controllerModelType?.name ?? 'Unknown',
          dialect: machine.controllerModelType?.dialect ?? 'unknown',
          serialNumber: machine.serialNumber,
          ...(machine.machineModelType?.limits ? { limits: machine.machineModelType.limits } : {}),
          ...(machine.machineModelType?.limits?.maxRpm !== undefined
            ? { maxRpm: machine.machineModelType.limits.maxRpm }
            : {}),
        },
        tools,
        programVersion: version,
        ...(overrides ? { overrides } : {}),
        partName,
      },
    },
    { fileName: context.fileName ?? 'the part' },
  );

  const checks = generated.report.checks.map(({ title, passed, details, kind }) => ({
    title,
    passed,
    details,
    kind: kind ?? ('process' as const),
  }));
  // A program that passes every process check is kept, verified or not: one that leaves part of
  // the drawing undone is offered as 'incomplete', with what it leaves (decision 019).
  const report = generated.report;
  const status = report.verified ? ('verified' as const) : ('incomplete' as const);
  const stored = generated.report.passed
    ? await storeFile(db, deps.files, {
        organizationId,
        threadId,
        kind: 'program',
        fileName: generated.fileName,
        contentType: 'text/plain; charset=utf-8',
        bytes: Buffer.from(generated.gcode, 'utf8'),
      })
    : undefined;
  const backplot = generated.report.passed
    ? await storeFile(db, deps.files, {
        organizationId,
        threadId,
        kind: 'backplot',
        fileName: generated.fileName.replace(/\.nc$/, '-backplot.svg'),
        contentType: 'image/svg+xml; charset=utf-8',
        bytes: Buffer.from(generated.backplotSvg, 'utf8'),
      })
    : undefined;
  const fileId = stored?.id ?? null;
  const advice = generated.report.passed
    ? ((await deps.provider?.advisePlan(context.analysis, promptHelperOf(context), {
        organizationId,
        threadId,
      })) ?? { notes: [] })
    : { notes: [] };
  try {
    await db.insert(programVersions).values({
      threadId,
      organizationId,
      version,
      fileId,
      machineId: machine._id,
      dialect: generated.dialect,
      verified: report.verified,
      report: generated.report,
      summary: {
        ...generated.summary,
        advice: advice.notes,
        backplotFileId: backplot?.id ?? null,
      },
      promptHelper: promptHelperOf(context),
      overrides: overrides ?? null,
    });
  } catch (error) {
    // A program file without its version would never be offered: remove it.
    if (stored) await forgetFile(db, deps.files, stored);
    if (backplot) await forgetFile(db, deps.files, backplot);
    throw error;
  }
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
  return {
    version,
    fileUrl: `/api/files/${fileId}`,
    fileName: generated.fileName,
    verified: report.verified,
    status,
    unfinished: report.unfinished,
    report: (report.operations ?? []).map((operation) => ({ ...operation })),
    limited: generated.summary.limited ?? [],
    checks,
    operations: generated.summary.operations.map(operationLine),
    ...(generated.summary.cycleTime
      ? { cycleTime: formatDuration(generated.summary.cycleTime.totalSeconds) }
      : {}),
    ...(backplot ? { backplotUrl: `/api/files/${backplot.id}` } : {}),
    warnings: generated.summary.warnings,
    notProgrammed: generated.summary.notProgrammed,
    advice: advice.notes,
    dialect: generated.dialect,
  };
}

/** The latest program of a conversation, with its text, for the simulation analysis. */
export async function latestProgram(deps: Omit<ProgramDeps, 'jobs'>) {
  const [program] = await deps.db
    .select({
      version: programVersions.version,
      verified: programVersions.verified,
      summary: programVersions.summary,
      overrides: programVersions.overrides,
      report: programVersions.report,
      storageKey: storedFiles.storageKey,
    })
    .from(programVersions)
    .leftJoin(storedFiles, eq(storedFiles.id, programVersions.fileId))
    .where(
      and(
        eq(programVersions.threadId, deps.threadId),
        eq(programVersions.organizationId, deps.organizationId),
      ),
    )
    .orderBy(desc(programVersions.version))
    .limit(1);
  if (!program) return undefined;
  const gcode = program.storageKey
    ? (await deps.files.get(program.storageKey)).toString('utf8')
    : '';
  const { report, ...rest } = program;
  const checks = ((report as { checks?: VerificationCheck[] } | null)?.checks ?? []).map(
    ({ title, passed, details }) => ({ title, passed, details }),
  );
  return { ...rest, gcode, checks };
}
