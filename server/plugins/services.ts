import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assistantProviderFor } from '#server/assistant/index';
import type { AssistantProvider } from '#server/assistant/index';
import type { Config } from '#server/config';
import { JobPool } from '#server/jobs/pool';
import { LocalFileStore } from '#server/storage/file-store';
import type { FileStore } from '#server/storage/file-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded drawings and written programs ($DATA_DIR/files). */
    fileStore: FileStore;
    /** The assistant provider the configuration asks for. */
    assistant: AssistantProvider;
    /** The worker pool that reads drawings and writes programs (server/jobs). */
    jobs: JobPool;
  }
}

/** The file store, the heavy-job pool and the assistant provider. */
async function servicesPlugin(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const fileStore = new LocalFileStore(join(options.config.dataDir, 'files'));
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
