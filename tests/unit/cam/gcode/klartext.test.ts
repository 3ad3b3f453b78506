/**
 * The Klartext interpreter (cam/gcode/klartext/): a TNC 640 program read into the events the
 * G-code interpreter yields (moves, tool calls, homes, the preset as work offset 54, cycles
 * expanded), and the machinist's errors for what a TNC would refuse or this product does not
 * write.
 */
import { describe, expect, it } from 'vitest';
import { cycleTrace, errors, motions, round, run } from '#tests/helpers/gcode';

/** A program from blocks without numbers: numbered 0, 1, 2, … (Q lines after "~" get none). */
const numbered = (blocks: string[]) => {
  let next = 0;
  return blocks
    .map((line, index) =>
      index > 0 && blocks[index - 1]!.endsWith('~') ? line : `${next++} ${line}`,
    )
    .join('\n');
};

const opening = [
  'BEGIN PGM PLATE-v1 MM',
  'BLK FORM 0.1 Z X+0 Y+0 Z-10',
  'BLK FORM 0.2 X+60 Y+40 Z+0',
  'CYCL DEF 247 DATUM SETTING ~',
  '  Q339=+1 ;DATUM NUMBER',
  '; face and drill',
];
const closing = ['M30', 'END PGM PLATE-v1 MM'];
const program = (body: string[]) => numbered([...opening, ...body, ...closing]);
const read = (body: string[]) => run(program(body), 'heidenhain', 'mill');
const messages = (body: string[]) => errors(read(body)).map((error) => error.message);

