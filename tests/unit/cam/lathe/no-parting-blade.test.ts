/**
 * A missing parting blade never refuses the lathe program (issue 33; decision 060): the part is
 * turned from a sawn blank in two setups as decision 058 does when the blade cannot reach (no
 * part off; the second setup faces the stub off and turns the chamfer the blade would have
 * turned), with a warning naming what a parting blade would change. What needs a blade and
 * has none (a groove) is left undone and named; a part the second setup cannot hold keeps an
 * honest sentence naming the blade that would part it off. The programs are verified, read back
 * by LinuxCNC's rs274, and a seeded fault (the stub left on) is never verified.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import { turnedPartFromDescription } from '#cam/lathe/part';
import type { LathePlan } from '#cam/lathe/program';
import { chooseTools, partTools } from '#cam/lathe/tool-choice';
import { classifyTool } from '#cam/lathe/tooling';
import { verifyLatheEvents, verifyLatheProgram } from '#cam/verify/lathe/index';
import { latheTooling, toolRow } from '#tests/helpers/parts';
import { latheToolTable, rs274, runRs274, withSetups } from '#tests/helpers/rs274';
import { diameter, farEndJob } from './far-end-parts.ts';
import { farOutside } from './far-outside-parts.ts';
import {
  dialects,
  dropStubFacing,
  faceShort,
  sawnJob,
  sawnProgramWith,
} from './sawn-blank-parts.ts';

/** The test tooling without its parting blade (T3, the only Cutting tool). */
const noBlade = latheTooling.filter((row) => row.slotNumber !== 'T3');
const tools = noBlade.map(classifyTool);

const failedIds = (report: { checks: { id: string; passed: boolean }[] }) =>
  report.checks.filter((check) => !check.passed).map((check) => check.id);

/** The verification of `gcode` against `plan` (the plan as written unchanged). */
const verifyAgainst = (plan: LathePlan, gcode: string) =>
  verifyLatheProgram(gcode, latheVerificationInput(plan, 'linuxcnc', tools));

/**
 * Flange in 6061 on Ø45 bar: Ø30 x 15 at the free end, Ø40 x 20, chamfered 1 x 45° at the other
 * end, a Ø12 bore through.
 */
const flange = farOutside([diameter(30, 15), diameter(40, 20)], 1, '6061-T6', [
  diameter(12, 35, { through: true }),
]);

