/**
 * The heavy-job pool: drawing reads, revisions of a description and program generation run in
 * worker threads (piscina), never on the thread that answers requests.
 *
 * - At most `concurrency` jobs run at once; up to `queueLimit` more wait in line, first come
 *   first served, and each waiting job hears how many are ahead of it. A job offered to a full
 *   line is refused with 503 and a Retry-After.
 * - Each worker has a heap limit (`resourceLimits.maxOldGenerationSizeMb`) and each job a
 *   wall-clock limit. A worker that runs out of memory, crashes or overruns is replaced by
 *   piscina, and the job's caller gets a 422 that names the file and says what to do; the
 *   process and every other job go on.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type * as Esbuild from 'esbuild';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#server/errors';
import type { JobOutcome, JobTask, JobValues } from './tasks.ts';
import type { ProgressMessage } from './worker.ts';

/** Limits of the pool (server/config.ts `jobs`). */
export interface JobSettings {
  /** Jobs running at once, each in its own worker thread. */
  concurrency: number;
  /** Jobs that may wait behind the running ones; more are refused with 503. */
  queueLimit: number;
  /** Heap limit of each worker, MB. */
  heapMb: number;
  /** Longest run of one job, ms (time in line not counted). */
  timeoutMs: number;
}

/** Who is ahead of a waiting job: all jobs, and how many of them are drawing reads. */
export interface QueuePlace {
  jobs: number;
  reads: number;
}

export interface RunOptions {
  /** The file the job is about, for messages ("part.pdf took longer than ..."). */
  fileName: string;
  /** Hears the read's progress, 0..1 with a stage in words. */
  onProgress?: (fraction: number, stage: string) => void;
  /** Hears the place in line while the job waits (not called when it starts at once). */
  onQueued?: (place: QueuePlace) => void;
}

/**
 * What the user is told when a revision of the description (the offline reviser's job) is
 * stopped or fails; a revision names no file, so these do not either.
 */
const revisionMessages = {
  outOfMemory:
    'Applying your changes needed more memory than one job may use, so it was stopped. Write fewer changes at once and try again.',
  timedOut: (seconds: number) =>
    `Applying your changes took longer than ${seconds} s, so it was stopped. Write fewer changes at once and try again.`,
  failed: (errorId: string) =>
    `Your changes could not be applied: the reviser failed on them (error id ${errorId}). Try again; if it keeps failing, tell support the error id.`,
  stoppedTwice: (errorId: string) =>
    `Your changes could not be applied: the job stopped twice before it finished (error id ${errorId}). Try again in a few minutes; if it keeps failing, tell support the error id.`,
} as const;

export const jobMessages = {
  queueFull: (seconds: number) =>
    `Q-Bot is busy with other drawings right now. Please try again in ${seconds} seconds.`,
  outOfMemory: (fileName: string, task: JobTask['kind']) =>
    task === 'revise'
      ? revisionMessages.outOfMemory
      : task === 'generate'
        ? `Writing the program for ${fileName} needed more memory than one job may use, so it was stopped. Simplify the job (fewer features or a smaller part) and try again.`
        : `${fileName} needed more memory to read than one drawing may use, so the read was stopped. Upload a drawing of the part alone, simplified, or as a DXF.`,
  timedOut: (fileName: string, task: JobTask['kind'], seconds: number) =>
    task === 'revise'
      ? revisionMessages.timedOut(seconds)
      : task === 'generate'
        ? `Writing the program for ${fileName} took longer than ${seconds} s, so it was stopped. Simplify the job and try again.`
        : `${fileName} took longer than ${seconds} s to read, so the read was stopped. Upload a drawing of the part alone, simplified, or as a DXF.`,
  failed: (fileName: string, task: JobTask['kind'], errorId: string) =>
    task === 'revise'
      ? revisionMessages.failed(errorId)
      : task === 'generate'
        ? `The program for ${fileName} could not be written: the program writer failed (error id ${errorId}). Try again; if it keeps failing, tell support the error id.`
        : `${fileName} could not be read: the reader failed on it (error id ${errorId}). Export the drawing again, or upload it as a DXF or PDF.`,
  /** A job on the PostgreSQL queue whose worker stopped (died or was stopped) on both tries. */
  stoppedTwice: (fileName: string, task: JobTask['kind'], errorId: string) =>
    task === 'revise'
      ? revisionMessages.stoppedTwice(errorId)
      : task === 'generate'
        ? `The program for ${fileName} could not be written: the job stopped twice before it finished (error id ${errorId}). Try again in a few minutes; if it keeps failing, tell support the error id.`
        : `${fileName} could not be read: the read stopped twice before it finished (error id ${errorId}). Try again in a few minutes; if it keeps failing, upload the drawing as a DXF or PDF, or tell support the error id.`,
  closing: 'The server is restarting. Please try again in a minute.',
} as const;

