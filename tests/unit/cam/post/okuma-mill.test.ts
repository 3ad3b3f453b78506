/**
 * The Okuma OSP-P300M mill post (cam/post/mill/okuma.ts) read back by the interpreter in dialect
 * okuma: G15 H as the work offset, G56 H as the length offset, "G71 Z" with M53 as the canned
 * cycles' return level, and what an OSP machining centre would not take; FLH-001 milled on an
 * Okuma mill gets the same verdict as on a Fanuc mill, with its arcs as G2/G3 and every line
 * within the OSP's 158 characters.
 */
import { describe, expect, it } from 'vitest';
import type { InterpreterEvent, MotionEvent } from '#cam/gcode/events';
import { interpretProgram } from '#cam/gcode/interpreter';
import { controllerLimits } from '#cam/gcode/limits';
import { generateProgram } from '#cam/jobs/generate';
import { okumaCycleLines } from '#cam/post/mill/okuma';
import type { ProgramJob } from '#cam/program';
import { catalogLimits } from '#tests/helpers/golden-jobs';
import { flh001Job } from '#tests/unit/cam/mill/plates';

const read = (text: string): InterpreterEvent[] => [
  ...interpretProgram(text.split('\n'), { dialect: 'okuma', machine: 'mill' }),
];
const motions = (events: InterpreterEvent[]) =>
  events.filter((event): event is MotionEvent => event.type === 'motion');
const errors = (events: InterpreterEvent[]) =>
  events.flatMap((event) => (event.type === 'error' ? [`${event.line}: ${event.message}`] : []));

describe('the Okuma mill interpreter', () => {
  const program = [
    'O0001',
    'G17 G21 G40 G80 G90 G94',
    'G15 H1',
    'T6 M06',
    'S1000 M03',
    'G00 X8. Y8.',
    'G00 G56 Z7. H06',
    ...okumaCycleLines(
      {
        kind: 'drill',
        points: [
          { x: 8, y: 8 },
          { x: 52, y: 8 },
        ],
        bottomZ: -12,
        retractZ: 2,
        clearanceZ: 7,
        feed: 120,
      },
      (value) => `${value}.`,
    ),
    'G30 P1',
    'M02',
  ].join('\n');
  const events = read(program);

  it('reads G15 H1 as work offset 54 and G56 H06 as length offset 6', () => {
    expect(errors(events)).toEqual([]);
    const moves = motions(events);
    expect(moves.every((event) => event.workOffset === 54)).toBe(true);
    expect(moves.at(-1)?.lengthOffset).toBe(6);
    expect(moves.at(-1)?.tool).toBe(6);
  });

  it('returns each hole to the G71 level under M53, and homes on G30 P1', () => {
    expect(program).toContain('\nG71 Z7.\nG81 X8. Y8. Z-12. R2. F120. M53\nX52. Y8.\nG80\n');
    const drilled = motions(events).filter((event) => event.cycle === 'G81');
    const outOfHole = (list: MotionEvent[]) =>
      list.filter((event) => event.kind === 'rapid' && event.from?.z === -12).map((e) => e.to.z);
    expect(outOfHole(drilled)).toEqual([7, 7]);
    expect(drilled.filter((event) => event.kind === 'feed').map((event) => event.to.z)).toEqual([
      -12, -12,
    ]);
    expect(events.filter((event) => event.type === 'home')).toHaveLength(1);
    // This fragment ends with the spindle turning: the end says so.
    expect(events.at(-1)).toEqual({
      type: 'end',
      line: program.split('\n').length,
      left: ['spindle'],
    });
  });

  it('returns to R without M53, and names M53 without a G71 level', () => {
    const noM53 = read(program.replace(' M53', ''));
    const rises = motions(noM53).filter(
      (event) => event.cycle === 'G81' && event.kind === 'rapid' && event.from?.z === -12,
    );
    expect(rises.map((event) => event.to.z)).toEqual([2, 2]);
    expect(errors(read(program.replace('G71 Z7.\n', '')))).toEqual([
      '8: M53 without a return level (G71 Z)',
      '9: M53 without a return level (G71 Z)',
    ]);
  });

  it('refuses what an OSP machining centre does not take', () => {
    expect(
      errors(read('O0001\nG54\nG43 H01 Z5.\nG98 G81 X0. Y0. Z-1. R1. F100.\nG71\nG15 H0\nM30')),
    ).toEqual([
      '2: G54 is not a code this interpreter knows for okuma',
      '3: G43 is not a code this interpreter knows for okuma',
      '4: G98 is not a code this interpreter knows for okuma',
      '5: G71 without the return level Z',
      '6: G15 without a work coordinate system number H (1 or more)',
    ]);
  });
});

/** FLH-001 on the demo shop's Fanuc mill, and the same job on an Okuma GENOS M560-V. */
function flhJobs(): { fanuc: ProgramJob; okuma: ProgramJob } {
  const fanuc = flh001Job('DN Solutions DNM 4500');
  const limits = catalogLimits('okuma-genos-m560-v');
  const okuma: ProgramJob = {
    ...fanuc,
    machine: {
      name: 'GENOS M560-V',
      manufacturer: 'Okuma',
      model: 'GENOS M560-V',
      controllerType: 'okuma',
      controllerModel: 'OSP-P300MA',
      dialect: 'okuma',
      serialNumber: 'M560-1',
      maxRpm: limits.maxRpm!,
      limits,
    },
  };
  return { fanuc, okuma };
}

describe('FLH-001 on an Okuma mill', () => {
  const { fanuc, okuma } = flhJobs();
  const onFanuc = generateProgram(fanuc);
  const onOkuma = generateProgram(okuma);
  const lines = onOkuma.gcode.split('\n');

  it('gets the same verdict as on the Fanuc mill', () => {
    const verdict = (report: typeof onFanuc.report) =>
      report.checks.map((check) => [check.id, check.passed]);
    expect(verdict(onOkuma.report)).toEqual(verdict(onFanuc.report));
    expect(onOkuma.report.passed).toBe(onFanuc.report.passed);
    expect(onOkuma.report.unfinished).toHaveLength(onFanuc.report.unfinished.length);
  });

  it('writes its arcs as G2/G3, every line within the 158 characters the OSP reads', () => {
    const arcs = lines.filter((line) => !line.startsWith('(') && /\bG0[23]\b/.test(line));
    expect(arcs.length).toBeGreaterThanOrEqual(20);
    expect(lines.length).toBeLessThanOrEqual(2000);
    const longest = Math.max(...lines.map((line) => line.length));
    expect(longest).toBeLessThanOrEqual(controllerLimits('okuma').maxLineLength);
    expect(errors(read(onOkuma.gcode))).toEqual([]);
  });
});
