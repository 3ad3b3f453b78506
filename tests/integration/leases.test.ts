/**
 * Conversation leases (docs/decisions/017-leases-and-sweep.md): a lease runs out after its time
 * unless the request holding it renews it while it works; a start releases the leases of a
 * stopped process on this host and keeps those of running processes and of other hosts.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { organizations, threads, users } from '#db/schema';
import { qbotActors } from '#machines/qbotContext';
import type { DescribeInput, DescribeOutput } from '#machines/qbotContext';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { DatabaseHandle } from '#server/database';
import { AppError } from '#server/errors';
import { leaseHolder } from '#server/qbot/lease-holder';
import { claimThread } from '#server/qbot/threads';
import { leaseMarginMs, leaseMsOf, runWorkflowEvent } from '#server/qbot/workflow-runner';
import type { ServerActors } from '#server/qbot/workflow-runner';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { qbotClient } from '../helpers/qbot.ts';

let database: DatabaseHandle;
let t: TestApp;
let shop: Awaited<ReturnType<typeof createOrganization>>;
let client: ReturnType<typeof qbotClient>;
let sleeper: ChildProcess;
const secret = 'a-jwt-secret-shared-by-both-processes!';

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database, { JWT_SECRET: secret });
  shop = await createOrganization(t, 0);
  client = qbotClient(t, shop.admin.token);
  // A process of this host that keeps running while the tests look at its lease.
  sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
});

afterAll(async () => {
  sleeper?.kill();
  await t?.close();
  await database?.close();
});

/** The pid of a process of this host that has ended. */
function endedPid(): number {
  const { pid, status } = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  expect(status).toBe(0);
  return pid;
}

/** Lease the conversation for an hour to `holder`, as a process that is reading it would. */
async function leaseTo(threadId: string, holder: string | null) {
  await t.app.db
    .update(threads)
    .set({
      leaseUntil: sql`now() + interval '1 hour'`,
      leaseHolder: holder,
      analysisProgress: { fraction: 0.4, stage: 'Recognizing text' },
    })
    .where(eq(threads.id, threadId));
}

const leaseOf = async (threadId: string) => {
  const [row] = await t.app.db
    .select({
      leased: sql<boolean>`${threads.leaseUntil} is not null and ${threads.leaseUntil} > now()`,
      holder: threads.leaseHolder,
      progress: threads.analysisProgress,
    })
    .from(threads)
    .where(eq(threads.id, threadId));
  return row!;
};

const uploaded = (threadId: string) =>
  ({
    type: 'blueprint.uploaded',
    fileName: 'part.dxf',
    fileId: randomUUID(),
    imageUrl: `/api/files/${threadId}`,
  }) as const;

/** The chart's actors with a drawing read that takes `ms` and then answers. */
function slowReader(ms: number): ServerActors {
  return {
    ...qbotActors,
    describeBlueprint: fromPromise<DescribeOutput, DescribeInput>(async () => {
      await sleep(ms);
      return {
        analysis: { description: {}, materials: [], tools: [], materialSize: null } as never,
        imageUrl: '/api/files/read',
      };
    }),
  };
}

describe('the lease of a conversation', () => {
  it('lasts one job time limit plus a margin', () => {
    expect(leaseMsOf({ jobTimeoutMs: 150_000 })).toBe(150_000 + leaseMarginMs);
    expect(leaseMsOf({ jobTimeoutMs: 20_000 })).toBe(20_000 + leaseMarginMs);
    expect(leaseMsOf()).toBe(150_000 + leaseMarginMs);
    expect(leaseMsOf({ jobTimeoutMs: 150_000, leaseMs: 300 })).toBe(300);
  });

  it('runs out after its time when nobody renews it (a process that died)', async () => {
    const threadId = await client.start();
    const key = { organizationId: shop.organizationId, threadId };
    expect(await claimThread(t.app.db, key, { ms: 300, holder: 'gone:1:dead' })).toBeDefined();
    expect(await claimThread(t.app.db, key, { ms: 300, holder: leaseHolder })).toBeUndefined();
    await sleep(450);
    expect(await claimThread(t.app.db, key, { ms: 300, holder: leaseHolder })).toBeDefined();
    expect(await leaseOf(threadId)).toMatchObject({ leased: true, holder: leaseHolder });
  });

  it('is kept by a request whose work outlasts several leases, and ended when it settles', async () => {
    const threadId = await client.start();
    const leaseMs = 300;
    const running = runWorkflowEvent(
      t.app.db,
      threadId,
      shop.organizationId,
      uploaded(threadId),
      () => slowReader(5 * leaseMs),
      { leaseMs },
    );
    for (const at of [1, 2, 3, 4]) {
      await sleep(leaseMs);
      expect(await leaseOf(threadId), `after ${at} lease(s)`).toMatchObject({
        leased: true,
        holder: leaseHolder,
      });
      // Another request meanwhile is told the conversation is busy.
      const other = await client.event(threadId, { type: 'description.confirmed' });
      expect(other.statusCode).toBe(409);
      expect(other.json<{ message: string }>().message).toMatch(/busy/);
    }
    const result = await running;
    expect(result.step).toBe('show_blueprint_description');
    expect(await leaseOf(threadId)).toMatchObject({ leased: false, holder: null });
    // No renewal lands after the lease ended.
    await sleep(leaseMs);
    expect(await leaseOf(threadId)).toMatchObject({ leased: false, holder: null });
  });

  it('is ended when the work fails, and the conversation is free again', async () => {
    const threadId = await client.start();
    const failing = runWorkflowEvent(
      t.app.db,
      threadId,
      shop.organizationId,
      uploaded(threadId),
      (onFailure) => ({
        ...qbotActors,
        describeBlueprint: fromPromise<DescribeOutput, DescribeInput>(async () => {
          await sleep(200);
          const error = new AppError(422, 'validation_failed', 'unreadable');
          onFailure(error);
          throw error;
        }),
      }),
      { leaseMs: 90 },
    );
    await expect(failing).rejects.toThrow('unreadable');
    expect(await leaseOf(threadId)).toMatchObject({ leased: false, holder: null });
    await sleep(100);
    expect(await leaseOf(threadId)).toMatchObject({ leased: false, holder: null });
  });
});

