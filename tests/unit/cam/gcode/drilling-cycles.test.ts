import { describe, expect, it } from 'vitest';
import type { InterpreterEvent } from '#cam/gcode/events';
import { cycleTrace, errors, motions, run } from '#tests/helpers/gcode';

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
