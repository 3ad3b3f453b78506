/**
 * The offline readers (DXF, PDF, JPG/PNG through OCR, STEP) on the real drawings in
 * ../shared/blueprints, read as production reads an upload: the built pool worker's read job
 * (dist/server/worker.mjs, built first when stale), in a fresh child process per drawing
 * (readers-child.mjs), so the time includes starting the OCR engine and the peak resident set
 * size is that one drawing's (node and the worker's code included); rasters and PDFs three times
 * (median and highest). Run by readers.bench.mjs under tsx.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../build.mjs';

const blueprints = fileURLToPath(new URL('../../../shared/blueprints/', import.meta.url));

/** What the child prints on its last line. */
interface Measurement {
  ms: number;
  maxRssMb: number;
  outcome: string;
}

/** Runs of each raster and PDF read: their peak memory varies by ±25 MB from run to run. */
const RUNS_OF_SLOW_READS = 3;

/** One read in a fresh child process. */
function measureOnce(child: string, file: string): Measurement {
  const output = execFileSync(process.execPath, [child, file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = output.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(last) as Measurement;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * Parent: one child per read, then the table. Rasters and PDFs (which may go through OCR) are
 * read three times: the median time and peak memory, and the highest peak.
 */
function measureAll(): void {
  const child = fileURLToPath(new URL('readers-child.mjs', import.meta.url));
  console.info(
    '| drawing | size | time (median) | peak RSS (median, highest) | result |\n| --- | --- | --- | --- | --- |',
  );
  for (const folder of ['lathe', 'mill-edm']) {
    for (const name of readdirSync(path.join(blueprints, folder)).sort()) {
      const file = `${folder}/${name}`;
      const kb = (readFileSync(path.join(blueprints, file)).length / 1024).toFixed(0);
      const runs = /\.(jpe?g|png|pdf)$/i.test(name) ? RUNS_OF_SLOW_READS : 1;
      let row: string;
      try {
        const measured = Array.from({ length: runs }, () => measureOnce(child, file));
        const ms = median(measured.map((m) => m.ms));
        const mb = measured.map((m) => m.maxRssMb);
        const peak =
          runs > 1
            ? `${median(mb).toFixed(0)} MB, ${Math.max(...mb).toFixed(0)} MB`
            : `${mb[0]!.toFixed(0)} MB`;
        row = `${ms.toFixed(0)} ms | ${peak} | ${measured[0]!.outcome}`;
      } catch (error) {
        row = `– | – | child failed: ${(error as Error).message.split('\n')[0]?.slice(0, 80)}`;
      }
      console.info(`| ${file} | ${kb} kB | ${row} |`);
    }
  }
}

await buildIfStale();
measureAll();
console.info(
  'Targets (issue 15): a raster drawing (JPG, PNG) read in under 10 s and 300 MB peak RSS on this machine.',
);