describe('a start', () => {
  it("releases the leases of this host's stopped processes and keeps the others", async () => {
    const host = hostname();
    const dead = endedPid();
    const cases = {
      stoppedProcess: `${host}:${dead}:0a1b2c3d4e5f`,
      earlierProcessWithThisPid: `${host}:${process.pid}:000000000000`,
      runningProcess: `${host}:${sleeper.pid}:0a1b2c3d4e5f`,
      thisProcess: leaseHolder,
      otherHost: `another-host.shop.test:${dead}:0a1b2c3d4e5f`,
      unknownHolder: null,
    };
    const ids: Record<string, string> = {};
    for (const [name, holder] of Object.entries(cases)) {
      ids[name] = await client.start();
      await leaseTo(ids[name], holder);
    }

    const restarted = await createTestApp(database, { JWT_SECRET: secret });
    try {
      for (const name of ['stoppedProcess', 'earlierProcessWithThisPid']) {
        expect(await leaseOf(ids[name]!), name).toEqual({
          leased: false,
          holder: null,
          progress: null,
        });
      }
      for (const name of ['runningProcess', 'thisProcess', 'otherHost', 'unknownHolder']) {
        expect(await leaseOf(ids[name]!), name).toMatchObject({
          leased: true,
          holder: cases[name as keyof typeof cases],
        });
      }
      // The released conversation takes a request at once; a kept one is still busy.
      const fresh = qbotClient(restarted, shop.admin.token);
      const free = await fresh.event(ids.stoppedProcess!, { type: 'description.confirmed' });
      expect(free.statusCode).toBe(409);
      expect(free.json<{ message: string }>().message).toMatch(/not available now/);
      const busy = await fresh.event(ids.otherHost!, { type: 'description.confirmed' });
      expect(busy.statusCode).toBe(409);
      expect(busy.json<{ message: string }>().message).toMatch(/busy/);
    } finally {
      await restarted.close();
      await t.app.db
        .update(threads)
        .set({ leaseUntil: null, leaseHolder: null })
        .where(inArray(threads.id, Object.values(ids)));
    }
  });

  it('on its own PGlite data folder releases every lease, since no other process can hold one', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cnc-leases-'));
    const config = loadConfig({ DATA_DIR: dataDir, DEMO_SHOP: 'false' });
    try {
      let app = await buildApp({ config, logger: false });
      const [organization] = await app.db
        .insert(organizations)
        .values({ name: `Own data ${randomUUID()}` })
        .returning({ id: organizations.id });
      const [user] = await app.db
        .insert(users)
        .values({
          email: `${randomUUID()}@shop.test`,
          firstName: 'Olga',
          lastName: 'Owner',
          passwordHash: 'unused',
        })
        .returning({ id: users.id });
      const threadId = randomUUID();
      await app.db.insert(threads).values({
        id: threadId,
        organizationId: organization!.id,
        userId: user!.id,
        assistantId: 'qbot',
        snapshot: {},
        leaseUntil: sql`now() + interval '1 hour'`,
        leaseHolder: `another-host.shop.test:4242:0a1b2c3d4e5f`,
      });
      await app.close();

      app = await buildApp({ config, logger: false });
      try {
        const [row] = await app.db
          .select({ leaseUntil: threads.leaseUntil, holder: threads.leaseHolder })
          .from(threads)
          .where(eq(threads.id, threadId));
        expect(row).toEqual({ leaseUntil: null, holder: null });
      } finally {
        await app.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // PGlite in a folder is opened and migrated twice: slow on a busy machine.
  }, 90_000);
});
