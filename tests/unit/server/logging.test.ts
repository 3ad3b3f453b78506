import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '#server/logging';

interface LogLine {
  errorId?: string;
  err: Record<string, string>;
  [field: string]: unknown;
}

/** A logger with the server's settings, and the lines it wrote. */
function capture() {
  const lines: string[] = [];
  const log = pino(loggerOptions('info'), { write: (line: string) => void lines.push(line) });
  return { log, lines, last: () => JSON.parse(lines.at(-1)!) as LogLine };
}

/** The driver error PostgreSQL sends for a duplicate address (as pg and PGlite build it). */
function uniqueViolation(email: string) {
  return Object.assign(
    new Error('duplicate key value violates unique constraint "users_email_lower_key"'),
    {
      name: 'error',
      severity: 'ERROR',
      code: '23505',
      detail: `Key (lower(email))=(${email}) already exists.`,
      constraint: 'users_email_lower_key',
    },
  );
}

const email = 'grace.hopper@navy.test';

describe('the logger settings', () => {
  it("write a failed query without its parameters or PostgreSQL's DETAIL", () => {
    const { log, lines, last } = capture();
    const query = 'insert into "users" ("email", "first_name", "last_name") values ($1, $2, $3)';
    const error = new DrizzleQueryError(
      query,
      [email, 'Grace', 'Hopper-Murray'],
      uniqueViolation(email),
    );
    log.error({ err: error, errorId: 'id-1' }, 'unhandled error');
    const line = last();
    expect(line.errorId).toBe('id-1');
    expect(line.err.type).toBe('DrizzleQueryError');
    expect(line.err.query).toBe(query);
    expect(line.err.params).toBe('[redacted]');
    expect(line.err.message).toBe(
      `Failed query: ${query}\nparams: [redacted]: duplicate key value violates unique constraint "users_email_lower_key"`,
    );
    expect(line.err.stack).toContain('params: [redacted]');
    for (const value of [email, 'Grace,', 'Hopper-Murray']) expect(lines[0]).not.toContain(value);
  });

  it('keep the query whole when a value matches one of its quoted names', () => {
    const { log, last } = capture();
    const query = 'select "id" from "users" where "kind" = $1';
    const refused = Object.assign(new Error('invalid input value for enum kind: "users"'), {
      code: '22P02',
    });
    log.error({ err: new DrizzleQueryError(query, ['users'], refused) }, 'failed');
    expect(last().err.message).toBe(
      `Failed query: ${query}\nparams: [redacted]: invalid input value for enum kind: "[redacted]"`,
    );
  });

  it('redact the DETAIL line of a driver error logged on its own, under err or error', () => {
    const { log, lines } = capture();
    log.error({ err: uniqueViolation(email) }, 'insert failed');
    log.warn({ error: uniqueViolation(email) }, 'insert failed');
    log.error(uniqueViolation(email), 'insert failed');
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toContain('"detail":"[redacted]"');
      expect(line).toContain('"code":"23505"');
      expect(line).not.toContain(email);
    }
  });

  it('take quoted values and addresses out of messages, causes included', () => {
    const { log, lines, last } = capture();
    const refused = Object.assign(
      new Error(`invalid input syntax for type uuid: "not-a-uuid" (sent by ${email})`),
      { params: ['not-a-uuid'] },
    );
    log.error({ err: new Error('reading the thread failed', { cause: refused }) }, 'failed');
    expect(last().err.message).toBe(
      'reading the thread failed: invalid input syntax for type uuid: "[redacted]" (sent by [redacted])',
    );
    expect(lines[0]).not.toContain('not-a-uuid');
    // Stack frames such as node_modules/@scope/package are not addresses.
    log.error({ err: new Error('at node_modules/@electric-sql/pglite/dist/index.js') }, 'x');
    expect(last().err.message).toBe('at node_modules/@electric-sql/pglite/dist/index.js');
  });

  it('redact addresses, names, passwords and tokens in logged fields and bodies', () => {
    const { log, last } = capture();
    log.info(
      {
        to: email,
        email,
        token: 'abc',
        body: { email, password: 'p', firstName: 'Grace', lastName: 'Hopper', name: 'Navy', ok: 1 },
        user: { email, id: 7 },
        headers: { authorization: 'Bearer x', cookie: 'a=b', accept: 'text/html' },
      },
      'fields',
    );
    expect(last()).toMatchObject({
      to: '[redacted]',
      email: '[redacted]',
      token: '[redacted]',
      body: {
        email: '[redacted]',
        password: '[redacted]',
        firstName: '[redacted]',
        lastName: '[redacted]',
        name: '[redacted]',
        ok: 1,
      },
      user: { email: '[redacted]', id: 7 },
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'text/html' },
    });
  });

  it('leave the tokens of mailed links and every query value out of logged addresses', () => {
    expect(redactUrl('/api/users/verify-email/eyJhbGci.x.y')).toBe(
      '/api/users/verify-email/[redacted]',
    );
    expect(redactUrl('/verify-email/abc')).toBe('/verify-email/[redacted]');
    expect(redactUrl('/reset-password/abc123?from=mail')).toBe(
      '/reset-password/[redacted]?from=[redacted]',
    );
    expect(redactUrl('/signin?email=a%40b.test&next=%2F')).toBe(
      '/signin?email=[redacted]&next=[redacted]',
    );
    // A redirect can carry a mailed link's path, encoded: no value is kept, whatever its name.
    expect(redactUrl('/signin?redirect=%2Freset-password%2Fabc123&access_token=eyJa.b.c')).toBe(
      '/signin?redirect=[redacted]&access_token=[redacted]',
    );
    expect(redactUrl('/api/files/7?token=abc&download&empty=#part')).toBe(
      '/api/files/7?token=[redacted]&download&empty=#[redacted]',
    );
    // A "name" that is no name (an address, a long opaque string) is not kept either.
    expect(redactUrl(`/x?ada@shop.test&${'z'.repeat(70)}=1`)).toBe(
      '/x?[redacted]&[redacted]=[redacted]',
    );
    expect(redactUrl('/api/machines/12')).toBe('/api/machines/12');
  });
});
