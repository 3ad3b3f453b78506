/**
 * The server's logger settings in one place: what is kept out of the logs (SQL parameters,
 * PostgreSQL's DETAIL line, addresses, names, passwords, tokens) and how errors and requests are
 * written. `buildApp` uses them unless told otherwise; tests build a logger with the same
 * settings and a stream of their own to read what would have been written.
 *
 * Three layers keep secrets and addresses out, from the narrowest to the widest:
 * - the code that logs says what happened, not to whom (the mailer logs the mail's kind, never
 *   its recipient, link or file);
 * - pino's `redact` paths blank known fields (`to`, `link`, `email`, `token`, passwords,
 *   headers), the error serializer takes query values out of errors, and the request serializer
 *   writes the address with every query value and the token of a mailed link redacted
 *   ({@link redactUrl});
 * - a last line of defence, {@link scrubSecrets} (server/log-scrubber.ts), runs on every
 *   serialized line at every level, whoever wrote it (Fastify, a plugin, a route, the queue
 *   worker), as pino's `hooks.streamWrite`, so it holds for any stream `loggerOptions` is given:
 *   whatever string of the line (the `msg` included) still holds an email address, a JWT, the
 *   token of a mailed link (`/verify-email/…`, `/reset-password/…`), or the value of a
 *   `…token=`, `…password=` or `…secret=` pair or JSON field is redacted there. It works on the
 *   JSON text, so it reaches nested fields without walking objects; about 0.35 µs for a request
 *   line with nothing to redact, 2–2.5 µs for one that holds an address or a link's token
 *   (docs/decisions/004-rate-limits-and-mail.md).
 *
 * `console.*` output does not go through pino: nothing printed there may carry a secret unless
 * a person at a terminal is meant to read it (the demo shop's admin, server/plugins/demo-shop.ts).
 */
import { LogController } from 'fastify';
import type { FastifyLoggerOptions, FastifyReply, FastifyRequest } from 'fastify';
import { destination, stdSerializers } from 'pino';
import type { LoggerOptions as PinoLoggerOptions } from 'pino';
import {
  redactAddresses,
  redactMailedLinkTokens,
  redacted,
  scrubSecrets,
} from '#server/log-scrubber';

export { redacted, scrubSecrets };

/** Fields of a request or form body that name or identify a person, or unlock an account. */
const personalFields = [
  'email',
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'token',
  'firstName',
  'lastName',
];

/**
 * Fields of an error that hold the values a query ran with, or quote them: drizzle's
 * `DrizzleQueryError.params`, PGlite's `params`, and PostgreSQL's DETAIL line, which reads for
 * instance `Key (lower(email))=(someone@shop.test) already exists.` or `Failing row contains (…)`.
 */
const errorValueFields = ['params', 'detail'];

/**
 * Paths pino's redaction replaces with `[redacted]`. Errors are also cleaned by
 * {@link serializeError}, which reaches the error's message and stack; these paths cover the
 * same fields wherever they are logged, plus headers and bodies should they ever be logged.
 */
export const redactPaths: string[] = [
  ...['err', 'error'].flatMap((key) =>
    errorValueFields.flatMap((field) => [`${key}.${field}`, `${key}.cause.${field}`]),
  ),
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  // Headers a plugin logs under a key of its own (@fastify/multipart's trace line logs
  // `busboyOptions.headers`).
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  // A mail's recipient and its link (which carries a token).
  'to',
  'link',
  ...personalFields.flatMap((field) => [field, `*.${field}`]),
  ...['body', 'req.body'].flatMap((at) => [`${at}.name`, `${at}.organization`]),
];

type ErrorLike = Error & Record<string, unknown>;

/** An error as written in a log line. */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';

/** The error, the errors it wraps (`cause`, `errors`) and errors held in its fields. */
function errorTree(root: unknown): ErrorLike[] {
  const found: ErrorLike[] = [];
  const visit = (value: unknown, depth: number) => {
    if (!isErrorLike(value) || found.includes(value) || depth > 8) return;
    found.push(value);
    visit(value.cause, depth + 1);
    if (Array.isArray(value.errors)) for (const inner of value.errors) visit(inner, depth + 1);
    for (const key of Object.keys(value)) if (key !== 'cause') visit(value[key], depth + 1);
  };
  visit(root, 0);
  return found;
}

/** What to take out of the texts of an error tree, and the query texts to keep whole. */
interface Cleaning {
  replacements: [string, string][];
  queries: string[];
}

/**
 * drizzle writes `params: <values joined by commas>` into its message, and PostgreSQL quotes a
 * refused value (`invalid input syntax for type uuid: "…"`); the queries themselves carry
 * placeholders ($1…), not values, and stay as they are even where a value matches a quoted
 * table or column name.
 */
function cleaningFor(errors: ErrorLike[]): Cleaning {
  const replacements: [string, string][] = [];
  const queries: string[] = [];
  for (const error of errors) {
    if (typeof error.query === 'string' && error.query.length > 0) queries.push(error.query);
    const params = error.params;
    if (!Array.isArray(params) || params.length === 0) continue;
    replacements.push([`params: ${String(params)}`, `params: ${redacted}`]);
    for (const value of params) {
      const text = typeof value === 'string' ? value : undefined;
      if (text && text.length >= 3) replacements.push([`"${text}"`, `"${redacted}"`]);
    }
  }
  // Longest first, so a value inside a longer one does not break the longer replacement.
  const longestFirst = (a: string, b: string) => b.length - a.length;
  replacements.sort((a, b) => longestFirst(a[0], b[0]));
  return { replacements, queries: [...new Set(queries)].sort(longestFirst) };
}

