/**
 * The conversations repository: every query of the Q-Bot server on the `threads` table (the
 * persisted chart snapshot, the lease, the drawing read's progress, the assistant history).
 *
 * A conversation belongs to an organization and is never visible to another one: every read or
 * write that a request can aim at a conversation takes a `ThreadKey` and is scoped by its
 * `organizationId`. The two writes by id alone (`saveClaimedSnapshot`, `releaseClaim`) and
 * `threadSnapshotById` are only for a conversation the caller has already claimed or found in
 * its organization. `leaseHolders`, `releaseLeasesOf` and `releaseEveryLease` span every
 * organization: they are for the housekeeping at start (server/plugins/housekeeping.ts), never
 * for a request.
 */
import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { descriptionVersions, threads } from '#db/schema';
import type { BlueprintAnalysis } from '#contracts/blueprint';
import { storableJson } from '#contracts/storable-text';
import type { Database } from '#server/database';

/** A conversation row as stored. */
export type Thread = typeof threads.$inferSelect;

/** A conversation inside its organization. */
export interface ThreadKey {
  organizationId: string;
  threadId: string;
}

/** A drawing read's progress as kept on the row; null when no read is running. */
export type AnalysisProgress = Thread['analysisProgress'];

const byKey = ({ organizationId, threadId }: ThreadKey) =>
  and(eq(threads.id, threadId), eq(threads.organizationId, organizationId));

/**
 * Insert a new conversation (its assistant history empty, no lease, no progress).
 * @throws the driver's error when the id is taken or the organization or user does not exist
 */
export async function createThread(
  db: Database,
  thread: {
    id: string;
    organizationId: string;
    userId: string;
    assistantId: string;
    snapshot: unknown;
  },
): Promise<void> {
  await db.insert(threads).values(thread);
}

/**
 * The conversation, or undefined when the organization has none with that id.
 * @throws only the driver's errors
 */
export async function findThread(db: Database, key: ThreadKey): Promise<Thread | undefined> {
  const [row] = await db.select().from(threads).where(byKey(key));
  return row;
}

/**
 * The organization's conversations updated last, latest first: id, persisted snapshot and when
 * each was last changed.
 * @param limit - how many at most
 * @throws only the driver's errors
 */
export async function latestThreads(
  db: Database,
  organizationId: string,
  limit: number,
): Promise<Pick<Thread, 'id' | 'snapshot' | 'updatedAt'>[]> {
  return db
    .select({ id: threads.id, snapshot: threads.snapshot, updatedAt: threads.updatedAt })
    .from(threads)
    .where(eq(threads.organizationId, organizationId))
    .orderBy(desc(threads.updatedAt))
    .limit(limit);
}

/**
 * The user's conversation in the organization updated last, or undefined when there is none.
 * @throws only the driver's errors
 */
export async function findCurrentThread(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<Thread | undefined> {
  const [row] = await db
    .select()
    .from(threads)
    .where(and(eq(threads.organizationId, organizationId), eq(threads.userId, userId)))
    .orderBy(desc(threads.updatedAt))
    .limit(1);
  return row;
}

/**
 * The conversation's persisted chart snapshot: `{ snapshot }`, or undefined when the
 * organization has no conversation with that id.
 * @throws only the driver's errors
 */
export async function findThreadSnapshot(
  db: Database,
  key: ThreadKey,
): Promise<{ snapshot: unknown } | undefined> {
  const [row] = await db.select({ snapshot: threads.snapshot }).from(threads).where(byKey(key));
  return row;
}

/**
 * Whether the organization has a conversation with that id.
 * @throws only the driver's errors
 */
export async function threadExists(db: Database, key: ThreadKey): Promise<boolean> {
  const [row] = await db.select({ id: threads.id }).from(threads).where(byKey(key));
  return row !== undefined;
}

/** A lease: how long it lasts and who holds it (server/qbot/lease-holder.ts). */
export interface Lease {
  ms: number;
  holder: string;
}

/** `now() + ms` on the database's clock. */
const nowPlus = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/**
 * Lease the conversation for `lease.ms` (from the database's clock) to `lease.holder` when it is
 * not leased or its lease ran out, and return its persisted snapshot as `{ snapshot }`; undefined
 * when the organization has no such conversation or another call holds it (tell them apart with
 * `threadExists`).
 * @throws only the driver's errors
 */
export async function claimThread(
  db: Database,
  key: ThreadKey,
  lease: Lease,
): Promise<{ snapshot: unknown } | undefined> {
  const [claimed] = await db
    .update(threads)
    .set({ leaseUntil: nowPlus(lease.ms), leaseHolder: lease.holder })
    .where(
      and(
        eq(threads.id, key.threadId),
        eq(threads.organizationId, key.organizationId),
        or(isNull(threads.leaseUntil), lt(threads.leaseUntil, sql`now()`)),
      ),
    )
    .returning({ snapshot: threads.snapshot });
  return claimed;
}

/**
 * Extend a lease taken with `claimThread` to `lease.ms` from now, while `lease.holder` still
 * holds it (a released lease stays released).
 * @returns whether the lease was extended
 * @throws only the driver's errors
 */
export async function renewLease(db: Database, key: ThreadKey, lease: Lease): Promise<boolean> {
  const renewed = await db
    .update(threads)
    .set({ leaseUntil: nowPlus(lease.ms) })
    .where(and(byKey(key), eq(threads.leaseHolder, lease.holder), isNotNull(threads.leaseUntil)))
    .returning({ id: threads.id });
  return renewed.length > 0;
}

/**
 * Save the settled snapshot of a conversation claimed with `claimThread`, end the lease and
 * mark the conversation updated now.
 * @throws only the driver's errors
 */
export async function saveClaimedSnapshot(
  db: Database,
  key: ThreadKey,
  snapshot: unknown,
): Promise<void> {
  await db
    .update(threads)
    .set({
      snapshot: storableJson(snapshot),
      leaseUntil: null,
      leaseHolder: null,
      updatedAt: new Date(),
    })
    .where(byKey(key));
}

/**
 * End the lease of a conversation claimed with `claimThread`, leaving its snapshot as it was.
 * @throws only the driver's errors
 */
export async function releaseClaim(db: Database, key: ThreadKey): Promise<void> {
  await db.update(threads).set({ leaseUntil: null, leaseHolder: null }).where(byKey(key));
}

/**
 * The holders of the leases that are set (running out or not), each once; a lease set before
 * holders were recorded has none and is left to run out.
 * @throws only the driver's errors
 */
export async function leaseHolders(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ holder: threads.leaseHolder })
    .from(threads)
    .where(and(isNotNull(threads.leaseUntil), isNotNull(threads.leaseHolder)));
  return rows.flatMap(({ holder }) => (holder === null ? [] : [holder]));
}

