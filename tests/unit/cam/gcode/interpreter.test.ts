import { mkdtempSync, rmSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Dialect, InterpreterEvent, MachineKind, MotionEvent } from '#cam/gcode/events';
import { interpret, interpretProgram } from '#cam/gcode/interpreter';
import { BlockLexer } from '#cam/gcode/lexer';
import { readLines } from '#server/storage/read-lines';

const folder = mkdtempSync(join(tmpdir(), 'gcode-interpreter-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function run(program: string, dialect: Dialect, machine: MachineKind): InterpreterEvent[] {
  return [...interpretProgram(program.trim().split('\n'), { dialect, machine })];
}
const motions = (events: InterpreterEvent[]) =>
  events.filter((event): event is MotionEvent => event.type === 'motion');
const errors = (events: InterpreterEvent[]) =>
  events.filter((event) => event.type === 'error') as { line: number; message: string }[];
/** End Z of every move of a cycle, with R for a rapid and F for a feed: "R2 F-1 R2 …". */
const cycleTrace = (events: InterpreterEvent[], cycle: string) =>
  motions(events)
    .filter((event) => event.cycle === cycle)
    .map((event) => `${event.kind === 'rapid' ? 'R' : 'F'}${round(event.to.z)}`)
    .join(' ');
const round = (value: number) => Math.round(value * 1000) / 1000;

describe('the lexer', () => {
  it('reads words, comments, Sinumerik keywords, assignments and calls with empty parameters', () => {
    const lexer = new BlockLexer();
    expect(lexer.lex('N10 g1 X-1.5 y.25 Z 3 F200. (CUT) ; rest')).toBe(true);
    expect([lexer.get(88), lexer.get(89), lexer.get(90), lexer.get(70)]).toEqual([
      -1.5, 0.25, 3, 200,
    ]);
    expect(lexer.g.slice(0, lexer.gCount)).toEqual([1]);
    expect(lexer.decimalPoint[70 - 65]).toBe(1);
    expect(lexer.decimalPoint[90 - 65]).toBe(0);
    expect(lexer.comment).toBe('CUT rest');
    expect(lexer.lex('G96 S200 LIMS=3000 SUPA DIAMON')).toBe(true);
    expect(lexer.keywords).toEqual(['SUPA', 'DIAMON']);
    expect(lexer.assignNames).toEqual(['LIMS']);
    expect(lexer.assignValues).toEqual([3000]);
    expect(lexer.has(88)).toBe(false);
    expect(lexer.lex('CYCLE83(10,0,2,-20,,5,,1,0,0,1,0)')).toBe(true);
    expect(lexer.call).toBe('CYCLE83');
    expect(lexer.callArgs.map((value) => (Number.isNaN(value) ? null : value))).toEqual([
      10,
      0,
      2,
      -20,
      null,
      5,
      null,
      1,
      0,
      0,
      1,
      0,
    ]);
    expect(lexer.lex('G1 X1 X2')).toBe(false);
    expect(lexer.error).toBe('X is given twice in one block');
    expect(lexer.lex('G1 X#1')).toBe(false);
    expect(lexer.lex('(open')).toBe(false);
    expect(lexer.lex('%')).toBe(true);
    expect(lexer.tapeMark).toBe(true);
  });
});

describe('LinuxCNC mill', () => {
  const program = `
%
G17 G21 G40 G49 G80 G90 G94 G54
(FACE)
T1 M6
G43 H1
M3 S1000
M8
G0 X10 Y10
G0 Z5
G1 Z-1 F200
G2 X20 Y10 I5 J0
G3 X10 Y10 R5
G64 P0.01
G4 P0.5
G0 Z10
G98 G81 X30 Y30 Z-5 R2 F100
X40
G80
G53 G0 Z0
G0 X0 Y0
M9
M5
M30
%`;
  const events = run(program, 'linuxcnc', 'mill');

  it('keeps tool, length offset, spindle, coolant and feeds', () => {
    expect(errors(events)).toEqual([]);
    expect(events.find((event) => event.type === 'tool')).toEqual({
      type: 'tool',
      line: 4,
      tool: 1,
    });
    const cut = motions(events).find((event) => event.line === 10)!;
    expect(cut).toMatchObject({
      kind: 'feed',
      from: { x: 10, y: 10, z: 5 },
      to: { x: 10, y: 10, z: -1 },
      tool: 1,
      lengthOffset: 1,
      coolant: true,
      feed: 200,
      feedMode: 'per-min',
      spindle: { turning: 'cw', speed: 1000, mode: 'rpm' },
      compensation: null,
    });
    expect(events.find((event) => event.type === 'dwell')).toEqual({
      type: 'dwell',
      line: 14,
      seconds: 0.5,
    });
  });

  it('centres arcs from I J and from R', () => {
    const [cw, ccw] = motions(events).filter((event) => event.kind === 'arc');
    expect(cw).toMatchObject({
      to: { x: 20, y: 10, z: -1 },
      arc: { center: { x: 15, y: 10, z: -1 }, clockwise: true, plane: 'XY' },
    });
    expect(ccw!.arc!.clockwise).toBe(false);
    expect(ccw!.arc!.center.x).toBeCloseTo(15, 9);
    expect(ccw!.arc!.center.y).toBeCloseTo(10, 9);
    // A quarter circle by R: the centre is on the right of the chord for G2.
    const [quarter] = motions(run('G0 X0 Y0 Z0\nG2 X10 Y10 R10', 'fanuc', 'mill')).filter(
      (event) => event.kind === 'arc',
    );
    expect(quarter!.arc!.center.x).toBeCloseTo(10, 9);
    expect(quarter!.arc!.center.y).toBeCloseTo(0, 9);
    const bad = run('G0 X0 Y0 Z0\nG2 X10 Y0 I3 J0', 'linuxcnc', 'mill');
    expect(errors(bad)[0]).toMatchObject({ line: 2 });
  });

  it('expands G81 at each position while modal, back to the initial level under G98', () => {
    expect(cycleTrace(events, 'G81')).toBe('R10 R2 F-5 R10 R10 R2 F-5 R10');
    const holes = motions(events).filter((event) => event.cycle === 'G81' && event.kind === 'feed');
    expect(holes.map((event) => [event.to.x, event.to.y])).toEqual([
      [30, 30],
      [40, 30],
    ]);
  });

  it('forgets Z after G53 and reports the next move from an unknown position', () => {
    expect(events.filter((event) => event.type === 'home').map((event) => event.line)).toEqual([
      19,
    ]);
    const after = motions(events).find((event) => event.line === 20)!;
    expect(after.from).toBeNull();
    expect(events.at(-1)).toEqual({ type: 'end', line: 23 });
  });
});

describe('drilling cycles', () => {
  const start = 'G17 G21 G90 G94\nT1 M6\nM3 S500\nG0 X0 Y0\nG0 Z10';

  it('pecks G83 from R by Q down to Z, rapid to R between pecks', () => {
    const events = run(`${start}\nG99 G83 X0 Y0 Z-10 R2 Q3 F100\nG80`, 'linuxcnc', 'mill');
    const feeds = motions(events).filter((event) => event.cycle === 'G83' && event.kind === 'feed');
    expect(feeds.map((event) => event.to.z)).toEqual([-1, -4, -7, -10]);
    expect(cycleTrace(events, 'G83')).toBe(
      'R2 F-1 R2 R-0.746 F-4 R2 R-3.746 F-7 R2 R-6.746 F-10 R2',
    );
    const fromTop = run(`${start}\nG98 G83 X0 Y0 Z-10 R0 Q3 F100`, 'linuxcnc', 'mill');
    expect(
      motions(fromTop)
        .filter((event) => event.kind === 'feed')
        .map((event) => event.to.z),
    ).toEqual([-3, -6, -9, -10]);
    // G98 returns to the initial level (Z10), G99 to R.
    expect(motions(fromTop).at(-1)!.to.z).toBe(10);
    expect(motions(events).at(-1)!.to.z).toBe(2);
  });

  it('G73 breaks the chip without leaving the hole', () => {
    const events = run(`${start}\nG98 G73 Z-7 R1 Q3 F100`, 'linuxcnc', 'mill');
    expect(cycleTrace(events, 'G73')).toBe('R1 F-2 R-1.746 F-5 R-4.746 F-7 R10');
  });

  it('taps G84 down and back at the lead F/S with the spindle reversed', () => {
    const events = run(`${start}\nG98 G84 X5 Y5 Z-12 R3 F750`, 'haas', 'mill');
    const taps = motions(events).filter((event) => event.leadMm !== undefined);
    expect(
      taps.map((event) => [event.kind, event.to.z, event.leadMm, event.spindle.turning]),
    ).toEqual([
      ['feed', -12, 1.5, 'cw'],
      ['feed', 3, 1.5, 'ccw'],
    ]);
    expect(motions(events).at(-1)!.to).toEqual({ x: 5, y: 5, z: 10 });
    const fanuc = run(
      `${start}\nG95\nM29 S500\nG99 G84 X5 Y5 Z-12. R3. F1.25\nG80`,
      'fanuc',
      'mill',
    );
    expect(errors(fanuc)).toEqual([]);
    expect(
      motions(fanuc).find((event) => event.cycle === 'G84' && event.kind === 'feed'),
    ).toMatchObject({ leadMm: 1.25 });
  });

  it('bores G85, G86, G89 and fine-bores G76 with its shift', () => {
    const g85 = run(`${start}\nG98 G85 Z-5 R1 F80`, 'fanuc', 'mill');
    expect(cycleTrace(g85, 'G85')).toBe('R1 F-5 F1 R10');
    const g86 = run(`${start}\nG99 G86 Z-5 R1 F80`, 'linuxcnc', 'mill');
    expect(cycleTrace(g86, 'G86')).toBe('R1 F-5 R1');
    const g89 = run(`${start}\nG99 G89 Z-5 R1 P0.5 F80`, 'linuxcnc', 'mill');
    expect(cycleTrace(g89, 'G89')).toBe('R1 F-5 F1');
    expect(g89.find((event) => event.type === 'dwell')).toMatchObject({ seconds: 0.5 });
    const g82 = run(`${start}\nG98 G82 Z-5. R1. P500 F80.`, 'fanuc', 'mill');
    expect(g82.find((event) => event.type === 'dwell')).toMatchObject({ seconds: 0.5 });
    const g76 = run(`${start}\nG98 G76 Z-5. R1. Q0.2 F80.`, 'haas', 'mill');
    const bore = motions(g76).filter((event) => event.cycle === 'G76');
    expect(bore.map((event) => [event.kind, event.to.x, event.to.z])).toEqual([
      ['rapid', 0, 1],
      ['feed', 0, -5],
      ['rapid', 0.2, -5],
      ['rapid', 0.2, 10],
      ['rapid', 0, 10],
    ]);
    // G76 on LinuxCNC is lathe threading: not a mill code.
    expect(errors(run(`${start}\nG76 Z-5 R1 Q0.2`, 'linuxcnc', 'mill'))[0]).toMatchObject({
      line: 6,
      message: 'G76 is not a code this interpreter knows for linuxcnc',
    });
  });

  it('reads G91 cycles relative to the initial level and repeats them with L', () => {
    const events = run(`${start}\nG91 G99 G81 X10 Y0 Z-6 R-8 L3 F100`, 'linuxcnc', 'mill');
    const feeds = motions(events).filter((event) => event.kind === 'feed');
    expect(feeds.map((event) => [event.to.x, event.to.z])).toEqual([
      [10, -4],
      [20, -4],
      [30, -4],
    ]);
  });

  it('reads Sinumerik CYCLE83 like G83 and CYCLE81…86 at the current position', () => {
    const sin = 'G17 G71 G90 G94\nT1 D1\nM6\nM3 S500\nG0 X0 Y0\nG0 Z10\nG1 F100';
    const cycle83 = run(`${sin}\nCYCLE83(10,2,0,-10,,,3,0,0,0,1,1)`, 'sinumerik', 'mill');
    expect(errors(cycle83)).toEqual([]);
    const g83 = run(`${start}\nG98 G83 X0 Y0 Z-10 R2 Q3 F100`, 'linuxcnc', 'mill');
    const feedsOf = (events: InterpreterEvent[]) =>
      motions(events)
        .filter((event) => event.kind === 'feed')
        .map((event) => event.to.z);
    expect(feedsOf(cycle83)).toEqual(feedsOf(g83));
    expect(feedsOf(cycle83)).toEqual([-1, -4, -7, -10]);
    // Back to R (RFP + SDIS) between pecks, to RTP at the end, like G83 under G98.
    expect(cycleTrace(cycle83, 'CYCLE83')).toBe(
      'R2 F-1 R2 R-0.4 F-4 R2 R-3.4 F-7 R2 R-6.4 F-10 R10',
    );
    const empty = run(`${sin}\nCYCLE83(10,0,2,-20,,-5,,1,0,0,1,0)`, 'sinumerik', 'mill');
    expect(errors(empty)).toEqual([]);
    expect(feedsOf(empty)[0]).toBe(-5);
    expect(feedsOf(empty).at(-1)).toBe(-20);
    // FDEP above the reference plane: the control stops with alarm 61107.
    expect(
      errors(run(`${sin}\nCYCLE83(10,0,2,-20,,5,,1,0,0,1,0)`, 'sinumerik', 'mill'))[0]!.message,
    ).toMatch(/61107/);
    const more = run(
      `${sin}
CYCLE81(10,0,2,-6)
G0 X20
CYCLE82(10,0,2,,6,0.5)
G0 X30
CYCLE84(10,0,2,-12,,0,3,,1.5,0,400,800)
G0 X40
CYCLE85(10,0,2,-8,,0,50,200)
G0 X50
CYCLE86(10,0,2,-8,,0,3,-0.2,0,0.1,0)
M30`,
      'sinumerik',
      'mill',
    );
    expect(errors(more)).toEqual([]);
    expect(cycleTrace(more, 'CYCLE81')).toBe('R2 F-6 R10');
    expect(cycleTrace(more, 'CYCLE82')).toBe('R2 F-6 R10');
    expect(more.filter((event) => event.type === 'dwell')).toHaveLength(1);
    const tap = motions(more).filter((event) => event.cycle === 'CYCLE84');
    expect(tap.map((event) => [event.to.z, event.leadMm, event.feed])).toEqual([
      [2, undefined, 100],
      [-12, 1.5, 600],
      [2, 1.5, 1200],
      [10, undefined, 100],
    ]);
    expect(
      motions(more)
        .filter((event) => event.cycle === 'CYCLE85')
        .map((event) => event.feed),
    ).toEqual([100, 50, 200, 100]);
    const bore = motions(more).filter((event) => event.cycle === 'CYCLE86');
    expect(bore.map((event) => [event.to.x, event.to.z])).toEqual([
      [50, 2],
      [50, -8],
      [49.8, -7.9],
      [49.8, 2],
      [50, 2],
      [50, 10],
    ]);
  });
});

describe('Fanuc and Haas mills', () => {
  it('reads O numbers, T M06, G43 H, G91 G28 Z0. and G20', () => {
    const events = run(
      `%
O1234 (PLATE)
N10 G17 G21 G40 G49 G80 G90 G94
G54
T1 M06
G43 H01 Z50.
S1200 M03
G0 X10. Y10.
G91 G28 Z0.
G90
G0 X0. Y0.
G20 G0 X1. Y1. Z1.
G1 Z0.5 F10.
M30
%`,
      'fanuc',
      'mill',
    );
    expect(errors(events)).toEqual([]);
    const moves = motions(events);
    expect(moves[0]).toMatchObject({ line: 6, from: null, to: { z: 50 }, lengthOffset: 1 });
    // X and Y are unknown until line 8 names them.
    expect(moves[1]).toMatchObject({ line: 8, from: null, to: { x: 10, y: 10, z: 50 } });
    expect(moves[2]!.from).toBeNull();
    expect(events.find((event) => event.type === 'home')).toEqual({ type: 'home', line: 9 });
    expect(moves[2]).toMatchObject({ line: 11, from: null, to: { x: 0, y: 0 } });
    expect(moves[3]!.to).toEqual({ x: 25.4, y: 25.4, z: 25.4 });
    expect(moves[4]).toMatchObject({ to: { z: 12.7 }, feed: 254 });
  });

  it('reads Haas G53 G00 Z0. homes and G91 moves', () => {
    const events = run(
      'O01234 (PLATE)\nT2 M06\nG53 G00 Z0.\nG00 X5. Y5.\nG43 H02 Z10.\nG91 G01 X2. Y-1. Z-3. F100.\nM30',
      'haas',
      'mill',
    );
    expect(errors(events)).toEqual([]);
    const moves = motions(events);
    expect(moves[0]!.from).toBeNull();
    expect(moves[1]!.from).toBeNull();
    expect(moves[2]).toMatchObject({ from: { x: 5, y: 5, z: 10 }, to: { x: 7, y: 4, z: 7 } });
  });

  it('reports unknown codes with their line and dialect', () => {
    const events = run('G0 X0 Y0 Z0\nG12 I5\nM98 P100\nG1 X1 E3 F10', 'fanuc', 'mill');
    expect(errors(events)).toEqual([
      { type: 'error', line: 2, message: 'G12 is not a code this interpreter knows for fanuc' },
      { type: 'error', line: 3, message: 'M98 is not a code this interpreter knows for fanuc' },
      { type: 'error', line: 4, message: 'E3 is not used by fanuc mill programs here' },
    ]);
  });
});

describe('Sinumerik mill', () => {
  it('reads T D, M6, SUPA homes, ; comments and G70 inches', () => {
    const events = run(
      `; PLATE
G17 G71 G40 G90 G94
G54
T3 D1 ; drill
M6
S2000 M3
G0 X10 Y10
G0 Z5
G1 Z-2 F150
SUPA G0 Z0 D0
G70 G0 X1 Y1
M30`,
      'sinumerik',
      'mill',
    );
    expect(errors(events)).toEqual([]);
    expect(events.find((event) => event.type === 'tool')).toMatchObject({ line: 5, tool: 3 });
    const moves = motions(events);
    expect(moves[2]).toMatchObject({ to: { z: -2 }, lengthOffset: 1, tool: 3, feed: 150 });
    expect(events.find((event) => event.type === 'home')).toMatchObject({ line: 10 });
    expect(moves[3]).toMatchObject({ from: null, to: { x: 25.4, y: 25.4 }, lengthOffset: null });
    expect(errors(run('G0 X0 Y0 Z0\nTRANS X5\nCYCLE99(1)', 'sinumerik', 'mill'))).toEqual([
      {
        type: 'error',
        line: 2,
        message: 'TRANS is not a word this interpreter knows for sinumerik',
      },
      {
        type: 'error',
        line: 3,
        message: 'CYCLE99 is not a cycle this interpreter knows for sinumerik',
      },
    ]);
  });
});

describe('ISO EDM', () => {
  it('wire: G92 at the start hole, G41 D1, arcs, M0 with its comment', () => {
    const events = run(
      `%
O100 (DIE)
G90 G54 G40 G17
G92 X5. Y5.
M0 (THREAD THE WIRE)
G41 D1
G1 X10. Y5. F2.
G3 X20. Y5. I5. J0.
G2 X10. Y5. R5.
G40 G1 X5. Y5.
M1 (REMOVE THE SLUG)
M30
%`,
      'iso-edm',
      'wire',
    );
    expect(errors(events)).toEqual([]);
    expect(events.filter((event) => event.type === 'stop')).toEqual([
      { type: 'stop', line: 5, optional: false, comment: 'THREAD THE WIRE' },
      { type: 'stop', line: 11, optional: true, comment: 'REMOVE THE SLUG' },
    ]);
    const moves = motions(events);
    expect(moves[0]).toMatchObject({
      from: { x: 5, y: 5 },
      to: { x: 10, y: 5 },
      compensation: { side: 'left', register: 1 },
      feed: 2,
    });
    expect(moves[1]!.arc).toEqual({
      center: { x: 15, y: 5, z: 0 },
      clockwise: false,
      plane: 'XY',
    });
    expect(moves[2]!.arc!.center.x).toBeCloseTo(15, 9);
    expect(moves[2]!.arc!.center.y).toBeCloseTo(5, 9);
    expect(moves[3]!.compensation).toBeNull();
  });

  it('sinker: E condition numbers ride on the moves', () => {
    const events = run(
      'G90 G54 G17\nG0 X10. Y10.\nG0 Z5.\n(ROUGH)\nE101\nG1 Z-2. F5.\nG1 X10.5\nE102\nG2 X10.5 Y10. I-0.5 J0.\nG0 Z20.\nM30',
      'iso-edm',
      'sinker',
    );
    expect(errors(events)).toEqual([]);
    expect(motions(events).map((event) => event.condition)).toEqual([
      null,
      null,
      101,
      101,
      102,
      102,
    ]);
    expect(errors(run('G0 X0 Y0 Z0\nG81 Z-1 R1\nM3', 'iso-edm', 'sinker'))).toHaveLength(2);
  });
});

describe('lathes', () => {
  it('expands LinuxCNC G76 into passes that reach the thread root', () => {
    const events = [
      ...interpret(
        [
          'G7 G18 G21 G95',
          'T1 M6',
          'M3 S500',
          'G0 X22 Z2',
          'G76 P1.5 Z-20 I-1 J0.4 K1.84 R2 Q29.5 H1',
          'M30',
        ],
        'linuxcnc',
      ),
    ];
    expect(errors(events)).toEqual([]);
    const cuts = motions(events).filter((event) => event.leadMm !== undefined);
    // Crest Ø21 (drive line 22, I-1 on the diameter), root 21 − 1.84.
    expect(cuts.at(-1)!.to.x).toBeCloseTo(19.16, 9);
    expect(cuts.at(-2)!.to.x).toBeCloseTo(19.16, 9);
    expect(cuts[0]!.to.x).toBeCloseTo(21 - 0.4, 9);
    expect(cuts[1]!.to.x).toBeCloseTo(21 - 0.4 * Math.sqrt(2), 9);
    expect(Math.min(...cuts.map((event) => event.to.x))).toBeCloseTo(19.16, 9);
    expect(cuts.every((event) => event.to.z === -20 && event.leadMm === 1.5)).toBe(true);
    expect(cuts.every((event) => event.feedMode === 'per-rev' && event.feed === 1.5)).toBe(true);
    expect(motions(events).at(-1)!.to).toEqual({ x: 22, y: 0, z: 2 });
  });

  it('expands Fanuc two-block G76 and Haas one-block G76 with Δd√n passes', () => {
    const fanuc = run(
      'G21 G18 G99\nT0303\nG97 S600 M03\nG0 X22. Z3.\nG76 P020060 Q50 R0.05\nG76 X18.16 Z-20. P920 Q300 F1.5\nM30',
      'fanuc',
      'lathe',
    );
    expect(errors(fanuc)).toEqual([]);
    const fanucCuts = motions(fanuc).filter((event) => event.leadMm === 1.5);
    const depths = fanucCuts.map((event) => round((20 - event.to.x) / 2));
    // Δd√n: 0.3, 0.424, 0.52, 0.6, 0.671, 0.735, 0.794, 0.849 (< 0.92 − 0.05), then 0.92 twice (m = 2).
    expect(depths).toEqual([0.3, 0.424, 0.52, 0.6, 0.671, 0.735, 0.794, 0.849, 0.92, 0.92]);
    expect(fanucCuts.at(-1)!.to.x).toBeCloseTo(18.16, 9);
    const haas = run(
      'G21 G18 G99\nT0303\nG97 S600 M03\nG0 X22. Z3.\nG76 X18.16 Z-20. K0.92 D0.3 F1.5 A60.\nM30',
      'haas',
      'lathe',
    );
    expect(errors(haas)).toEqual([]);
    const haasCuts = motions(haas).filter((event) => event.leadMm === 1.5);
    expect(haasCuts[0]!.to.x).toBeCloseTo(19.4, 9);
    expect(haasCuts.at(-1)!.to.x).toBeCloseTo(18.16, 9);
    // 30° flank infeed: each pass starts further along Z.
    const starts = motions(haas).filter((event, index, all) => all[index + 1]?.leadMm === 1.5);
    expect(starts[1]!.to.z).toBeLessThan(starts[0]!.to.z);
  });

  it('reads Fanuc G32, Sinumerik DIAMON, LIMS=, T D and G33, G20 and radius mode', () => {
    const fanuc = run('G0 X20. Z2.\nG32 Z-10. F1.5\nG0 X24.', 'fanuc', 'lathe');
    expect(motions(fanuc)[1]).toMatchObject({ kind: 'feed', leadMm: 1.5, to: { x: 20, z: -10 } });
    const sinumerik = [
      ...interpret(
        [
          'DIAMON',
          'G18 G71 G95',
          'T1 D1',
          'G96 S200 LIMS=3000 M3',
          'G0 X20 Z2',
          'G1 X18 F0.2',
          'G33 Z-10 K1.25',
          'G0 X24',
          'M30',
        ],
        'sinumerik',
      ),
    ];
    expect(errors(sinumerik)).toEqual([]);
    const moves = motions(sinumerik);
    expect(moves[1]).toMatchObject({
      tool: 1,
      feed: 0.2,
      feedMode: 'per-rev',
      spindle: { mode: 'css', speed: 200, maxRpm: 3000, turning: 'cw' },
    });
    expect(moves[2]).toMatchObject({ leadMm: 1.25, to: { x: 18, z: -10 } });
    const inch = run('G20 G0 X1. Z0.1', 'fanuc', 'lathe');
    expect(motions(inch)[0]!.to).toEqual({ x: 25.4, y: 0, z: 2.54 });
    const radius = run('G8 G0 X10 Z0', 'linuxcnc', 'lathe');
    expect(motions(radius)[0]!.to.x).toBe(20);
  });

  it('rejects G70/G71 stock removal cycles, which the posts do not write', () => {
    const events = run('G0 X40. Z2.\nG71 U1. R0.5\nG70 P10 Q20', 'fanuc', 'lathe');
    expect(errors(events).map((event) => [event.line, event.message])).toEqual([
      [2, 'G71 is not a code this interpreter knows for fanuc'],
      [3, 'G70 is not a code this interpreter knows for fanuc'],
    ]);
    expect(() => interpretProgram([], { dialect: 'iso-edm', machine: 'lathe' }).next()).toThrow(
      RangeError,
    );
  });
});

describe('streaming', () => {
  it('interprets a generated 1,000,000-line program from a file', () => {
    const path = join(folder, 'million.nc');
    const fd = openSync(path, 'w');
    writeSync(fd, '%\nG17 G21 G90 G94\nT1 M6\nM3 S1000\nG0 X0 Y0 Z5\nG1 Z-1 F500\n');
    let lines = 6;
    let expected = 2;
    const block: string[] = [];
    for (let index = 0; lines < 999_999; index += 1) {
      const step = index % 10;
      if (step === 0) block.push('(PASS)');
      else if (step === 1) block.push('G1 X0 Y0 F800');
      else if (step === 2) block.push('G2 X2 Y0 I1 J0');
      else if (step === 3) block.push('G3 X0 Y0 R1');
      else block.push(`G1 X${step} Y${(index % 7) / 10}`);
      if (!block.at(-1)!.startsWith('(')) expected += 1;
      lines += 1;
      if (block.length === 10_000) {
        writeSync(fd, `${block.join('\n')}\n`);
        block.length = 0;
      }
    }
    block.push('M30');
    writeSync(fd, block.join('\n'));
    closeSync(fd);
    let count = 0;
    let arcs = 0;
    let last = 0;
    let problems = 0;
    for (const event of interpretProgram(readLines(path), {
      dialect: 'linuxcnc',
      machine: 'mill',
    })) {
      if (event.type === 'motion') {
        count += 1;
        if (event.kind === 'arc') arcs += 1;
      } else if (event.type === 'error') problems += 1;
      last = event.line;
    }
    expect(lines).toBe(999_999);
    expect(last).toBe(1_000_000);
    expect(problems).toBe(0);
    expect(count).toBe(expected);
    expect(arcs).toBeGreaterThan(100_000);
  }, 120_000);
});
