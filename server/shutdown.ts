/**
 * Closing the process gracefully (close-with-grace): on SIGINT, SIGTERM, an uncaught error or an
 * empty event loop, the server stops taking connections, lets the requests being answered
 * finish, drops the connections left (browsers' spare keep-alive ones included) and runs the
 * app's onClose hooks (the worker pool, the database) before the process exits.
 */
import type { Server } from 'node:http';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';

/** Longest wait for the requests being answered when closing, ms. */
export const defaultDrainMs = 30_000;
/** Time the onClose hooks get after the requests, ms, before the process exits anyway. */
const hooksMs = 10_000;

/** A live count of the requests `server` is answering. */
export function countRequests(server: Server): () => number {
  let inFlight = 0;
  server.on('request', (_request, response) => {
    inFlight += 1;
    response.once('close', () => (inFlight -= 1));
  });
  return () => inFlight;
}

/**
 * Close `app`: no new connections, the requests being answered finish (for at most `drainMs`),
 * then every connection is dropped and the onClose hooks run.
 *
 * Browsers keep spare connections open that never carry a request; Node counts those as busy
 * until its headers timeout (60 s), and `server.close()` (so `app.close()`) waits for them.
 * Fastify 5 closes only idle keep-alive connections on close (`forceCloseConnections: 'idle'`),
 * so the close waits for the requests alone and then drops all connections itself.
 */
export async function closeApp(
  app: FastifyInstance,
  inFlight: () => number,
  drainMs = defaultDrainMs,
): Promise<void> {
  const closing = app.close();
  const started = Date.now();
  while (inFlight() > 0 && Date.now() - started < drainMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (inFlight() > 0) app.log.warn(`closing with ${inFlight()} request(s) still running`);
  app.server.closeAllConnections();
  await closing;
}

/**
 * Close `app` gracefully when the process is told to stop, then exit (0, or 1 after an uncaught
 * error or when closing takes longer than `drainMs` plus 10 s). Call before `listen`.
 */
export function closeOnSignals(
  app: FastifyInstance,
  options: { drainMs?: number } = {},
): { close(): void; uninstall(): void } {
  const drainMs = options.drainMs ?? defaultDrainMs;
  const inFlight = countRequests(app.server);
  return closeWithGrace(
    {
      delay: drainMs + hooksMs,
      logger: {
        error: (problem: unknown) =>
          problem instanceof Error
            ? app.log.error({ err: problem }, 'the server could not close')
            : app.log.error(String(problem)),
      },
    },
    async ({ err, signal }) => {
      if (err) app.log.error({ err }, 'server closing with error');
      else app.log.info(`${signal ?? 'close'} received: closing`);
      await closeApp(app, inFlight, drainMs);
      app.log.info('closed');
    },
  );
}
