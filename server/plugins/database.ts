import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config';
import { openDatabase, pgliteDirIn } from '#server/database';
import type { Database, DatabaseHandle } from '#server/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** The drizzle handle; every query on shop data filters on the caller's organization. */
    db: Database;
    databaseKind: DatabaseHandle['kind'];
    /** LISTEN/NOTIFY on the app's database (DatabaseHandle.listen). */
    listenToDatabase: DatabaseHandle['listen'];
  }
}

export interface DatabasePluginOptions {
  config: Config;
  /** An already open database (tests); the app migrates it but does not close it. */
  handle?: DatabaseHandle | undefined;
}

/**
 * Opens PGlite under `$DATA_DIR/pglite`, or PostgreSQL when `DATABASE_URL` is set, applies the
 * committed migrations, and closes the connection when the app closes.
 */
async function databasePlugin(app: FastifyInstance, options: DatabasePluginOptions): Promise<void> {
  const owned = options.handle === undefined;
  const handle =
    options.handle ??
    (await openDatabase({
      databaseUrl: options.config.databaseUrl,
      pgliteDir: pgliteDirIn(options.config.dataDir),
    }));
  try {
    await handle.migrate();
  } catch (error) {
    if (owned) await handle.close();
    throw error;
  }
  app.decorate('db', handle.db);
  app.decorate('databaseKind', handle.kind);
  app.decorate('listenToDatabase', handle.listen.bind(handle));
  if (owned) app.addHook('onClose', () => handle.close());
}

export default fp(databasePlugin, { name: 'database', fastify: '5.x' });
