// `npm run outbox [-- N]`: the newest N messages (5 unless told) of the mail outbox, with their
// date, recipient, subject and links, for the person at the machine. Without SMTP_URL the server
// writes each message as an .eml file to $DATA_DIR/outbox/ (server/plugins/mailer.ts) and logs
// neither its recipient nor its link, so this is where a verification or reset link is read.
import { readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import PostalMime from 'postal-mime';

const usage = 'usage: npm run outbox [-- N]   (N: how many of the newest messages, 5 unless told)';

/** N from the command line. @throws nothing: exits with the usage line on a bad argument */
function countFromArguments(args) {
  if (args.length === 0) return 5;
  const count = Number(args[0]);
  if (args.length > 1 || !Number.isInteger(count) || count < 1) {
    console.error(usage);
    process.exit(1);
  }
  return count;
}

/** The server's rule (server/config.ts): DATA_DIR, else ./data, against the current folder. */
const dataDir = resolve(process.env.DATA_DIR?.trim() || './data');
/** As outboxDirIn (server/plugins/mailer.ts). */
const outbox = join(dataDir, 'outbox');

/** Every http(s) link of a message: from its text part, else from the hrefs of its HTML. */
function linksOf(email) {
  const found = email.text
    ? email.text.match(/https?:\/\/[^\s<>"')]+/g)
    : [...(email.html ?? '').matchAll(/href="(https?:\/\/[^"]+)"/g)].map((match) =>
        match[1].replaceAll('&amp;', '&'),
      );
  return [...new Set(found ?? [])];
}

const recipients = (email) =>
  (email.to ?? [])
    .flatMap((address) => address.group ?? [address])
    .map((mailbox) => mailbox.address)
    .join(', ');

/** `2026-05-04 13:02:11` in local time, from the message's Date header. */
function shownDate(date) {
  const at = new Date(date ?? '');
  if (Number.isNaN(at.getTime())) return date ?? 'no date';
  const pad = (value) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

// `npm run outbox | head` closes the pipe early: that is no error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const count = countFromArguments(process.argv.slice(2));
let files;
try {
  // Named <time>-<sequence>-<kind>.eml: in name order, oldest first.
  files = (await readdir(outbox)).filter((file) => file.endsWith('.eml')).sort();
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
  console.info(
    `No outbox yet: ${outbox} does not exist. The server writes mail there when SMTP_URL is not set, from the first sign-up or password reset on.`,
  );
  process.exit(0);
}
if (process.env.SMTP_URL?.trim())
  console.info('SMTP_URL is set: the server sends new mail to that server, not to this outbox.');
if (files.length === 0) {
  console.info(`The outbox ${outbox} has no messages yet.`);
  process.exit(0);
}

const newest = files.slice(-count);
const ofAll = files.length === 1 ? 'the 1 message' : `the ${files.length} messages`;
console.info(
  newest.length === files.length
    ? `${ofAll[0].toUpperCase()}${ofAll.slice(1)} in ${outbox}${files.length > 1 ? ', newest last' : ''}:`
    : `The ${newest.length === 1 ? 'newest' : `${newest.length} newest, last`} of ${ofAll} in ${outbox}:`,
);
for (const file of newest) {
  const email = await PostalMime.parse(await readFile(join(outbox, file)));
  console.info(`\n${shownDate(email.date)}  to ${recipients(email) || 'nobody'}`);
  console.info(`  ${email.subject ?? '(no subject)'}`);
  const links = linksOf(email);
  for (const link of links) console.info(`  ${link}`);
  if (links.length === 0) console.info('  (no link)');
}
