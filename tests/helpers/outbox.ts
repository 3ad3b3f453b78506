import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** Every http(s) link in the message, decoded. */
  links: string[];
  raw: string;
}

/** Undo quoted-printable soft line breaks and =XX escapes, enough to read links and headers. */
const decodeQuotedPrintable = (text: string): string =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Every message in `$DATA_DIR/outbox`, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const folder = join(dataDir, 'outbox');
  const files = (await readdir(folder).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(join(folder, file), 'utf8');
      const decoded = decodeQuotedPrintable(raw);
      return {
        file,
        raw,
        to: /^To: (.+)$/m.exec(raw)?.[1]?.trim() ?? '',
        subject: /^Subject: (.+)$/m.exec(raw)?.[1]?.trim() ?? '',
        links: [...new Set(decoded.match(/https?:\/\/[^\s"<>]+/g) ?? [])],
      };
    }),
  );
}

/**
 * The link of the newest message to `to` whose link contains `pathPart`.
 * @throws when there is none
 */
export async function latestLink(dataDir: string, to: string, pathPart: string): Promise<string> {
  const mails = (await readOutbox(dataDir)).filter(
    (mail) => mail.to.toLowerCase() === to.toLowerCase(),
  );
  for (const mail of mails.reverse()) {
    const link = mail.links.find((candidate) => candidate.includes(pathPart));
    if (link) return link;
  }
  throw new Error(`no mail to ${to} with a link containing ${pathPart}`);
}
