/**
 * A drill's 118° point past a blind bore stays inside the part (cam/lathe/drill-point.ts): the
 * widest drill keeps POINT_WALL_MM of wall to every outer diameter and the far face past the
 * bore's bottom, and the planner drills narrower and bores to size where a drill to size would
 * break out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BlueprintDescription } from '#contracts/blueprint';
import { generateProgram } from '#cam/jobs/generate';
import { POINT_LENGTH_PER_DIAMETER, POINT_WALL_MM } from '#cam/drilling-data';
import { widestDrillForPoint } from '#cam/lathe/drill-point';
import { blankOf } from '#cam/lathe/second-setup';
import { turnedPartFromDescription } from '#cam/lathe/part';
import type { TurnedPart } from '#cam/lathe/part-types';
import { latheTooling, toolRow } from '#tests/helpers/parts';
import { diameter, turned } from './far-end-parts.ts';

/** A part of outer sections (diameter, length) from the free end and one blind bore there. */
function necked(
  sections: [number, number][],
  bore: { diameterMm: number; depthMm: number },
): BlueprintDescription {
  return turned(
    'Necked part with a blind bore',
    '6061-T6',
    sections.map(([diameterMm, lengthMm]) => diameter(diameterMm, lengthMm)),
    [diameter(bore.diameterMm, bore.depthMm, { through: false })],
  );
}

/** The outer radius of the part at `z` mm from the free end (0 past its far face). */
const outerRadiusAt = (part: TurnedPart, z: number): number =>
  (part.outer.find((section) => z >= section.startMm && z < section.endMm)?.targetMm ?? 0) / 2;

/**
 * The least wall a drill of Ø`drillMm` leaves past the deepest bore: to the outside, sampled
 * along its point, and from its tip to the far face.
 */
function leastWall(part: TurnedPart, drillMm: number): number {
  const depth = Math.max(...part.inner.map((bore) => bore.depthMm));
  const length = POINT_LENGTH_PER_DIAMETER * drillMm;
  let least = part.lengthMm - depth - length;
  for (let step = 0; step <= 400; step += 1) {
    const z = depth + (length * step) / 400;
    const radius = (drillMm / 2) * (1 - (z - depth) / length);
    least = Math.min(least, outerRadiusAt(part, z) - radius);
  }
  return least;
}

describe("a drill's point past a blind bore", () => {
  // Ø40 x 20 with a Ø30 bore 16 deep, a Ø12 neck 5 long 4 mm past its bottom, Ø40 x 10.
  const description = necked(
    [
      [40, 20],
      [12, 5],
      [40, 10],
    ],
    { diameterMm: 30, depthMm: 16 },
  );

  it('is no wider than keeps a wall to the neck past the bottom', () => {
    const part = turnedPartFromDescription(description);
    const widest = widestDrillForPoint(part);
    // 2 · (6 − 1 + 4 · tan 59°)
    expect(widest).toBeCloseTo(2 * (6 - POINT_WALL_MM + 4 * Math.tan((59 * Math.PI) / 180)), 6);
    expect(leastWall(part, widest)).toBeGreaterThanOrEqual(POINT_WALL_MM - 1e-6);
    expect(leastWall(part, widest + 0.2)).toBeLessThan(POINT_WALL_MM);
  });

  it('drills narrower than the Ø28 drill that would break into the neck, bores, and verifies', () => {
    const tools = [
      ...latheTooling,
      toolRow('T9', 'Drilling', 'Drill 28', 'HSS twist drill Ø28 mm'),
    ];
    const part = turnedPartFromDescription(description);
    expect(leastWall(part, 28)).toBeLessThan(0);
    const program = generateProgram({
      description,
      material: '6061-T6',
      jobType: 'Lathe',
      stock: { shape: 'round', diameterMm: 45 },
      machine: {
        name: 'Test lathe',
        serialNumber: 'SN-1',
        manufacturer: 'Tormach',
        model: '15L Slant-PRO',
        controllerType: 'linuxcnc',
        controllerModel: 'linuxcnc',
        dialect: 'linuxcnc',
      },
      tools,
      programVersion: 1,
    });
    const used = program.summary.operations.map((operation) => operation.tool);
    expect(used).toContain('T6 Drill 16');
    expect(used).not.toContain('T9 Drill 28');
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it('keeps its wall for any part and drill, and no wider drill does', () => {
    const caseArb = fc.record({
      outer: fc.integer({ min: 20, max: 60 }),
      neck: fc.integer({ min: 4, max: 40 }),
      first: fc.integer({ min: 10, max: 40 }),
      neckLength: fc.integer({ min: 2, max: 20 }),
      last: fc.integer({ min: 2, max: 30 }),
      boreShare: fc.double({ min: 0.2, max: 0.8, noNaN: true }),
      depthShare: fc.double({ min: 0.3, max: 0.95, noNaN: true }),
    });
    fc.assert(
      fc.property(caseArb, (c) => {
        const boreMm = Math.round(c.outer * c.boreShare);
        const depthMm = Math.round(c.first * c.depthShare * 10) / 10;
        const part = turnedPartFromDescription(
          necked(
            [
              [c.outer, c.first],
              [Math.min(c.neck, c.outer - 2), c.neckLength],
              [c.outer, c.last],
            ],
            { diameterMm: boreMm, depthMm },
          ),
        );
        const widest = widestDrillForPoint(part);
        if (widest > 0 && Number.isFinite(widest))
          expect(leastWall(part, widest)).toBeGreaterThanOrEqual(POINT_WALL_MM - 1e-3);
        if (Number.isFinite(widest))
          expect(leastWall(part, Math.max(widest, 0) + 0.5)).toBeLessThan(POINT_WALL_MM);
      }),
    );
  });

  it('stays inside the drawn far face when the first setup drills a longer blank', () => {
    // From a sawn blank or turned around, the first setup holds a blank longer by what the
    // second setup faces off: a point that ends in that stub pierced the finished far face (a
    // Ø8.5 drill 73 mm deep in a 75.5 mm part, found by missing-tools.property.test.ts).
    fc.assert(
      fc.property(
        fc.integer({ min: 12, max: 60 }),
        fc.integer({ min: 20, max: 120 }),
        fc.double({ min: 0.2, max: 0.7, noNaN: true }),
        fc.double({ min: 0.5, max: 0.99, noNaN: true }),
        (outer, length, boreShare, depthShare) => {
          const part = turnedPartFromDescription(
            necked([[outer, length]], {
              diameterMm: Math.round(outer * boreShare * 10) / 10,
              depthMm: Math.round(length * depthShare * 10) / 10,
            }),
          );
          const blank = blankOf(part);
          expect(blank.lengthMm).toBeGreaterThan(part.lengthMm);
          const widest = widestDrillForPoint(blank);
          expect(widest).toBeCloseTo(widestDrillForPoint(part), 9);
          if (widest > 0)
            expect(leastWall(part, widest)).toBeGreaterThanOrEqual(POINT_WALL_MM - 1e-3);
        },
      ),
    );
  });
});
