// The mill verifier's time per golden mill program, for a generated ~1,500-line program and for
// FLH-001.dxf (verify-mill-run.ts, run under tsx). Target: at most 2 s for 1,500 lines.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function run() {
  const script = fileURLToPath(new URL('verify-mill-run.ts', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
}
