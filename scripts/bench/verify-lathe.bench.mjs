// The lathe verifier's time on each golden lathe program (verify-lathe-run.ts, run under tsx):
// the stock simulation of every move with the tools' real shapes, the process checks and the
// comparison with the part.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function run() {
  const script = fileURLToPath(new URL('verify-lathe-run.ts', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) run();
