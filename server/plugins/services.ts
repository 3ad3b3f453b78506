import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assistantProviderFor } from '#server/assistant/index';
import type { AssistantProvider } from '#server/assistant/index';
import type { Config } from '#server/config';
import { JobPool } from '#server/jobs/pool';
import type { JobService } from '#server/jobs/pool';
import { QueueRunner } from '#server/jobs/queue-runner';
import type { FileStore } from '#server/storage/file-store';
import { openFileStore } from '#server/storage/open-file-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded drawings and written programs ($DATA_DIR/files, or the S3 bucket of `S3_*`). */
    fileStore: FileStore;
    /** The assistant provider the configuration asks for. */
    assistant: AssistantProvider;
    /**
     * Runs drawing reads and program generation (server/jobs): the worker pool in this process,
     * or the PostgreSQL job queue and its `npm run worker` processes with WORKERS=external.
     */
    jobs: JobService;
  }
}

/** The file store, the heavy-job pool (or queue) and the assistant provider. */
async function servicesPlugin(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const files = await openFileStore(options.config, app.log);
  app.addHook('onClose', async () => files.close());
  const fileStore = files.store;
  app.decorate('fileStore', fileStore);
  const { config } = options;
  const jobs: JobService =
    config.jobs.workers === 'external' && config.databaseUrl
      ? await QueueRunner.start({
          databaseUrl: config.databaseUrl,
          settings: config.jobs,
          log: app.log,
        })
      : new JobPool(config.jobs, app.log);
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
  // Running jobs finish before the workers end (the queue's waits end with 503).
  app.addHook('onClose', () => jobs.close());
}

export default fp(servicesPlugin, {
  name: 'services',
  fastify: '5.x',
  dependencies: ['database'],
});
