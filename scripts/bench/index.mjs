// `npm run bench`: every benchmark in this folder, in order. Each prints its own figures.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('.', import.meta.url));
const benches = readdirSync(folder)
  .filter((file) => file.endsWith('.bench.mjs'))
  .sort();
for (const file of benches) {
  console.info(`\n## ${file.replace('.bench.mjs', '')}`);
  const { run } = await import(new URL(file, import.meta.url).href);
  await run();
}
