/**
 * The sweep of stored files (docs/decisions/017-leases-and-sweep.md): rows no conversation or
 * program owns and bytes no row names are removed once older than the age; files a
 * conversation, a snapshot or a program version refers to, and young ones, are kept.
 */
import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { programVersions, storedFiles, threads } from '#db/schema';
import type { DatabaseHandle } from '#server/database';
import { storeFile } from '#server/storage/stored-files';
import { sweepAgeMs, sweepStoredFiles } from '#server/storage/sweep';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { qbotClient } from '../helpers/qbot.ts';

let database: DatabaseHandle;
let t: TestApp;
let shop: Awaited<ReturnType<typeof createOrganization>>;
let client: ReturnType<typeof qbotClient>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
  shop = await createOrganization(t, 0);
  client = qbotClient(t, shop.admin.token);
});

afterAll(async () => {
  await t.close();
  await database.close();
});

const twoHoursAgo = () => new Date(Date.now() - 2 * 60 * 60 * 1000);

/** A stored drawing; when `old`, its row and its bytes are made two hours old. */
async function storedDrawing(threadId: string | null, old: boolean) {
  const stored = await storeFile(t.app.db, t.app.fileStore, {
    organizationId: shop.organizationId,
    threadId,
    kind: 'blueprint',
    fileName: 'part.dxf',
    contentType: 'image/vnd.dxf',
    bytes: Buffer.from(`0\nSECTION\n999\n${randomUUID()}\n`),
  });
  if (old) {
    await t.app.db
      .update(storedFiles)
      .set({ createdAt: twoHoursAgo() })
      .where(eq(storedFiles.id, stored.id));
    await ageBytes(stored.storageKey);
  }
  return stored;
}

/** Bytes in the store that no row names, as a process killed between the two writes leaves. */
async function unnamedBytes(old: boolean) {
  const key = `${shop.organizationId}/${randomUUID()}`;
  await t.app.fileStore.put(key, Buffer.from('left behind'));
  if (old) await ageBytes(key);
  return key;
}

const ageBytes = (key: string) =>
  utimes(join(t.config.dataDir, 'files', key), twoHoursAgo(), twoHoursAgo());

const rowExists = async (id: string) =>
  (await t.app.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.id, id)))
    .length === 1;

const bytesExist = (key: string) =>
  t.app.fileStore.get(key).then(
    () => true,
    () => false,
  );

describe('the sweep of stored files', () => {
  it('removes what nothing refers to once older than the age, and keeps the rest', async () => {
    const threadId = await client.start();
    const programThread = await client.start();
    const shownThread = await client.start();

    const orphan = await storedDrawing(null, true);
    const youngOrphan = await storedDrawing(null, false);
    const conversationFile = await storedDrawing(threadId, true);
    // Thread-less rows that a program version or a finished read's snapshot refers to.
    const programFile = await storedDrawing(null, true);
    const backplotFile = await storedDrawing(null, true);
    const shownFile = await storedDrawing(null, true);
    const oldUnnamed = await unnamedBytes(true);
    const youngUnnamed = await unnamedBytes(false);

    await t.app.db.insert(programVersions).values({
      threadId: programThread,
      organizationId: shop.organizationId,
      version: 1,
      fileId: programFile.id,
      dialect: 'linuxcnc',
      verified: true,
      report: {},
      summary: { backplotFileId: backplotFile.id },
      promptHelper: {},
    });
    await t.app.db
      .update(threads)
      .set({
        snapshot: sql`jsonb_set(jsonb_set(${threads.snapshot}, '{context,imageUrl}', ${JSON.stringify(`/api/files/${shownFile.id}`)}::jsonb), '{context,analysis}', '{"description":{}}'::jsonb)`,
      })
      .where(eq(threads.id, shownThread));

    const log = { info: vi.fn(), warn: vi.fn() };
    const swept = await sweepStoredFiles(t.app.db, t.app.fileStore, { log });
    expect(swept.rows).toEqual([orphan]);
    expect(swept.files).toEqual([oldUnnamed]);
    expect(log.info).toHaveBeenCalledWith(
      { rows: [orphan], files: [oldUnnamed] },
      expect.stringMatching(/removed 1 stored file.*1 file/),
    );
    expect(log.warn).not.toHaveBeenCalled();

    expect(await rowExists(orphan.id)).toBe(false);
    expect(await bytesExist(orphan.storageKey)).toBe(false);
    expect(await bytesExist(oldUnnamed)).toBe(false);
    for (const kept of [youngOrphan, conversationFile, programFile, backplotFile, shownFile]) {
      expect(await rowExists(kept.id)).toBe(true);
      expect(await bytesExist(kept.storageKey)).toBe(true);
    }
    expect(await bytesExist(youngUnnamed)).toBe(true);

    // Nothing more to remove: nothing is logged.
    const again = await sweepStoredFiles(t.app.db, t.app.fileStore, { log });
    expect(again).toEqual({ rows: [], files: [] });
    expect(log.info).toHaveBeenCalledTimes(1);

    // With age 0 the young ones go too; what is referred to stays.
    const all = await sweepStoredFiles(t.app.db, t.app.fileStore, { olderThanMs: 0 });
    expect(all.rows).toEqual([youngOrphan]);
    expect(all.files).toEqual([youngUnnamed]);
    for (const kept of [conversationFile, programFile, backplotFile, shownFile])
      expect(await rowExists(kept.id)).toBe(true);
  });

  it('runs at each start, and closing the app waits for it', async () => {
    expect(sweepAgeMs).toBe(60 * 60 * 1000);
    const orphan = await storedDrawing(null, true);
    const young = await storedDrawing(null, false);
    const started = await createTestApp(database);
    await started.close();
    expect(await rowExists(orphan.id)).toBe(false);
    expect(await rowExists(young.id)).toBe(true);
  });

  it('finds nothing in a store that holds nothing yet', async () => {
    const empty = await createTestApp(database);
    try {
      const swept = await sweepStoredFiles(empty.app.db, empty.app.fileStore);
      expect(swept.files).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
