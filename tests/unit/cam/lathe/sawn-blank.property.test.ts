/**
 * Property test of sawn blanks (decision 058) over random large turned parts (fast-check):
 * diameters rising from the free end on Ø75 to Ø150 stock, sometimes a through bore and a
 * chamfer at the far end, in every lathe dialect, on an unknown machine or the Tormach 15L
 * (1.1 kW, bar capacity Ø28.5 mm). The 19 mm blade never reaches their part off, so each is
 * planned from a sawn blank with no part off, its stub faced off in the second setup, and
 * verified; the same program with its stub facing dropped, or faced short, is never verified.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import { classifyTool } from '#cam/lathe/tooling';
import { verifyLatheProgram } from '#cam/verify/lathe/index';
import type { DiameterFeature } from '#contracts/blueprint';
import { diameter } from './far-end-parts.ts';
import { farOutside } from './far-outside-parts.ts';
import {
  dialects,
  dropStubFacing,
  faceShort,
  sawnJob,
  sawnProgramWith,
  shortBladeTooling,
  tormach15L,
} from './sawn-blank-parts.ts';

/** A random part: rising diameters below the stock, each 6 to 20 mm long. */
const largeParts = fc
  .record({
    stockMm: fc.constantFrom(75, 100, 150),
    shares: fc.uniqueArray(fc.integer({ min: 45, max: 90 }), { minLength: 1, maxLength: 3 }),
    lastBelowMm: fc.integer({ min: 2, max: 8 }),
    lengths: fc.array(fc.integer({ min: 6, max: 20 }), { minLength: 4, maxLength: 4 }),
    boreMm: fc.option(fc.constantFrom(16, 20, 24), { nil: undefined }),
    chamferMm: fc.option(fc.constantFrom(0.5, 1), { nil: undefined }),
    material: fc.constantFrom('6061-T6', 'C45', '1018'),
    dialect: fc.constantFrom(...dialects),
    machine: fc.boolean(),
    fault: fc.constantFrom('drop', 'short'),
  })
  .map((drawn) => {
    const rising = [...drawn.shares]
      .sort((a, b) => a - b)
      .map((share) => Math.round((drawn.stockMm * share) / 100));
    const targets = [...rising, drawn.stockMm - drawn.lastBelowMm];
    const outer = targets.map((target, index) => diameter(target, drawn.lengths[index]!));
    const length = outer.reduce((sum, feature) => sum + feature.lengthMm!, 0);
    const bores: DiameterFeature[] =
      drawn.boreMm !== undefined ? [diameter(drawn.boreMm, length, { through: true })] : [];
    const description = farOutside(outer, drawn.chamferMm, drawn.material, bores);
    return { ...drawn, description };
  });

describe('random large parts are turned from a sawn blank and verified', () => {
  it('plans no part off, faces the stub off, is verified; a stub left on never is', () => {
    const tools = shortBladeTooling.map(classifyTool);
    fc.assert(
      fc.property(largeParts, (drawn) => {
        const job = sawnJob(
          drawn.description,
          drawn.stockMm,
          drawn.dialect,
          undefined,
          drawn.machine ? tormach15L : undefined,
        );
        const program = generateLatheProgram(job);
        const { plan } = program;
        expect(plan.notProgrammed).toEqual([]);
        expect(plan.stock.blankLengthMm).toBeGreaterThan(plan.part.lengthMm);
        expect(plan.operations.some((operation) => operation.role === 'part-off')).toBe(false);
        expect(plan.operations.find((operation) => operation.setup === 2)?.name).toBe(
          'Face to length (setup 2)',
        );
        expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
        expect(program.report.verified).toBe(true);

        const faulty = sawnProgramWith(
          job,
          drawn.fault === 'drop' ? dropStubFacing : faceShort(0.5),
        );
        const input = latheVerificationInput(plan, drawn.dialect, tools, job);
        const report = verifyLatheProgram(faulty.gcode, input);
        expect(report.verified).toBe(false);
        expect(report.checks.find((check) => check.id === 'length')?.passed).toBe(false);
      }),
      { numRuns: 16, seed: 20261129 },
    );
  }, 120_000);
});
