import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assistantProviderFor } from '#server/assistant/index';
import type { AssistantProvider } from '#server/assistant/index';
import type { Config } from '#server/config';
import { renderDxfImage } from '#server/assistant/render/dxf-image';
import { closeOcrEngine } from '#drawings/engines/tesseract';
import { LocalFileStore } from '#server/storage/file-store';
import type { FileStore } from '#server/storage/file-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded drawings and written programs ($DATA_DIR/files). */
    fileStore: FileStore;
    /** The assistant provider the configuration asks for. */
    assistant: AssistantProvider;
  }
}

/** The file store and the assistant provider. */
async function servicesPlugin(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const fileStore = new LocalFileStore(join(options.config.dataDir, 'files'));
  app.decorate('fileStore', fileStore);
  app.decorate(
    'assistant',
    assistantProviderFor(options.config, {
      db: app.db,
      files: fileStore,
      log: app.log,
      renderDxf: renderDxfImage,
    }),
  );
  // The offline OCR engine runs in a worker thread of its own: stop it with the app.
  app.addHook('onClose', () => closeOcrEngine());
}

export default fp(servicesPlugin, {
  name: 'services',
  fastify: '5.x',
  dependencies: ['database'],
});
