/**
 * `npm run outbox` (scripts/outbox.mjs), as the person at the machine runs it: without a mail
 * server the log holds no link (issue 31), so this is where a new shop reads its verification
 * link. The messages are the ones the server wrote to its outbox.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { root } from '../../scripts/build.mjs';
import { postJson, signupBody } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { latestLink } from '../helpers/outbox.ts';

const run = promisify(execFile);

let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
});

afterAll(async () => {
  await t.close();
  await database.close();
});

/** What `npm run outbox -- …args` prints with DATA_DIR set to `dataDir`. */
async function outbox(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['scripts/outbox.mjs', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
  });
  return stdout;
}

describe('npm run outbox', () => {
  it("prints the newest messages' recipient, subject and link", async () => {
    const first = signupBody();
    const second = signupBody();
    for (const body of [first, second])
      expect((await postJson(t, '/api/users/signup', body)).statusCode).toBe(201);
    const link = await latestLink(t.config.dataDir, second.email, '/api/users/verify-email/');

    const printed = await outbox(t.config.dataDir);
    expect(printed).toContain('The 2 messages in');
    expect(printed).toContain(`to ${second.email}`);
    expect(printed).toContain('Verify your email address for Q-Bot');
    expect(printed).toContain(link);

    const newestOnly = await outbox(t.config.dataDir, '1');
    expect(newestOnly).toContain(link);
    expect(newestOnly).not.toContain(first.email);
  });

  it('says so when there is no outbox yet', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'cnc-no-outbox-'));
    try {
      expect(await outbox(empty)).toMatch(/^No outbox yet: .* does not exist\./);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
