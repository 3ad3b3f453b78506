/** The tools loaded in a shop's machines ("tooling pairs"); every query filters on the organization. */
import { and, eq, sql } from 'drizzle-orm';
import { readToolRow, toolingReadiness } from '#cam/tooling-readiness';
import type { JobType } from '#contracts/job-types';
import { machineTypes, machines, toolingPairs } from '#db/schema';
import { shopServerMessages } from '#contracts/shop';
import type { ToolingPair, ToolingReadiness } from '#contracts/shop';
import type { Executor } from '#server/database';
import { AppError } from '#server/errors';

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
