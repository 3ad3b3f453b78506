/**
 * Check Program against a part (cam/check/part.ts, issue 35): the part planned as Q-Bot's
 * generation plans it, the program held to the part without the plan's gaps and operation
 * count. A program the product wrote gets the verdict it got at generation; the same program
 * with a whole operation deleted is not verified and says what is left.
 */
import { describe, expect, it } from 'vitest';
import { checkProgram, partCheckOf } from '#cam/check/index';
import type { ProgramCheckInput } from '#cam/check/index';
import { generateProgram } from '#cam/jobs/generate';
import type { GeneratedProgram, ProgramJob } from '#cam/program';
import { goldenLatheJob } from '#tests/helpers/golden-jobs';
import { testParts } from '#tests/helpers/parts';
import { flh001Job } from '../mill/plates.ts';

/** The program's lines without the operation whose comment opens with `name`, up to the next. */
function withoutOperation(gcode: string, name: string): string {
  const lines = gcode.split('\n');
  const start = lines.findIndex((line) => line.toUpperCase().startsWith(`(${name.toUpperCase()}:`));
  if (start < 0) throw new Error(`no operation ${name}`);
  const next = lines.findIndex((line, index) => index > start && /^\([^)]*: T\d/.test(line));
  lines.splice(start, (next < 0 ? lines.length - 1 : next) - start);
  return lines.join('\n');
}

const input = (job: ProgramJob, text: string): ProgramCheckInput => ({
  text,
  dialect: job.machine.dialect as ProgramCheckInput['dialect'],
  machineKind: job.jobType === 'Lathe' ? 'lathe' : 'mill',
  machine: job.machine,
  tools: job.tools,
  material: job.material,
  part: job,
});

describe('checkProgram against a planned part', () => {
  const job: ProgramJob = {
    ...goldenLatheJob('linuxcnc'),
    description: testParts.steppedShaft,
    material: 'AISI 4140',
    stock: { shape: 'round', diameterMm: 40, lengthMm: 120 },
  };
  let generated: GeneratedProgram;

  it('places the stock as the planner does', () => {
    const planned = partCheckOf(job, 'linuxcnc', 'lathe', job.tools);
    if (planned.machineKind !== 'lathe') throw new Error('a lathe part');
    expect(planned.stock).toMatchObject({ shape: 'round', diameterMm: 40 });
    // Held to the part: no plan's operations, nothing the plan explains away.
    expect(planned.verification.operations).toBeUndefined();
    expect(planned.verification.notProgrammed).toBeUndefined();
    expect(planned.verification.part).toBeDefined();
  });

  it("gives the product's own program the verdict it got at generation", () => {
    generated = generateProgram(job);
    const checked = checkProgram(input(job, generated.gcode));
    expect(checked.findings).toEqual([]);
    expect(checked.status).toBe(generated.report.verified ? 'verified' : 'incomplete');
    expect(checked.report.checks.some((check) => check.kind === 'completeness')).toBe(true);
    expect(checked.report.checks.find((check) => check.id === 'gouges')?.passed).toBe(true);
    expect(checked.stock.shape).toBe('round');
    // Named from the program's own comments, as the plan named them.
    expect(checked.report.operations?.map((operation) => operation.name)).toEqual(
      generated.summary.operations.map((operation) => operation.name),
    );
  });

  it('says what is left when a whole finishing operation is deleted', () => {
    generated ??= generateProgram(job);
    const checked = checkProgram(input(job, withoutOperation(generated.gcode, 'Finish OD')));
    expect(checked.status).not.toBe('verified');
    expect(checked.report.verified).toBe(false);
    // The finished diameters are left at the roughing allowance, each named.
    expect(checked.report.unfinished).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Ø20 h7: is left at/)]),
    );
    expect(checked.findings.every((finding) => finding.kind !== 'gouges')).toBe(true);
  });

  it('refuses a part of another kind than the machine', () => {
    expect(() => partCheckOf(job, 'linuxcnc', 'mill', job.tools)).toThrow(RangeError);
  });
});

describe('checkProgram against a planned plate', () => {
  // FLH-001 on the demo Haas VF-2: the plan leaves the star cut-out (no end mill fits it).
  const job = flh001Job('Haas VF-2');
  const generated = generateProgram(job);

  it("is 'incomplete' as at generation, the cut-out named by the verifier on the part", () => {
    expect(generated.report.verified).toBe(false);
    const checked = checkProgram(input(job, generated.gcode));
    expect(checked.status).toBe('incomplete');
    expect(checked.report.checks.filter((c) => !c.passed && c.kind !== 'completeness')).toEqual([]);
    expect(checked.report.unfinished.join(' ')).toMatch(/Cut-out 79\.68 × 56 mm/);
    expect(checked.stock).toMatchObject({ shape: 'block', xMm: 180, yMm: 80, zMm: 10 });
    // Named from the program's comments, as Haas writes them (capitals, DIA for Ø).
    expect(checked.report.operations?.map((operation) => operation.name)).toEqual([
      'FACE',
      'SPOT DRILL',
      'DRILL DIA 13',
      'ROUGH CONTOUR',
      'FINISH CONTOUR',
    ]);
  });

  it('names the outline left when the finishing contour is deleted', () => {
    const checked = checkProgram(input(job, withoutOperation(generated.gcode, 'Finish contour')));
    expect(checked.status).not.toBe('verified');
    expect(checked.report.unfinished.length).toBeGreaterThan(1);
  });
});
