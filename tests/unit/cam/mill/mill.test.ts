import { describe, expect, it } from 'vitest';
import { signedArea } from '#cam/geometry/polygon';
import { generateMillProgram, generateMillProgramForPart } from '#cam/jobs/mill';
import { planMilledPart } from '#cam/mill/plan';
import { classifyMillTool } from '#cam/mill/tooling';
import {
  drillData,
  fluteLengthOf,
  jobberFluteLengthMm,
  millingData,
  tapData,
} from '#cam/mill/cutting-data';
import * as verify from '#cam/verify/mill/index';
import { millVerificationInput } from '#cam/jobs/mill';
import type { MillProgram } from '#cam/jobs/mill';
import { PlanningError } from '#cam/errors';
import { toolRow } from '#tests/helpers/parts';
import { demoMill, millJob, millTooling, rounded, testPlate } from './plates.ts';

const verifyInput = (program: MillProgram) =>
  millVerificationInput(program.plan, 'linuxcnc', millTooling.map(classifyMillTool));

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
  it('rounds depths and stepovers without float noise, and says the surface speed it gets', () => {
    // 0.05 × 28 is 1.4000000000000001 in floating point: the issue's "AP 1.4000000000000001 MM".
    const small = classifyMillTool(toolRow('T8', 'Milling', 'End mill Ø2.8', 'carbide, LOC 8'));
    const data = millingData({ group: 'P', subgroup: 'alloy' }, small, 'rough', 10000);
    expect(data.depthOfCut).toBe(1.4);
    expect(String(data.depthOfCut)).toBe('1.4');
    for (const diameter of [1.3, 2.7, 3.3, 7.7, 11.1])
      for (const text of Object.values(
        millingData(
          { group: 'N', subgroup: 'aluminium' },
          { ...small, diameterMm: diameter },
          'finish',
          8100,
        ),
      ).map(String))
        expect(text).not.toMatch(/\d\.\d*(?:0000|9999)\d/);
    const held = millingData({ group: 'N', subgroup: 'aluminium' }, endMill, 'rough', 6000);
    expect(held.rpm).toBe(6000);
    expect(held.surfaceSpeed).toBe(Math.round((6000 * Math.PI * 10) / 1000));
    expect(held.wantedSurfaceSpeed).toBe(400);
  });
  it('takes a standard length for a tool whose row does not state it', () => {
    // DIN 338 type N (jobber): Ø6.8 69 mm, Ø13 101 mm, Ø2 24 mm.
    expect(jobberFluteLengthMm(6.8)).toBe(69);
    expect(jobberFluteLengthMm(13)).toBe(101);
    expect(jobberFluteLengthMm(2)).toBe(24);
    const drill = classifyMillTool(millTooling[5]!);
    expect(fluteLengthOf(drill)).toBe(69);
    expect(fluteLengthOf({ kind: 'endMill', diameterMm: 10 })).toBe(20);
    expect(fluteLengthOf({ kind: 'endMill', diameterMm: 10, fluteLengthMm: 22 })).toBe(22);
    expect(fluteLengthOf({ kind: 'boringHead', diameterMm: 16 })).toBe(Infinity);
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
        'Pocket 1 rest',
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
      // The pocket (R4 corners, 35 x 20) is cleared with the Ø10 end mill, and the Ø6 takes only
      // what the Ø10 left: its rest pass runs along the walls, never over the pocket's middle.
      const pocket = result.operations.find((operation) => operation.name === 'Pocket 1')!;
      expect(pocket.tool.diameterMm).toBe(10);
      const rest = result.operations.find((operation) => operation.name === 'Pocket 1 rest')!;
      expect(rest.tool.diameterMm).toBe(6);
      const middle = rest.moves.filter(
        (move) => move.kind !== 'rapid' && move.x > 31 && move.x < 44 && move.y > 34 && move.y < 42,
      );
      expect(middle).toEqual([]);
      // Pockets are entered by a helix, never by a straight plunge below the top.
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
    expect(result.notProgrammed).toEqual([
      'Pocket 1: no selected end mill both fits it and reaches its 5 mm depth: T3 Ø6 end mill is too large for its corners; add an end mill of Ø2 or less with at least 5 mm of flute, or sink it by EDM',
    ]);
    const noTap = plan('6061-T6', testPlate(), millTooling.slice(0, 6));
    expect(noTap.notProgrammed.filter((entry) => entry.includes('tap'))).toEqual([
      'M8x1.25 at X70 Y40: no M8x1.25 tap is selected; the tap drill is drilled; add a tap for the M8x1.25 thread',
      'M8x1.25 at X85 Y40: no M8x1.25 tap is selected; the tap drill is drilled; add a tap for the M8x1.25 thread',
    ]);
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
    expect(program.report).toMatchObject({
      passed: true,
      complete: true,
      verified: true,
      unfinished: [],
    });
    expect(program.fileName).toBe('Test-plate-v1.nc');
    expect(program.summary.jobType).toBe('Milling');
    expect(program.summary.cycleTime).toBeUndefined();
    expect(program.outline.plane).toBe('XY');
    expect(program.outline.polygons.length).toBe(1 + 1 + 1 + 6);
    expect(program.gcode).toContain('(Note: Check the vise)');
    expect(program.report.stats.extents!.zMin).toBeLessThan(-12);
  });

  it("drills a toleranced hole only with a drill within its band, else mills it to the band's middle", () => {
    // Ø12.025 +0.05/0: a Ø12 drill is within 0.025 mm of the nominal but under the lower limit.
    const part = testPlate();
    const [first, second] = part.holes;
    part.holes = [
      {
        ...first!,
        label: 'Ø12.025 +0.05/0',
        diameterMm: 12.025,
        tolerance: { upperMm: 0.05, lowerMm: 0 },
        center: { x: 12, y: 12 },
      },
      {
        ...second!,
        label: 'Ø11.975 +0.05/0',
        diameterMm: 11.975,
        tolerance: { upperMm: 0.05, lowerMm: 0 },
        center: { x: 88, y: 12 },
      },
    ];
    const tools = [...millTooling, toolRow('T8', 'Drilling', 'Drill 12', 'Carbide drill Ø12 mm')];
    const program = generateMillProgramForPart(millJob({ tools }), part);
    const names = program.plan.operations.map((operation) => operation.name);
    expect(names).toContain('Drill Ø12');
    expect(names).toContain('Mill hole Ø12.025 +0.05/0');
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it("never runs a blind hole's drill point out of the bottom, and the verifier names one that does", () => {
    const blind = (depthMm: number) => {
      const part = testPlate();
      part.holes = part.holes.map((hole) =>
        hole.diameterMm === 6.6
          ? { ...hole, through: false, depthMm, kind: 'blind' as const }
          : hole,
      );
      return part;
    };
    // 10.8 deep in the 12 mm plate: the Ø6.6 drill's point would reach 12.78.
    const deep = generateMillProgramForPart(millJob(), blind(10.8));
    expect(deep.report.verified).toBe(false);
    expect(deep.gcode).not.toMatch(/G81 X8 Y8 Z-12\.78/);
    expect(deep.report.unfinished[0]).toMatch(
      /^Ø6\.6 through at X8 Y8: the Ø6\.6 drill's point would run out of the 12 mm part's bottom/,
    );
    // 9 deep: its point stops 1.02 mm over the bottom; the same program with the point run out.
    const program = generateMillProgramForPart(millJob(), blind(9));
    expect(program.report.verified).toBe(true);
    const pierced = program.gcode.replace('G81 X8 Y8 Z-10.98', 'G81 X8 Y8 Z-12.5');
    expect(pierced).not.toBe(program.gcode);
    const report = verify.verifyMillProgram(pierced, verifyInput(program));
    expect(report.checks.find((check) => check.id === 'gouges')!.details[0]).toMatch(
      /^line \d+: Ø6\.6 through at X8 Y8: the part's bottom is cut through under it/,
    );
  });

  it('never verifies a program that leaves a pocket out, though it runs safely', () => {
    // Before issue 14 this program was "verified": the verifier saw only what was planned.
    const part = testPlate();
    part.pockets[0]!.outline = rounded(20, 28, 55, 48, 1);
    const program = generateMillProgramForPart(millJob(), part);
    expect(program.report).toMatchObject({ passed: true, complete: false, verified: false });
    expect(program.report.unfinished).toEqual(program.summary.notProgrammed);
    expect(program.report.unfinished).toHaveLength(1);
    expect(program.report.unfinished[0]).toMatch(/^Pocket 1: .*; add an end mill of Ø2 or less/);
    expect(program.report.checks.find((check) => check.id === 'pockets')).toMatchObject({
      passed: false,
      kind: 'completeness',
    });
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
    expect(noEnd.passed).toBe(false);
    // A rapid down into the block after the first tool's coolant is on.
    const rapid = verifyMillProgram(
      program.gcode.replace('M8\n', 'M8\nG0 X50 Y30 Z-3\n'),
      verifyInput(program),
    );
    expect(rapid.checks.find((check) => check.id === 'rapids')!.passed).toBe(false);
    expect(rapid.verified).toBe(false);
  });

  it('refuses round stock and controllers without a mill post', () => {
    expect(() =>
      generateMillProgram(millJob({ stock: { shape: 'round', diameterMm: 50 } })),
    ).toThrow(/block or plate/);
    expect(() =>
      generateMillProgramForPart(
        millJob({
          machine: { ...millJob().machine, dialect: 'iso-edm', controllerModel: 'EDM control' },
        }),
        testPlate(),
      ),
    ).toThrow(
      'Milling programs for EDM control (iso-edm dialect) are not written: this version writes LinuxCNC/PathPilot, Fanuc, Haas, Sinumerik, Okuma and Heidenhain mill programs.',
    );
  });

  it('writes the test plate for a Heidenhain TNC 640, verified', () => {
    const program = generateMillProgramForPart(
      millJob({
        machine: { ...millJob().machine, dialect: 'heidenhain', controllerModel: 'TNC 640' },
      }),
      testPlate(),
    );
    expect(program.fileName).toMatch(/\.h$/);
    expect(program.gcode).toMatch(/^0 BEGIN PGM \S+ MM\n/);
    expect(program.report).toMatchObject({ passed: true, complete: true, verified: true });
  });
});

