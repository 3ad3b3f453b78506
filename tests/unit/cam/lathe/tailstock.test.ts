/**
 * A slender part whose end faces may keep a centre hole is turned held by the tailstock
 * (decision 078): the plan drills an ISO 6411 form A centre hole after facing, stops to bring the
 * tailstock up before the outside is turned and to retract it before the part off; the verifier
 * follows the tailstock through those stops and finds a program that turns unsupported, meets the
 * live centre, parts off under it or never seats it (seeded faults).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import type { LathePlan } from '#cam/lathe/program';
import { centreSupportFor, tailstockBackInstructions } from '#cam/lathe/tailstock';
import { classifyTool } from '#cam/lathe/tooling';
import { verifyLatheEvents, verifyLatheProgram } from '#cam/verify/lathe/index';
import type { BlueprintDescription } from '#contracts/blueprint';
import { latheTooling } from '#tests/helpers/parts';
import { latheToolTable, rs274, runRs274, withSetups } from '#tests/helpers/rs274';
import { diameter, dialects, farEndJob } from './far-end-parts.ts';
import { farOutside, programWith } from './far-outside-parts.ts';

const failedIds = (report: { checks: { id: string; passed: boolean }[] }) =>
  report.checks.filter((check) => !check.passed).map((check) => check.id);
const tools = latheTooling.map(classifyTool);

/** A Ø24 x 160 shaft with a Ø30 x 40 collar behind it: 209 mm out of the jaws, L/D 7.9. */
function slenderShaft(centreHoles?: 'permitted' | 'not permitted'): BlueprintDescription {
  const shaft = farOutside([diameter(24, 160), diameter(30, 40)], undefined, '6061-T6');
  return centreHoles ? { ...shaft, features: { ...shaft.features, centreHoles } } : shaft;
}

/** The index of the operation the tailstock is retracted before. */
const retractAt = (plan: LathePlan) =>
  plan.operations.findIndex(
    (operation) => operation.stopBefore?.[0] === tailstockBackInstructions[0],
  );

