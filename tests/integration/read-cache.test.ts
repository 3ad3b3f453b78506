/**
 * The read cache of the request path (docs/decisions/032-lean-request-path.md): two apps on one
 * database stand for two processes. What one process writes is read at once by the same process
 * and, once the change notice is heard, by the other; a lost listening connection turns the
 * cache off rather than letting it go stale.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '#db/schema';
import type { DatabaseHandle } from '#server/database';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { addMachine, catalogChoice, haasVF2, toolBody } from '../helpers/shop.ts';

let database: DatabaseHandle;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  // No JWT_SECRET: on PostgreSQL both share the generated one through the database; on PGlite
  // the test gives them one.
  const env: Record<string, string> =
    database.kind === 'pglite' ? { JWT_SECRET: 'one-secret-for-both-test-processes!!' } : {};
  a = await createTestApp(database, env);
  b = await createTestApp(database, env);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

const get = (t: TestApp, url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

const machineNames = async (t: TestApp, token: string) =>
  (await get(t, '/api/machines/my-machines', token))
    .json<{ machines: { name: string }[] }>()
    .machines.map((machine) => machine.name);

describe('the read cache', () => {
  it('serves a process what it wrote itself at once, and the other once it hears the change', async () => {
    const shop = await createOrganization(a, 0);
    const token = shop.admin.token;
    // Both processes have the (empty) list cached.
    expect(await machineNames(a, token)).toEqual([]);
    expect(await machineNames(b, token)).toEqual([]);
    expect(await machineNames(b, token)).toEqual([]);
    const choice = await catalogChoice(a, token, haasVF2);
    await addMachine(a, token, choice, { name: 'Mill 1' });
    expect(await machineNames(a, token)).toEqual(['Mill 1']);
    await b.app.changesHeard();
    expect(await machineNames(b, token)).toEqual(['Mill 1']);
  });

  it("keeps a machine's tools for its own shop only, and drops them when a tool is added", async () => {
    const shop = await createOrganization(a, 0);
    const other = await createOrganization(a, 0);
    const token = shop.admin.token;
    const machine = await addMachine(a, token, await catalogChoice(a, token, haasVF2));
    const tools = async (t: TestApp, as: string) =>
      get(t, `/api/machines/tooling-pairs/${machine._id}`, as);
    expect((await tools(a, token)).json()).toMatchObject({ toolingPairs: [] });
    expect((await tools(a, token)).json()).toMatchObject({ toolingPairs: [] });
    // The same machine id asked by another shop: not the kept answer, but 404.
    expect((await tools(a, other.admin.token)).statusCode).toBe(404);
    const added = await a.app.inject({
      method: 'POST',
      url: '/api/machines/add-tool-and-associate',
      headers: { authorization: `Bearer ${token}` },
      payload: toolBody(machine, { toolName: 'End mill 6mm 3 flute', toolType: 'Milling' }),
    });
    expect(added.statusCode).toBe(201);
    expect((await tools(a, token)).json<{ toolingPairs: unknown[] }>().toolingPairs).toHaveLength(
      1,
    );
    expect((await tools(a, other.admin.token)).statusCode).toBe(404);
  });

  it('ends a session in every process: a logout through one is refused by the other', async () => {
    const shop = await createOrganization(a, 0);
    const token = shop.admin.token;
    expect((await get(b, '/api/profile', token)).statusCode).toBe(200);
    expect((await get(a, '/api/profile', token)).statusCode).toBe(200);
    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await get(a, '/api/profile', token)).statusCode).toBe(401);
    await b.app.changesHeard();
    expect((await get(b, '/api/profile', token)).statusCode).toBe(401);
  });

  it('applies a role change made through one process in the other', async () => {
    const shop = await createOrganization(a, 1);
    const member = shop.members[0]!;
    const roles = async (t: TestApp) =>
      (await get(t, '/api/profile', member.token)).json<{ user: { roles: string[] } }>().user.roles;
    expect(await roles(b)).not.toContain('admin');
    const toggled = await a.app.inject({
      method: 'PATCH',
      url: `/api/organization/${shop.organizationId}/toggle-admin/${member.userId}`,
      headers: { authorization: `Bearer ${shop.admin.token}` },
    });
    expect(toggled.statusCode).toBe(200);
    expect(await roles(a)).toContain('admin');
    await b.app.changesHeard();
    expect(await roles(b)).toContain('admin');
  });

  it.runIf(process.env.DATABASE_URL)(
    'keeps nothing while the listening connection is lost, and listens again',
    async () => {
      const shop = await createOrganization(a, 0);
      const token = shop.admin.token;
      expect(a.app.readCache.live).toBe(true);
      // End every LISTEN connection of this database: the notices cannot be heard.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%'`,
      );
      for (let tries = 0; a.app.readCache.live && tries < 100; tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(a.app.readCache.live).toBe(false);
      // Written behind the app's back, unheard: still read at once, since nothing is kept.
      expect((await get(a, '/api/machines/my-machines', token)).statusCode).toBe(200);
      await database.db
        .update(memberships)
        .set({ status: 'pending' })
        .where(eq(memberships.userId, shop.admin.userId));
      expect((await get(a, '/api/machines/my-machines', token)).statusCode).toBe(403);
      for (let tries = 0; !a.app.readCache.live && tries < 500; tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(a.app.readCache.live).toBe(true);
    },
  );
});
