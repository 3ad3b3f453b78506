import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '#db/schema';
import { projectPath } from '#server/paths';

export type Schema = typeof schema;
/** The drizzle handle the app uses, the same type for PGlite and for a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  /** `pglite` (embedded, in a folder or in memory) or `postgres` (a server through `pg`). */
  kind: 'pglite' | 'postgres';
  /** Apply the committed migrations in db/migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = projectPath('db/migrations');

/**
 * Open the database named by `databaseUrl`, or PGlite when it is unset.
 *
 * @param options.databaseUrl - `postgres://…`; when undefined PGlite is used
 * @param options.pgliteDir - folder for PGlite's files; undefined keeps PGlite in memory
 * @throws whatever the driver throws when the server cannot be reached or the folder is unusable
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  pgliteDir: string | undefined;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Fail at start, with the driver's message, when the server cannot be reached.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) await mkdir(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Where PGlite keeps its files under the data folder. */
export const pgliteDirIn = (dataDir: string): string => join(dataDir, 'pglite');
