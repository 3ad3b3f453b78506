// Builds the UI (Vite, into dist/client) and the server (esbuild, into dist/server/main.mjs, with
// the heavy-job pool's worker beside it as dist/server/worker.mjs and the job queue's worker
// process as dist/server/queue-worker.mjs).
// `node scripts/build.mjs` always builds; `npm start` and `npm run worker` call `buildIfStale()`.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, 'dist/.build-stamp');
const outputs = [
  'dist/client/index.html',
  'dist/server/main.mjs',
  'dist/server/worker.mjs',
  'dist/server/queue-worker.mjs',
].map((path) => join(root, path));
/** Everything the build reads; a change to any of them makes the build stale. */
const inputs = [
  'src',
  'machines',
  'contracts',
  'server',
  'cam',
  'drawings',
  'db',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.app.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * What the stamp says of the build: a production build stamps `production <ISO date>`. A build
 * stamped otherwise (a development bundle an older build script made under the test runner's
 * NODE_ENV=test) is never current.
 */
const STAMP_PREFIX = 'production ';

/** True when the last production build exists and no input changed since it was made. */
export function isBuildCurrent() {
  if (![stampFile, ...outputs].every(existsSync)) return false;
  if (!readFileSync(stampFile, 'utf8').startsWith(STAMP_PREFIX)) return false;
  const built = statSync(stampFile).mtimeMs;
  return inputs.every((input) => newestMtime(join(root, input)) <= built);
}

/**
 * Builds the production bundle whoever calls it: Vite takes NODE_ENV from the environment before
 * its mode, so under the test runner (NODE_ENV=test) it would bundle React's development build
 * (jsx-dev-runtime) and `npm start` would serve it afterwards. NODE_ENV is production while the
 * UI builds and restored after.
 */
export async function build() {
  const started = Date.now();
  const { build: viteBuild } = await import('vite');
  const { build: esbuild } = await import('esbuild');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({
      configFile: join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await esbuild({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      worker: 'server/jobs/worker.ts',
      'queue-worker': 'server/jobs/queue-worker-main.ts',
    },
    outdir: 'dist/server',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  writeFileSync(stampFile, `${STAMP_PREFIX}${new Date().toISOString()}`);
  console.info(
    `Built ${outputs.map((path) => relative(root, path)).join(' and ')} in ${Date.now() - started} ms`,
  );
}

export async function buildIfStale() {
  if (isBuildCurrent()) return false;
  console.info('Building the product (first start, or the sources changed)...');
  await build();
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await build();
}
