/**
 * Bores from the far end of a turned part (issue 33, decision 048): the part model sorts bores
 * by the end they open at, the planner makes the far-end ones in a second setup after the part
 * off (program stop, G55, the parted face faced to length), every lathe post writes it, and the
 * verifier simulates it on the parted-off part turned end for end.
 */
import { describe, expect, it } from 'vitest';
import { generateLatheProgram } from '#cam/jobs/lathe';
import { turnedPartFromDescription } from '#cam/lathe/part';
import type { ProgramJob } from '#cam/program';
import type { BlueprintDescription } from '#contracts/blueprint';
import { latheTooling } from '#tests/helpers/parts';
import { cup, diameter, doubleCounterbored, farEndJob as jobIn, turned } from './far-end-parts.ts';
import { dialects, type Dialect } from './far-end-parts.ts';

/** The job of these tests: in 6061-T6 whatever the description says (far-end-parts.ts `farEndJob`). */
const farEndJob = (
  description: BlueprintDescription,
  dialect?: Dialect,
  tools = latheTooling,
): ProgramJob => jobIn(description, dialect, tools, '6061-T6');

describe('the part model sorts bores by the end they open at', () => {
  it('takes a bore reaching the far end, and stepped bores narrowing toward the middle from both ends', () => {
    const part = turnedPartFromDescription(doubleCounterbored);
    expect(part.inner.map((bore) => [bore.label, bore.depthMm, bore.through])).toEqual([
      ['Ø22', 7, false],
      ['Ø16', 30, true],
    ]);
    expect(part.farInner?.map((bore) => [bore.label, bore.depthMm])).toEqual([['Ø22', 7]]);
    expect(part.notProgrammed).toEqual([]);
  });

  it('takes a bore stepped inward from the far end, and one from the free end placed by its start', () => {
    const part = turnedPartFromDescription(
      turned(
        'Stepped both ways',
        '6061-T6',
        [diameter(40, 40)],
        [
          diameter(20, 8),
          diameter(12, 6, { startMm: 8 }),
          diameter(30, 10, { startMm: 30 }),
          diameter(24, 8, { startMm: 22 }),
        ],
      ),
    );
    expect(part.inner.map((bore) => [bore.label, bore.depthMm])).toEqual([
      ['Ø20', 8],
      ['Ø12', 14],
    ]);
    expect(part.farInner?.map((bore) => [bore.label, bore.depthMm])).toEqual([
      ['Ø30', 10],
      ['Ø24', 18],
    ]);
  });

  it('leaves a bore that opens at neither end not programmed, saying so', () => {
    const part = turnedPartFromDescription(
      turned(
        'Recess',
        '6061-T6',
        [diameter(40, 40)],
        [diameter(16, 40, { through: true }), diameter(20, 5, { startMm: 15 })],
      ),
    );
    expect(part.farInner).toBeUndefined();
    expect(part.notProgrammed).toEqual([
      'the bore Ø20 from 15 to 20 mm from the free end: it opens at neither end (an internal recess), which this planner does not cut',
    ]);
  });

  it('takes a bore written twice (line work and callout) as one', () => {
    const part = turnedPartFromDescription(
      turned(
        'Written twice',
        '6061-T6',
        [diameter(40, 40)],
        [
          diameter(6.35, 15.875, { startMm: 0 }),
          diameter(6.35, 15.87, { startMm: 0 }),
          diameter(20, 8, { startMm: 32 }),
        ],
      ),
    );
    expect(part.inner.map((bore) => [bore.label, bore.depthMm])).toEqual([['Ø6.35', 15.875]]);
    expect(part.farInner?.map((bore) => bore.label)).toEqual(['Ø20']);
    expect(part.notProgrammed).toEqual([]);
  });
});

describe('the second setup', () => {
  it.each(dialects)('is planned, written and verified in %s', (dialect) => {
    for (const description of [doubleCounterbored, cup]) {
      const program = generateLatheProgram(farEndJob(description, dialect));
      expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
      expect(program.report.verified).toBe(true);
      const second = program.plan.operations.filter((operation) => operation.setup === 2);
      expect(second[0]!.name).toBe('Face to length (setup 2)');
      expect(second.map((operation) => operation.role)).toContain('finish-bore');
      const lines = program.gcode.split('\n');
      const stop = lines.findIndex((line) => /^M0?0$/.test(line));
      expect(stop).toBeGreaterThan(lines.findIndex((line) => /Part off/.test(line)));
      expect(lines[stop + 1]).toBe('G55');
      expect(lines.slice(stop - 4, stop).join('\n')).toMatch(/SETUP 2/i);
      expect(lines.slice(stop - 4, stop).join('\n')).toMatch(/soft jaws/i);
    }
  });

  it('parts the part off with 0.5 mm for the second setup to face off', () => {
    const program = generateLatheProgram(farEndJob(cup));
    const partOff = program.plan.operations.find((operation) => operation.role === 'part-off')!;
    expect(partOff.moves.some((move) => move.kind === 'feed' && move.z === -40.5)).toBe(true);
    const face = program.plan.operations.find((operation) => operation.setup === 2)!;
    expect(face.moves.filter((move) => move.kind === 'feed').map((move) => move.z)).toEqual([0]);
    expect(program.plan.part.lengthMm).toBe(40);
  });

  it('is not planned without a boring bar: the far-end bore is left undone, naming the tool', () => {
    const tools = latheTooling.filter((row) => !/boring/i.test(row.toolType));
    const program = generateLatheProgram(farEndJob(doubleCounterbored, 'linuxcnc', tools));
    expect(program.plan.secondSetup).toBeUndefined();
    expect(program.gcode).not.toMatch(/G55/);
    expect(program.plan.notProgrammed.join('\n')).toMatch(
      /^the bore Ø22 x 7 deep from the far end: .*no selected boring bar enters Ø16 mm/m,
    );
    expect(program.report.verified).toBe(false);
  });
});
