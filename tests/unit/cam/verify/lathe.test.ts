/**
 * The lathe verifier on programs the planner wrote and on programs changed the way mistakes
 * happen: each process check fails for the mistake it exists for, each completeness check for
 * what is left undone, and a program before issue 14 is rejected for what its finishing pass
 * takes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import type { LatheProgram } from '#cam/jobs/lathe';
import type { MachineLimits, ProgramJob } from '#cam/program';
import { classifyTool } from '#cam/lathe/tooling';
import { verifyLatheProgram } from '#cam/verify/lathe/index';
import type { LatheVerificationInput } from '#cam/verify/lathe/input';
import { latheTooling, testParts } from '#tests/helpers/parts';
import { goldenLatheJob } from '#tests/helpers/golden-jobs';

const tormach15L: MachineLimits = {
  maxRpm: 2500,
  spindlePowerKw: 1.1,
  travelsMm: { x: 254, y: 0, z: 305 },
  toolPositions: 8,
  maxTurningDiameterMm: 152,
  barCapacityMm: 28.5,
  source: 'test',
};

function job(description = testParts.steppedShaft, diameterMm = 40, limits?: MachineLimits) {
  return {
    description,
    material: '4140',
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm },
    machine: {
      name: 'Lathe',
      serialNumber: 'S1',
      manufacturer: 'Tormach',
      model: '15L',
      controllerType: 'PathPilot',
      controllerModel: 'PathPilot',
      dialect: 'linuxcnc',
      ...(limits ? { limits } : {}),
    },
    tools: latheTooling,
    programVersion: 1,
  } satisfies ProgramJob;
}

/** A program as the planner writes it, and the verifier input it was checked with. */
function written(programJob: ProgramJob = job()): {
  program: LatheProgram;
  input: LatheVerificationInput;
} {
  const program = generateLatheProgram(programJob);
  const input = latheVerificationInput(
    program.plan,
    'linuxcnc',
    latheTooling.map(classifyTool),
    programJob,
  );
  return { program, input };
}

const failedChecks = (gcode: string, input: LatheVerificationInput) =>
  verifyLatheProgram(gcode, input)
    .checks.filter((check) => !check.passed)
    .map((check) => check.id);

const detailsOf = (gcode: string, input: LatheVerificationInput, id: string) =>
  verifyLatheProgram(gcode, input)
    .checks.find((check) => check.id === id)!
    .details.join('\n');

/** The program's lines of one operation (from its comment to the next one). */
function operationLines(gcode: string, name: string): [number, number] {
  const lines = gcode.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`(${name}`));
  const end = lines.findIndex((line, index) => index > start && /^\((?!T\d)/.test(line));
  return [start, end < 0 ? lines.length : end];
}

/** The program with the lines of one operation changed by `edit`. */
function editOperation(gcode: string, name: string, edit: (line: string) => string): string {
  const lines = gcode.split('\n');
  const [start, end] = operationLines(gcode, name);
  for (let index = start + 1; index < end; index += 1) lines[index] = edit(lines[index]!);
  return lines.join('\n');
}

