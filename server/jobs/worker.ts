/**
 * The pool worker's entry (piscina): runs one job (server/jobs/tasks.ts) and posts the read's
 * progress through the message port it is given. Built to dist/server/worker.mjs for
 * production; loaded through tsx from source in development and tests.
 */
import type { MessagePort } from 'node:worker_threads';
import { runTask } from './tasks.ts';
import type { JobTask } from './tasks.ts';

/** A progress report as it crosses the port. */
export interface ProgressMessage {
  fraction: number;
  stage: string;
}

/** Buffers arrive as plain Uint8Arrays: make the file's bytes a Buffer again. */
function withBuffer(task: JobTask): JobTask {
  if (task.kind === 'generate' || task.kind === 'revise' || task.kind === 'check') return task;
  const { bytes } = task.file;
  return {
    ...task,
    file: { ...task.file, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
  } as JobTask;
}

export default async function runJob({ task, port }: { task: JobTask; port?: MessagePort }) {
  try {
    return await runTask(withBuffer(task), (fraction, stage) => {
      port?.postMessage({ fraction, stage } satisfies ProgressMessage);
    });
  } finally {
    port?.close();
  }
}
