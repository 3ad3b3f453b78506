import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config';
import { LocalFileStore } from './file-store.ts';
import type { FileStore } from './file-store.ts';
import { S3FileStore } from './s3-file-store.ts';

/** A file store and how to let go of it (the S3 client's sockets). */
export interface OpenFileStore {
  store: FileStore;
  close(): void;
}

/**
 * The file store the configuration names, the same in app and worker processes: the
 * S3-compatible bucket when `S3_*` are set (checked to be usable first), else `$DATA_DIR/files`.
 * @throws StorageUnavailableError when the bucket cannot be used
 */
export async function openFileStore(
  config: Config,
  log: FastifyBaseLogger,
): Promise<OpenFileStore> {
  if (!config.s3) {
    return { store: new LocalFileStore(join(config.dataDir, 'files')), close: () => undefined };
  }
  const store = new S3FileStore(config.s3);
  try {
    await store.checkBucket();
  } catch (error) {
    store.close();
    throw error;
  }
  log.info(
    { bucket: config.s3.bucket, endpoint: config.s3.endpoint },
    'files are kept in the S3 bucket',
  );
  return { store, close: () => store.close() };
}
