/**
 * Steps on plates (decision 066): the part model builds a step from the description (its region
 * and its edge across the part), the planner mills it with straight climb-milled passes entered
 * outside the stock, and the verifier holds its floor and wall to the tolerance: a program that
 * leaves the step out, or cuts it too shallow or too deep, is never called verified.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMillProgramForPart, millVerificationInput } from '#cam/jobs/mill';
import { planMilledPart } from '#cam/mill/plan';
import { classifyMillTool } from '#cam/mill/tooling';
import { ratedToolOf } from '#cam/mill/in-process';
import { identifyMaterial } from '#cam/materials';
import { chipRange, chipThickness, feedPerTooth } from '#cam/mill/ratings';
import { prismaticPartFromDescription, type PrismaticPart } from '#cam/prismatic/part';
import { verifyMillProgram } from '#cam/verify/mill/index';
import { emptyDescription } from '#contracts/blueprint';
import { rectangle } from '#tests/helpers/parts';
import { millJob, millTooling } from './plates.ts';

/** 80 x 50 x 12 plate with a step 4 deep over x ≥ 60 (the right end milled down), one hole. */
function steppedPlate(depthMm = 4, region = rectangle(60, 0, 80, 50)): PrismaticPart {
  return {
    outline: rectangle(0, 0, 80, 50),
    thicknessMm: 12,
    thicknessSource: 'drawing',
    holes: [
      {
        label: 'Ø6.6 through',
        center: { x: 20, y: 25 },
        diameterMm: 6.6,
        depthMm: 12,
        through: true,
        kind: 'through',
      },
    ],
    pockets: [],
    slots: [],
    steps: [
      {
        label: 'Step 1',
        region,
        edge: [region[3]!, region[0]!],
        depthMm,
      },
    ],
    generalToleranceMm: 0.1,
    notModelled: [],
  };
}

const tools = () => millTooling.map(classifyMillTool);

