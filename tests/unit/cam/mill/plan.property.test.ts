/**
 * Property tests of the mill planner: random valid rectangular plates with random holes and
 * pockets. Every finishing pass of the outline stays within the general tolerance of the
 * tool-radius offset, no rapid runs below the clearance height over the material, and every tool
 * used is one of the selected tools.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceToBoundary, offsetPolygons, pointInPolygon } from '#cam/geometry/polygon';
import { planMilledPart } from '#cam/mill/plan';
import { classifyMillTool } from '#cam/mill/tooling';
import type { Hole, Pocket, PrismaticPart } from '#cam/prismatic/part';
import { rectangle, toolRow } from '#tests/helpers/parts';

const row = (slot: string, toolType: string, toolName: string, toolDescription: string) =>
  toolRow(slot, toolType, toolName, toolDescription, '', 'Test');

const tools = [
  row('T1', 'Milling', 'End mill Ø12', '4FL carbide, LOC 30'),
  row('T2', 'Milling', 'End mill Ø6', '3FL carbide, LOC 20'),
  row('T3', 'Drilling', 'Spot drill Ø8', '90°'),
  row('T4', 'Drilling', 'Drill 5', 'HSS Ø5 mm, flute length 60'),
  row('T5', 'Drilling', 'Drill 8.5', 'HSS Ø8.5 mm, flute length 80'),
].map(classifyMillTool);
const numbers = new Set(tools.map((tool) => tool.number));

const plate = fc
  .record({
    width: fc.integer({ min: 40, max: 140 }),
    height: fc.integer({ min: 30, max: 90 }),
    thickness: fc.integer({ min: 4, max: 20 }),
    margin: fc.integer({ min: 1, max: 8 }),
    top: fc.constantFrom(0, 0.5, 1, 3),
    holes: fc.array(
      fc.record({
        u: fc.double({ min: 0.15, max: 0.85, noNaN: true }),
        v: fc.double({ min: 0.15, max: 0.85, noNaN: true }),
        diameter: fc.constantFrom(5, 8.5),
        through: fc.boolean(),
      }),
      { maxLength: 4 },
    ),
    pocket: fc.option(
      fc.record({
        w: fc.double({ min: 0.15, max: 0.3, noNaN: true }),
        h: fc.double({ min: 0.2, max: 0.3, noNaN: true }),
        depth: fc.integer({ min: 1, max: 3 }),
        corner: fc.constantFrom(3.5, 6.5),
      }),
      { nil: undefined },
    ),
  })
  .map((input) => {
    const pockets: Pocket[] = [];
    if (input.pocket) {
      const w = Math.min(input.width * 0.4, Math.max(16, input.width * input.pocket.w));
      const h = Math.min(input.height * 0.6, Math.max(16, input.height * input.pocket.h));
      const x0 = input.width * 0.5;
      const y0 = (input.height - h) / 2;
      const r = Math.min(input.pocket.corner, w / 2 - 0.1, h / 2 - 0.1);
      pockets.push({
        label: 'Pocket 1',
        outline: offsetPolygons([rectangle(x0 + r, y0 + r, x0 + w - r, y0 + h - r)], r, 0.002)[0]!,
        depthMm: Math.min(input.pocket.depth, input.thickness - 1),
        through: false,
        islands: [],
      });
    }
    const holes: Hole[] = input.holes
      .map((hole, index) => ({
        label: `Hole ${index + 1}`,
        center: {
          x: Math.round(input.width * 0.45 * hole.u * 100) / 100,
          y: Math.round(input.height * hole.v * 100) / 100,
        },
        diameterMm: hole.diameter,
        // A blind hole leaves its drill's point a millimetre over the bottom (else it is milled
        // flat, or not made: holes.ts), or runs through.
        ...(hole.through || input.thickness - 1 - 0.3 * hole.diameter < 1
          ? { depthMm: input.thickness, through: true, kind: 'through' as const }
          : {
              depthMm: Math.min(input.thickness - 1 - 0.3 * hole.diameter, 2 * hole.diameter),
              through: false,
              kind: 'blind' as const,
            }),
      }))
      .filter(
        (hole, index, all) =>
          hole.center.x > 8 &&
          hole.center.y > 8 &&
          hole.center.y < input.height - 8 &&
          all
            .slice(0, index)
            .every(
              (other) =>
                Math.hypot(other.center.x - hole.center.x, other.center.y - hole.center.y) > 12,
            ),
      );
    const part: PrismaticPart = {
      outline: rectangle(0, 0, input.width, input.height),
      thicknessMm: input.thickness,
      thicknessSource: 'drawing',
      holes,
      pockets,
      slots: [],
      generalToleranceMm: 0.1,
      notModelled: [],
    };
    return {
      part,
      stock: {
        xMm: input.width + 2 * input.margin,
        yMm: input.height + 2 * input.margin,
        zMm: input.thickness + input.top,
      },
    };
  });

describe('mill planner properties', () => {
  it('finishes the outline within tolerance, rapids only clear of material, selected tools only', () => {
    fc.assert(
      fc.property(plate, ({ part, stock }) => {
        const plan = planMilledPart({ part, material: '6061-T6', stock, tools, maxRpm: 10000 });
        expect(plan.notProgrammed).toEqual([]);
        const stockTop = plan.stock.origin.z + plan.stock.zMm;
        const stockBox = rectangle(
          plan.stock.origin.x,
          plan.stock.origin.y,
          plan.stock.origin.x + plan.stock.xMm,
          plan.stock.origin.y + plan.stock.yMm,
        );
        const faced = plan.operations[0]!.name === 'Face';
        for (const operation of plan.operations) {
          expect(numbers.has(operation.tool.number)).toBe(true);
          // After facing, the material's top is Z0.
          const top = faced && operation.name !== 'Face' ? 0 : stockTop;
          const radius = (operation.tool.diameterMm ?? 0) / 2;
          let previous: { x: number; y: number; z: number } | undefined;
          const cut: { x: number; y: number; z: number }[] = [];
          for (const move of operation.moves) {
            if (move.kind === 'rapid' && move.z < plan.clearanceZ - 1e-9) {
              // Below the clearance height a rapid either stays above the stock's top, runs
              // outside the stock by more than the tool radius, leaves a cut straight up, or
              // goes back down where this operation has already cut deeper (a milled hole's
              // next level).
              const outside =
                pointInPolygon(move, stockBox) === 'outside' &&
                distanceToBoundary(move, stockBox) > radius;
              const up =
                previous && previous.x === move.x && previous.y === move.y && move.z >= previous.z;
              const cleared = cut.some(
                (point) =>
                  point.z <= move.z + 1e-9 &&
                  Math.hypot(point.x - move.x, point.y - move.y) <= radius,
              );
              expect(
                move.z > top || outside || up || cleared,
                `${operation.name} rapid ${JSON.stringify(move)}`,
              ).toBe(true);
            } else if (move.kind !== 'rapid') cut.push(move);
            previous = move;
          }
          if (operation.name === 'Finish contour') {
            const cut = operation.moves.filter(
              (move) => move.kind === 'feed' && move.z < -part.thicknessMm,
            );
            for (const move of cut) {
              if (move.x < plan.stock.origin.x) continue; // lead-in and lead-out
              const distance = distanceToBoundary(move, part.outline);
              expect(Math.abs(distance - radius), JSON.stringify(move)).toBeLessThanOrEqual(
                part.generalToleranceMm,
              );
              expect(pointInPolygon(move, part.outline)).toBe('outside');
            }
          }
        }
        expect(plan.operations.at(-1)!.name).toBe('Finish contour');
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
