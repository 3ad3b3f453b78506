// Issue 13: a 500 carries an error id that its log line also carries, and the log lines hold no
// query values (addresses, names), PostgreSQL DETAIL lines or tokens. A client that hangs up
// mid-upload is logged at info, not as an error.
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { DatabaseHandle } from '#server/database';
import { loggerOptions } from '#server/logging';
import { testAppUrl } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

/** One written log line, parsed. */
interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  errorId?: string;
  err?: Record<string, unknown>;
  req?: { url?: string };
  reason?: string;
  raw: string;
}

/** Values a failing insert runs with: none may reach a log line. */
const secrets = {
  email: 'ada.secret@shop.test',
  firstName: 'Adaline-Secret',
  lastName: 'Byron-Secret',
  passwordHash: 'hash-secret-value',
};

let database: DatabaseHandle;
let dataDir: string;
let app: FastifyInstance;
const lines: LogLine[] = [];

const insertTwice = async () => {
  await app.db.insert(users).values(secrets);
  await app.db.insert(users).values(secrets);
};

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'cnc-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_URL: testAppUrl,
    MARKETING_URL: 'https://marketing.test/',
    DEMO_SHOP: 'false',
  });
  // The production logger settings, written to this test instead of stdout.
  const stream = {
    write(line: string) {
      lines.push({ ...(JSON.parse(line) as Omit<LogLine, 'raw'>), raw: line });
    },
  };
  app = await buildApp({ config, database, logger: { ...loggerOptions('info'), stream } });
  app.get('/api/test/crash', () => {
    throw new Error('the planner fell over');
  });
  // drizzle's DrizzleQueryError: the query, its params, and the driver error as its cause.
  app.post('/api/test/duplicate-user', async () => {
    await insertTwice();
    return { ok: true };
  });
  // The driver's own error, with PostgreSQL's DETAIL: "Key (lower(email))=(…) already exists."
  app.post('/api/test/duplicate-user-driver-error', async () => {
    try {
      await insertTwice();
    } catch (error) {
      throw (error as { cause?: unknown }).cause ?? error;
    }
    return { ok: true };
  });
  await app.register(async (scope) => {
    await scope.register(multipart);
    scope.post('/api/test/upload', async (request) => {
      for await (const part of request.parts()) if (part.type === 'file') await part.toBuffer();
      return { ok: true };
    });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const linesOf = (reqId: string | undefined) => lines.filter((line) => line.reqId === reqId);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The error log line of the request that answered with `errorId`. */
function errorLineFor(errorId: string): LogLine {
  const found = lines.filter((line) => line.errorId === errorId);
  expect(found).toHaveLength(1);
  const [line] = found;
  expect(line).toMatchObject({ level: 50, msg: 'unhandled error' });
  return line!;
}

function expectNoSecrets(text: string) {
  for (const value of Object.values(secrets)) expect(text).not.toContain(value);
  expect(text.toLowerCase()).not.toContain('ada.secret');
}

describe('a 500', () => {
  it('answers with an error id that its log line carries', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    const body = response.json<{ message: string; code: string; errorId: string }>();
    expect(body.code).toBe('internal_error');
    expect(body.errorId).toMatch(uuidPattern);
    expect(body.message).toBe(
      `Something went wrong on our side. Please try again; if it keeps failing, tell support the error id ${body.errorId}.`,
    );
    expect(response.body).not.toContain('planner');

    const line = errorLineFor(body.errorId);
    expect(line.err).toMatchObject({ type: 'Error', message: 'the planner fell over' });
    // Each 500 has an id of its own.
    const again = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(again.json<{ errorId: string }>().errorId).not.toBe(body.errorId);
  });

  it('logs a failed query without its parameters', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/duplicate-user' });
    expect(response.statusCode).toBe(500);
    const { errorId } = response.json<{ errorId: string }>();
    expectNoSecrets(response.body);

    const line = errorLineFor(errorId);
    expect(line.err?.type).toBe('DrizzleQueryError');
    // The query (with its $1… placeholders) and the constraint stay, for whoever debugs it.
    expect(line.err?.message).toContain('insert into "users"');
    expect(line.err?.message).toContain('params: [redacted]');
    expect(line.err?.message).toContain('users_email_lower_key');
    expect(line.err?.params).toBe('[redacted]');
    expectNoSecrets(line.raw);
  });

  it("logs PostgreSQL's DETAIL line, which quotes the address, redacted", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/duplicate-user-driver-error',
    });
    expect(response.statusCode).toBe(500);
    const line = errorLineFor(response.json<{ errorId: string }>().errorId);
    expect(line.err).toMatchObject({ code: '23505', detail: '[redacted]' });
    expectNoSecrets(line.raw);
  });
});

describe('request log lines', () => {
  it('leave the tokens of mailed links and every query value out of the logged address', async () => {
    await app.inject({ method: 'GET', url: '/reset-password/secret-reset-token' });
    await app.inject({ method: 'GET', url: '/api/users/verify-email/secret-verify-token?x=1' });
    const urls = lines.filter((line) => line.msg === 'request completed').map((l) => l.req?.url);
    expect(urls).toContain('/reset-password/[redacted]');
    expect(urls).toContain('/api/users/verify-email/[redacted]?x=[redacted]');
    expect(lines.map((line) => line.raw).join('\n')).not.toContain('secret-reset-token');
    expect(lines.map((line) => line.raw).join('\n')).not.toContain('secret-verify-token');
  });
});

describe('a client that hangs up mid-upload', () => {
  it('is logged at info, not as an unhandled error', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const before = lines.length;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          [
            'POST /api/test/upload HTTP/1.1',
            `Host: 127.0.0.1:${port}`,
            'Content-Type: multipart/form-data; boundary=XX',
            'Content-Length: 100000',
            '',
            '--XX',
            'Content-Disposition: form-data; name="file"; filename="part.png"',
            'Content-Type: image/png',
            '',
            'only the first bytes of the drawing',
          ].join('\r\n'),
        );
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    const deadline = Date.now() + 5_000;
    const hungUp = () =>
      lines
        .slice(before)
        .find((line) => line.msg === 'the client closed the connection before the answer');
    while (!hungUp() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const line = hungUp();
    expect(line).toMatchObject({ level: 30, reason: 'ECONNRESET' });
    expect(linesOf(line?.reqId).filter((l) => l.level >= 40)).toEqual([]);
  });
});
