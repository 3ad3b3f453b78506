/**
 * Countersunk holes on the mill (docs/decisions/047-countersunk-holes.md): the cone is cut after
 * the hole with a countersink of its angle, plunged to (D − d_tip) / 2 / tan(angle / 2); without
 * one the program is incomplete and names the tool that would cut it; a plunge made too shallow
 * in the G-code is caught by the verifier.
 */
import { describe, expect, it } from 'vitest';
import { generateMillProgramForPart, millVerificationInput } from '#cam/jobs/mill';
import { countersinkDepth } from '#cam/mill/countersinks';
import { classifyMillTool } from '#cam/mill/tooling';
import type { PrismaticPart } from '#cam/prismatic/part';
import { verifyMillProgram } from '#cam/verify/mill/index';
import { toolRow } from '#tests/helpers/parts';
import { millJob, millTooling, testPlate } from './plates.ts';

const countersink = toolRow('T8', 'Drilling', 'Countersink Ø16 90°', 'HSS DIN 335 countersink');

/** The test plate with its four Ø6.6 holes countersunk Ø12 x 90° (ISO 10642 M6). */
function countersunkPlate(diameterMm = 12, angleDeg = 90): PrismaticPart {
  const part = testPlate();
  part.holes = part.holes.map((hole) =>
    hole.kind === 'through'
      ? { ...hole, kind: 'countersunk', countersink: { diameterMm, angleDeg } }
      : hole,
  );
  return part;
}

describe('countersunk holes on the mill', () => {
  it('classifies countersink rows and reads their angle and tip', () => {
    expect(classifyMillTool(countersink)).toMatchObject({
      kind: 'countersink',
      pointAngleDeg: 90,
      diameterMm: 16,
    });
    const csk82 = classifyMillTool(toolRow('T9', 'Other', 'CSK Ø20 82°', 'tip Ø1.5, carbide'));
    expect(csk82).toMatchObject({ kind: 'countersink', pointAngleDeg: 82, diameterMm: 20 });
    const chamfer = classifyMillTool(
      toolRow('T10', 'Chamfer', 'Chamfer mill Ø12', '90 deg, tip 0.5'),
    );
    expect(chamfer).toMatchObject({ kind: 'chamferMill', pointAngleDeg: 90, tipDiameterMm: 0.5 });
  });

  it('plunges the countersink to the depth of its cone and verifies the plate', () => {
    const program = generateMillProgramForPart(
      millJob({ tools: [...millTooling, countersink] }),
      countersunkPlate(),
    );
    const operation = program.plan.operations.find((op) => op.name.startsWith('Countersink'))!;
    expect(operation.tool.number).toBe(8);
    expect(operation.cycle).toMatchObject({ kind: 'drill', bottomZ: -6 });
    expect(operation.cycle!.points).toHaveLength(4);
    expect(countersinkDepth(12, 90)).toBeCloseTo(6);
    expect(program.summary.notProgrammed).toEqual([]);
    expect(program.report).toMatchObject({ passed: true, complete: true, verified: true });
  });

  it('without a countersink the program is incomplete and names the tool that would cut it', () => {
    // The Ø10 spot drill is too small for a Ø12 cone.
    const program = generateMillProgramForPart(millJob(), countersunkPlate());
    expect(program.summary.notProgrammed).toHaveLength(4);
    expect(program.summary.notProgrammed[0]).toMatch(
      /^Countersink Ø6\.6 through at X8 Y8: .*a 90° countersink of at least Ø12\.5 would cut it$/,
    );
    expect(program.report).toMatchObject({ complete: false, verified: false });
    expect(program.report.unfinished).toEqual(program.summary.notProgrammed);
  });

  it('uses the spot drill when its cone is wide enough, and not for an 82° countersink', () => {
    const fits = generateMillProgramForPart(millJob(), countersunkPlate(8));
    expect(fits.plan.operations.find((op) => op.name.startsWith('Countersink'))!.tool.kind).toBe(
      'spotDrill',
    );
    expect(fits.report.verified).toBe(true);
    const other = generateMillProgramForPart(millJob(), countersunkPlate(8, 82));
    expect(other.summary.notProgrammed[0]).toMatch(/a 82° countersink of at least Ø8\.5/);
    expect(other.report.verified).toBe(false);
  });

  it('catches a countersink plunged too shallow in the G-code', () => {
    const tools = [...millTooling, countersink];
    const program = generateMillProgramForPart(millJob({ tools }), countersunkPlate());
    expect(program.report.verified).toBe(true);
    const lines = program.gcode.split('\n');
    const at = lines.findIndex((line) => /^T8 M6/.test(line));
    const cycle = lines.findIndex((line, index) => index > at && /\bG81\b.*Z-6\b/.test(line));
    expect(cycle).toBeGreaterThan(at);
    lines[cycle] = lines[cycle]!.replace('Z-6', 'Z-5.5');
    const input = millVerificationInput(program.plan, 'linuxcnc', tools.map(classifyMillTool));
    const report = verifyMillProgram(lines.join('\n'), input);
    expect(report).toMatchObject({ complete: false, verified: false });
    expect(report.unfinished).toContain(
      'Countersink Ø6.6 through at X8 Y8: smaller than Ø11.8 at Z0, not Ø12 x 90°: the cone is too shallow or not cut',
    );
  });
});
