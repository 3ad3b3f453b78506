/**
 * A time limit for synchronous work that may never end, such as a third-party parser looping on
 * a damaged file. The work runs on this thread under `node:vm`'s watchdog, which stops any
 * JavaScript still running when the limit passes; the thread is then free again.
 */
import { runInNewContext } from 'node:vm';

export class TimeLimitError extends Error {
  override name = 'TimeLimitError';
}

/**
 * Run `work` and return its result, or stop it after `limitMs` milliseconds.
 * @throws TimeLimitError when the limit passes; whatever `work` throws, unchanged
 */
export function runWithTimeLimit<T>(work: () => T, limitMs: number): T {
  try {
    return runInNewContext('work()', { work }, { timeout: limitMs }) as T;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      throw new TimeLimitError(`stopped after ${limitMs} ms`);
    throw error;
  }
}
