/**
 * A multipart upload the parser refuses must not hold its connection (issue 31): the client's
 * next request is answered at once. Raw sockets, because an HTTP client library would hide what
 * the server does with the connection.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { until } from '../helpers/processes.ts';

let database: DatabaseHandle;
let t: TestApp;
let port: number;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
  token = (await createOrganization(t, 0)).admin.token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t.close();
  await database.close();
});

/** A socket to the app that collects what it is sent and notes when the server closes it. */
interface RawClient {
  socket: Socket;
  /** The status codes of the answers so far, in order. */
  statuses(): number[];
  closed: Promise<void>;
}

async function rawClient(): Promise<RawClient> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  // Writes after the server closed fail with EPIPE or ECONNRESET: that is what is tested.
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    statuses: () => [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1])),
    closed,
  };
}

const uploadHead = (contentType: string, contentLength: number) =>
  [
    'POST /api/qbot/uploadBlueprintClaude HTTP/1.1',
    'Host: localhost',
    `Authorization: Bearer ${token}`,
    `Content-Type: ${contentType}`,
    `Content-Length: ${contentLength}`,
    '',
    '',
  ].join('\r\n');

const machinesRequest = () =>
  `GET /api/machines/my-machines HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`;

/** The status of the `index`th answer on `client`, once it has come within `limitMs`. */
async function answerStatus(client: RawClient, index: number, limitMs: number): Promise<number> {
  await until(() => client.statuses().length > index, {
    limitMs,
    what: `answer ${index + 1}`,
    intervalMs: 10,
  });
  return client.statuses()[index]!;
}

/** Within `ms`, the next request is answered: on the same socket if it is open, else on a new one. */
async function nextRequestAnswered(client: RawClient, ms: number): Promise<number> {
  const serverClosed = await Promise.race([
    client.closed.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50)),
  ]);
  const target = serverClosed ? await rawClient() : client;
  const before = target.statuses().length;
  target.socket.write(machinesRequest());
  const status = await answerStatus(target, before, ms);
  target.socket.destroy();
  return status;
}

describe('a multipart upload the parser refuses', () => {
  it('with an empty boundary: a 400, and the next request is answered at once', async () => {
    const body = Buffer.alloc(200_000, 'z');
    const client = await rawClient();
    client.socket.write(uploadHead('multipart/form-data; boundary=', body.length));
    client.socket.write(body);
    expect(await answerStatus(client, 0, 5000)).toBe(400);
    expect(await nextRequestAnswered(client, 2000)).toBe(200);
  });

  it('refused before its body has arrived: the 400, then the connection is closed at once', async () => {
    // Too many parts: the parser refuses at the 13th, long before the announced body is sent.
    const parts = Array.from(
      { length: 20 },
      (_, index) => `--b\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nv\r\n`,
    ).join('');
    const client = await rawClient();
    client.socket.write(uploadHead('multipart/form-data; boundary=b', 5_000_000));
    client.socket.write(parts);
    expect(await answerStatus(client, 0, 5000)).toBe(400);
    // The rest of the body never comes: the server does not wait for it.
    await until(() => client.socket.readableEnded || client.socket.destroyed, {
      limitMs: 2000,
      what: 'the connection closed by the server',
      intervalMs: 10,
    });
    expect(await nextRequestAnswered(client, 2000)).toBe(200);
  });
});
