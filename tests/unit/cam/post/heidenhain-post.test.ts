/**
 * The Heidenhain Klartext post beyond its golden file (mill-posts.test.ts): block numbers
 * written when head and body are joined, so a head with more notes still ships sequential
 * numbers and the events numbered for it; the program name in BEGIN/END PGM is the file's, by
 * the TNC's name rules; and the plan's moves read back as the Sinumerik program's do.
 */
import { describe, expect, it } from 'vitest';
import type { MotionEvent } from '#cam/gcode/events';
import { finishProgram, readProgram, readProgramText } from '#cam/jobs/finish';
import { postMillJobForPart } from '#cam/jobs/mill';
import { heidenhainProgramName, numberKlartextBlocks } from '#cam/post/mill/heidenhain';
import type { ProgramJob } from '#cam/program';
import { goldenJob, goldenPlate } from '#tests/unit/cam/mill/plates';

const onMachine = (
  dialect: 'heidenhain' | 'sinumerik',
  partName = 'Post test plate',
): ProgramJob => {
  const job = goldenJob('sinumerik');
  return {
    ...job,
    partName,
    machine: {
      ...job.machine,
      dialect,
      ...(dialect === 'heidenhain'
        ? { controllerType: 'heidenhain', controllerModel: 'TNC 640' }
        : {}),
    },
  };
};

describe('Heidenhain block numbers', () => {
  it('numbers every block from 0, none on the lines continuing a block', () => {
    expect(
      numberKlartextBlocks([
        'BEGIN PGM A MM',
        'CYCL DEF 247 DATUM SETTING ~',
        '  Q339=+1 ;DATUM NUMBER',
        'M30',
        'END PGM A MM',
        '',
      ]),
    ).toEqual([
      '0 BEGIN PGM A MM',
      '1 CYCL DEF 247 DATUM SETTING ~',
      '  Q339=+1 ;DATUM NUMBER',
      '2 M30',
      '3 END PGM A MM',
      '',
    ]);
  });

  it('ships sequential numbers and the events of the shipped lines when the head gains notes', () => {
    const posted = postMillJobForPart(onMachine('heidenhain'), goldenPlate());
    const read = readProgram(posted, []);
    const notes = ['First note of the verdict', 'Second note of the verdict'];
    const { program, events } = finishProgram(posted, read, () => notes);
    expect(program.gcode.split('\n').length).toBe(read.lines.length + 2);
    const reread = readProgramText(posted, program.gcode);
    expect(reread.events.filter((event) => event.type === 'error')).toEqual([]);
    expect(reread.events).toEqual(events);
    const numbers = program.gcode
      .split('\n')
      .map((line) => /^(\d+) /.exec(line)?.[1])
      .filter((number) => number !== undefined)
      .map(Number);
    expect(numbers).toEqual(numbers.map((_, index) => index));
  });

  it('keeps a note ending in "~" a comment, not a block continued', () => {
    const posted = postMillJobForPart(onMachine('heidenhain'), goldenPlate());
    const read = readProgram(posted, ['Deburr all edges ~', 'then wash']);
    const note = read.lines.filter((line) => /^\d+ ; Note: Deburr all edges -$/.test(line));
    expect(note).toHaveLength(1);
    expect(read.events.filter((event) => event.type === 'error')).toEqual([]);
  });
});

describe('Heidenhain program names', () => {
  it('keeps letters, digits, _ and -, at most 24 characters, the version kept', () => {
    expect(heidenhainProgramName('Post-test-plate-v3')).toBe('Post-test-plate-v3');
    expect(heidenhainProgramName('A-very-long-part-name-for-the-TNC-v12')).toBe(
      'A-very-long-part-nam-v12',
    );
    expect(heidenhainProgramName('Bracket.left v2')).toBe('Bracket-left-v2');
    expect(heidenhainProgramName('---')).toBe('PGM');
  });

  it('names the program as its file, in BEGIN PGM and END PGM', () => {
    const posted = postMillJobForPart(
      onMachine('heidenhain', 'Flange housing for the left gearbox, revision C'),
      goldenPlate(),
    );
    const name = posted.fileName.replace(/\.h$/, '');
    expect(posted.fileName).toBe('Flange-housing-for-th-v3.h');
    const lines = readProgram(posted, []).lines;
    expect(lines[0]).toBe(`0 BEGIN PGM ${name} MM`);
    expect(lines.at(-2)).toMatch(new RegExp(`^\\d+ END PGM ${name} MM$`));
  });
});

describe('Heidenhain moves', () => {
  /** The plan's own moves (not the cycles'), as the verifier sees them. */
  const planMoves = (dialect: 'heidenhain' | 'sinumerik') => {
    const posted = postMillJobForPart(onMachine(dialect), goldenPlate());
    const round = (value: number) => Math.round(value * 1000) / 1000;
    return readProgram(posted, [])
      .events.filter((event): event is MotionEvent => event.type === 'motion' && !event.cycle)
      .map((event) => ({
        kind: event.kind,
        to: [round(event.to.x), round(event.to.y), round(event.to.z)],
        center: event.arc ? [round(event.arc.center.x), round(event.arc.center.y)] : null,
        clockwise: event.arc?.clockwise ?? null,
        tool: event.tool,
        feed: event.kind === 'rapid' ? null : event.feed,
        spindle: event.spindle.turning,
        coolant: event.coolant,
        workOffset: event.workOffset,
      }));
  };

  it('reads back the moves the Sinumerik program makes of the same plan', () => {
    const heidenhain = planMoves('heidenhain');
    expect(heidenhain.length).toBeGreaterThan(100);
    expect(heidenhain).toEqual(planMoves('sinumerik'));
  });
});
