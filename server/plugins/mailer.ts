import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '#server/config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Short name used in the outbox file name and the log line, such as `verify-email`. */
  kind: string;
  /**
   * The message's action link. Never logged (it carries a token): `npm run outbox` reads the
   * links of outbox messages from the messages themselves.
   */
  link?: string;
}

export interface Mailer {
  /** `smtp` when `SMTP_URL` is set, else `outbox` (`.eml` files under `$DATA_DIR/outbox`). */
  readonly transport: 'smtp' | 'outbox';
  /** Send one message. @throws the transport's error when SMTP refuses it or the file cannot be written */
  send(mail: OutgoingMail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Folder the outbox transport writes to. */
export const outboxDirIn = (dataDir: string): string => join(dataDir, 'outbox');

const fileSafe = (text: string): string => text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);

/**
 * Mail through nodemailer: SMTP when `SMTP_URL` is set, otherwise each message is written as an
 * RFC 822 `.eml` file `<time>-<sequence>-<kind>.eml` to `$DATA_DIR/outbox/`, so a shop without a
 * mail server can still verify addresses and reset passwords: when the server listens, the
 * console names the outbox, and `npm run outbox` (scripts/outbox.mjs) prints the newest
 * messages' recipients, subjects and links for the person at the machine.
 *
 * The log line of a message says only what happened and its kind (`mail (verify-email) sent`):
 * no recipient, no link (it carries a token), no file name (server/logging.ts).
 */
async function mailerPlugin(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const { config } = options;
  const from = config.mailFrom;
  let mailer: Mailer;
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    app.addHook('onClose', () => transport.close());
    mailer = {
      transport: 'smtp',
      async send(mail) {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        app.log.info({ kind: mail.kind }, `mail (${mail.kind}) sent`);
      },
    };
  } else {
    const outbox = outboxDirIn(config.dataDir);
    const transport = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    });
    let sequence = 0;
    let told = false;
    app.addHook('onListen', async () => {
      if (told) return;
      told = true;
      console.info(
        `Mail: no SMTP_URL, so messages are written to ${outbox}; npm run outbox shows the newest.`,
      );
    });
    mailer = {
      transport: 'outbox',
      async send(mail) {
        const info = await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        // Its messages hold live links: readable by the server's account only.
        await mkdir(outbox, { recursive: true, mode: 0o700 });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        sequence += 1;
        // The name holds no address: the recipient is in the message's To: header.
        const file = join(outbox, `${stamp}-${sequence}-${fileSafe(mail.kind)}.eml`);
        await writeFile(file, info.message as Buffer, { mode: 0o600 });
        app.log.info({ kind: mail.kind }, `mail (${mail.kind}) written to the outbox`);
      },
    };
  }
  app.decorate('mailer', mailer);
}

export default fp(mailerPlugin, { name: 'mailer', fastify: '5.x' });
