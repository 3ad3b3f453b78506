// One side of the interpreter benchmark, in its own process so its peak memory is its own:
//   node --import tsx scripts/bench/interpreter-run.ts ours|theirs <file.nc>
// Prints one JSON line: { lines, motions, ms, peakRssMb }.
import { createRequire } from 'node:module';
import { interpretProgram } from '#cam/gcode/interpreter';
import { readLines } from '#server/storage/read-lines';

const [side, path] = process.argv.slice(2);
if ((side !== 'ours' && side !== 'theirs') || !path) {
  console.error('usage: interpreter-run.ts ours|theirs <file.nc>');
  process.exit(2);
}
let peak = process.memoryUsage().rss;
const sample = () => {
  const rss = process.memoryUsage().rss;
  if (rss > peak) peak = rss;
};
const timer = setInterval(sample, 5);
let lines = 0;
let motions = 0;
const started = performance.now();
if (side === 'ours') {
  const counted = (function* count() {
    for (const line of readLines(path)) {
      lines += 1;
      if ((lines & 0x3fff) === 0) sample();
      yield line;
    }
  })();
  for (const event of interpretProgram(counted, { dialect: 'linuxcnc', machine: 'mill' })) {
    if (event.type === 'motion') motions += 1;
  }
} else {
  const require = createRequire(import.meta.url);
  const Toolpath = require('gcode-toolpath') as new (options: {
    addLine: () => void;
    addArcCurve: () => void;
  }) => { loadFromFileSync(file: string, callback: () => void): unknown[] };
  const toolpath = new Toolpath({
    addLine: () => {
      motions += 1;
    },
    addArcCurve: () => {
      motions += 1;
    },
  });
  toolpath.loadFromFileSync(path, () => {
    lines += 1;
    if ((lines & 0x3fff) === 0) sample();
  });
}
const ms = performance.now() - started;
sample();
clearInterval(timer);
console.info(JSON.stringify({ lines, motions, ms, peakRssMb: peak / 2 ** 20 }));
