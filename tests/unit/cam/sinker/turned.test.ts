/**
 * Sinker EDM blocks turned on the table to fit the stock (decision 045, issue 33): a part drawn
 * 100 x 175 mm on a 185 x 110 x 20 block is turned a quarter turn before its cavities are
 * planned, so every burn stays over the block and the program, verifier and backplot hold the
 * part turned; the summary says so. A part that fits as drawn is not turned.
 */
import { describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import type { PrismaticDescription } from '#contracts/blueprint';
import { boundsOf } from '#cam/geometry/polygon';
import type { Point2 } from '#cam/geometry/polygon';
import { generateSinkerProgram } from '#cam/jobs/sinker';
import type { ProgramJob } from '#cam/program';
import type { ToolRow } from '#cam/tool-row';

const rectangle = (x0: number, y0: number, x1: number, y1: number): Point2[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

const electrode = (slotNumber: string, description: string): ToolRow => ({
  id: slotNumber,
  slotNumber,
  toolName: description,
  toolDescription: description,
  toolType: 'Electrical Discharge Machining',
  toolManufacturer: '',
  toolHint: '',
});

/** The drawn block: 100 x 175 x 18, a Ø10 x 5 blind hole near its top end, a 20 x 10 x 4 pocket. */
const tallBlock: PrismaticDescription = {
  outline: rectangle(0, 0, 100, 175),
  thicknessMm: 18,
  holes: [{ diameter: 'Ø10', x: 50, y: 160, diameterMm: 10, depthMm: 5 }],
  pockets: [{ label: 'Pocket 20 x 10 x 4', outline: rectangle(10, 15, 30, 25), depthMm: 4 }],
  slots: [],
};

function job(stock: [number, number, number]): ProgramJob {
  const description = emptyDescription('Mould insert');
  description.prismatic = tallBlock;
  return {
    jobType: 'Sinker EDM',
    description,
    material: 'H13 tool steel',
    stock: { shape: 'block', xMm: stock[0], yMm: stock[1], zMm: stock[2] },
    machine: {
      name: 'Sinker 1',
      manufacturer: 'Mitsubishi',
      model: 'EA12S',
      controllerType: 'Mitsubishi',
      controllerModel: 'D-CUBES',
      dialect: 'iso-edm',
      serialNumber: 'S-1',
    },
    tools: [
      electrode('T1', 'Graphite electrode Ø9.6 undersize 0.2'),
      electrode('T2', 'Copper electrode 19.7 x 9.7 mm, undersize 0.15'),
    ],
    programVersion: 1,
    partName: 'Mould insert',
  };
}

describe('a sinker EDM block that fits the stock only turned', () => {
  it('is turned a quarter turn, and every burn stays over the block', () => {
    const program = generateSinkerProgram(job([185, 110, 20]));
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.report).toMatchObject({ verified: true, unfinished: [] });
    expect(boundsOf([program.plan.part.outline])).toEqual({
      minX: 0,
      minY: 0,
      maxX: 175,
      maxY: 100,
    });
    // The hole at the drawing's X50 Y160 is burned at X15 Y50; the pocket's centre at X155 Y20.
    expect(program.plan.cavities.map((cavity) => [cavity.label, cavity.center])).toEqual([
      ['Ø10', { x: 15, y: 50 }],
      ['Pocket 20 x 10 x 4', { x: 155, y: 20 }],
    ]);
    expect(boundsOf([program.outline.polygons[0]!])).toMatchObject({ maxX: 175, maxY: 100 });
    expect(program.summary.warnings[0]).toBe(
      "The part is turned 90° on the table to fit the stock: the drawing's X runs along the machine's Y and its Y along the machine's -X. Clamp the 185 x 110 mm stock with its 185 mm side along X.",
    );
    expect(program.gcode).toMatch(/^\(NOTE: THE PART IS TURNED 90 DEG ON THE TABLE/m);
  });

  it('leaves a block that fits as drawn as drawn', () => {
    const program = generateSinkerProgram(job([110, 185, 20]));
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(boundsOf([program.plan.part.outline])).toMatchObject({ maxX: 100, maxY: 175 });
    expect(program.summary.warnings.some((note) => note.includes('turned'))).toBe(false);
  });
});
