/**
 * The mill post-processors: each dialect writes exactly the codes of
 * docs/decisions/013-cam-depth.md, the program reads back through the verifier in its dialect,
 * and the test plate's program is compared with a golden file checked by eye
 * (tests/golden/mill/; UPDATE_GOLDEN=1 writes them again).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateMillProgramForPart } from '#cam/jobs/mill';
import { classifyMillTool } from '#cam/mill/tooling';
import { millPostFor } from '#cam/post/mill/index';
import { goldenDir } from '#tests/helpers/paths';
import {
  goldenMillExtension,
  goldenMillJob,
  goldenMillMachines,
  goldenMillPlate,
  goldenMillTooling,
} from '#tests/helpers/golden-jobs';

const expected: Record<string, RegExp[]> = {
  linuxcnc: [
    /^%\nG17 G21 G40 G49 G80 G90 G94 G54\n/,
    /\nT1 M6\nG43 H1\n/,
    /\nG53 G0 Z0\n/,
    /\nG98 G81 X/,
    /\nG98 G83 X30 Y6 Z-9\.75 R2 Q2\.5 F\d+/,
    /\nG98 G84 X8 Y8 Z-12\.5 R2 F[\d.]+\nX52 Y8\nG80\n/,
    /\nG98 G85 X45 Y28 Z-10\.5 R2 F\d+/,
    /\nM30\n%\n$/,
  ],
  fanuc: [
    /^%\nO1003 \(POST TEST PLATE\)\nG17 G21 G40 G49 G80 G90 G94\nG54\n/,
    /\nT1 M06\nS\d+ M03\nG00 X-?[\d.]+ Y-?[\d.]+\nG43 H01 Z7\.\nM08\n/,
    /\nG91 G28 Z0\.\nG90\n/,
    /\nG98 G83 X30\. Y6\. Z-9\.75 R2\. Q2\.5 F\d+\./,
    /\nM29 S\d+\nG98 G84 X8\. Y8\. Z-12\.5 R2\. F[\d.]+\nX52\. Y8\.\nG80\n/,
    /\nG98 G76 X45\. Y28\. Z-10\.5 R2\. Q0\.2 F\d+\./,
    /\nM30\n%\n$/,
  ],
  haas: [
    /^%\nO01003 \(POST TEST PLATE\)\n/,
    /\nT1 M06\n/,
    /\nG53 G00 Z0\.\n/,
    /\nG98 G84 X8\. Y8\. Z-12\.5 R2\. F[\d.]+\n/,
    /\nG98 G76 X45\. Y28\./,
    /\nM30\n%\n$/,
  ],
  sinumerik: [
    /^G17 G71 G40 G90 G94\nG54\n; Part: Post test plate\n/,
    /\nT1 D1\nM6\nS\d+ M3\n/,
    /\nSUPA G0 Z0 D0\n/,
    /\nG0 X30 Y6\nCYCLE83\(7,0,2,-9\.75,9\.75,-2\.5,2\.5,2\.5,0,0,1,1\)\n/,
    /\nG0 X8 Y8\nCYCLE84\(7,0,2,-12\.5,12\.5,0,3,0,1\.25,0,\d+,\d+\)\n/,
    /\nCYCLE86\(7,0,2,-10\.5,10\.5,0,3,-0\.2,0,0,0\)\n/,
    /\nM30\n$/,
  ],
  okuma: [
    /^O1003\nG17 G21 G40 G80 G90 G94\nG15 H1\n\(PART: POST TEST PLATE\)\n/,
    /\nT1 M06\nS\d+ M03\nG00 X-?[\d.]+ Y-?[\d.]+\nG00 G56 Z7\. H01\nM08\n/,
    /\nG71 Z7\.\nG83 X30\. Y6\. Z-9\.75 R2\. Q2\.5 F\d+\. M53\n/,
    /\nG71 Z7\.\nG84 X8\. Y8\. Z-12\.5 R2\. F[\d.]+ M53\nX52\. Y8\.\nG80\n/,
    /\nG76 X45\. Y28\. Z-10\.5 R2\. Q0\.2 F\d+\. M53\n/,
    /\nG30 P1\nM02\n$/,
  ],
  heidenhain: [
    /^0 BEGIN PGM Post-test-plate-v3 MM\n1 BLK FORM 0\.1 Z X-2 Y-2 Z-10\n2 BLK FORM 0\.2 X\+62 Y\+42 Z\+2\n/,
    /\n3 CYCL DEF 247 DATUM SETTING ~\n {2}Q339=\+1 ;DATUM NUMBER\n4 ; Part: Post test plate\n/,
    /\n\d+ TOOL CALL 1 Z S\d+\n\d+ M3\n\d+ L X-?\+?[\d.]+ Y\+?-?[\d.]+ R0 FMAX\n\d+ L Z\+7 R0 FMAX\n\d+ M8\n/,
    /\n\d+ CC X\+[\d.]+ Y\+[\d.]+\n\d+ C X\+[\d.]+ Y\+[\d.]+ DR[+-]/,
    /\n\d+ CP IPA[+-][\d.]+ IZ-[\d.]+ DR[+-]/,
    /\n\d+ M5\n\d+ L M140 MB MAX\n/,
    /\n\d+ CYCL DEF 200 DRILLING ~\n {2}Q200=\+2 ;SET-UP CLEARANCE ~\n {2}Q201=-9\.75 ;DEPTH ~\n {2}Q206=\+\d+ ;FEED RATE FOR PLNGNG ~\n {2}Q202=\+2\.5 ;PLUNGING DEPTH ~\n/,
    /\n\d+ CYCL DEF 207 RIGID TAPPING NEW ~\n {2}Q200=\+2 ;SET-UP CLEARANCE ~\n {2}Q201=-12\.5 ;DEPTH OF THREAD ~\n {2}Q239=\+1\.25 ;THREAD PITCH ~\n {2}Q203=\+0 ;SURFACE COORDINATE ~\n {2}Q204=\+7 ;2ND SET-UP CLEARANCE\n\d+ L X\+8 Y\+8 R0 FMAX M99\n\d+ L X\+52 Y\+8 R0 FMAX M99\n/,
    /\n\d+ CYCL DEF 202 BORING ~\n(?: {2}Q.*\n){8} {2}Q336=\+0 ;ANGLE OF SPINDLE\n\d+ L X\+45 Y\+28 R0 FMAX M99\n/,
    /\n\d+ M30\n\d+ END PGM Post-test-plate-v3 MM\n$/,
  ],
};

describe('mill post-processors', () => {
  it('has a post for the six mill dialects and none for the others', () => {
    const dialects = ['linuxcnc', 'fanuc', 'haas', 'sinumerik', 'okuma', 'heidenhain'];
    expect(dialects.map((d) => millPostFor(d)?.dialect)).toEqual(dialects);
    expect(millPostFor('okuma')?.fileExtension).toBe('.MIN');
    expect(millPostFor('heidenhain')?.fileExtension).toBe('.h');
    expect(millPostFor('iso-edm')).toBeUndefined();
    expect(millPostFor('toString')).toBeUndefined();
  });

  for (const dialect of Object.keys(goldenMillMachines)) {
    describe(dialect, () => {
      const program = generateMillProgramForPart(goldenMillJob(dialect), goldenMillPlate());

      it('plans every feature of the plate', () => {
        expect(program.plan.notProgrammed).toEqual([]);
        expect(program.plan.operations.map((operation) => operation.name)).toEqual([
          'Face',
          'Pocket 1',
          'Rough bore Ø16 ±0.01',
          'Spot drill',
          'Drill Ø6.8',
          'Drill Ø2.5',
          'Tap M8x1.25',
          'Bore Ø16 ±0.01',
          'Rough contour',
          'Finish contour',
        ]);
      });

      it("writes the dialect's codes", () => {
        for (const pattern of expected[dialect]!) expect(program.gcode).toMatch(pattern);
        if (dialect === 'fanuc' || dialect === 'haas' || dialect === 'okuma') {
          for (const line of program.gcode.split('\n'))
            if (!line.startsWith('(') && !line.startsWith('O'))
              expect(line, line).not.toMatch(/[XYZIJRQF]-?\d+(?![.\d])/);
        }
        expect(program.gcode).not.toMatch(/G4[12]/);
      });

      it('reads back through the verifier in its dialect', () => {
        expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
        expect(program.report.passed).toBe(true);
      });

      it('matches its golden file', () => {
        const golden = new URL(
          `mill/post-test-plate.${dialect}${goldenMillExtension(dialect)}`,
          goldenDir,
        );
        if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, program.gcode);
        expect(
          existsSync(golden),
          `${golden.pathname} is missing: write it with UPDATE_GOLDEN=1`,
        ).toBe(true);
        expect(program.gcode).toBe(readFileSync(golden, 'utf8'));
      });
    });
  }

  it('uses only the selected tools', () => {
    const numbers = new Set(goldenMillTooling.map(classifyMillTool).map((tool) => tool.number));
    const program = generateMillProgramForPart(goldenMillJob('linuxcnc'), goldenMillPlate());
    for (const match of program.gcode.matchAll(/\bT(\d+) M6/g))
      expect(numbers.has(Number(match[1]))).toBe(true);
  });
});
