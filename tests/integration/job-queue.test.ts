/**
 * The PostgreSQL job queue (WORKERS=external, decision 034) against the test PostgreSQL: the
 * runner enqueues and waits, a worker (in this process, or `queue-worker-main.ts` as a child
 * process) takes the job, reads the drawing from the file store by its key, and the outcome and
 * progress come back; a refusal is the pool's 422; a worker killed with SIGKILL mid-job leaves
 * the job to another worker; a job that fails twice comes back with the clear message. The app
 * with WORKERS=external is in job-queue-app.test.ts.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import type { DrawingType } from '#drawings/read';
import { loadConfig } from '#server/config';
import type { Config } from '#server/config';
import { AppError } from '#server/errors';
import { jobMessages } from '#server/jobs/pool';
import type { QueuePlace } from '#server/jobs/pool';
import { QueueRunner } from '#server/jobs/queue-runner';
import { startQueueWorker } from '#server/jobs/queue-worker';
import type { QueueWorker } from '#server/jobs/queue-worker';
import { runTask } from '#server/jobs/tasks';
import type { ReadTask } from '#server/jobs/tasks';

import { LocalFileStore } from '#server/storage/file-store';
import { createTestDatabase } from '../helpers/database.ts';
import type { TestDatabase } from '../helpers/database.ts';
import { goldenLatheJob } from '../helpers/golden-jobs.ts';
import { blueprintsDir, repoRoot } from '../helpers/paths.ts';
import { logged, until } from '../helpers/processes.ts';

const serverUrl = process.env.DATABASE_URL;

const blueprint = (path: string): Buffer => readFileSync(new URL(path, blueprintsDir));

/** Short limits: a job may run 12 s, so a lost one expires after 15 s (maintenance every 3 s). */
const jobEnv = { JOB_CONCURRENCY: '1', JOB_HEAP_MB: '512', JOB_TIMEOUT_MS: '12000' };

function quietLog() {
  const log = {
    error: vi.fn(),
    warn: vi.fn(),
    info: vi.fn(),
    debug: vi.fn(),
    child: () => log,
  };
  return { log, logger: log as unknown as FastifyBaseLogger };
}

/** Without a PostgreSQL server the file's tests are skipped, and their title says why. */
const needs = serverUrl ? '' : ' (skipped: needs DATABASE_URL, a PostgreSQL server)';