/**
 * End every lease of a holder that no longer runs, across organizations (housekeeping at
 * start), with the progress of the drawing read it left behind.
 * @returns the ids of the conversations released
 * @throws only the driver's errors
 */
export async function releaseLeasesOf(db: Database, holder: string): Promise<string[]> {
  const released = await db
    .update(threads)
    .set({ leaseUntil: null, leaseHolder: null, analysisProgress: null })
    .where(and(isNotNull(threads.leaseUntil), eq(threads.leaseHolder, holder)))
    .returning({ id: threads.id });
  return released.map(({ id }) => id);
}

/**
 * End every lease, whoever holds it, with the progress of the reads left behind: for a start on
 * a database no other process can have open (PGlite in its data folder).
 * @returns the ids of the conversations released
 * @throws only the driver's errors
 */
export async function releaseEveryLease(db: Database): Promise<string[]> {
  const released = await db
    .update(threads)
    .set({ leaseUntil: null, leaseHolder: null, analysisProgress: null })
    .where(isNotNull(threads.leaseUntil))
    .returning({ id: threads.id });
  return released.map(({ id }) => id);
}

/**
 * The drawing read's progress: `{ progress }` (null when no read is running), or undefined when
 * the organization has no such conversation.
 * @throws only the driver's errors
 */
export async function findAnalysisProgress(
  db: Database,
  key: ThreadKey,
): Promise<{ progress: AnalysisProgress } | undefined> {
  const [row] = await db
    .select({ progress: threads.analysisProgress })
    .from(threads)
    .where(byKey(key));
  return row;
}

/**
 * Write the drawing read's progress (null clears it); nothing happens for a conversation of
 * another organization.
 * @throws only the driver's errors
 */
export async function writeAnalysisProgress(
  db: Database,
  key: ThreadKey,
  progress: AnalysisProgress,
): Promise<void> {
  await db.update(threads).set({ analysisProgress: progress }).where(byKey(key));
}

/**
 * The stored assistant history as kept (unparsed): `{ history }`, or undefined when the
 * organization has no such conversation.
 * @throws only the driver's errors
 */
export async function findAssistantHistory(
  db: Database,
  key: ThreadKey,
): Promise<{ history: unknown } | undefined> {
  const [row] = await db
    .select({ history: threads.assistantHistory })
    .from(threads)
    .where(byKey(key));
  return row;
}

/**
 * Replace the assistant history; nothing happens for a conversation of another organization.
 * @throws only the driver's errors
 */
export async function writeAssistantHistory(
  db: Database,
  key: ThreadKey,
  history: unknown,
): Promise<void> {
  await db.update(threads).set({ assistantHistory: history }).where(byKey(key));
}

/** Where a description version came from: the drawing's read, or the operator's changes. */
export type DescriptionSource = (typeof descriptionVersions.$inferInsert)['source'];

/**
 * Keep a description of the conversation as its next version: one more than the highest it has
 * (1 for the first). The number comes from the table, not from the chart, whose count starts
 * again after a cancel or a reset to "Analyze Blueprint", so a second drawing or a change after
 * either never collides with a version kept before. Runs under the conversation's lease, so no
 * other request numbers a version of it at the same time.
 * @returns the version number given
 * @throws only the driver's errors
 */
export async function addDescriptionVersion(
  db: Database,
  key: ThreadKey,
  version: { analysis: BlueprintAnalysis; source: DescriptionSource; feedback?: string },
): Promise<number> {
  const next = sql<number>`(select coalesce(max(${descriptionVersions.version}), 0) + 1 from ${descriptionVersions} where ${descriptionVersions.threadId} = ${key.threadId})`;
  const [row] = await db
    .insert(descriptionVersions)
    .values({
      threadId: key.threadId,
      organizationId: key.organizationId,
      version: next,
      analysis: storableJson(version.analysis),
      source: version.source,
      ...(version.feedback === undefined ? {} : { feedback: version.feedback }),
    })
    .returning({ version: descriptionVersions.version });
  return row!.version;
}
