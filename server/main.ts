/**
 * The product's process: read the environment, build the app, listen, and close gracefully on
 * SIGINT, SIGTERM or an uncaught error (server/shutdown.ts).
 */
import { existsSync } from 'node:fs';
import { loadConfigOrExit } from '#server/config';
import { buildApp } from '#server/app';
import { pgliteDirIn } from '#server/database';
import { closeOnSignals } from '#server/shutdown';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (!config.databaseUrl && !existsSync(pgliteDirIn(config.dataDir))) {
    console.info(
      `\nFirst start: creating the embedded database in ${pgliteDirIn(config.dataDir)}. This takes a few seconds, up to a minute on a busy machine.\n`,
    );
  }
  const app = await buildApp({ config });
  // In-flight requests finish, idle connections are dropped, then the worker pool and the
  // database close (the app's onClose hooks); the process exits when that is done.
  closeOnSignals(app);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.info(
    `\nQ-Bot is ready: open ${config.appUrl}  (data: ${where}; mail: ${app.mailer.transport})\n`,
  );
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
