/**
 * A queued job's progress in PostgreSQL (table `job_progress`, db/schema.ts `jobProgress`): the
 * worker that runs a drawing read writes it, the app process whose request waits for the job
 * polls it and hands it to `onProgress`. Both sides use the connection pool pg-boss already
 * holds, so the queue costs each process one pool.
 */

/** What runs SQL: pg-boss's `getDb()`. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | undefined>;
}

/** A job's progress: 0..1 and a stage in words. */
export interface JobProgress {
  fraction: number;
  stage: string;
}

/** Smallest change of the fraction worth a write (as threads.analysis_progress does). */
const progressStep = 0.04;

/** Rows older than this are left by processes that died on both sides of a job. */
const staleAfter = '1 day';

/**
 * The worker's writer for one job: at most one write per 4 % or new stage, in order, never
 * failing the job (a failed write is only reported to `onError`). `clear()` waits for the writes
 * and removes the row.
 */
export function progressWriter(
  db: SqlExecutor,
  jobId: string,
  onError: (error: unknown) => void,
): { report: (fraction: number, stage: string) => void; clear: () => Promise<void> } {
  let last: JobProgress = { fraction: -1, stage: '' };
  let chain: Promise<unknown> = Promise.resolve();
  const enqueue = (work: () => Promise<unknown>) => {
    chain = chain.then(work).catch(onError);
  };
  return {
    report: (fraction, stage) => {
      const clamped = Math.max(0, Math.min(1, Number.isFinite(fraction) ? fraction : 0));
      if (stage === last.stage && clamped - last.fraction < progressStep) return;
      last = { fraction: clamped, stage: stage.slice(0, 200) };
      const { fraction: value, stage: words } = last;
      enqueue(() =>
        db.executeSql(
          `INSERT INTO job_progress (job_id, fraction, stage, updated_at) VALUES ($1, $2, $3, now())
           ON CONFLICT (job_id) DO UPDATE
           SET fraction = excluded.fraction, stage = excluded.stage, updated_at = now()`,
          [jobId, value, words],
        ),
      );
    },
    clear: async () => {
      enqueue(() => clearProgress(db, jobId));
      await chain;
    },
  };
}

/** The job's progress, or undefined before its first report. */
export async function readProgress(
  db: SqlExecutor,
  jobId: string,
): Promise<JobProgress | undefined> {
  const result = await db.executeSql('SELECT fraction, stage FROM job_progress WHERE job_id = $1', [
    jobId,
  ]);
  return result?.rows[0] as JobProgress | undefined;
}

/** Remove a job's progress (both sides do when it ends; the second finds nothing). */
export async function clearProgress(db: SqlExecutor, jobId: string): Promise<void> {
  await db.executeSql('DELETE FROM job_progress WHERE job_id = $1', [jobId]);
}

/** Remove the rows of jobs whose worker and waiting process both died (run at a worker's start). */
export async function pruneProgress(db: SqlExecutor): Promise<void> {
  await db.executeSql(
    `DELETE FROM job_progress WHERE updated_at < now() - interval '${staleAfter}'`,
  );
}
