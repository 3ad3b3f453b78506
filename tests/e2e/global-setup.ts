/**
 * Browser tests run against the built product, started the way `npm start` starts it: build if
 * stale, then `node dist/server/main.mjs` on a free port with its own DATA_DIR, and its own
 * database on the PostgreSQL server when DATABASE_URL is set (PGlite otherwise).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildIfStale, root } from '../../scripts/build.mjs';
import { findDemoAdmin } from '../helpers/demo-admin.ts';
import { freePort } from '../helpers/processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    marketingUrl: string;
    /**
     * The demo shop's admin, from the file its first start writes (the server's stdout is a
     * pipe here, not a terminal, so the password is not printed).
     */
    demoAdmin: { email: string; password: string };
  }
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function waitUntilReady(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the server exited (${server.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/openapi.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer within 60 s:\n${output()}`);
}

export default async function setup(project: TestProject) {
  await buildIfStale();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const marketingUrl = `${baseUrl}/?signed-out=1`;
  const dataDir = await mkdtemp(join(tmpdir(), 'cnc-e2e-'));
  const serverUrl = process.env.DATABASE_URL;
  const databaseName = `cnc_e2e_${randomUUID().slice(0, 8)}`;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    await adminQuery(serverUrl, `CREATE DATABASE "${databaseName}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }

  let log = '';
  const server = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      MARKETING_URL: marketingUrl,
      DATABASE_URL: databaseUrl ?? '',
      SMTP_URL: '',
      // Every browser test signs people up from 127.0.0.1.
      RATE_LIMIT_MULTIPLIER: '100',
      // The Q-Bot tests sign in as the demo admin, as a newcomer would.
      DEMO_SHOP: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitUntilReady(baseUrl, server, () => log);

  const demo = await findDemoAdmin(log, dataDir);
  if (!demo) throw new Error(`the server gave no demo shop credentials:\n${log}`);
  project.provide('demoAdmin', demo);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('marketingUrl', marketingUrl);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${databaseName}"`);
    await rm(dataDir, { recursive: true, force: true });
  };
}
