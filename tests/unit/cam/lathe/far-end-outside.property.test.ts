/**
 * Property tests of the far end's outside (decision 053) over random turned parts (fast-check):
 * a free-end diameter, a metric thread behind it (ISO 261 coarse or fine pitch), sometimes a
 * smaller diameter at the far end and a chamfer there. Every such part is planned with a second
 * setup that cuts the thread and turns the chamfer, in every lathe dialect, and verified; the
 * same program with a seeded fault (the far-end thread at another pitch, short of its depth,
 * missing, or the far-end chamfer left uncut) is never verified.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import type { LathePlan } from '#cam/lathe/program';
import { classifyTool } from '#cam/lathe/tooling';
import { verifyLatheProgram } from '#cam/verify/lathe/index';
import { latheTooling } from '#tests/helpers/parts';
import { diameter } from './far-end-parts.ts';
import {
  changeFarThreads,
  dialects,
  farOutside,
  farOutsideJob,
  farThreadOperations,
  programWith,
  threadSection,
} from './far-outside-parts.ts';

/** ISO 261 coarse pitches of the sizes drawn, mm. */
const coarse: Record<number, number> = { 16: 2, 18: 2.5, 20: 2.5, 22: 2.5, 24: 3 };

/** A random part with a thread the far end reaches. */
const farThreadParts = fc
  .record({
    free: fc.integer({ min: 30, max: 38 }),
    freeLength: fc.integer({ min: 14, max: 22 }),
    major: fc.constantFrom(16, 18, 20, 22, 24),
    fine: fc.constantFrom(undefined, 1, 1.5),
    threadLength: fc.integer({ min: 15, max: 20 }),
    farEnd: fc.option(fc.integer({ min: 10, max: 12 }), { nil: undefined }),
    chamferMm: fc.option(fc.constantFrom(0.5, 1), { nil: undefined }),
    material: fc.constantFrom('C45', '6061-T6'),
    dialect: fc.constantFrom(...dialects),
    fault: fc.constantFrom('pitch', 'depth', 'missing', 'chamfer'),
  })
  .map((drawn) => {
    const pitch = drawn.fine ?? coarse[drawn.major]!;
    const designation = drawn.fine ? `M${drawn.major}x${drawn.fine}` : `M${drawn.major}`;
    // Below the thread's root less 0.5 mm, long enough for the tool to start (3 pitches).
    const far =
      drawn.farEnd !== undefined
        ? [diameter(Math.floor(drawn.major - 1.23 * pitch - 1), drawn.farEnd)]
        : [];
    const description = farOutside(
      [
        diameter(drawn.free, drawn.freeLength),
        threadSection(designation, drawn.major, drawn.threadLength),
        ...far,
      ],
      drawn.chamferMm,
      drawn.material,
    );
    return { ...drawn, description, designation };
  });

type Drawn = typeof farThreadParts extends fc.Arbitrary<infer T> ? T : never;

/** The seeded fault of a random part, made to a copy of its plan. */
function seeded(drawn: Drawn): (plan: LathePlan) => void {
  const fault = drawn.fault === 'chamfer' && drawn.chamferMm === undefined ? 'pitch' : drawn.fault;
  if (fault === 'pitch')
    return (plan) =>
      changeFarThreads(plan, (cycle) => {
        cycle.leadMm = cycle.leadMm === 1 ? 1.25 : cycle.leadMm - 0.5;
      });
  if (fault === 'depth')
    return (plan) =>
      changeFarThreads(plan, (cycle) => {
        cycle.depthMm = Math.round(cycle.depthMm * 800) / 1000;
        cycle.rootMm = cycle.majorMm - 2 * cycle.depthMm;
        cycle.passDepthsMm = cycle.passDepthsMm.map((depth) => Math.min(depth, cycle.depthMm));
      });
  if (fault === 'missing')
    return (plan) => {
      for (const operation of farThreadOperations(plan))
        operation.moves = operation.moves.filter((move) => move.kind !== 'thread');
    };
  return (plan) => {
    for (const operation of plan.operations)
      if (operation.setup === 2 && (operation.role === 'rough' || operation.role === 'finish'))
        operation.moves = operation.moves.filter((move) => move.kind === 'rapid');
  };
}

describe('random parts with a far-end thread (fast-check)', () => {
  it('are cut in a second setup and verified; with a seeded fault, never verified', () => {
    const tools = latheTooling.map(classifyTool);
    fc.assert(
      fc.property(farThreadParts, (drawn) => {
        const program = generateLatheProgram(farOutsideJob(drawn.description, drawn.dialect));
        const failed = program.report.checks.filter((check) => !check.passed);
        expect(program.plan.notProgrammed, drawn.designation).toEqual([]);
        expect(failed, drawn.designation).toEqual([]);
        expect(program.report.verified).toBe(true);
        expect(program.plan.secondSetup?.threads?.map((thread) => thread.label)).toEqual([
          drawn.designation,
        ]);
        const faulty = programWith(drawn.description, drawn.dialect, seeded(drawn));
        const input = latheVerificationInput(faulty.plan, drawn.dialect, tools);
        expect(verifyLatheProgram(faulty.gcode, input).verified).toBe(false);
      }),
      { numRuns: Number(process.env.LATHE_RUNS ?? 16) },
    );
  }, 120_000);
});

/** A random part stepping down toward the far end, chamfered there (no thread). */
const farChamferParts = fc
  .record({
    free: fc.integer({ min: 30, max: 40 }),
    freeLength: fc.integer({ min: 10, max: 20 }),
    middle: fc.option(fc.integer({ min: 26, max: 29 }), { nil: undefined }),
    far: fc.integer({ min: 12, max: 25 }),
    farLength: fc.integer({ min: 4, max: 15 }),
    chamferMm: fc.constantFrom(0.3, 0.5, 1, 1.5, 2),
    material: fc.constantFrom('C45', '6061-T6', '1018'),
    dialect: fc.constantFrom(...dialects),
  })
  .map((drawn) => ({
    ...drawn,
    description: farOutside(
      [
        diameter(drawn.free, drawn.freeLength),
        ...(drawn.middle !== undefined ? [diameter(drawn.middle, 8)] : []),
        diameter(drawn.far, drawn.farLength),
      ],
      drawn.chamferMm,
      drawn.material,
    ),
  }));

describe('random parts with a far-end chamfer the blade cannot turn (fast-check)', () => {
  it('are chamfered in a second setup and verified; without it, never verified', () => {
    const tools = latheTooling.map(classifyTool);
    fc.assert(
      fc.property(farChamferParts, (drawn) => {
        const program = generateLatheProgram(farOutsideJob(drawn.description, drawn.dialect));
        expect(program.plan.notProgrammed).toEqual([]);
        expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
        expect(program.report.verified).toBe(true);
        const faulty = programWith(drawn.description, drawn.dialect, (plan) => {
          for (const operation of plan.operations)
            if (operation.setup === 2 && operation.role === 'finish')
              operation.moves = operation.moves.filter((move) => move.kind === 'rapid');
        });
        const input = latheVerificationInput(faulty.plan, drawn.dialect, tools);
        expect(verifyLatheProgram(faulty.gcode, input).verified).toBe(false);
      }),
      { numRuns: Number(process.env.LATHE_RUNS ?? 16) },
    );
  }, 120_000);
});
