import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { Config } from '#server/config';
import type { DatabaseHandle } from '#server/database';

export const testAppUrl = 'http://app.test';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh app on `database` with its own temporary DATA_DIR (outbox, secret) and quiet logs, or
 * the logger settings `options.logger` gives.
 */
export async function createTestApp(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  options: {
    uiDir?: string;
    beforeReady?: (app: FastifyInstance) => void;
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cnc-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_URL: testAppUrl,
    MARKETING_URL: 'https://marketing.test/',
    // Tests make the shops they need; the demo shop has a test of its own.
    DEMO_SHOP: 'false',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    ...(options.uiDir ? { uiDir: options.uiDir } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A unique address for one test. */
export const uniqueEmail = (label = 'user'): string =>
  `${label}-${randomUUID().slice(0, 8)}@shop.test`;

/** A password that satisfies the sign-up rule. */
export const goodPassword = 'Lathe2024!';
