// `npm test`: typecheck, lint, unit and integration tests, then browser tests. Stops at the
// first failing step. Tests use PostgreSQL when DATABASE_URL is set, PGlite otherwise.
import { spawnSync } from 'node:child_process';
import { root } from './build.mjs';

const steps = [
  ['Typecheck', 'npm', ['run', 'typecheck']],
  ['Lint', 'npm', ['run', 'lint']],
  ['Chromium for the browser tests', 'node', ['scripts/ensure-debian-package.mjs', 'chromium']],
  [
    'DejaVu Sans for the drawing round trips',
    'node',
    ['scripts/ensure-debian-package.mjs', 'dejavu'],
  ],
  [
    "LinuxCNC's rs274 for the G-code tests",
    'node',
    ['scripts/ensure-debian-package.mjs', 'linuxcnc'],
  ],
  [
    'Unit and integration tests',
    'npx',
    ['vitest', 'run', '--project', 'unit', '--project', 'integration'],
  ],
  ['Browser tests', 'npx', ['vitest', 'run', '--project', 'e2e']],
];

const database = process.env.DATABASE_URL
  ? 'PostgreSQL from DATABASE_URL'
  : 'PGlite (DATABASE_URL is not set)';
console.info(`Testing against ${database}.`);
for (const [title, command, args] of steps) {
  console.info(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${title} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  console.info(`${title}: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.info('\nAll checks passed.');
