// The built product, or any Node program, in a process of its own on a free loopback port, for
// the benchmarks that load a server from outside.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../build.mjs';
import { freePort } from './free-port.mjs';

async function waitUntilReady(url, child, output) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the process exited:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the process did not start:\n${output()}`);
}

/**
 * Start `node ...args` with PORT set, and wait until `readyPath` answers 200.
 * @returns {Promise<{baseUrl: string, child: import('node:child_process').ChildProcess, output: () => string, stop: () => Promise<void>}>}
 */
export async function startNode(args, env = {}, readyPath = '/') {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    // Logs go to a pipe that is read, as a terminal or a log collector would take them.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log = (log + chunk.toString()).slice(-200_000)));
  child.stderr.on('data', (chunk) => (log = (log + chunk.toString()).slice(-200_000)));
  const output = () => log;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  try {
    await waitUntilReady(`${baseUrl}${readyPath}`, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, child, output, stop };
}

/**
 * The built product (dist/server/main.mjs) with a data folder of its own, on PGlite or the
 * PostgreSQL database `databaseUrl`. With the demo shop (the default), signed in as its admin.
 * `nodeArgs` go to node before the program (`--cpu-prof`, say).
 * @returns {Promise<{baseUrl: string, headers: Record<string, string>, output: () => string, stop: () => Promise<void>}>}
 */
export async function startProduct({
  databaseUrl = '',
  demoShop = true,
  env = {},
  nodeArgs = [],
} = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'cnc-bench-'));
  return startProductIn(dataDir, { databaseUrl, demoShop, env, nodeArgs });
}

/** startProduct with the data folder `dataDir`, which stop() removes. */
async function startProductIn(dataDir, { databaseUrl, demoShop, env, nodeArgs }) {
  let product;
  try {
    product = await startNode(
      [...nodeArgs, 'dist/server/main.mjs'],
      {
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SMTP_URL: '',
        DEMO_SHOP: demoShop ? 'true' : 'false',
        ...env,
      },
      '/api/openapi.json',
    );
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  let headers = {};
  if (demoShop) {
    // Its stdout is a pipe, so the server writes the demo admin's credentials to
    // demoAdminFileIn(dataDir) (server/demo-shop.ts) instead of printing them; the file is
    // written before the server answers.
    const demoLine = /Sign in as (\S+) with the password (\S+)/;
    const demoFile = await readFile(join(dataDir, 'demo-shop-admin.txt'), 'utf8').catch(() => '');
    const demo = demoLine.exec(product.output()) ?? demoLine.exec(demoFile);
    if (!demo) {
      await stop();
      throw new Error(`the server gave no demo shop credentials:\n${product.output()}`);
    }
    const signin = await fetch(`${product.baseUrl}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo[1], password: demo[2] }),
    });
    headers = { authorization: `Bearer ${(await signin.json()).token}` };
  }
  return { ...product, headers, dataDir, stop };
}

/**
 * `npm run worker`'s program (dist/server/queue-worker.mjs) on `databaseUrl` with `dataDir` (the
 * app's, so the worker reads the drawings it stored), once it says it takes jobs.
 */
export async function startQueueWorker({ databaseUrl, dataDir, env = {} }) {
  let log = '';
  const child = spawn(process.execPath, ['dist/server/queue-worker.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      WORKERS: 'external',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log = (log + chunk.toString()).slice(-200_000)));
  child.stderr.on('data', (chunk) => (log = (log + chunk.toString()).slice(-200_000)));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  for (let attempt = 0; !log.includes('queue worker taking jobs'); attempt += 1) {
    if (child.exitCode !== null || attempt > 300) {
      await stop();
      throw new Error(`the queue worker did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, output: () => log, stop };
}
