// Issue 31, item 4: no secret and no address (email or network) in any log line at any level. Every line the
// server's logger settings write at trace is collected through a sign-up, the verification link,
// a sign-in, a password reset with the mailed token, a sign-in with the new password, requests
// carrying `?access_token=` and `?token=`, and a Q-Bot workflow from a DXF to G-code; none may
// hold an address, a JWT, a mailed token or link, or a password. The outbox file names hold no
// address either.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { loggerOptions } from '#server/logging';
import { outboxDirIn } from '#server/plugins/mailer';
import { postJson, signupBody } from '../helpers/accounts.ts';
import { createTestApp, uniqueEmail } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { latestLink, readOutbox } from '../helpers/outbox.ts';
import { qbotClient, reamerProgram, tormachWithTools } from '../helpers/qbot.ts';

/** Any address at all, as the server's own pattern was before issue 31. */
const anyAddress = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
/** A client's network address (TEST-NET-3, RFC 5737). */
const clientAddress = '203.0.113.7';
/** Any JWT (the header of each starts `{"`, base64url `eyJ`). */
const anyJwt = /eyJ[\w-]+\.[\w-]+\.[\w-]*/;

let database: DatabaseHandle;
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // The production logger settings at their most talkative, written to this test.
  const stream = { write: (line: string) => void lines.push(line) };
  t = await createTestApp(database, {}, { logger: { ...loggerOptions('trace'), stream } });
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

/** The last path segment of a mailed link: its one-time token. */
const tokenOf = (link: string): string => new URL(link).pathname.split('/').pop()!;

describe('the log of a whole sign-up, reset and workflow', () => {
  it('holds no address, token, mailed link or password at any level', async () => {
    const email = uniqueEmail('secretive');
    const body = signupBody({ email, organization: 'Secretive Shop' });
    const newPassword = 'Spindle2025!';
    const jwts: string[] = [];

    expect((await postJson(t, '/api/users/signup', body)).statusCode).toBe(201);
    const verifyLink = await latestLink(t.config.dataDir, email, '/api/users/verify-email/');
    const verified = await t.app.inject({ method: 'GET', url: new URL(verifyLink).pathname });
    expect(verified.headers.location).toBe('/signin?verified=1');

    const first = await postJson(t, '/api/users/signin', { email, password: body.password });
    expect(first.statusCode).toBe(200);
    jwts.push(first.json<{ token: string }>().token);

    expect((await postJson(t, '/api/users/forgot-password', { email })).statusCode).toBe(200);
    const resetLink = await latestLink(t.config.dataDir, email, '/reset-password/');
    const reset = await postJson(t, `/api/users/reset-password/${tokenOf(resetLink)}`, {
      newPassword,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const second = await postJson(t, '/api/users/signin', { email, password: newPassword });
    expect(second.statusCode).toBe(200);
    const jwt = second.json<{ token: string }>().token;
    jwts.push(jwt);

    // A client's own network address, which no line may name.
    await t.app.inject({
      method: 'GET',
      url: '/api/machines/my-machines',
      headers: { authorization: `Bearer ${jwt}` },
      remoteAddress: clientAddress,
    });
    // A token in the query string, as a careless client or a pasted link sends it.
    await t.app.inject({ method: 'GET', url: `/api/machines/my-machines?access_token=${jwt}` });
    await t.app.inject({
      method: 'GET',
      url: `/api/organization?token=${tokenOf(verifyLink)}&redirect=${encodeURIComponent(new URL(resetLink).pathname)}`,
      headers: { authorization: `Bearer ${jwt}` },
    });

    // The Q-Bot workflow, from the reamer's DXF to G-code (as tests/integration/qbot.test.ts).
    const machineId = (await tormachWithTools(t, jwt))._id;
    const client = qbotClient(t, jwt);
    const { gcode } = await reamerProgram(client, machineId);
    expect(gcode).toMatch(/^%\n\(Part: long_reamer_facer\)/);

    const mails = await readOutbox(t.config.dataDir);
    expect(mails.map((mail) => mail.to)).toEqual([email, email]);
    const outboxFiles = await readdir(outboxDirIn(t.config.dataDir));
    const [localPart, domain] = email.split('@') as [string, string];
    // How the outbox file names used to hold the address (`…-secretive-1a2b3c4d_shop.test.eml`).
    const addressInFileName = email.replace(/[^A-Za-z0-9._-]+/g, '_');
    const secrets = [
      clientAddress,
      email,
      encodeURIComponent(email),
      localPart,
      addressInFileName,
      body.password,
      newPassword,
      ...jwts,
      verifyLink,
      resetLink,
      tokenOf(verifyLink),
      tokenOf(resetLink),
      ...mails.flatMap((mail) => mail.links),
    ];

    for (const line of lines) {
      for (const secret of secrets) expect(line).not.toContain(secret);
      expect(line).not.toMatch(anyAddress);
      expect(line).not.toMatch(anyJwt);
    }
    // The run was logged, at trace, the mails and requests included.
    expect(lines.length).toBeGreaterThan(30);
    const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg);
    expect(messages).toContain('mail (verify-email) written to the outbox');
    expect(messages).toContain('mail (reset-password) written to the outbox');
    expect(lines.some((line) => line.includes('access_token=[redacted]'))).toBe(true);
    for (const file of outboxFiles) {
      expect(file).toMatch(/^[0-9TZ-]+-\d+-(verify-email|reset-password)\.eml$/);
      expect(file).not.toContain(localPart);
      expect(file).not.toContain(domain);
    }
  }, 180_000);
});
