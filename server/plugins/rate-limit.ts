import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
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

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler that refuses with 429 once the client's address or the body's `email` has
     * made too many `action` requests. Counters live in the database, shared by all processes.
     */
    limitAttempts(action: string, limits: AttemptLimits): preHandlerAsyncHookHandler;
  }
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit store on the `rate_limit_counters` table: one upsert per counted request. */
function postgresStore(db: Database) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindowMs: number): void {
      const window = sql`make_interval(secs => ${timeWindowMs / 1000})`;
      const expired = sql`${rateLimitCounters.resetAt} <= now()`;
      db.insert(rateLimitCounters)
        .values({ key, hits: 1, resetAt: sql`now() + ${window}` })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounters.hits} + 1 END`,
            resetAt: sql`CASE WHEN ${expired} THEN now() + ${window} ELSE ${rateLimitCounters.resetAt} END`,
          },
        })
        .returning({
          hits: rateLimitCounters.hits,
          ttlMs: sql<string>`ceil(extract(epoch from (${rateLimitCounters.resetAt} - now())) * 1000)`,
        })
        .then(
          ([row]) =>
            callback(null, { current: row?.hits ?? 1, ttl: Math.max(0, Number(row?.ttlMs ?? 0)) }),
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

async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false, store: postgresStore(app.db) });

  app.decorate('limitAttempts', (action: string, limits: AttemptLimits) => {
    const scale = app.config.rateLimitMultiplier;
    const byAddress = app.createRateLimit({
      max: limits.perAddress.max * scale,
      timeWindow: limits.perAddress.timeWindowMs,
      keyGenerator: (request) => `${action}:address:${request.ip}`,
    });
    const byEmail = app.createRateLimit({
      max: limits.perEmail.max * scale,
      timeWindow: limits.perEmail.timeWindowMs,
      keyGenerator: (request) => `${action}:email:${emailOf(request) ?? ''}`,
    });
    return async (request, reply) => {
      const checks = emailOf(request) === undefined ? [byAddress] : [byAddress, byEmail];
      for (const check of checks) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          void reply.header('retry-after', result.ttlInSeconds);
          throw new AppError(
            429,
            'rate_limited',
            apiMessages.rateLimited(describeWait(result.ttl)),
          );
        }
      }
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
