/**
 * Property test of plates turned on the table (decision 045): random plates drawn taller than
 * wide (holes, a pocket, a through cut-out, a slot) on stock that holds them only turned a
 * quarter turn, with every tool a plate needs, in random materials on the demo shop's mills.
 * Each was refused before ("The stock … is smaller than the part …"); now each gives a program
 * that passes every check and is verified (the simulated part matches the turned part, nothing
 * is unfinished), whose moves read back from the G-code stay on the stock's XY, and whose
 * summary says first that the part is turned.
 *
 * TURNED_RUNS and TURNED_SEED run more cases or other ones (10 cases of seed 20250433 by default).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlanningError } from '#cam/errors';
import { boundsOf } from '#cam/geometry/polygon';
import { generateMillProgramForPart } from '#cam/jobs/mill';
import { planMilledPart } from '#cam/mill/plan';
import { classifyMillTool } from '#cam/mill/tooling';
import type { Hole, Pocket, PrismaticPart, Slot } from '#cam/prismatic/part';
import type { ToolRow } from '#cam/tool-row';
import { rectangle, toolRow } from '#tests/helpers/parts';
import { demoMill, millJob, movesBeyondStock, rounded } from './plates.ts';

const row = (slot: string, toolType: string, toolName: string, toolDescription: string) =>
  toolRow(slot, toolType, toolName, toolDescription, '', 'Test');

/** Every tool these plates need. */
const tools: ToolRow[] = [
  row('T1', 'Facing', 'Face mill Ø50', 'indexable face mill, 5 inserts, carbide'),
  row('T2', 'Milling', 'End mill Ø12', '4FL carbide, LOC 30'),
  row('T3', 'Milling', 'End mill Ø10', '4FL carbide, LOC 22'),
  row('T4', 'Milling', 'End mill Ø6', '3FL carbide, LOC 13'),
  row('T5', 'Drilling', 'Spot drill Ø8', 'carbide, 90°'),
  row('T6', 'Drilling', 'Drill 5', 'HSS Ø5 mm'),
  row('T7', 'Drilling', 'Drill 8.5', 'HSS Ø8.5 mm'),
];

const machines = ['Tormach 1100MX', 'Haas VF-2', 'DN Solutions DNM 4500', 'DMG MORI DMU 50'];

/** A plate drawn W wide and H tall, H more than W and both margins, and its stock turned. */
const plate = fc
  .record({
    width: fc.integer({ min: 40, max: 90 }),
    extra: fc.integer({ min: 3, max: 70 }),
    margin: fc.constantFrom(2, 4, 8),
    thickness: fc.integer({ min: 4, max: 16 }),
    top: fc.constantFrom(0, 0.5, 1, 3),
    holes: fc.array(
      fc.record({
        v: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        diameter: fc.constantFrom(5, 8.5),
        through: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
    pocket: fc.option(
      fc.record({
        depth: fc.double({ min: 0.2, max: 0.6, noNaN: true }),
        corner: fc.constantFrom(4, 6, 8),
      }),
      { nil: undefined },
    ),
    cutOut: fc.boolean(),
    slot: fc.option(fc.constantFrom(8, 10, 12), { nil: undefined }),
    material: fc.constantFrom('6061-T6', 'AISI 1045', 'AISI 304'),
    machine: fc.constantFrom(...machines),
  })
  .map((input) => {
    const { width: w, margin, thickness } = input;
    const h = w + 2 * margin + input.extra;
    // Zones: holes on the left fifth, the pocket low in the middle, the cut-out high in the
    // middle, the slot along the right.
    const holes: Hole[] = input.holes
      .map((hole, index) => ({
        label: `Hole ${index + 1}`,
        center: { x: 0.1 * w, y: Math.round(h * hole.v * 100) / 100 },
        diameterMm: hole.diameter,
        depthMm: hole.through ? thickness : Math.min(thickness - 1, 2 * hole.diameter),
        through: hole.through,
        kind: hole.through ? ('through' as const) : ('blind' as const),
      }))
      .filter(
        (hole, index, all) =>
          hole.center.y > 8 &&
          hole.center.y < h - 8 &&
          hole.depthMm > 0.5 &&
          all.slice(0, index).every((other) => Math.abs(other.center.y - hole.center.y) > 14),
      );
    const pockets: Pocket[] = [];
    if (input.pocket)
      pockets.push({
        label: '',
        outline: rounded(0.25 * w, 0.1 * h, 0.7 * w, 0.45 * h, input.pocket.corner),
        depthMm: Math.max(1, Math.round(thickness * input.pocket.depth * 10) / 10),
        through: false,
        islands: [],
      });
    if (input.cutOut)
      pockets.push({
        label: '',
        outline: rounded(0.25 * w, 0.55 * h, 0.7 * w, 0.9 * h, 5),
        depthMm: thickness,
        through: true,
        islands: [],
      });
    const slots: Slot[] = input.slot
      ? [
          {
            label: '',
            from: { x: 0.85 * w, y: 0.15 * h },
            to: { x: 0.85 * w, y: 0.85 * h },
            widthMm: input.slot,
            depthMm: Math.max(1, Math.round(thickness * 0.4 * 10) / 10),
            through: false,
          },
        ]
      : [];
    const part: PrismaticPart = {
      outline: input.extra % 2 === 0 ? rectangle(0, 0, w, h) : rounded(0, 0, w, h, 5),
      thicknessMm: thickness,
      thicknessSource: 'drawing',
      holes,
      pockets,
      slots,
      generalToleranceMm: 0.1,
      notModelled: [],
    };
    // The stock holds the part only turned: its X is the part's height, its Y the width.
    const stock = { xMm: h + 2 * margin, yMm: w + 2 * margin, zMm: thickness + input.top };
    return { part, stock, material: input.material, machine: input.machine, w, h };
  });

describe('plates that fit their stock only turned', () => {
  it('give verified programs that stay on the stock and say the part is turned', () => {
    fc.assert(
      fc.property(plate, ({ part, stock, material, machine: name, w, h }) => {
        const { machine } = demoMill(name);
        // As drawn, the planner refuses it.
        expect(() =>
          planMilledPart({
            part,
            material,
            stock,
            tools: tools.map(classifyMillTool),
            maxRpm: 8000,
          }),
        ).toThrow(PlanningError);
        const program = generateMillProgramForPart(
          millJob({ machine, tools, material, stock: { shape: 'block', ...stock } }),
          part,
        );
        const { report, plan, summary } = program;
        expect(report.checks.filter((check) => !check.passed)).toEqual([]);
        expect(report).toMatchObject({ verified: true, unfinished: [] });
        expect(report.simulated?.part.length).toBeGreaterThan(0);
        const box = boundsOf([plan.part.outline]);
        expect(box.maxX - box.minX).toBeCloseTo(h, 6);
        expect(box.maxY - box.minY).toBeCloseTo(w, 6);
        expect(plan.stock).toMatchObject({ xMm: stock.xMm, yMm: stock.yMm });
        expect(movesBeyondStock(program)).toEqual([]);
        expect(summary.warnings[0]).toMatch(
          /^The part is turned 90° on the table to fit the stock/,
        );
        expect(program.gcode).toMatch(/^(\(|; )Note: The part is turned 90 DEG on the table/im);
      }),
      {
        numRuns: Number(process.env.TURNED_RUNS ?? 10),
        seed: Number(process.env.TURNED_SEED ?? 20250433),
      },
    );
  }, 600_000);
});
