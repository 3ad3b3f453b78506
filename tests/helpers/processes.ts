/**
 * Small helpers for tests that start processes of their own (servers, queue workers, S3 peers):
 * a free loopback port, waiting for a condition, and reading pino's JSON log lines.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on now. */
export const freePort = (): Promise<number> =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

export interface UntilOptions {
  /** Give up after this many milliseconds (default 10,000). */
  limitMs?: number;
  /** What is waited for, named in the error. */
  what?: string;
  /** Fail at once when this process exits before the condition holds. */
  child?: ChildProcess;
  /** Milliseconds between checks (default 50). */
  intervalMs?: number;
}

/**
 * Poll `check` until it holds.
 * @throws Error naming `what` after `limitMs`, or when `child` exits first
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  { limitMs = 10_000, what = 'the condition', child, intervalMs = 50 }: UntilOptions = {},
): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (child && child.exitCode !== null)
      throw new Error(`${what}: the process exited with ${child.exitCode} first`);
    if (Date.now() - started > limitMs) throw new Error(`${what}: not so within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The log lines (pino JSON, one per line) whose message is `msg`, parsed. */
export function logged(lines: string[], msg: string): Record<string, unknown>[] {
  return lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === msg);
}
