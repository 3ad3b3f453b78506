import { describe, expect, it } from 'vitest';
import { offsetPolygons, signedArea } from '#cam/geometry/polygon';
import type { Polygon } from '#cam/geometry/polygon';
import { generateMillProgram, generateMillProgramForPart } from '#cam/mill/generate';
import { planMilledPart } from '#cam/mill/plan';
import { classifyMillTool } from '#cam/mill/tooling';
import { drillData, millingData, tapData } from '#cam/mill/cutting-data';
import type { PrismaticPart } from '#cam/prismatic/part';
import type { ProgramJob } from '#cam/program';
import { emptyDescription } from '#contracts/blueprint';
import type { ToolRow } from '#cam/tooling';
import * as verify from '#cam/verify/mill';
import { millVerificationInput } from '#cam/mill/generate';
import type { MillProgram } from '#cam/mill/generate';
import { PlanningError } from '#cam/errors';
import { rectangle, toolRow } from '#tests/helpers/parts';

const verifyInput = (program: MillProgram) =>
  millVerificationInput(program.plan, 'linuxcnc', millTooling.map(classifyMillTool));

/** The tooling of a small VMC, enough for the test plate. */
export const millTooling: ToolRow[] = [
  toolRow('T1', 'Facing', 'Face mill Ø50', 'CoroMill 345 face mill, 5 inserts, carbide'),
  toolRow('T2', 'Milling', 'End mill Ø10 4FL', 'Solid carbide end mill, LOC 22'),
  toolRow('T3', 'Milling', 'End mill Ø6 3FL', 'Solid carbide end mill, LOC 13'),
  toolRow('T4', 'Drilling', 'Spot drill Ø10', 'NC spot drill 90°, carbide'),
  toolRow('T5', 'Drilling', 'Drill 6.6', 'HSS-Co twist drill Ø6.6 mm'),
  toolRow('T6', 'Drilling', 'Drill 6.8', 'HSS twist drill Ø6.8 mm'),
  toolRow('T7', 'Drilling', 'Tap M8x1.25', 'HSS-E machine tap M8x1.25'),
];

const rounded = (x0: number, y0: number, x1: number, y1: number, r: number): Polygon =>
  offsetPolygons([rectangle(x0 + r, y0 + r, x1 - r, y1 - r)], r, 0.002)[0]!;

/** 100 x 60 x 12 plate: R5 corners, a pocket, a slot, 4 x Ø6.6 through, 2 x M8 through. */
export function testPlate(): PrismaticPart {
  return {
    outline: rounded(0, 0, 100, 60, 5),
    thicknessMm: 12,
    thicknessSource: 'drawing',
    holes: [
      ...[
        { x: 8, y: 8 },
        { x: 92, y: 8 },
        { x: 8, y: 52 },
        { x: 92, y: 52 },
      ].map((center) => ({
        label: `Ø6.6 through at X${center.x} Y${center.y}`,
        center,
        diameterMm: 6.6,
        depthMm: 12,
        through: true,
        kind: 'through' as const,
      })),
      ...[
        { x: 70, y: 40 },
        { x: 85, y: 40 },
      ].map((center) => ({
        label: `M8x1.25 at X${center.x} Y${center.y}`,
        center,
        diameterMm: 6.8,
        depthMm: 12,
        through: true,
        kind: 'tapped' as const,
        thread: { callout: 'M8x1.25', nominalMm: 8, pitchMm: 1.25, tapDrillMm: 6.8 },
      })),
    ],
    pockets: [
      {
        label: 'Pocket 1',
        outline: rounded(20, 28, 55, 48, 4),
        depthMm: 5,
        through: false,
        islands: [],
      },
    ],
    slots: [
      {
        label: 'Slot 1',
        from: { x: 30, y: 14 },
        to: { x: 60, y: 14 },
        widthMm: 10,
        depthMm: 3,
        through: false,
      },
    ],
    generalToleranceMm: 0.1,
    notModelled: [],
  };
}

const linuxcncMachine = {
  name: 'Tormach 1100MX',
  manufacturer: 'Tormach',
  model: '1100MX',
  controllerType: 'Tormach PathPilot',
  controllerModel: 'PathPilot',
  dialect: 'linuxcnc',
  serialNumber: 'MX-1',
  maxRpm: 10000,
};

export function millJob(overrides: Partial<ProgramJob> = {}): ProgramJob {
  return {
    jobType: 'Milling',
    description: emptyDescription('Test plate'),
    material: '6061-T6',
    stock: { shape: 'block', xMm: 105, yMm: 65, zMm: 15 },
    machine: linuxcncMachine,
    tools: millTooling,
    programVersion: 1,
    partName: 'Test plate',
    ...overrides,
  };
}

const plateStock = { xMm: 105, yMm: 65, zMm: 15 };
const plan = (material: string, part = testPlate(), tools = millTooling) =>
  planMilledPart({
    part,
    material,
    stock: plateStock,
    tools: tools.map(classifyMillTool),
    maxRpm: 10000,
  });

