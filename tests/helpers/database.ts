import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '#server/database';
import type { DatabaseHandle } from '#server/database';

/** Prefix of every database the tests create on the PostgreSQL server. */
export const testDatabasePrefix = 'cnc_test_';

const adminQuery = async (url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

/**
 * Drops a test file's database once nothing uses it: a worker or a pool the test started may
 * still be closing its connection on a busy machine ("is being accessed by other users"). Tried
 * for about 15 s; a database still in use then is left for dropLeftoverTestDatabases. Not
 * `WITH (FORCE)`: ending a connection a pool still holds raises an error in that pool.
 */
async function dropWhenFree(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** A test file's database; `url` names it on the PostgreSQL server (unset for PGlite). */
export type TestDatabase = DatabaseHandle & { url?: string };

/**
 * A fresh, migrated database for one test file: a new database on the server named by
 * DATABASE_URL (dropped on close), or an in-memory PGlite when DATABASE_URL is unset.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: undefined });
    await handle.migrate();
    return handle;
  }
  const name = `${testDatabasePrefix}w${process.env.VITEST_POOL_ID ?? '0'}_${randomUUID().slice(0, 8)}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: undefined });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await dropWhenFree(serverUrl, name);
    },
  };
}

/** Drop test databases left behind by runs that crashed (those still in use are kept). */
export async function dropLeftoverTestDatabases(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${testDatabasePrefix}%`],
    );
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}