function cleanText(text: string, { replacements, queries }: Cleaning): string {
  let clean = text;
  queries.forEach((query, index) => (clean = clean.split(query).join(`⟦query ${index}⟧`)));
  for (const [from, to] of replacements) clean = clean.split(from).join(to);
  clean = clean.replace(/^params: (?!\[redacted\]).*$/gm, `params: ${redacted}`);
  clean = clean.replace(/⟦query (\d+)⟧/g, (_match, index: string) => queries[Number(index)]!);
  return redactAddresses(clean);
}

/** Clean one serialized error (and the serialized errors inside it) in place. */
function cleanSerialized(serialized: Record<string, unknown>, cleaning: Cleaning, depth = 0): void {
  for (const key of Object.keys(serialized)) {
    const value = serialized[key];
    if (errorValueFields.includes(key) && value !== undefined) serialized[key] = redacted;
    else if (typeof value === 'string' && (key === 'message' || key === 'stack'))
      serialized[key] = cleanText(value, cleaning);
    else if (depth < 8 && Array.isArray(value))
      value.forEach((item) => {
        if (isErrorLike(item)) cleanSerialized(item, cleaning, depth + 1);
      });
    else if (depth < 8 && isErrorLike(value)) cleanSerialized(value, cleaning, depth + 1);
  }
}

/**
 * pino's error serializer (type, message and stack with their causes, own fields), with the
 * query values taken out: the `params` and `detail` fields, the `params: …` line drizzle writes
 * into its message and stack, quoted values, and any address in the message or stack.
 */
export function serializeError(error: unknown): SerializedError {
  // Whatever else is logged as `err` is written as it is, as pino does.
  if (!isErrorLike(error)) return error as SerializedError;
  const serialized = stdSerializers.err(error) as unknown as SerializedError;
  cleanSerialized(serialized, cleaningFor(errorTree(error)));
  return serialized;
}

/** A query parameter's name worth keeping: short, and only the characters names are made of. */
const parameterName = /^[\w.\-[\]%]{1,64}$/;

/**
 * A request's address as it may be logged: the token of a mailed link
 * (`/verify-email/<token>`, `/api/users/verify-email/<token>`, `/reset-password/<token>`) and
 * every query value redacted, the parameters' names kept:
 * `/signin?redirect=%2Freset-password%2Fabc&email=a%40b.test` →
 * `/signin?redirect=[redacted]&email=[redacted]`. An empty value stays empty; a name that does
 * not look like one (too long, odd characters) is redacted too, as is a fragment.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const hashAt = url.indexOf('#');
  const pathEnd = Math.min(
    queryAt === -1 ? url.length : queryAt,
    hashAt === -1 ? url.length : hashAt,
  );
  const path = redactMailedLinkTokens(url.slice(0, pathEnd));
  if (pathEnd === url.length) return path;
  let query = '';
  if (queryAt !== -1 && queryAt === pathEnd) {
    const queryEnd = hashAt > queryAt ? hashAt : url.length;
    query = `?${url
      .slice(queryAt + 1, queryEnd)
      .split('&')
      .map((pair) => {
        const equalsAt = pair.indexOf('=');
        const name = equalsAt === -1 ? pair : pair.slice(0, equalsAt);
        const keptName = name === '' || parameterName.test(name) ? name : redacted;
        if (equalsAt === -1) return keptName;
        return equalsAt === pair.length - 1 ? `${keptName}=` : `${keptName}=${redacted}`;
      })
      .join('&')}`;
  }
  return hashAt === -1 ? `${path}${query}` : `${path}${query}#${redacted}`;
}

/**
 * Fastify's request serializer, with the tokens of the address redacted and without the
 * client's network address and port: a client's IP address is personal data (GDPR recital 30)
 * and logs reach more readers than the shop's admin (decision 004).
 */
function serializeRequest(request: FastifyRequest) {
  // Anything may be logged as `req`: read it the way Fastify's own serializer does.
  const { method, url, headers, host } = request as Partial<FastifyRequest>;
  return {
    method,
    url: typeof url === 'string' ? redactUrl(url) : url,
    version: headers?.['accept-version'] as string | undefined,
    host,
  };
}

export type LoggerOptions = FastifyLoggerOptions & PinoLoggerOptions;

/**
 * The logger settings for `Fastify({ logger })`, at `level`. Add `stream` to write somewhere
 * other than stdout (tests do).
 */
export function loggerOptions(level = 'info'): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: redacted },
    // Every line, whoever writes it, at every level, just before it reaches the stream.
    hooks: { streamWrite: scrubSecrets },
    serializers: {
      req: serializeRequest,
      err: serializeError,
      error: serializeError,
    },
  };
}

/**
 * The server's own logger: `loggerOptions(level)` writing to stdout asynchronously. A line is
 * handed to the operating system as soon as no other write is under way, and lines that come
 * meanwhile go out together, so a busy server makes one write for many lines instead of one
 * each. pino writes whatever is still buffered when the process exits.
 */
export function serverLoggerOptions(level = 'info'): LoggerOptions {
  return { ...loggerOptions(level), stream: destination({ dest: 1, sync: false }) };
}

/**
 * Fastify's request log lines, one per request instead of two: nothing when a request comes in,
 * and the request, its answer and its time once it is answered (an error as Fastify logs it).
 * Halves the logging an authenticated read pays for (docs/decisions/032-lean-request-path.md).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
