// The G-code interpreter (cam/gcode/interpreter.ts, streamed by cam/gcode/lines.ts) against
// gcode-toolpath 3.0.0 on one generated 200,000-line mill program: lines per second, their
// ratio and each one's peak RSS, each side in its own child process (interpreter-run.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lineCount = 200_000;

/** A mill program: G0/G1/G2/G3 with X Y Z F and some comments, arcs consistent with I J / R. */
function program() {
  const lines = [
    '%',
    '(BENCH PLATE)',
    'G17 G21 G40 G49 G80 G90 G94 G54',
    'T1 M6',
    'G43 H1',
    'M3 S8000',
  ];
  for (let index = 0; lines.length < lineCount - 2; index += 1) {
    // One group of eight lines per position, so that every arc's centre is consistent.
    const group = Math.floor(index / 8);
    const x = (group % 50) * 2;
    const y = Math.floor(group / 50) % 40;
    switch (index % 8) {
      case 0:
        lines.push(`(ROW ${index})`);
        break;
      case 1:
        lines.push(`G0 X${x} Y${y} Z2`);
        break;
      case 2:
        lines.push(`G1 Z-1.5 F300`);
        break;
      case 3:
        lines.push(`G1 X${x + 1.25} Y${y + 0.5} F1200`);
        break;
      case 4:
        lines.push(`G2 X${x + 3.25} Y${y + 0.5} I1 J0`);
        break;
      case 5:
        lines.push(`G3 X${x + 1.25} Y${y + 0.5} R1`);
        break;
      case 6:
        lines.push(`G1 X${x} Y${y} Z-1.2 F900`);
        break;
      default:
        lines.push(`G0 Z5`);
    }
  }
  lines.push('M5', 'M30');
  return `${lines.join('\n')}\n`;
}

export function run() {
  const folder = mkdtempSync(join(tmpdir(), 'interpreter-bench-'));
  try {
    const path = join(folder, 'bench.nc');
    writeFileSync(path, program());
    const script = fileURLToPath(new URL('interpreter-run.ts', import.meta.url));
    const measure = (side) =>
      JSON.parse(
        execFileSync(process.execPath, ['--import', 'tsx', script, side, path], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
        }).trim(),
      );
    // Warm the disk cache, then measure each side (best of three).
    const best = (side) => {
      let result;
      for (let round = 0; round < 3; round += 1) {
        const next = measure(side);
        if (!result || next.ms < result.ms)
          result = { ...next, peakRssMb: Math.max(next.peakRssMb, result?.peakRssMb ?? 0) };
      }
      return result;
    };
    const ours = best('ours');
    const theirs = best('theirs');
    const rate = (result) => result.lines / (result.ms / 1000);
    const row = (name, result) =>
      `${name.padEnd(16)} ${String(result.lines).padStart(8)} lines ${String(result.motions).padStart(8)} moves ${result.ms.toFixed(0).padStart(6)} ms ${Math.round(rate(result)).toLocaleString('en').padStart(11)} lines/s  peak RSS ${result.peakRssMb.toFixed(0)} MB`;
    console.info(row('ours', ours));
    console.info(row('gcode-toolpath', theirs));
    console.info(`ratio (ours / gcode-toolpath): ${(rate(ours) / rate(theirs)).toFixed(2)}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) run();
