/**
 * The tools repository: the tools loaded in a shop's machines ("tooling pairs"), read, saved and
 * unloaded, with what the programs of the machine's job type understand of them. Every query
 * filters on the organization.
 */
import { and, eq, sql } from 'drizzle-orm';
import { readToolRow, toolingReadiness } from '#cam/jobs/tooling-readiness';
import type { JobType } from '#contracts/job-types';
import { machineTypes, machines, toolingPairs } from '#db/schema';
import { shopServerMessages } from '#contracts/shop';
import type { ToolingPair, ToolingReadiness, toolBodySchema } from '#contracts/shop';
import type { Executor } from '#server/database';
import { isUniqueViolation } from '#server/db-errors';
import { AppError } from '#server/errors';
import { getMachine } from './machines.ts';

/** The columns of a tool row as the API sends it. */
export const toolingPairColumns = {
  id: toolingPairs.id,
  slotNumber: toolingPairs.slotNumber,
  toolName: toolingPairs.toolName,
  toolDescription: toolingPairs.toolDescription,
  toolType: toolingPairs.toolType,
  toolManufacturer: toolingPairs.toolManufacturer,
  toolHint: toolingPairs.toolHint,
};

/** The machine's tools ordered by slot number (T1, T2, …, T10). */
export function listToolingPairs(
  db: Executor,
  organizationId: string,
  machineId: string,
): Promise<ToolingPair[]> {
  return db
    .select(toolingPairColumns)
    .from(toolingPairs)
    .where(
      and(eq(toolingPairs.organizationId, organizationId), eq(toolingPairs.machineId, machineId)),
    )
    .orderBy(sql`substring(${toolingPairs.slotNumber} from 2)::int`);
}

/**
 * The machine of the organization with this serial number and machine type (type name or job
 * type), ignoring case: how add- and edit-tool-and-associate name their machine (spec section 7).
 * @throws AppError 404 when the organization has no such machine
 */
export async function findMachineForTool(
  db: Executor,
  organizationId: string,
  serialNumber: string,
  typeName: string,
): Promise<{ id: string; jobType: JobType }> {
  const type = typeName.trim().toLowerCase();
  const [machine] = await db
    .select({ id: machines.id, jobType: machineTypes.jobType })
    .from(machines)
    .innerJoin(machineTypes, eq(machineTypes.id, machines.machineTypeId))
    .where(
      and(
        eq(machines.organizationId, organizationId),
        eq(sql`lower(${machines.serialNumber})`, serialNumber.trim().toLowerCase()),
        sql`(lower(${machineTypes.name}) = ${type} or lower(${machineTypes.jobType}::text) = ${type})`,
      ),
    )
    .limit(1);
  if (!machine)
    throw new AppError(
      404,
      'not_found',
      shopServerMessages.machineForToolNotFound(serialNumber, typeName),
    );
  return machine;
}

/**
 * One tool of the organization.
 * @throws AppError 404 when it does not exist or belongs to another organization
 */
export async function getToolingPair(db: Executor, organizationId: string, toolId: string) {
  const [tool] = await db
    .select({ ...toolingPairColumns, machineId: toolingPairs.machineId })
    .from(toolingPairs)
    .where(and(eq(toolingPairs.organizationId, organizationId), eq(toolingPairs.id, toolId)));
  if (!tool) throw new AppError(404, 'not_found', shopServerMessages.toolNotFound);
  return tool;
}

/** A tool row with what the programs of the machine's job type understand of it. */
export function withReading(pair: ToolingPair, jobType: JobType | null | undefined): ToolingPair {
  return jobType ? { ...pair, understood: readToolRow(pair, jobType) } : pair;
}

/** The machine's tools as read for its job type, and what they can do and lack. */
export function readTooling(
  pairs: ToolingPair[],
  jobType: JobType | null | undefined,
): { toolingPairs: ToolingPair[]; readiness?: ToolingReadiness } {
  if (!jobType) return { toolingPairs: pairs };
  return {
    toolingPairs: pairs.map((pair) => withReading(pair, jobType)),
    readiness: toolingReadiness(pairs, jobType),
  };
}

/**
 * The tools of the organization's machine as read for the machine's job type, with what they
 * can do and lack.
 * @throws AppError 404 when the organization has no such machine
 */
export async function readMachineTooling(
  db: Executor,
  organizationId: string,
  machineId: string,
): Promise<{ toolingPairs: ToolingPair[]; readiness?: ToolingReadiness }> {
  const machine = await getMachine(db, organizationId, machineId);
  return readTooling(
    await listToolingPairs(db, organizationId, machineId),
    machine.machineType?.jobType,
  );
}

/** 409 for a slot used twice in one machine. */
const slotTaken = (slot: string) =>
  new AppError(409, 'conflict', shopServerMessages.slotTaken(slot), {
    errors: { slotNumber: shopServerMessages.slotTaken(slot) },
  });

/** A tool form as the API's schema gives it. */
type ToolForm = ReturnType<typeof toolBodySchema.parse>;

/**
 * Insert a tool row, or with `toolId` update that one (found before), in the machine named by
 * serial number and type.
 * @returns the saved row with what the machine's job type understands of it
 * @throws AppError 404 when the organization has no such machine, 409 `conflict` when the
 *   machine has a tool in that slot
 */
export async function saveTool(
  db: Executor,
  organizationId: string,
  body: ToolForm,
  toolId?: string,
): Promise<ToolingPair> {
  const machine = await findMachineForTool(
    db,
    organizationId,
    body.machineSerialNumber,
    body.typeName,
  );
  const fields = {
    machineId: machine.id,
    slotNumber: body.slotNumber,
    toolName: body.toolName,
    toolDescription: body.toolDescription,
    toolType: body.toolType,
    toolManufacturer: body.toolManufacturer,
    toolHint: body.toolHint,
  };
  try {
    const [saved] = toolId
      ? await db
          .update(toolingPairs)
          .set({ ...fields, updatedAt: new Date() })
          .where(and(eq(toolingPairs.organizationId, organizationId), eq(toolingPairs.id, toolId)))
          .returning(toolingPairColumns)
      : await db
          .insert(toolingPairs)
          .values({ organizationId, ...fields })
          .returning(toolingPairColumns);
    return withReading(saved!, machine.jobType);
  } catch (error) {
    if (isUniqueViolation(error)) throw slotTaken(body.slotNumber);
    throw error;
  }
}

/**
 * Unload a tool (found before) from its machine.
 * @throws only the driver's errors
 */
export async function deleteToolingPair(
  db: Executor,
  organizationId: string,
  toolId: string,
): Promise<void> {
  await db
    .delete(toolingPairs)
    .where(and(eq(toolingPairs.organizationId, organizationId), eq(toolingPairs.id, toolId)));
}
