// Browser tests drive Debian's Chromium at /usr/bin/chromium. Install it when missing and we are
// root on Debian; otherwise fail with one line saying how. Never downloads a browser of its own.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = '/usr/bin/chromium';
const howTo = `Browser tests need Chromium at ${chromiumPath}: run 'sudo apt-get install -y chromium' (Debian) and then npm test again.`;

function hasCommand(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (!existsSync(chromiumPath)) {
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || !hasCommand('apt-get')) {
    console.error(howTo);
    process.exit(1);
  }
  console.info("Chromium is missing: installing Debian's chromium package...");
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env,
    });
  } catch {
    console.error(howTo);
    process.exit(1);
  }
  if (!existsSync(chromiumPath)) {
    console.error(howTo);
    process.exit(1);
  }
}
