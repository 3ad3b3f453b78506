/**
 * The mill verifier's time (cam/verify/mill/): interpreting a program, removing what each tool
 * sweeps from the stock model, judging every cut and comparing the finished part with the model.
 * Measured on each golden mill program (tests/golden/mill/*.nc, about 1,500 lines each), on a
 * generated program of about 1,500 lines (a plate of the mill tests on the demo Tormach 1100MX),
 * and on FLH-001.dxf on the demo Haas VF-2 (about 7,400 lines). Each is verified once cold, then
 * five times; the median is printed. Target: at most 2 s for the 1,500-line program.
 * Run by verify-mill.bench.mjs under tsx.
 */
import { readFileSync } from 'node:fs';
import { generateMillProgramForPart, postMillJob, postMillJobForPart } from '#cam/jobs/mill';
import type { PostedJob } from '#cam/jobs/finish';
import { programText, readProgramText } from '#cam/jobs/finish';
import { readDxf } from '#drawings/dxf/reader';
import { blueprint } from '#tests/helpers/dxf-drawings';
import { demoMill, goldenJob, goldenPlate, millJob, testPlate } from '#tests/unit/cam/mill/plates';

const targetMs = 2000;

function measure(name: string, posted: PostedJob, gcode: string) {
  const lines = gcode.split('\n').length;
  const verify = () => posted.verify(readProgramText(posted, gcode));
  let started = performance.now();
  const report = verify();
  const coldMs = performance.now() - started;
  const times: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    started = performance.now();
    verify();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms = times[2]!;
  const verdict = report.verified ? 'verified' : report.passed ? 'incomplete' : 'failed';
  console.info(
    `${name.padEnd(34)} ${String(lines).padStart(6)} lines  ${ms.toFixed(0).padStart(5)} ms (cold ${coldMs.toFixed(0)} ms)  ${((lines / ms) * 1000).toFixed(0).padStart(6)} lines/s  ${verdict}`,
  );
  return { lines, ms };
}

console.info('program                             lines    verification (median of 5)');
for (const dialect of ['linuxcnc', 'fanuc', 'haas', 'sinumerik'] as const) {
  const file = new URL(`../../tests/golden/mill/post-test-plate.${dialect}.nc`, import.meta.url);
  const golden = readFileSync(file, 'utf8');
  const posted = postMillJobForPart(goldenJob(dialect), goldenPlate());
  measure(`golden ${dialect}`, posted, golden);
}

// A generated program of about 1,500 lines: the mill tests' plate without its pocket and slot,
// in steel on the demo Tormach 1100MX (its 1.5 kW spindle makes the planner cut shallower).
const tormach = demoMill('Tormach 1100MX');
const plate = { ...testPlate(), pockets: [], slots: [] };
const job = millJob({ ...tormach, material: 'AISI 1045' });
const generated = generateMillProgramForPart(job, plate);
const { lines, ms } = measure(
  'generated plate (Tormach 1100MX)',
  postMillJobForPart(job, plate),
  generated.gcode,
);

const { description } = readDxf(blueprint('mill-edm/FLH-001.dxf'), 'FLH-001.dxf');
const haas = demoMill('Haas VF-2');
const flh = postMillJob({
  jobType: 'Milling',
  description,
  material: 'AISI 1045',
  stock: { shape: 'block', xMm: 180, yMm: 80, zMm: 10 },
  ...haas,
  programVersion: 1,
  partName: 'FLH-001',
});
measure('FLH-001.dxf (Haas VF-2)', flh, programText(flh, []));

console.info(
  `target: the ${lines}-line program verified in at most ${targetMs} ms: ${ms <= targetMs ? 'met' : 'NOT MET'} (${ms.toFixed(0)} ms)`,
);
