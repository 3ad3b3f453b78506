/**
 * Parts the parting blade cannot part off are turned from a sawn blank in two setups (decision
 * 058): no part off; the second setup, the part turned around and held on its free-end
 * diameter, faces the stub the jaws held off to length and turns the far end's chamfer. Every
 * lathe post writes it; the verifier models the finite blank, and a program that leaves the stub
 * on (its facing dropped, or faced 1 mm short) or cuts into the jaws is never verified. LinuxCNC's
 * own interpreter reads the program back to the same verified part.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import { sawnGripMm } from '#cam/lathe/sawn-blank';
import type { LathePlan } from '#cam/lathe/program';
import { classifyTool } from '#cam/lathe/tooling';
import { verifyLatheEvents, verifyLatheProgram } from '#cam/verify/lathe/index';
import { latheToolTable, rs274, runRs274, withSetups } from '#tests/helpers/rs274';
import { diameter } from './far-end-parts.ts';
import { farOutside } from './far-outside-parts.ts';
import {
  dialects,
  dropStubFacing,
  faceShort,
  gripperBody,
  sawnJob,
  sawnProgramWith,
  shortBladeTooling,
  tormach15L,
} from './sawn-blank-parts.ts';

const failedIds = (report: { checks: { id: string; passed: boolean }[] }) =>
  report.checks.filter((check) => !check.passed).map((check) => check.id);

const tools = shortBladeTooling.map(classifyTool);

/** The verification of `gcode` against `plan` (the plan as written unchanged). */
const verifyAgainst = (plan: LathePlan, gcode: string) =>
  verifyLatheProgram(gcode, latheVerificationInput(plan, 'linuxcnc', tools));

describe('the grip of a sawn blank', () => {
  it('is 0.2 x the diameter, from 10 to 25 mm', () => {
    expect([20, 50, 75, 76, 140, 300].map(sawnGripMm)).toEqual([10, 10, 15, 16, 25, 25]);
  });
});

