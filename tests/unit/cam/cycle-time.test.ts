import { describe, expect, it } from 'vitest';
import {
  estimateCycleTime,
  findOperationLines,
  formatDuration,
  normaliseCommentText,
} from '#cam/cycle-time';
import type { InterpreterEvent, MotionEvent, Point3, SpindleState } from '#cam/gcode/events';

const rpmSpindle = (rpm: number): SpindleState => ({
  turning: 'cw',
  mode: 'rpm',
  speed: rpm,
  maxRpm: null,
});
const cssSpindle = (surfaceSpeed: number, maxRpm: number | null): SpindleState => ({
  turning: 'cw',
  mode: 'css',
  speed: surfaceSpeed,
  maxRpm,
});
const p = (x: number, y: number, z: number): Point3 => ({ x, y, z });

function move(
  line: number,
  kind: MotionEvent['kind'],
  from: Point3 | null,
  to: Point3,
  extra: Partial<MotionEvent> = {},
): MotionEvent {
  return {
    type: 'motion',
    line,
    kind,
    from,
    to,
    tool: 1,
    spindle: rpmSpindle(1000),
    feed: 100,
    feedMode: 'per-min',
    coolant: false,
    ...extra,
  };
}

/** No spindle-start allowance, so the sums are the moves alone. */
const noStart = { spindleStartSeconds: 0 };

