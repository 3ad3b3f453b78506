/**
 * No upload can stall or stop the service: drawings are read in the worker pool, each with a
 * heap and a time limit. The bad files are built by the tests (tests/helpers/bad-files.ts);
 * the limits are set low so each one runs into its limit quickly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { qbotMessages } from '#contracts/qbot-workflow';
import { jobMessages } from '#server/jobs/pool';
import type { JobPool } from '#server/jobs/pool';
import { uploadMessages } from '#server/routes/qbot/index';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { hugeDxf, hugePng, hugeStepMesh, pdfBomb } from '../helpers/bad-files.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { until } from '../helpers/processes.ts';
import { blueprint, qbotClient } from '../helpers/qbot.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** The server's own heap (this thread), sampled until `stop()`, bytes. */
function heapSampler() {
  let peak = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 25);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

describe('four bad drawings read at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, {
      JOB_CONCURRENCY: '4',
      JOB_HEAP_MB: '256',
      JOB_TIMEOUT_MS: '8000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answer 422 naming each file, while the server answers others and keeps its heap small', async () => {
    const shop = await createOrganization(t, 0);
    const client = qbotClient(t, shop.admin.token);
    const files = {
      'bomb.pdf': pdfBomb(),
      'huge.dxf': hugeDxf(),
      'huge.png': await hugePng(),
      'huge-mesh.step': hugeStepMesh(),
    };
    const heap = heapSampler();
    const order: string[] = [];
    const uploads = Object.entries(files).map(async ([name, bytes]) => {
      const response = await client.upload(await client.start(), name, bytes);
      order.push(name);
      return { name, response };
    });
    // While the four are read, another member's requests are answered.
    const other = await createOrganization(t, 0);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${other.admin.token}` },
    });
    order.push('profile');
    expect(profile.statusCode).toBe(200);

    for (const { name, response } of await Promise.all(uploads)) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
      expect(response.json<{ message: string }>().message).toContain(name);
    }
    const peak = heap.stop();
    expect(peak).toBeLessThan(400 * 1024 * 1024);
    // The DXF, the PDF and the STEP model each take seconds to refuse; the profile came first.
    expect(order.indexOf('profile')).toBeLessThan(order.indexOf('bomb.pdf'));
    expect(order.indexOf('profile')).toBeLessThan(order.indexOf('huge-mesh.step'));

    // Nothing half-written: no stored file is kept for a refused drawing.
    const kept = await t.app.db.query.storedFiles.findMany();
    expect(kept.filter((file) => file.organizationId === shop.organizationId)).toEqual([]);

    // The pool replaced its workers: a good drawing is read afterwards.
    const good = await client.upload(
      await client.start(),
      'flange.dxf',
      blueprint('mill-edm/flange.dxf'),
    );
    expect(good.statusCode).toBe(200);
  }, 120_000);
});

describe('the line of heavy jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, {
      JOB_CONCURRENCY: '1',
      JOB_QUEUE_LIMIT: '1',
      JOB_HEAP_MB: '256',
      JOB_TIMEOUT_MS: '6000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the place in line, and answers 503 with Retry-After when the line is full', async () => {
    const shop = await createOrganization(t, 0);
    const client = qbotClient(t, shop.admin.token);
    const [first, second, third] = [
      await client.start(),
      await client.start(),
      await client.start(),
    ];
    // The bomb holds the only worker for seconds.
    const running = client.upload(first, 'bomb.pdf', pdfBomb());
    await until(async () => (t.app.jobs as JobPool).load.running === 1);
    const waiting = client.upload(second, 'flange.dxf', blueprint('mill-edm/flange.dxf'));
    await until(async () => (t.app.jobs as JobPool).load.waiting === 1);

    const progress = await client.get(`/api/qbot/threads/${second}/analysisProgress`);
    await until(async () => {
      const now = await client.get(`/api/qbot/threads/${second}/analysisProgress`);
      return now.json<{ stage: string }>().stage === '1 drawing ahead of yours';
    });
    expect(progress.statusCode).toBe(200);

    const refused = await client.upload(third, 'flange.dxf', blueprint('mill-edm/flange.dxf'));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('15');
    expect(refused.json()).toMatchObject({
      code: 'server_busy',
      message: jobMessages.queueFull(15),
    });

    expect((await running).statusCode).toBe(422);
    expect((await waiting).statusCode).toBe(200);
    // The refused conversation takes the same drawing once the line has room.
    expect(
      (await client.upload(third, 'flange.dxf', blueprint('mill-edm/flange.dxf'))).statusCode,
    ).toBe(200);
  }, 60_000);
});

describe('malformed multipart bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  const malformed = uploadMessages.malformed;
  const bodies: [string, string, string, string][] = [
    ['no boundary', 'multipart/form-data', '--x\r\n\r\n', malformed],
    ['an empty boundary', 'multipart/form-data; boundary=', '--\r\n', malformed],
    [
      'no closing boundary',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.dxf"\r\n\r\n0\r\nSECTION\r\n',
      malformed,
    ],
    // Busboy takes the header as a part with no fields: the request lacks its conversation.
    [
      'a part header without its blank line',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="threadId"\r\n--abc--\r\n',
      qbotMessages.threadMissing,
    ],
    [
      'a wrong boundary',
      'multipart/form-data; boundary=abc',
      '--xyz\r\nContent-Disposition: form-data; name="threadId"\r\n\r\n1\r\n--xyz--\r\n',
      malformed,
    ],
  ];

  it.each(bodies)(
    'with %s answers 400 with a sentence',
    async (_, contentType, payload, message) => {
      const shop = await createOrganization(t, 0);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/qbot/uploadBlueprintClaude',
        headers: { authorization: `Bearer ${shop.admin.token}`, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', message });
    },
  );
});
