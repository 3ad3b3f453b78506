import { describe, expect, it } from 'vitest';
import { cycleTrace, errors, motions, run } from '#tests/helpers/gcode';

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
