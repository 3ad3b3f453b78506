/**
 * The logs' last line of defence (server/log-scrubber.ts), through a logger with the server's
 * settings: whatever text an address or a JWT is embedded in, in the message or a nested field,
 * it does not reach the written line, and the line stays valid JSON.
 */
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '#server/logging';
import { insideJsonEscape, redactAddresses, scrubSecrets } from '#server/log-scrubber';

/** A logger with the server's settings at trace, and the lines it wrote. */
function capture() {
  const lines: string[] = [];
  const log = pino(loggerOptions('trace'), { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

/** Any text, control characters, quotes, backslashes and lone surrogates included. */
const anyText = fc.string({ unit: 'binary', maxLength: 40 });
const base64urlUnit = fc.constantFrom(
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
);
const base64url = (minLength: number) =>
  fc.string({ unit: base64urlUnit, minLength, maxLength: 60 });
/** A JWT as jose writes one: `eyJ…` header, payload and signature, base64url. */
const jwt = fc
  .tuple(base64url(1), base64url(1), base64url(0))
  .map(([header, payload, signature]) => `eyJ${header}.${payload}.${signature}`);

describe('scrubSecrets, on every line of a logger with the server settings', () => {
  it('lets no email address through, in the message or a nested field, in any text', () => {
    fc.assert(
      fc.property(
        anyText,
        fc.emailAddress(),
        anyText,
        fc.boolean(),
        (before, email, after, encode) => {
          const written = encode ? encodeURIComponent(email) : email;
          const text = `${before}${written}${after}`;
          const { log, lines } = capture();
          log.warn(text);
          log.info({ context: { note: text, list: [text] } }, 'nested');
          const domain = email.slice(email.lastIndexOf('@') + 1);
          for (const line of lines) {
            const parsed = JSON.parse(line) as unknown;
            const decoded = JSON.stringify(parsed);
            expect(decoded).not.toContain(written);
            expect(decoded).not.toContain(encode ? `%40${domain}` : `@${domain}`);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lets no JWT through, in the message or a nested field, in any text', () => {
    fc.assert(
      fc.property(anyText, jwt, anyText, (before, token, after) => {
        const { log, lines } = capture();
        log.error(`${before}${token}${after}`);
        log.debug({ deep: { er: { still: `${before}${token}${after}` } } }, 'nested');
        for (const line of lines) expect(JSON.stringify(JSON.parse(line))).not.toContain(token);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every line valid JSON and a line without secrets as it is', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const { log, lines } = capture();
        log.info({ text }, text);
        const line = lines[0]!;
        expect(() => JSON.parse(line) as unknown).not.toThrow();
        // Nothing that looks like a secret: the line is written as pino wrote it.
        if (!/[@%]|eyJ|token|password|secret|verify-email|reset-password/i.test(line))
          expect(scrubSecrets(line)).toBe(line);
      }),
      { numRuns: 300 },
    );
  });

  it("redacts mailed links' tokens, token and password pairs and fields, and keeps the rest", () => {
    const { log, lines } = capture();
    log.info(
      'open http://app.test/api/users/verify-email/AbC_d-12 or /reset-password%2Fzz9; ' +
        'GET /x?access_token=t0k3n&page=2 and Token%3Dq1 password=hunter2',
    );
    log.info({ deep: { er: { refreshToken: 'r-1', newPassword: 'p "q"', tokens: 3 } } }, 'fields');
    log.info('at node_modules/@electric-sql/pglite/dist/index.js, 5 tokens used, v1.2.3@x');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg:
        'open http://app.test/api/users/verify-email/[redacted] or /reset-password%2F[redacted]; ' +
        'GET /x?access_token=[redacted]&page=2 and Token%3D[redacted] password=[redacted]',
    });
    expect(JSON.parse(lines[1]!)).toMatchObject({
      deep: { er: { refreshToken: '[redacted]', newPassword: '[redacted]', tokens: 3 } },
    });
    expect(JSON.parse(lines[2]!)).toMatchObject({
      msg: 'at node_modules/@electric-sql/pglite/dist/index.js, 5 tokens used, v1.2.3@x',
    });
  });

  it('never cuts a JSON escape, and takes a long line in linear time', () => {
    expect(
      redactAddresses(String.raw`"a\nada@shop.test \u001fbob@shop.test C:\\carl@shop.test"`),
    ).toBe(String.raw`"a\n[redacted] \u001f[redacted] C:\\[redacted]"`);
    expect(insideJsonEscape(String.raw`\u001f`, 5)).toBe(true);
    expect(insideJsonEscape(String.raw`\u001fa`, 6)).toBe(false);
    expect(insideJsonEscape(String.raw`\\u0`, 3)).toBe(false);
    // A quadratic scan of 2 MB of letters around an @ would take minutes.
    const long = `{"msg":"${'a'.repeat(1_000_000)}@${'b'.repeat(1_000_000)}"}`;
    const started = performance.now();
    scrubSecrets(long);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