/** What the progress bar says while a drawing waits: "2 drawings ahead of yours". */
export function queueStage(place: QueuePlace): string {
  const noun = place.reads === place.jobs ? 'drawing' : 'job';
  return `${place.jobs} ${noun}${place.jobs === 1 ? '' : 's'} ahead of yours`;
}

/** What callers of the pool need: tests may pass a runner of their own. */
export type JobRunner = Pick<JobPool, 'run'>;

/**
 * What the app holds as `app.jobs`: the in-process pool, or the PostgreSQL job queue's runner
 * (server/jobs/queue-runner.ts) when WORKERS=external.
 */
export interface JobService extends JobRunner {
  /** True when a job offered now would be refused (the line is full, or the service closing). */
  readonly full: boolean;
  /** The 503 for a full line or a closing service, with Retry-After. */
  busyError(): AppError;
  /** Stop taking jobs and let those running settle. */
  close(): Promise<void>;
}

/** Seconds a refused caller is told to wait: one job's typical run, at least 5 s. */
export const retryAfterSeconds = 15;

/**
 * The 503 a job service answers when it refuses a job, with Retry-After: the closing sentence
 * when `closing`, the full-line one otherwise. Shared by the pool and the queue runner.
 */
export function serverBusy(closing: boolean): AppError {
  return new AppError(
    503,
    'server_busy',
    closing ? jobMessages.closing : jobMessages.queueFull(retryAfterSeconds),
    {},
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** Whether a process with this id is running (signal 0 checks without signalling). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove the bundles `worker-<pid>.mjs` in `folder` of processes that no longer run: a process
 * removes its own at exit, but one that was killed cannot.
 */
function removeDeadProcessesWorkers(folder: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^worker-(\d+)\.mjs$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) rmSync(join(folder, name), { force: true });
  }
}

/** The source worker bundled for this process (development and tests), once. */
let sourceWorker: string | undefined;

/**
 * The worker's module: dist/server/worker.mjs beside the production bundle; from source, the
 * same esbuild bundle made on first use, under node_modules/.cache so its packages resolve
 * (Node's loader hooks, such as tsx's, do not follow a worker's dynamic imports).
 */
function workerFile(): string {
  if (!import.meta.url.endsWith('.ts')) return new URL('./worker.mjs', import.meta.url).href;
  if (!sourceWorker) {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const folder = join(root, 'node_modules/.cache/jobs-worker');
    removeDeadProcessesWorkers(folder);
    const outfile = join(folder, `worker-${process.pid}.mjs`);
    const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
    esbuild.buildSync({
      absWorkingDir: root,
      entryPoints: ['server/jobs/worker.ts'],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'inline',
      logLevel: 'warning',
    });
    process.once('exit', () => rmSync(outfile, { force: true }));
    sourceWorker = pathToFileURL(outfile).href;
  }
  return sourceWorker;
}

interface Waiter {
  kind: JobTask['kind'];
  start: () => void;
  onQueued: ((place: QueuePlace) => void) | undefined;
}

export class JobPool implements JobService {
  private readonly pool: Piscina;
  private running = 0;
  /** How many of the running jobs are drawing reads. */
  private runningReads = 0;
  private readonly waiting: Waiter[] = [];
  private closed = false;