describe.skipIf(!serverUrl)(`the PostgreSQL job queue${needs}`, () => {
  let database: TestDatabase;
  let dataDir: string;
  let files: LocalFileStore;
  let config: Config;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'cnc-queue-'));
    files = new LocalFileStore(join(dataDir, 'files'));
    config = loadConfig({
      DATABASE_URL: database.url,
      WORKERS: 'external',
      DATA_DIR: dataDir,
      ...jobEnv,
    });
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A drawing in the file store, as the upload route stores it, and its read job. */
  async function storedRead(path: string, type: DrawingType): Promise<ReadTask> {
    const bytes = blueprint(path);
    const storageKey = `queue-test/${randomUUID()}`;
    await files.put(storageKey, bytes);
    return { kind: 'read', file: { fileName: path.split('/').at(-1)!, type, bytes, storageKey } };
  }

  const startRunner = (logger: FastifyBaseLogger) =>
    QueueRunner.start({
      databaseUrl: database.url!,
      settings: config.jobs,
      log: logger,
      pollMs: 100,
    });

  describe('with a worker in this process', () => {
    let worker: QueueWorker;
    let runner: QueueRunner;
    const runnerLog = quietLog();
    const workerLog = quietLog();

    beforeAll(async () => {
      worker = await startQueueWorker({
        config,
        log: workerLog.logger,
        pollingIntervalSeconds: 0.5,
      });
      runner = await startRunner(runnerLog.logger);
    });

    afterAll(async () => {
      await runner?.close();
      await worker?.stop();
    });

    it('runs a read: the worker reads the drawing from the file store, progress and outcome reach the caller', async () => {
      const task = await storedRead('lathe/Gripper.PDF', 'pdf');
      const heard: [number, string][] = [];
      const analysis = await runner.run(
        { ...task, file: { ...task.file, bytes: Buffer.alloc(0) } },
        { fileName: 'Gripper.PDF', onProgress: (fraction, stage) => heard.push([fraction, stage]) },
      );
      expect(analysis.description.source).toContain('Gripper.PDF');
      expect(heard.length).toBeGreaterThan(0);
      for (const [fraction, stage] of heard) {
        expect(fraction).toBeGreaterThanOrEqual(0);
        expect(fraction).toBeLessThanOrEqual(1);
        expect(stage).not.toBe('');
      }
    }, 60_000);

    it('gives back what the job gives when run here, for a read, a program and a revision', async () => {
      // The result travels as JSON (jsonb): what JSON keeps, and -0 comes back as 0.
      const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
      const read = await storedRead('mill-edm/flange.dxf', 'dxf');
      const here = await runTask(read);
      expect(here.ok).toBe(true);
      expect(await runner.run(read, { fileName: 'flange.dxf' })).toEqual(
        asJson(here.ok && here.value),
      );

      const job = goldenLatheJob('linuxcnc');
      const program = await runTask({ kind: 'generate', job });
      expect(program.ok).toBe(true);
      expect(await runner.run({ kind: 'generate', job }, { fileName: 'adapter' })).toEqual(
        asJson(program.ok && program.value),
      );

      const revise = {
        kind: 'revise' as const,
        description: emptyDescription(),
        feedback: 'Ø40 h7 x 85 long, bore Ø20 x 30 deep, 4140 steel',
      };
      const revised = await runTask(revise);
      expect(revised.ok).toBe(true);
      expect(await runner.run(revise, { fileName: 'your changes' })).toEqual(
        asJson(revised.ok && revised.value),
      );
    }, 60_000);

    it("answers a refused drawing with the pool's 422 and the reader's sentence", async () => {
      const storageKey = `queue-test/${randomUUID()}`;
      const bytes = Buffer.from('0\nSECTION\n2\nNOTHING\n');
      await files.put(storageKey, bytes);
      const task: ReadTask = {
        kind: 'read',
        file: { fileName: 'broken.dxf', type: 'dxf', bytes, storageKey },
      };
      const here = await runTask(task);
      expect(here.ok).toBe(false);
      const failure = await runner
        .run(task, { fileName: 'broken.dxf' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({
        statusCode: 422,
        code: 'validation_failed',
        message: !here.ok && here.message,
      });
    }, 30_000);

    it('tries a failing job once more, then tells the caller it stopped twice', async () => {
      // The drawing's bytes are gone from the file store: the worker fails on both tries.
      const task: ReadTask = {
        kind: 'read',
        file: {
          fileName: 'gone.dxf',
          type: 'dxf',
          bytes: Buffer.alloc(0),
          storageKey: `queue-test/${randomUUID()}`,
        },
      };
      const failure = await runner
        .run(task, { fileName: 'gone.dxf' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      const { statusCode, message } = failure as AppError;
      expect(statusCode).toBe(422);
      const errorId = /error id ([0-9a-f-]{36})/.exec(message)?.[1];
      expect(message).toBe(jobMessages.stoppedTwice('gone.dxf', 'read', errorId!));
      expect(runnerLog.log.error).toHaveBeenCalledWith(
        expect.objectContaining({ errorId, task: 'read' }),
        'queued job failed: job failed',
      );
      const tries = workerLog.log.warn.mock.calls.filter(([, msg]) => msg === 'queued job failed');
      expect(tries).toHaveLength(2);
      expect(tries[0]![0]).toMatchObject({ err: { code: 'ENOENT' } });
    }, 30_000);

    it('refuses jobs with 503 once closing', async () => {
      const closing = await startRunner(quietLog().logger);
      await closing.close();
      expect(closing.full).toBe(true);
      const refused = await closing
        .run(await storedRead('mill-edm/flange.dxf', 'dxf'), { fileName: 'flange.dxf' })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ statusCode: 503, message: jobMessages.closing });
    });
  });

  describe('while no worker runs', () => {
    /** The states of the queue's jobs, oldest first. */
    async function jobStates(): Promise<string[]> {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ state: string }>(
          `SELECT state FROM pgboss.job WHERE name = 'heavy-jobs' ORDER BY created_on, id`,
        );
        return rows.map((row) => row.state);
      } finally {
        await client.end();
      }
    }

    it('tells a waiting job its place in line; the jobs run once a worker starts', async () => {
      const runner = await startRunner(quietLog().logger);
      let worker: QueueWorker | undefined;
      try {
        const before = (await jobStates()).length;
        const places: QueuePlace[][] = [[], []];
        const first = runner.run(await storedRead('mill-edm/flange.dxf', 'dxf'), {
          fileName: 'flange.dxf',
          onQueued: (place) => places[0]!.push(place),
        });
        await until(async () => (await jobStates()).length > before);
        const second = runner.run(
          { kind: 'generate', job: goldenLatheJob('linuxcnc') },
          { fileName: 'adapter', onQueued: (place) => places[1]!.push(place) },
        );
        await until(() => places[1]!.length > 0);
        expect(places).toEqual([[], [{ jobs: 1, reads: 1 }]]);

        worker = await startQueueWorker({
          config,
          log: quietLog().logger,
          pollingIntervalSeconds: 0.5,
        });
        expect((await first).description.source).toContain('flange.dxf');
        expect((await second).report.passed).toBe(true);
      } finally {
        await runner.close();
        await worker?.stop();
      }
    }, 60_000);

    it('gives up a job no worker took within the wait limit: 503, and the job is cancelled', async () => {
      const runner = await QueueRunner.start({
        databaseUrl: database.url!,
        settings: config.jobs,
        log: quietLog().logger,
        pollMs: 100,
        waitLimitMs: 1000,
      });
      try {
        const refused = await runner
          .run(await storedRead('mill-edm/flange.dxf', 'dxf'), { fileName: 'flange.dxf' })
          .catch((error: unknown) => error);
        expect(refused).toMatchObject({
          statusCode: 503,
          message: jobMessages.queueFull(15),
          headers: { 'retry-after': '15' },
        });
        expect((await jobStates()).at(-1)).toBe('cancelled');
      } finally {
        await runner.close();
      }
    });
  });

  describe('a worker process killed with SIGKILL during a job', () => {
    /** `npm run worker` from source, with its log lines (pino JSON) collected. */
    async function startWorkerProcess(): Promise<{ child: ChildProcess; lines: string[] }> {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'server/jobs/queue-worker-main.ts'],
        {
          cwd: fileURLToPath(repoRoot),
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: database.url,
            WORKERS: 'external',
            DATA_DIR: dataDir,
            ...jobEnv,
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      children.push(child);
      const lines: string[] = [];
      let rest = '';
      child.stdout.on('data', (chunk: Buffer) => {
        const text = rest + chunk.toString('utf8');
        const parts = text.split('\n');
        rest = parts.pop()!;
        lines.push(...parts);
      });
      await until(() => logged(lines, 'queue worker taking jobs').length > 0, {
        limitMs: 60_000,
        child,
      });
      return { child, lines };
    }

    it('leaves the job to a new worker, which finishes it', async () => {
      const first = await startWorkerProcess();
      const task = await storedRead('lathe/Gripper.PDF', 'pdf');
      let progressHeard = false;
      const runner = await startRunner(quietLog().logger);
      try {
        const reading = runner.run(task, {
          fileName: 'Gripper.PDF',
          onProgress: () => (progressHeard = true),
        });
        reading.catch(() => undefined);
        // Mid-read: the worker said it started the job and its progress came back.
        await until(() => progressHeard, { limitMs: 60_000, child: first.child });
        const [started] = logged(first.lines, 'queued job started');
        expect(started).toMatchObject({ task: 'read', retryCount: 0 });
        first.child.kill('SIGKILL');
        await new Promise((resolve) => first.child.once('exit', resolve));
        // What its exit would have removed: the pool's worker bundled from source.
        await rm(
          new URL(`node_modules/.cache/jobs-worker/worker-${first.child.pid}.mjs`, repoRoot),
          { force: true },
        );

        const second = await startWorkerProcess();
        const analysis = await reading;
        expect(analysis.description.source).toContain('Gripper.PDF');
        expect(logged(second.lines, 'queued job started')).toEqual([
          expect.objectContaining({ jobId: started!.jobId, retryCount: 1 }),
        ]);
        expect(logged(second.lines, 'queued job done')).toHaveLength(1);

        // SIGTERM: the worker stops taking jobs and exits cleanly.
        second.child.kill('SIGTERM');
        const code = await new Promise((resolve) => second.child.once('exit', resolve));
        expect(code).toBe(0);
      } finally {
        await runner.close();
      }
    }, 120_000);
  });
});