describe('Klartext interpreter', () => {
  const events = read([
    'TOOL CALL 2 Z S3000',
    'M3',
    'L X+10 Y+10 R0 FMAX',
    'L Z+5 R0 FMAX',
    'M8',
    'L Z-1 R0 F200',
    'CC X+15 Y+10',
    'C X+20 Y+10 DR-',
    'CR X+10 Y+10 R+5 DR+ F300',
    'CP IPA-360 IZ-1 DR-',
    'L Z+5 R0 FMAX',
    'M9',
    'M5',
    'L M140 MB MAX',
  ]);

  it('reads tool call, spindle, coolant, feeds and the preset like G-code', () => {
    expect(errors(events)).toEqual([]);
    expect(events.find((event) => event.type === 'tool')).toEqual({
      type: 'tool',
      line: 7,
      tool: 2,
    });
    const cut = motions(events).find((event) => event.line === 12)!;
    expect(cut).toMatchObject({
      kind: 'feed',
      from: { x: 10, y: 10, z: 5 },
      to: { x: 10, y: 10, z: -1 },
      tool: 2,
      lengthOffset: 2,
      spindle: { turning: 'cw', speed: 3000, mode: 'rpm' },
      feed: 200,
      feedMode: 'per-min',
      coolant: true,
      workOffset: 54,
      compensation: null,
    });
  });

  it('reads C about CC, CR by its radius and CP as a helix', () => {
    const arcs = motions(events).filter((event) => event.kind === 'arc');
    const rounded = ({ x, y, z }: { x: number; y: number; z: number }) => ({
      x: round(x),
      y: round(y),
      z: round(z),
    });
    expect(arcs.map((arc) => [rounded(arc.to), arc.arc])).toEqual([
      [
        { x: 20, y: 10, z: -1 },
        { center: { x: 15, y: 10, z: -1 }, clockwise: true, plane: 'XY' },
      ],
      [
        { x: 10, y: 10, z: -1 },
        { center: { x: 15, y: 10, z: -1 }, clockwise: false, plane: 'XY' },
      ],
      [
        { x: 10, y: 10, z: -2 },
        { center: { x: 15, y: 10, z: -1 }, clockwise: true, plane: 'XY' },
      ],
    ]);
    expect(arcs.map((arc) => arc.feed)).toEqual([200, 300, 300]);
  });

  it('takes FMAX for its block only and reports M140 MB MAX as a home of Z', () => {
    const last = motions(events).at(-1)!;
    expect(last).toMatchObject({ kind: 'rapid', to: { z: 5 }, feed: 300, coolant: true });
    expect(events.filter((event) => event.type === 'home').map((event) => event.line)).toEqual([
      20,
    ]);
    expect(events.at(-1)).toEqual({ type: 'end', line: 21 });
  });

  it('expands DRILLING 200 with pecks and a 2nd set-up clearance', () => {
    const drilled = read([
      'TOOL CALL 5 Z S1200',
      'M3',
      'L X+30 Y+6 R0 FMAX',
      'L Z+7 R0 FMAX',
      'CYCL DEF 200 DRILLING ~',
      '  Q200=+2 ;SET-UP CLEARANCE ~',
      '  Q201=-9 ;DEPTH ~',
      '  Q206=+150 ;FEED RATE FOR PLNGNG ~',
      '  Q202=+4 ;PLUNGING DEPTH ~',
      '  Q210=+0 ;DWELL TIME AT TOP ~',
      '  Q203=+0 ;SURFACE COORDINATE ~',
      '  Q204=+7 ;2ND SET-UP CLEARANCE ~',
      '  Q211=+0.5 ;DWELL TIME AT DEPTH',
      'L X+30 Y+6 R0 FMAX M99',
      'L X+40 Y+6 R0 FMAX M99',
    ]);
    expect(errors(drilled)).toEqual([]);
    expect(cycleTrace(drilled, 'CYCL 200')).toBe(
      'R2 F-4 R2 R-2 F-8 R2 R-6 F-9 R7 R2 F-4 R2 R-2 F-8 R2 R-6 F-9 R7',
    );
    const feeds = motions(drilled).filter((event) => event.cycle && event.kind === 'feed');
    expect(new Set(feeds.map((event) => event.feed))).toEqual(new Set([150]));
    expect(drilled.filter((event) => event.type === 'dwell')).toHaveLength(2);
  });

  it('expands RIGID TAPPING 207 at S x pitch, out with the spindle reversed', () => {
    const tapped = read([
      'TOOL CALL 7 Z S400',
      'M3',
      'L X+8 Y+8 R0 FMAX',
      'L Z+7 R0 FMAX',
      'CYCL DEF 207 RIGID TAPPING NEW ~',
      '  Q200=+2 ;SET-UP CLEARANCE ~',
      '  Q201=-12 ;DEPTH OF THREAD ~',
      '  Q239=+1.25 ;THREAD PITCH ~',
      '  Q203=+0 ;SURFACE COORDINATE ~',
      '  Q204=+7 ;2ND SET-UP CLEARANCE',
      'CYCL CALL',
    ]);
    expect(errors(tapped)).toEqual([]);
    const moves = motions(tapped).filter((event) => event.cycle === 'CYCL 207');
    expect(
      moves.map((event) => [event.kind, event.to.z, event.feed, event.spindle.turning]),
    ).toEqual([
      ['rapid', 2, 0, 'cw'],
      ['feed', -12, 500, 'cw'],
      ['feed', 2, 500, 'ccw'],
      ['rapid', 7, 0, 'cw'],
    ]);
    expect(moves[1]!.leadMm).toBe(1.25);
  });

  it('expands BORING 202: oriented stop, 0.2 mm off the wall, out at FMAX, back to the centre', () => {
    const bored = read([
      'TOOL CALL 9 Z S900',
      'M3',
      'L X+45 Y+28 R0 FMAX',
      'L Z+7 R0 FMAX',
      'CYCL DEF 202 BORING ~',
      '  Q200=+2 ;SET-UP CLEARANCE ~',
      '  Q201=-10.5 ;DEPTH ~',
      '  Q206=+80 ;FEED RATE FOR PLNGNG ~',
      '  Q211=+0 ;DWELL TIME AT DEPTH ~',
      '  Q208=MAX ;RETRACTION FEED RATE ~',
      '  Q203=+0 ;SURFACE COORDINATE ~',
      '  Q204=+7 ;2ND SET-UP CLEARANCE ~',
      '  Q214=+3 ;DISENGAGING DIRECTN ~',
      '  Q336=+0 ;ANGLE OF SPINDLE',
      'L X+45 Y+28 R0 FMAX M99',
    ]);
    expect(errors(bored)).toEqual([]);
    const moves = motions(bored).filter((event) => event.cycle === 'CYCL 202');
    expect(moves.map((event) => [event.kind, event.to.x, event.to.z])).toEqual([
      ['rapid', 45, 2],
      ['feed', 45, -10.5],
      ['rapid', 45.2, -10.5],
      ['rapid', 45.2, 2],
      ['rapid', 45.2, 7],
      ['rapid', 45, 7],
    ]);
  });

  it('sets presets 1 to 6 as work offsets 54 to 59', () => {
    const moved = read([
      'CYCL DEF 247 DATUM SETTING ~',
      '  Q339=+3 ;DATUM NUMBER',
      'TOOL CALL 1 Z S1000',
      'L X+0 Y+0 Z+5 R0 FMAX',
    ]);
    expect(motions(moved).at(-1)!.workOffset).toBe(56);
  });
});

