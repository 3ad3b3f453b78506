/**
 * A start that is slow says what it is waiting for, instead of being cut off by a timer
 * (issue 31; docs/decisions/037-sessions-start-and-logs-under-strain.md). Opening and
 * migrating a fresh embedded database takes seconds on an idle laptop and far longer beside a
 * package install; Fastify's default 10 s plugin timeout turned that into a refused start.
 */

/** The logger calls this needs: Fastify's and pino's loggers have them. */
export interface StartLog {
  warn(message: string): void;
}

/** How often a step still under way is reported, ms. */
export const slowStepReportEveryMs = 10_000;

/**
 * Run one step of the start. While it runs, every `everyMs` a line says what is still under way
 * and for how long; nothing ever cuts it short.
 *
 * @param log - where the lines go
 * @param what - the step in a few words, as in "opening and migrating the database"
 * @param step - the work; its result is returned and its error thrown as they are
 * @param everyMs - the interval between reports, ms (default {@link slowStepReportEveryMs})
 */
export async function reportWhenSlow<T>(
  log: StartLog,
  what: string,
  step: () => Promise<T>,
  everyMs: number = slowStepReportEveryMs,
): Promise<T> {
  const startedAt = Date.now();
  const timer = setInterval(() => {
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    log.warn(`still starting: ${what} has taken ${seconds} s so far`);
  }, everyMs);
  timer.unref();
  try {
    return await step();
  } finally {
    clearInterval(timer);
  }
}
