/**
 * Wire EDM plates turned on the table to fit the plate (decision 045, issue 33): a part drawn
 * 100 x 175 mm cut from a 185 x 110 x 15 plate is turned a quarter turn before it is planned,
 * and the program, the verifier and the backplot all hold it turned; the header and summary say
 * so. Random plates that fit their stock only turned give verified programs whose every move
 * stays on the plate. A part that fits as drawn is not turned; one that fits neither way is
 * refused as before.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import type { PrismaticDescription } from '#contracts/blueprint';
import { boundsOf } from '#cam/geometry/polygon';
import type { Bounds, Point2 } from '#cam/geometry/polygon';
import { readProgramText } from '#cam/jobs/finish';
import { generateWireProgram } from '#cam/jobs/wire';
import type { GeneratedWireProgram } from '#cam/jobs/wire';
import type { ProgramJob } from '#cam/program';

const rectangle = (x0: number, y0: number, x1: number, y1: number): Point2[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/** A wire EDM job for a drawn plate on a block of `stock` (X, Y, Z), mm. */
function job(prismatic: PrismaticDescription, stock: [number, number, number]): ProgramJob {
  const description = emptyDescription('Die plate');
  description.prismatic = prismatic;
  return {
    jobType: 'Wire EDM',
    description,
    material: 'D2 tool steel',
    stock: { shape: 'block', xMm: stock[0], yMm: stock[1], zMm: stock[2] },
    machine: {
      name: 'Wire 1',
      manufacturer: 'Mitsubishi',
      model: 'MV1200R',
      controllerType: 'Mitsubishi',
      controllerModel: 'D-CUBES',
      dialect: 'iso-edm',
      serialNumber: 'W-1',
    },
    tools: [
      {
        id: 'wire',
        slotNumber: 'T1',
        toolName: 'Wire',
        toolDescription: '0.25 mm brass wire',
        toolType: 'Electrical Discharge Machining',
        toolManufacturer: '',
        toolHint: '',
      },
    ],
    programVersion: 1,
    partName: 'Die plate',
  };
}

/** The drawn plate of the issue: 100.013 x 175.006 x 12.51, a Ø10 hole and a 30 x 50 cut-out. */
const tallPlate: PrismaticDescription = {
  outline: rectangle(0, 0, 100.013, 175.006),
  thicknessMm: 12.51,
  holes: [{ diameter: 'Ø10', x: 20, y: 30, diameterMm: 10, through: true }],
  pockets: [{ label: 'Cut-out 30 x 50', outline: rectangle(50, 100, 80, 150), through: true }],
  slots: [],
};

/** The moves of a program read back from its G-code that leave the plate. */
function movesOffPlate(program: GeneratedWireProgram, plate: Bounds): string[] {
  const read = readProgramText({ dialect: 'iso-edm', machineKind: 'wire' }, program.gcode);
  return read.events.flatMap((event) =>
    event.type === 'motion' &&
    (event.to.x < plate.minX - 1e-6 ||
      event.to.x > plate.maxX + 1e-6 ||
      event.to.y < plate.minY - 1e-6 ||
      event.to.y > plate.maxY + 1e-6)
      ? [`line ${event.line}: X${event.to.x} Y${event.to.y}`]
      : [],
  );
}

describe('a wire EDM plate that fits the plate only turned', () => {
  const program = generateWireProgram(job(tallPlate, [185, 110, 15]));

  it('is turned a quarter turn, verified, and cut on the plate', () => {
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.report).toMatchObject({ verified: true, unfinished: [] });
    expect(boundsOf([program.plan.part.outline])).toEqual({
      minX: 0,
      minY: 0,
      maxX: 175.006,
      maxY: 100.013,
    });
    expect(program.plan.stockBounds).toEqual({
      minX: -4.997,
      minY: -4.9935,
      maxX: 180.003,
      maxY: 105.0065,
    });
    expect(movesOffPlate(program, program.plan.stockBounds!)).toEqual([]);
    // The hole at the drawing's X20 Y30 is cut at X145.006 Y20.
    expect(program.plan.contours.find((contour) => contour.label === 'Ø10')?.circle).toEqual({
      center: { x: 145.006, y: 20 },
      radiusMm: 5,
    });
    expect(boundsOf([program.outline.polygons[0]!])).toMatchObject({ maxX: 175.006 });
  });

  it('says so in the header and the summary', () => {
    const note =
      "The part is turned 90° on the table to fit the stock: the drawing's X runs along the machine's Y and its Y along the machine's -X. Clamp the 185 x 110 mm stock with its 185 mm side along X.";
    expect(program.summary.warnings[0]).toBe(note);
    expect(program.gcode).toContain(
      "(NOTE: THE PART IS TURNED 90 DEG ON THE TABLE TO FIT THE STOCK: THE DRAWING'S X RUNS ALONG THE MACHINE'S Y AND ITS Y ALONG THE MACHINE'S -X. CLAMP THE 185 X 110 MM STOCK WITH ITS 185 MM SIDE ALONG X.)",
    );
  });

  it('leaves a plate that fits as drawn as drawn, and refuses one that fits neither way', () => {
    const asDrawn = generateWireProgram(job(tallPlate, [110, 185, 15]));
    expect(boundsOf([asDrawn.plan.part.outline])).toMatchObject({ maxX: 100.013 });
    expect(asDrawn.summary.warnings.some((note) => note.includes('turned'))).toBe(false);
    expect(() => generateWireProgram(job(tallPlate, [170, 110, 15]))).toThrow(
      'The plate (170 x 110 mm) is smaller than the part (100.013 x 175.006 mm). Choose a larger stock.',
    );
  });
});

describe('random wire EDM plates that fit their stock only turned', () => {
  const plate = fc
    .record({
      width: fc.integer({ min: 30, max: 120 }),
      extra: fc.integer({ min: 1, max: 80 }),
      margin: fc.constantFrom(3, 5, 10),
      thickness: fc.integer({ min: 5, max: 40 }),
      hole: fc.option(fc.constantFrom(4, 8, 12), { nil: undefined }),
      cutOut: fc.boolean(),
    })
    .map(({ width: w, extra, margin, thickness, hole, cutOut }) => {
      const h = w + 2 * margin + extra;
      const prismatic: PrismaticDescription = {
        outline: rectangle(0, 0, w, h),
        thicknessMm: thickness,
        holes: hole
          ? [{ diameter: `Ø${hole}`, x: w / 2, y: 0.2 * h, diameterMm: hole, through: true }]
          : [],
        pockets: cutOut
          ? [
              {
                label: 'Cut-out',
                outline: rectangle(0.2 * w, 0.5 * h, 0.8 * w, 0.8 * h),
                through: true,
              },
            ]
          : [],
        slots: [],
      };
      return { prismatic, stock: [h + 2 * margin, w + 2 * margin, thickness] as const, w, h };
    });

  it('give verified programs, turned, every move on the plate', () => {
    fc.assert(
      fc.property(plate, ({ prismatic, stock, w, h }) => {
        const program = generateWireProgram(job(prismatic, [...stock]));
        expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
        expect(program.report).toMatchObject({ verified: true, unfinished: [] });
        const box = boundsOf([program.plan.part.outline]);
        expect([box.maxX - box.minX, box.maxY - box.minY]).toEqual([h, w]);
        expect(movesOffPlate(program, program.plan.stockBounds!)).toEqual([]);
        expect(program.summary.warnings[0]).toMatch(/^The part is turned 90° on the table/);
      }),
      { numRuns: 40, seed: 20250434 },
    );
  });
});
