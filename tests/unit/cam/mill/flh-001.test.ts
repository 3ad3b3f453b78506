/**
 * Issue 14's worst case: FLH-001.dxf (../shared/blueprints/mill-edm) milled on the demo shop's
 * Haas VF-2 with its tools. No loaded end mill both fits the star-shaped cut-out's inside
 * corners and reaches through the plate, so the plan leaves it out: the program runs safely
 * (every process check passes) but is not complete, so it is never called verified, and the
 * report says what is left, why, and what would cut it.
 */
import { describe, expect, it } from 'vitest';
import { generateProgram } from '#cam/jobs/generate';
import { flh001Job } from './plates.ts';

const program = generateProgram(flh001Job('Haas VF-2'));
const { report } = program;

describe('FLH-001.dxf on the demo Haas VF-2', () => {
  it('is not verified: the star cut-out is left, with what would cut it', () => {
    expect(report).toMatchObject({ passed: true, complete: false, verified: false });
    expect(report.unfinished).toHaveLength(1);
    const [left] = report.unfinished;
    expect(left).toMatch(/^Cut-out 79\.68 × 56 mm: /);
    expect(left).toMatch(/T3 Ø6 end mill is too large for its corners/);
    expect(left).toMatch(/T4 Ø2 end mill has only 6 mm of flute/);
    expect(left).toMatch(
      /add an end mill of Ø\d+(\.\d+)? or less with at least 9\.5 mm of flute, or cut it by Wire EDM$/,
    );
    expect(program.summary.notProgrammed).toEqual(report.unfinished);
    const pockets = report.checks.find((check) => check.id === 'pockets')!;
    expect(pockets).toMatchObject({ passed: false, kind: 'completeness', details: [left] });
    expect(report.checks.filter((check) => check.kind === 'process' && !check.passed)).toEqual([]);
    // The program says so in its header too, folded into comment lines LinuxCNC can read (at
    // most 250 characters each; it was one line of 270).
    expect(program.gcode).toMatch(
      /^\(NOTE: NOT PROGRAMMED: CUT-OUT 79\.68 [^\n]*(\)\n\([^\n]*)? OR CUT IT BY WIRE EDM\)$/m,
    );
    expect(Math.max(...program.gcode.split('\n').map((line) => line.length))).toBeLessThan(251);
  });

  it("checks the cuts against the VF-2's limits and reports each operation", () => {
    for (const id of ['power', 'spindle', 'travels'])
      expect(report.checks.find((check) => check.id === id)).toMatchObject({ passed: true });
    expect(report.checks.find((check) => check.id === 'power')!.title).toBe(
      "Cutting power stays within 80 % of the machine's 22.4 kW spindle",
    );
    const operations = report.operations!;
    expect(operations.map((operation) => operation.name)).toEqual([
      'Face',
      'Spot drill',
      'Drill Ø13',
      'Rough contour',
      'Finish contour',
    ]);
    // Facing 1 mm off the 180 x 80 block removes 14.4 cm³.
    expect(operations[0]!.removedCm3).toBeCloseTo(14.4, 1);
    for (const operation of operations) {
      expect(operation.machinePowerKw).toBe(22.4);
      expect(operation.maxPowerKw).toBeLessThanOrEqual(0.8 * 22.4);
      expect(operation.cuttingSeconds).toBeGreaterThan(0);
    }
    const rough = operations.find((operation) => operation.name === 'Rough contour')!;
    // Where the block reaches furthest from the outline the roughing pass is a full slot.
    expect(rough.maxRadialMm).toBe(10);
    expect(rough.maxDepthOfCutMm).toBeLessThanOrEqual(5);
  });
});

describe("FLH-001's backplot", () => {
  it('shades the simulated plate and marks the cut-out left in it', () => {
    const simulated = report.simulated!;
    expect(simulated.plane).toBe('XY');
    expect(simulated.part.length).toBeGreaterThan(0);
    expect(simulated.gouged).toEqual([]);
    // The star cut-out is left: one region, 79.68 × 56 mm, in the middle of the plate.
    expect(simulated.left).toHaveLength(1);
    const xs = simulated.left[0]!.map((point) => point.x);
    const ys = simulated.left[0]!.map((point) => point.y);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(79.68, 0);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(56, 0);
    expect(program.backplotSvg).toContain('data-kind="left"');
    expect(program.backplotSvg).toContain('data-kind="simulated"');
  });
});