describe('a slender part held by the tailstock', () => {
  const program = generateLatheProgram(farEndJob(slenderShaft('permitted')));

  it('drills the centre hole, stops for the tailstock and is verified', () => {
    const { plan, report, gcode } = program;
    expect(plan.tailstock).toEqual({
      toolNumber: 4,
      pilotMm: 2.5,
      seatDiameterMm: 5.3,
      depthMm: 5.42,
      sweptFaceMm: 5.69,
      label: 'ISO 6411-A2.5/5.3',
    });
    expect(plan.notProgrammed).toEqual([]);
    expect(plan.operations.map((operation) => operation.name).slice(0, 3)).toEqual([
      'Face',
      'Centre hole ISO 6411-A2.5/5.3',
      'Rough OD',
    ]);
    expect(plan.operations[2]!.stopBefore?.[0]).toMatch(/^Bring the tailstock up/);
    expect(plan.operations[retractAt(plan)]!.name).toBe('Part off');
    expect(gcode.match(/^M0$/gm)).toHaveLength(2);
    expect(failedIds(report)).toEqual([]);
    expect(report.checks.find((check) => check.id === 'tailstock')?.passed).toBe(true);
    expect(report.verified).toBe(true);
  });

  it.each(dialects)('is written with both stops and verified in %s', (dialect) => {
    const written = generateLatheProgram(farEndJob(slenderShaft('permitted'), dialect));
    expect(written.gcode.match(/^M0?0$/gm)).toHaveLength(2);
    expect(failedIds(written.report)).toEqual([]);
    expect(written.report.verified).toBe(true);
  });

  it("replays through LinuxCNC's rs274 to the same verified part", () => {
    expect(existsSync(rs274), `${rs274} is missing: apt-get install linuxcnc-uspace`).toBe(true);
    const run = runRs274(program.gcode, { machine: 'lathe', toolTable: latheToolTable(tools) });
    expect(run.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(run.status).toBe(0);
    const { events } = withSetups(run);
    const replay = verifyLatheEvents(
      events,
      latheVerificationInput(program.plan, 'linuxcnc', tools),
    );
    expect(failedIds(replay)).toEqual([]);
    expect(replay.verified).toBe(true);
  });

  it('is left unsupported, and named, when the centre holes are not permitted or not said', () => {
    for (const centreHoles of ['not permitted', undefined] as const) {
      const plain = generateLatheProgram(farEndJob(slenderShaft(centreHoles)));
      expect(plain.plan.tailstock).toBeUndefined();
      expect(plain.plan.notProgrammed).toEqual([
        expect.stringMatching(/^unsupported stick-out: the part sticks out 209 mm/),
      ]);
      expect(plain.report.verified).toBe(false);
      const hint = plain.plan.warnings.some((warning) =>
        warning.includes("say 'centre holes permitted' with Change"),
      );
      expect(hint).toBe(centreHoles === undefined);
    }
  });

  it('is not used on a free end too small for the centre drill, or with a bore there', () => {
    const thin = farOutside([diameter(8, 60), diameter(30, 20)], undefined, '6061-T6');
    const part = { ...thin, features: { ...thin.features, centreHoles: 'permitted' as const } };
    const program = generateLatheProgram(farEndJob(part));
    expect(program.plan.tailstock).toBeUndefined();
    expect(program.plan.warnings).toContainEqual(
      expect.stringMatching(
        /^The tailstock cannot hold the free end: the centre hole ISO 6411-A2\.5\/5\.3 of T4 is too large for the Ø8 free-end face/,
      ),
    );
    expect(program.report.verified).toBe(false);
  });

  it('seats in the free end where a bore goes, which takes the centre hole away', () => {
    // No permission needed: the part keeps no centre hole.
    const bored = farOutside([diameter(24, 150), diameter(30, 30)], undefined, '6061-T6', [
      diameter(9.525, 60),
    ]);
    const held = generateLatheProgram(farEndJob(bored));
    expect(held.plan.tailstock?.inBore).toBe(true);
    const names = held.plan.operations.map((operation) => operation.name);
    expect(names).toEqual([
      'Face',
      'Centre hole ISO 6411-A2.5/5.3',
      'Rough OD',
      'Finish OD',
      'Centre drill',
      'Drill Ø8.5',
      'Rough bore',
      'Finish bore',
      'Part off',
    ]);
    // Retracted before the drill goes in on the axis.
    expect(retractAt(held.plan)).toBe(names.indexOf('Centre drill'));
    expect(failedIds(held.report)).toEqual([]);
    expect(held.report.verified).toBe(true);
  });

  it('does not seat in a free-end bore narrower than what the centre drill is swept to', () => {
    // The A2.5/5.3 hole is Ø5.3 at the face, but the stock model sweeps the drill's convex hull
    // (Ø5.69 there): in a Ø5.5 bore it would cut the bore's wall (a random part found it).
    const narrow = farOutside([diameter(12, 150), diameter(30, 30)], undefined, '6061-T6', [
      diameter(5.5, 15),
    ]);
    const program = generateLatheProgram(farEndJob(narrow));
    expect(program.plan.tailstock).toBeUndefined();
    expect(program.plan.warnings).toContainEqual(
      expect.stringMatching(/would not lie inside the free end's bore \(Ø5\.5, 15 deep\)/),
    );
    expect(failedIds(program.report).filter((id) => id === 'gouges')).toEqual([]);
    expect(program.report.verified).toBe(false);
  });

  it('roughs beside the centre with the next turning tool when the roughing insert meets it', () => {
    // A Ø12 free end: the 80° CNMG's trailing edge would meet the live centre's point; the 55°
    // DCMT's rises away from it faster than the 60° point.
    const thin = farOutside(
      [diameter(12, 12), diameter(18, 100), diameter(30, 20)],
      undefined,
      '6061-T6',
    );
    const part = { ...thin, features: { ...thin.features, centreHoles: 'permitted' as const } };
    const held = generateLatheProgram(farEndJob(part));
    expect(held.plan.tailstock?.label).toBe('ISO 6411-A2.5/5.3');
    expect(held.plan.warnings).toContainEqual(
      expect.stringMatching(/^T1 CNMG 120408 is left out: beside the live centre/),
    );
    const turningTools = held.plan.operations
      .filter((operation) => operation.tool.kind === 'turning')
      .map((operation) => operation.tool.number);
    expect(turningTools.length).toBeGreaterThan(0);
    expect(turningTools).not.toContain(1);
    expect(failedIds(held.report)).toEqual([]);
    expect(held.report.verified).toBe(true);
    const run = runRs274(held.gcode, { machine: 'lathe', toolTable: latheToolTable(tools) });
    expect(run.status).toBe(0);
    const replay = verifyLatheEvents(
      withSetups(run).events,
      latheVerificationInput(held.plan, 'linuxcnc', tools),
    );
    expect(failedIds(replay)).toEqual([]);
  });

  it('needs a selected centre drill', () => {
    const withoutCentreDrill = tools.filter((tool) => tool.kind !== 'centreDrill');
    const found = centreSupportFor(program.plan.part, withoutCentreDrill);
    expect(found && 'missing' in found ? found.missing : found).toMatch(/^select a centre drill/);
  });
});

describe('the tailstock check of the verifier (seeded faults)', () => {
  const description = slenderShaft('permitted');
  const input = (plan: LathePlan) => latheVerificationInput(plan, 'linuxcnc', tools);

  it('finds the outside turned before the tailstock is up, and calls it unsupported', () => {
    const { gcode, plan } = programWith(description, 'linuxcnc', (changed) => {
      const rough = changed.operations.find((operation) => operation.name === 'Rough OD')!;
      delete rough.stopBefore;
      changed.operations.find((operation) => operation.name === 'Finish OD')!.stopBefore =
        program().plan.operations[2]!.stopBefore!;
    });
    const report = verifyLatheProgram(gcode, input(plan));
    expect(failedIds(report)).toEqual(['support']);
    expect(report.verified).toBe(false);
  });

  it('finds no centre hole to seat in', () => {
    const { gcode, plan } = programWith(description, 'linuxcnc', (changed) => {
      changed.operations = changed.operations.filter(
        (operation) => !operation.name.startsWith('Centre hole'),
      );
    });
    const report = verifyLatheProgram(gcode, input(plan));
    expect(failedIds(report)).toEqual(expect.arrayContaining(['tailstock', 'support']));
    expect(report.checks.find((check) => check.id === 'tailstock')?.details[0]).toMatch(
      /the tailstock is brought up with no centre hole ISO 6411-A2\.5\/5\.3/,
    );
  });

  it('finds a part cut off before the tailstock is retracted', () => {
    const { gcode, plan } = programWith(description, 'linuxcnc', (changed) => {
      const at = retractAt(changed);
      const partOff = changed.operations[at]!;
      delete partOff.stopBefore;
      changed.operations.push({ ...partOff, name: 'Idle', stopBefore: tailstockBackInstructions });
    });
    const report = verifyLatheProgram(gcode, input(plan));
    expect(report.checks.find((check) => check.id === 'tailstock')?.details).toContainEqual(
      expect.stringMatching(/the part is cut off before the tailstock is retracted/),
    );
  });

  it('finds a tool that meets the live centre', () => {
    const { gcode, plan } = programWith(description, 'linuxcnc', (changed) => {
      const finish = changed.operations.find((operation) => operation.name === 'Finish OD')!;
      // Back to the change position along Z first, under the centre's housing.
      finish.moves.push({ kind: 'rapid', x: 20, z: 2 }, { kind: 'rapid', x: 20, z: 60 });
    });
    const report = verifyLatheProgram(gcode, input(plan));
    expect(report.checks.find((check) => check.id === 'tailstock')?.details).toContainEqual(
      expect.stringMatching(/^line \d+: T2 comes within 0\.5 mm of the live centre/),
    );
    expect(report.verified).toBe(false);
  });

  it('finds a program that never stops for the tailstock', () => {
    const { gcode, plan } = programWith(description, 'linuxcnc', (changed) => {
      for (const operation of changed.operations) delete operation.stopBefore;
    });
    const report = verifyLatheProgram(gcode, input(plan));
    expect(report.checks.find((check) => check.id === 'tailstock')?.details).toEqual([
      'the program never stops to bring the tailstock up',
    ]);
    expect(failedIds(report)).toContain('support');
  });
});

/** The tailstock program of the slender shaft (for the seeded faults' stop text). */
function program() {
  return generateLatheProgram(farEndJob(slenderShaft('permitted')));
}
