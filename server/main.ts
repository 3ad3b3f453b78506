/**
 * The product's process: read the environment, build the app, listen, and close gracefully on
 * SIGINT or SIGTERM.
 */
import { ConfigError, loadConfig } from '#server/config';
import { buildApp } from '#server/app';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config });
  // Requests being answered. Browsers also keep spare connections open that never carry a
  // request; Node counts those as busy until its headers timeout (60 s), so closing waits for
  // the requests only and then drops every connection.
  let inFlight = 0;
  app.server.on('request', (_request, response) => {
    inFlight += 1;
    response.once('close', () => (inFlight -= 1));
  });
  const close = async (signal: string) => {
    app.log.info(`${signal} received: closing`);
    const closing = app.close();
    const started = Date.now();
    while (inFlight > 0 && Date.now() - started < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (inFlight > 0) app.log.warn(`closing with ${inFlight} request(s) still running`);
    app.server.closeAllConnections();
    await closing;
    app.log.info('closed');
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void close(signal));
  process.once('SIGTERM', (signal) => void close(signal));
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.info(
    `\nQ-Bot is ready: open ${config.appUrl}  (data: ${where}; mail: ${app.mailer.transport})\n`,
  );
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