describe('steps on plates', () => {
  it('builds a step from the description: its region, its edge and its depth tolerance', () => {
    const description = emptyDescription();
    description.source = 'DXF';
    description.prismatic = {
      outline: rectangle(10, 10, 90, 60),
      thicknessMm: 12,
      holes: [],
      pockets: [],
      slots: [],
      steps: [
        {
          label: 'Step 1',
          outline: rectangle(70, 10, 90, 60),
          depthMm: 4,
          tolerance: { upperMm: 0.05, lowerMm: -0.2 },
        },
        { label: 'Step 2', outline: rectangle(10, 10, 20, 60) },
      ],
    };
    const part = prismaticPartFromDescription(description);
    expect(part.steps).toHaveLength(1);
    const step = part.steps![0]!;
    expect(step.depthMm).toBe(4);
    expect(step.edge).toEqual([
      { x: 60, y: 50 },
      { x: 60, y: 0 },
    ]);
    expect(part.sizeToleranceMm).toBe(0.05);
    expect(part.notModelled).toEqual([
      "Step 2: its depth is not read from the drawing: not programmed. Give it in the values table ('Step 2', Depth).",
    ]);
  });

  it('names a step closed all round, or as deep as the plate, as not programmed', () => {
    const description = emptyDescription();
    description.prismatic = {
      outline: rectangle(0, 0, 80, 50),
      thicknessMm: 12,
      holes: [],
      pockets: [],
      slots: [],
      steps: [
        { label: 'Step A', outline: rectangle(20, 20, 30, 30), depthMm: 2 },
        { label: 'Step B', outline: rectangle(0, 0, 10, 50), depthMm: 12 },
      ],
    };
    const part = prismaticPartFromDescription(description);
    expect(part.steps).toEqual([]);
    expect(part.notModelled).toHaveLength(2);
    expect(part.notModelled[0]).toMatch(/^Step A: its edge is not one line across the part/);
    expect(part.notModelled[1]).toMatch(/^Step B: 12 mm deep in a 12 mm plate/);
  });

  it('mills the step from outside the stock, climb milled, and the program is verified', () => {
    const part = steppedPlate();
    const program = generateMillProgramForPart(millJob(), part);
    expect(program.report.verified).toBe(true);
    const operation = program.plan.operations.find((op) => op.name === 'Step 1')!;
    expect(operation).toBeDefined();
    const { stock } = program.plan;
    const outsideStock = (x: number, y: number) =>
      x < stock.origin.x ||
      x > stock.origin.x + stock.xMm ||
      y < stock.origin.y ||
      y > stock.origin.y + stock.yMm;
    // Every move down below the top is a rapid in the air beside the block.
    operation.moves.forEach((move, index) => {
      const before = operation.moves[index - 1];
      if (before && move.z < before.z && move.z < 0) {
        expect(move.kind).toBe('rapid');
        expect(outsideStock(move.x, move.y)).toBe(true);
      }
    });
    // Passes along the edge (−Y: the region on the left of the edge from (60,50) to (60,0)),
    // the uncut material towards the wall on the right of the travel: climb milling.
    const cuts = operation.moves.filter((move) => move.kind === 'feed');
    expect(cuts.length).toBeGreaterThan(0);
    expect(cuts.every((move) => move.x >= 60 - 1e-6)).toBe(true);
    operation.moves.forEach((move, index) => {
      const before = operation.moves[index - 1]!;
      if (move.kind === 'feed') expect(move.y).toBeLessThan(before.y);
    });
    // The floor and the wall: the last pass at the wall runs at the tool's radius from it.
    const radius = operation.tool.diameterMm! / 2;
    expect(Math.min(...cuts.map((move) => move.x))).toBeCloseTo(60 + radius, 3);
    expect(Math.min(...operation.moves.map((move) => move.z))).toBeCloseTo(-4, 3);
    // Depth per level within the tool's table depth.
    expect(operation.data.depthOfCut).toBeLessThanOrEqual(operation.tool.diameterMm!);
  });

  it("feeds the wall's finishing pass for the allowance it takes, wherever the grid falls", () => {
    // The wall pass takes a few tenths: a stock model's cells (0.1 mm and more) cannot measure
    // it, so its feed is set for the planned engagement (decision 086). Stocks of every size
    // shift the model's grid against the wall.
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 2, max: 8, noNaN: true }),
        (extraX, extraY, depthMm) => {
          const job = millJob({
            stock: { shape: 'block', xMm: 84 + extraX, yMm: 54 + extraY, zMm: 13 },
          });
          const program = generateMillProgramForPart(job, steppedPlate(depthMm));
          const operation = program.plan.operations.find((op) => op.name === 'Step 1')!;
          const wall = operation.moves.filter((move) => move.plannedAeMm !== undefined);
          expect(wall).toHaveLength(1);
          const grade = identifyMaterial('6061-T6')!;
          const material = { group: grade.group, subgroup: grade.subgroup };
          const rated = ratedToolOf(operation.tool, material, job.machine.maxRpm ?? Infinity);
          const fz = feedPerTooth(rated, wall[0]!.feed!, operation.rpm);
          const hex = chipThickness(rated, fz, wall[0]!.plannedAeMm!);
          expect(hex).toBeGreaterThanOrEqual(chipRange.low * rated.tableChipMm);
          expect(hex).toBeLessThanOrEqual(chipRange.high * rated.tableChipMm);
          expect(program.report.verified).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('fails a program that leaves the step out, or cuts it too shallow or too deep', () => {
    const program = generateMillProgramForPart(millJob(), steppedPlate());
    const check = (part: PrismaticPart) =>
      verifyMillProgram(
        program.gcode,
        millVerificationInput({ ...program.plan, part }, 'linuxcnc', tools()),
      );
    // The right program against its own part: verified.
    expect(check(steppedPlate()).verified).toBe(true);
    // A step 0.5 mm deeper than the program cut: its floor is too high.
    const shallow = check(steppedPlate(4.5));
    expect(shallow.verified).toBe(false);
    expect(shallow.unfinished.join(' ')).toMatch(/^Step 1: the floor is at Z-4/);
    // A step 0.5 mm shallower than the program cut: the floor is cut into the part.
    const deep = check(steppedPlate(3.5));
    expect(deep.verified).toBe(false);
    expect(deep.passed).toBe(false);
    // A program without the step (planned for the plate with no step) against the stepped part.
    const plain = { ...steppedPlate(), steps: [] };
    const without = generateMillProgramForPart(millJob(), plain);
    expect(without.report.verified).toBe(true);
    const missing = verifyMillProgram(
      without.gcode,
      millVerificationInput({ ...without.plan, part: steppedPlate() }, 'linuxcnc', tools()),
    );
    expect(missing.verified).toBe(false);
    expect(missing.unfinished[0]).toMatch(/^Step 1: the floor is at Z0/);
    // A wider step than cut: material left on its wall.
    const wider = check(steppedPlate(4, rectangle(55, 0, 80, 50)));
    expect(wider.verified).toBe(false);
  });

  it('names a step whose edge is not straight, or whose line runs through the part elsewhere', () => {
    const region = [
      { x: 60, y: 0 },
      { x: 80, y: 0 },
      { x: 80, y: 50 },
      { x: 50, y: 50 },
      { x: 50, y: 25 },
      { x: 60, y: 25 },
    ];
    const part = steppedPlate(4, region);
    part.steps![0]!.edge = [
      { x: 50, y: 50 },
      { x: 50, y: 25 },
      { x: 60, y: 25 },
      { x: 60, y: 0 },
    ];
    const plan = planMilledPart({
      part,
      material: '6061-T6',
      stock: { xMm: 84, yMm: 54, zMm: 13 },
      tools: tools(),
      maxRpm: 10000,
    });
    expect(plan.notProgrammed).toEqual([
      'Step 1: its edge is not a straight line (3 pieces): this version mills steps with a straight edge; mill it by hand or give it as pockets',
    ]);
    const program = generateMillProgramForPart(millJob(), part);
    expect(program.report).toMatchObject({ complete: false, verified: false });
  });
});
