// Duplicate API calls in a shop owner's first hour (issue 16): a scripted walk through the built
// product in Debian's Chromium (api-calls-run.ts, run under tsx), counting every /api/ request
// and each one that repeats the call just before it. Target: 0 duplicates.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function run() {
  const script = fileURLToPath(new URL('api-calls-run.ts', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
}
