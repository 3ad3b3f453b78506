/**
 * The app with WORKERS=external against the test PostgreSQL: an upload's read and the program's
 * generation go through the job queue to a worker (here in this process, sharing the app's
 * environment), and the workflow over the API is the same as with the in-process pool.
 */
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueueRunner } from '#server/jobs/queue-runner';
import { startQueueWorker } from '#server/jobs/queue-worker';
import type { QueueWorker } from '#server/jobs/queue-worker';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import type { TestDatabase } from '../helpers/database.ts';
import { blueprint, generateProgram, qbotClient, tormachWithTools } from '../helpers/qbot.ts';

const serverUrl = process.env.DATABASE_URL;

const quietLog = () => {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn(), child: () => log };
  return log as unknown as FastifyBaseLogger;
};

/** Without a PostgreSQL server the file's tests are skipped, and their title says why. */
const needs = serverUrl ? '' : ' (skipped: needs DATABASE_URL, a PostgreSQL server)';

describe.skipIf(!serverUrl)(`the app with WORKERS=external${needs}`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let worker: QueueWorker;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp(database, {
      DATABASE_URL: database.url!,
      WORKERS: 'external',
      JOB_CONCURRENCY: '1',
      JOB_TIMEOUT_MS: '20000',
    });
    // The worker shares the app's environment (its DATA_DIR, so its file store).
    worker = await startQueueWorker({
      config: t.config,
      log: quietLog(),
      pollingIntervalSeconds: 0.5,
    });
  });

  afterAll(async () => {
    await t?.close();
    await worker?.stop();
    await database?.close();
  });

  it('reads an upload and writes its program through the queue, the workflow unchanged', async () => {
    expect(t.app.jobs).toBeInstanceOf(QueueRunner);
    const shop = await createOrganization(t, 0);
    const machineId = (await tormachWithTools(t, shop.admin.token))._id;
    const client = qbotClient(t, shop.admin.token);
    const threadId = await client.start();
    const upload = await client.upload(
      threadId,
      'long_reamer_facer.dxf',
      blueprint('lathe/long_reamer_facer.dxf'),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const analysis = upload.json<{
      description: { outerDiameters: { diameterMm: number }[] };
      materials: { name: string }[];
      imageUrl: string;
    }>();
    expect(analysis.description.outerDiameters.map((feature) => feature.diameterMm)).toEqual([
      11.11, 8.85, 15.48,
    ]);
    // The reamer is "875 mm or longer": only its end is turned (as in qbot.test.ts).
    const program = await generateProgram(client, threadId, machineId, analysis);
    expect(program.statusCode, program.body).toBe(200);
    expect(program.json()).toMatchObject({ version: 1, verified: true, dialect: 'linuxcnc' });
  }, 90_000);
});
