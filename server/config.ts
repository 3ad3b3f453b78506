import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

/** Empty strings in the environment mean "not set". */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = (name: string) =>
  z.string().trim().url(`${name} must be a full URL such as http://localhost:3000`);

/** A whole number from `min` to `max`, with messages naming the variable. */
const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`);

/** The settings of the S3-compatible file store, in the order the messages name them. */
const s3Names = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** "A", "A and B", "A, B and C". */
const listed = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * The S3_* settings: each checked on its own, and all five or none (a store with part of its
 * settings would otherwise fall back to the local folder without a word).
 */
const s3Schema = z
  .object({
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
        )
        .optional(),
    ),
    S3_ENDPOINT: optionalText.pipe(
      z
        .url({
          protocol: /^https?$/,
          error: 'S3_ENDPOINT must be a full http:// or https:// URL such as http://minio:9000',
        })
        .optional(),
    ),
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
  })
  .superRefine((s3, context) => {
    const missing = s3Names.filter((name) => s3[name] === undefined);
    if (missing.length === 0 || missing.length === s3Names.length) return;
    context.addIssue({
      code: 'custom',
      path: ['S3_*'],
      message: `S3 storage needs all five of ${listed(s3Names)}, or none of them for the local folder: ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} not set`,
    });
  });

/** An IPv4 or IPv6 address, with an optional `/prefix` that fits it. */
function isAddressOrRange(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

const trustProxyMessage =
  'TRUST_PROXY must be the number of proxies in front of the app (1 to 10) or their addresses, comma-separated (10.0.0.5,10.1.0.0/16)';

/**
 * Which proxies' `X-Forwarded-For` is believed: a hop count, or the proxies' addresses and
 * ranges. Unset, none is (a client could otherwise pick the address its rate limits count on).
 */
const trustProxySchema = optionalText.pipe(
  z
    .string()
    .transform((text, context): number | string[] => {
      if (/^\d+$/.test(text)) {
        const hops = Number(text);
        if (hops >= 1 && hops <= 10) return hops;
      } else {
        const addresses = text.split(',').map((part) => part.trim());
        if (addresses.every(isAddressOrRange)) return addresses;
      }
      context.addIssue({ code: 'custom', message: trustProxyMessage });
      return z.NEVER;
    })
    .optional(),
);

const baseSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  JWT_SECRET: optionalText.pipe(
    z.string().min(32, 'JWT_SECRET must be at least 32 characters long').optional(),
  ),
  APP_URL: optionalText.pipe(url('APP_URL').optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(1).default('Q-Bot <no-reply@localhost>'),
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: optionalText.pipe(url('ANTHROPIC_BASE_URL').optional()),
  ANTHROPIC_MODEL: z.string().trim().min(1).default('claude-sonnet-5-5'),
  ANTHROPIC_TIMEOUT_MS: z.coerce
    .number({ error: 'ANTHROPIC_TIMEOUT_MS must be a number of milliseconds' })
    .int('ANTHROPIC_TIMEOUT_MS must be a whole number of milliseconds')
    .min(1000, 'ANTHROPIC_TIMEOUT_MS must be at least 1000')
    .default(100_000),
  ANTHROPIC_MAX_RETRIES: z.coerce
    .number({ error: 'ANTHROPIC_MAX_RETRIES must be a number' })
    .int('ANTHROPIC_MAX_RETRIES must be a whole number')
    .min(0, 'ANTHROPIC_MAX_RETRIES must be between 0 and 5')
    .max(5, 'ANTHROPIC_MAX_RETRIES must be between 0 and 5')
    .default(2),
  ASSISTANT_PROVIDER: optionalText.pipe(
    z
      .enum(['claude', 'offline'], { error: "ASSISTANT_PROVIDER must be 'claude' or 'offline'" })
      .optional(),
  ),
  MARKETING_URL: z.string().trim().min(1).default('/'),
  SUPERUSER_EMAILS: z.string().default(''),
  PROMPT_OWNER_EMAIL: optionalText,
  DEMO_SHOP: optionalText.pipe(
    z.enum(['true', 'false'], { error: "DEMO_SHOP must be 'true' or 'false'" }).optional(),
  ),
  JOB_CONCURRENCY: wholeNumber('JOB_CONCURRENCY', 1, 64).optional(),
  JOB_QUEUE_LIMIT: wholeNumber('JOB_QUEUE_LIMIT', 0, 10_000).default(16),
  JOB_HEAP_MB: wholeNumber('JOB_HEAP_MB', 64, 65_536).default(1024),
  JOB_TIMEOUT_MS: wholeNumber('JOB_TIMEOUT_MS', 1000, 3_600_000).default(150_000),
  WORKERS: optionalText.pipe(
    z
      .enum(['in-process', 'external'], { error: "WORKERS must be 'in-process' or 'external'" })
      .optional(),
  ),
  RATE_LIMIT_MULTIPLIER: z.coerce
    .number({ error: 'RATE_LIMIT_MULTIPLIER must be a number' })
    .min(1, 'RATE_LIMIT_MULTIPLIER must be at least 1')
    .default(1),
  TRUST_PROXY: trustProxySchema,
});

/** Both parts are checked even when the other fails, so one message lists every problem. */
const envSchema = baseSchema.and(s3Schema);

export type AssistantProviderName = 'claude' | 'offline';

/** Where the S3-compatible file store is and how to sign in to it (all of `S3_*`). */
export interface S3Settings {
  /** The bucket that holds the files; the product's alone (the sweep removes keys no row names). */
  bucket: string;
  /** The store's base URL, such as `http://minio:9000`; buckets are addressed by path. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The product's settings, read once from the environment at start. */
