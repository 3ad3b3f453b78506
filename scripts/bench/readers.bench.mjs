// The offline readers' time and peak memory per drawing (readers-run.ts, run under tsx).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function run() {
  const script = fileURLToPath(new URL('readers-run.ts', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
}
