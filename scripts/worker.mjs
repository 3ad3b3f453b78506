// `npm run worker`: build what is missing or stale, then run heavy jobs from the PostgreSQL job
// queue in this process (WORKERS=external on the app processes; decision 034).
import { buildIfStale } from './build.mjs';

await buildIfStale();
await import('../dist/server/queue-worker.mjs');
