/**
 * The Q-Bot workflow: conversations, their files, description versions and program versions;
 * the assistant's prompts and the calls made to the assistant provider.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { promptKinds } from '#contracts/prompts';
import { organizations, users } from './accounts.ts';
import { machines } from './shop.ts';
import { createdAt } from './columns.ts';

/**
 * A conversation (spec: "thread"): one workflow run, owned by an organization, with the
 * persisted snapshot of the qbotWorkflow chart. `leaseUntil` and `leaseHolder` are set while a
 * request works on it (docs/decisions/017-leases-and-sweep.md).
 */
export const threads = pgTable(
  'threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assistantId: text('assistant_id').notNull(),
    /** `getPersistedSnapshot()` of the workflow chart, always in a settled (not busy) state. */
    snapshot: jsonb('snapshot').notNull(),
    /**
     * The conversation with the assistant provider (Claude's messages), drawings held as
     * references to stored files, so each call re-sends the same prefix and hits the cache.
     */
    assistantHistory: jsonb('assistant_history')
      .notNull()
      .default(sql`'[]'::jsonb`),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * The process holding the lease, `${hostname}:${pid}:${random}` (server/qbot/lease-holder.ts),
     * so that a start on the same host can end the leases of a process that died; null when
     * no lease is held.
     */
    leaseHolder: text('lease_holder'),
    /**
     * How far the running drawing read is, for the progress bar under 'Analyzing blueprint...':
     * `{ fraction: 0..1, stage: 'Recognizing text' }`; null when no read is running.
     */
    analysisProgress: jsonb('analysis_progress').$type<{ fraction: number; stage: string }>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('threads_organization_idx').on(table.organizationId, table.createdAt)],
);

export const storedFileKind = pgEnum('stored_file_kind', ['blueprint', 'program', 'backplot']);

/** An uploaded drawing or a written program; the bytes are in the file store under `storageKey`. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id').references(() => threads.id, { onDelete: 'cascade' }),
    kind: storedFileKind('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [index('stored_files_organization_idx').on(table.organizationId)],
);

export const descriptionSource = pgEnum('description_source', ['reader', 'revision']);

/** Each description of a conversation's drawing: version 1 from the reader, then one per change. */
export const descriptionVersions = pgTable(
  'description_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** BlueprintAnalysis: description, materials, tools, materialSize. */
    analysis: jsonb('analysis').notNull(),
    source: descriptionSource('source').notNull(),
    feedback: text('feedback'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('description_versions_thread_version_key').on(table.threadId, table.version),
  ],
);

/** Each program written in a conversation, with its verification report. */
export const programVersions = pgTable(
  'program_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    machineId: uuid('machine_id').references(() => machines.id, { onDelete: 'set null' }),
    dialect: text('dialect').notNull(),
    verified: boolean('verified').notNull(),
    /** VerificationReport from cam/verify. */
    report: jsonb('report').notNull(),
    /** ProgramSummary: operations, warnings, what was not programmed. */
    summary: jsonb('summary').notNull(),
    /** The job prompt helper the program was written for (spec section 3). */
    promptHelper: jsonb('prompt_helper').notNull(),
    /** Cutting overrides from simulation feedback. */
    overrides: jsonb('overrides'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('program_versions_thread_version_key').on(table.threadId, table.version)],
);

export const promptKind = pgEnum('prompt_kind', promptKinds);

/**
 * Versions of the assistant's prompts (spec section 3, "Prompt record"). A row with an
 * organization is that organization's version; a row without one is a version of the product
 * default (superusers only). The current prompt is the newest version of the organization, else
 * the newest product default, else the text in db/seed/prompts/.
 */
export const prompts = pgTable(
  'prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    kind: promptKind('kind').notNull(),
    promptText: text('prompt_text').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('prompts_organization_kind_idx').on(table.organizationId, table.kind)],
);

/** One call to an assistant provider that costs tokens, for cost accounting per call and thread. */
export const assistantCalls = pgTable(
  'assistant_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id').references(() => threads.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    /** describeBlueprint, reviseDescription, advisePlan, analyzeSimulation or ask. */
    operation: text('operation').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cacheCreationInputTokens: integer('cache_creation_input_tokens').notNull().default(0),
    cacheReadInputTokens: integer('cache_read_input_tokens').notNull().default(0),
    /** Requests sent for this call (a schema mismatch is sent back once). */
    requests: integer('requests').notNull().default(1),
    durationMs: integer('duration_ms').notNull(),
    outcome: text('outcome').$type<'ok' | 'error'>().notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (table) => [
    index('assistant_calls_thread_idx').on(table.threadId),
    index('assistant_calls_organization_idx').on(table.organizationId, table.createdAt),
  ],
);
