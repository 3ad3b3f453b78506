/**
 * The lathe verifier on programs with a second setup (decision 048): the far-end bores are found
 * cut on the parted-off part turned end for end, and a program that leaves one uncut (its
 * boring removed, the G55 or the program stop missing) is never called verified; over random
 * turned parts with far-end bores too (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import { classifyTool } from '#cam/lathe/tooling';
import { verifyLatheProgram } from '#cam/verify/lathe/index';
import type { LatheVerificationInput } from '#cam/verify/lathe/input';
import { latheTooling } from '#tests/helpers/parts';
import { cup, diameter, doubleCounterbored, turned } from '../lathe/far-end-parts.ts';
import type { BlueprintDescription } from '#contracts/blueprint';

const tools = latheTooling.map(classifyTool);

function written(description: BlueprintDescription) {
  const job = {
    description,
    material: '6061-T6',
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm: 45 },
    machine: {
      name: 'Lathe',
      serialNumber: 'S1',
      manufacturer: 'Tormach',
      model: '15L',
      controllerType: 'PathPilot',
      controllerModel: 'PathPilot',
      dialect: 'linuxcnc',
    },
    tools: latheTooling,
    programVersion: 1,
  } as const;
  const program = generateLatheProgram(job);
  const input = latheVerificationInput(program.plan, 'linuxcnc', tools, job);
  return { program, input };
}

/** The program without the lines of the operations whose title matches `title`. */
function without(gcode: string, title: RegExp): string {
  const lines = gcode.split('\n');
  const kept: string[] = [];
  let skipping = false;
  for (const line of lines) {
    if (line.startsWith('(')) skipping = title.test(line);
    if (/^G0 X[\d.]+ Z[\d.]+$/.test(line) && skipping) {
      // The move home before M30 ends the last operation.
      const rest = lines.slice(lines.indexOf(line) + 1);
      if (rest[0] === 'M30') skipping = false;
    }
    if (!skipping) kept.push(line);
  }
  return kept.join('\n');
}

const failed = (gcode: string, input: LatheVerificationInput) =>
  verifyLatheProgram(gcode, input)
    .checks.filter((check) => !check.passed)
    .map((check) => check.id);

describe('the verifier follows the second setup', () => {
  it('finds the far-end bores cut and the parted face faced, in the first setup coordinates', () => {
    const { program, input } = written(cup);
    expect(input.secondSetup).toMatchObject({ partedLengthMm: 40.5 });
    expect(input.inner.map((target) => target.label)).toEqual(['Ø10', 'Ø24']);
    const report = verifyLatheProgram(program.gcode, input);
    expect(report.verified).toBe(true);
    // The simulated part ends at the finished far face, with the Ø24 seat in it.
    const part = report.simulated!.part.flat();
    expect(Math.min(...part.map((point) => point.x))).toBeCloseTo(-40, 2);
  });

  it('does not verify a program whose second setup does not bore', () => {
    const { program, input } = written(doubleCounterbored);
    const gcode = without(program.gcode, /^\((Rough|Finish) bore \[setup 2\]/);
    expect(gcode).not.toBe(program.gcode);
    const report = verifyLatheProgram(gcode, input);
    expect(report.verified).toBe(false);
    expect(failed(gcode, input)).toContain('inner');
    expect(report.checks.find((check) => check.id === 'inner')!.details.join('\n')).toMatch(
      /^Ø22: is left at Ø16/m,
    );
  });

  it('does not verify a program without its G55: the far end is never machined', () => {
    const { program, input } = written(cup);
    const gcode = program.gcode.replace('\nG55\n', '\n');
    const ids = failed(gcode, input);
    expect(ids).toContain('inner');
    expect(ids).toContain('length');
    expect(verifyLatheProgram(gcode, input).verified).toBe(false);
  });

  it('does not verify a second setup without a program stop to turn the part around', () => {
    const { program, input } = written(cup);
    const gcode = program.gcode.replace('\nM0\n', '\n');
    expect(failed(gcode, input)).toEqual(['setup']);
  });

  it('reports moves under G55 in a program whose plan has no second setup', () => {
    const { program, input } = written(cup);
    const plain = { ...input };
    delete plain.secondSetup;
    expect(failed(program.gcode, plain)).toContain('setup');
  });
});

/** A random turned part: one or two outer diameters, a through or a blind bore, far-end bores. */
const farEndParts = fc
  .record({
    first: fc.integer({ min: 34, max: 40 }),
    firstLength: fc.integer({ min: 10, max: 20 }),
    second: fc.integer({ min: 34, max: 40 }),
    secondLength: fc.integer({ min: 12, max: 25 }),
    through: fc.boolean(),
    seat: fc.integer({ min: 20, max: 26 }),
    seatDepth: fc.integer({ min: 4, max: 9 }),
    step: fc.option(fc.integer({ min: 3, max: 5 }), { nil: undefined }),
  })
  .map((drawn) => {
    const length = drawn.firstLength + drawn.secondLength;
    const inner = drawn.through ? diameter(12, length, { through: true }) : diameter(10, 8);
    const far = [diameter(drawn.seat, drawn.seatDepth, { startMm: length - drawn.seatDepth })];
    if (drawn.step !== undefined)
      far.push(
        diameter(drawn.seat - 4, drawn.step, {
          startMm: length - drawn.seatDepth - drawn.step,
        }),
      );
    return turned(
      'Random part with a far-end seat',
      '6061-T6',
      [diameter(drawn.first, drawn.firstLength), diameter(drawn.second, drawn.secondLength)],
      [inner, ...far],
    );
  });

describe('over random turned parts with far-end bores', () => {
  it('never calls a program verified while a far-end bore is uncut', () => {
    fc.assert(
      fc.property(farEndParts, fc.constantFrom('rough', 'finish', 'both', 'g55'), (part, fault) => {
        const { program, input } = written(part);
        expect(program.plan.secondSetup).toBeDefined();
        expect(program.report.verified).toBe(true);
        const gcode =
          fault === 'g55'
            ? program.gcode.replace('\nG55\n', '\n')
            : without(
                program.gcode,
                fault === 'both'
                  ? /^\((Rough|Finish) bore \[setup 2\]/
                  : new RegExp(`^\\(${fault === 'rough' ? 'Rough' : 'Finish'} bore \\[setup 2\\]`),
              );
        const report = verifyLatheProgram(gcode, input);
        expect(report.verified).toBe(false);
      }),
      { numRuns: 12, seed: 48 },
    );
  });
});
