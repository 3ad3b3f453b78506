/**
 * Every program the product writes fits its controller (issue 34, "Controller limits, checked
 * before a program is offered"): random plates milled and random shafts turned in every dialect
 * a post is registered for (cam/post/mill/index.ts, cam/post/lathe/index.ts: new posts join by
 * being registered), with random part names and header notes (any Unicode: Ø, µm, ±, emoji,
 * parentheses, long runs). For every program, each line passes its dialect's limits
 * (cam/gcode/limits.ts), the interpreter finds no error in it, and the verifier's syntax check
 * passes. LinuxCNC programs are also read by `rs274` in tests/integration/linuxcnc-rs274*.ts.
 *
 * LIMITS_RUNS runs more cases (8 per machine kind by default).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlanningError } from '#cam/errors';
import type { Dialect, MachineKind } from '#cam/gcode/events';
import { interpretProgram } from '#cam/gcode/interpreter';
import { lineOverLimits } from '#cam/gcode/limits';
import { generateLatheProgram } from '#cam/jobs/lathe';
import { generateMillProgramForPart } from '#cam/jobs/mill';
import { lathePosts } from '#cam/post/lathe/index';
import { millPosts } from '#cam/post/mill/index';
import type { PrismaticPart } from '#cam/prismatic/part';
import { latheTooling } from '#tests/helpers/parts';
import { diameter } from '../lathe/far-end-parts.ts';
import { farOutside } from '../lathe/far-outside-parts.ts';
import { millJob, rounded } from '../mill/plates.ts';

const runs = Number(process.env.LIMITS_RUNS ?? 8);

/** Text a shop might type or a drawing might hold: any Unicode, long, with comment marks. */
const freeText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.constantFrom(
    'Flansch Ø20 H7 (Ra 0.8 µm) ±0.01 – ⑴ ;comment',
    'Bracket; part (rev B) * END PGM',
    'x'.repeat(400),
  ),
);

/** The problems of a program against its dialect: lines over limits, interpreter errors. */
function problems(gcode: string, dialect: Dialect, machine: MachineKind): string[] {
  const lines = gcode.split('\n');
  const over = lines.flatMap((line, index) => {
    const problem = lineOverLimits(line, dialect);
    return problem ? [`line ${index + 1}: ${problem}`] : [];
  });
  const errors = [...interpretProgram(lines, { dialect, machine })].flatMap((event) =>
    event.type === 'error' ? [`line ${event.line}: ${event.message}`] : [],
  );
  return [...over, ...errors];
}

/** A plate with a pocket, a slot and a few through holes, all inside it. */
const plateArb = fc
  .record({
    width: fc.integer({ min: 50, max: 140 }),
    height: fc.integer({ min: 40, max: 100 }),
    thickness: fc.integer({ min: 6, max: 20 }),
    corner: fc.constantFrom(0.5, 3, 6),
    pocketDepth: fc.double({ min: 1, max: 5, noNaN: true }),
    holes: fc.array(
      fc.record({
        u: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        diameter: fc.constantFrom(5, 6.6, 8.5),
      }),
      { maxLength: 3 },
    ),
  })
  .map((random): PrismaticPart => {
    const { width: w, height: h, thickness } = random;
    return {
      outline: rounded(0, 0, w, h, random.corner),
      thicknessMm: thickness,
      thicknessSource: 'drawing',
      holes: random.holes.map((hole, index) => {
        const center = { x: Math.round(10 + hole.u * (w - 20)), y: h - 8 };
        return {
          label: `Ø${hole.diameter} through ${index + 1}`,
          center,
          diameterMm: hole.diameter,
          depthMm: thickness,
          through: true,
          kind: 'through' as const,
        };
      }),
      pockets: [
        {
          label: 'Pocket 1',
          outline: rounded(12, 12, w / 2, h - 20, 4),
          depthMm: Math.round(random.pocketDepth * 10) / 10,
          through: false,
          islands: [],
        },
      ],
      slots: [],
      generalToleranceMm: 0.1,
      notModelled: [],
    };
  });

describe('every program fits its controller', () => {
  it('mills random plates in every mill dialect within its limits', () => {
    let written = 0;
    fc.assert(
      fc.property(
        plateArb,
        fc.constantFrom(...Object.keys(millPosts)),
        freeText,
        fc.array(freeText, { maxLength: 2 }),
        (part, dialect, partName, notes) => {
          const job = millJob({
            partName,
            headerNotes: notes,
            stock: {
              shape: 'block',
              xMm: maxOf(part, 'x') + 5,
              yMm: maxOf(part, 'y') + 5,
              zMm: part.thicknessMm + 3,
            },
            machine: {
              name: 'Mill',
              serialNumber: 'M-1',
              manufacturer: 'Test',
              model: 'Mill',
              controllerType: dialect,
              controllerModel: dialect,
              dialect,
              maxRpm: 12000,
            },
          });
          let program;
          try {
            program = generateMillProgramForPart(job, part);
          } catch (error) {
            if (error instanceof PlanningError) return;
            throw error;
          }
          written += 1;
          expect(problems(program.gcode, dialect as Dialect, 'mill')).toEqual([]);
          const syntax = program.report.checks.find((check) => check.id === 'syntax');
          expect(syntax?.passed, syntax?.details?.join(' | ')).toBe(true);
        },
      ),
      { numRuns: runs, seed: 20261202 },
    );
    // Most random parts are planned: the property is not held by skipping them.
    expect(written).toBeGreaterThan(runs / 2);
  });

  it('turns random shafts in every lathe dialect within its limits', () => {
    let written = 0;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 12, max: 40 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 5, max: 25 }), { minLength: 3, maxLength: 3 }),
        fc.constantFrom(...Object.keys(lathePosts)),
        freeText,
        fc.array(freeText, { maxLength: 2 }),
        (diameters, lengths, dialect, partName, notes) => {
          const sections = [...diameters]
            .sort((a, b) => a - b)
            .map((d, index) => diameter(d, lengths[index]!));
          const description = farOutside(sections, 0.5, '6061-T6');
          let program;
          try {
            program = generateLatheProgram({
              description,
              material: '6061-T6',
              jobType: 'Lathe',
              stock: { shape: 'round', diameterMm: 45 },
              machine: {
                name: 'Lathe',
                serialNumber: 'L-1',
                manufacturer: 'Test',
                model: 'Lathe',
                controllerType: dialect,
                controllerModel: dialect,
                dialect,
              },
              tools: latheTooling,
              programVersion: 1,
              partName,
              headerNotes: notes,
            });
          } catch (error) {
            if (error instanceof PlanningError) return;
            throw error;
          }
          written += 1;
          expect(problems(program.gcode, dialect as Dialect, 'lathe')).toEqual([]);
          const syntax = program.report.checks.find((check) => check.id === 'syntax');
          expect(syntax?.passed, syntax?.details?.join(' | ')).toBe(true);
        },
      ),
      { numRuns: runs, seed: 20261202 },
    );
    // Most random parts are planned: the property is not held by skipping them.
    expect(written).toBeGreaterThan(runs / 2);
  });
});

/** The largest X or Y of a part's outline, mm. */
const maxOf = (part: PrismaticPart, axis: 'x' | 'y') =>
  Math.max(...part.outline.map((point) => point[axis]));
