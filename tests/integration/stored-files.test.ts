import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, storedFiles } from '#db/schema';
import type { DatabaseHandle } from '#server/database';
import { LocalFileStore } from '#server/storage/file-store';
import { forgetFile, storeFile } from '#server/storage/stored-files';
import { createTestDatabase } from '../helpers/database.ts';

let database: DatabaseHandle;
let root: string;
let files: LocalFileStore;
let organizationId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  root = await mkdtemp(join(tmpdir(), 'cnc-files-'));
  files = new LocalFileStore(root);
  const [organization] = await database.db
    .insert(organizations)
    .values({ name: `Files ${randomUUID()}` })
    .returning({ id: organizations.id });
  organizationId = organization!.id;
});

afterAll(async () => {
  await database.close();
  await rm(root, { recursive: true, force: true });
});

/** Every file in the store, as "organization/uuid" keys. */
async function keysInStore(): Promise<string[]> {
  const folders = await readdir(root).catch(() => [] as string[]);
  const keys = await Promise.all(
    folders.map(async (folder) =>
      (await readdir(join(root, folder))).map((name) => `${folder}/${name}`),
    ),
  );
  return keys.flat();
}

const drawing = {
  threadId: null,
  kind: 'blueprint' as const,
  fileName: 'part.dxf',
  contentType: 'image/vnd.dxf',
  bytes: Buffer.from('0\nSECTION\n'),
};

describe('storeFile', () => {
  it('keeps the bytes and the row together, and forgetFile removes both', async () => {
    const stored = await storeFile(database.db, files, { ...drawing, organizationId });
    expect(await files.get(stored.storageKey)).toEqual(drawing.bytes);
    const rows = await database.db.select().from(storedFiles);
    expect(rows).toMatchObject([
      { id: stored.id, organizationId, sizeBytes: drawing.bytes.length, fileName: 'part.dxf' },
    ]);

    await forgetFile(database.db, files, stored);
    expect(await database.db.select().from(storedFiles)).toEqual([]);
    expect(await keysInStore()).toEqual([]);
  });

  it('removes the bytes again when the row cannot be written', async () => {
    // An organization that does not exist: the foreign key refuses the row.
    await expect(
      storeFile(database.db, files, { ...drawing, organizationId: randomUUID() }),
    ).rejects.toThrow();
    expect(await keysInStore()).toEqual([]);
    expect(await database.db.select().from(storedFiles)).toEqual([]);
  });
});
