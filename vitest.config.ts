import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure code), `integration` (the Fastify app through `inject`, against
 * PGlite or the PostgreSQL named by DATABASE_URL, one database per test file) and `e2e`
 * (the built product in Debian's Chromium through playwright-core).
 */
export default defineConfig({
  test: {
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        // Property tests run hundreds of cases: on a busy 2-core machine vitest's default 5 s
        // failed one that takes 2 s alone. Time is measured by `npm run bench`, not by tests.
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
