/**
 * The offline readers (DXF, PDF, JPG/PNG through OCR, STEP) on the real drawings in
 * ../shared/blueprints, read as the server reads an upload (offlineProvider.describeBlueprint).
 * Each drawing is read in a fresh child process, so the peak resident set size is that one
 * drawing's: the child reports `process.resourceUsage().maxRSS` (kilobytes) and its wall time.
 * Run by readers.bench.mjs under tsx; `readers-run.ts <folder/file>` is the child.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DrawingType } from '#drawings/read';

const blueprints = fileURLToPath(new URL('../../../shared/blueprints/', import.meta.url));

/** What the child prints on its last line. */
interface Measurement {
  ms: number;
  maxRssMb: number;
  outcome: string;
}

/** Upload type from the extension, as the server names it. */
function typeOf(file: string): DrawingType {
  const extension = path.extname(file).slice(1).toLowerCase();
  if (extension === 'jpeg') return 'jpg';
  if (extension === 'stp') return 'step';
  return extension as DrawingType;
}

/** Child: reads one drawing and prints a Measurement as JSON. */
async function measureOne(file: string): Promise<void> {
  const { createOfflineProvider } = await import('#server/assistant/offline/index');
  const { inlineJobs } = await import('#tests/helpers/jobs');
  // The readers themselves, on this thread: their own time and memory, without the pool's.
  const offlineProvider = createOfflineProvider(inlineJobs);
  const { closeOcr } = await import('#drawings/image/reader');
  const bytes = readFileSync(path.join(blueprints, file));
  const start = performance.now();
  let outcome: string;
  try {
    const analysis = await offlineProvider.describeBlueprint(
      { fileId: 'bench', fileName: path.basename(file), type: typeOf(file), bytes },
      { organizationId: 'bench', threadId: 'bench' },
    );
    const d = analysis.description;
    outcome = `${d.readings?.length ?? 0} readings, ${d.unresolved?.length ?? 0} unresolved`;
  } catch (error) {
    outcome = `refused: ${(error as Error).message.slice(0, 80)}`;
  }
  const ms = performance.now() - start;
  await closeOcr();
  const measurement: Measurement = {
    ms,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    outcome,
  };
  console.info(JSON.stringify(measurement));
}

/** Parent: one child per drawing, then the table. */
function measureAll(): void {
  const script = fileURLToPath(import.meta.url);
  console.info('| drawing | size | time | peak RSS | result |\n| --- | --- | --- | --- | --- |');
  for (const folder of ['lathe', 'mill-edm']) {
    for (const name of readdirSync(path.join(blueprints, folder)).sort()) {
      const file = `${folder}/${name}`;
      const kb = (readFileSync(path.join(blueprints, file)).length / 1024).toFixed(0);
      let row: string;
      try {
        const output = execFileSync(process.execPath, ['--import', 'tsx', script, file], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
          maxBuffer: 16 * 1024 * 1024,
        });
        const last = output.trim().split('\n').at(-1) ?? '{}';
        const m = JSON.parse(last) as Measurement;
        row = `${m.ms.toFixed(0)} ms | ${m.maxRssMb.toFixed(0)} MB | ${m.outcome}`;
      } catch (error) {
        row = `– | – | child failed: ${(error as Error).message.split('\n')[0]?.slice(0, 80)}`;
      }
      console.info(`| ${file} | ${kb} kB | ${row} |`);
    }
  }
}

const one = process.argv[2];
if (one) await measureOne(one);
else measureAll();
