import { describe, expect, it } from 'vitest';
import { interpret, interpretProgram } from '#cam/gcode/interpreter';
import { errors, motions, round, run } from '#tests/helpers/gcode';

describe('lathes', () => {
  it('puts an arc given by its radius on the side its direction turns, as one given by I K', () => {
    // A convex R5 from the face at Ø20 round to Ø30 (the textbook G03 turning toward the chuck):
    // its centre is at Ø20 Z-5, however the arc is given.
    for (const [dialect, arc] of [
      ['fanuc', 'G03 X30. Z-5. R5.'],
      ['fanuc', 'G03 X30. Z-5. I0 K-5.'],
      ['sinumerik', 'G3 X30 Z-5 CR=5'],
      ['linuxcnc', 'G3 X30 Z-5 R5'],
    ] as const) {
      const setup = { linuxcnc: 'G7 G18 G21 G95', fanuc: 'G18 G21', sinumerik: 'G18 DIAMON' }[
        dialect
      ];
      const events = [...interpret([setup, 'G0 X20 Z2', 'G1 Z0 F0.1', arc, 'M30'], dialect)];
      expect(errors(events), arc).toEqual([]);
      const move = motions(events).find((event) => event.arc)!;
      expect(move.arc!.clockwise, arc).toBe(false);
      expect(move.arc!.center.x, arc).toBeCloseTo(20, 6);
      expect(move.arc!.center.z, arc).toBeCloseTo(-5, 6);
    }
    // Clockwise, the same ends: the centre on the other side (a concave fillet), at Ø30 Z0.
    const events = [...interpret(['G18', 'G0 X20 Z0', 'G02 X30. Z-5. R5.', 'M30'], 'fanuc')];
    const { center } = motions(events).find((event) => event.arc)!.arc!;
    expect(center.x).toBeCloseTo(30, 6);
    expect(center.z).toBeCloseTo(0, 6);
  });

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
