/**
 * The chamfer at the parted-off end (decision 052): the parting blade plunges beside it, turns
 * it with its free-end (reference) corner on the part side, then parts off; the verifier sees it
 * cut, and a program without the chamfer move, or with it too small, is not verified.
 */
import { describe, expect, it } from 'vitest';
import { generateLatheProgram } from '#cam/jobs/lathe';
import { turnedPartFromDescription } from '#cam/lathe/part';
import { latheVerificationInput } from '#cam/jobs/lathe';
import { classifyTool } from '#cam/lathe/tooling';
import { verifyLatheProgram } from '#cam/verify/lathe/index';
import type { ProgramJob } from '#cam/program';
import type { BlueprintDescription } from '#contracts/blueprint';
import { latheTooling } from '#tests/helpers/parts';
import { diameter, farEndJob as jobIn, turned } from './far-end-parts.ts';
import type { Dialect } from './far-end-parts.ts';

/** A LinuxCNC (or `dialect`) job in 6061-T6 with the test tooling (far-end-parts.ts `farEndJob`). */
const farEndJob = (description: BlueprintDescription, dialect?: Dialect): ProgramJob =>
  jobIn(description, dialect, latheTooling, '6061-T6');

/** Ø30 x 20 then Ø40 x 25 in 6061, with `size` x `angle` at the parted-off end. */
function chamfered(size: number, angle = 45, extra: BlueprintDescription['innerDiameters'] = []) {
  const description = turned('Pin', '6061-T6', [diameter(30, 20), diameter(40, 25)], extra);
  description.features.chamfers.push({
    dimensions: `${size} x ${angle}°`,
    location: 'parted-off end',
    sizeMm: size,
    angleDeg: angle,
    inner: false,
  });
  return description;
}

describe('the chamfer at the parted-off end', () => {
  it('is held by the part model on the last diameter', () => {
    const part = turnedPartFromDescription(chamfered(1));
    expect(part.partOffChamfer).toMatchObject({ atMm: 45, diameterMm: 40, sizeMm: 1 });
    expect(part.notProgrammed).toEqual([]);
  });

  for (const dialect of ['linuxcnc', 'fanuc', 'haas', 'sinumerik'] as const)
    it(`is cut by the parting blade and verified: ${dialect}`, () => {
      const program = generateLatheProgram(farEndJob(chamfered(1), dialect));
      expect(program.plan.notProgrammed).toEqual([]);
      expect(program.plan.operations.at(-1)!.name).toBe('Chamfer and part off');
      expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
      expect(program.report.verified).toBe(true);
    });

  it('is not verified when the chamfer move is removed or made too small', () => {
    const job = farEndJob(chamfered(1));
    const program = generateLatheProgram(job);
    const input = latheVerificationInput(
      program.plan,
      'linuxcnc',
      latheTooling.map(classifyTool),
      job,
    );
    expect(verifyLatheProgram(program.gcode, input).verified).toBe(true);
    const lines = program.gcode.split('\n');
    // The plunge beside the part off to Ø37.8, just below the chamfer's Ø38, then the chamfer
    // move: the blade's free-end corner from Ø42 at Z-43 down to Ø38 at the part-off position.
    expect(program.gcode).toMatch(/^G1 X37\.8 Z-45 F0\.1\nG0 X42 Z-45\nX42 Z-43\nG1 X38 Z-45$/m);
    const end = lines.findIndex((line) => /^G1 X38 Z-45$/.test(line));
    expect(end).toBeGreaterThan(0);
    const removed = lines.filter((_, index) => index !== end);
    expect(verifyLatheProgram(removed, input).verified).toBe(false);
    const small = lines.map((line, index) =>
      index === end ? line.replace('X38 ', 'X39.2 ') : line,
    );
    const report = verifyLatheProgram(small, input);
    expect(report.verified).toBe(false);
    expect(report.checks.find((check) => check.id === 'chamfers')?.passed).toBe(false);
  });

  it('with a second setup: carried over the face allowance, faced to length there, verified', () => {
    const description = chamfered(1, 45, [diameter(10, 12), diameter(24, 15, { startMm: 30 })]);
    const program = generateLatheProgram(farEndJob(description));
    expect(program.plan.secondSetup).toBeDefined();
    expect(program.plan.notProgrammed).toEqual([]);
    // The chamfer's line continued 0.5 mm to the parted face: Ø37 at Z-45.5.
    expect(program.gcode).toMatch(/^G1 X37 Z-45\.5$/m);
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
  });

  it('turns a chamfer longer than the blade takes sideways in passes', () => {
    const program = generateLatheProgram(farEndJob(chamfered(3, 30)));
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });
});
