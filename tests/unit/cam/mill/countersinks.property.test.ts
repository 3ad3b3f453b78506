/**
 * Property test of countersunk holes on the mill (docs/decisions/047-countersunk-holes.md):
 * random plates with random countersunk holes (ISO 15786 ⌵Ø D x angle; 82°, 90° and 120°
 * cones), random tool sets with or without a countersink, chamfer mill or spot drill that fits,
 * through `generateProgram` (plan, post, read back, verify). For every program, each countersunk
 * hole's cone is cut to size in the G-code (checked here from the G81 plunges and the tool's
 * cone, not by the verifier) or named among the report's unfinished; a program is never
 * verified while a countersink is not cut.
 *
 * CSK_RUNS and CSK_SEED run more cases or other ones (40 cases of seed 20250147 by default).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateProgram } from '#cam/jobs/generate';
import type { ToolRow } from '#cam/tool-row';
import { emptyDescription, type BlueprintDescription } from '#contracts/blueprint';
import { toolRow } from '#tests/helpers/parts';
import { millJob, millTooling } from './plates.ts';

const runs = Number(process.env.CSK_RUNS ?? 40);
const seed = Number(process.env.CSK_SEED ?? 20250147);

/** Drills for every hole size drawn (millTooling has Ø6.6 and Ø6.8). */
const drills: ToolRow[] = [
  toolRow('T11', 'Drilling', 'Drill 4.5', 'HSS twist drill Ø4.5 mm'),
  toolRow('T12', 'Drilling', 'Drill 9', 'HSS twist drill Ø9 mm'),
];

/** Tools that may cut a cone, beyond the Ø10 90° spot drill T4 of millTooling. */
const coneTools: ToolRow[] = [
  toolRow('T8', 'Drilling', 'Countersink Ø20 90°', 'HSS DIN 335 countersink'),
  toolRow('T9', 'Drilling', 'CSK Ø20 82°', 'HSS countersink'),
  toolRow('T10', 'Chamfer', 'Chamfer mill Ø16', '90 deg, tip 0.5'),
];

/** Each cone tool's included angle and tip, degrees and mm, as their rows say. */
const cones: Record<number, { angleDeg: number; tipMm: number }> = {
  4: { angleDeg: 90, tipMm: 0 },
  8: { angleDeg: 90, tipMm: 0 },
  9: { angleDeg: 82, tipMm: 0 },
  10: { angleDeg: 90, tipMm: 0.5 },
};

const HOLE_SIZES = [4.5, 6.6, 9] as const;
const PITCH = 25;

interface CaseHole {
  column: number;
  row: number;
  diameterMm: number;
  countersinkMm: number;
  angleDeg: number;
}

const holeArb = fc
  .record({
    column: fc.nat({ max: 3 }),
    row: fc.nat({ max: 1 }),
    diameterMm: fc.constantFrom(...HOLE_SIZES),
    extraHalves: fc.integer({ min: 2, max: 16 }),
    angleDeg: fc.constantFrom(82, 90, 90, 120),
  })
  .map(({ extraHalves, ...hole }): CaseHole => ({
    ...hole,
    countersinkMm: hole.diameterMm + extraHalves / 2,
  }));

const caseArb = fc.record({
  holes: fc.uniqueArray(holeArb, {
    minLength: 1,
    maxLength: 4,
    selector: (h) => `${h.column},${h.row}`,
  }),
  thicknessMm: fc.constantFrom(10, 12, 16),
  cone: fc.subarray(coneTools),
});

const centreOf = (h: CaseHole) => ({ x: 15 + PITCH * h.column, y: 15 + PITCH * h.row });

/** The plate of a case: holes on a 25 mm grid, 15 mm in from the lower left corner. */
function descriptionOf(holes: CaseHole[], thicknessMm: number): BlueprintDescription {
  const d = emptyDescription('Countersunk plate');
  const width = PITCH * (Math.max(...holes.map((h) => h.column)) + 1) + 5;
  const height = PITCH * (Math.max(...holes.map((h) => h.row)) + 1) + 5;
  d.prismatic = {
    outline: [
      { x: 0, y: 0 },
      { x: width, y: 0 },
      { x: width, y: height },
      { x: 0, y: height },
    ],
    thicknessMm,
    holes: holes.map((h) => ({
      diameter: `Ø${h.diameterMm} ⌵Ø${h.countersinkMm} x ${h.angleDeg}°`,
      ...centreOf(h),
      diameterMm: h.diameterMm,
      through: true,
      kind: 'countersunk' as const,
      countersinkDiameterMm: h.countersinkMm,
      countersinkAngleDeg: h.angleDeg,
    })),
    pockets: [],
    slots: [],
  };
  return d;
}

