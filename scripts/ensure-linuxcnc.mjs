// Tests check LinuxCNC programs with LinuxCNC's own interpreter, rs274 (Debian's linuxcnc-uspace).
// Install it when missing and we are root on Debian; otherwise fail with one line saying how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const rs274Path = '/usr/bin/rs274';
const howTo = `Tests need LinuxCNC's G-code interpreter at ${rs274Path}: run 'sudo apt-get install -y linuxcnc-uspace' (Debian) and then npm test again.`;

function hasCommand(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (!existsSync(rs274Path)) {
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || !hasCommand('apt-get')) {
    console.error(howTo);
    process.exit(1);
  }
  console.info("rs274 is missing: installing Debian's linuxcnc-uspace package...");
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync(
      'apt-get',
      ['install', '-y', '-qq', '--no-install-recommends', 'linuxcnc-uspace'],
      { stdio: 'inherit', env },
    );
  } catch {
    console.error(howTo);
    process.exit(1);
  }
  if (!existsSync(rs274Path)) {
    console.error(howTo);
    process.exit(1);
  }
}
