// The authenticated request path (issue 17, item 0): autocannon at 50 connections for 10 s on
// loopback against GET /api/machines/my-machines of an organization with 20 machines, in the
// built product (its own process, PGlite, and PostgreSQL too when DATABASE_URL is set), beside a
// bare Fastify route answering {hello: 'world'} in a process of its own, in the same run.
// Targets: at least 10 % (PGlite) / 20 % (PostgreSQL) of the bare route's requests per second,
// and a p99 at most 10 times the bare route's.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildIfStale, root } from '../build.mjs';
import { freePort } from './free-port.mjs';

const connections = 50;
const durationS = 10;

async function waitUntilReady(url, child, output) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start:\n${output()}`);
}

/** Start a Node process (`args`) with `env`; its output is kept for errors. */
function start(args, env) {
  let log = '';
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk.toString()));
  child.stderr.on('data', (chunk) => (log += chunk.toString()));
  return { child, output: () => log };
}

const load = (url, headers = {}) => autocannon({ url, connections, duration: durationS, headers });

const bareFastify = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** The demo admin's token and 20 machines in its shop (the demo's, and copies of the first). */
async function shopOf20(baseUrl, output) {
  const demo = /Sign in as (\S+) with the password (\S+)/.exec(output());
  if (!demo) throw new Error(`the server did not print the demo shop's credentials:\n${output()}`);
  const signin = await fetch(`${baseUrl}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demo[1], password: demo[2] }),
  });
  const { token } = await signin.json();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = async () =>
    (await (await fetch(`${baseUrl}/api/machines/my-machines`, { headers })).json()).machines;
  const [first] = await list();
  for (let count = (await list()).length; count < 20; count += 1) {
    const added = await fetch(`${baseUrl}/api/machines/add-machine-to-shop`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `Bench ${count}`,
        serialNumber: `BENCH-${randomUUID().slice(0, 8)}`,
        machineType: first.machineType._id,
        machineManufacturer: first.machineManufacturer._id,
        machineModelType: first.machineModelType._id,
        controllerType: first.controllerType._id,
        controllerModelType: first.controllerModelType._id,
      }),
    });
    if (added.status !== 201) throw new Error(`adding a machine: ${await added.text()}`);
  }
  const machines = await list();
  return { headers: { authorization: headers.authorization }, machines: machines.length };
}

async function measureProduct(label, databaseUrl) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'cnc-bench-'));
  const server = start(['dist/server/main.mjs'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    SMTP_URL: '',
    DEMO_SHOP: 'true',
    LOG_LEVEL: 'warn',
  });
  try {
    await waitUntilReady(`${baseUrl}/api/openapi.json`, server.child, server.output);
    const { headers, machines } = await shopOf20(baseUrl, server.output);
    await load(`${baseUrl}/api/machines/my-machines`, headers); // warm-up
    const result = await load(`${baseUrl}/api/machines/my-machines`, headers);
    return { label, machines, result };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  await buildIfStale();
  const barePort = await freePort();
  const bare = start(['--input-type=module', '-e', bareFastify], { PORT: String(barePort) });
  let bareResult;
  try {
    await waitUntilReady(`http://127.0.0.1:${barePort}/`, bare.child, bare.output);
    await load(`http://127.0.0.1:${barePort}/`);
    bareResult = await load(`http://127.0.0.1:${barePort}/`);
  } finally {
    bare.child.kill('SIGTERM');
  }
  const runs = [await measureProduct('PGlite', '')];
  if (process.env.DATABASE_URL) {
    const name = `bench_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      runs.push({ ...(await measureProduct('PostgreSQL', url.toString())), target: 0.2 });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  const row = (label, result) =>
    `${label.padEnd(44)} ${String(Math.round(result.requests.average)).padStart(7)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  errors ${result.errors + result.non2xx}`;
  console.info(row("bare Fastify {hello: 'world'}", bareResult));
  for (const { label, machines, result, target = 0.1 } of runs) {
    console.info(row(`my-machines (${machines} machines), ${label}`, result));
    const share = result.requests.average / bareResult.requests.average;
    const p99 = result.latency.p99 / Math.max(1, bareResult.latency.p99);
    console.info(
      `  ${label}: ${(100 * share).toFixed(1)} % of bare Fastify (target ≥ ${100 * target} %): ${share >= target ? 'met' : 'NOT met'}; p99 ${p99.toFixed(1)}× bare (target ≤ 10×): ${p99 <= 10 ? 'met' : 'NOT met'}`,
    );
  }
}
