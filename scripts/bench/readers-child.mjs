// One drawing read as production reads it: the built pool worker (dist/server/worker.mjs) runs
// the read job on this thread. Prints {ms, maxRssMb, outcome} as JSON on its last line; the peak
// resident set size is this process's (node and the worker's code included).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * This process's peak resident set size, MB: VmHWM of /proc/self/status on Linux. Not
 * getrusage's maxRSS: Linux carries the parent's peak over a fork and exec into the child's
 * (fs/exec.c keeps the old memory map's high-water mark), so a child started by a parent that
 * had just built the product (about 300 MB) reported that for a 100 MB read.
 */
function peakRssMb() {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    if (kb) return Number(kb[1]) / 1024;
  } catch {
    // not Linux: the rusage figure below
  }
  return process.resourceUsage().maxRSS / 1024;
}

const blueprints = fileURLToPath(new URL('../../../shared/blueprints/', import.meta.url));
const file = process.argv[2];
const { default: runJob } = await import('../../dist/server/worker.mjs');
const extension = path.extname(file).slice(1).toLowerCase();
const type = extension === 'jpeg' ? 'jpg' : extension === 'stp' ? 'step' : extension;
const bytes = readFileSync(path.join(blueprints, file));
const start = performance.now();
let outcome;
try {
  const result = await runJob({
    task: { kind: 'read', file: { fileName: path.basename(file), type, bytes } },
  });
  if (result.ok) {
    const d = result.value.description;
    outcome = `${d.readings?.length ?? 0} readings, ${d.unresolved?.length ?? 0} unresolved`;
  } else outcome = `refused: ${result.message.slice(0, 80)}`;
} catch (error) {
  outcome = `failed: ${error.message.slice(0, 80)}`;
}
const ms = performance.now() - start;
console.info(JSON.stringify({ ms, maxRssMb: peakRssMb(), outcome }));
process.exit(0);