export interface Config {
  /** TCP port of the one process serving the UI and `/api` (0 picks a free port). */
  port: number;
  host: string;
  /** Absolute folder for PGlite, files, the outbox and the generated JWT secret. */
  dataDir: string;
  /** PostgreSQL server to use instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /**
   * HS256 secret; when unset one is generated once and kept in the database on PostgreSQL
   * (shared by every app process), else in `$DATA_DIR/jwt-secret`.
   */
  jwtSecret: string | undefined;
  /** Public address of the product, used in links sent by mail (no trailing slash). */
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  anthropicApiKey: string | undefined;
  anthropicBaseUrl: string | undefined;
  anthropicModel: string;
  /** Longest wait for one Messages API request, ms. */
  anthropicTimeoutMs: number;
  /** Retries of a failed Messages API request (429, 5xx, 529, timeouts), with backoff. */
  anthropicMaxRetries: number;
  assistantProvider: AssistantProviderName;
  /** Where the browser goes after logout. */
  marketingUrl: string;
  /** Lower-cased addresses granted the superuser role at sign-up. */
  superuserEmails: string[];
  promptOwnerEmail: string | undefined;
  /** Seed the demo shop on a first start: on with the embedded database, off with DATABASE_URL, unless DEMO_SHOP says. */
  demoShop: boolean;
  /**
   * Heavy jobs (drawing reads, program generation) run in a worker pool: at most
   * `jobs.concurrency` at once (default: the number of cores), up to `jobs.queueLimit` waiting
   * behind them (more answer 503), each worker with a heap of `jobs.heapMb` MB and each job
   * stopped after `jobs.timeoutMs` ms. With `jobs.workers` 'external' (WORKERS=external, which
   * needs DATABASE_URL) the app only enqueues them on the PostgreSQL job queue and `npm run
   * worker` processes run them, each with such a pool (server/jobs/queue-runner.ts, decision 034).
   */
  jobs: {
    concurrency: number;
    queueLimit: number;
    heapMb: number;
    timeoutMs: number;
    workers: 'in-process' | 'external';
  };
  /** Multiplies every rate limit's allowance (1 in production; raised for browser-test rigs). */
  rateLimitMultiplier: number;
  /**
   * The proxies (load balancers) whose `X-Forwarded-For` names the client, as Fastify's
   * `trustProxy` takes them: how many hops, or their addresses and ranges; false believes none.
   */
  trustProxy: number | string[] | false;
  /** The S3-compatible store for files when all of `S3_*` are set; else `$DATA_DIR/files`. */
  s3: S3Settings | undefined;
}

/** Thrown when the environment cannot be turned into a {@link Config}; the message lists each problem. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parse the environment once into a typed {@link Config}.
 *
 * @param env - usually `process.env`
 * @param cwd - folder that a relative `DATA_DIR` is resolved against
 * @throws ConfigError naming every variable that is wrong and why
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.ASSISTANT_PROVIDER === 'claude' && !e.ANTHROPIC_API_KEY) {
    throw new ConfigError(
      'Invalid environment:\n  - ASSISTANT_PROVIDER: claude needs ANTHROPIC_API_KEY (or set ASSISTANT_PROVIDER=offline)',
    );
  }
  if (e.WORKERS === 'external' && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid environment:\n  - WORKERS: external needs DATABASE_URL, because the job queue the workers take jobs from lives in PostgreSQL (or unset WORKERS to run heavy jobs in this process)',
    );
  }
  const port = e.PORT;
  const appUrl = (e.APP_URL ?? `http://localhost:${port === 0 ? 3000 : port}`).replace(/\/+$/, '');
  return {
    port,
    host: e.HOST,
    dataDir: resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    appUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    anthropicApiKey: e.ANTHROPIC_API_KEY,
    anthropicBaseUrl: e.ANTHROPIC_BASE_URL,
    anthropicModel: e.ANTHROPIC_MODEL,
    anthropicTimeoutMs: e.ANTHROPIC_TIMEOUT_MS,
    anthropicMaxRetries: e.ANTHROPIC_MAX_RETRIES,
    assistantProvider: e.ASSISTANT_PROVIDER ?? (e.ANTHROPIC_API_KEY ? 'claude' : 'offline'),
    marketingUrl: e.MARKETING_URL,
    superuserEmails: e.SUPERUSER_EMAILS.split(',')
      .map((address) => address.trim().toLowerCase())
      .filter((address) => address !== ''),
    promptOwnerEmail: e.PROMPT_OWNER_EMAIL?.toLowerCase(),
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    trustProxy: e.TRUST_PROXY ?? false,
    jobs: {
      concurrency: e.JOB_CONCURRENCY ?? availableParallelism(),
      queueLimit: e.JOB_QUEUE_LIMIT,
      heapMb: e.JOB_HEAP_MB,
      timeoutMs: e.JOB_TIMEOUT_MS,
      workers: e.WORKERS ?? 'in-process',
    },
    demoShop: e.DEMO_SHOP ? e.DEMO_SHOP === 'true' : !e.DATABASE_URL,
    s3:
      e.S3_BUCKET && e.S3_ENDPOINT && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
  };
}

/**
 * {@link loadConfig} for a process's entry point: a wrong environment prints the ConfigError's
 * sentences to stderr and exits with status 1, as both `npm start` and `npm run worker` do.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
