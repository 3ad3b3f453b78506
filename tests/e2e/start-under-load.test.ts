/**
 * The first start on a busy machine (issue 31): the built server, started as `npm start` starts
 * it, on a fresh data folder while two CPU-bound processes and one that writes and syncs 4 MiB
 * files in a loop (as a package install does) run beside it. It must serve within 60 s; it used
 * to stop with Fastify's `Plugin did not start in time: 'database'` while the embedded database
 * was created and migrated.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { root } from '../../scripts/build.mjs';
import { freePort, until } from '../helpers/processes.ts';

const cpuBound = 'for (;;) Math.sqrt(Math.random());';
const diskBound = `
const { openSync, writeSync, fsyncSync, closeSync } = require('node:fs');
const block = Buffer.alloc(4 * 1024 * 1024, 7);
for (let i = 0; ; i += 1) {
  const fd = openSync(require('node:path').join(process.argv[1], 'load-' + (i % 4) + '.bin'), 'w');
  writeSync(fd, block);
  fsyncSync(fd);
  closeSync(fd);
}`;

const running: ChildProcess[] = [];
const folders: string[] = [];

afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  }
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(label: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), label));
  folders.push(dir);
  return dir;
}

function start(args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  return child;
}

describe('the first start on a busy machine', () => {
  it('serves within 60 s beside CPU-bound work and synchronous disk writes', async () => {
    start(['-e', cpuBound]);
    start(['-e', cpuBound]);
    start(['-e', diskBound, await tempDir('cnc-disk-load-')]);

    const port = await freePort();
    const dataDir = await tempDir('cnc-first-start-');
    const server = start(['dist/server/main.mjs'], {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SHOP: 'true',
    });
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const startedAt = Date.now();
    await until(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/openapi.json`)).ok;
        } catch {
          return false;
        }
      },
      { limitMs: 60_000, intervalMs: 250, what: 'the first start serving', child: server },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${output}`);
    });
    expect(Date.now() - startedAt).toBeLessThan(60_000);
    expect(output).toContain('First start: creating the embedded database');
    expect(output).toContain('Q-Bot is ready');
    expect(output).not.toContain('did not start in time');
  }, 90_000);
});
