/**
 * One lathe program per dialect for a part with a thread, a groove, a thread undercut and a bore,
 * compared line by line with the golden files in tests/golden/lathe (UPDATE_GOLDEN=1 rewrites
 * them), and read back by the verifier.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateLatheProgram } from '#cam/jobs/lathe';
import { lathePostFor } from '#cam/post/lathe/index';
import { goldenLatheJob, goldenLatheMachines } from '#tests/helpers/golden-jobs';
import type { GoldenLatheDialect } from '#tests/helpers/golden-jobs';
import { goldenDir } from '#tests/helpers/paths';

const machines = goldenLatheMachines;
type LatheDialectName = GoldenLatheDialect;
const adapterJob = goldenLatheJob;

const golden = (dialect: string) => new URL(`lathe/${dialect}.nc`, goldenDir);

describe('golden lathe programs', () => {
  it.each(Object.keys(machines) as LatheDialectName[])(
    'the %s program matches its golden file and passes the verifier',
    (dialect) => {
      const program = generateLatheProgram(adapterJob(dialect));
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden(dialect), program.gcode);
      expect(
        existsSync(golden(dialect)),
        `tests/golden/lathe/${dialect}.nc is missing: run with UPDATE_GOLDEN=1`,
      ).toBe(true);
      expect(program.gcode.split('\n')).toEqual(readFileSync(golden(dialect), 'utf8').split('\n'));
      expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
      expect(program.report.checks.map((check) => check.id)).toContain('threads');
      expect(program.dialect).toBe(dialect);
      const names = program.plan.operations.map((operation) => operation.name);
      expect(names).toEqual([
        'Face',
        'Centre drill',
        'Drill Ø8.5',
        'Rough OD',
        'Rough bore',
        'Finish OD',
        'Finish bore',
        'Undercut DIN 76-A M20x1.5 3.2 x Ø17.7',
        'Groove Ø24',
        'Thread M20x1.5',
        'Part off',
      ]);
      expect(program.summary.notProgrammed.join(' ')).not.toMatch(/thread/i);
    },
  );
});

describe('the Sinumerik lathe post', () => {
  const gcode = generateLatheProgram(adapterJob('sinumerik')).gcode;
  const lines = gcode.split('\n');

  it('is registered for the sinumerik dialect', () => {
    expect(lathePostFor('sinumerik')?.dialect).toBe('sinumerik');
  });

  it('writes ; comments, the turning set-up block and G54', () => {
    expect(lines[0]).toBe('; Part: Hydraulic adapter HA-20');
    expect(gcode).not.toMatch(/[()]/);
    expect(gcode).toContain('\nG18 G71 G90 G95 DIAMON\nG54\n');
    expect(gcode.endsWith('M30\n')).toBe(true);
    expect(gcode).not.toContain('%');
  });

  it('changes tools with T and D on the turret, never M6', () => {
    expect(gcode).toMatch(/\nT1 D1\nG96 S\d+ LIMS=5000 M3\nM8\n/);
    expect(gcode).not.toMatch(/\bM6\b/);
    expect(gcode).toMatch(/\nT4 D1\nG97 S\d+ M3\n/);
  });

  it('cuts the thread in explicit G33 passes at constant rpm, with a spring pass', () => {
    const passes = lines.filter((line) => line.startsWith('G33'));
    expect(passes).toHaveLength(7);
    passes.forEach((line) => expect(line).toMatch(/^G33 Z-1[56]\.\d+ K1\.5$/));
    expect(passes.at(-1)).toBe('G33 Z-16.4 K1.5');
    const thread = gcode.slice(gcode.indexOf('; Thread M20x1.5'));
    expect(thread).toMatch(/^; Thread M20x1\.5: T8 Threading 16ER AG60, \d+ rpm/);
    expect(thread).toMatch(/\nT8 D1\nG97 S\d+ M3\n/);
    const xs = lines
      .map((line, index) => ({ line, next: lines[index + 1] ?? '' }))
      .filter(({ next }) => next.startsWith('G33'))
      .map(({ line }) => Number(/X([\d.]+)/.exec(line)![1]));
    expect(xs.at(-1)).toBe(18.16);
    expect(xs.at(-2)).toBe(18.16);
    expect(xs[0]).toBeCloseTo(20 - 2 * 0.376, 3);
  });
});

describe('numbers in lathe programs', () => {
  it('are written to the controller resolution, with no float noise, whatever the overrides', () => {
    const factor = fc.integer({ min: 50, max: 150 }).map((value) => value / 100);
    fc.assert(
      fc.property(
        fc.record({
          surfaceSpeedFactor: factor,
          feedFactor: factor,
          depthOfCutFactor: factor,
          finishFeedFactor: factor,
        }),
        fc.constantFrom<GoldenLatheDialect>('linuxcnc', 'fanuc', 'haas', 'sinumerik'),
        (overrides, dialect) => {
          const program = generateLatheProgram({ ...goldenLatheJob(dialect), overrides });
          // Coordinates and feeds to 0.001 mm, speeds whole: never 4 decimals or more.
          expect(program.gcode).not.toMatch(/\d\.\d{4,}/);
        },
      ),
      { numRuns: 25 },
    );
  });
});
