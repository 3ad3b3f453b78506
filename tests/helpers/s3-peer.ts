/**
 * A real S3 protocol peer for the integration tests: s3rver on loopback, on a free port, with its
 * data in a temporary folder, in a child process (./s3rver-process.mjs says why), reached with
 * the real AWS SDK.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '#server/config';

/** s3rver's one account. */
const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';

export interface S3Peer {
  port: number;
  /** The settings of a store in `bucket` (default: the first bucket created). */
  settings(bucket?: string): S3Settings;
  /** The same as `S3_*` environment variables. */
  env(bucket?: string): Record<string, string>;
  /** The keys of the objects in `bucket`, sorted (one ListObjectsV2 page, up to 1000). */
  keys(bucket?: string): Promise<string[]>;
  /** Set an object's LastModified (s3rver takes it from its file's modification time). */
  setModified(key: string, when: Date, bucket?: string): Promise<void>;
  /** Stop answering (the port is closed); the data stays. */
  stop(): Promise<void>;
  /** Answer again on the same port with the same data. */
  restart(): Promise<void>;
  /** Stop and remove the data. */
  close(): Promise<void>;
}

async function run(directory: string, port: number, buckets: string[]) {
  const child = fork(
    new URL('./s3rver-process.mjs', import.meta.url),
    [directory, String(port), ...buckets],
    { execArgv: ['--openssl-legacy-provider'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`s3rver exited with ${String(code)} before listening`);
    }),
  ])) as [{ port: number }];
  return { child, port: message.port };
}

async function stopChild(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.disconnect();
  await exited;
}

/** Start s3rver with `buckets` made (by s3rver's configureBuckets) before it listens. */
export async function startS3Peer(buckets: string[] = ['files']): Promise<S3Peer> {
  const directory = await mkdtemp(join(tmpdir(), 'cnc-s3rver-'));
  const started = await run(directory, 0, buckets);
  let child: ChildProcess | undefined = started.child;
  const port = started.port;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
  const settings = (bucket = buckets[0]!): S3Settings => ({
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId,
    secretAccessKey,
  });
  return {
    port,
    settings,
    env: (bucket) => {
      const s3 = settings(bucket);
      return {
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      };
    },
    async keys(bucket = buckets[0]!) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).map((object) => object.Key!).sort();
    },
    setModified: (key, when, bucket = buckets[0]!) =>
      utimes(join(directory, bucket, `${key}._S3rver_object`), when, when),
    async stop() {
      await stopChild(child);
      child = undefined;
    },
    async restart() {
      if (!child) child = (await run(directory, port, [])).child;
    },
    async close() {
      client.destroy();
      await stopChild(child);
      child = undefined;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
