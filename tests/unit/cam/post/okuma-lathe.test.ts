/**
 * The Okuma OSP-P300L lathe post (cam/post/lathe/okuma.ts) and its reading back by the
 * interpreter in dialect okuma: the O name alone on the first line, G15 H work coordinate
 * systems, six-digit T words, G50 S before G96, one G33 cycle per thread pass, G77 tapping, M02;
 * the spindle limit held to the chuck, and a second setup under coordinate system 2.
 */
import { describe, expect, it } from 'vitest';
import type { InterpreterEvent, MotionEvent } from '#cam/gcode/events';
import { interpret } from '#cam/gcode/interpreter';
import { generateLatheProgram } from '#cam/jobs/lathe';
import { chuckSafeRpm } from '#cam/lathe/chuck';
import { lathePostFor } from '#cam/post/lathe/index';
import { okumaToolWord } from '#cam/post/lathe/okuma';
import { okumaProgramName } from '#cam/post/okuma-name';
import { latheSetup } from '#cam/setup-sheet/lathe';
import type { ProgramJob } from '#cam/program';
import { goldenLatheJob } from '#tests/helpers/golden-jobs';
import { gripperBody, sawnJob } from '#tests/unit/cam/lathe/sawn-blank-parts';

const program = generateLatheProgram(goldenLatheJob('okuma'));
const lines = program.gcode.split('\n');
const events = [...interpret(lines, 'okuma')];
const motions = events.filter((event): event is MotionEvent => event.type === 'motion');
const errorsOf = (list: InterpreterEvent[]) => list.filter((event) => event.type === 'error');

describe('the Okuma lathe post', () => {
  it('is registered for the okuma dialect and names its files .MIN', () => {
    expect(lathePostFor('okuma')?.dialect).toBe('okuma');
    expect(lathePostFor('okuma')?.fileExtension).toBe('.MIN');
    // OSP file names: at most 16 letters and digits before .MIN, the version kept.
    expect(program.fileName).toMatch(/^[A-Z0-9]{1,16}\.MIN$/);
    expect(program.fileName).toMatch(/V1\.MIN$/);
    expect(okumaProgramName('Hydraulic-adapter-HA-20-v12')).toBe('HYDRAULICADAPV12');
    expect(okumaProgramName('Flansch-Ø20-v3')).toBe('FLANSCH20V3');
    expect(okumaProgramName('---')).toBe('PROGRAM');
  });

  it('is checked for its own end, and its setup sheet names its work coordinate system', () => {
    const end = program.report.checks.find((check) => check.id === 'end')!;
    expect(end).toMatchObject({
      title: 'The program ends with M02, the spindle and coolant stopped',
      passed: true,
    });
    const sheet = latheSetup(goldenLatheJob('okuma'), program.plan, 'okuma');
    expect(sheet.zeroPoint[0]).toMatch(/^G15 H1: Z0 the finished free-end face/);
  });

  it('starts with the O name alone, selects coordinate system 1 and ends with M02', () => {
    expect(lines[0]).toBe('O1001');
    expect(program.gcode).toContain('\nG18 G40 G90 G95\nG15 H1\nG00 X80. Z50.\n');
    expect(program.gcode).toMatch(/SET THE ZERO OFFSET AT THE CONTROL/);
    expect(program.gcode).not.toMatch(/\bG5[4-9]\b|\bG2[01]\b|%|\bM30\b/);
    expect(program.gcode.endsWith('\nM02\n')).toBe(true);
  });

  it('calls tools with six digits, the tool number in the middle', () => {
    expect(okumaToolWord(3)).toBe('T030303');
    expect(() => okumaToolWord(100)).toThrow(RangeError);
    expect(program.gcode).toMatch(/\nT010101\nG50 S4200\nG96 S300 M03\nM08\n/);
    const tools = events.flatMap((event) => (event.type === 'tool' ? [event.tool] : []));
    expect(tools).toEqual([1, 4, 5, 1, 7, 2, 7, 3, 3, 8, 3]);
  });

  it('cuts the thread in one G33 cycle per pass, read back with its lead', () => {
    const passes = lines.filter((line) => line.startsWith('G33'));
    expect(passes).toHaveLength(7);
    passes.forEach((line) => expect(line).toMatch(/^G33 X1[89]\.\d+ Z-16\.\d+ F1\.5$/));
    const threaded = motions.filter((event) => event.cycle === 'G33' && event.leadMm === 1.5);
    expect(threaded).toHaveLength(7);
    expect(threaded.at(-1)?.to).toEqual({ x: 18.16, y: 0, z: -16.4 });
    // Each cycle returns to its start point on the drive line.
    const pass = motions.filter((event) => event.line === threaded[0]!.line);
    expect(pass.map((event) => event.kind)).toEqual(['rapid', 'feed', 'rapid', 'rapid']);
    expect(pass.at(-1)?.to).toEqual({ x: 22, y: 0, z: 4.287 });
  });

  it('reads back without errors, every move in coordinate system 1 and per revolution', () => {
    expect(errorsOf(events)).toEqual([]);
    expect(new Set(motions.map((event) => event.workOffset))).toEqual(new Set([54]));
    expect(
      motions.filter((event) => event.kind === 'feed').every((e) => e.feedMode === 'per-rev'),
    ).toBe(true);
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
  });
});

