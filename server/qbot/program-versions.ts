/**
 * The program-versions repository: the server's queries on the `program_versions` table (each
 * program written in a conversation, with its verification report, summary and overrides). The
 * one other is the sweep's test that a program version owns a stored file
 * (server/storage/stored-files.ts `deleteUnownedFileRows`, a subquery of its delete).
 *
 * Every read or write a request aims at a conversation takes a `ThreadKey` and is scoped by its
 * `organizationId`. Version numbers are given under the conversation's lease
 * (./workflow-runner.ts), so no other request numbers a version of it at the same time.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { programVersions } from '#db/schema';
import type { Database } from '#server/database';
import type { ThreadKey } from './threads.ts';

/** A program version to insert: every column but the id and the time, which the table gives. */
export type NewProgramVersion = Omit<typeof programVersions.$inferInsert, 'id' | 'createdAt'>;

const byKey = ({ organizationId, threadId }: ThreadKey) =>
  and(eq(programVersions.threadId, threadId), eq(programVersions.organizationId, organizationId));

/**
 * The number and the overrides of the conversation's latest program version, or undefined when
 * it has none.
 * @throws only the driver's errors
 */
export async function latestProgramVersion(
  db: Database,
  key: ThreadKey,
): Promise<{ version: number; overrides: unknown } | undefined> {
  const [previous] = await db
    .select({ version: programVersions.version, overrides: programVersions.overrides })
    .from(programVersions)
    .where(byKey(key))
    .orderBy(desc(programVersions.version))
    .limit(1);
  return previous;
}

/**
 * Keep a program version.
 * @throws the driver's error, for one when the conversation already has that version number
 */
export async function insertProgramVersion(db: Database, row: NewProgramVersion): Promise<void> {
  await db.insert(programVersions).values(row);
}

/**
 * Write the assistant's advice into a program version's summary (`summary.advice`), once it
 * came after the version was kept (decision 039); nothing happens for a version the
 * conversation does not have.
 * @throws only the driver's errors
 */
export async function recordProgramAdvice(
  db: Database,
  key: ThreadKey,
  version: number,
  advice: string[],
): Promise<void> {
  await db
    .update(programVersions)
    .set({
      summary: sql`${programVersions.summary} || jsonb_build_object('advice', ${JSON.stringify(advice)}::jsonb)`,
    })
    .where(and(byKey(key), eq(programVersions.version, version)));
}

/**
 * The conversation's latest program version with the id of its program file (null when it kept
 * none), or undefined when it has none.
 * @throws only the driver's errors
 */
export async function latestProgramRecord(db: Database, key: ThreadKey) {
  const [program] = await db
    .select({
      version: programVersions.version,
      verified: programVersions.verified,
      summary: programVersions.summary,
      overrides: programVersions.overrides,
      report: programVersions.report,
      fileId: programVersions.fileId,
    })
    .from(programVersions)
    .where(byKey(key))
    .orderBy(desc(programVersions.version))
    .limit(1);
  return program;
}

/**
 * Whether a program version records the stored file as its program (a program file is offered
 * for download only then).
 * @throws only the driver's errors
 */
export async function isRecordedProgramFile(db: Database, fileId: string): Promise<boolean> {
  const [program] = await db
    .select({ id: programVersions.id })
    .from(programVersions)
    .where(eq(programVersions.fileId, fileId));
  return program !== undefined;
}
