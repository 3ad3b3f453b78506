/**
 * Slender parts turned in two chuckings (decision 064): a part that would stick out more than 5
 * times its stiffness diameter turned whole is turned to a shoulder in the first setup, the bar
 * left at its diameter behind it, parted off, turned around, held on a diameter the first setup
 * finished and turned from the far end in the second; every lathe post writes it, its operator
 * lines fit a LinuxCNC comment, and the verifier measures both chuckings itself and checks what
 * the second setup turns as strictly as the first: a second-setup diameter left large, or a first
 * setup sticking out too far, is never verified.
 */
import { describe, expect, it } from 'vitest';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import type { LathePlan } from '#cam/lathe/program';
import { maxUnsupportedSlenderness, slendernessOf } from '#cam/lathe/slenderness';
import { planChuckings } from '#cam/lathe/support';
import { classifyTool } from '#cam/lathe/tooling';
import { verifyLatheProgram } from '#cam/verify/lathe/index';
import { latheTooling } from '#tests/helpers/parts';
import { dialects, farEndJob } from './far-end-parts.ts';
import type { Dialect } from './far-end-parts.ts';
import { programWith } from './far-outside-parts.ts';
import { slenderPin, slenderShaft } from './two-chuckings-parts.ts';

const failedIds = (report: { checks: { id: string; passed: boolean }[] }) =>
  report.checks.filter((check) => !check.passed).map((check) => check.id);

const tools = latheTooling.map(classifyTool);

/** The verification of `gcode` against the slender shaft's plan as written unchanged. */
function verifyAgainstPlan(dialect: Dialect, gcode: string, plan: LathePlan) {
  return verifyLatheProgram(gcode, latheVerificationInput(plan, dialect, tools));
}

describe('a slender shaft', () => {
  const program = generateLatheProgram(farEndJob(slenderShaft));
  const { plan } = program;

  it('is turned in two chuckings split after its collar, each within the rule', () => {
    expect(plan.notProgrammed).toEqual([]);
    expect(plan.secondSetup).toMatchObject({
      outsideFromMm: 50,
      gripDiameterMm: 40,
      gripLengthMm: 14,
      // The jaws' face 44 mm from the free end: 6 mm clear of the split at 50.
      chuckFaceZ: -46,
      partedLengthMm: 90.5,
    });
    expect(plan.operations.map((operation) => operation.name)).toEqual([
      'Face',
      'Rough OD',
      'Finish OD',
      'Part off',
      'Face to length (setup 2)',
      'Rough OD (setup 2)',
      'Finish OD (setup 2)',
    ]);
    const ratios = planChuckings(plan).map((chucking) => slendernessOf(chucking).ratio);
    expect(ratios).toHaveLength(2);
    for (const ratio of ratios) expect(ratio).toBeLessThanOrEqual(maxUnsupportedSlenderness);
    // Turned whole it would stick out about 8 times its stiffness diameter.
    const { outsideFromMm: _split, ...whole } = plan.secondSetup!;
    const [first] = planChuckings({ ...plan, secondSetup: whole });
    expect(slendernessOf(first!).ratio).toBeGreaterThan(7);
  });

  it('turns the first setup only to the split, the bar left behind it', () => {
    const rough = plan.operations.find((operation) => operation.name === 'Rough OD')!;
    const finish = plan.operations.find((operation) => operation.name === 'Finish OD')!;
    for (const operation of [rough, finish])
      for (const move of operation.moves)
        if (move.kind === 'feed') expect(move.z).toBeGreaterThanOrEqual(-51 - 1e-9);
    // The second setup runs 3 mm past the split over the collar, its jaws 3 mm beyond that.
    const second = plan.operations.filter((operation) => operation.setup === 2);
    const deepest = Math.min(
      ...second.flatMap((operation) =>
        operation.moves.filter((move) => move.kind === 'feed').map((move) => move.z),
      ),
    );
    expect(deepest).toBeCloseTo(-43, 6);
    expect(deepest).toBeGreaterThan(plan.secondSetup!.chuckFaceZ + 3 - 1e-9);
  });

  it('tells the operator what to do, in lines LinuxCNC reads', () => {
    expect(plan.secondSetup!.instructions).toEqual([
      'SETUP 2: the far end, work offset G55',
      'Turn the part around and chuck it on Ø40 (turned in setup 1) in soft jaws bored to it, 14 mm in the jaws, their face 44 mm from the free-end face, the parted face out; the smaller end reaches into the chuck',
      'Set G55: Z0 is the finished far-end face, 90 mm from the free-end face (the parted face is at Z0.5); X as in G54',
      'Then press cycle start: the parted face is faced to length and the outside is turned from the far end to Z-43 (50 mm from the free-end face)',
    ]);
    expect(plan.warnings[0]).toBe(
      "Two chuckings, as the part is too slender to turn whole without support: setup 1 turns the outside 50 mm from the free end and leaves the rest at the bar's Ø45; setup 2 turns the rest from the far end, held on Ø40 in soft jaws.",
    );
    const lines = program.gcode.split('\n');
    expect(lines).toContain(
      '(Turn the part around and chuck it on DIA 40 [turned in setup 1] in soft jaws bored to it, 14 mm in the jaws, their face 44 mm from the free-end face, the parted face out; the smaller end reaches into the chuck)',
    );
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(255);
  });

  it.each(dialects)('is written and verified in %s', (dialect) => {
    const written = generateLatheProgram(farEndJob(slenderShaft, dialect));
    expect(written.report.verified, written.report.unfinished.join(' | ')).toBe(true);
    expect(written.plan.secondSetup?.outsideFromMm).toBe(50);
    const stop = dialect === 'linuxcnc' ? /^M0$/m : /M0?0/;
    expect(written.gcode).toMatch(stop);
    expect(written.gcode).toMatch(/G55/);
  });
});