describe('the Okuma interpreter', () => {
  const run = (text: string) => [...interpret(text.split('\n'), 'okuma')];

  it('reads G77 tapping from the start Z, reversing out at the lead', () => {
    const read = run(
      'O0001\nG15 H1\nG00 X0. Z5.\nT050505\nG97 S300 M03\nG77 X0. Z-12. F1.25\nG00 X40. Z50.\nM02',
    );
    expect(errorsOf(read)).toEqual([]);
    const tap = read.filter(
      (event): event is MotionEvent => event.type === 'motion' && event.line === 6,
    );
    expect(
      tap.map((event) => [event.kind, event.to.z, event.leadMm, event.spindle.turning]),
    ).toEqual([
      ['feed', -12, 1.25, 'cw'],
      ['feed', 5, 1.25, 'ccw'],
    ]);
  });

  it('names the tap moves G77 and reads G04 F as a dwell in seconds, the feed kept', () => {
    const read = run(
      'O0001\nG15 H1\nG00 X0. Z5.\nG97 S300 M03\nG77 X0. Z-12. F1.25\nG01 X0. Z4. F0.1\nG04 F1.5\nG01 X0. Z3.\nM02',
    );
    expect(errorsOf(read)).toEqual([]);
    const moves = read.filter((event): event is MotionEvent => event.type === 'motion');
    expect(moves.filter((event) => event.line === 5).map((event) => event.cycle)).toEqual([
      'G77',
      'G77',
    ]);
    expect(read.filter((event) => event.type === 'dwell')).toEqual([
      { type: 'dwell', line: 7, seconds: 1.5 },
    ]);
    expect(moves.at(-1)?.feed).toBe(0.1);
  });

  it('refuses what an OSP lathe does not take: G54, U/W, G28, a G15 without H, text after M02', () => {
    const messages = errorsOf(
      run('O0001\nG54\nG15\nG00 X10. Z2.\nG01 U-2. F0.2\nG28 U0.\nM02\nG00 X0.'),
    ).map((event) => `${event.line}: ${'message' in event ? event.message : ''}`);
    expect(messages).toEqual([
      '2: G54 is not a code this interpreter knows for okuma',
      '3: G15 without a work coordinate system number H (1 or more)',
      '5: U-2 is not used by okuma lathe programs here',
      '6: U0 is not used by okuma lathe programs here',
      '6: G28 is not a code this interpreter knows for okuma',
      '8: text after the program end',
    ]);
  });

  it('refuses a block longer than the 158 characters the OSP reads', () => {
    const messages = errorsOf(run(`O0001\n(${'X'.repeat(157)})\nM02`));
    expect(messages).toEqual([
      {
        type: 'error',
        line: 2,
        message: 'a line of 159 characters: the okuma control reads at most 158',
      },
    ]);
  });
});

describe('an Okuma lathe program', () => {
  it('sets its spindle limit no higher than the chuck allows for a large bar', () => {
    // The LB3000 EX II turns 4200 rpm with its 210 mm chuck; a Ø150 bar opens the jaws far out.
    const job: ProgramJob = {
      ...goldenLatheJob('okuma'),
      stock: { shape: 'round', diameterMm: 150, lengthMm: 90 },
    };
    const limit = chuckSafeRpm(210, 4200, 150).rpm;
    expect(limit).toBeLessThan(4200);
    const large = generateLatheProgram(job);
    const limits = [...large.gcode.matchAll(/G50 S(\d+)/g)].map((match) => Number(match[1]));
    expect(limits.length).toBeGreaterThan(0);
    expect(Math.max(...limits)).toBeLessThanOrEqual(limit);
    expect(large.report.checks.find((check) => check.id === 'spindle')?.passed).toBe(true);
  });

  it('turns the part around under coordinate system 2, after G97 so G15 is taken', () => {
    const job = sawnJob(gripperBody, 75, 'fanuc');
    const okuma = generateLatheProgram({
      ...job,
      machine: {
        ...job.machine,
        dialect: 'okuma',
        controllerType: 'okuma',
        controllerModel: 'OSP-P300LA',
      },
    });
    expect(okuma.gcode).toMatch(/\nM00\nG97 S0\nG15 H2\nG00 X[\d.]+ Z[\d.]+\n/);
    const read = [...interpret(okuma.gcode.split('\n'), 'okuma')];
    expect(errorsOf(read)).toEqual([]);
    const offsets = read.flatMap((event) => (event.type === 'motion' ? [event.workOffset] : []));
    expect(offsets[0]).toBe(54);
    expect(offsets.at(-1)).toBe(55);
    expect(okuma.report.checks.filter((check) => !check.passed)).toEqual([]);
  });
});
