// Builds the UI (Vite, into dist/client) and the server (esbuild, into dist/server/main.mjs, with
// the heavy-job pool's worker beside it as dist/server/worker.mjs).
// `node scripts/build.mjs` always builds; `npm start` calls `buildIfStale()`.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, 'dist/.build-stamp');
const outputs = ['dist/client/index.html', 'dist/server/main.mjs', 'dist/server/worker.mjs'].map(
  (path) => join(root, path),
);
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

/** True when the last build exists and no input changed since it was made. */
export function isBuildCurrent() {
  if (![stampFile, ...outputs].every(existsSync)) return false;
  const built = statSync(stampFile).mtimeMs;
  return inputs.every((input) => newestMtime(join(root, input)) <= built);
}

export async function build() {
  const started = Date.now();
  const { build: viteBuild } = await import('vite');
  const { build: esbuild } = await import('esbuild');
  await viteBuild({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  await esbuild({
    absWorkingDir: root,
    entryPoints: { main: 'server/main.ts', worker: 'server/jobs/worker.ts' },
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
  writeFileSync(stampFile, new Date().toISOString());
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
