// The gzipped size of the JavaScript and CSS that the /signin page loads, measured in Debian's
// Chromium against the built product: every script and stylesheet response, gzipped (level 9).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfStale, root } from '../build.mjs';
import { freePort } from './free-port.mjs';

async function waitUntilReady(baseUrl) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/openapi.json`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

export async function run() {
  execFileSync(process.execPath, [join(root, 'scripts/ensure-debian-package.mjs'), 'chromium'], {
    stdio: 'inherit',
  });
  await buildIfStale();
  const { chromium } = await import('playwright-core');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'cnc-bench-'));
  const server = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    await waitUntilReady(baseUrl);
    const page = await browser.newPage();
    const loaded = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await response.body();
      loaded.push({
        type,
        path: new URL(response.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    });
    await page.goto(`${baseUrl}/signin`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    loaded.sort((a, b) => b.gzip - a.gzip);
    for (const file of loaded)
      console.info(
        `${file.type.padEnd(10)} ${file.path.padEnd(48)} ${kb(file.raw).padStart(10)} raw ${kb(file.gzip).padStart(10)} gzip`,
      );
    for (const type of ['script', 'stylesheet']) {
      const files = loaded.filter((file) => file.type === type);
      const gzip = files.reduce((sum, file) => sum + file.gzip, 0);
      console.info(
        `/signin ${type === 'script' ? 'JS ' : 'CSS'}: ${files.length} files, ${kb(gzip)} gzipped`,
      );
    }
    console.info(`/signin JS+CSS: ${kb(loaded.reduce((sum, file) => sum + file.gzip, 0))} gzipped`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}
