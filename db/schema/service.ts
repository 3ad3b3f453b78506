/**
 * Tables the app processes share to run the service, not shop data: generated secrets, rate-limit
 * counters and the progress of jobs on the job queue.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Secrets every app process must share, generated once by the first process that needs one:
 * `jwt` is the session-signing key on PostgreSQL when JWT_SECRET is not set.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for @fastify/rate-limit, shared by every app process. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('rate_limit_counters_reset_idx').on(table.resetAt),
    check('rate_limit_counters_hits_positive', sql`${table.hits} > 0`),
  ],
);

/**
 * How far a heavy job on the PostgreSQL job queue is (WORKERS=external, decision 034): written
 * by the `npm run worker` process that runs it, polled by the app process whose request waits
 * for it. The id is pg-boss's job id; the row is removed when the job ends.
 */
export const jobProgress = pgTable('job_progress', {
  jobId: uuid('job_id').primaryKey(),
  /** 0..1 */
  fraction: doublePrecision('fraction').notNull(),
  /** In words, for the progress bar ("Recognizing text"). */
  stage: text('stage').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
