/**
 * The sweep of stored files nothing refers to (docs/decisions/017-leases-and-sweep.md): rows of
 * uploads whose read never finished (a process killed during it) with their bytes, and bytes in
 * the file store that no row names (a process killed between writing them and their row). Run at
 * start and every hour by server/plugins/housekeeping.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/database';
import type { FileStore } from './file-store.ts';
import { deleteUnownedFileRows, storedKeysAmong } from './stored-files.ts';

/** How old a file nothing refers to must be before the sweep removes it: one hour. */
export const sweepAgeMs = 60 * 60 * 1000;

/** Keys checked against the database in one query. */
const batchSize = 500;

export interface SweepOptions {
  /** Only files at least this old are removed (default `sweepAgeMs`; tests pass 0). */
  olderThanMs?: number;
  /** Where the removed files are logged (info), and bytes that could not be removed (warn). */
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export interface SweepResult {
  /** Rows removed, with their bytes. */
  rows: { id: string; storageKey: string }[];
  /** Keys of bytes removed that no row named. */
  files: string[];
}

/**
 * Remove the stored files nothing refers to and that are at least `olderThanMs` old: first the
 * rows without an owner (server/storage/stored-files.ts, `deleteUnownedFileRows`) and their
 * bytes, then the bytes in the store that no row names (by the time they were written). A file
 * of a conversation, a description or a program version is never removed.
 * @throws the driver's errors, or the store's when it cannot be listed
 */
export async function sweepStoredFiles(
  db: Database,
  files: FileStore,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const olderThanMs = options.olderThanMs ?? sweepAgeMs;
  const rows = await deleteUnownedFileRows(db, olderThanMs);
  for (const row of rows) {
    // Bytes that cannot be removed now no longer have a row: the next sweep finds them.
    await files.delete(row.storageKey).catch((error: unknown) => {
      options.log?.warn({ err: error, key: row.storageKey }, 'swept file bytes not removed');
    });
  }

  const removed: string[] = [];
  const cutoff = Date.now() - olderThanMs;
  let batch: string[] = [];
  const removeUnnamed = async () => {
    const named = await storedKeysAmong(db, batch);
    for (const key of batch.filter((candidate) => !named.has(candidate))) {
      try {
        await files.delete(key);
        removed.push(key);
      } catch (error) {
        options.log?.warn({ err: error, key }, 'unnamed file bytes not removed');
      }
    }
    batch = [];
  };
  for await (const { key, modifiedAt } of files.list()) {
    if (modifiedAt.getTime() > cutoff) continue;
    batch.push(key);
    if (batch.length >= batchSize) await removeUnnamed();
  }
  await removeUnnamed();

  if (rows.length > 0 || removed.length > 0) {
    options.log?.info(
      { rows, files: removed },
      `sweep removed ${rows.length} stored file(s) no conversation had and ${removed.length} file(s) no row named`,
    );
  }
  return { rows, files: removed };
}
