/**
 * The far end's outside in the second setup (decision 053): a thread behind a larger diameter
 * from the free end that the far end reaches is cut with the part turned around, its DIN 76
 * undercut grooved there; an outer chamfer at the parted-off end that the parting blade cannot
 * turn is turned there; every lathe post writes it; the verifier checks the thread's pitch,
 * depth and length and the chamfer as strictly as the first setup's, so a program written with
 * the far-end thread at the wrong pitch or depth, or without it or the chamfer, is not verified.
 */
import { describe, expect, it } from 'vitest';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import { reachedFrom } from '#cam/lathe/threading';
import { turnedPartFromDescription } from '#cam/lathe/part';
import { classifyTool } from '#cam/lathe/tooling';
import { verifyLatheProgram } from '#cam/verify/lathe/index';
import { latheTooling } from '#tests/helpers/parts';
import { diameter } from './far-end-parts.ts';
import {
  changeFarThreads,
  dialects,
  farOutside,
  farOutsideJob,
  farStud,
  farThreadOperations,
  programWith,
  threadSection,
} from './far-outside-parts.ts';
import type { Dialect } from './far-outside-parts.ts';
import type { BlueprintDescription } from '#contracts/blueprint';

const failedIds = (report: { checks: { id: string; passed: boolean }[] }) =>
  report.checks.filter((check) => !check.passed).map((check) => check.id);

/** The verification of `gcode` against the plan of `description` as written unchanged. */
function verifyAgainstPlan(
  description: BlueprintDescription,
  dialect: Dialect,
  gcode: string,
  plan = generateLatheProgram(farOutsideJob(description, dialect)).plan,
) {
  const tools = latheTooling.map(classifyTool);
  return verifyLatheProgram(gcode, latheVerificationInput(plan, dialect, tools));
}

describe('the part model finds the far end outside', () => {
  it('keeps a chamfer at the parted-off end the blade cannot turn for the second setup', () => {
    const part = turnedPartFromDescription(farStud);
    expect(part.partOffChamfer).toBeUndefined();
    expect(part.farOuterChamfer).toMatchObject({ atMm: 41, diameterMm: 16, sizeMm: 1 });
    expect(part.notProgrammed).toEqual([]);
  });

  it('tells which end reaches each diameter', () => {
    const part = turnedPartFromDescription(
      farOutside([diameter(20, 5), diameter(30, 10), diameter(24, 10), diameter(26, 5)]),
    );
    expect(reachedFrom(part)).toEqual(['free', 'free', 'neither', 'far']);
  });
});

