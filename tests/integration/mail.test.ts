import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { postJson, signupBody } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { readOutbox } from '../helpers/outbox.ts';

interface ReceivedMail {
  to: string[];
  data: string;
}

/** A real SMTP server on loopback that keeps what it receives, or refuses every recipient. */
async function startSmtpSink(options: { refuse?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(
        options.refuse
          ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 })
          : undefined,
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('mail through SMTP_URL', () => {
  it('sends the verification and reset mails to the SMTP server, not the outbox', async () => {
    const sink = await startSmtpSink();
    const t = await createTestApp(database, {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Q-Bot <qbot@shop.test>',
    });
    try {
      const body = signupBody({ organization: 'SMTP Shop' });
      expect((await postJson(t, '/api/users/signup', body)).statusCode).toBe(201);
      expect(
        (await postJson(t, '/api/users/forgot-password', { email: body.email })).statusCode,
      ).toBe(200);
      expect(sink.received.map((mail) => mail.to)).toEqual([[body.email], [body.email]]);
      expect(sink.received[0]!.data).toMatch(/^From: "?Q-Bot"? <qbot@shop\.test>/m);
      expect(sink.received[0]!.data).toMatch(
        /http:\/\/app\.test\/api\/users\/verify-email\/[A-Za-z0-9_-]{43}/,
      );
      expect(sink.received[1]!.data).toMatch(
        /http:\/\/app\.test\/reset-password\/[A-Za-z0-9_-]{43}/,
      );
      expect(await readOutbox(t.config.dataDir)).toEqual([]);
    } finally {
      await t.close();
      await sink.close();
    }
  });

  it('keeps the account and says so when the verification mail cannot be sent', async () => {
    const sink = await startSmtpSink({ refuse: true });
    const t = await createTestApp(database, { SMTP_URL: sink.url });
    try {
      const body = signupBody({ organization: 'Refused Mail Shop' });
      const signup = await postJson(t, '/api/users/signup', body);
      expect(signup.statusCode).toBe(201);
      expect(signup.json<{ message: string }>().message).toContain(
        'We could not send the verification email just now: sign in later and choose Resend Verification Email.',
      );
      const signin = await postJson(t, '/api/users/signin', {
        email: body.email,
        password: body.password,
      });
      expect(signin.json()).toMatchObject({ code: 'not_verified' });
      const forgot = await postJson(t, '/api/users/forgot-password', { email: body.email });
      expect(forgot.statusCode).toBe(503);
      expect(forgot.json()).toEqual({
        message: 'We could not send the email just now. Please try again in a few minutes.',
        code: 'internal_error',
      });
    } finally {
      await t.close();
      await sink.close();
    }
  });
});
