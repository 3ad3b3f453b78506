/**
 * The mill verifier checks a program against the whole part model, not the features the plan
 * programmed: a feature the plan left out, or one the program does not cut, fails a
 * completeness check in a sentence that says what, why and what would make it, and the program
 * is never called verified; the plan's own sentences are not repeated among the unfinished.
 */
import { describe, expect, it } from 'vitest';
import { generateMillProgramForPart, millVerificationInput } from '#cam/jobs/mill';
import { classifyMillTool } from '#cam/mill/tooling';
import { verifyMillProgram } from '#cam/verify/mill/index';
import { millJob, millTooling, rounded, testPlate } from '../mill/plates.ts';

describe('the mill verifier and the whole part model', () => {
  it('never verifies a program that leaves the taps out, and names each thread once', () => {
    // Without the M8 tap the tap drills are drilled and the threads are not cut.
    const program = generateMillProgramForPart(
      millJob({ tools: millTooling.filter((row) => !/Tap/.test(row.toolName)) }),
      testPlate(),
    );
    const { report } = program;
    const gaps = [
      'M8x1.25 at X70 Y40: no M8x1.25 tap is selected; the tap drill is drilled; add a tap for the M8x1.25 thread',
      'M8x1.25 at X85 Y40: no M8x1.25 tap is selected; the tap drill is drilled; add a tap for the M8x1.25 thread',
    ];
    expect(program.summary.notProgrammed).toEqual(gaps);
    // It runs safely (every process check passes) but is not complete: never verified.
    expect(report).toMatchObject({ passed: true, complete: false, verified: false });
    expect(report.unfinished).toEqual(gaps);
    const threads = report.checks.find((check) => check.id === 'threads')!;
    expect(threads).toMatchObject({ passed: false, kind: 'completeness', details: gaps });
    expect(report.checks.filter((check) => !check.passed).map((check) => check.id)).toEqual([
      'threads',
    ]);
  });

  it('fails a feature of the model the program does not cut, in its own words', () => {
    const program = generateMillProgramForPart(millJob(), testPlate());
    expect(program.report.verified).toBe(true);
    // The same program read against a model with one more pocket.
    const plan = { ...program.plan, part: testPlate() };
    plan.part.pockets.push({
      label: 'Pocket 2',
      outline: rounded(62, 10, 80, 22, 3),
      depthMm: 2,
      through: false,
      islands: [],
    });
    const input = millVerificationInput(plan, 'linuxcnc', millTooling.map(classifyMillTool));
    const report = verifyMillProgram(program.gcode, input);
    expect(report).toMatchObject({ passed: true, complete: false, verified: false });
    expect(report.unfinished).toHaveLength(1);
    expect(report.unfinished[0]).toMatch(
      /^Pocket 2: the floor is at Z0 at X[\d.]+ Y[\d.]+, not Z-2$/,
    );
    const pockets = report.checks.find((check) => check.id === 'pockets')!;
    expect(pockets).toMatchObject({ passed: false, kind: 'completeness' });
    // Beside the failed pocket check, the catch-all's ✓ claims only the rest of the drawing.
    expect(report.checks.find((check) => check.id === 'drawing')).toMatchObject({
      passed: true,
      title: 'Everything else on the drawing is programmed',
    });
  });

  it('says what the part model does not hold, once, and is then not complete', () => {
    const part = testPlate();
    part.notModelled.push('Engraving "FLH-001" on the top: engraving is not programmed');
    const program = generateMillProgramForPart(millJob(), part);
    expect(program.report).toMatchObject({ passed: true, complete: false, verified: false });
    expect(program.report.unfinished).toEqual([
      'Engraving "FLH-001" on the top: engraving is not programmed',
    ]);
    expect(program.report.checks.find((check) => check.id === 'drawing')).toMatchObject({
      passed: false,
      kind: 'completeness',
      title: 'Everything on the drawing is programmed',
    });
  });

  it('fails an outline left uncut, and a top left unfaced', () => {
    const program = generateMillProgramForPart(millJob(), testPlate());
    const input = millVerificationInput(
      program.plan,
      'linuxcnc',
      millTooling.map(classifyMillTool),
    );
    // Only the first operation (the face), then the end.
    const faced = program.gcode.split('(Pocket 1:')[0]! + 'M30\n%\n';
    const report = verifyMillProgram(faced, {
      ...input,
      operations: input.operations!.slice(0, 1),
    });
    expect(report.passed).toBe(true);
    const failed = report.checks.filter((check) => !check.passed).map((check) => check.id);
    // The tapped holes are not drilled: their threads are not named again.
    expect(failed).toEqual(['outline', 'holes', 'pockets']);
    expect(report.unfinished.length).toBeGreaterThanOrEqual(4);
    const nothing = verifyMillProgram('%\nG17 G21 G90\nM30\n%\n', { ...input, operations: [] });
    expect(nothing.checks.find((check) => check.id === 'faced')).toMatchObject({
      passed: false,
      kind: 'completeness',
    });
    expect(nothing.verified).toBe(false);
  });
});
