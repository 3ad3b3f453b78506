// The offline DXF reader's time per drawing (dxf-reader-run.ts, run under tsx).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function run() {
  const script = fileURLToPath(new URL('dxf-reader-run.ts', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
}
