import { dropLeftoverTestDatabases } from '../helpers/database.ts';

/** With DATABASE_URL set, clear databases left by earlier runs that crashed. */
export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) await dropLeftoverTestDatabases(process.env.DATABASE_URL);
}
