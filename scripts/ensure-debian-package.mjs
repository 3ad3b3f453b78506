// Tests need three things from Debian: Chromium (/usr/bin/chromium, browser tests; a browser is
// never downloaded), LinuxCNC's G-code interpreter rs274 (/usr/bin/rs274, package
// linuxcnc-uspace) and the DejaVu Sans font the generated drawings are plotted in
// (fonts-dejavu-core); `npm run bench` also needs wrk (/usr/bin/wrk), a lean HTTP load generator.
// `node scripts/ensure-debian-package.mjs chromium|linuxcnc|dejavu|wrk` installs the one named
// when it is missing and we are root on Debian; otherwise it fails with one line saying how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needs = {
  chromium: { path: '/usr/bin/chromium', pkg: 'chromium', what: 'Browser tests need Chromium' },
  linuxcnc: {
    path: '/usr/bin/rs274',
    pkg: 'linuxcnc-uspace',
    what: "Tests need LinuxCNC's G-code interpreter",
  },
  dejavu: {
    path: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    pkg: 'fonts-dejavu-core',
    what: 'The drawing round-trip tests plot in the DejaVu Sans font',
  },
  wrk: {
    path: '/usr/bin/wrk',
    pkg: 'wrk',
    what: 'The request-path benchmark loads two app processes with wrk, whose own CPU leaves the cores to them',
  },
};

function hasCommand(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const need = needs[process.argv[2]];
if (!need) {
  console.error(`usage: node scripts/ensure-debian-package.mjs ${Object.keys(needs).join('|')}`);
  process.exit(2);
}
const howTo = `${need.what} at ${need.path}: run 'sudo apt-get install -y ${need.pkg}' (Debian) and then npm test again.`;

if (!existsSync(need.path)) {
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || !hasCommand('apt-get')) {
    console.error(howTo);
    process.exit(1);
  }
  console.info(`${need.path} is missing: installing Debian's ${need.pkg} package...`);
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', need.pkg], {
      stdio: 'inherit',
      env,
    });
  } catch {
    console.error(howTo);
    process.exit(1);
  }
  if (!existsSync(need.path)) {
    console.error(howTo);
    process.exit(1);
  }
}
