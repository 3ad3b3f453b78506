/**
 * The app side of the PostgreSQL job queue (WORKERS=external, decision 034): the same
 * `run(task, options)` as the in-process pool (server/jobs/pool.ts), but the job is sent to
 * pg-boss and run by an `npm run worker` process (server/jobs/queue-worker.ts). The request that
 * asked waits, as it does for the pool: the runner polls the job's state, tells the caller its
 * place in line while it waits and its progress while it runs, and gives back its value, or the
 * same AppError the pool would (422 with the job's own message; 503 when the line is full or the
 * app is closing). A job whose worker stopped is tried once more by another worker; one that
 * stops twice comes back as a 422 that says so.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { AppError } from '#server/errors';
import { jobMessages, serverBusy } from './pool.ts';
import type { JobService, JobSettings, QueuePlace, RunOptions } from './pool.ts';
import {
  bossSchema,
  bossSettings,
  payloadOf,
  queueName,
  queueTimings,
  retryLimit,
} from './queue.ts';
import type { QueuedJob } from './queue.ts';
import { clearProgress, readProgress } from './queue-progress.ts';
import type { JobOutcome, JobTask, JobValues } from './tasks.ts';

export interface QueueRunnerOptions {
  /** The PostgreSQL server the app uses (DATABASE_URL); pg-boss keeps its tables in `pgboss`. */
  databaseUrl: string;
  /** `timeoutMs` sets each job's expiry; `queueLimit` how many jobs may wait in the line. */
  settings: JobSettings;
  log: FastifyBaseLogger;
  /** How often a waiting request reads its job's state, ms (default 500). */
  pollMs?: number;
  /**
   * Longest wait for one job, ms (default 600 s, the workflow step's limit): a job still waiting
   * then is cancelled and the caller told to try again (503), as when no worker runs.
   */
  waitLimitMs?: number;
}

/** The queue's state of a job, as pg-boss reports it. */
type JobState = PgBoss.JobWithMetadata['state'];

export class QueueRunner implements JobService {
  private closed = false;
  /** Ends the waits when the app closes. */
  private readonly closing = new AbortController();
  private readonly waits = new Set<Promise<unknown>>();
  private readonly expireInSeconds: number;

  private constructor(
    private readonly boss: PgBoss,
    private readonly settings: JobSettings,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
    private readonly waitLimitMs: number,
  ) {
    this.expireInSeconds = queueTimings(settings.timeoutMs).expireInSeconds;
  }

  /**
   * Connect to the queue (creating pg-boss's schema and the queue on first use).
   * @throws whatever pg-boss or `pg` throws when the server cannot be reached
   */
  static async start(options: QueueRunnerOptions): Promise<QueueRunner> {
    const boss = new PgBoss(
      bossSettings(options.databaseUrl, options.settings.timeoutMs, 'qbot-app'),
    );
    boss.on('error', (error) => options.log.warn({ err: error }, 'job queue error'));
    await boss.start();
    await boss.createQueue(queueName, {
      name: queueName,
      retryLimit,
      expireInSeconds: queueTimings(options.settings.timeoutMs).expireInSeconds,
    });
    return new QueueRunner(
      boss,
      options.settings,
      options.log,
      options.pollMs ?? 500,
      options.waitLimitMs ?? 600_000,
    );
  }

  /**
   * True once closing. A full line is found by `run` (it counts the jobs waiting in PostgreSQL,
   * which other app processes share), not here.
   */
  get full(): boolean {
    return this.closed;
  }

  /** The 503 for a full line or a closing app, with Retry-After. */
  busyError(): AppError {
    return serverBusy(this.closed);
  }

  /**
   * Send a job to the queue and wait for a worker to run it.
   * @returns the job's value
   * @throws AppError 503 when the line is full, no worker took the job within the wait limit,
   *   or the app is closing; 422 with the job's own message when it refuses the input or its
   *   worker's pool stopped it (memory, time, defect), or a sentence saying it stopped twice
   */
  async run<K extends JobTask['kind']>(
    task: JobTask & { kind: K },
    options: RunOptions,
  ): Promise<JobValues[K]> {
    if (this.closed) throw this.busyError();
    const payload = payloadOf(task, options.fileName);
    if ((await this.boss.getQueueSize(queueName)) >= Math.max(1, this.settings.queueLimit))
      throw this.busyError();
    const id = await this.boss.send(queueName, payload, {
      retryLimit,
      retryDelay: 0,
      expireInSeconds: this.expireInSeconds,
    });
    if (!id) throw new Error('the job queue did not take the job');
    const waiting = this.outcome(id, task.kind, options);
    this.waits.add(waiting);
    try {
      const outcome = await waiting;
      if (!outcome.ok) throw new AppError(422, 'validation_failed', outcome.message);
      return outcome.value as JobValues[K];
    } finally {
      this.waits.delete(waiting);
    }
  }