describe('the second setup cuts the far-end thread and turns the far-end chamfer', () => {
  it('plans them after facing to length, the jaws clear of the undercut', () => {
    const program = generateLatheProgram(farOutsideJob(farStud));
    const { plan } = program;
    expect(plan.notProgrammed).toEqual([]);
    expect(plan.threads).toEqual([]);
    expect(
      plan.operations.filter((operation) => operation.setup === 2).map((op) => op.name),
    ).toEqual([
      'Face to length (setup 2)',
      'Rough OD (setup 2)',
      'Finish OD (setup 2)',
      'Undercut DIN 76-A M20x1.5 3.2 x Ø17.7 (setup 2)',
      'Thread M20x1.5 (setup 2)',
    ]);
    // Z0 the far-end face: the Ø16 x 6 is the lead-in, the undercut at the Ø30 shoulder.
    expect(plan.secondSetup?.threads).toEqual([
      expect.objectContaining({ leadMm: 1.5, threadStartZ: -6, startZ: -1.5, endZ: -19.4 }),
    ]);
    // The jaws hold Ø30 and stay 3 mm clear of the undercut's shoulder at Z-21.
    expect(plan.secondSetup).toMatchObject({
      gripDiameterMm: 30,
      gripLengthMm: 17,
      chuckFaceZ: -24,
    });
    expect(plan.secondSetup?.instructions.join('\n')).toContain(
      'chuck it on its free-end diameter Ø30 in soft jaws, 17 mm in the jaws',
    );
    // The part as made: the undercut at the shoulder, in the first setup's coordinates.
    expect(
      plan.part.outer.map((section) => [section.label, section.startMm, section.endMm]),
    ).toEqual([
      ['Ø30', 0, 20],
      ['undercut DIN 76-A M20x1.5 3.2 x Ø17.7', 20, 23.2],
      ['M20x1.5', 23.2, 35],
      ['Ø16', 35, 41],
    ]);
    expect(program.report.verified).toBe(true);
  });

  it.each(dialects)('is written and verified in %s', (dialect) => {
    const program = generateLatheProgram(farOutsideJob(farStud, dialect));
    expect(failedIds(program.report)).toEqual([]);
    expect(program.report.verified).toBe(true);
    expect(program.report.checks.find((check) => check.id === 'threads')?.passed).toBe(true);
  });

  it('goes with far-end bores in one second setup', () => {
    const description = farOutside(
      [diameter(36, 20), threadSection('M24x1.5', 24, 14), diameter(20, 6)],
      0.5,
      '6061-T6',
      [diameter(12, 8, { startMm: 32 })],
    );
    const program = generateLatheProgram(farOutsideJob(description));
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.plan.secondSetup?.instructions.at(-1)).toBe(
      'Then press cycle start: the parted face is faced to length and the far-end bores are made, the chamfer 0.5 x 45° at other end is turned and the thread M24x1.5 is cut (after its undercut)',
    );
    expect(program.report.verified).toBe(true);
  });

  it('names the far-end thread as not programmed without a threading tool, and still turns the chamfer', () => {
    const tools = latheTooling.filter((row) => !/thread/i.test(row.toolType + row.toolName));
    const program = generateLatheProgram(farOutsideJob(farStud, 'linuxcnc', tools));
    expect(program.plan.notProgrammed).toEqual([
      expect.stringMatching(
        /^the thread M20x1\.5 on M20x1\.5: it needs a threading tool.*; the diameter is turned to Ø19\.85$/,
      ),
    ]);
    expect(program.plan.secondSetup?.threads).toBeUndefined();
    expect(program.plan.secondSetup?.instructions.at(-1)).toContain('the chamfer 1 x 45°');
    // Everything else is made and checked: the program is incomplete only by what it names.
    expect(failedIds(program.report)).toEqual([]);
    expect(program.report.verified).toBe(false);
  });

  it('leaves the far end outside undone, saying why, when the jaws would have too little to hold', () => {
    const description = farOutside([diameter(30, 6), threadSection('M20x1.5', 20, 20)]);
    const program = generateLatheProgram(farOutsideJob(description));
    expect(program.plan.secondSetup).toBeUndefined();
    expect(program.plan.notProgrammed).toEqual([
      'the thread M20x1.5 on M20x1.5: it lies behind a larger diameter from the free end, and the second setup that makes it from the far end could hold the part on only 3 mm of its free-end diameter Ø30 (5 mm are needed, the jaws 3 mm clear of the cut); the diameter is turned to Ø19.85',
    ]);
    expect(program.report.checks.find((check) => check.id === 'threads')).toBeUndefined();
    expect(failedIds(program.report)).toEqual([]);
  });
});

