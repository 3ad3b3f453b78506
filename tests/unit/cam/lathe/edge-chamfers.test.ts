/**
 * Two chamfers read on one edge (the V-wheel's free end: 0.1 x 45° and 0.2 x 45°): the first is
 * turned, the second is named in 'not programmed' in words that read ('at the free end', not
 * 'at at the free end'), and the verifier, told so, passes the rest; before, the second was
 * dropped unsaid and only the verifier found it missing.
 */
import { describe, expect, it } from 'vitest';
import { generateLatheProgram } from '#cam/jobs/lathe';
import type { BlueprintDescription } from '#contracts/blueprint';
import { latheTooling } from '#tests/helpers/parts';
import { diameter, farEndJob, turned } from './far-end-parts.ts';

/** Ø30 x 20 then Ø40 x 25 in 6061, with the free end's edge chamfered `sizes` x 45°. */
function twiceChamfered(sizes: number[]): BlueprintDescription {
  const description = turned('Pin', '6061-T6', [diameter(30, 20), diameter(40, 25)], []);
  for (const size of sizes)
    description.features.chamfers.push({
      dimensions: `${size} x 45°`,
      location: 'at the free end, on Ø30',
      sizeMm: size,
      angleDeg: 45,
      atMm: 0,
      onDiameterMm: 30,
      inner: false,
    });
  return description;
}

describe('two chamfers read on one edge', () => {
  it('turns the first and names the second, which the verifier then leaves out', () => {
    const program = generateLatheProgram(
      farEndJob(twiceChamfered([0.5, 1]), 'linuxcnc', latheTooling, '6061-T6'),
    );
    expect(program.plan.notProgrammed).toEqual(['the chamfer 1 x 45° at the free end, on Ø30']);
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.report.verified).toBe(false);
    expect(program.report.unfinished).toEqual(['the chamfer 1 x 45° at the free end, on Ø30']);
  });

  it('turns one chamfer alone and names nothing', () => {
    const program = generateLatheProgram(
      farEndJob(twiceChamfered([0.5]), 'linuxcnc', latheTooling, '6061-T6'),
    );
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.report.verified).toBe(true);
  });
});
