// Malformed requests against every route (fuzz-run.ts, run under tsx): 10,000 cases of
// tests/helpers/fuzz.ts, the answers counted by status code. Any 500 is listed with its request.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function run() {
  const script = fileURLToPath(new URL('fuzz-run.ts', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
}
