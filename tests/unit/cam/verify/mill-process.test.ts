/**
 * The mill verifier's process checks, each on a short program written for it: a cut beyond its
 * tool's rated depth, a full slot at full feed, chips too thick or too thin, more cutting power
 * than 80 % of the spindle's, a spindle speed over the machine's top speed, a program wider than
 * the machine's travels, a tool deeper in material than its flute length. Each failure
 * withholds "passed"; a check whose machine limit is not known says so and is not failed.
 */
import { describe, expect, it } from 'vitest';
import type { MillVerificationInput, MillVerificationTool } from '#cam/verify/mill/input';
import { verifyMillProgram } from '#cam/verify/mill/index';
import { rectangle } from '#tests/helpers/parts';

/** T2 Ø10 4-flute carbide end mill (22 mm flutes), T3 Ø6 3-flute (13 mm), T5 Ø5 drill (10 mm). */
const tools: MillVerificationTool[] = [
  { number: 2, kind: 'endMill', diameterMm: 10, fluteLengthMm: 22, flutes: 4, tableChipMm: 0.05 },
  { number: 3, kind: 'endMill', diameterMm: 6, fluteLengthMm: 13, flutes: 3, tableChipMm: 0.03 },
  { number: 5, kind: 'drill', diameterMm: 5, fluteLengthMm: 10 },
];

/** A 100 x 60 x 20 block in medium-carbon steel, the part its size, one deep pocket to cut in. */
function input(machine: MillVerificationInput['machine'] = {}): MillVerificationInput {
  return {
    dialect: 'linuxcnc',
    stock: { xMm: 100, yMm: 60, zMm: 20, origin: { x: 0, y: 0, z: -20 } },
    outline: rectangle(0, 0, 100, 60),
    thicknessMm: 20,
    toleranceMm: 0.1,
    holes: [],
    pockets: [
      { label: 'Pocket 1', region: [rectangle(10, 10, 90, 50)], depthMm: 19, through: false },
    ],
    tools,
    envelope: { xMin: -100, xMax: 200, yMin: -100, yMax: 160, zMin: -25, zMax: 100 },
    material: 'medium-carbon',
    machine,
  };
}

/** A program: T2 down to `depth` in the pocket, then one cut along X at `feed`. */
function slot(depth: number, feed: number, extra: string[] = [], rpm = 4775): string {
  return [
    '%',
    'G17 G21 G40 G49 G80 G90 G94 G54',
    'T2 M6',
    'G43 H2',
    `S${rpm} M3`,
    'G0 X20 Y30',
    'G0 Z5',
    `G1 Z-${depth} F200`,
    `G1 X60 F${feed}`,
    ...extra,
    'G0 Z5',
    'M5',
    'M30',
    '%',
  ].join('\n');
}

const failed = (program: string, verification = input()) =>
  verifyMillProgram(program, verification)
    .checks.filter((check) => !check.passed)
    .map((check) => check.id);

const process = (program: string, verification = input()) =>
  verifyMillProgram(program, verification).checks.filter(
    (check) => !check.passed && check.kind === 'process',
  );

