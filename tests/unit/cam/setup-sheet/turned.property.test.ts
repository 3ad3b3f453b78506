/**
 * The setup sheet of random turned parts (tests/helpers/random-turned-parts.ts) on random
 * lathes in each dialect: the server keeps a sheet only if it passes the contract's schema, so
 * every sheet must; and every tool it lists is one the program calls, in every operation it
 * names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PartModelError, PlanningError } from '#cam/errors';
import { generateProgram } from '#cam/jobs/generate';
import { turnedPartFromDescription } from '#cam/lathe/part';
import { suggestRoundBar } from '#cam/lathe/stock';
import type { ProgramJob } from '#cam/program';
import { setupSheetSchema } from '#contracts/setup-sheet';
import { latheTooling } from '#tests/helpers/parts';
import { machines, randomDescription, turnedPart } from '#tests/helpers/random-turned-parts';
import type { RandomLathePart } from '#tests/helpers/random-turned-parts';

function jobOf(random: RandomLathePart): ProgramJob | undefined {
  const description = randomDescription(random);
  const part = turnedPartFromDescription(description);
  const largest = Math.max(...part.outer.map((entry) => entry.targetMm));
  const bar = suggestRoundBar(largest, part.lengthMm);
  if (!bar) return undefined;
  const limits = machines[random.machine];
  return {
    description,
    material: random.material,
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm: bar.diameterMm, lengthMm: bar.lengthMm },
    machine: {
      name: 'Random lathe',
      serialNumber: 'R',
      manufacturer: 'M',
      model: 'L',
      controllerType: random.dialect,
      controllerModel: random.dialect,
      dialect: random.dialect,
      ...(limits ? { limits } : {}),
    },
    tools: latheTooling,
    programVersion: 1,
  };
}

describe('the setup sheet of a random turned part', () => {
  it('passes the schema and lists the tools the program calls', () => {
    let written = 0;
    fc.assert(
      fc.property(turnedPart, (random) => {
        const job = jobOf(random);
        if (!job) return;
        let program;
        try {
          program = generateProgram(job);
        } catch (error) {
          if (error instanceof PlanningError || error instanceof PartModelError) return;
          throw error;
        }
        const sheet = setupSheetSchema.parse(program.setupSheet);
        written += 1;
        const names = new Set(program.summary.operations.map((operation) => operation.name));
        for (const tool of sheet.tools) {
          // Every dialect's tool call starts with T and the number (T1, T0101, T101).
          expect(program.gcode).toMatch(new RegExp(`\\bT0?${tool.toolNumber}`));
          for (const operation of tool.operations) expect(names.has(operation)).toBe(true);
        }
        expect(sheet.operations).toHaveLength(program.summary.operations.length);
      }),
      { numRuns: 25, seed: 34 },
    );
    // Most draws are programs, not refusals: the property is not met by refusing.
    expect(written).toBeGreaterThan(15);
  });
});
