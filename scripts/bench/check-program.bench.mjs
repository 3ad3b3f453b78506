// Check Program's time and memory (check-program-run.ts, run under tsx): a golden mill program
// of about 1,500 lines, and a 100,000-line raster program as another CAM system writes one.
// Target (issue 35): the 100,000-line program checked in at most 5 s and 300 MB.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function run() {
  const script = fileURLToPath(new URL('check-program-run.ts', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  execFileSync(process.execPath, ['--import', 'tsx', script, 'memory'], { stdio: 'inherit' });
}
