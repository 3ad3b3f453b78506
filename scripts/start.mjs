// `npm start`: build what is missing or stale, then serve the UI and the API from this process.
import { buildIfStale } from './build.mjs';

await buildIfStale();
await import('../dist/server/main.mjs');
