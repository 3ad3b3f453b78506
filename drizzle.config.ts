import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations for changes to db/schema.ts; commit them. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
});
