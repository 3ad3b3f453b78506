/**
 * The worker side of the PostgreSQL job queue (WORKERS=external, decision 034), run by `npm run
 * worker` (server/jobs/queue-worker-main.ts) and by tests in their own process.
 *
 * It takes up to `JOB_CONCURRENCY` jobs at once from pg-boss and runs each in its own worker
 * thread of a JobPool (server/jobs/pool.ts), so the heap and time limits of the in-process pool
 * hold here too. A drawing's bytes are read from the file store by the key the job carries; a
 * read's progress is written to `job_progress` for the waiting app process. A job the pool
 * refuses or stops (a drawing it cannot read, memory, time) completes with the user's sentence;
 * only a failure of the worker itself (the file store, the database, the process dying) fails
 * the job, which pg-boss then gives to another worker once.
 */
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '#server/config';
import { AppError } from '#server/errors';
import type { FileStore } from '#server/storage/file-store';
import { openFileStore } from '#server/storage/open-file-store';
import { JobPool } from './pool.ts';
import { bossSettings, queueName, queueTimings, retryLimit, taskOf } from './queue.ts';
import type { QueuedJob } from './queue.ts';
import { progressWriter, pruneProgress } from './queue-progress.ts';
import type { JobOutcome, JobTask } from './tasks.ts';

export interface QueueWorkerOptions {
  /** DATABASE_URL, the data folder (files) and the `jobs` limits. */
  config: Config;
  log: FastifyBaseLogger;
  /** The file store the app writes drawings to; by default the one the configuration names. */
  files?: FileStore;
  /** How often an idle slot asks the queue for a job, seconds (default 1; at least 0.5). */
  pollingIntervalSeconds?: number;
}

export interface QueueWorker {
  /** Jobs running now. */
  readonly running: number;
  /**
   * Stop taking jobs and let the running ones finish (each is bounded by the time limit), then
   * disconnect. `giveBack` instead fails the running jobs at once, so that another worker takes
   * them again (their one retry).
   */
  stop(options?: { giveBack?: boolean }): Promise<void>;
}

/**
 * Connect to the queue and start taking jobs.
 * @throws Error when the configuration has no DATABASE_URL; whatever pg-boss throws when the
 *   server cannot be reached
 */
export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  const { config, log } = options;
  if (!config.databaseUrl) throw new Error('The job queue needs DATABASE_URL.');
  const opened = options.files ? undefined : await openFileStore(config, log);
  const files = options.files ?? opened!.store;
  const boss = new PgBoss(bossSettings(config.databaseUrl, config.jobs.timeoutMs, 'qbot-worker'));
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(queueName, {
    name: queueName,
    retryLimit,
    expireInSeconds: queueTimings(config.jobs.timeoutMs).expireInSeconds,
  });
  const db = boss.getDb();
  await pruneProgress(db).catch((error: unknown) => {
    // 42P01: the app's migrations have not run on this database yet (they do at an app's start).
    if ((error as { code?: unknown }).code === '42P01')
      log.warn('job_progress is missing: start an app process (or npm run db:migrate) first');
    else log.warn({ err: error }, 'old job progress could not be removed');
  });
  // One thread per slot and no line: pg-boss hands a slot a job only when it is free.
  const pool = new JobPool({ ...config.jobs, queueLimit: 0 }, log);
  const running = new Set<string>();

  const runJob = async (
    job: PgBoss.JobWithMetadata<QueuedJob>,
  ): Promise<JobOutcome<JobTask['kind']>> => {
    const { task, fileName } = job.data;
    running.add(job.id);
    log.info({ jobId: job.id, task: task.kind, retryCount: job.retryCount }, 'queued job started');
    const progress = progressWriter(db, job.id, (error) =>
      log.debug({ err: error, jobId: job.id }, 'job progress not written'),
    );
    try {
      const value = await pool.run(await taskOf(task, files), {
        fileName,
        onProgress: progress.report,
      });
      log.info({ jobId: job.id, task: task.kind }, 'queued job done');
      return { ok: true, value };
    } catch (error) {
      // The pool's refusals and stops (422) are the job's outcome; anything else fails the job.
      if (error instanceof AppError && error.statusCode === 422) {
        log.info({ jobId: job.id, task: task.kind }, 'queued job refused');
        return { ok: false, message: error.message };
      }
      log.warn({ err: error, jobId: job.id, task: task.kind }, 'queued job failed');
      throw error;
    } finally {
      await progress.clear();
      running.delete(job.id);
    }
  };

  for (let slot = 0; slot < config.jobs.concurrency; slot += 1) {
    await boss.work<QueuedJob>(
      queueName,
      {
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
      },
      async ([job]) => runJob(job!),
    );
  }
  log.info(
    { concurrency: config.jobs.concurrency, heapMb: config.jobs.heapMb },
    'queue worker taking jobs',
  );

  let stopping: Promise<void> | undefined;
  return {
    get running() {
      return running.size;
    },
    async stop({ giveBack = false } = {}) {
      if (giveBack) {
        for (const id of running) await boss.fail(queueName, id, { message: 'worker stopped' });
      }
      stopping ??= (async () => {
        // Running jobs end by the pool's time limit; pg-boss waits for them up to the expiry.
        await boss.stop({
          graceful: true,
          wait: true,
          timeout: queueTimings(config.jobs.timeoutMs).expireInSeconds * 1000,
        });
        await pool.close();
        opened?.close();
      })();
      await stopping;
    },
  };
}
