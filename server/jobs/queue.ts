/**
 * What the PostgreSQL job queue's two sides share (WORKERS=external, decision 034): the queue's
 * name, pg-boss's settings, the timings derived from the job time limit, and the job's payload,
 * which names a drawing by its storage key instead of carrying its bytes.
 *
 * The app side is server/jobs/queue-runner.ts (enqueue, wait, relay progress), the worker side
 * server/jobs/queue-worker.ts (`npm run worker`).
 */
import type PgBoss from 'pg-boss';
import type { FileStore } from '#server/storage/file-store';
import type { JobTask } from './tasks.ts';

/** The one queue every heavy job goes through, first come first served whatever its kind. */
export const queueName = 'heavy-jobs';

/** pg-boss's schema in the product's database (pg-boss creates and migrates it itself). */
export const bossSchema = 'pgboss';

/** Tries of a job: the first, and one more when its worker stopped before it finished. */
export const retryLimit = 1;

/** Queue timings, all from one job's time limit (`JOB_TIMEOUT_MS`). */
export interface QueueTimings {
  /**
   * Seconds a job may stay active before pg-boss takes it for lost: the time limit plus a
   * margin (a fifth of it, from 1 s to 30 s) for the worker thread's start and the result's
   * write. The worker's pool stops the job at the time limit, so only a dead worker reaches it.
   */
  expireInSeconds: number;
  /**
   * Seconds between pg-boss's maintenance runs (expiring lost jobs, archiving finished ones):
   * a quarter of the expiry, from 1 s to 30 s. Every process supervises; a row lock in pg-boss
   * lets one of them run it per interval, however many there are.
   */
  maintenanceIntervalSeconds: number;
}

/** The queue's timings for a job time limit of `timeoutMs` (see {@link QueueTimings}). */
export function queueTimings(timeoutMs: number): QueueTimings {
  const marginMs = Math.min(30_000, Math.max(1000, timeoutMs / 5));
  const expireInSeconds = Math.ceil((timeoutMs + marginMs) / 1000);
  return {
    expireInSeconds,
    maintenanceIntervalSeconds: Math.min(30, Math.max(1, Math.floor(expireInSeconds / 4))),
  };
}

/**
 * pg-boss's constructor settings for a process of either side.
 * - No cron: the product schedules nothing, so no clock or cron polling.
 * - Maintenance on every process (one of them runs it per interval), at the queue's timings.
 * - Finished jobs move to the archive after 5 minutes (the waiting app has read them by then;
 *   it deletes completed ones itself, so results do not pile up) and leave it after a day.
 * - No state monitoring.
 */
export function bossSettings(databaseUrl: string, timeoutMs: number, applicationName: string) {
  return {
    connectionString: databaseUrl,
    schema: bossSchema,
    application_name: applicationName,
    max: 4,
    schedule: false,
    supervise: true,
    migrate: true,
    maintenanceIntervalSeconds: queueTimings(timeoutMs).maintenanceIntervalSeconds,
    archiveCompletedAfterSeconds: 300,
    archiveFailedAfterSeconds: 300,
    deleteAfterDays: 1,
  } satisfies PgBoss.ConstructorOptions;
}

/** A drawing as it travels on the queue: its name, type and storage key, no bytes. */
interface QueuedFile {
  fileName: string;
  type: JobFile['type'];
  storageKey: string;
}

type JobFile = Extract<JobTask, { kind: 'read' }>['file'];

/** A job's task as it travels on the queue. */
export type QueuedTask =
  | { kind: 'read'; file: QueuedFile }
  | { kind: 'drawingBlocks'; file: QueuedFile & { fileId: string } }
  | Extract<JobTask, { kind: 'generate' | 'revise' | 'check' }>;

/** A job's payload on the queue (pg-boss's `data`, JSON): the task and its file's name. */
export interface QueuedJob {
  task: QueuedTask;
  /** The caller's name for the file, for the worker's messages ("part.pdf took longer ..."). */
  fileName: string;
}

/**
 * The payload for a job: a drawing's bytes stay in the file store and its key travels; a program
 * job and a revision travel whole.
 * @throws Error (a defect) for a drawing job without `storageKey`: every caller has the key
 */
export function payloadOf(task: JobTask, fileName: string): QueuedJob {
  if (task.kind === 'generate' || task.kind === 'revise' || task.kind === 'check')
    return { task, fileName };
  const { type, storageKey } = task.file;
  if (!storageKey)
    throw new Error(`a ${task.kind} job on the queue needs the drawing's storage key`);
  const file = { fileName: task.file.fileName, type, storageKey };
  return {
    task:
      task.kind === 'read'
        ? { kind: 'read', file }
        : { kind: 'drawingBlocks', file: { ...file, fileId: task.file.fileId } },
    fileName,
  };
}

/** The job's task again, with the drawing's bytes read from the file store. */
export async function taskOf(task: QueuedTask, files: FileStore): Promise<JobTask> {
  if (task.kind === 'generate' || task.kind === 'revise' || task.kind === 'check') return task;
  const bytes = await files.get(task.file.storageKey);
  return task.kind === 'read'
    ? { kind: 'read', file: { ...task.file, bytes } }
    : { kind: 'drawingBlocks', file: { ...task.file, bytes } };
}
