import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '#server/config';
import { openDatabase, pgliteDirIn } from '#server/database';
import type { DatabaseHandle } from '#server/database';
import { answerClientError, answerFrameworkError } from '#server/framework-answers';
import { OneLinePerRequest, serverLoggerOptions } from '#server/logging';
import authPlugin from '#server/plugins/auth';
import catalogPlugin from '#server/plugins/catalog';
import databasePlugin from '#server/plugins/database';
import errorsPlugin from '#server/plugins/errors';
import housekeepingPlugin from '#server/plugins/housekeeping';
import mailerPlugin from '#server/plugins/mailer';
import openapiPlugin from '#server/plugins/openapi';
import rateLimitPlugin from '#server/plugins/rate-limit';
import readCachePlugin from '#server/plugins/read-cache';
import securityHeadersPlugin from '#server/plugins/security-headers';
import servicesPlugin from '#server/plugins/services';
import uiPlugin from '#server/plugins/ui';
import demoShopPlugin from '#server/plugins/demo-shop';
import { reportWhenSlow } from '#server/start-progress';
import filesRoutes from '#server/routes/files/index';
import machinesRoutes from '#server/routes/machines/index';
import organizationRoutes from '#server/routes/organization/index';
import profileRoutes from '#server/routes/profile/index';
import programsRoutes from '#server/routes/programs/index';
import toolLibraryRoutes from '#server/routes/tool-library/index';
import promptsRoutes from '#server/routes/prompts/index';
import qbotRoutes from '#server/routes/qbot/index';
import shopRoutes from '#server/routes/shop/index';
import usersRoutes from '#server/routes/users/index';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  /**
   * An open database to use instead of the one `config` names (tests): the app migrates it but
   * does not close it.
   */
  database?: DatabaseHandle;
  /** Fastify's logger setting (default: `serverLoggerOptions('info')`); tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built UI (default dist/client). */
  uiDir?: string;
}

/**
 * Build the whole product (API and UI) as a Fastify instance, ready for `inject` or `listen`.
 * The database is opened and migrated first, then the plugins are registered; no step has a
 * time limit, and one that takes long is reported every 10 s (server/start-progress.ts). Close
 * the app to release what it opened; a build that fails closes what it opened before it throws.
 * @throws the driver's error when the database cannot be opened or migrated, or a plugin's
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    // Redacts SQL parameters, addresses, names, passwords and tokens (server/logging.ts).
    logger: options.logger ?? serverLoggerOptions('info'),
    // One line per request, when it is answered, instead of Fastify's two.
    logController: new OneLinePerRequest(),
    // Drawings are uploaded through multipart; JSON bodies stay small.
    bodyLimit: 1024 * 1024,
    // A slow disk or a busy CPU must not turn a slow start into a refused one (issue 31).
    pluginTimeout: 0,
    // The router's and the HTTP parser's refusals answer like every other error (issue 31).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // The client's address, which the rate limits count on, behind a load balancer.
    trustProxy: trustProxyOption(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  let database: OpenedDatabase | undefined;
  try {
    database = await openAndMigrate(app, options);
    await registerEverything(app, options, database);
  } catch (error) {
    // What started before the failure (the database, its LISTEN connection, the job pool)
    // is let go of again, so a start that fails leaves nothing open.
    await app.close().catch(() => undefined);
    // Before the database plugin was registered, closing the app does not close it.
    if (database?.owned && !app.hasDecorator('db')) await database.handle.close().catch(() => {});
    throw error;
  }
  return app;
}

/**
 * Fastify's `trustProxy` for the setting: a hop count believes that many proxies in front of
 * the app (as Fastify does for a number, which its types do not list), addresses believe those.
 */
function trustProxyOption(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

interface OpenedDatabase {
  handle: DatabaseHandle;
  /** Opened by the app (closed with it), not passed in by the caller. */
  owned: boolean;
}

/**
 * The caller's database or the one the configuration names, with the committed migrations
 * applied, before any plugin is registered.
 */
async function openAndMigrate(
  app: FastifyInstance,
  options: BuildAppOptions,
): Promise<OpenedDatabase> {
  const { config } = options;
  const owned = options.database === undefined;
  const handle =
    options.database ??
    (await reportWhenSlow(app.log, 'opening the database', () =>
      openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirIn(config.dataDir) }),
    ));
  try {
    await reportWhenSlow(app.log, 'migrating the database', () => handle.migrate());
  } catch (error) {
    if (owned) await handle.close().catch(() => undefined);
    throw error;
  }
  return { handle, owned };
}

/** Each plugin in the order they depend on each other, with what it does in a few words. */
async function registerEverything(
  app: FastifyInstance,
  options: BuildAppOptions,
  database: OpenedDatabase,
): Promise<void> {
  const { config } = options;
  const steps: [string, () => PromiseLike<unknown>][] = [
    ['setting up the error answers', () => app.register(errorsPlugin)],
    ['setting up the security headers', () => app.register(securityHeadersPlugin)],
    ['attaching the database', () => app.register(databasePlugin, database)],
    ['listening for table changes', () => app.register(readCachePlugin)],
    ['loading the machine catalog', () => app.register(catalogPlugin)],
    ['setting up mail', () => app.register(mailerPlugin, { config })],
    ['setting up the rate limits', () => app.register(rateLimitPlugin)],
    ['setting up sessions', () => app.register(authPlugin, { config })],
    ['opening the file store and the job workers', () => app.register(servicesPlugin, { config })],
    [
      'releasing the leases of stopped processes',
      () => app.register(housekeepingPlugin, { ownsDatabase: database.owned }),
    ],
    ['seeding the demo shop', () => app.register(demoShopPlugin, { config })],
    ['describing the API', () => app.register(openapiPlugin)],
    ['registering the API routes', () => registerRoutes(app)],
    [
      'serving the UI',
      () => app.register(uiPlugin, { config, ...(options.uiDir ? { uiDir: options.uiDir } : {}) }),
    ],
  ];
  for (const [what, step] of steps) {
    await reportWhenSlow(app.log, what, async () => {
      await step();
    });
  }
}

async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(profileRoutes, { prefix: '/api/profile' });
  await app.register(organizationRoutes, { prefix: '/api/organization' });
  await app.register(shopRoutes, { prefix: '/api/shop' });
  await app.register(machinesRoutes, { prefix: '/api/machines' });
  await app.register(qbotRoutes, { prefix: '/api/qbot' });
  await app.register(filesRoutes, { prefix: '/api/files' });
  await app.register(promptsRoutes, { prefix: '/api/prompts' });
  await app.register(programsRoutes, { prefix: '/api/programs' });
  await app.register(toolLibraryRoutes, { prefix: '/api/tool-library' });
}