describe('estimateCycleTime', () => {
  it('times a 100 mm feed at 100 mm/min as 60 s', () => {
    const time = estimateCycleTime([move(1, 'feed', p(0, 0, 0), p(100, 0, 0))], {
      machine: 'mill',
      ...noStart,
    });
    expect(time.feedSeconds).toBeCloseTo(60, 6);
    expect(time.totalSeconds).toBeCloseTo(60, 6);
    expect(time.rapidSeconds).toBe(0);
  });

  it('times arcs by their length', () => {
    // A half circle of radius 10 in XY: π·10 mm at 100 mm/min.
    const arc = move(1, 'arc', p(0, 0, 0), p(20, 0, 0), {
      arc: { center: p(10, 0, 0), clockwise: true, plane: 'XY' },
    });
    const time = estimateCycleTime([arc], { machine: 'mill', ...noStart });
    expect(time.feedSeconds).toBeCloseTo(((Math.PI * 10) / 100) * 60, 6);
  });

  it('times rapids by the slowest axis at the machine rapid rate', () => {
    const rapid = move(1, 'rapid', p(0, 0, 0), p(250, 100, 0));
    const time = estimateCycleTime([rapid], { machine: 'mill', ...noStart });
    // 250 mm at 25 m/min = 0.6 s
    expect(time.rapidSeconds).toBeCloseTo(0.6, 6);
    const slow = estimateCycleTime([rapid], {
      machine: 'mill',
      rapidMmPerMin: 5000,
      ...noStart,
    });
    expect(slow.rapidSeconds).toBeCloseTo(3, 6);
    // A lathe's X is a diameter: X100 → X0 travels 50 mm at 12 m/min.
    const lathe = estimateCycleTime([move(1, 'rapid', p(100, 0, 0), p(0, 0, 0))], {
      machine: 'lathe',
      ...noStart,
    });
    expect(lathe.rapidSeconds).toBeCloseTo(0.25, 6);
  });

  it('does not time a move from an unknown position', () => {
    const time = estimateCycleTime([move(1, 'rapid', null, p(10, 0, 10))], {
      machine: 'lathe',
      ...noStart,
    });
    expect(time.totalSeconds).toBe(0);
  });

  it('times per-revolution feeds at the spindle speed', () => {
    // 50 mm along Z at 0.2 mm/rev and 500 rpm = 100 mm/min: 30 s.
    const turn = move(1, 'feed', p(20, 0, 0), p(20, 0, -50), {
      feedMode: 'per-rev',
      feed: 0.2,
      spindle: rpmSpindle(500),
    });
    expect(estimateCycleTime([turn], { machine: 'lathe', ...noStart }).feedSeconds).toBeCloseTo(
      30,
      6,
    );
  });

  it('follows the diameter under CSS and clamps at the spindle limit', () => {
    // Turning at Ø40 with 200 m/min: 1591.5 rpm, 0.2 mm/rev, 50 mm.
    const rpm = (1000 * 200) / (Math.PI * 40);
    const turn = move(1, 'feed', p(40, 0, 0), p(40, 0, -50), {
      feedMode: 'per-rev',
      feed: 0.2,
      spindle: cssSpindle(200, 3000),
    });
    expect(estimateCycleTime([turn], { machine: 'lathe', ...noStart }).feedSeconds).toBeCloseTo(
      (50 / (0.2 * rpm)) * 60,
      6,
    );

    // Facing from Ø60 to X0: the clamp makes it slower than the unclamped spindle would.
    const face = (maxRpm: number | null) =>
      estimateCycleTime(
        [
          move(1, 'feed', p(60, 0, 0), p(0, 0, 0), {
            feedMode: 'per-rev',
            feed: 0.2,
            spindle: cssSpindle(200, maxRpm),
          }),
        ],
        { machine: 'lathe', ...noStart },
      ).feedSeconds;
    const clamped = face(2000);
    const unclamped = face(null);
    expect(clamped).toBeGreaterThan(unclamped);
    // Exact: 1/rpm = max(1/2000, π·D/200000); knee at D = 31.83 mm. With D from 60 to 0 over
    // 30 mm of travel, the mean of 1/rpm over D ∈ [0, 60]:
    const b = Math.PI / 200_000;
    const knee = 1 / 2000 / b;
    const mean = (knee / 2000 + (b * (60 ** 2 - knee ** 2)) / 2) / 60;
    expect(clamped).toBeCloseTo(((30 * mean) / 0.2) * 60, 6);
    // Unclamped, the 1 mm minimum diameter still bounds the rpm.
    expect(Number.isFinite(unclamped)).toBe(true);
  });

  it('times threading and tapping at rpm × lead', () => {
    const thread = move(1, 'feed', p(20, 0, 0), p(20, 0, -30), {
      feedMode: 'per-rev',
      feed: 0,
      leadMm: 1.5,
      spindle: rpmSpindle(600),
      cycle: 'G76',
    });
    // 30 mm at 900 mm/min = 2 s
    expect(estimateCycleTime([thread], { machine: 'lathe', ...noStart }).feedSeconds).toBeCloseTo(
      2,
      6,
    );
    const tap = move(1, 'feed', p(0, 0, 2), p(0, 0, -18), {
      feedMode: 'per-min',
      feed: 500,
      leadMm: 1.25,
      spindle: rpmSpindle(400),
      cycle: 'G84',
    });
    // 20 mm at 500 mm/min = 2.4 s
    expect(estimateCycleTime([tap], { machine: 'mill', ...noStart }).feedSeconds).toBeCloseTo(
      2.4,
      6,
    );
  });

  it('counts tool changes, dwells, spindle starts and (at 0 s) operator stops', () => {
    const events: InterpreterEvent[] = [
      { type: 'tool', line: 1, tool: 1 },
      { type: 'tool', line: 2, tool: 1 },
      move(3, 'rapid', p(0, 0, 10), p(0, 0, 10 + 25 / 6)),
      { type: 'dwell', line: 4, seconds: 1.5 },
      { type: 'stop', line: 5, optional: false, comment: 'Remove the slug' },
      { type: 'tool', line: 6, tool: 2 },
    ];
    const time = estimateCycleTime(events, { machine: 'mill' });
    expect(time.toolChangeSeconds).toBe(12);
    expect(time.otherSeconds).toBeCloseTo(1.5 + 1, 6);
    expect(time.rapidSeconds).toBeCloseTo(0.01, 6);
    expect(time.totalSeconds).toBeCloseTo(12 + 2.5 + 0.01, 6);
    const turret = estimateCycleTime(events, { machine: 'lathe', toolChangeSeconds: 3 });
    expect(turret.toolChangeSeconds).toBe(6);
  });

  it('splits the time per operation, adding up to the total', () => {
    const events: InterpreterEvent[] = [
      { type: 'tool', line: 2, tool: 1 },
      move(3, 'rapid', p(0, 0, 50), p(0, 0, 5)),
      move(10, 'feed', p(0, 0, 5), p(0, 0, -5)),
      { type: 'tool', line: 20, tool: 2 },
      move(21, 'rapid', p(0, 0, 5), p(50, 50, 5)),
      move(22, 'feed', p(50, 50, 5), p(150, 50, 5)),
      { type: 'dwell', line: 23, seconds: 2 },
      move(30, 'feed', p(150, 50, 5), p(150, 50, -5)),
    ];
    const time = estimateCycleTime(events, {
      machine: 'mill',
      operations: [
        { name: 'Drill', startLine: 5 },
        { name: 'Contour', startLine: 19 },
        { name: 'Plunge', startLine: 30 },
      ],
    });
    expect(time.operations.map((operation) => operation.name)).toEqual([
      'Drill',
      'Contour',
      'Plunge',
    ]);
    const sum = time.operations.reduce((total, operation) => total + operation.seconds, 0);
    expect(sum).toBeCloseTo(time.totalSeconds, 9);
    // The header's tool change and rapid (before line 5) go to the first operation.
    expect(time.operations[0]!.seconds).toBeCloseTo(6 + 1 + (45 / 25_000) * 60 + 6, 6);
    expect(time.operations[1]!.seconds).toBeCloseTo(6 + (50 / 25_000) * 60 + 60 + 2, 6);
    expect(time.operations[2]!.seconds).toBeCloseTo(6, 6);
  });
});

