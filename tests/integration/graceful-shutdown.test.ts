// Closing gracefully (server/shutdown.ts, server/main.ts): the requests being answered finish,
// connections that carry no request do not hold the close, and the process exits with 0.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { projectRoot } from '#server/paths';
import { closeApp, countRequests } from '#server/shutdown';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connection that sends nothing, as browsers open spare ones. */
const idleConnection = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });

/** Everything the server writes on `socket` until it closes the connection. */
const readUntilClosed = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
  });

describe('closeApp', () => {
  let database: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp(
      database,
      {},
      {
        beforeReady(app) {
          app.get('/api/test/slow', async () => {
            await sleep(700);
            return { finished: true };
          });
        },
      },
    );
  });

  afterAll(async () => {
    await t.close().catch(() => undefined);
    await database.close();
  });

  it('lets the request being answered finish, then closes without waiting for idle connections', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = countRequests(t.app.server);
    const { port } = t.app.server.address() as AddressInfo;
    const idle = await idleConnection(port);
    const idleClosed = new Promise((resolve) => idle.on('close', resolve));

    const slow = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    while (inFlight() === 0) await sleep(10);
    const started = Date.now();
    await closeApp(t.app, inFlight);
    const took = Date.now() - started;

    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await idleClosed;
    // The slow request's 700 ms, not Node's 60 s headers timeout for the idle connection.
    expect(took).toBeGreaterThanOrEqual(500);
    expect(took).toBeLessThan(5_000);
  });
});

describe('the server process on SIGTERM', () => {
  let dataDir: string;
  let server: ChildProcess;
  let output = '';
  let port: number;
  const exited = () =>
    new Promise<number | null>((resolve) => {
      if (server.exitCode !== null) resolve(server.exitCode);
      else server.once('exit', (code) => resolve(code));
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cnc-shutdown-'));
    // PGlite in its own DATA_DIR (not DATABASE_URL's server), no demo shop, a free port.
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_SHOP: 'false',
        ASSISTANT_PROVIDER: 'offline',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const deadline = Date.now() + 55_000;
    let listening: RegExpMatchArray | null = null;
    while (!(listening && output.includes('Q-Bot is ready')) && Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      await sleep(100);
    }
    if (!listening) throw new Error(`the server did not start:\n${output}`);
    port = Number(listening[1]);
  }, 60_000);

  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited();
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the request in flight, drops idle connections, closes and exits with 0', async () => {
    const idle = await idleConnection(port);
    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'nobody@shop.test', password: 'Wrong-password-1' });
    const request = await idleConnection(port);
    const answer = readUntilClosed(request);
    request.write(
      [
        'POST /api/users/signin HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        '',
        body.slice(0, 10),
      ].join('\r\n'),
    );
    await sleep(200);

    const signalled = Date.now();
    server.kill('SIGTERM');
    const deadline = Date.now() + 5_000;
    while (!output.includes('SIGTERM received') && Date.now() < deadline) await sleep(20);
    await sleep(200);
    expect(server.exitCode).toBeNull();
    request.write(body.slice(10));

    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(text).toContain('"code":"invalid_credentials"');
    expect(await exited()).toBe(0);
    // Well under Node's 60 s headers timeout, which the idle connection would have cost.
    expect(Date.now() - signalled).toBeLessThan(15_000);
    expect(idle.destroyed || idle.readableEnded).toBe(true);
    expect(output).toContain('"msg":"closed"');
    expect(output).not.toMatch(/"level":50/);
  });
});
