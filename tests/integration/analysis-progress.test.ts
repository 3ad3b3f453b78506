/**
 * The progress of a drawing read ('Analyzing blueprint...' with a progress bar): the server
 * writes it to the conversation while a reader reports, the owning organization reads it back,
 * another organization cannot, and it is empty again when the read ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { progressWriter } from '#server/qbot/server-actors';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { blueprint, qbotClient } from '../helpers/qbot.ts';

let database: DatabaseHandle;
let t: TestApp;
let shop: Awaited<ReturnType<typeof createOrganization>>;
let other: Awaited<ReturnType<typeof createOrganization>>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
  shop = await createOrganization(t, 0);
  other = await createOrganization(t, 0);
});

afterAll(async () => {
  await t.close();
  await database.close();
});

const progressOf = (threadId: string, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/qbot/threads/${threadId}/analysisProgress`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('GET /api/qbot/threads/:threadId/analysisProgress', () => {
  it('reports what the reader said, to the owning organization only, and clears at the end', async () => {
    const threadId = await qbotClient(t, shop.admin.token).start();
    expect((await progressOf(threadId, shop.admin.token)).json()).toEqual({
      fraction: 0,
      stage: '',
    });

    const writer = progressWriter(t.app.db, shop.organizationId, threadId);
    writer.report(0.1, 'Reading page 1 of 1');
    writer.report(0.12, 'Reading page 1 of 1'); // under the 4 % step: not written
    writer.report(0.55, 'Recognizing text');
    // A writer for another organization's thread id changes nothing.
    const stranger = progressWriter(t.app.db, other.organizationId, threadId);
    stranger.report(0.9, 'Not yours');
    await stranger.clear();
    await writer.settled();
    const during = await progressOf(threadId, shop.admin.token);
    expect(during.statusCode).toBe(200);
    expect(during.json()).toEqual({ fraction: 0.55, stage: 'Recognizing text' });

    expect((await progressOf(threadId, other.admin.token)).statusCode).toBe(404);

    await writer.clear();
    expect((await progressOf(threadId, shop.admin.token)).json()).toEqual({
      fraction: 0,
      stage: '',
    });
  });

  it('is empty again after an upload is read', async () => {
    const client = qbotClient(t, shop.admin.token);
    const threadId = await client.start();
    const upload = await client.upload(
      threadId,
      'long_reamer_facer.dxf',
      blueprint('lathe/long_reamer_facer.dxf'),
    );
    expect(upload.statusCode).toBe(200);
    expect((await progressOf(threadId, shop.admin.token)).json()).toEqual({
      fraction: 0,
      stage: '',
    });
  });
});
