/**
 * Keep a file: its bytes in the file store and its row in `stored_files`, both or neither.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { storedFiles } from '#db/schema';
import type { Database } from '#server/database';
import type { FileStore } from './file-store.ts';

export interface FileToStore {
  organizationId: string;
  threadId: string | null;
  kind: (typeof storedFiles.$inferInsert)['kind'];
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * Write the bytes under a new key ("organization/uuid") and record them. When the row cannot be
 * written the bytes are removed again, so no file is kept that nothing refers to.
 * @returns the new row's id and the storage key
 * @throws whatever the store or the database throws
 */
export async function storeFile(
  db: Database,
  files: FileStore,
  file: FileToStore,
): Promise<{ id: string; storageKey: string }> {
  const storageKey = `${file.organizationId}/${randomUUID()}`;
  await files.put(storageKey, file.bytes);
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

/** Remove a stored file, row and bytes (a file whose use failed). Errors are thrown. */
export async function forgetFile(
  db: Database,
  files: FileStore,
  stored: { id: string; storageKey: string },
): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.id, stored.id));
  await files.delete(stored.storageKey);
}
