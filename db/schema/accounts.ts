/**
 * Accounts: organizations, users, their memberships, the one-time tokens sent by mail and the
 * sessions ended by logout.
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('organizations_name_lower_key').on(sql`lower(${table.name})`)],
);

/** Roles a user holds everywhere; the organization role (`admin`) lives on the membership. */
export const globalRoles = ['superuser'] as const;
export type GlobalRole = (typeof globalRoles)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As typed at sign-up; uniqueness ignores case. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** argon2id PHC string from @node-rs/argon2. */
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .$type<GlobalRole[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Raised when every session must end (password reset); tokens carry the value they were issued under. */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

export const membershipStatus = pgEnum('membership_status', ['pending', 'active']);
export const membershipRole = pgEnum('membership_role', ['member', 'admin']);

/** A user belongs to at most one organization; pending until an admin approves. */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: membershipStatus('status').notNull(),
    role: membershipRole('role').notNull().default('member'),
    createdAt: createdAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('memberships_user_key').on(table.userId),
    index('memberships_organization_idx').on(table.organizationId),
  ],
);

export const oneTimeTokenPurpose = pgEnum('one_time_token_purpose', [
  'email_verification',
  'password_reset',
]);

/** Links sent by mail. Only the SHA-256 of the token is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: oneTimeTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('one_time_tokens_hash_key').on(table.tokenHash),
    index('one_time_tokens_user_idx').on(table.userId, table.purpose),
  ],
);

/** Session tokens ended by logout before they expire; rows are purged once `expires_at` passes. */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    /** The JWT's `jti`. */
    tokenId: uuid('token_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('revoked_sessions_expires_idx').on(table.expiresAt)],
);
