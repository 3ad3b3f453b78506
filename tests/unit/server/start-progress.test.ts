import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportWhenSlow } from '#server/start-progress';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A step that ends after `ms` of the fake clock with `outcome`, rejected when it is an Error. */
const stepTaking =
  <T>(ms: number, outcome: T | Error) =>
  () =>
    new Promise<T>((resolve, reject) =>
      setTimeout(() => (outcome instanceof Error ? reject(outcome) : resolve(outcome)), ms),
    );

describe('reportWhenSlow', () => {
  it('names a slow step every 10 s and never cuts it short', async () => {
    const lines: string[] = [];
    const log = { warn: (message: string) => lines.push(message) };
    const result = reportWhenSlow(log, 'migrating the database', stepTaking(95_000, 42));
    await vi.advanceTimersByTimeAsync(95_000);
    await expect(result).resolves.toBe(42);
    expect(lines).toHaveLength(9);
    expect(lines[0]).toBe('still starting: migrating the database has taken 10 s so far');
    expect(lines[8]).toBe('still starting: migrating the database has taken 90 s so far');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lines).toHaveLength(9);
  });

  it('says nothing of a quick step and passes its error on', async () => {
    const lines: string[] = [];
    const log = { warn: (message: string) => lines.push(message) };
    const result = reportWhenSlow(
      log,
      'opening the database',
      stepTaking(3000, new Error('the folder is not writable')),
    );
    const settled = expect(result).rejects.toThrow('the folder is not writable');
    await vi.advanceTimersByTimeAsync(3000);
    await settled;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(lines).toEqual([]);
  });
});
