/**
 * The chuck's safe speed (cam/lathe/chuck.ts, VDI 3106) as the lathe job's spindle limit: never
 * above the rating, falling as the jaws open, and written into the program with the reason;
 * the verifier holds the program to it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chuckSafeRpm } from '#cam/lathe/chuck';
import { generateLatheProgram } from '#cam/jobs/lathe';
import { readProgramText } from '#cam/jobs/finish';
import { postLatheJob } from '#cam/jobs/lathe';
import { goldenLatheJob } from '#tests/helpers/golden-jobs';

describe('chuckSafeRpm', () => {
  it('keeps the rating for small work and falls as the jaws open', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 100, max: 400, noNaN: true }),
        fc.integer({ min: 1000, max: 8000 }),
        fc.double({ min: 1, max: 400, noNaN: true }),
        fc.double({ min: 1, max: 400, noNaN: true }),
        (chuck, rated, a, b) => {
          const [small, large] = a < b ? [a, b] : [b, a];
          const atSmall = chuckSafeRpm(chuck, rated, small).rpm;
          const atLarge = chuckSafeRpm(chuck, rated, large).rpm;
          expect(atSmall).toBeLessThanOrEqual(rated);
          expect(atLarge).toBeLessThanOrEqual(atSmall);
          if (small <= chuck / 2) expect(atSmall).toBe(rated);
          if (large > chuck / 2 + 20) expect(atLarge).toBeLessThan(rated);
        },
      ),
    );
  });
});

describe("a lathe program's spindle limit", () => {
  // The Haas ST-10 turns 6000 rpm with its 210 mm chuck; a Ø150 bar opens the jaws far out.
  const job = {
    ...goldenLatheJob('haas'),
    stock: { shape: 'round' as const, diameterMm: 150, lengthMm: 90 },
  };
  const limit = chuckSafeRpm(210, 6000, 150).rpm;

  it('is the chuck safe speed for a large bar, said in the header', () => {
    expect(limit).toBeLessThan(6000);
    const program = generateLatheProgram(job);
    const limits = [...program.gcode.matchAll(/G50 S(\d+)/g)].map((match) => Number(match[1]));
    expect(limits.length).toBeGreaterThan(0);
    expect(Math.max(...limits)).toBeLessThanOrEqual(limit);
    expect(program.gcode).toMatch(
      new RegExp(
        `\\(NOTE: SPINDLE LIMITED TO ${limit} RPM: THE 210 MM CHUCK'S SAFE SPEED GRIPPING DIA 150`,
      ),
    );
    expect(program.report.checks.find((check) => check.id === 'spindle')?.passed).toBe(true);
  });

  it('fails the verifier when the program turns faster than the chuck allows', () => {
    const posted = postLatheJob(job);
    const program = generateLatheProgram(job);
    const faster = program.gcode.replace(/G50 S\d+/g, 'G50 S6000');
    const report = posted.verify(readProgramText(posted, faster));
    const spindle = report.checks.find((check) => check.id === 'spindle')!;
    expect(spindle.passed).toBe(false);
    expect(spindle.details.join(' ')).toMatch(
      new RegExp(`6000 rpm, above ${limit} rpm, the 210 mm chuck's safe speed gripping Ø150`),
    );
  });

  it('is the machine top speed for small bar', () => {
    const program = generateLatheProgram(goldenLatheJob('haas'));
    expect(program.gcode).not.toMatch(/SPINDLE LIMITED/);
    expect(program.gcode).toMatch(/G50 S6000/);
  });
});