describe('mill tools from tool rows', () => {
  it('reads kinds, diameters, flutes, flute lengths and taps', () => {
    const tools = millTooling.map(classifyMillTool);
    expect(tools.map((tool) => tool.kind)).toEqual([
      'faceMill',
      'endMill',
      'endMill',
      'spotDrill',
      'drill',
      'drill',
      'tap',
    ]);
    expect(tools[1]).toMatchObject({ number: 2, diameterMm: 10, flutes: 4, fluteLengthMm: 22 });
    expect(tools[1]!.label).toBe('T2 Ø10 end mill');
    expect(tools[0]).toMatchObject({ diameterMm: 50, flutes: 5, toolMaterial: 'carbide' });
    expect(tools[6]).toMatchObject({ diameterMm: 8, pitchMm: 1.25, label: 'T7 M8x1.25 tap' });
    expect(
      classifyMillTool(
        toolRow('T9', 'Milling', 'Carbide end mill', '12 mm, 3 flute, flute length 26 mm'),
      ),
    ).toMatchObject({ kind: 'endMill', diameterMm: 12, flutes: 3, fluteLengthMm: 26 });
    expect(classifyMillTool(toolRow('T10', 'Drilling', 'Tap M6', 'spiral point'))).toMatchObject({
      kind: 'tap',
      diameterMm: 6,
      pitchMm: 1,
    });
    expect(
      classifyMillTool(toolRow('T11', 'Boring', 'Boring head', 'fine boring head 20-50')),
    ).toMatchObject({
      kind: 'boringHead',
    });
    expect(classifyMillTool(toolRow('T12', 'Drilling', 'Reamer Ø8 H7', 'carbide'))).toMatchObject({
      kind: 'reamer',
      diameterMm: 8,
    });
    expect(classifyMillTool(toolRow('X', 'Milling', 'End mill D8', ''))).toMatchObject({
      kind: 'other',
    });
  });
});

describe('milling cutting data', () => {
  const endMill = classifyMillTool(millTooling[1]!);
  it('follows n = Vc·1000/(π·D), vf = fz·z·n, clamped to the spindle limit', () => {
    const steel = millingData({ group: 'P', subgroup: 'medium-carbon' }, endMill, 'rough', 10000);
    expect(steel.rpm).toBe(Math.round((150 * 1000) / (Math.PI * 10)));
    expect(steel.feedMmPerMin).toBe(Math.round(steel.feedPerTooth! * 4 * steel.rpm));
    expect(steel.depthOfCut).toBeLessThanOrEqual(10);
    expect(steel.stepover).toBeCloseTo(4.5, 5);
    const aluminium = millingData({ group: 'N', subgroup: 'aluminium' }, endMill, 'rough', 6000);
    expect(aluminium.rpm).toBe(6000);
    const slow = millingData({ group: 'P', subgroup: 'alloy' }, endMill, 'rough', 10000, {
      surfaceSpeedFactor: 0.5,
      feedFactor: 0.5,
    });
    expect(slow.rpm).toBeLessThan(steel.rpm);
    expect(slow.feedMmPerMin).toBeLessThan(steel.feedMmPerMin / 2);
  });
  it('taps at rpm × pitch, pecks one diameter, and refuses HSS in hardened steel', () => {
    const tap = classifyMillTool(millTooling[6]!);
    const data = tapData({ group: 'P', subgroup: 'alloy' }, tap, 10000)!;
    expect(data.feedMmPerMin).toBeCloseTo(data.rpm * 1.25, 3);
    const drill = classifyMillTool(millTooling[4]!);
    expect(drillData({ group: 'P', subgroup: 'alloy' }, drill, 10000)!.peckMm).toBe(6.5);
    expect(
      drillData({ group: 'H', subgroup: 'hardened' }, { ...drill, toolMaterial: 'hss' }, 10000),
    ).toBeUndefined();
  });
});

