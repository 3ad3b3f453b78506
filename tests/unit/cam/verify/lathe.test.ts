import { describe, expect, it } from 'vitest';
import { generateLatheProgram } from '#cam/lathe/generate';
import type { LatheProgram } from '#cam/lathe/generate';
import { classifyTool } from '#cam/tooling';
import { verifyLatheProgram } from '#cam/verify/lathe';
import type { LatheVerificationInput } from '#cam/verify/lathe';
import { latheTooling, testParts } from '#tests/helpers/parts';

/** A verified program for the stepped shaft and the verifier input it was checked with. */
function goodProgram(): { program: LatheProgram; input: LatheVerificationInput } {
  const program = generateLatheProgram({
    description: testParts.steppedShaft,
    material: '4140',
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm: 40 },
    machine: {
      name: 'Lathe',
      serialNumber: 'S1',
      manufacturer: 'Tormach',
      model: '15L',
      controllerType: 'PathPilot',
      controllerModel: 'PathPilot',
      dialect: 'linuxcnc',
    },
    tools: latheTooling,
    programVersion: 1,
  });
  const tools = latheTooling.map(classifyTool);
  const input: LatheVerificationInput = {
    dialect: 'linuxcnc',
    stock: {
      diameterMm: 40,
      frontFaceZ: program.plan.stock.frontFaceZ,
      chuckFaceZ: program.plan.stock.chuckFaceZ,
    },
    lengthMm: 85,
    partingWidthMm: 3,
    outer: [
      { label: 'Ø20 h7', fromZ: -1, toZ: -30, diameterMm: 19.9895 },
      { label: 'Ø30', fromZ: -30, toZ: -70, diameterMm: 30 },
      { label: 'Ø36', fromZ: -70, toZ: -85, diameterMm: 36 },
    ],
    inner: [],
    chamfers: [{ label: '1 x 45°', from: { z: 0, x: 17.9895 }, to: { z: -1, x: 19.9895 } }],
    tools: tools.map((tool) => ({
      number: tool.number,
      kind: tool.kind,
      ...(tool.widthMm ? { widthMm: tool.widthMm } : {}),
      ...(tool.diameterMm ? { diameterMm: tool.diameterMm } : {}),
    })),
    envelope: { xMax: program.plan.changePosition.x + 1, zMax: program.plan.changePosition.z + 1 },
  };
  return { program, input };
}

const failedChecks = (gcode: string, input: LatheVerificationInput) =>
  verifyLatheProgram(gcode, input)
    .checks.filter((check) => !check.passed)
    .map((check) => check.id);

describe('the lathe verifier', () => {
  const { program, input } = goodProgram();

  it('passes the program as written', () => {
    expect(failedChecks(program.gcode, input)).toEqual([]);
  });

  it('fails a program without its end', () => {
    expect(failedChecks(program.gcode.replace('M30\n', ''), input)).toEqual(['end']);
  });

  it('fails a tool that is not in the selected tooling', () => {
    expect(failedChecks(program.gcode.replace('T2 M6 G43', 'T9 M6 G43'), input)).toContain('tools');
  });

  it('fails cutting with the spindle stopped, and constant surface speed without a limit', () => {
    const stopped = program.gcode.replace(/(\nT1 M6 G43\nG96 D2500 S\d+) M3\n/, '$1\n');
    expect(failedChecks(stopped, input)).toContain('setup');
    const unclamped = program.gcode.replace(/G96 D2500 /g, 'G96 ');
    const report = verifyLatheProgram(unclamped, input);
    expect(report.checks.find((check) => check.id === 'setup')!.details[0]).toMatch(
      /constant surface speed without a spindle speed limit/,
    );
  });

  it('fails a rapid through the stock', () => {
    const lines = program.gcode.split('\n');
    const finish = lines.findIndex((line) => line.startsWith('(Finish OD'));
    lines.splice(finish, 0, 'G0 X10 Z-50');
    expect(failedChecks(lines.join('\n'), input)).toContain('rapids');
  });

  it('fails a finishing pass that misses a diameter', () => {
    const oversize = program.gcode
      .replace(/\nG1 X30 Z-/, '\nG1 X30.05 Z-')
      .replace(/(\nX)30( Z-70)/, '$130.05$2');
    expect(oversize).not.toBe(program.gcode);
    const report = verifyLatheProgram(oversize, input);
    expect(report.checks.find((check) => check.id === 'outer')!.details.join()).toMatch(
      /Ø30: is left at Ø30\.05/,
    );
  });

  it('fails a program that does not cut the part off', () => {
    const lines = program.gcode.split('\n');
    const partOff = lines.findIndex((line) => line.startsWith('(Part off'));
    const kept = lines.slice(0, partOff).concat(['M30', '%']);
    expect(failedChecks(kept.join('\n'), input)).toEqual(['partOff']);
  });

  it('fails moves outside the envelope and unreadable lines', () => {
    expect(failedChecks(program.gcode.replace('M30\n', 'G0 X500 Z20\nM30\n'), input)).toContain(
      'envelope',
    );
    expect(failedChecks(program.gcode.replace('M30\n', 'G0 X[10+2]\nM30\n'), input)).toContain(
      'syntax',
    );
  });
});
