/**
 * The fuzz of tests/integration/fuzz.test.ts at bench size: FUZZ_RUNS cases (10,000 by default)
 * against an app on PGlite (or the PostgreSQL of DATABASE_URL), one after the other. Prints the
 * answers by status code, the time per case, and each request answered 500 or more. Run by
 * fuzz.bench.mjs under tsx.
 */
import fc from 'fast-check';
import { createTestApp } from '#tests/helpers/app';
import { createTestDatabase } from '#tests/helpers/database';
import {
  createErrorLog,
  createFuzzWorld,
  describeCase,
  fuzzCases,
  fuzzEnv,
  fuzzRoutes,
  fuzzRuns,
  sendCase,
} from '#tests/helpers/fuzz';

const runs = fuzzRuns(10_000);
const database = await createTestDatabase();
const errorLog = createErrorLog();
const t = await createTestApp(database, fuzzEnv, { beforeReady: errorLog.hook });
try {
  const world = await createFuzzWorld(t);
  const routes = fuzzRoutes(t.app);
  const cases = fc.sample(fuzzCases(routes, world), runs);
  const byStatus = new Map<number, number>();
  const failures: string[] = [];
  const started = performance.now();
  for (const fuzzCase of cases) {
    const response = await sendCase(t.app, world, fuzzCase);
    byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
    const error = errorLog.take();
    if (response.statusCode >= 500)
      failures.push(
        `${describeCase(fuzzCase)} → ${response.statusCode} ${response.body.slice(0, 200)} (${String(error)})`,
      );
  }
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `${runs} cases over ${routes.length} routes in ${seconds.toFixed(1)} s (${((seconds * 1000) / runs).toFixed(2)} ms per case)`,
  );
  console.info('status  responses');
  for (const [status, count] of [...byStatus].sort(([a], [b]) => a - b))
    console.info(`${String(status).padEnd(6)}  ${count}`);
  console.info(`responses of 500 or more: ${failures.length} (target 0)`);
  for (const failure of failures.slice(0, 20)) console.info(`  ${failure}`);
} finally {
  await t.close();
  await database.close();
}
