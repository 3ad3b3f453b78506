/**
 * Issue 13, as a shop would meet it: the server (started from source the way `npm start` runs
 * it, on PGlite in its DATA_DIR) is killed with SIGKILL while it reads a drawing, and started
 * again on the same DATA_DIR. The same conversation takes a new upload at once, and after the
 * sweep no stored file is left without an owner.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirIn } from '#server/database';
import { LocalFileStore } from '#server/storage/file-store';
import { sweepStoredFiles } from '#server/storage/sweep';
import { storedFiles } from '#db/schema';
import { signupBody } from '../helpers/accounts.ts';
import { pdfBomb } from '../helpers/bad-files.ts';
import { latestLink } from '../helpers/outbox.ts';
import { repoRoot } from '../helpers/paths.ts';
import { freePort } from '../helpers/processes.ts';
import { blueprint } from '../helpers/qbot.ts';

const dataDirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

/** Start server/main.ts from source on `dataDir` and wait until it answers. */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: fileURLToPath(repoRoot),
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_SHOP: 'false',
      JOB_HEAP_MB: '1024',
    },
    stdio: 'ignore',
  });
  children.push(child);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/profile`).catch(() => undefined);
    if (ready) return child;
    if (Date.now() - started > 60_000) throw new Error('the server did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function upload(base: string, token: string, threadId: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('threadId', threadId);
  form.append('assistantId', 'qbot');
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${base}/api/qbot/uploadBlueprintClaude`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

describe('kill -9 during a read, then a restart on the same DATA_DIR', () => {
  it('frees the conversation at once and sweeps the file the dead read left', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cnc-kill-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const post = (url: string, body: unknown, token?: string) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });

    let server = await startServer(dataDir, port);
    const account = signupBody({ organization: 'Kill Test Shop' });
    expect((await post('/api/users/signup', account)).status).toBe(201);
    const link = await latestLink(dataDir, account.email, '/api/users/verify-email/');
    await fetch(`${base}${new URL(link).pathname}`, { redirect: 'manual' });
    const signin = await post('/api/users/signin', {
      email: account.email,
      password: account.password,
    });
    const { token } = (await signin.json()) as { token: string };
    const start = await fetch(`${base}/api/qbot/startClaude`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { thread_id: threadId } = (await start.json()) as { thread_id: string };

    // The bomb keeps a worker busy for seconds: kill the server while it reads.
    const reading = upload(base, token, threadId, 'bomb.pdf', pdfBomb()).catch(() => undefined);
    for (let tries = 0; ; tries += 1) {
      const progress = await fetch(`${base}/api/qbot/threads/${threadId}/analysisProgress`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { stage } = (await progress.json()) as { stage: string };
      if (stage !== '') break;
      if (tries > 200) throw new Error('the read never started');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    await reading;

    server = await startServer(dataDir, port);
    const again = await upload(
      base,
      token,
      threadId,
      'long_reamer_facer.dxf',
      blueprint('lathe/long_reamer_facer.dxf'),
    );
    expect(again.status, await again.clone().text()).toBe(200);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));

    // The sweep (age 0 here; an hour in the product) removes the bomb the dead read stored.
    const database = await openDatabase({
      databaseUrl: undefined,
      pgliteDir: pgliteDirIn(dataDir),
    });
    try {
      const files = new LocalFileStore(join(dataDir, 'files'));
      const before = await database.db.select().from(storedFiles);
      expect(before.map((file) => file.fileName).sort()).toEqual([
        'bomb.pdf',
        'long_reamer_facer.dxf',
      ]);
      await sweepStoredFiles(database.db, files, { olderThanMs: 0 });
      const after = await database.db.select().from(storedFiles);
      expect(after.map((file) => [file.fileName, file.threadId])).toEqual([
        ['long_reamer_facer.dxf', threadId],
      ]);
      const keys: string[] = [];
      for await (const { key } of files.list()) keys.push(key);
      expect(keys).toEqual(after.map((file) => file.storageKey));
    } finally {
      await database.close();
    }
  }, 180_000);
});
