/**
 * The stored-files repository: the only module that touches the `stored_files` table. Keep a
 * file (its bytes in the file store and its row, both or neither), find one inside its
 * organization, give an upload its conversation, and find the files nothing owns any more, for
 * the sweep (./sweep.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { programVersions, storedFiles, threads } from '#db/schema';
import type { Database } from '#server/database';
import type { FileStore } from './file-store.ts';

/** A stored file's row: id, organization, conversation, kind, name, content type, size, key. */
export type StoredFile = typeof storedFiles.$inferSelect;

export interface FileToStore {
  organizationId: string;
  threadId: string | null;
  kind: (typeof storedFiles.$inferInsert)['kind'];
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * Write the bytes under a new key ("organization/uuid") and record them. When the bytes or the
 * row cannot be written, the bytes are removed again (a write that failed half-way, or whose
 * answer was lost, may have left them), so no file is kept that nothing refers to; bytes the
 * store cannot remove now are left to the sweep (./sweep.ts).
 * @returns the new row's id and the storage key
 * @throws whatever the store or the database throws
 */
export async function storeFile(
  db: Database,
  files: FileStore,
  file: FileToStore,
): Promise<{ id: string; storageKey: string }> {
  const storageKey = `${file.organizationId}/${randomUUID()}`;
  try {
    await files.put(storageKey, file.bytes);
  } catch (error) {
    await files.delete(storageKey).catch(() => undefined);
    throw error;
  }
  try {
    const [row] = await db
      .insert(storedFiles)
      .values({
        organizationId: file.organizationId,
        threadId: file.threadId,
        kind: file.kind,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        storageKey,
      })
      .returning({ id: storedFiles.id });
    return { id: row!.id, storageKey };
  } catch (error) {
    await files.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/**
 * The organization's stored file with this id, or undefined when it has none with that id (a
 * file of another organization is not found either).
 * @throws only the driver's errors
 */
export async function findStoredFile(
  db: Database,
  organizationId: string,
  fileId: string,
): Promise<StoredFile | undefined> {
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), eq(storedFiles.organizationId, organizationId)));
  return file;
}

/**
 * Give a stored upload its conversation, once the drawing was read in it (until then the file
 * belongs to none, and the sweep may take it).
 * @throws only the driver's errors
 */
export async function attachFileToThread(
  db: Database,
  fileId: string,
  threadId: string,
): Promise<void> {
  await db.update(storedFiles).set({ threadId }).where(eq(storedFiles.id, fileId));
}

/**
 * The id of the conversation's drawing uploaded last, or undefined when it has none.
 * @throws only the driver's errors
 */
export async function latestThreadDrawingId(
  db: Database,
  key: { organizationId: string; threadId: string },
): Promise<string | undefined> {
  const [file] = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.threadId, key.threadId),
        eq(storedFiles.organizationId, key.organizationId),
        eq(storedFiles.kind, 'blueprint'),
      ),
    )
    .orderBy(desc(storedFiles.createdAt))
    .limit(1);
  return file?.id;
}

/** Remove a stored file, row and bytes (a file whose use failed). Errors are thrown. */
export async function forgetFile(
  db: Database,
  files: FileStore,
  stored: { id: string; storageKey: string },
): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.id, stored.id));
  await files.delete(stored.storageKey);
}

/**
 * Delete the rows of the stored files that nothing owns and that are at least `olderThanMs` old
 * (by the database's clock): no conversation (`thread_id` null: an upload whose read never
 * finished), no program version (`file_id`, or the backplot's `summary.backplotFileId`), and no
 * conversation's snapshot showing it as the drawing it read (`context.imageUrl` with an
 * `analysis`: a read that saved its snapshot but not yet the file's conversation). The bytes are
 * the caller's to remove.
 * @returns the deleted rows' ids and storage keys
 * @throws only the driver's errors
 */
export async function deleteUnownedFileRows(
  db: Database,
  olderThanMs: number,
): Promise<{ id: string; storageKey: string }[]> {
  const fileIdText = sql`${storedFiles.id}::text`;
  return db
    .delete(storedFiles)
    .where(
      and(
        isNull(storedFiles.threadId),
        lte(storedFiles.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(programVersions)
            .where(
              or(
                eq(programVersions.fileId, storedFiles.id),
                sql`${programVersions.summary} ->> 'backplotFileId' = ${fileIdText}`,
              ),
            ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(threads)
            .where(
              and(
                sql`${threads.snapshot} -> 'context' ->> 'imageUrl' = '/api/files/' || ${fileIdText}`,
                sql`${threads.snapshot} -> 'context' -> 'analysis' <> 'null'::jsonb`,
              ),
            ),
        ),
      ),
    )
    .returning({ id: storedFiles.id, storageKey: storedFiles.storageKey });
}

/**
 * The keys among `keys` that a `stored_files` row names.
 * @throws only the driver's errors
 */
export async function storedKeysAmong(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ storageKey: storedFiles.storageKey })
    .from(storedFiles)
    .where(inArray(storedFiles.storageKey, keys));
  return new Set(rows.map(({ storageKey }) => storageKey));
}