describe('the lathe verifier', () => {
  const { program, input } = written();

  it('passes the program as written, and calls it verified', () => {
    expect(failedChecks(program.gcode, input)).toEqual([]);
    expect(program.report).toMatchObject({ passed: true, complete: true, verified: true });
    expect(program.report.unfinished).toEqual([]);
  });

  it('fails a program without its end', () => {
    expect(failedChecks(program.gcode.replace('M30\n', ''), input)).toEqual(['end']);
  });

  it('fails a tool that is not in the selected tooling', () => {
    expect(failedChecks(program.gcode.replace('T2 M6 G43', 'T9 M6 G43'), input)).toContain('tools');
  });

  it('fails cutting with the spindle stopped, and constant surface speed without a limit', () => {
    const stopped = program.gcode.replace(/(\nT1 M6 G43\nG96 D2500 S\d+) M3\n/, '$1\n');
    expect(failedChecks(stopped, input)).toContain('setup');
    const unclamped = program.gcode.replace(/G96 D2500 /g, 'G96 ');
    expect(detailsOf(unclamped, input, 'setup')).toMatch(
      /constant surface speed without a spindle speed limit/,
    );
  });

  it('fails a rapid through the stock', () => {
    const lines = program.gcode.split('\n');
    const finish = lines.findIndex((line) => line.startsWith('(Finish OD'));
    lines.splice(finish, 0, 'G0 X10 Z-50');
    expect(failedChecks(lines.join('\n'), input)).toContain('rapids');
  });

  it('calls a diameter the finishing pass leaves oversize unfinished, never verified', () => {
    const oversize = editOperation(program.gcode, 'Finish OD', (line) =>
      line.replace(/^((?:G1 )?)X30 Z/, '$1X30.05 Z'),
    );
    expect(oversize).not.toBe(program.gcode);
    const report = verifyLatheProgram(oversize, input);
    expect(report.checks.find((check) => check.id === 'outer')!.details.join()).toMatch(
      /Ø30: is left at Ø30\.05/,
    );
    expect(report).toMatchObject({ passed: true, complete: false, verified: false });
  });

  it('fails a diameter cut undersize as a gouge', () => {
    const undersize = editOperation(program.gcode, 'Finish OD', (line) =>
      line.replace(/^((?:G1 )?)X30 Z/, '$1X29.9 Z'),
    );
    expect(failedChecks(undersize, input)).toContain('gouges');
    expect(verifyLatheProgram(undersize, input).passed).toBe(false);
  });

  it('calls a program that does not cut the part off unfinished', () => {
    const lines = program.gcode.split('\n');
    const partOff = lines.findIndex((line) => line.startsWith('(Part off'));
    const kept = lines.slice(0, partOff).concat(['M30', '%']);
    const input1 = { ...input, operations: input.operations!.slice(0, -1) };
    expect(failedChecks(kept.join('\n'), input1)).toEqual(['partOff']);
  });

  it('fails moves outside the envelope and unreadable lines', () => {
    expect(failedChecks(program.gcode.replace('M30\n', 'G0 X500 Z20\nM30\n'), input)).toContain(
      'envelope',
    );
    expect(failedChecks(program.gcode.replace('M30\n', 'G0 X[10+2]\nM30\n'), input)).toContain(
      'syntax',
    );
  });

  it('fails a finishing pass that takes more than twice the allowance', () => {
    // Without its last roughing levels, the finishing insert would take the whole step.
    const [start, end] = operationLines(program.gcode, 'Rough OD');
    const lines = program.gcode.split('\n');
    const cut = lines.slice(start, end);
    const lastLevel = cut.findLastIndex((line) => /^G1 X/.test(line));
    const shallow = [...lines.slice(0, start), ...cut.slice(0, lastLevel - 1), ...lines.slice(end)];
    const trimmed = shallow.join('\n');
    expect(failedChecks(trimmed, input)).toContain('finishing');
    expect(detailsOf(trimmed, input, 'finishing')).toMatch(
      /^Finish OD: T2 DNMG 150404 takes \d+\.\d+ mm at X[\d.]+ Z-[\d.]+; the finishing allowance is 0\.3 mm, at most 0\.6 mm$/m,
    );
  });

  it('fails a roughing cut deeper than the insert is rated for', () => {
    const [start] = operationLines(program.gcode, 'Rough OD');
    const lines = program.gcode.split('\n');
    // A first level straight from Ø40 to Ø20: 10 mm, more than the CNMG 12's 7.97 mm.
    const first = lines.findIndex((line, index) => index > start && /^X[\d.]+ Z2$/.test(line));
    lines.splice(first, 0, 'X20 Z2', 'G1 X20 Z-29.5 F0.25', 'G0 X21 Z2');
    expect(detailsOf(lines.join('\n'), input, 'ratings')).toMatch(
      /T1 CNMG 120408 takes \d+(\.\d+)? mm, more than its 7\.97 mm rated depth of cut/,
    );
  });

  it('fails a spindle limit above the machine top speed, and cuts above its power', () => {
    const small = written(job(testParts.steppedShaft, 40, tormach15L));
    expect(failedChecks(small.program.gcode, small.input)).toEqual([]);
    const fast = small.program.gcode.replace(/G96 D2500 /g, 'G96 D4000 ');
    expect(detailsOf(fast, small.input, 'spindle')).toMatch(
      /a constant surface speed limit of 4000 rpm, above Lathe's 2500 rpm/,
    );
    // The same program on the 1.1 kW machine, as written for a machine of unknown power.
    const unlimited = written();
    expect(detailsOf(unlimited.program.gcode, small.input, 'power')).toMatch(
      /T1 CNMG 120408 needs \d+\.\d+ kW, more than 80 % of Lathe's 1\.1 kW spindle/,
    );
  });

  it('plans within the machine: shallower cuts on a 1.1 kW spindle, and says so', () => {
    const small = written(job(testParts.steppedShaft, 40, tormach15L));
    const big = written();
    const rough = (plan: LatheProgram) =>
      plan.report.operations!.find((operation) => operation.name === 'Rough OD')!;
    expect(rough(small.program).maxPowerKw).toBeLessThanOrEqual(0.88);
    expect(rough(small.program).maxDepthOfCutMm).toBeLessThan(rough(big.program).maxDepthOfCutMm);
    expect(small.program.summary.warnings.join('\n')).toMatch(
      /^Rough OD: depth of cut [\d.]+ mm instead of 2 mm.*within 80 % of Lathe's 1\.1 kW spindle/m,
    );
  });

  it('reports per operation its depth of cut, chip, removal rate, power and time', () => {
    const operations = program.report.operations!;
    expect(operations.map((operation) => operation.name)).toEqual(
      program.plan.operations.map((operation) => operation.name),
    );
    const finish = operations.find((operation) => operation.name === 'Finish OD')!;
    expect(finish.maxDepthOfCutMm).toBeGreaterThan(0);
    expect(finish.maxDepthOfCutMm).toBeLessThanOrEqual(0.6 + 0.02);
    const rough = operations.find((operation) => operation.name === 'Rough OD')!;
    expect(rough.removalRateCm3PerMin).toBeGreaterThan(finish.removalRateCm3PerMin);
    expect(rough.cuttingSeconds).toBeGreaterThan(0);
  });

  it('names a groove the program leaves uncut', () => {
    const grooved = written(job(testParts.threadedAdapter, 30));
    const [start, end] = operationLines(grooved.program.gcode, 'Groove');
    const lines = grooved.program.gcode.split('\n');
    const without = [...lines.slice(0, start), ...lines.slice(end)].join('\n');
    const input1 = {
      ...grooved.input,
      operations: grooved.input.operations!.filter(
        (operation) => operation.role !== 'groove' || !operation.name.startsWith('Groove'),
      ),
    };
    const report = verifyLatheProgram(without, input1);
    expect(report.passed).toBe(true);
    expect(report.verified).toBe(false);
    expect(report.unfinished).toContain('Ø24: is left at Ø28 at Z-30.05, target Ø24');
  });

  it('rejects the adapter program written before issue 14: its finishing pass took 2.575 mm', () => {
    const before = readFileSync(
      new URL('../../../fixtures/lathe/adapter-before-issue-14.linuxcnc.nc', import.meta.url),
      'utf8',
    );
    const adapter = written({
      ...job(testParts.threadedAdapter, 30),
      material: '11SMnPb30',
    });
    // One operation per tool change, as in the program before: the roles line up.
    expect(adapter.input.operations).toHaveLength(11);
    const report = verifyLatheProgram(before, adapter.input);
    expect(report.verified).toBe(false);
    expect(report.passed).toBe(false);
    expect(detailsOf(before, adapter.input, 'finishing')).toMatch(
      /^Finish OD: T2 DNMG 150404 takes 2\.5\d+ mm at X/m,
    );
  });
});

describe('checks that agree', () => {
  it('claims only the rest of the drawing beside a failed completeness check', () => {
    const job = goldenLatheJob('linuxcnc');
    // No threading insert: the thread is left, and said so.
    const tools = job.tools.filter((tool) => !/thread/i.test(tool.toolName));
    const program = generateLatheProgram({ ...job, tools });
    expect(program.report.complete).toBe(false);
    const complete = program.report.checks.find((check) => check.id === 'complete')!;
    expect(complete.title).toBe(
      complete.passed
        ? 'Nothing else of the drawing is left uncut'
        : 'Nothing of the drawing is left uncut',
    );
    const full = generateLatheProgram(job);
    expect(full.report.checks.find((check) => check.id === 'complete')?.title).toBe(
      'Nothing of the drawing is left uncut',
    );
  });
});