describe('planning against the stock and the machine', () => {
  const tormach = demoMill('Tormach 1100MX');
  const haas = demoMill('Haas VF-2');

  it("keeps every cut within 80 % of the Tormach 1100MX's 1.5 kW spindle, and says so", () => {
    const program = generateMillProgramForPart(
      millJob({ ...tormach, material: 'AISI 1045' }),
      testPlate(),
    );
    expect(program.report).toMatchObject({ passed: true, complete: true, verified: true });
    for (const operation of program.report.operations!)
      expect(operation.maxPowerKw, operation.name).toBeLessThanOrEqual(1.2);
    expect(program.summary.warnings).toContain(
      "Face (T1 Ø50 face mill): the depth of cut is reduced to 0.429 mm to keep the cutting power within 80 % of the Tormach 1100MX's 1.5 kW spindle.",
    );
    // The same plate on the Haas VF-2 (22.4 kW) is faced at its table's depth.
    const vf2 = generateMillProgramForPart(
      millJob({ ...haas, material: 'AISI 1045' }),
      testPlate(),
    );
    expect(vf2.summary.warnings.join(' ')).not.toMatch(/cutting power/);
    const face = vf2.plan.operations.find((operation) => operation.name === 'Face')!;
    expect(face.data.depthOfCut).toBeGreaterThan(1);
  });

  it('cuts full slots at 3/4 of the feed, and compensates chip thinning in light cuts', () => {
    const plan = generateMillProgramForPart(millJob({ material: 'AISI 1045' }), testPlate()).plan;
    const slot = plan.operations.find((operation) => operation.name === 'Slot 1')!;
    const table = millingData(plan.material, slot.tool, 'rough', plan.maxRpm);
    const slotFeed = Math.round(0.75 * table.feedPerTooth! * 3 * slot.rpm);
    expect(slot.moves.some((move) => move.feed === slotFeed)).toBe(true);
    expect(Math.max(...slot.moves.map((move) => move.feed ?? 0))).toBeLessThanOrEqual(
      2.5 * table.feedMmPerMin,
    );
    // The roughing contour takes 2.3 mm beside the part (the block is 2.5 mm larger per side,
    // 0.2 mm is left for finishing): ae = 0.23 D, so its straight runs are fed faster.
    const rough = plan.operations.find((operation) => operation.name === 'Rough contour')!;
    expect(Math.max(...rough.moves.map((move) => move.feed ?? 0))).toBeGreaterThan(
      rough.data.feedMmPerMin * 1.15,
    );
  });

  it("says when the machine's top speed holds back the surface speed asked for", () => {
    const program = generateMillProgramForPart(
      millJob({ ...haas, overrides: { surfaceSpeedFactor: 1.2 } }),
      testPlate(),
    );
    const held =
      "T3 Ø6 end mill runs at the Haas VF-2's top speed of 8100 rpm: 153 m/min instead of the 480 m/min asked for; its feed per tooth is kept.";
    expect(program.summary.warnings).toContain(held);
    // The chat tells the user the machine limited what they asked for.
    expect(program.summary.limited).toContain(held);
    expect(generateMillProgramForPart(millJob(haas), testPlate()).summary.limited).toEqual([]);
    for (const match of program.gcode.matchAll(/\bS(\d+)/g))
      expect(Number(match[1])).toBeLessThanOrEqual(8100);
  });

  it('writes no float noise in any number, in the program or its header', () => {
    for (const material of ['6061-T6', 'AISI 1045', 'AISI 304'])
      for (const machine of [tormach, haas]) {
        const program = generateMillProgramForPart(
          millJob({ ...machine, material, overrides: { depthOfCutFactor: 0.7, feedFactor: 1.1 } }),
          testPlate(),
        );
        expect(program.gcode).not.toMatch(/\d\.\d*(?:0000\d|9999\d)/);
        expect(program.gcode).not.toMatch(/\d\.\d{4,}/);
      }
    // Six programs planned and verified: about 1 s each on this 2-core machine.
  }, 60_000);
});
