/**
 * Tool libraries in and out of a machine (issue 35, decision 114): a library file read into a
 * preview of the rows it gives (nothing stored), the rows the shop chose added in one
 * transaction, and the machine's tools written as a library file. Every query filters on the
 * organization; the readers and writers are cam/tool-library/.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { libraryDiameterOf } from '#cam/tool-library/diameter';
import {
  libraryFormatOf,
  readToolLibrary,
  writeToolLibrary,
  type LibraryTool,
} from '#cam/tool-library/index';
import type { JobType } from '#contracts/job-types';
import { toolFieldLabels, toolFieldsSchema } from '#contracts/shop';
import {
  libraryFileName,
  maxLibraryTools,
  toolLibraryFormats,
  toolLibraryMessages as messages,
  type LibraryExportQuery,
  type LibraryPreviewResponse,
  type LibraryPreviewTool,
} from '#contracts/tool-library';
import { toolingPairs } from '#db/schema';
import type { Database } from '#server/database';
import { isUniqueViolation } from '#server/db-errors';
import { AppError } from '#server/errors';
import { getMachine } from './machines.ts';
import { listToolingPairs, withReading } from './tooling.ts';

/** An import row as the API's schema gives it: the six fields, and whether it may replace. */
interface ImportRow {
  slotNumber: string;
  toolName: string;
  toolDescription: string;
  toolType: LibraryTool['toolType'];
  toolManufacturer: string;
  toolHint: string;
  replace: boolean;
}

/** The first sentence zod gives for a row, by field. */
function rowProblem(row: LibraryTool): { row: LibraryTool; problem: string | null } {
  const parsed = toolFieldsSchema.safeParse(row);
  if (parsed.success) return { row: { ...row, ...parsed.data }, problem: null };
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  const label = toolFieldLabels[field as keyof typeof toolFieldLabels] ?? field;
  return { row, problem: `${label}: ${issue.message}` };
}

/**
 * Read a library file for a machine of the organization: every tool it gives, as the machine's
 * job type reads it, each with the tool now in its slot and whether the file gives the slot
 * twice; and the lines that give no tool.
 * @throws AppError 404 when the organization has no such machine, 415 for a file no reader
 *   takes, 422 when the file gives no tool or more than `maxLibraryTools`
 */
export async function previewLibrary(
  db: Database,
  organizationId: string,
  machineId: string,
  file: { fileName: string; bytes: Uint8Array },
): Promise<LibraryPreviewResponse> {
  const machine = await getMachine(db, organizationId, machineId);
  const format = libraryFormatOf(file.fileName);
  if (!format) throw new AppError(415, 'unsupported_media_type', messages.formatUnknown);
  const read = readToolLibrary(format, file.bytes);
  if (read.tools.length === 0) {
    const first = read.problems[0];
    throw new AppError(
      422,
      'validation_failed',
      first ? messages.noTools(`line ${first.line}: ${first.message}.`) : messages.noToolsAtAll,
    );
  }
  if (read.tools.length > maxLibraryTools)
    throw new AppError(422, 'validation_failed', messages.tooMany);
  const existing = new Map(
    (await listToolingPairs(db, organizationId, machineId)).map((tool) => [tool.slotNumber, tool]),
  );
  const jobType = machine.machineType?.jobType;
  const seen = new Set<string>();
  const tools = read.tools.map((tool): LibraryPreviewTool => {
    const { row, problem } = rowProblem(tool);
    const holder = existing.get(row.slotNumber);
    const slotTwice = seen.has(row.slotNumber);
    seen.add(row.slotNumber);
    const { understood } = withReading({ ...row, id: '' }, jobType);
    return {
      ...row,
      ...(understood ? { understood } : {}),
      problem,
      conflict: holder ? { toolId: holder.id, toolName: holder.toolName } : null,
      slotTwice,
    };
  });
  return {
    fileName: file.fileName,
    format,
    formatName: toolLibraryFormats[format],
    tools,
    problems: read.problems,
  };
}

/**
 * Add the chosen rows to a machine of the organization in one transaction: a row whose slot
 * holds a tool replaces that tool's fields (its id stays) when `replace` is set; nothing is
 * written when any row cannot be added.
 * @returns how many rows were added and how many replaced a tool
 * @throws AppError 404 when the organization has no such machine, 400 when two rows share a
 *   slot, 409 when a slot holds a tool and its row does not replace it (also when another save
 *   takes a slot meanwhile)
 */
export async function importLibrary(
  db: Database,
  organizationId: string,
  machineId: string,
  rows: readonly ImportRow[],
): Promise<{ added: number; replaced: number }> {
  await getMachine(db, organizationId, machineId);
  const slots = new Set<string>();
  for (const row of rows) {
    if (slots.has(row.slotNumber))
      throw new AppError(400, 'validation_failed', messages.slotTwice(row.slotNumber));
    slots.add(row.slotNumber);
  }
  try {
    return await db.transaction(async (tx) => {
      const scope = and(
        eq(toolingPairs.organizationId, organizationId),
        eq(toolingPairs.machineId, machineId),
      );
      const holders = new Map(
        (
          await tx
            .select({ id: toolingPairs.id, slotNumber: toolingPairs.slotNumber })
            .from(toolingPairs)
            .where(and(scope, inArray(toolingPairs.slotNumber, [...slots])))
        ).map((holder) => [holder.slotNumber, holder.id]),
      );
      const taken = rows.filter((row) => holders.has(row.slotNumber) && !row.replace);
      if (taken.length > 0)
        throw new AppError(
          409,
          'conflict',
          messages.slotsTaken(taken.map((row) => row.slotNumber)),
        );
      let replaced = 0;
      const added: (typeof toolingPairs.$inferInsert)[] = [];
      for (const { replace: _replace, ...fields } of rows) {
        const holder = holders.get(fields.slotNumber);
        if (holder === undefined) {
          added.push({ organizationId, machineId, ...fields });
          continue;
        }
        await tx
          .update(toolingPairs)
          .set({ ...fields, updatedAt: new Date() })
          .where(and(scope, eq(toolingPairs.id, holder)));
        replaced += 1;
      }
      if (added.length > 0) await tx.insert(toolingPairs).values(added);
      return { added: added.length, replaced };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, 'conflict', messages.slotsTaken([...slots]));
    throw error;
  }
}

/**
 * A machine's tools (all, or the given slots) written as a library file.
 * @returns the file's name and bytes
 * @throws AppError 404 when the organization has no such machine, 422 when it has none of the
 *   tools asked for
 */
export async function exportLibrary(
  db: Database,
  organizationId: string,
  { machineId, format, slots }: LibraryExportQuery,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const machine = await getMachine(db, organizationId, machineId);
  const wanted = slots
    ? new Set(slots.split(',').map((slot) => `T${Number(slot.slice(1))}`))
    : null;
  const tools = (await listToolingPairs(db, organizationId, machineId))
    .filter((tool) => !wanted || wanted.has(tool.slotNumber))
    .map(({ id: _id, understood: _understood, ...row }) => row as LibraryTool);
  if (tools.length === 0) throw new AppError(422, 'validation_failed', messages.noToolsToExport);
  const jobType: JobType | undefined = machine.machineType?.jobType;
  return {
    fileName: libraryFileName(machine.name, format),
    bytes: writeToolLibrary(format, tools, (row) => libraryDiameterOf(row, jobType)),
  };
}
