import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '#server/config';
import type { DatabaseHandle } from '#server/database';
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
import filesRoutes from '#server/routes/files/index';
import machinesRoutes from '#server/routes/machines/index';
import organizationRoutes from '#server/routes/organization/index';
import profileRoutes from '#server/routes/profile/index';
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
  /** An open database to use instead of the one `config` names (tests); the app will not close it. */
  database?: DatabaseHandle;
  /** Fastify's logger setting (default: `serverLoggerOptions('info')`); tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built UI (default dist/client). */
  uiDir?: string;
}

/**
 * Build the whole product (API and UI) as a Fastify instance, ready for `inject` or `listen`.
 * The database is migrated on the way. Close the app to release it; a build that fails closes
 * what it opened before it throws.
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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  try {
    await registerEverything(app, options);
  } catch (error) {
    // What started before the failure (the database, its LISTEN connection, the job pool)
    // is let go of again, so a start that fails leaves nothing open.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

async function registerEverything(app: FastifyInstance, options: BuildAppOptions): Promise<void> {
  const { config } = options;
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin, { config, handle: options.database });
  await app.register(readCachePlugin);
  await app.register(catalogPlugin);
  await app.register(mailerPlugin, { config });
  await app.register(rateLimitPlugin);
  await app.register(authPlugin, { config });
  await app.register(servicesPlugin, { config });
  await app.register(housekeepingPlugin, { ownsDatabase: options.database === undefined });
  await app.register(demoShopPlugin, { config });
  await app.register(openapiPlugin);

  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(profileRoutes, { prefix: '/api/profile' });
  await app.register(organizationRoutes, { prefix: '/api/organization' });
  await app.register(shopRoutes, { prefix: '/api/shop' });
  await app.register(machinesRoutes, { prefix: '/api/machines' });
  await app.register(qbotRoutes, { prefix: '/api/qbot' });
  await app.register(filesRoutes, { prefix: '/api/files' });
  await app.register(promptsRoutes, { prefix: '/api/prompts' });

  await app.register(uiPlugin, { config, ...(options.uiDir ? { uiDir: options.uiDir } : {}) });
}
