/**
 * Check Program's time and memory (cam/check/): interpreting a program written elsewhere,
 * cutting it through the stock model and judging every cut against the machine's tools.
 * Measured on the golden LinuxCNC plate program (about 300 lines) and on a raster program of
 * 100,000 lines, as a CAM system writes a surfacing pass: a Ø10 end mill in 0.5 mm steps along X,
 * 2 mm apart, three levels 0.5 mm deep into a 300 × 200 × 30 block. Each is checked once cold,
 * then three times, and the median printed; with `memory`, the large one is checked once in a
 * fresh process and the process's peak resident memory printed (tsx and the modules included).
 * Target (issue 35): the 100,000-line program in at most 5 s and 300 MB.
 * Run by check-program.bench.mjs under tsx.
 */
import { readFileSync } from 'node:fs';
import { checkProgram } from '#cam/check/index';
import type { ProgramCheckInput } from '#cam/check/index';
import { goldenMillMachines, goldenMillTooling } from '#tests/helpers/golden-jobs';

const targetMs = 5000;
const targetMb = 300;

function measure(name: string, input: ProgramCheckInput) {
  const lines = input.text.split('\n').length;
  let started = performance.now();
  const checked = checkProgram(input);
  const coldMs = performance.now() - started;
  const times: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    started = performance.now();
    checkProgram(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms = times[1]!;
  console.info(
    `${name.padEnd(30)} ${String(lines).padStart(7)} lines  ${ms.toFixed(0).padStart(6)} ms (cold ${coldMs.toFixed(0)} ms)  ${checked.status}, ${checked.findings.length} findings`,
  );
  return { lines, ms };
}

/** A surfacing raster of `lines` lines: T2 (Ø10 end mill) zigzags along X at three levels. */
function raster(lines: number): string {
  const out = [
    '%',
    'G17 G21 G40 G49 G80 G90 G94 G54',
    'T2 M6',
    'G43 H2',
    'S6000 M3',
    'G0 X-8 Y0',
    'G0 Z5',
    'M8',
  ];
  const step = 0.5;
  const across = 300 / step;
  let level = 0;
  let y = 0;
  let forward = true;
  out.push('G1 Z-0.5 F300');
  while (out.length < lines - 4) {
    for (let i = 0; i <= across && out.length < lines - 4; i += 1) {
      const x = forward ? i * step : 300 - i * step;
      out.push(i === 0 ? `G1 X${x} Y${y} F1200` : `X${x}`);
    }
    forward = !forward;
    y += 2;
    if (y > 200) {
      y = 0;
      level += 1;
      out.push('G0 Z5', `G0 X-8 Y0`, `G1 Z${-0.5 * (level + 1)} F300`);
    }
  }
  out.push('G0 Z50', 'M9', 'M5', 'M30', '%');
  return out.join('\n');
}

const machine = goldenMillMachines.linuxcnc!;
const base = {
  dialect: 'linuxcnc' as const,
  machineKind: 'mill' as const,
  machine,
  tools: goldenMillTooling,
  material: '6061-T6',
};

const golden = readFileSync(
  new URL('../../tests/golden/mill/post-test-plate.linuxcnc.nc', import.meta.url),
  'utf8',
);
const large: ProgramCheckInput = {
  ...base,
  text: raster(100_000),
  stock: { shape: 'block', xMm: 300, yMm: 200, zMm: 30, x0Mm: 0, y0Mm: -5 },
};

if (process.argv[2] === 'memory') {
  // One check in a fresh process, as a pool worker makes it: the peak resident memory.
  const before = process.resourceUsage().maxRSS / 1024;
  checkProgram(large);
  const peak = process.resourceUsage().maxRSS / 1024;
  console.info(
    `one check of the 100,000-line program: peak ${peak.toFixed(0)} MB (${before.toFixed(0)} MB before it)`,
  );
  console.info(
    `target: at most ${targetMb} MB: ${peak <= targetMb ? 'met' : 'NOT MET'} (${peak.toFixed(0)} MB)`,
  );
} else {
  console.info('program                          lines      check (median of 3)');
  measure('golden plate (LinuxCNC)', {
    ...base,
    text: golden,
    stock: { shape: 'block', xMm: 64, yMm: 44, zMm: 12, x0Mm: -2, y0Mm: -2, topZMm: 2 },
  });
  const { ms } = measure('100,000-line raster', large);
  console.info(
    `target: 100,000 lines in at most ${targetMs} ms: ${ms <= targetMs ? 'met' : 'NOT MET'} (${ms.toFixed(0)} ms)`,
  );
}
