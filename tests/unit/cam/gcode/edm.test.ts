import { describe, expect, it } from 'vitest';
import { errors, motions, run } from '#tests/helpers/gcode';

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
