import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { eq, lt, sql } from 'drizzle-orm';
import { rateLimitCounters } from '#db/schema';
import { apiMessages } from '#contracts/errors';
import { toStorableText } from '#contracts/text';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';

/** A fixed window: at most `max` requests per `timeWindowMs`. */
export interface Limit {
  max: number;
  timeWindowMs: number;
}

/** Limits for one action, counted per client address and per email address in the body. */
export interface AttemptLimits {
  perAddress: Limit;
  perEmail: Limit;
}

/**
 * Limits for an action that checks a password (docs/decisions/004-rate-limits-and-mail.md):
 * every attempt per client address (against one address spraying many emails), and failed
 * attempts per email address and client address (against guessing one password), so that a
 * stranger's failures count against the stranger's own address only (OWASP ASVS 2.2.1).
 */
export interface PasswordAttemptLimits {
  perAddress: Limit;
  failuresPerEmailAndAddress: Limit;
}

/** What a counter is keyed by: the client's address and the body's `email`. */
export type CountedRequest = Pick<FastifyRequest, 'body' | 'ip'>;

/** The attempts of one password-checking action, made by `app.limitPasswordAttempts`. */
export interface PasswordAttempts {
  /**
   * A preHandler that counts the attempt against the client's address and, until the password
   * is found right, as a failure of the body's email from that address; it refuses with 429
   * (`rate_limited`, `Retry-After` in seconds) once that address has made too many attempts, or
   * once the body's email has failed too often from that address, without checking the password.
   */
  preHandler: preHandlerAsyncHookHandler;
  /** Forget the failures of the body's email from this address: its password matched. */
  clearFailures(request: CountedRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler that refuses with 429 once the client's address or the body's `email` has
     * made too many `action` requests. Counters live in the database, shared by all processes.
     */
    limitAttempts(action: string, limits: AttemptLimits): preHandlerAsyncHookHandler;
    /**
     * The limits of an action that checks a password, `action` naming its counters (actions that
     * share a name share them): all attempts per client address, failures per email and address.
     * Counters live in the database, shared by all processes; `RATE_LIMIT_MULTIPLIER` scales each
     * `max`. Every attempt counts as a failure until the route calls `clearFailures` for a right
     * password.
     */
    limitPasswordAttempts(action: string, limits: PasswordAttemptLimits): PasswordAttempts;
  }
}

/** A counter's window: hits counted in it and the time left until it resets, in ms. */
interface CounterWindow {
  hits: number;
  ttlMs: number;
}

const windowColumns = {
  hits: rateLimitCounters.hits,
  ttlMs: sql<string>`ceil(extract(epoch from (${rateLimitCounters.resetAt} - now())) * 1000)`,
};

const toWindow = (row: { hits: number; ttlMs: string }): CounterWindow => ({
  hits: row.hits,
  ttlMs: Math.max(0, Number(row.ttlMs)),
});

/**
 * Count one hit on `key` in one upsert: a new or expired window starts again at 1 hit for
 * `timeWindowMs`, else the hit is added to the current window.
 * @returns the window after the hit
 */
async function countHit(db: Database, key: string, timeWindowMs: number): Promise<CounterWindow> {
  const window = sql`make_interval(secs => ${timeWindowMs / 1000})`;
  const expired = sql`${rateLimitCounters.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounters.hits} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN now() + ${window} ELSE ${rateLimitCounters.resetAt} END`,
      },
    })
    .returning(windowColumns);
  return row ? toWindow(row) : { hits: 1, ttlMs: timeWindowMs };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit store on the `rate_limit_counters` table: one upsert per counted request. */
function postgresStore(db: Database) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindowMs: number): void {
      countHit(db, key, timeWindowMs).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(): PostgresRateLimitStore {
      return new PostgresRateLimitStore();
    }
  };
}

/** "15 minutes", "1 hour", "40 seconds": the wait before the next attempt. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/**
 * The body's email address as part of a counter key. The preHandler runs after the body is
 * validated, which refuses NUL and lone surrogates; they are replaced all the same (after
 * cutting the address to 320 characters, which may split a pair), so no body can make the key
 * unstorable.
 */
export function emailOf(request: Pick<FastifyRequest, 'body'>): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string'
    ? toStorableText(body.email.trim().toLowerCase().slice(0, 320))
    : undefined;
}

/**
 * The key of the failures counter of the body's email from the client's address for `action`,
 * `<action>:failures:<address>/<email>` (an address never holds `/`, so no two pairs share a
 * key); undefined when the body has no email.
 */
export function failuresKey(action: string, request: CountedRequest): string | undefined {
  const email = emailOf(request);
  return email === undefined ? undefined : `${action}:failures:${request.ip}/${email}`;
}

/**
 * Refuse the request: 429 `rate_limited` with the spec's message and `Retry-After`.
 * @param ttlMs the time left until the counter's window resets, in ms (sent in whole seconds)
 * @throws AppError 429 always
 */
function refuse(reply: FastifyReply, ttlMs: number): never {
  void reply.header('retry-after', Math.ceil(ttlMs / 1000));
  throw new AppError(429, 'rate_limited', apiMessages.rateLimited(describeWait(ttlMs)));
}

async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false, store: postgresStore(app.db) });
  const scale = app.config.rateLimitMultiplier;

  /** A check that counts the request under `keyOf(request)` and refuses past `limit`. */
  const counter = (limit: Limit, keyOf: (request: FastifyRequest) => string) => {
    const check = app.createRateLimit({
      max: limit.max * scale,
      timeWindow: limit.timeWindowMs,
      keyGenerator: keyOf,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) refuse(reply, result.ttl);
    };
  };

  app.decorate('limitAttempts', (action: string, limits: AttemptLimits) => {
    const byAddress = counter(limits.perAddress, (request) => `${action}:address:${request.ip}`);
    const byEmail = counter(
      limits.perEmail,
      (request) => `${action}:email:${emailOf(request) ?? ''}`,
    );
    return async (request, reply) => {
      await byAddress(request, reply);
      if (emailOf(request) !== undefined) await byEmail(request, reply);
    };
  });

  app.decorate('limitPasswordAttempts', (action: string, limits: PasswordAttemptLimits) => {
    const byAddress = counter(limits.perAddress, (request) => `${action}:address:${request.ip}`);
    const failures = limits.failuresPerEmailAndAddress;
    return {
      async preHandler(request, reply) {
        await byAddress(request, reply);
        const key = failuresKey(action, request);
        if (key === undefined) return;
        // Counted before the password is checked, so attempts sent together cannot pass the
        // limit between a check and a count; a right password takes them back (clearFailures).
        const window = await countHit(app.db, key, failures.timeWindowMs);
        if (window.hits > failures.max * scale) refuse(reply, window.ttlMs);
      },
      async clearFailures(request) {
        const key = failuresKey(action, request);
        if (key !== undefined) {
          await app.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
        }
      },
    };
  });

  // Forget windows that ended more than an hour ago.
  const purge = () =>
    app.db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.resetAt, sql`now() - interval '1 hour'`))
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not purge rate-limit counters'),
      );
  const timer = setInterval(() => void purge(), 15 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}

export default fp(rateLimitPlugin, {
  name: 'rate-limit',
  fastify: '5.x',
  dependencies: ['database', 'errors'],
});
