/**
 * The FileStore contract (server/storage/file-store.ts), run against both stores: the local
 * folder and the S3-compatible bucket (s3rver on loopback through the real AWS SDK). Random
 * contents and keys (fast-check); a missing key is ENOENT in both.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '#server/storage/file-store';
import type { FileStore } from '#server/storage/file-store';
import { S3FileStore } from '#server/storage/s3-file-store';
import { startS3Peer } from '../helpers/s3-peer.ts';
import type { S3Peer } from '../helpers/s3-peer.ts';

let peer: S3Peer;
let folder: string;
let s3: S3FileStore;

beforeAll(async () => {
  peer = await startS3Peer(['contract']);
  folder = await mkdtemp(join(tmpdir(), 'cnc-files-'));
  s3 = new S3FileStore(peer.settings());
});

afterAll(async () => {
  s3.close();
  await peer.close();
  await rm(folder, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['LocalFileStore', () => new LocalFileStore(folder)],
  ['S3FileStore', () => s3],
];

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const listed = async (store: FileStore) => {
  const keys = new Map<string, Date>();
  for await (const { key, modifiedAt } of store.list()) keys.set(key, modifiedAt);
  return keys;
};

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error),
  );

/** A key as the server makes them ("organization/uuid"), or any other of the allowed shape. */
const segment = fc.oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/));
const key = fc.tuple(segment, segment).map(([folder, name]) => `${folder}/${name}`);

describe.each(stores)('%s', (_name, storeOf) => {
  it('gives back what was put, whole and streamed, lists it, and forgets it on delete', async () => {
    const store = storeOf();
    await fc.assert(
      fc.asyncProperty(
        key,
        fc.uint8Array({ maxLength: 4096 }),
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        async (key, first, second) => {
          const started = Date.now();
          await store.put(key, Buffer.from(first));
          expect(await store.get(key)).toEqual(Buffer.from(first));
          // A second put replaces the bytes.
          await store.put(key, Buffer.from(second));
          expect(await store.get(key)).toEqual(Buffer.from(second));
          const { stream, sizeBytes } = await store.getStream(key);
          expect(sizeBytes).toBe(second.length);
          expect(await readAll(stream)).toEqual(Buffer.from(second));
          const modifiedAt = (await listed(store)).get(key);
          // S3's LastModified has whole seconds.
          expect(modifiedAt!.getTime()).toBeGreaterThanOrEqual(started - 2000);
          expect(modifiedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 2000);

          await store.delete(key);
          expect(await code(store.get(key))).toBe('ENOENT');
          expect(await code(store.getStream(key))).toBe('ENOENT');
          expect((await listed(store)).has(key)).toBe(false);
          // Deleting what is not there is no error.
          await store.delete(key);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('answers a key never stored with ENOENT', async () => {
    const store = storeOf();
    expect(await code(store.get('organization/never-stored'))).toBe('ENOENT');
    expect(await code(store.getStream('organization/never-stored'))).toBe('ENOENT');
  });

  it('refuses keys that are not of the server shape', async () => {
    const store = storeOf();
    for (const bad of ['../escape', 'a/../b', 'no-folder', 'a/b/c', '/a', 'a/', 'a/b.c']) {
      await expect(store.put(bad, Buffer.from('x')), bad).rejects.toThrow(/invalid storage key/);
      await expect(store.get(bad), bad).rejects.toThrow(/invalid storage key/);
    }
  });

  it('keeps a 12 MiB file intact (a multipart upload on S3) and streams it back', async () => {
    const store = storeOf();
    const bytes = Buffer.alloc(12 * 1024 * 1024);
    for (let index = 0; index < bytes.length; index += 4096) bytes.writeUInt32LE(index, index);
    const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    await store.put('organization/large', bytes);
    const { stream, sizeBytes } = await store.getStream('organization/large');
    expect(sizeBytes).toBe(bytes.length);
    const hash = createHash('sha256');
    for await (const chunk of stream) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(digest(bytes));
    await store.delete('organization/large');
  });

  it('lists every key across pages, and only keys of the server shape', async () => {
    const store = storeOf();
    const keys = Array.from({ length: 7 }, (_, index) => `paged/file-${index}`);
    for (const key of keys) await store.put(key, Buffer.from(key));
    const paged =
      store instanceof S3FileStore ? new S3FileStore(peer.settings(), { listPageSize: 2 }) : store;
    try {
      expect(
        [...(await listed(paged)).keys()].filter((key) => key.startsWith('paged/')).sort(),
      ).toEqual(keys);
    } finally {
      if (paged instanceof S3FileStore && paged !== store) paged.close();
      for (const key of keys) await store.delete(key);
    }
  });
});

describe('S3FileStore', () => {
  it('skips objects in the bucket that the server did not name', async () => {
    const settings = peer.settings();
    const client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: settings,
    });
    try {
      for (const foreign of ['backups/2024/db.tar', 'readme.txt', 'site/index.html'])
        await client.send(
          new PutObjectCommand({ Bucket: settings.bucket, Key: foreign, Body: 'x' }),
        );
      const keys = [...(await listed(s3)).keys()];
      expect(keys).not.toContain('backups/2024/db.tar');
      expect(keys).not.toContain('readme.txt');
      expect(keys).not.toContain('site/index.html');
    } finally {
      client.destroy();
    }
  });

  it('says which setting to check when the bucket cannot be used', async () => {
    const check = (settings: ReturnType<S3Peer['settings']>) => {
      const store = new S3FileStore(settings, { connectionTimeoutMs: 2000 });
      return store.checkBucket(5000).finally(() => store.close());
    };
    await expect(check(peer.settings())).resolves.toBeUndefined();
    await expect(check(peer.settings('no-such-bucket'))).rejects.toThrow(
      /The S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used: there is no bucket "no-such-bucket" there/,
    );
    // s3rver checks the access key, not the SigV4 signature.
    await expect(check({ ...peer.settings(), accessKeyId: 'SOMEONE-ELSE' })).rejects.toThrow(
      /the store refused the access keys/,
    );
    await expect(check({ ...peer.settings(), endpoint: 'http://127.0.0.1:1' })).rejects.toThrow(
      /the store could not be reached \(ECONNREFUSED; check S3_ENDPOINT\)/,
    );
  });
});