describe('Klartext errors', () => {
  it('names a block number out of sequence and a block without one', () => {
    const text = program(['TOOL CALL 1 Z S1000'])
      .replace('\n5 TOOL', '\n8 TOOL')
      .replace('\n6 M30', '\nM30');
    const found = errors(run(text, 'heidenhain', 'mill'));
    expect(found).toEqual([
      {
        type: 'error',
        line: 7,
        message: 'block number 8 where 5 is due: blocks are numbered 0, 1, 2, …',
      },
      { type: 'error', line: 8, message: 'a block without its block number (9 is due)' },
      {
        type: 'error',
        line: 9,
        message: 'block number 7 where 10 is due: blocks are numbered 0, 1, 2, …',
      },
    ]);
  });

  it('names an END PGM that does not close BEGIN PGM, and a missing one', () => {
    const text = program([]).replace('END PGM PLATE-v1', 'END PGM PLATE-v2');
    expect(errors(run(text, 'heidenhain', 'mill')).map((error) => error.message)).toEqual([
      'END PGM PLATE-v2 MM does not close BEGIN PGM PLATE-v1 MM',
    ]);
    const open = numbered([...opening, 'M30']);
    expect(errors(run(open, 'heidenhain', 'mill')).at(-1)).toEqual({
      type: 'error',
      line: 7,
      message: 'the program has no END PGM PLATE-v1 block',
    });
  });

  it('names a cycle called before its definition, and one missing a Q parameter', () => {
    expect(messages(['TOOL CALL 1 Z S1000', 'L X+0 Y+0 Z+5 R0 FMAX M99'])).toEqual([
      'M99 calls a fixed cycle, but no complete CYCL DEF precedes it',
    ]);
    expect(
      messages([
        'CYCL DEF 200 DRILLING ~',
        '  Q200=+2 ;SET-UP CLEARANCE ~',
        '  Q201=-5 ;DEPTH',
        'CYCL CALL',
      ]),
    ).toEqual([
      'CYCL DEF 200 DRILLING: cycle 200 lacks Q206; cycle 200 lacks Q202; cycle 200 lacks Q210; cycle 200 lacks Q203; cycle 200 lacks Q204',
      'CYCL CALL calls a fixed cycle, but no complete CYCL DEF precedes it',
    ]);
  });

  it('names C without CC, unknown words and blocks, and what this product does not write', () => {
    expect(
      messages([
        'TOOL CALL 1 Z S1000',
        'L X+0 Y+0 Z+5 R0 FMAX',
        'C X+10 Y+0 DR+',
        'L X+5 W+3 R0 FMAX',
        'L IX+5 R0 FMAX',
        'RND R2',
        'FROBNICATE',
        'L X+1 R0 FMAX M47',
      ]),
    ).toEqual([
      'C block: no circle centre CC is defined before it',
      'L block: cannot read the word "W+3"',
      'L block: IX (incremental or polar) is not written by this product',
      'RND blocks are not written by this product',
      '"FROBNICATE" is no Klartext block this product writes',
      'L block: M47 is not written by this product',
    ]);
  });

  it('reads M140 MB with a distance, and names M140 or MB alone', () => {
    const events = read(['TOOL CALL 1 Z S1000', 'L X+0 Y+0 Z+5 R0 FMAX', 'L M140 MB 20']);
    expect(motions(events).at(-1)).toMatchObject({ kind: 'rapid', to: { x: 0, y: 0, z: 25 } });
    const sentence = 'M140 goes with MB MAX or MB and a distance, and MB with M140';
    expect(messages(['L M140', 'L X+1 R0 FMAX MB MAX', 'M140 MB'])).toEqual([
      `L block: ${sentence}`,
      `L block: ${sentence}`,
      `M block: ${sentence}`,
    ]);
  });

  it('names a line over the control limit and a character that is not ASCII', () => {
    const found = messages([`; ${'x'.repeat(260)}`, '; Ø 16']);
    expect(found[0]).toMatch(/^a line of \d+ characters: the heidenhain control reads at most/);
    expect(found[1]).toMatch(/^the character "Ø" \(U\+00D8\)/);
  });

  it('names a program name the TNC does not store and an inch program', () => {
    const text = program([]).replace(/PLATE-v1/g, 'PLATE.v1');
    expect(errors(run(text, 'heidenhain', 'mill')).map((error) => error.message)).toEqual([
      'the program name "PLATE.v1": a TNC program name is at most 248 letters, digits, _ and -',
    ]);
    const inch = program([]).replace(/ MM$/gm, ' INCH');
    expect(errors(run(inch, 'heidenhain', 'mill')).map((error) => error.message)).toEqual([
      'BEGIN PGM … INCH: inch programs are not written by this product',
    ]);
  });

  it('reads heidenhain for mills only', () => {
    expect(run('0 BEGIN PGM A MM', 'heidenhain', 'lathe')).toEqual([
      {
        type: 'error',
        line: 1,
        message: 'Heidenhain Klartext programs are read for mills only, not for a lathe',
      },
    ]);
  });
});
