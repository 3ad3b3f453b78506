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
  /** Short name used in the outbox file name, such as `verify-email`. */
  kind: string;
  /** The message's action link, written to the log when the message goes to the outbox. */
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
 * RFC 822 `.eml` file to `$DATA_DIR/outbox/` and its link is logged, so a shop without a mail
 * server can still verify addresses and reset passwords.
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
        app.log.info({ to: mail.to, kind: mail.kind }, 'mail sent');
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
        await mkdir(outbox, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        sequence += 1;
        const file = join(outbox, `${stamp}-${sequence}-${mail.kind}-${fileSafe(mail.to)}.eml`);
        await writeFile(file, info.message as Buffer);
        app.log.info(
          { to: mail.to, kind: mail.kind, file, link: mail.link },
          `mail to ${mail.to} written to the outbox${mail.link ? `; its link: ${mail.link}` : ''}`,
        );
      },
    };
  }
  app.decorate('mailer', mailer);
}

export default fp(mailerPlugin, { name: 'mailer', fastify: '5.x' });
