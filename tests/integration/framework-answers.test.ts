/**
 * Every answer carries the same security headers, including the framework's and the HTTP
 * parser's own refusals (bad URL, 404, 414, 431, a malformed request line) and the static files,
 * and no error repeats the request's address or body (issue 31). Raw sockets, because the parser
 * refusals never reach an HTTP client library's request in one piece.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { securityHeaders } from '#server/plugins/security-headers';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

let database: DatabaseHandle;
let t: TestApp;
let port: number;
let uiDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  uiDir = await mkdtemp(join(tmpdir(), 'cnc-ui-'));
  await mkdir(join(uiDir, 'assets'));
  await writeFile(join(uiDir, 'index.html'), '<!doctype html><title>Q-Bot</title>');
  await writeFile(join(uiDir, 'assets', 'main-abc123.js'), 'console.log("ui")');
  await writeFile(join(uiDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp(database, {}, { uiDir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t.close();
  await database.close();
  await rm(uiDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Send `bytes` on a new connection and read the first answer. */
function rawRequest(bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const finish = () => {
      const split = received.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no answer: ${JSON.stringify(received)}`));
      const [statusLine = '', ...lines] = received.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: received.slice(split + 4),
      });
    };
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      // One answer is enough: close once its body (Content-Length) is in.
      const split = received.indexOf('\r\n\r\n');
      const length = /content-length: *(\d+)/i.exec(received.slice(0, split))?.[1];
      if (split >= 0 && length && received.length - split - 4 >= Number(length)) socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', finish);
    socket.write(bytes);
  });
}

const get = (path: string, extraHeaders = '') =>
  rawRequest(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extraHeaders}Connection: close\r\n\r\n`);

const post = (path: string, contentType: string, body: string) =>
  rawRequest(
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );

function expectSecurityHeaders(answer: RawAnswer): void {
  for (const [name, value] of Object.entries(securityHeaders())) {
    expect(answer.headers[name], `${name} on a ${answer.status}`).toBe(value);
  }
}

describe("the framework's own answers", () => {
  const marker = 'SECRETMARKER';

  it.each([
    ['a malformed %-escape (FST_ERR_BAD_URL)', `/api/${marker}%zz`, 400],
    ['a malformed %-escape outside the API', `/${marker}%E0%A4%A`, 400],
    ['an unknown API path', `/api/${marker}`, 404],
    ['a missing built asset', `/assets/${marker}.js`, 404],
    ['a path parameter over the router limit', `/api/files/${marker}${'a'.repeat(300)}`, 414],
  ])(
    '%s: the security headers and a sentence that does not repeat the address',
    async (_what, path, status) => {
      const answer = await get(path);
      expect(answer.status).toBe(status);
      expectSecurityHeaders(answer);
      expect(answer.body).not.toContain(marker);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      expect(typeof body.message).toBe('string');
    },
  );

  it('headers over the parser limit (431): the security headers and no echo', async () => {
    const answer = await get(`/api/${marker}`, `X-Big: ${marker}${'a'.repeat(70_000)}\r\n`);
    expect(answer.status).toBe(431);
    expectSecurityHeaders(answer);
    expect(answer.body).not.toContain(marker);
    expect(JSON.parse(answer.body)).toEqual({
      message: 'The request headers are too large.',
      code: 'validation_failed',
    });
  });

  it('a request line the parser cannot read (400): the security headers and no echo', async () => {
    const answer = await rawRequest(`GET /${marker} SPACE HTTP/9.9\r\n\r\n`);
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer);
    expect(answer.body).not.toContain(marker);
  });

  it('a body that is not JSON, or of a refused type: a sentence that does not quote it', async () => {
    const notJson = await post('/api/users/signin', 'application/json', `{"email": "${marker}`);
    expect(notJson.status).toBe(400);
    expectSecurityHeaders(notJson);
    expect(JSON.parse(notJson.body)).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'validation_failed',
    });
    const refused = await post('/api/users/signin', `text/${marker}`, marker);
    expect(refused.status).toBe(415);
    expectSecurityHeaders(refused);
    expect(refused.body).not.toContain(marker);
  });

  it('the static files and the page carry them too', async () => {
    for (const path of ['/assets/main-abc123.js', '/favicon.svg', '/my-shop', '/']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expectSecurityHeaders(answer);
    }
  });
});
