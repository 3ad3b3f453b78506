/**
 * A through bore deeper than its drill reaches is drilled from both ends (cam/lathe/both-ends.ts):
 * past the middle from the free end, and from the far end in the second setup to meet it; the
 * program is verified against the drawing's one through bore.
 */
import { describe, expect, it } from 'vitest';
import { generateLatheProgram } from '#cam/jobs/lathe';
import { latheTooling, toolRow } from '#tests/helpers/parts';
import { diameter, farEndJob, turned } from './far-end-parts.ts';

/** Ø40 x 100 with a Ø8.5 bore through; the shop's Ø8.5 drill has `fluteMm` of flute. */
function job(fluteMm: number) {
  const description = turned(
    'Long bush',
    '6061-T6',
    [diameter(40, 100)],
    [diameter(8.5, 100, { through: true })],
  );
  const tools = [
    ...latheTooling.filter((tool) => tool.toolName !== 'Drill 8.5'),
    toolRow('T5', 'Drilling', 'Drill 8.5', `HSS twist drill Ø8.5 mm, flute length ${fluteMm} mm`),
  ];
  return farEndJob(description, 'linuxcnc', tools);
}

describe('a through bore deeper than its drill reaches', () => {
  it('is drilled from both ends, meeting inside, and verified', () => {
    const program = generateLatheProgram(job(60));
    const drilling = program.plan.operations
      .filter((operation) => operation.role === 'drill' && operation.name.startsWith('Drill'))
      .map((operation) => operation.name);
    expect(drilling).toEqual(['Drill Ø8.5', 'Drill Ø8.5 (setup 2)']);
    expect(program.summary.warnings[0]).toBe(
      'The bore Ø8.5 through is deeper than T5 Drill 8.5 reaches (60 mm of flute): it is drilled 50 mm from the free end and 51 mm from the far end in setup 2, where the two holes meet.',
    );
    expect(program.summary.warnings.join(' ')).not.toMatch(/ends in the drill's 118° point/);
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it('is drilled from the free end alone when the drill reaches through', () => {
    const program = generateLatheProgram(job(120));
    const drilling = program.plan.operations.filter(
      (operation) => operation.role === 'drill' && operation.name.startsWith('Drill'),
    );
    expect(drilling.map((operation) => operation.name)).toEqual(['Drill Ø8.5']);
    expect(program.report.verified).toBe(true);
  });

  it('is named with the drill it needs when even half is beyond the drill', () => {
    const program = generateLatheProgram(job(40));
    expect(program.report.verified).toBe(false);
    expect(program.summary.notProgrammed[0]).toMatch(
      /^the bore Ø8\.5: it is drilled .* mm deep and the flutes of T5 Drill 8\.5 are 40 mm long; select a drill with longer flutes/,
    );
  });
});
