/**
 * The job pool on its own: a job's defect comes back as a 422 with an error id that the log
 * carries, the pool goes on, and a closed pool refuses new jobs with 503. The offline provider's
 * revisions run in it too, with the answers and refusal they had on the request thread.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { analysisOf } from '#cam/analysis';
import { emptyDescription } from '#contracts/blueprint';
import { nothingUnderstoodMessage, reviseDescription } from '#drawings/revise/revise';
import { createOfflineProvider } from '#server/assistant/offline/index';
import type { AssistantCall } from '#server/assistant/types';
import { AppError } from '#server/errors';
import { JobPool, jobMessages, queueStage } from '#server/jobs/pool';
import { blueprint } from '../helpers/qbot.ts';

const settings = { concurrency: 1, queueLimit: 2, heapMb: 256, timeoutMs: 20_000 };

function quietLog() {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger };
}

/** The pool goes on: it reads flange.dxf. */
async function expectReadsAGoodDrawing(pool: JobPool): Promise<void> {
  const analysis = await pool.run(
    {
      kind: 'read',
      file: { fileName: 'flange.dxf', type: 'dxf', bytes: blueprint('mill-edm/flange.dxf') },
    },
    { fileName: 'flange.dxf' },
  );
  expect(analysis.description.source).toContain('flange.dxf');
}

describe('JobPool', () => {
  it('turns a job that throws into a 422 naming the file and the logged error id, then goes on', async () => {
    const { log, logger } = quietLog();
    const pool = new JobPool(settings, logger);
    try {
      const failure = await pool
        .run({ kind: 'generate', job: {} as never }, { fileName: 'broken.dxf' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      const { statusCode, message } = failure as AppError;
      expect(statusCode).toBe(422);
      const errorId = /error id ([0-9a-f-]{36})/.exec(message)?.[1];
      expect(message).toBe(jobMessages.failed('broken.dxf', 'generate', errorId!));
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ errorId, task: 'generate' }),
        'job failed',
      );

      await expectReadsAGoodDrawing(pool);
    } finally {
      await pool.close();
    }
  });

  it('logs a worker that fails between jobs, and goes on', async () => {
    const { log, logger } = quietLog();
    const pool = new JobPool(settings, logger);
    try {
      // What piscina does when a worker whose job was already answered (stopped at its time
      // limit) runs out of memory before it is gone.
      const outOfMemory = Object.assign(
        new Error('Worker terminated due to reaching memory limit'),
        {
          code: 'ERR_WORKER_OUT_OF_MEMORY',
        },
      );
      (pool as unknown as { pool: NodeJS.EventEmitter }).pool.emit('error', outOfMemory);
      expect(log.warn).toHaveBeenCalledWith(
        { err: outOfMemory },
        'a worker failed between jobs and was replaced',
      );
      await expectReadsAGoodDrawing(pool);
    } finally {
      await pool.close();
    }
  });

  it("revises a description in a worker: the reviser's answer, and its 422 for feedback it does not understand", async () => {
    const pool = new JobPool(settings, quietLog().logger);
    const run = vi.spyOn(pool, 'run');
    const offline = createOfflineProvider(pool);
    const call = {} as AssistantCall;
    const analysis = analysisOf(emptyDescription());
    const feedback = 'Ø40 h7 x 85 long, bore Ø20 x 30 deep, chamfer 1x45 both ends, 4140 steel';
    try {
      const revised = await offline.reviseDescription(analysis, feedback, call);
      expect(run).toHaveBeenCalledWith(
        { kind: 'revise', description: analysis.description, feedback },
        { fileName: 'your changes' },
      );
      // The same analysis as the reviser gives on this thread.
      expect(revised).toEqual(
        analysisOf(reviseDescription(analysis.description, feedback).description),
      );
      expect(revised.description).toMatchObject({
        outerDiameters: [{ diameterMm: 40, lengthMm: 85 }],
        innerDiameters: [{ diameterMm: 20 }],
      });

      const refusal = await offline
        .reviseDescription(analysis, 'make it nicer', call)
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({
        statusCode: 422,
        code: 'validation_failed',
        message: nothingUnderstoodMessage,
      });
    } finally {
      await pool.close();
    }
  });

  it('turns a revision that throws into a 422 about the changes, with the logged error id', async () => {
    const { log, logger } = quietLog();
    const pool = new JobPool(settings, logger);
    try {
      const failure = await pool
        .run(
          { kind: 'revise', description: null as never, feedback: 'Ø40 x 85 long' },
          { fileName: 'your changes' },
        )
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      const { statusCode, message } = failure as AppError;
      expect(statusCode).toBe(422);
      const errorId = /error id ([0-9a-f-]{36})/.exec(message)?.[1];
      expect(message).toBe(jobMessages.failed('your changes', 'revise', errorId!));
      expect(message).toMatch(/^Your changes could not be applied/);
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ errorId, task: 'revise' }),
        'job failed',
      );
    } finally {
      await pool.close();
    }
  });

  it('refuses jobs with 503 once closing', async () => {
    const pool = new JobPool(settings, quietLog().logger);
    await pool.close();
    expect(pool.full).toBe(true);
    await expect(
      pool.run({ kind: 'generate', job: {} as never }, { fileName: 'x' }),
    ).rejects.toMatchObject({ statusCode: 503, message: jobMessages.closing });
  });

  it('words the place in line', () => {
    expect(queueStage({ jobs: 1, reads: 1 })).toBe('1 drawing ahead of yours');
    expect(queueStage({ jobs: 2, reads: 2 })).toBe('2 drawings ahead of yours');
    expect(queueStage({ jobs: 3, reads: 1 })).toBe('3 jobs ahead of yours');
  });
});