/**
 * The cones the G-code's G81 plunges cut at each point: for every plunge of a cone tool, its
 * angle and the diameter it leaves at Z0 (tip + 2 · depth · tan(angle / 2)).
 */
function conesCut(gcode: string): Map<string, { angleDeg: number; diameterMm: number }[]> {
  const cut = new Map<string, { angleDeg: number; diameterMm: number }[]>();
  let tool = 0;
  let cycleZ: number | undefined;
  for (const line of gcode.split('\n')) {
    const change = /^T(\d+) M6/.exec(line);
    if (change) tool = Number(change[1]);
    if (/\bG80\b/.test(line)) cycleZ = undefined;
    const g81 = /\bG81\b.*\bZ(-?[\d.]+)/.exec(line);
    if (g81) cycleZ = Number(g81[1]);
    const at = /\bX(-?[\d.]+) Y(-?[\d.]+)/.exec(line);
    const cone = cones[tool];
    if (cycleZ === undefined || !at || !cone) continue;
    const key = `${Number(at[1])},${Number(at[2])}`;
    const diameterMm =
      cone.tipMm + 2 * Math.max(0, -cycleZ) * Math.tan((cone.angleDeg * Math.PI) / 360);
    cut.set(key, [...(cut.get(key) ?? []), { angleDeg: cone.angleDeg, diameterMm }]);
  }
  return cut;
}

/** Whether a plunge at the hole cuts its cone: its angle within 0.5°, its size within 0.05 mm. */
function cutToSize(hole: CaseHole, cut: Map<string, { angleDeg: number; diameterMm: number }[]>) {
  const { x, y } = centreOf(hole);
  return (cut.get(`${x},${y}`) ?? []).some(
    (c) =>
      Math.abs(c.angleDeg - hole.angleDeg) <= 0.5 &&
      Math.abs(c.diameterMm - hole.countersinkMm) <= 0.05,
  );
}

describe('countersunk plates through generateProgram (property)', () => {
  it('cuts every countersink to size or names it unfinished; never verified without one', () => {
    fc.assert(
      fc.property(caseArb, ({ holes, thicknessMm, cone }) => {
        const description = descriptionOf(holes, thicknessMm);
        const width = description.prismatic!.outline[1]!.x;
        const height = description.prismatic!.outline[2]!.y;
        const program = generateProgram(
          millJob({
            description,
            tools: [...millTooling, ...drills, ...cone],
            stock: { shape: 'block', xMm: width + 5, yMm: height + 5, zMm: thicknessMm + 3 },
          }),
        );
        const { report } = program;
        const cut = conesCut(program.gcode);
        const uncut = holes.filter((h) => !cutToSize(h, cut));
        for (const hole of uncut) {
          const label = description.prismatic!.holes[holes.indexOf(hole)]!.diameter;
          expect(report.unfinished).toContainEqual(expect.stringContaining(`Countersink ${label}`));
        }
        if (uncut.length > 0) expect(report).toMatchObject({ complete: false, verified: false });
        if (report.verified) expect(uncut).toEqual([]);
        // A countersink of the hole's angle and size was in the set: the cone is cut.
        const fits = (h: CaseHole) =>
          [...millTooling, ...cone].some((row) => {
            const number = Number(row.slotNumber.replace('T', ''));
            const c = cones[number];
            const size = Number(/Ø(\d+)/.exec(row.toolName)?.[1] ?? 0);
            return (
              c !== undefined &&
              Math.abs(c.angleDeg - h.angleDeg) <= 0.5 &&
              size >= h.countersinkMm + 0.5 &&
              c.tipMm < h.diameterMm
            );
          });
        for (const hole of holes.filter(fits)) expect(uncut).not.toContainEqual(hole);
      }),
      { numRuns: runs, seed },
    );
  }, 60_000);
});