describe('findOperationLines', () => {
  const program = [
    '%',
    '(Part: Flange)',
    '(Z0 is the finished free-end face; X is a diameter; mm)',
    '(Tools:)',
    '(T1 Turning tool - rough turn and face)',
    'G18 G7 G21',
    '(Face: T1 CNMG, 200 m/min, f 0.2 mm/rev)',
    'T1 M6 G43',
    'G1 X0 F0.2',
    '(Rough turn: T1 CNMG, 200 m/min, f 0.25 mm/rev)',
    'G1 Z-20',
    'G0 X40 ; DRILL DIA 6.8 [THROUGH]',
    'M30',
  ];

  it('finds each operation at its own comment, in order', () => {
    expect(
      findOperationLines(program, ['Face', 'Rough turn', 'Drill Ø6.8 (through)', 'Groove']),
    ).toEqual([
      { name: 'Face', startLine: 7 },
      { name: 'Rough turn', startLine: 10 },
      { name: 'Drill Ø6.8 (through)', startLine: 12 },
    ]);
  });

  it('gives two operations of the same name two lines', () => {
    const lines = ['(CONTOUR: T1)', 'G1 X1', '(CONTOUR: T2)', 'G1 X2'];
    expect(findOperationLines(lines, ['Contour', 'Contour'])).toEqual([
      { name: 'Contour', startLine: 1 },
      { name: 'Contour', startLine: 3 },
    ]);
  });

  it('normalises like the posts write comments', () => {
    expect(normaliseCommentText('Chamfer 1 × 45° (Ø20)')).toBe('CHAMFER 1 45 DEG [DIA 20]');
  });
});

describe('formatDuration', () => {
  it('writes seconds, minutes and hours', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(750)).toBe('12 min 30 s');
    expect(formatDuration(3720)).toBe('1 h 02 min');
    expect(formatDuration(59.6)).toBe('1 min 00 s');
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(Number.NaN)).toBe('0 s');
  });
});