describe('planning the test plate', () => {
  for (const material of ['6061-T6', 'AISI 1045']) {
    it(`plans every feature in order in ${material}`, () => {
      const result = plan(material);
      expect(result.notProgrammed).toEqual([]);
      expect(result.operations.map((operation) => operation.name)).toEqual([
        'Face',
        'Pocket 1',
        'Slot 1',
        'Spot drill',
        'Drill Ø6.6',
        'Drill Ø6.8',
        'Tap M8x1.25',
        'Rough contour',
        'Finish contour',
      ]);
      expect(result.stock.origin).toEqual({ x: -2.5, y: -2.5, z: -12 });
      expect(result.clearanceZ).toBe(8);
      const tap = result.operations.find((operation) => operation.cycle?.kind === 'tap')!;
      expect(tap.cycle!.feed).toBeCloseTo(tap.rpm * 1.25, 3);
      expect(result.warnings.join(' ')).toMatch(/parallels/);
      // Rapids only at the clearance height, or above the material.
      for (const operation of result.operations)
        for (const move of operation.moves)
          if (move.kind === 'rapid')
            expect(move.z >= 0 || move.x < -2.5 - 5 || move.z === result.clearanceZ).toBe(true);
      // Pockets are entered by a helix, never by a straight plunge below the top.
      const pocket = result.operations.find((operation) => operation.name === 'Pocket 1')!;
      expect(pocket.tool.diameterMm).toBe(6);
      const plunges = pocket.moves.filter(
        (move, index) =>
          move.kind === 'feed' &&
          index > 0 &&
          move.x === pocket.moves[index - 1]!.x &&
          move.y === pocket.moves[index - 1]!.y &&
          move.z < pocket.moves[index - 1]!.z,
      );
      expect(plunges).toEqual([]);
      expect(pocket.moves.some((move) => move.kind === 'arc')).toBe(true);
    });
  }

  it('runs slower in steel than in aluminium', () => {
    const steel = plan('AISI 1045').operations.find(
      (operation) => operation.name === 'Rough contour',
    )!;
    const aluminium = plan('6061-T6').operations.find(
      (operation) => operation.name === 'Rough contour',
    )!;
    expect(steel.rpm).toBeLessThan(aluminium.rpm);
    expect(steel.data.depthOfCut!).toBeLessThan(aluminium.data.depthOfCut!);
  });

  it('climb mills the outside clockwise at the tool radius', () => {
    const finish = plan('6061-T6').operations.find(
      (operation) => operation.name === 'Finish contour',
    )!;
    const cut = finish.moves.filter((move) => move.kind === 'feed' && move.z < -12);
    const loop = cut.slice(1, -1).map(({ x, y }) => ({ x, y }));
    expect(signedArea(loop)).toBeLessThan(0);
  });

  it('says what it cannot make, with the reason', () => {
    const part = testPlate();
    part.pockets[0]!.outline = rounded(20, 28, 55, 48, 1);
    const result = plan('6061-T6', part);
    expect(result.notProgrammed).toContain(
      'Pocket 1: no end mill small enough for its 1 mm corner radius',
    );
    const noTap = plan('6061-T6', testPlate(), millTooling.slice(0, 6));
    expect(noTap.notProgrammed.filter((entry) => entry.includes('tap'))).toHaveLength(2);
    expect(noTap.operations.some((operation) => operation.name === 'Drill Ø6.8')).toBe(true);
  });

  it('refuses stock smaller than the part, and a job with nothing it can make', () => {
    expect(() =>
      planMilledPart({
        part: testPlate(),
        material: '6061',
        stock: { xMm: 90, yMm: 65, zMm: 15 },
        tools: millTooling.map(classifyMillTool),
        maxRpm: 8000,
      }),
    ).toThrow(PlanningError);
    expect(() =>
      planMilledPart({
        part: testPlate(),
        material: '6061',
        stock: { xMm: 100, yMm: 60, zMm: 12 },
        tools: [classifyMillTool(toolRow('T1', 'Turning', 'CNMG 120408', 'turning insert'))],
        maxRpm: 8000,
      }),
    ).toThrow(/Nothing on this part/);
  });
});

describe('milling programs', () => {
  it('generates a verified LinuxCNC program for the plate', () => {
    const program = generateMillProgramForPart(
      millJob({ headerNotes: ['Check the vise'] }),
      testPlate(),
    );
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.fileName).toBe('Test-plate-v1.nc');
    expect(program.summary.jobType).toBe('Milling');
    expect(program.summary.cycleTime).toBeUndefined();
    expect(program.outline.plane).toBe('XY');
    expect(program.outline.polygons.length).toBe(1 + 1 + 1 + 6);
    expect(program.gcode).toContain('(Note: Check the vise)');
    expect(program.report.stats.extents!.zMin).toBeLessThan(-12);
  });

  it('fails the verifier for a program that cuts into the part', { timeout: 30_000 }, () => {
    const program = generateMillProgramForPart(millJob(), testPlate());
    const broken = program.gcode.replace(/G1 X(-?[\d.]+) Y/, 'G1 X50 Y55 Z-8 F500\nG1 X$1 Y');
    expect(program.report.passed).toBe(true);
    const { verifyMillProgram } = verify;
    const failed = verifyMillProgram(broken, verifyInput(program)).checks.filter(
      (check) => !check.passed,
    );
    expect(failed.map((check) => check.id)).toContain('gouges');
    const noEnd = verifyMillProgram(program.gcode.replace('M30', ''), verifyInput(program));
    expect(noEnd.checks.find((check) => check.id === 'end')!.passed).toBe(false);
    const rapid = verifyMillProgram(
      program.gcode.replace('G1 X129.5 F2292', 'G0 X50 Y30 Z-3\nG1 X129.5 F2292'),
      verifyInput(program),
    );
    expect(rapid.checks.find((check) => check.id === 'rapids')!.passed).toBe(false);
  });

  it('refuses round stock and controllers without a mill post', () => {
    expect(() =>
      generateMillProgram(millJob({ stock: { shape: 'round', diameterMm: 50 } })),
    ).toThrow(/block or plate/);
    expect(() =>
      generateMillProgramForPart(
        millJob({
          machine: { ...millJob().machine, dialect: 'heidenhain', controllerModel: 'TNC 640' },
        }),
        testPlate(),
      ),
    ).toThrow(/Heidenhain and Okuma/);
  });
});