describe('the far end outside stands on what the first setup turns', () => {
  it('runs a thread out into a groove without an undercut, and warns of a grip on a thread', () => {
    const description = farOutside([
      threadSection('M24x1.5', 24, 15),
      diameter(30, 10),
      diameter(16, 4),
      threadSection('M20x1.5', 20, 15),
      diameter(14, 6),
    ]);
    const program = generateLatheProgram(farOutsideJob(description));
    expect(program.plan.threads.map((thread) => thread.label)).toEqual(['M24x1.5']);
    expect(program.plan.secondSetup?.threads?.map((thread) => thread.label)).toEqual(['M20x1.5']);
    expect(program.plan.operations.map((operation) => operation.name)).not.toContain(
      'Undercut DIN 76-A M20x1.5 3.2 x Ø17.7 (setup 2)',
    );
    expect(program.plan.warnings).toContain(
      'Setup 2 holds the part on its thread M24x1.5: grip it in a split threaded bush, or in soft jaws bored to its major diameter, so that its crests are not crushed.',
    );
    expect(program.report.verified).toBe(true);
  });

  it('leaves the far-end chamfer undone when the first setup cannot turn its diameter', () => {
    // Ø20 x 2 at the far end: no selected blade is narrow enough for its groove.
    const description = farOutside([diameter(30, 20), diameter(20, 2)], 0.5);
    const program = generateLatheProgram(farOutsideJob(description));
    expect(program.plan.notProgrammed).toContain(
      "the chamfer 0.5 x 45° at other end (the parted-off end's outer edge): the first setup leaves its diameter, or one between it and the far end, uncut (above), so the second setup does not make it; deburr it or turn the part around",
    );
    expect(program.plan.part.farOuterChamfer).toBeUndefined();
    expect(program.plan.operations.filter((operation) => operation.setup === 2)).toEqual([
      expect.objectContaining({ name: 'Face to length (setup 2)' }),
    ]);
  });
});

describe('the verifier checks the far-end thread and chamfer as strictly as the first setup', () => {
  it.each(dialects)('does not verify a far-end thread at the wrong pitch (%s)', (dialect) => {
    const { gcode, plan } = programWith(farStud, dialect, (changed) =>
      changeFarThreads(changed, (cycle) => {
        cycle.leadMm = 1.25;
      }),
    );
    const report = verifyAgainstPlan(farStud, dialect, gcode, plan);
    expect(report.verified).toBe(false);
    expect(failedIds(report)).toContain('threads');
  });

  it.each(dialects)('does not verify a far-end thread cut short of its depth (%s)', (dialect) => {
    const { gcode, plan } = programWith(farStud, dialect, (changed) =>
      changeFarThreads(changed, (cycle) => {
        cycle.depthMm = 0.7;
        cycle.rootMm = cycle.majorMm - 1.4;
        cycle.passDepthsMm = cycle.passDepthsMm.map((depth) => Math.min(depth, 0.7));
      }),
    );
    const report = verifyAgainstPlan(farStud, dialect, gcode, plan);
    expect(report.verified).toBe(false);
    expect(failedIds(report)).toContain('threads');
  });

  it('does not verify a far-end thread stopping short of its length', () => {
    const { gcode, plan } = programWith(farStud, 'linuxcnc', (changed) =>
      changeFarThreads(changed, (cycle) => {
        cycle.endZ = -12;
      }),
    );
    expect(failedIds(verifyAgainstPlan(farStud, 'linuxcnc', gcode, plan))).toContain('threads');
  });

  it('does not verify a program without the far-end thread, or cut in the first setup', () => {
    const missing = programWith(farStud, 'fanuc', (changed) => {
      for (const operation of farThreadOperations(changed))
        operation.moves = operation.moves.filter((move) => move.kind !== 'thread');
    });
    expect(failedIds(verifyAgainstPlan(farStud, 'fanuc', missing.gcode, missing.plan))).toEqual([
      'threads',
    ]);
    // The same G76 under G54 is not the far-end thread.
    const program = generateLatheProgram(farOutsideJob(farStud));
    const underG54 = program.gcode.replace('\nG55\n', '\n');
    expect(verifyAgainstPlan(farStud, 'linuxcnc', underG54, program.plan).verified).toBe(false);
  });

  it('does not verify a program whose second setup leaves the chamfer uncut', () => {
    const { gcode, plan } = programWith(farStud, 'haas', (changed) => {
      for (const operation of changed.operations)
        if (operation.setup === 2 && (operation.role === 'rough' || operation.role === 'finish'))
          operation.moves = operation.moves.filter((move) => move.kind === 'rapid');
    });
    const report = verifyAgainstPlan(farStud, 'haas', gcode, plan);
    expect(report.verified).toBe(false);
    expect(failedIds(report)).toContain('chamfers');
  });
});
