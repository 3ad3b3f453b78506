import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assistantProviderFor } from '#server/assistant/index';
import type { AssistantProvider } from '#server/assistant/index';
import type { Config } from '#server/config';
import { JobPool } from '#server/jobs/pool';
import { LocalFileStore } from '#server/storage/file-store';
import type { FileStore } from '#server/storage/file-store';
import { S3FileStore } from '#server/storage/s3-file-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded drawings and written programs ($DATA_DIR/files, or the S3 bucket of `S3_*`). */
    fileStore: FileStore;
    /** The assistant provider the configuration asks for. */
    assistant: AssistantProvider;
    /** The worker pool that reads drawings and writes programs (server/jobs). */
    jobs: JobPool;
  }
}

/**
 * The file store the configuration names: the S3-compatible bucket when `S3_*` are set (checked
 * to be usable first, and closed with the app), else `$DATA_DIR/files`.
 * @throws StorageUnavailableError when the bucket cannot be used
 */
async function openFileStore(app: FastifyInstance, config: Config): Promise<FileStore> {
  if (!config.s3) return new LocalFileStore(join(config.dataDir, 'files'));
  const store = new S3FileStore(config.s3);
  try {
    await store.checkBucket();
  } catch (error) {
    store.close();
    throw error;
  }
  app.addHook('onClose', async () => store.close());
  app.log.info(
    { bucket: config.s3.bucket, endpoint: config.s3.endpoint },
    'files are kept in the S3 bucket',
  );
  return store;
}

/** The file store, the heavy-job pool and the assistant provider. */
async function servicesPlugin(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const fileStore = await openFileStore(app, options.config);
  app.decorate('fileStore', fileStore);
  const jobs = new JobPool(options.config.jobs, app.log);
  app.decorate('jobs', jobs);
  app.decorate(
    'assistant',
    assistantProviderFor(options.config, {
      db: app.db,
      files: fileStore,
      log: app.log,
      jobs,
    }),
  );
  // Running jobs finish before the workers end.
  app.addHook('onClose', () => jobs.close());
}

export default fp(servicesPlugin, {
  name: 'services',
  fastify: '5.x',
  dependencies: ['database'],
});