describe('a part without a parting blade is turned from a sawn blank', () => {
  const job = farEndJob(flange, 'linuxcnc', noBlade);
  const program = generateLatheProgram(job);
  const { plan } = program;

  it('turns it without a part off and faces the stub off in the second setup', () => {
    expect(plan.notProgrammed).toEqual([]);
    expect(plan.operations.some((operation) => operation.role === 'part-off')).toBe(false);
    expect(plan.operations.map((operation) => operation.name)).toEqual([
      'Face',
      'Centre drill',
      'Drill Ø8.5',
      'Rough OD',
      'Rough bore',
      'Finish OD',
      'Finish bore',
      'Face to length (setup 2)',
      'Rough OD (setup 2)',
      'Finish OD (setup 2)',
    ]);
    // 35.5 mm of part, 1 mm facing, the nominal 3 mm cut-off and 5 mm to the jaws: 44.5 mm out,
    // 10 mm in the jaws, sawn at 55 mm.
    expect(plan.partingWidthMm).toBe(3);
    expect(plan.stock).toMatchObject({ protrusionMm: 44.5, blankLengthMm: 55 });
    expect(plan.warnings.slice(0, 2)).toEqual([
      // The cut from Ø40 to 1 mm into the Ø12 bore: (40 - 11) / 2 = 14.5 mm deep.
      'No parting blade is selected: the part is made from a sawn blank in two setups; a parting blade that reaches 15 mm would part it off the bar in one.',
      'Saw a blank Ø45 x 55 mm, 10 mm of it in the jaws (44.5 mm out): no parting blade is selected; its sawn end is faced off in setup 2.',
    ]);
    // The chamfer the blade would have turned before the part off is turned from the far end.
    expect(plan.part.partOffChamfer).toBeUndefined();
    expect(plan.part.farOuterChamfer).toMatchObject({ sizeMm: 1, diameterMm: 40 });
    expect(plan.secondSetup?.instructions.at(-1)).toBe(
      'Then press cycle start: the stub is faced off to length and the chamfer 1 x 45° at other end is turned',
    );
  });

  it('is verified, with the far face checked for length and no part off', () => {
    expect(failedIds(program.report)).toEqual([]);
    expect(program.report.verified).toBe(true);
    const ids = program.report.checks.map((check) => check.id);
    expect(ids).not.toContain('partOff');
    expect(ids).toContain('length');
    expect(program.gcode).toContain('(Stock: blank DIA 45 x 55 mm sawn from round bar');
    for (const line of program.gcode.split('\n')) expect(line.length).toBeLessThanOrEqual(255);
  });

  it('is not verified with the stub facing left out, or faced 1 mm short', () => {
    for (const fault of [dropStubFacing, faceShort(1)]) {
      const { gcode } = sawnProgramWith(job, fault);
      const report = verifyAgainst(plan, gcode);
      expect(report.verified).toBe(false);
      expect(failedIds(report)).toContain('length');
    }
  });

  it.each(dialects)('is written with a stop and G55 and verified in %s', (dialect) => {
    const written = generateLatheProgram(farEndJob(flange, dialect, noBlade));
    expect(failedIds(written.report)).toEqual([]);
    expect(written.report.verified).toBe(true);
    expect(written.gcode).toMatch(/^M0?0$/m);
    expect(written.gcode).toMatch(/G55/);
  });

  it("replays through LinuxCNC's rs274 to the same verified part", () => {
    expect(existsSync(rs274), `${rs274} is missing: apt-get install linuxcnc-uspace`).toBe(true);
    // The machine's tool table holds T3 though the job does not select it (rs274's CHANGE_TOOL
    // reports the table's row, so the rows must be T1, T2, T3, … in order).
    const table = latheToolTable(latheTooling.map(classifyTool));
    const run = runRs274(program.gcode, { machine: 'lathe', toolTable: table });
    expect(run.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(run.status).toBe(0);
    const { events, stopAt, g55At } = withSetups(run);
    expect(stopAt).toBeGreaterThan(0);
    expect(g55At).toBeGreaterThan(stopAt);
    const replay = verifyLatheEvents(events, latheVerificationInput(plan, 'linuxcnc', tools));
    expect(failedIds(replay)).toEqual([]);
    expect(replay.verified).toBe(true);
  });
});

/** A collar in 6061: Ø16 x 12 at the free end, a Ø12 groove 4 mm wide, Ø20 x 15. */
const groovedCollar = farOutside(
  [diameter(16, 12), diameter(12, 4, { type: 'groove' }), diameter(20, 15)],
  undefined,
  '6061-T6',
);

describe('what a parting blade would have made', () => {
  it('leaves a groove no selected blade cuts undone and makes the rest', () => {
    const program = generateLatheProgram(farEndJob(groovedCollar, 'linuxcnc', noBlade));
    expect(program.plan.notProgrammed).toEqual([
      'the groove Ø12 (4 mm wide): none of the selected grooving or parting blades is 4 mm wide or narrower; add a grooving blade of at most 4 mm',
    ]);
    expect(program.plan.secondSetup).toBeDefined();
    expect(program.report.passed).toBe(true);
    expect(program.report.verified).toBe(false);
    expect(program.report.unfinished).toEqual(program.plan.notProgrammed);
  });

  it('cuts the groove with a grooving blade, still from a sawn blank', () => {
    const grooving = [
      ...noBlade,
      toolRow('T9', 'Cutting', 'Grooving blade 3 mm', '3 mm wide', 'groove'),
    ];
    const program = generateLatheProgram(farEndJob(groovedCollar, 'linuxcnc', grooving));
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.plan.operations.some((operation) => operation.tool.number === 9)).toBe(true);
    expect(program.plan.operations.some((operation) => operation.role === 'part-off')).toBe(false);
    expect(program.plan.warnings).toContainEqual(
      expect.stringMatching(/^No parting blade is selected: /),
    );
    expect(failedIds(program.report)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it('names the blade that would part it off when the second setup has nothing to hold', () => {
    // A 2 mm collar at the free end: too short to hold (3 mm are needed, decision 058).
    const description = farOutside([diameter(50, 2), diameter(70, 20)], undefined, '6061-T6');
    const program = generateLatheProgram(sawnJob(description, 75, 'linuxcnc', noBlade));
    expect(program.plan.stock.blankLengthMm).toBeUndefined();
    expect(program.plan.secondSetup).toBeUndefined();
    expect(program.plan.notProgrammed).toEqual([
      'the part off: no parting blade is selected; a parting blade that reaches 35 mm would part it off, or saw the part off',
    ]);
    expect(program.report.verified).toBe(false);
  });
});

describe('the tool choice without a parting blade', () => {
  it('needs no blade, and assumes the nominal 3 mm cut-off with no reach', () => {
    const part = turnedPartFromDescription(flange);
    expect(partTools(part, tools)).toEqual([]);
    const chosen = chooseTools(part, tools);
    expect(chosen.partingTool).toBeUndefined();
    expect(chosen).toMatchObject({ partingWidthMm: 3, partingReach: 0 });
    const withBlade = chooseTools(part, latheTooling.map(classifyTool));
    expect(withBlade.partingTool?.number).toBe(3);
    expect(withBlade.partingReach).toBeGreaterThan(0);
  });
});
