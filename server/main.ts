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
  const close = async (signal: string) => {
    app.log.info(`${signal} received: closing`);
    await app.close();
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
