/**
 * The mill post-processors: each dialect writes exactly the codes of
 * docs/decisions/013-cam-depth.md, the program reads back through the verifier in its dialect,
 * and the test plate's program is compared with a golden file checked by eye
 * (tests/golden/mill/; UPDATE_GOLDEN=1 writes them again).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import { offsetPolygons } from '#cam/geometry/polygon';
import { generateMillProgramForPart } from '#cam/jobs/mill';
import { classifyMillTool } from '#cam/mill/tooling';
import { millPostFor } from '#cam/post/mill/index';
import type { PrismaticPart } from '#cam/prismatic/part';
import type { MachineInfo, ProgramJob } from '#cam/program';
import type { ToolRow } from '#cam/tool-row';
import { goldenDir } from '#tests/helpers/paths';
import { rectangle, toolRow } from '#tests/helpers/parts';

const tooling: ToolRow[] = [
  toolRow('T1', 'Facing', 'Face mill Ø50', 'CoroMill 345 face mill, 5 inserts, carbide'),
  toolRow('T2', 'Milling', 'End mill Ø10 4FL', 'Solid carbide end mill, LOC 22'),
  toolRow('T3', 'Milling', 'End mill Ø6 3FL', 'Solid carbide end mill, LOC 13'),
  toolRow('T4', 'Drilling', 'Spot drill Ø10', 'NC spot drill 90°, carbide'),
  toolRow('T5', 'Drilling', 'Drill 6.6', 'HSS-Co twist drill Ø6.6 mm'),
  toolRow('T6', 'Drilling', 'Drill 6.8', 'HSS twist drill Ø6.8 mm'),
  toolRow('T7', 'Drilling', 'Tap M8x1.25', 'HSS-E machine tap M8x1.25'),
  toolRow('T8', 'Drilling', 'Drill 2.5', 'HSS twist drill Ø2.5 mm, flute length 30'),
  toolRow('T9', 'Boring', 'Boring head', 'Fine boring head Ø10-Ø40'),
];

/**
 * A 60 x 40 x 10 plate (square corners) with a 20 x 12 pocket R4 3 deep, two M8 through,
 * a Ø2.5 x 12 deep hole (pecked), and a Ø16 ±0.01 bore (fine bored).
 */
function plate(): PrismaticPart {
  return {
    outline: rectangle(0, 0, 60, 40),
    thicknessMm: 10,
    thicknessSource: 'drawing',
    holes: [
      ...[
        { x: 8, y: 8 },
        { x: 52, y: 8 },
      ].map((center) => ({
        label: `M8x1.25 at X${center.x} Y${center.y}`,
        center,
        diameterMm: 6.8,
        depthMm: 10,
        through: true,
        kind: 'tapped' as const,
        thread: { callout: 'M8x1.25', nominalMm: 8, pitchMm: 1.25, tapDrillMm: 6.8 },
      })),
      {
        label: 'Ø2.5 x 9 deep',
        center: { x: 30, y: 6 },
        diameterMm: 2.5,
        depthMm: 9,
        through: false,
        kind: 'blind',
      },
      {
        label: 'Ø16 ±0.01',
        center: { x: 45, y: 28 },
        diameterMm: 16,
        depthMm: 10,
        through: true,
        kind: 'through',
        tolerance: { upperMm: 0.01, lowerMm: -0.01 },
      },
    ],
    pockets: [
      {
        label: 'Pocket 1',
        outline: offsetPolygons([rectangle(10, 22, 26, 30)], 4, 0.002)[0]!,
        depthMm: 3,
        through: false,
        islands: [],
      },
    ],
    slots: [],
    generalToleranceMm: 0.1,
    notModelled: [],
  };
}

const machines: Record<string, MachineInfo> = {
  linuxcnc: {
    name: 'Tormach 1100MX',
    manufacturer: 'Tormach',
    model: '1100MX',
    controllerType: 'Tormach PathPilot',
    controllerModel: 'PathPilot',
    dialect: 'linuxcnc',
    serialNumber: 'MX-1',
    maxRpm: 10000,
  },
  fanuc: {
    name: 'Robodrill',
    manufacturer: 'Fanuc',
    model: 'α-D21MiB5',
    controllerType: 'Fanuc',
    controllerModel: 'Fanuc 0i-MF Plus',
    dialect: 'fanuc',
    serialNumber: 'RD-1',
    maxRpm: 10000,
  },
  haas: {
    name: 'VF-2',
    manufacturer: 'Haas Automation',
    model: 'VF-2',
    controllerType: 'Haas',
    controllerModel: 'Haas NGC',
    dialect: 'haas',
    serialNumber: 'VF-1',
    maxRpm: 8100,
  },
  sinumerik: {
    name: 'DMU 50',
    manufacturer: 'DMG Mori',
    model: 'DMU 50',
    controllerType: 'Siemens',
    controllerModel: 'Sinumerik 840D sl',
    dialect: 'sinumerik',
    serialNumber: 'DMU-1',
    maxRpm: 14000,
  },
  okuma: {
    name: 'GENOS M560-V',
    manufacturer: 'Okuma',
    model: 'GENOS M560-V',
    controllerType: 'okuma',
    controllerModel: 'OSP-P300MA',
    dialect: 'okuma',
    serialNumber: 'M560-1',
    maxRpm: 15000,
  },
  heidenhain: {
    name: 'DMU 50',
    manufacturer: 'DMG Mori',
    model: 'DMU 50',
    controllerType: 'heidenhain',
    controllerModel: 'TNC 640',
    dialect: 'heidenhain',
    serialNumber: 'DMU-2',
    maxRpm: 14000,
  },
};

/** The golden file's extension of a dialect: the post's own ('.h' for Heidenhain). */
const extensionOf = (dialect: string) => millPostFor(dialect)?.fileExtension ?? '.nc';

const job = (dialect: string): ProgramJob => ({
  jobType: 'Milling',
  description: emptyDescription('Post test plate'),
  material: 'AISI 1045',
  stock: { shape: 'block', xMm: 64, yMm: 44, zMm: 12 },
  machine: machines[dialect]!,
  tools: tooling,
  programVersion: 3,
  partName: 'Post test plate',
});

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

  for (const dialect of Object.keys(machines)) {
    describe(dialect, () => {
      const program = generateMillProgramForPart(job(dialect), plate());

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
        const golden = new URL(`mill/post-test-plate.${dialect}${extensionOf(dialect)}`, goldenDir);
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
    const numbers = new Set(tooling.map(classifyMillTool).map((tool) => tool.number));
    const program = generateMillProgramForPart(job('linuxcnc'), plate());
    for (const match of program.gcode.matchAll(/\bT(\d+) M6/g))
      expect(numbers.has(Number(match[1]))).toBe(true);
  });
});
