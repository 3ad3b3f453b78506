/**
 * Column helpers shared by the tables of db/schema/. They are not tables, so db/schema.ts does
 * not re-export them.
 */
import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