describe('a Ø75 part the 19 mm blade cannot part off is turned from a sawn blank', () => {
  const program = generateLatheProgram(sawnJob(gripperBody));
  const { plan } = program;

  it('saws a blank, turns it without a part off and faces the stub off in the second setup', () => {
    expect(plan.notProgrammed).toEqual([]);
    expect(plan.operations.some((operation) => operation.role === 'part-off')).toBe(false);
    expect(plan.operations.map((operation) => operation.name)).toEqual([
      'Face',
      'Rough OD',
      'Finish OD',
      'Face to length (setup 2)',
      'Rough OD (setup 2)',
      'Finish OD (setup 2)',
    ]);
    // 25.5 mm of part, 1 mm facing, 3 + 5 mm to the jaws, 15 mm in them: 49.5, sawn at 50.
    expect(plan.stock).toMatchObject({ protrusionMm: 34.5, blankLengthMm: 50, chuckFaceZ: -33.5 });
    expect(plan.warnings[0]).toBe(
      'Saw a blank Ø75 x 50 mm, 15 mm of it in the jaws (34.5 mm out): T3 Parting blade 3 mm reaches 19 mm, too little to part it off; its sawn end is faced off in setup 2.',
    );
    // The stub: 50 mm of blank less 1 mm facing and 25 mm of part.
    expect(plan.secondSetup).toMatchObject({
      frontFaceZ: 24,
      gripDiameterMm: 60,
      gripLengthMm: 10,
      chuckFaceZ: -15,
    });
    expect(plan.secondSetup?.instructions).toEqual([
      'SETUP 2: the far end, work offset G55',
      'Take the part out of the jaws, turn it around and chuck it on its free-end diameter Ø60 in soft jaws, 10 mm in the jaws, the sawn end out',
      'Set G55: Z0 is the finished far-end face, 25 mm from the free-end face (the sawn end stands about 24 mm beyond it, at Z24); X as in G54',
      'Then press cycle start: the stub is faced off to length and the chamfer 1 x 45° at other end is turned',
    ]);
    // The chamfer the blade would have turned is turned from the far end.
    expect(plan.part.partOffChamfer).toBeUndefined();
    expect(plan.part.farOuterChamfer).toMatchObject({ sizeMm: 1, diameterMm: 70 });
  });

  it('faces the stub in passes within the depth of cut, then finish faces Z0', () => {
    const facing = plan.operations.find(
      (operation) => operation.name === 'Face to length (setup 2)',
    )!;
    const levels = facing.moves.filter((move) => move.kind === 'feed').map((move) => move.z);
    expect(levels.at(-1)).toBe(0);
    expect(levels.at(-2)).toBeCloseTo(plan.finishAllowanceMm, 6);
    const steps = [24, ...levels].slice(1).map((z, index) => [24, ...levels][index]! - z);
    for (const step of steps) expect(step).toBeLessThanOrEqual(facing.data.depthOfCut! + 1e-6);
    expect(levels.length).toBeGreaterThan(5);
  });

  it('is verified, the finite blank modelled and nothing parted off', () => {
    expect(failedIds(program.report)).toEqual([]);
    expect(program.report.verified).toBe(true);
    const ids = program.report.checks.map((check) => check.id);
    expect(ids).not.toContain('partOff');
    expect(ids).toContain('length');
    const input = latheVerificationInput(plan, 'linuxcnc', tools);
    expect(input.stock).toMatchObject({ lengthMm: 50, frontFaceZ: 1, chuckFaceZ: -33.5 });
    expect(program.gcode).toContain('(Stock: blank DIA 75 x 50 mm sawn from round bar');
  });

  it('is not verified with the stub facing left out', () => {
    const { gcode } = sawnProgramWith(sawnJob(gripperBody), dropStubFacing);
    const report = verifyAgainst(plan, gcode);
    expect(report.verified).toBe(false);
    expect(failedIds(report)).toContain('length');
  });

  it('is not verified with the stub faced 1 mm short', () => {
    const { gcode } = sawnProgramWith(sawnJob(gripperBody), faceShort(1));
    const report = verifyAgainst(plan, gcode);
    expect(report.verified).toBe(false);
    expect(failedIds(report)).toContain('length');
    expect(report.checks.find((check) => check.id === 'length')?.details.join('\n')).toMatch(
      /the sawn blank's stub is not faced off to length/,
    );
  });

  it('is not verified when a cut runs into the jaws holding the blank', () => {
    const { gcode } = sawnProgramWith(sawnJob(gripperBody), (changed) => {
      const rough = changed.operations.find((operation) => operation.name === 'Rough OD')!;
      rough.moves = rough.moves.map((move) =>
        move.kind === 'feed' && move.z < -29 ? { ...move, z: -36 } : move,
      );
    });
    const report = verifyAgainst(plan, gcode);
    expect(report.verified).toBe(false);
    expect(failedIds(report)).toContain('envelope');
  });

  it('is not verified on a blank sawn 20 mm longer than the program faces off', () => {
    // The verifier models the blank at its length: 20 mm more stub is more than the facing's
    // first pass may take.
    const input = latheVerificationInput(plan, 'linuxcnc', tools);
    const report = verifyLatheProgram(program.gcode, {
      ...input,
      stock: { ...input.stock, lengthMm: input.stock.lengthMm! + 20 },
    });
    expect(report.verified).toBe(false);
    expect(failedIds(report)).toEqual(['rapids', 'holders', 'ratings']);
  });

  it.each(dialects)('is written with a stop and G55 and verified in %s', (dialect) => {
    const written = generateLatheProgram(sawnJob(gripperBody, 75, dialect));
    expect(failedIds(written.report)).toEqual([]);
    expect(written.report.verified).toBe(true);
    expect(written.gcode).toMatch(/^M0?0$/m);
    expect(written.gcode).toMatch(/G55/);
  });

  it("replays through LinuxCNC's rs274 to the same verified part", () => {
    expect(existsSync(rs274), `${rs274} is missing: apt-get install linuxcnc-uspace`).toBe(true);
    const run = runRs274(program.gcode, { machine: 'lathe', toolTable: latheToolTable(tools) });
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

describe('other parts the blade cannot part off', () => {
  it('drills a through bore into the stub, which the second setup faces open', () => {
    const description = farOutside([diameter(60, 12), diameter(70, 18)], undefined, '6061-T6', [
      diameter(20, 30, { through: true }),
    ]);
    const program = generateLatheProgram(sawnJob(description));
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.plan.stock.blankLengthMm).toBeDefined();
    expect(failedIds(program.report)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it('makes a far-end bore in the same second setup', () => {
    const description = farOutside([diameter(60, 15), diameter(70, 20)], undefined, '6061-T6', [
      diameter(24, 12, { startMm: 23 }),
    ]);
    const program = generateLatheProgram(sawnJob(description));
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.plan.secondSetup?.instructions.at(-1)).toBe(
      'Then press cycle start: the stub is faced off to length and the far-end bores are made',
    );
    expect(failedIds(program.report)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it('on a machine whose spindle the bar does not pass says both reasons, within its power', () => {
    const program = generateLatheProgram(
      sawnJob(gripperBody, 75, 'linuxcnc', undefined, tormach15L),
    );
    expect(program.plan.warnings[0]).toBe(
      'Saw a blank Ø75 x 50 mm, 15 mm of it in the jaws (34.5 mm out): T3 Parting blade 3 mm reaches 19 mm, too little to part it off, and Ø75 does not pass the spindle (bar capacity Ø28.5 mm); its sawn end is faced off in setup 2.',
    );
    expect(program.plan.warnings.join('\n')).not.toMatch(
      /does not pass through the spindle \(bar capacity Ø28\.5 mm\): saw/,
    );
    expect(failedIds(program.report)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it('holds a thin disc on a short grip, saying so', () => {
    // Gripper.PDF: a Ø70.5 x 6 disc; the jaws hold 60 % of it, 3.6 mm.
    const program = generateLatheProgram(
      sawnJob(farOutside([diameter(70.5, 6)], undefined, 'PLA')),
    );
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.plan.secondSetup).toMatchObject({ gripLengthMm: 3.6, frontFaceZ: 24 });
    expect(program.plan.warnings).toContain(
      'Setup 2 holds the part on only 3.6 mm of Ø70.5: bore soft jaws to the part, or use a collet, and take light cuts.',
    );
    expect(failedIds(program.report)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it('keeps the part off left undone when the second setup has nothing to hold', () => {
    // A 2 mm collar at the free end: too short to hold (3 mm are needed).
    const description = farOutside([diameter(50, 2), diameter(70, 20)], undefined, '6061-T6');
    const program = generateLatheProgram(sawnJob(description));
    expect(program.plan.stock.blankLengthMm).toBeUndefined();
    expect(program.plan.secondSetup).toBeUndefined();
    expect(program.plan.notProgrammed).toEqual([
      'the part off: T3 Parting blade 3 mm reaches 19 mm and the cut is 35 mm deep; select a parting blade that reaches 35 mm, or saw the part off',
    ]);
    expect(program.report.verified).toBe(false);
  });

  it('parts off as before when the blade reaches', () => {
    const program = generateLatheProgram(sawnJob(gripperBody, 75, 'linuxcnc', undefined));
    const reaching = generateLatheProgram({
      ...sawnJob(gripperBody),
      tools: shortBladeTooling.map((row) =>
        row.slotNumber === 'T3'
          ? { ...row, toolDescription: 'Parting and grooving blade, 3 mm wide, reach 40 mm' }
          : row,
      ),
    });
    expect(program.plan.stock.blankLengthMm).toBe(50);
    expect(reaching.plan.stock.blankLengthMm).toBeUndefined();
    expect(reaching.plan.secondSetup).toBeUndefined();
    expect(reaching.plan.operations.at(-1)?.name).toBe('Chamfer and part off');
    expect(reaching.gcode).not.toContain('G55');
    expect(reaching.report.verified).toBe(true);
  });
});
