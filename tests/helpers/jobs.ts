/**
 * A job runner that runs jobs on the calling thread, for tests of what a job computes (the
 * readers' scores, the offline provider's messages). The product always runs them in the worker
 * pool (server/jobs/pool.ts), whose own tests cover the thread boundary and its limits.
 */
import { AppError } from '#server/errors';
import type { JobRunner } from '#server/jobs/pool';
import { runTask } from '#server/jobs/tasks';

export const inlineJobs: JobRunner = {
  async run(task, options) {
    const outcome = await runTask(task, options.onProgress);
    if (!outcome.ok) throw new AppError(422, 'validation_failed', outcome.message);
    return outcome.value as never;
  },
};
