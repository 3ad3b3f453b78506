/**
 * The product on the S3-compatible store (docs/decisions/033-s3-compatible-storage.md): an app
 * with `S3_*` pointing at s3rver on loopback, driven through the API with the real AWS SDK
 * underneath. Uploads and programs land in the bucket and are downloaded from it, only by their
 * organization; a failed upload leaves neither row nor object; the sweep works on the bucket.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storedFiles } from '#db/schema';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { DatabaseHandle } from '#server/database';
import { S3FileStore, StorageUnavailableError } from '#server/storage/s3-file-store';
import { storeFile } from '#server/storage/stored-files';
import { sweepAgeMs, sweepStoredFiles } from '#server/storage/sweep';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { blueprint, generateProgram, qbotClient, tormachWithTools } from '../helpers/qbot.ts';
import { startS3Peer } from '../helpers/s3-peer.ts';
import type { S3Peer } from '../helpers/s3-peer.ts';

let peer: S3Peer;
let database: DatabaseHandle;
let t: TestApp;
let shop: Awaited<ReturnType<typeof createOrganization>>;
let client: ReturnType<typeof qbotClient>;

beforeAll(async () => {
  peer = await startS3Peer(['shop-files']);
  database = await createTestDatabase();
  t = await createTestApp(database, peer.env());
  shop = await createOrganization(t, 0);
  client = qbotClient(t, shop.admin.token);
});

afterAll(async () => {
  await t.close();
  await database.close();
  await peer.close();
});

const reamer = () => blueprint('lathe/long_reamer_facer.dxf');

const rowsOf = async (fileName: string) =>
  t.app.db.select().from(storedFiles).where(eq(storedFiles.fileName, fileName));

const twoHoursAgo = () => new Date(Date.now() - 2 * 60 * 60 * 1000);

describe('files in the S3 bucket', () => {
  it('keeps an upload in the bucket and serves it from there to its organization only', async () => {
    expect(t.app.fileStore).toBeInstanceOf(S3FileStore);
    const threadId = await client.start();
    const upload = await client.upload(threadId, 'reamer-s3.dxf', reamer());
    expect(upload.statusCode, upload.body).toBe(200);
    const { imageUrl } = upload.json<{ imageUrl: string }>();

    const [row] = await rowsOf('reamer-s3.dxf');
    expect(row).toMatchObject({ threadId, sizeBytes: reamer().length });
    expect(await peer.keys()).toContain(row!.storageKey);
    // Nothing went to the local folder.
    expect(await readdir(join(t.config.dataDir, 'files')).catch(() => [])).toEqual([]);

    // Streamed from the object: the whole-bytes read is not used.
    const wholeReads = vi.spyOn(t.app.fileStore, 'get');
    const download = await client.get(imageUrl);
    expect(wholeReads).not.toHaveBeenCalled();
    wholeReads.mockRestore();
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(reamer());
    expect(download.headers).toMatchObject({
      'content-type': 'image/vnd.dxf',
      'content-length': String(reamer().length),
    });

    const other = await createOrganization(t, 0);
    const refused = await qbotClient(t, other.admin.token).get(imageUrl);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'File not found.', code: 'not_found' });
    expect(await peer.keys()).toContain(row!.storageKey);
  });

  it('writes the program into the bucket and streams it back as the download', async () => {
    const machineId = (await tormachWithTools(t, shop.admin.token))._id;
    const threadId = await client.start();
    const upload = await client.upload(threadId, 'reamer-program.dxf', reamer());
    expect(upload.statusCode, upload.body).toBe(200);
    const analysis = upload.json<{ imageUrl: string; materials: { name: string }[] }>();
    // Only the reamer's end is turned (as in qbot.test.ts).
    const processed = await generateProgram(client, threadId, machineId, analysis);
    expect(processed.statusCode, processed.body).toBe(200);
    const { fileUrl } = processed.json<{ fileUrl: string }>();

    const fileId = fileUrl.split('/').at(-1)!;
    const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    expect(row?.kind).toBe('program');
    expect(await peer.keys()).toContain(row!.storageKey);
    const download = await client.get(fileUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.body).toMatch(/^%\n\(Part: reamer-program\)/);
    expect(download.rawPayload).toEqual(await t.app.fileStore.get(row!.storageKey));
  });

  it('removes the object with the row when the drawing cannot be read', async () => {
    const before = await peer.keys();
    const threadId = await client.start();
    const cut = await client.upload(threadId, 'cut-s3.dxf', reamer().subarray(0, 5000));
    expect(cut.statusCode).toBe(422);
    expect(await rowsOf('cut-s3.dxf')).toEqual([]);
    expect(await peer.keys()).toEqual(before);
  });

  it('keeps neither row nor object when the row cannot be written', async () => {
    const before = await peer.keys();
    await t.app.db.execute(
      sql.raw(
        `ALTER TABLE stored_files ADD CONSTRAINT refuse_for_test CHECK (file_name <> 'refused.dxf') NOT VALID`,
      ),
    );
    try {
      const threadId = await client.start();
      const refused = await client.upload(threadId, 'refused.dxf', reamer());
      expect(refused.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql.raw('ALTER TABLE stored_files DROP CONSTRAINT refuse_for_test'));
    }
    expect(await rowsOf('refused.dxf')).toEqual([]);
    expect(await peer.keys()).toEqual(before);
  });

  it('keeps neither row nor object when the store cannot be written', async () => {
    const before = await peer.keys();
    // A store whose bucket is not there: the put fails, nothing is recorded.
    const elsewhere = new S3FileStore(peer.settings('no-such-bucket'));
    try {
      await expect(
        storeFile(t.app.db, elsewhere, {
          organizationId: shop.organizationId,
          threadId: null,
          kind: 'blueprint',
          fileName: 'no-bucket.dxf',
          contentType: 'image/vnd.dxf',
          bytes: reamer(),
        }),
      ).rejects.toThrow(/bucket/i);
    } finally {
      elsewhere.close();
    }
    expect(await rowsOf('no-bucket.dxf')).toEqual([]);

    // The store stops answering while the app runs: the upload fails, nothing is recorded.
    const threadId = await client.start();
    await peer.stop();
    try {
      const upload = await client.upload(threadId, 'peer-stopped.dxf', reamer());
      expect(upload.statusCode).toBe(500);
    } finally {
      await peer.restart();
    }
    expect(await rowsOf('peer-stopped.dxf')).toEqual([]);
    expect(await peer.keys()).toEqual(before);
    // The same conversation takes the drawing once the store is back.
    expect((await client.upload(threadId, 'peer-back.dxf', reamer())).statusCode).toBe(200);
  });
});

describe('the sweep on the S3 bucket', () => {
  /** A stored drawing without a conversation; when `old`, its row and object two hours old. */
  async function unownedDrawing(old: boolean) {
    const stored = await storeFile(t.app.db, t.app.fileStore, {
      organizationId: shop.organizationId,
      threadId: null,
      kind: 'blueprint',
      fileName: 'unowned.dxf',
      contentType: 'image/vnd.dxf',
      bytes: Buffer.from(`0\nSECTION\n999\n${randomUUID()}\n`),
    });
    if (old) {
      await t.app.db
        .update(storedFiles)
        .set({ createdAt: twoHoursAgo() })
        .where(eq(storedFiles.id, stored.id));
      await peer.setModified(stored.storageKey, twoHoursAgo());
    }
    return stored;
  }

  /** An object no row names, as a process killed between the two writes leaves. */
  async function unnamedObject(old: boolean) {
    const key = `${shop.organizationId}/${randomUUID()}`;
    await t.app.fileStore.put(key, Buffer.from('left behind'));
    if (old) await peer.setModified(key, twoHoursAgo());
    return key;
  }

  it('removes old unowned files and unnamed objects, by LastModified, and keeps the rest', async () => {
    const oldUnowned = await unownedDrawing(true);
    const youngUnowned = await unownedDrawing(false);
    const oldUnnamed = await unnamedObject(true);
    const youngUnnamed = await unnamedObject(false);
    const owned = (await rowsOf('reamer-s3.dxf'))[0]!;
    await peer.setModified(owned.storageKey, twoHoursAgo());

    const swept = await sweepStoredFiles(t.app.db, t.app.fileStore, { olderThanMs: sweepAgeMs });
    expect(swept.rows).toEqual([{ id: oldUnowned.id, storageKey: oldUnowned.storageKey }]);
    expect(swept.files).toEqual([oldUnnamed]);
    const keys = await peer.keys();
    expect(keys).not.toContain(oldUnowned.storageKey);
    expect(keys).not.toContain(oldUnnamed);
    for (const kept of [youngUnowned.storageKey, youngUnnamed, owned.storageKey])
      expect(keys).toContain(kept);
    // The download of the owned drawing still works.
    expect((await client.get(`/api/files/${owned.id}`)).statusCode).toBe(200);
  });

  it('walks every page of the listing', async () => {
    const unnamed = [];
    for (let index = 0; index < 5; index += 1) unnamed.push(await unnamedObject(true));
    const paged = new S3FileStore(peer.settings(), { listPageSize: 2 });
    try {
      const swept = await sweepStoredFiles(t.app.db, paged, { olderThanMs: sweepAgeMs });
      expect(swept.files.sort()).toEqual(unnamed.sort());
    } finally {
      paged.close();
    }
    const left = await peer.keys();
    for (const key of unnamed) expect(left).not.toContain(key);
  });
});

describe('the start with S3_* set', () => {
  it('fails with a clear message when the bucket cannot be used', async () => {
    const start = (env: Record<string, string>) =>
      buildApp({
        config: loadConfig({ DATA_DIR: t.config.dataDir, DEMO_SHOP: 'false', ...env }),
        database,
        logger: false,
      });
    const missing = await start(peer.env('missing-bucket')).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(StorageUnavailableError);
    expect((missing as Error).message).toMatch(
      /^The S3 bucket "missing-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used: there is no bucket "missing-bucket" there \(create it, or check S3_BUCKET\)\.$/,
    );
    await expect(start({ ...peer.env(), S3_ENDPOINT: 'http://127.0.0.1:1' })).rejects.toThrow(
      /could not be reached \(ECONNREFUSED; check S3_ENDPOINT\)/,
    );
  });
});
