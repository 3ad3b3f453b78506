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
import { PgliteTurns } from '#server/pglite-turns';

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
  /**
   * Apply the committed migrations in db/migrations that have not run yet. On PostgreSQL, under
   * an advisory lock, so processes starting together migrate one after the other.
   */
  migrate(): Promise<void>;
  /**
   * Hear the notices sent on `channel` (PostgreSQL's LISTEN/NOTIFY).
   * @param onNotice - called with each notice's payload
   * @param onLive - `true` once listening; `false` when notices may have been missed (the
   *   listening connection was lost: it is opened again, with `true` when it is back)
   * @returns a function that stops listening
   */
  listen(
    channel: string,
    onNotice: (payload: string) => void,
    onLive: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
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
    const { databaseUrl } = options;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      listen: (channel, onNotice, onLive) =>
        listenToPostgres(databaseUrl, channel, onNotice, onLive),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) await mkdir(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
  await client.waitReady;
  // Statements take turns with the event loop (server/pglite-turns.ts); drizzle calls only
  // `query` and `transaction`.
  const db = drizzlePglite(new PgliteTurns(client) as unknown as PGlite, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    async listen(channel, onNotice, onLive) {
      // PGlite runs in this process: a notice reaches the listener before the query that sent
      // it resolves, and none can be missed.
      const stop = await client.listen(channel, onNotice);
      onLive(true);
      return () => stop();
    },
    close: () => client.close(),
  };
}

/** The advisory lock key taken while migrating: any fixed 64-bit number of our own. */
const migrationLockKey = 0x5162_6f74_4d69_67n; // "QbotMig"

/** Run the migrations on one connection of `pool` while holding the advisory lock. */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey.toString()]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey.toString()]);
    }
  } finally {
    client.release();
  }
}

/** Wait before listening again after the connection was lost: 0.1 s doubling to 5 s. */
const relistenDelayMs = (attempt: number) => Math.min(5000, 100 * 2 ** attempt);

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), opened again
 * whenever it is lost. The first connection's failure is thrown, as opening the database is.
 */
async function listenToPostgres(
  connectionString: string,
  channel: string,
  onNotice: (payload: string) => void,
  onLive: (live: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      // Before it listened, the failure is connect()'s to report (and retry).
      if (stopped || client !== next) return;
      onLive(false);
      schedule(0);
    };
    next.on('error', onLost);
    next.on('end', onLost);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice(message.payload ?? '');
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    if (!stopped) onLive(true);
  };

  const schedule = (attempt: number) => {
    retry = setTimeout(() => {
      connect().catch(() => {
        if (!stopped) schedule(attempt + 1);
      });
    }, relistenDelayMs(attempt));
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** Where PGlite keeps its files under the data folder. */
export const pgliteDirIn = (dataDir: string): string => join(dataDir, 'pglite');
