import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
  /** The open, migrated database (buildApp opens and migrates it before any plugin). */
  handle: DatabaseHandle;
  /** Whether the app opened it, and so closes it when the app closes. */
  owned: boolean;
}

/**
 * Makes the database buildApp opened and migrated (PGlite under `$DATA_DIR/pglite`, or
 * PostgreSQL when `DATABASE_URL` is set) available to the other plugins, and closes it when the
 * app closes if the app opened it. Opening and migrating happen outside the plugin system, so no
 * plugin timer can cut a slow first start short (issue 31).
 */
async function databasePlugin(app: FastifyInstance, options: DatabasePluginOptions): Promise<void> {
  const { handle, owned } = options;
  app.decorate('db', handle.db);
  app.decorate('databaseKind', handle.kind);
  app.decorate('listenToDatabase', handle.listen.bind(handle));
  if (owned) app.addHook('onClose', () => handle.close());
}

export default fp(databasePlugin, { name: 'database', fastify: '5.x' });
