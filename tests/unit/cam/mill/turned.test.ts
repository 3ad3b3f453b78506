/**
 * Plates turned on the table to fit the stock or the machine's travels (decision 045, issue 33):
 * a part drawn 100 x 175 mm milled from a 185 x 110 x 15 plate is turned a quarter turn before
 * it is planned, and the program, the verifier and the backplot all hold it turned; the header
 * and the summary say so. A part that fits as drawn is not turned; one that fits neither way is
 * refused as before.
 */
import { describe, expect, it } from 'vitest';
import { boundsOf } from '#cam/geometry/polygon';
import { generateMillProgramForPart } from '#cam/jobs/mill';
import type { PrismaticPart } from '#cam/prismatic/part';
import { rectangle } from '#tests/helpers/parts';
import { demoMill, millJob, movesBeyondStock, rounded, testPlate } from './plates.ts';

/** The plate of the issue: 100.013 x 175.006 x 12.51 drawn, a pocket, a slot, four holes. */
function tallPlate(): PrismaticPart {
  const thickness = 12.51;
  return {
    outline: rounded(0, 0, 100.013, 175.006, 5),
    thicknessMm: thickness,
    thicknessSource: 'drawing',
    holes: [
      { x: 10, y: 12 },
      { x: 90, y: 12 },
      { x: 10, y: 163 },
      { x: 90, y: 163 },
    ].map((center) => ({
      label: `Ø6.6 at X${center.x} Y${center.y}`,
      center,
      diameterMm: 6.6,
      depthMm: thickness,
      through: true,
      kind: 'through' as const,
    })),
    pockets: [
      {
        label: 'Pocket 1',
        outline: rounded(30, 100, 70, 150, 5),
        depthMm: 4,
        through: false,
        islands: [],
      },
    ],
    slots: [
      {
        label: 'Slot 1',
        from: { x: 50, y: 25 },
        to: { x: 50, y: 70 },
        widthMm: 10,
        depthMm: 3,
        through: false,
      },
    ],
    generalToleranceMm: 0.1,
    notModelled: [],
  };
}

const turnedNote =
  "The part is turned 90° on the table to fit the stock: the drawing's X runs along the machine's Y and its Y along the machine's -X. Clamp the 185 x 110 mm stock with its 185 mm side along X.";

describe('a plate that fits the stock only turned', () => {
  const { machine } = demoMill('Tormach 1100MX');
  const job = millJob({ machine, stock: { shape: 'block', xMm: 185, yMm: 110, zMm: 15 } });
  const part = tallPlate();
  const program = generateMillProgramForPart(job, part);

  it('is turned a quarter turn and verified: the simulated part matches the turned part', () => {
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.report).toMatchObject({ verified: true, unfinished: [] });
    expect(boundsOf([program.plan.part.outline])).toEqual({
      minX: 0,
      minY: 0,
      maxX: 175.006,
      maxY: 100.013,
    });
    // Each drawn feature turned: the hole at the drawing's X10 Y12 at X163.006 Y10.
    expect(program.plan.part.holes[0]!.center).toEqual({ x: 163.006, y: 10 });
    expect(program.plan.stock).toMatchObject({ xMm: 185, yMm: 110, origin: { x: -4.997 } });
    expect(part.outline).toEqual(tallPlate().outline);
  });

  it('keeps every move on the stock, and the backplot shows the part turned', () => {
    expect(movesBeyondStock(program)).toEqual([]);
    const extents = program.report.stats.extents!;
    expect(extents.yMax - extents.yMin).toBeLessThan(110 + 2 * 5.5);
    expect(boundsOf([program.outline.polygons[0]!])).toMatchObject({ maxX: 175.006 });
    expect(program.report.simulated?.part.length).toBeGreaterThan(0);
  });

  it('says so in the header and the summary', () => {
    expect(program.summary.warnings[0]).toBe(turnedNote);
    expect(program.summary.stock).toBe('block 185 x 110 x 15 mm');
    expect(program.gcode).toContain(
      "(Note: The part is turned 90 DEG on the table to fit the stock: the drawing's X runs along the machine's Y and its Y along the machine's -X. Clamp the 185 x 110 mm stock with its 185 mm side along X.)",
    );
  });
});

describe('plates that are not turned', () => {
  it('leaves a plate that fits as drawn as drawn', () => {
    const part = testPlate();
    const program = generateMillProgramForPart(millJob(), part);
    expect(program.plan.part).toBe(part);
    expect(program.summary.warnings.some((note) => note.includes('turned'))).toBe(false);
    expect(program.gcode).not.toMatch(/TURNED|turned/);
  });

  it('refuses a plate that fits neither way with the message of before', () => {
    const stock = { shape: 'block' as const, xMm: 170, yMm: 110, zMm: 15 };
    expect(() => generateMillProgramForPart(millJob({ stock }), tallPlate())).toThrow(
      'The stock 170 x 110 x 15 mm is smaller than the part 100.013 x 175.006 x 12.51 mm: choose a block of at least 103 x 178 x 14 mm.',
    );
  });
});

describe("a plate turned to fit the machine's travels", () => {
  it("turns part and stock together when only so the stock fits the Tormach 1100MX's 279 mm Y", () => {
    const { machine } = demoMill('Tormach 1100MX');
    const part: PrismaticPart = {
      ...testPlate(),
      outline: rectangle(0, 0, 60, 280),
      holes: [],
      pockets: [],
      slots: [],
      thicknessMm: 8,
    };
    const job = millJob({ machine, stock: { shape: 'block', xMm: 66, yMm: 286, zMm: 10 } });
    const program = generateMillProgramForPart(job, part);
    expect(program.summary.warnings[0]).toBe(
      "The part is turned 90° on the table to fit the machine's travels (X457 Y279 mm): the drawing's X runs along the machine's Y and its Y along the machine's -X. Clamp the 286 x 66 mm stock with its 286 mm side along X.",
    );
    expect(program.summary.stock).toBe('block 286 x 66 x 10 mm');
    expect(program.report.checks.find((check) => check.id === 'travels')).toMatchObject({
      passed: true,
    });
    expect(program.report.verified).toBe(true);
    expect(movesBeyondStock(program)).toEqual([]);
    // Where the machine's travels are not known, the part lies as drawn.
    expect(generateMillProgramForPart(millJob({ stock: job.stock }), part).plan.part).toBe(part);
  });
});