describe('the verifier on two chuckings', () => {
  const dialect: Dialect = 'linuxcnc';
  const { plan } = generateLatheProgram(farEndJob(slenderShaft, dialect));

  it('finds a second-setup diameter left too large', () => {
    // The second setup's finishing pass 0.1 mm higher on the diameter along the Ø12 neck.
    const { gcode } = programWith(slenderShaft, dialect, (copy) => {
      const finish = copy.operations.find((operation) => operation.name === 'Finish OD (setup 2)')!;
      for (const move of finish.moves) if (move.kind === 'feed' && move.x < 13) move.x += 0.1;
    });
    const report = verifyAgainstPlan(dialect, gcode, plan);
    expect(failedIds(report)).toContain('outer');
    expect(report.unfinished).toContainEqual(expect.stringMatching(/^Ø12: is left at Ø12\.1/));
    expect(report.verified).toBe(false);
  });

  it('finds a first setup that turns the bar behind the split down', () => {
    // Setup 1 turns Ø14 from the split to the far end: the bar no longer stiffens its stick-out.
    const { gcode } = programWith(slenderShaft, dialect, (copy) => {
      const rough = copy.operations.find((operation) => operation.name === 'Rough OD')!;
      const feed = (x: number, z: number) => ({ kind: 'feed' as const, x, z, feed: 0.2 });
      rough.moves.splice(
        1,
        0,
        { kind: 'rapid', x: 47, z: -51 },
        ...[33, 22, 14].flatMap((x) => [feed(x, -51), feed(x, -91), feed(47, -91)]),
        { kind: 'rapid', x: 47, z: 2 },
      );
    });
    const report = verifyAgainstPlan(dialect, gcode, plan);
    expect(failedIds(report)).toContain('support');
    expect(report.unfinished).toContainEqual(
      expect.stringMatching(/^unsupported stick-out: the part sticks out 99\.5 mm, /),
    );
    expect(report.verified).toBe(false);
  });

  it('finds a first setup that sticks out too long', () => {
    const { gcode } = generateLatheProgram(farEndJob(slenderShaft, dialect));
    const input = latheVerificationInput(plan, dialect, tools);
    const long = { ...input, stock: { ...input.stock, chuckFaceZ: input.stock.chuckFaceZ - 150 } };
    const report = verifyLatheProgram(gcode, long);
    expect(failedIds(report)).toEqual(['support']);
    expect(report.verified).toBe(false);
    // As written it passes.
    expect(failedIds(verifyLatheProgram(gcode, input))).toEqual([]);
  });
});

describe('a slender part no split helps', () => {
  it('keeps being named and never verified', () => {
    const program = generateLatheProgram(farEndJob(slenderPin));
    expect(program.plan.secondSetup).toBeUndefined();
    expect(program.plan.notProgrammed).toEqual([
      expect.stringMatching(/^unsupported stick-out: the part sticks out 69 mm, 6\.9 times/),
    ]);
    expect(program.report.verified).toBe(false);
  });
});
