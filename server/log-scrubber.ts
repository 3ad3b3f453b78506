/**
 * The last line of defence of the logs (server/logging.ts): {@link scrubSecrets} takes email
 * addresses, JWTs, the tokens of mailed links and the values of `…token`, `…password` and
 * `…secret` pairs and fields out of one serialized log line, whoever wrote it. It works on pino's
 * JSON text rather than on objects, so it reaches every string of the line (`msg` included) at
 * any depth without walking anything, and it never replaces part of a JSON escape, so the line
 * stays valid JSON. Each pattern runs only when a cheap look for a literal it needs (`@`, `%40`,
 * `eyJ`, `token`…) finds one, and the addresses are found from their `@` outwards, so a request
 * line costs about 0.35 µs when it holds none of them and 2–2.5 µs when it does, and a line of
 * any length costs linear time (docs/decisions/004-rate-limits-and-mail.md).
 */

/** What a redacted value is replaced with. */
export const redacted = '[redacted]';

const isHexDigit = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);

/** Whether the backslashes that end just before `index` are odd in number (the last escapes). */
function escapingBackslashBefore(text: string, index: number): boolean {
  let count = 0;
  while (index - 1 - count >= 0 && text.charCodeAt(index - 1 - count) === 92) count += 1;
  return count % 2 === 1;
}

/**
 * Whether `text[index]` belongs to a JSON escape other than its backslash: the letter after the
 * backslash (`\n`, `\"`, `\u`) or one of the hex digits of `\u001f`.
 */
export function insideJsonEscape(text: string, index: number): boolean {
  if (escapingBackslashBefore(text, index)) return true;
  for (let digits = 0; digits <= 3; digits += 1) {
    const u = index - 1 - digits;
    if (u < 1) return false;
    if (digits > 0 && !isHexDigit(text.charCodeAt(index - digits))) return false;
    if (text.charCodeAt(u) === 117 /* u */ && escapingBackslashBefore(text, u)) return true;
  }
  return false;
}

/**
 * Characters of the part of an address before its `@`: RFC 5322's, but `/`, `=`, `?` and `&`,
 * so that `?email=ada@shop.test` keeps its name and `node_modules/@scope/name` is no address.
 */
const localPartChars = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.!#$%'*+^_`{|}~-")
  localPartChars[char.charCodeAt(0)] = 1;
const isLocalPartChar = (code: number): boolean => code < 128 && localPartChars[code] === 1;

/** The domain of an address, from just after its `@`: labels of up to 63, a lettered TLD. */
const domainPattern = /[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,63}/y;

/**
 * `text` with every email address replaced by `[redacted]`: `ada@shop.test`, also URL-encoded
 * (`ada%40shop.test`). Each `@` (or `%40`) is taken outwards: up to 64 characters before it
 * (RFC 5321's limit), not starting inside a JSON escape, and a domain with a lettered TLD after
 * it; with none of those characters before it (`a/&@shop.test`), the `@` and the domain alone.
 * Linear in the length of `text`.
 */
export function redactAddresses(text: string): string {
  let clean = '';
  let copied = 0;
  let searchFrom = 0;
  while (searchFrom < text.length) {
    const atSign = text.indexOf('@', searchFrom);
    const encoded = text.indexOf('%40', searchFrom);
    const at = atSign === -1 ? encoded : encoded === -1 ? atSign : Math.min(atSign, encoded);
    if (at === -1) break;
    const separatorLength = at === encoded ? 3 : 1;
    searchFrom = at + separatorLength;
    let start = at;
    while (start > copied && at - start < 64 && isLocalPartChar(text.charCodeAt(start - 1)))
      start -= 1;
    while (start < at && insideJsonEscape(text, start)) start += 1;
    domainPattern.lastIndex = at + separatorLength;
    if (!domainPattern.exec(text)) continue;
    clean += text.slice(copied, start) + redacted;
    copied = domainPattern.lastIndex;
    searchFrom = copied;
  }
  return copied === 0 ? text : clean + text.slice(copied);
}

/** A JWT (JWS or JWE): base64url JSON header `{"…` (`eyJ`), then two to four dotted parts. */
const jwtPattern = /eyJ[\w-]+\.[\w-]+\.[\w-]*(?:\.[\w-]*){0,2}/g;
/** The token of a mailed link in text, also with an encoded slash (`reset-password%2F…`). */
const mailedLinkToken = /(verify-email|reset-password)(\/|%2F)[^/?#&\s"\\;,)<>']+/gi;
/** `text` with the token of every mailed link (`/verify-email/…`, `reset-password%2F…`) redacted. */
export const redactMailedLinkTokens = (text: string): string =>
  text.replace(mailedLinkToken, `$1$2${redacted}`);

/**
 * The value of `access_token=…`, `token=…`, `newPassword=…`, `client_secret=…` (`%3D` for `=`
 * too): any name ending in one of the words, which the pattern starts from so that it scans in
 * linear time. The value stops at a backslash, so it never ends inside an escape.
 */
const secretPair = /(token|password|secret)(=|%3D)[^&\s"\\#]+/gi;
/** A JSON string field whose name ends in `token`, `password` or `secret`, at any depth. */
const secretField = /(token|password|secret)":"(?:[^"\\]|\\.)*"/gi;
/** Literals one of the three patterns above needs: a line without any skips them. */
const mayNameSecret = /token|password|secret|verify-email|reset-password/i;

/**
 * One serialized log line (pino's JSON text) with every email address (also `%40`-encoded),
 * JWT, mailed link's token (`/verify-email/…`, `/reset-password/…`), and value of a `…token`,
 * `…password` or `…secret` pair (`name=value`) or JSON string field replaced by `[redacted]`, in
 * any string of the line, `msg` included. Returns `line` itself when it holds none of them. The
 * replacements hold neither quotes nor backslashes and never cut an escape, so a valid JSON line
 * stays valid.
 */
export function scrubSecrets(line: string): string {
  let clean = line;
  if (clean.includes('@') || clean.includes('%40')) clean = redactAddresses(clean);
  if (clean.includes('eyJ')) {
    // An `e` that ends a `\u001e` escape starts no JWT: the text there is U+001E, then `yJ`.
    clean = clean.replace(jwtPattern, (jwt: string, offset: number, whole: string) =>
      insideJsonEscape(whole, offset) ? jwt : redacted,
    );
  }
  if (mayNameSecret.test(clean)) {
    clean = redactMailedLinkTokens(clean)
      .replace(secretPair, `$1$2${redacted}`)
      .replace(secretField, `$1":"${redacted}"`);
  }
  return clean;
}
