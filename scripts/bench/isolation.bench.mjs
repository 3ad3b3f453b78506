// The isolation figure of issue 13: a second user's GET /api/profile while four heavy drawings
// are read at once (isolation-run.ts, run under tsx).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function run() {
  const script = fileURLToPath(new URL('isolation-run.ts', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
}