  constructor(
    readonly settings: JobSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pool = new Piscina({
      filename: workerFile(),
      execArgv: [],
      minThreads: 0,
      maxThreads: settings.concurrency,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: settings.heapMb },
    });
    // A worker that fails while it holds no job (one stopped at its time limit that runs out of
    // memory before it is gone) is only logged: piscina replaces it, and its job's caller was
    // already answered. Unheard, piscina's 'error' event would stop the process.
    this.pool.on('error', (error: unknown) => {
      this.log.warn({ err: error }, 'a worker failed between jobs and was replaced');
    });
  }

  /** True when a job offered now would be refused (every slot busy and the line full). */
  get full(): boolean {
    return (
      this.closed ||
      (this.running >= this.settings.concurrency && this.waiting.length >= this.settings.queueLimit)
    );
  }

  /** Jobs running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** The 503 for a full line, with Retry-After. */
  busyError(): AppError {
    return serverBusy(this.closed);
  }

  /**
   * Run a job in a worker, after those ahead of it.
   * @returns the job's value
   * @throws AppError 503 when the line is full (or the pool is closing); 422 with the job's own
   *   message when it refuses the input, or a sentence naming the file when its worker ran out of
   *   memory, overran `timeoutMs` or failed
   */
  async run<K extends JobTask['kind']>(
    task: JobTask & { kind: K },
    options: RunOptions,
  ): Promise<JobValues[K]> {
    if (this.full) throw this.busyError();
    await this.slot(task.kind, options.onQueued);
    try {
      const outcome = await this.runInWorker(task, options);
      if (!outcome.ok) throw new AppError(422, 'validation_failed', outcome.message);
      return outcome.value as JobValues[K];
    } finally {
      this.release(task.kind);
    }
  }

  /** Stop taking jobs, let the running and waiting ones finish, and end the workers. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.running > 0 || this.waiting.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await this.pool.close();
  }

  private slot(kind: JobTask['kind'], onQueued: RunOptions['onQueued']): Promise<void> {
    if (this.running < this.settings.concurrency) {
      this.running += 1;
      if (kind === 'read') this.runningReads += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.waiting.push({ kind, start: resolve, onQueued });
      this.tellPlaces();
    });
  }

  private release(kind: JobTask['kind']): void {
    if (kind === 'read') this.runningReads -= 1;
    const next = this.waiting.shift();
    if (next) {
      if (next.kind === 'read') this.runningReads += 1;
      next.start();
      this.tellPlaces();
    } else {
      this.running -= 1;
    }
  }

  /** Tell each waiting job how many jobs are ahead of it (running ones and those before it). */
  private tellPlaces(): void {
    let reads = this.runningReads;
    this.waiting.forEach((waiter, index) => {
      waiter.onQueued?.({ jobs: this.running + index, reads });
      if (waiter.kind === 'read') reads += 1;
    });
  }

  private async runInWorker(
    task: JobTask,
    options: RunOptions,
  ): Promise<JobOutcome<JobTask['kind']>> {
    const channel = new MessageChannel();
    channel.port1.on('message', (message: ProgressMessage) =>
      options.onProgress?.(message.fraction, message.stage),
    );
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.settings.timeoutMs);
    try {
      return (await this.pool.run(
        { task, port: channel.port2 },
        { transferList: [channel.port2], signal: abort.signal },
      )) as JobOutcome<JobTask['kind']>;
    } catch (error) {
      throw this.failure(error, task, options.fileName, abort.signal.aborted);
    } finally {
      clearTimeout(timer);
      channel.port1.close();
    }
  }

  /** The 422 for a worker that ran out of memory, overran or failed; defects are logged. */
  private failure(error: unknown, task: JobTask, fileName: string, timedOut: boolean): AppError {
    const code = (error as { code?: unknown } | undefined)?.code;
    if (timedOut) {
      this.log.warn({ task: task.kind, fileName }, 'job stopped at its time limit');
      return new AppError(
        422,
        'validation_failed',
        jobMessages.timedOut(fileName, task.kind, Math.round(this.settings.timeoutMs / 1000)),
      );
    }
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
      this.log.warn({ task: task.kind, fileName }, 'job stopped at its heap limit');
      return new AppError(422, 'validation_failed', jobMessages.outOfMemory(fileName, task.kind));
    }
    const errorId = randomUUID();
    this.log.error({ err: error, errorId, task: task.kind }, 'job failed');
    return new AppError(422, 'validation_failed', jobMessages.failed(fileName, task.kind, errorId));
  }
}