describe('the mill verifier checks every cut against its tool and its machine', () => {
  it('passes a full slot at half the diameter deep and 3/4 of the table feed', () => {
    // fz = 716 / (4 × 4775) = 0.0375 mm = 3/4 of the table's 0.05.
    expect(process(slot(5, 716))).toEqual([]);
    const report = verifyMillProgram(slot(5, 716), input());
    expect(report.passed).toBe(true);
    // The pocket is not cut: the program runs safely but is not complete, so not verified.
    expect(report.complete).toBe(false);
    expect(report.verified).toBe(false);
    expect(report.operations).toHaveLength(1);
    expect(report.operations![0]).toMatchObject({ maxDepthOfCutMm: 5, maxRadialMm: 10 });
  });

  it('fails a full slot deeper than 0.5 × D', () => {
    const report = verifyMillProgram(slot(8, 716), input());
    expect(report.passed).toBe(false);
    const ratings = report.checks.find((check) => check.id === 'ratings')!;
    expect(ratings.passed).toBe(false);
    expect(ratings.details[0]).toMatch(/T2 Ø10 end mill cuts 8 mm deep over 10 mm of its width/);
  });

  it('fails a full slot at the full table feed, and chips thicker than 1.6 × the table', () => {
    expect(failed(slot(5, 955))).toContain('slotting');
    expect(failed(slot(5, 955))).not.toContain('chips');
    // 2000 mm/min: 0.105 mm per tooth in a full slot.
    expect(failed(slot(5, 2000))).toEqual(expect.arrayContaining(['slotting', 'chips']));
  });

  it('fails a side cut whose chip is too thin: the edge rubs', () => {
    // After the slot, 1 mm more into the wall at 200 mm/min: hex ≈ 0.006 mm, under 0.02.
    const thin = slot(5, 716, ['G1 Y31 F200', 'G1 X20']);
    expect(failed(thin)).toContain('chips');
    // The same cut with chip thinning compensated passes.
    expect(process(slot(5, 716, ['G1 Y31 F200', 'G1 X20 F1100']))).toEqual([]);
  });

  it("fails a cut needing more than 80 % of the spindle's power, and says when it cannot tell", () => {
    const tormach = { name: 'Tormach 1100MX', spindlePowerKw: 1.5 };
    const report = verifyMillProgram(slot(5, 716), input(tormach));
    const power = report.checks.find((check) => check.id === 'power')!;
    expect(power).toMatchObject({ passed: false, kind: 'process' });
    expect(power.title).toBe("Cutting power stays within 80 % of the machine's 1.5 kW spindle");
    expect(power.details[0]).toMatch(/needs 2\.\d+ kW, more than 80 % of the Tormach 1100MX/);
    expect(report.operations![0]!.maxPowerKw).toBeGreaterThan(1.2);
    expect(report.operations![0]!.machinePowerKw).toBe(1.5);
    expect(failed(slot(5, 716), input({ spindlePowerKw: 22.4 }))).not.toContain('power');
    const unknown = verifyMillProgram(slot(5, 716), input()).checks.find(
      (check) => check.id === 'power',
    )!;
    expect(unknown).toMatchObject({
      passed: true,
      details: [],
      title: "Cutting power is not checked: the machine's spindle power is not known",
    });
  });

  it("fails a spindle speed over the machine's top speed, and a program wider than its travels", () => {
    expect(failed(slot(5, 716), input({ maxRpm: 4000 }))).toContain('spindle');
    expect(failed(slot(5, 716), input({ maxRpm: 8100 }))).not.toContain('spindle');
    const narrow = { travelsMm: { x: 30, y: 406, z: 508 } };
    const report = verifyMillProgram(slot(5, 716), input(narrow));
    expect(report.checks.find((check) => check.id === 'travels')!.details).toEqual([
      "the program spans 40 mm in X, more than the machine's 30 mm travel",
    ]);
    expect(report.passed).toBe(false);
  });

  it('fails a tool taken deeper into material than its flute length', () => {
    // T3 Ø6 (13 mm flutes) slots down 2.5 mm at a time to 15 mm: each cut is within its rating,
    // but the shank goes into the slot.
    const levels = [2.5, 5, 7.5, 10, 12.5, 15].flatMap((z, index) => [
      `G1 Z-${z} F100`,
      `G1 X${index % 2 === 0 ? 60 : 20} F320`,
    ]);
    const program = [
      '%',
      'G17 G21 G40 G49 G80 G90 G94 G54',
      'T3 M6',
      'G43 H3',
      'S7958 M3',
      'G0 X20 Y30',
      'G0 Z5',
      ...levels,
      'G0 Z5',
      'M30',
      '%',
    ].join('\n');
    const report = verifyMillProgram(program, input());
    expect(report.checks.find((check) => check.id === 'ratings')!.passed).toBe(true);
    const holders = report.checks.find((check) => check.id === 'holders')!;
    expect(holders.passed).toBe(false);
    expect(holders.details[0]).toMatch(
      /T3 Ø6 end mill reaches 15 mm into material, deeper than its 13 mm flute length/,
    );
    // A drill with 10 mm of flute drilling 15 mm deep.
    const drill = [
      '%',
      'G17 G21 G40 G49 G80 G90 G94 G54',
      'T5 M6',
      'G43 H5',
      'S1500 M3',
      'G0 X50 Y30',
      'G0 Z5',
      'G98 G81 X50 Y30 Z-15 R2 F100',
      'G80',
      'M30',
      '%',
    ].join('\n');
    expect(failed(drill)).toContain('holders');
  });
});
