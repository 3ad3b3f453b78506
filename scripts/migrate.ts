// `npm run db:migrate`: apply the committed migrations to the database the environment names
// (DATABASE_URL, or PGlite under DATA_DIR). The server also does this at every start.
import { loadConfig } from '#server/config';
import { openDatabase, pgliteDirIn } from '#server/database';

const config = loadConfig();
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: pgliteDirIn(config.dataDir),
});
try {
  await handle.migrate();
  console.info(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