  /** Stop taking jobs, end the waits (503; jobs not started yet are cancelled), disconnect. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.closing.abort();
    await Promise.allSettled([...this.waits]);
    await this.boss.stop({ graceful: false });
  }

  /** Poll the job until it settles, relaying its place in line and its progress. */
  private async outcome(
    id: string,
    kind: JobTask['kind'],
    options: RunOptions,
  ): Promise<JobOutcome<JobTask['kind']>> {
    const started = Date.now();
    let heard = '';
    let state: JobState | undefined;
    for (; ; await this.pause()) {
      const job = await this.boss
        .getJobById<QueuedJob>(queueName, id, { includeArchive: true })
        .catch((error: unknown) => this.pollFailed(error, id));
      if (job !== false) {
        state = job?.state;
        if (state === 'completed') {
          await this.forget(id, true);
          const outcome = job!.output as Partial<JobOutcome<JobTask['kind']>> | null;
          if (
            outcome?.ok === true ||
            (outcome?.ok === false && typeof outcome.message === 'string')
          )
            return outcome as JobOutcome<JobTask['kind']>;
          throw this.failure(id, kind, options.fileName, { output: outcome }, 'malformed result');
        }
        if (!state || state === 'failed' || state === 'cancelled') {
          await this.forget(id, false);
          throw this.failure(id, kind, options.fileName, job?.output, `job ${state ?? 'gone'}`);
        }
      }
      if (this.closed || Date.now() - started > this.waitLimitMs) {
        // A job not started yet is not worth running any more; a running one finishes unheard.
        if (state !== 'active') await this.boss.cancel(queueName, id).catch(() => undefined);
        if (!this.closed)
          this.log.warn({ jobId: id, task: kind, state }, 'no worker finished the job in time');
        throw this.busyError();
      }
      if (job === false) continue;
      try {
        if (state === 'active') {
          const progress = await readProgress(this.boss.getDb(), id);
          const said = progress ? `${progress.fraction} ${progress.stage}` : '';
          if (progress && said !== heard) options.onProgress?.(progress.fraction, progress.stage);
          heard = said;
        } else {
          const place = await this.placeOf(id);
          const said = JSON.stringify(place);
          if (place.jobs > 0 && said !== heard) options.onQueued?.(place);
          heard = said;
        }
      } catch (error) {
        this.pollFailed(error, id);
      }
    }
  }

  /** Wait one poll interval (cut short when the app closes). */
  private async pause(): Promise<void> {
    await sleep(this.pollMs, undefined, { signal: this.closing.signal }).catch(() => undefined);
  }

  /**
   * A poll that failed (the database away for a moment) is logged and tried again at the next
   * interval; the wait limit still holds.
   */
  private pollFailed(error: unknown, id: string): false {
    this.log.warn({ err: error, jobId: id }, 'the job queue could not be read; trying again');
    return false;
  }

  /**
   * How many jobs are ahead of a waiting one: those running and those before it in pg-boss's
   * fetch order (created_on, id); one query on pg-boss's job table (its schema of version 10).
   */
  private async placeOf(id: string): Promise<QueuePlace> {
    const result = await this.boss.getDb().executeSql(
      `WITH mine AS (SELECT created_on FROM ${bossSchema}.job WHERE name = $1 AND id = $2)
       SELECT count(*)::int AS jobs,
              count(*) FILTER (WHERE j.data->'task'->>'kind' = 'read')::int AS reads
       FROM ${bossSchema}.job j, mine
       WHERE j.name = $1 AND j.id <> $2
         AND (j.state = 'active'
              OR (j.state < 'active' AND (j.created_on, j.id) < (mine.created_on, $2::uuid)))`,
      [queueName, id],
    );
    const row = result.rows[0] as QueuePlace | undefined;
    return { jobs: row?.jobs ?? 0, reads: row?.reads ?? 0 };
  }

  /** Remove what a settled job leaves: its progress, and a completed job's (large) result. */
  private async forget(id: string, completed: boolean): Promise<void> {
    await clearProgress(this.boss.getDb(), id).catch(() => undefined);
    if (completed) await this.boss.deleteJob(queueName, id).catch(() => undefined);
  }

  /** The 422 for a job that stopped twice (or was lost); what pg-boss recorded is logged. */
  private failure(
    id: string,
    kind: JobTask['kind'],
    fileName: string,
    reason: unknown,
    what: string,
  ): AppError {
    const errorId = randomUUID();
    this.log.error({ errorId, jobId: id, task: kind, reason }, `queued job failed: ${what}`);
    return new AppError(
      422,
      'validation_failed',
      jobMessages.stoppedTwice(fileName, kind, errorId),
    );
  }
}
