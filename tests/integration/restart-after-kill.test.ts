/**
 * Issue 13: a process killed (kill -9) during a drawing read leaves its conversation leased and
 * the upload stored without a conversation. A restart on the same DATA_DIR and database must
 * take the conversation's next upload at once, and the sweep must leave no file without an owner
 * (docs/decisions/017-leases-and-sweep.md).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, threads } from '#db/schema';
import type { DatabaseHandle } from '#server/database';
import { storeFile } from '#server/storage/stored-files';
import { sweepStoredFiles } from '#server/storage/sweep';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { blueprint, qbotClient } from '../helpers/qbot.ts';

let database: DatabaseHandle;
let dataDir: string;
const secret = 'a-jwt-secret-shared-by-both-processes!';
const env = () => ({ JWT_SECRET: secret, DATA_DIR: dataDir });

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'cnc-restart-'));
});

afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every key in the file store. */
async function keysIn(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of t.app.fileStore.list()) keys.push(key);
  return keys.sort();
}

describe('a restart after a process was killed during a drawing read', () => {
  it('takes the next upload of the conversation at once and leaves no file without an owner', async () => {
    const drawing = blueprint('lathe/long_reamer_facer.dxf');
    const before = await createTestApp(database, env());
    const shop = await createOrganization(before, 0);
    let client = qbotClient(before, shop.admin.token);
    const threadId = await client.start();
    // An earlier read of another conversation that finished: its file has an owner.
    const readBefore = await client.start();
    expect((await client.upload(readBefore, 'long_reamer_facer.dxf', drawing)).statusCode).toBe(
      200,
    );

    // What the killed process left: the upload stored without a conversation, bytes whose row
    // was never written, and the conversation leased to it with the read's progress.
    const { pid: deadPid } = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
    const upload = await storeFile(before.app.db, before.app.fileStore, {
      organizationId: shop.organizationId,
      threadId: null,
      kind: 'blueprint',
      fileName: 'long_reamer_facer.dxf',
      contentType: 'image/vnd.dxf',
      bytes: drawing,
    });
    const unnamed = `${shop.organizationId}/${randomUUID()}`;
    await before.app.fileStore.put(unnamed, drawing);
    await before.app.db
      .update(threads)
      .set({
        leaseUntil: sql`now() + interval '10 minutes'`,
        leaseHolder: `${hostname()}:${deadPid}:0a1b2c3d4e5f`,
        analysisProgress: { fraction: 0.3, stage: 'Reading the drawing' },
      })
      .where(eq(threads.id, threadId));
    // Until the restart the conversation is busy.
    const busy = await client.upload(threadId, 'long_reamer_facer.dxf', drawing);
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ message: string }>().message).toMatch(/busy/);
    await before.close();

    const after = await createTestApp(database, env());
    try {
      client = qbotClient(after, shop.admin.token);
      const retried = await client.upload(threadId, 'long_reamer_facer.dxf', drawing);
      expect(retried.statusCode).toBe(200);
      const { imageUrl } = retried.json<{ imageUrl: string }>();

      const swept = await sweepStoredFiles(after.app.db, after.app.fileStore, { olderThanMs: 0 });
      expect(swept.rows).toEqual([upload]);
      expect(swept.files).toEqual([unnamed]);

      // Every row has its conversation, and every key in the store its row.
      const rows = await after.app.db
        .select({ storageKey: storedFiles.storageKey, threadId: storedFiles.threadId })
        .from(storedFiles)
        .where(eq(storedFiles.organizationId, shop.organizationId));
      expect(rows).toHaveLength(2);
      expect(
        await after.app.db.select().from(storedFiles).where(isNull(storedFiles.threadId)),
      ).toEqual([]);
      expect(rows.map(({ threadId: owner }) => owner).sort()).toEqual(
        [threadId, readBefore].sort(),
      );
      expect(await keysIn(after)).toEqual(rows.map(({ storageKey }) => storageKey).sort());
      expect((await client.get(imageUrl)).statusCode).toBe(200);
    } finally {
      await after.close();
    }
  });
});
