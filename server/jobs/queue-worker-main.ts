/**
 * `npm run worker`: a process that runs heavy jobs from the PostgreSQL job queue (decision 034),
 * with the same environment as the app processes (DATABASE_URL, DATA_DIR or the file store's
 * settings, JOB_CONCURRENCY, JOB_HEAP_MB, JOB_TIMEOUT_MS). Built to dist/server/queue-worker.mjs.
 *
 * SIGTERM or SIGINT: take no more jobs, let the running ones finish (each within the job time
 * limit), exit. A second signal gives the running jobs back to the queue at once (another worker
 * takes them) and exits.
 */
import { pino } from 'pino';
import { loadConfigOrExit } from '#server/config';
import { loggerOptions } from '#server/logging';
import { startQueueWorker } from './queue-worker.ts';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      'Invalid environment:\n  - DATABASE_URL: a worker takes jobs from the job queue in PostgreSQL, so it needs DATABASE_URL (the same as the app processes)',
    );
    process.exit(1);
  }
  const log = pino(loggerOptions('info'));
  if (config.jobs.workers !== 'external')
    log.warn(
      'WORKERS is not external: app processes with this environment run heavy jobs themselves and send none to the queue',
    );
  const worker = await startQueueWorker({ config, log });

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    const giveBack = signals > 1;
    log.info(
      { signal, running: worker.running },
      giveBack
        ? 'giving the running jobs back to the queue and stopping'
        : 'finishing the running jobs and stopping (signal again to give them back)',
    );
    worker.stop({ giveBack }).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'the worker could not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

main().catch((error: unknown) => {
  console.error('The worker could not start:', error);
  process.exit(1);
});
