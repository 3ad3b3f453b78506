/**
 * Sinker EDM: electrodes read from the tool rows, conditions by material pair and roughness,
 * the planner (cavities, depth steps, orbits), the iso-edm post against its golden file
 * (tests/golden/sinker/iso-edm.nc; UPDATE_GOLDEN=1 rewrites it), the verifier, and the
 * generator.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import { findOperationLines } from '#cam/cycle-time';
import type { ProgramHeader } from '#cam/post/common';
import { writeSinkerProgram } from '#cam/post/edm/sinker';
import type { PrismaticPart } from '#cam/prismatic/part';
import type { ProgramJob } from '#cam/program';
import { generateSinkerProgram } from '#cam/jobs/sinker';
import { planSinker, sinkerBreakthroughMm } from '#cam/sinker/plan';
import { chooseConditions, conditionTables, materialPair } from '#cam/sinker/technology';
import { electrodesFromTools } from '#cam/sinker/tooling';
import type { ToolRow } from '#cam/tool-row';
import { verifySinkerProgram } from '#cam/verify/sinker/index';
import { sinkerVerificationInput } from '#cam/verify/sinker/input';
import { expectCaughtOnLine } from '#tests/helpers/caught';
import { goldenDir } from '#tests/helpers/paths';
import { SinkerPlanningError } from '#cam/errors';

const row = (slotNumber: string, description: string): ToolRow => ({
  id: slotNumber,
  slotNumber,
  toolName: description,
  toolDescription: description,
  toolType: 'Electrical Discharge Machining',
  toolManufacturer: '',
  toolHint: '',
});
const electrodes = [
  row('T1', 'Graphite electrode Ø9.6 undersize 0.2'),
  row('T2', 'Copper electrode 19.7 x 9.7 mm, undersize 0.15'),
];

/** A 60 x 40 x 20 mould plate with a 20 x 10 x 4 blind pocket and a Ø10 x 5 blind hole. */
function mouldPlate(raUm?: number): PrismaticPart {
  return {
    outline: [
      { x: 0, y: 0 },
      { x: 60, y: 0 },
      { x: 60, y: 40 },
      { x: 0, y: 40 },
    ],
    thicknessMm: 20,
    thicknessSource: 'drawing',
    holes: [
      {
        label: 'Ø10 x 5 deep',
        center: { x: 45, y: 20 },
        diameterMm: 10,
        depthMm: 5,
        through: false,
        kind: 'blind',
      },
    ],
    pockets: [
      {
        label: 'Pocket 20 x 10 x 4',
        outline: [
          { x: 10, y: 15 },
          { x: 30, y: 15 },
          { x: 30, y: 25 },
          { x: 10, y: 25 },
        ],
        depthMm: 4,
        through: false,
        islands: [],
      },
    ],
    slots: [],
    generalToleranceMm: 0.05,
    ...(raUm !== undefined ? { raUm } : {}),
    notModelled: [],
  };
}

const header: ProgramHeader = {
  partName: 'Mould insert MI-60',
  material: 'H13 tool steel',
  stock: 'block 60 x 40 x 20 mm',
  machine: 'Golden sinker - Mitsubishi EA12S, serial S-1',
  controller: 'Mitsubishi D-CUBES (ISO sinker EDM)',
  programVersion: 1,
  notes: [],
};
const plan = (raUm = 1.6) =>
  planSinker({ part: mouldPlate(raUm), tools: electrodes, material: 'H13' });

describe('electrodes from the tool rows', () => {
  it('reads material, size and undersize', () => {
    const { electrodes: read } = electrodesFromTools([
      ...electrodes,
      row('T3', 'CuW electrode dia 4.8 u/s 0.1'),
      row('T4', '0.25 mm brass wire'),
    ]);
    expect(
      read.map((electrode) => [electrode.number, electrode.material, electrode.undersizeMm]),
    ).toEqual([
      [1, 'graphite', 0.2],
      [2, 'copper', 0.15],
      [3, 'copper-tungsten', 0.1],
    ]);
    expect(read[0]!.shape).toEqual({ kind: 'round', diameterMm: 9.6 });
    expect(read[1]!.shape).toEqual({ kind: 'rectangle', xMm: 19.7, yMm: 9.7 });
  });
});

describe('sinker conditions', () => {
  it('goes from the roughest condition the undersize allows to the one that meets Ra', () => {
    const chosen = chooseConditions('graphite on steel', 0.2, 1.6);
    if ('reason' in chosen) throw new Error(chosen.reason);
    const names = chosen.conditions.map((condition) => condition.name);
    expect(names).toEqual(['Semi-rough', 'Semi-finish', 'Finish']);
    const last = chosen.conditions[chosen.conditions.length - 1]!;
    expect(last.orbitMm).toBeCloseTo(0.2 - last.gapMm, 4);
    for (const condition of chosen.conditions)
      expect(condition.orbitMm).toBeCloseTo(0.2 - condition.gapMm - condition.allowanceMm, 4);
    expect(chooseConditions('graphite on steel', 0.01, 1.6)).toHaveProperty('reason');
  });

  it('finishes finer with more conditions and chooses copper-tungsten tables for carbide', () => {
    const fine = chooseConditions('copper on steel', 0.3, 0.4);
    const coarse = chooseConditions('copper on steel', 0.3, 3.2);
    if ('reason' in fine || 'reason' in coarse) throw new Error('no conditions');
    expect(fine.conditions.length).toBeGreaterThan(coarse.conditions.length);
    expect(materialPair('graphite', 'tungsten carbide K20')).toMatchObject({
      pair: 'copper-tungsten on carbide',
    });
    expect(materialPair('graphite', 'tungsten carbide').warning).toMatch(/copper-tungsten/);
    // Steel tables are no silent stand-in on another metal: the program says so.
    expect(materialPair('graphite', 'AISI 1045').warning).toBeUndefined();
    expect(materialPair('graphite', 'Aluminium 6082-T6').warning).toMatch(
      /^No conditions for graphite on aluminium are held here: .*graphite on steel table, a stand-in/,
    );
    expect(materialPair('copper', 'Brass CuZn39Pb3').warning).toMatch(/copper on copper alloy/);
    for (const table of Object.values(conditionTables))
      for (let index = 1; index < table.length; index += 1) {
        expect(table[index]!.gapMm).toBeLessThan(table[index - 1]!.gapMm);
        expect(table[index]!.raUm).toBeLessThan(table[index - 1]!.raUm);
      }
  });
});

describe('the sinker planner', () => {
  it('sinks the blind hole and the blind pocket, each with its electrode', () => {
    const result = plan();
    expect(
      result.cavities.map((cavity) => [cavity.label, cavity.electrode.number, cavity.center]),
    ).toEqual([
      ['Ø10 x 5 deep', 1, { x: 45, y: 20 }],
      ['Pocket 20 x 10 x 4', 2, { x: 20, y: 20 }],
    ]);
    expect(result.notProgrammed).toEqual([]);
  });

  it('steps down: each condition stops short by its gap and the roughness the next removes', () => {
    for (const cavity of plan().cavities) {
      const { conditions } = cavity;
      const last = conditions[conditions.length - 1]!;
      expect(last.bottomZ).toBeCloseTo(-(cavity.depthMm - last.gapMm), 4);
      expect(last.orbitMm).toBeCloseTo(cavity.electrode.undersizeMm - last.gapMm, 4);
      for (let index = 1; index < conditions.length; index += 1) {
        const before = conditions[index - 1]!;
        expect(conditions[index]!.bottomZ).toBeLessThan(before.bottomZ);
        expect(before.bottomZ).toBeCloseTo(
          -(cavity.depthMm - before.gapMm - before.allowanceMm!),
          4,
        );
        expect(conditions[index]!.orbitMm).toBeGreaterThan(before.orbitMm);
      }
    }
  });

  it('numbers conditions E101… with one number per table row', () => {
    const numbers = plan().cavities.flatMap((cavity) =>
      cavity.conditions.map((condition) => condition.number),
    );
    expect(numbers).toEqual([101, 102, 103, 104, 105, 106]);
  });

  it('lists cavities without a fitting electrode as not programmed', () => {
    const result = planSinker({ part: mouldPlate(), tools: [electrodes[0]!], material: 'H13' });
    expect(result.cavities).toHaveLength(1);
    expect(result.notProgrammed.join(' ')).toMatch(/Pocket 20 x 10 x 4: no selected electrode/);
    expect(() =>
      planSinker({
        part: mouldPlate(),
        tools: [row('T5', 'Copper electrode Ø3')],
        material: 'H13',
      }),
    ).toThrow(SinkerPlanningError);
  });

  it('burns a through hole past the bottom face and says how to support the plate', () => {
    const part = mouldPlate();
    part.holes[0] = { ...part.holes[0]!, label: 'Ø10 through', through: true, kind: 'through' };
    const result = planSinker({ part, tools: electrodes, material: 'H13' });
    const through = result.cavities.find((cavity) => cavity.label === 'Ø10 through')!;
    expect(through.depthMm).toBe(20 + sinkerBreakthroughMm);
    expect(through.conditions.at(-1)!.bottomZ).toBeLessThan(-20);
    expect(result.warnings.join(' ')).toMatch(/parallels clear of them/);
  });
});

const golden = new URL('sinker/iso-edm.nc', goldenDir);

describe('the iso-edm sinker post', () => {
  const gcode = writeSinkerProgram(plan(), header);

  it('matches its golden file', () => {
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, gcode);
    expect(gcode.split('\n')).toEqual(readFileSync(golden, 'utf8').split('\n'));
  });

  it('writes conditions, feeds down and orbits with explicit moves', () => {
    const lines = gcode.split('\n');
    expect(lines).toContain('G90 G54 G17');
    expect(lines).toContain('E101');
    expect(lines).toContain('G0 X45. Y20.');
    expect(lines.some((line) => /^G1 Z-4\.965 F/.test(line))).toBe(true);
    expect(lines).toContain('G2 X44.835 Y20. I-0.165 J0.');
    expect(lines.filter((line) => /^M0 \(MOUNT ELECTRODE/.test(line))).toHaveLength(2);
    expect(lines[lines.length - 3]).toBe('M30');
  });

  it('passes the verifier', () => {
    const report = verifySinkerProgram(
      readFileSync(golden, 'utf8'),
      sinkerVerificationInput(plan(), { minX: 0, minY: 0, maxX: 60, maxY: 40 }),
    );
    expect(report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(report.stats.extents).toMatchObject({ zMin: -4.965, zMax: 5 });
  });

  it('fails a cavity burned too deep, an orbit that misses the wall and a burn without E', () => {
    const input = sinkerVerificationInput(plan());
    const deep = verifySinkerProgram(gcode.replace('G1 Z-4.965', 'G1 Z-5.2'), input);
    expect(deep.checks.find((check) => check.id === 'depth')!.passed).toBe(false);
    const noOrbit = verifySinkerProgram(
      gcode
        .replace('G1 X45.165 Y20.\n', '')
        .replace('G2 X44.835 Y20. I-0.165 J0.\n', '')
        .replace('G2 X45.165 Y20. I0.165 J0.\n', ''),
      input,
    );
    expect(noOrbit.checks.find((check) => check.id === 'walls')!.passed).toBe(false);
    const noCondition = verifySinkerProgram(gcode.replace(/^E10\d\n/gm, ''), input);
    expect(noCondition.checks.find((check) => check.id === 'conditions')!.passed).toBe(false);
    const rapidIn = verifySinkerProgram(gcode.replace('G0 Z0.5', 'G0 Z-1.'), input);
    expect(rapidIn.checks.find((check) => check.id === 'rapids')!.passed).toBe(false);
  });
});

function job(dialect = 'iso-edm'): ProgramJob {
  const description = emptyDescription('Mould insert');
  description.materialSpecs.material = 'H13';
  description.surfaceFinish.raUm = 1.6;
  description.prismatic = {
    outline: [
      { x: 0, y: 0 },
      { x: 60, y: 0 },
      { x: 60, y: 40 },
      { x: 0, y: 40 },
    ],
    thicknessMm: 20,
    holes: [{ diameter: 'Ø10', x: 45, y: 20, diameterMm: 10, depthMm: 5 }],
    pockets: [
      {
        label: 'Pocket 20 x 10 x 4',
        outline: [
          { x: 10, y: 15 },
          { x: 30, y: 15 },
          { x: 30, y: 25 },
          { x: 10, y: 25 },
        ],
        depthMm: 4,
      },
    ],
    slots: [],
  };
  return {
    jobType: 'Sinker EDM',
    description,
    material: 'H13 tool steel',
    stock: { shape: 'block', xMm: 60, yMm: 40, zMm: 20 },
    machine: {
      name: 'Sinker 1',
      manufacturer: 'Mitsubishi',
      model: 'EA12S',
      controllerType: 'Mitsubishi',
      controllerModel: 'D-CUBES',
      dialect,
      serialNumber: 'S-1',
    },
    tools: electrodes,
    programVersion: 3,
    partName: 'Mould insert MI-60',
    headerNotes: ['Estimated cycle time 2 h'],
  };
}

describe('generateSinkerProgram', () => {
  it('writes and verifies a program from a description', () => {
    const program = generateSinkerProgram(job());
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.dialect).toBe('iso-edm');
    expect(program.fileName).toBe('Mould-insert-MI-60-v3.nc');
    expect(program.summary.jobType).toBe('Sinker EDM');
    expect(program.summary).not.toHaveProperty('cycleTime');
    expect(program.outline.plane).toBe('XY');
    expect(program.gcode).toMatch(/\(NOTE: ESTIMATED CYCLE TIME 2 H\)/);
    expect(program.plan.cavities).toHaveLength(2);
  });

  it('names each operation by the comment that starts it, for the cycle time', () => {
    const program = generateSinkerProgram(job());
    const names = program.summary.operations.map((operation) => operation.name);
    const found = findOperationLines(program.gcode.split('\n'), names);
    expect(found.map((entry) => entry.name)).toEqual(names);
  });

  it('refuses a dialect other than iso-edm', () => {
    expect(() => generateSinkerProgram(job('haas'))).toThrow(/iso-edm/);
  });
});

/**
 * The sinker golden's seeded faults (issue 35, decision 111): each fault alone is caught, on
 * the line it is on where it has one (the first burn it governs for a mode, an electrode or a
 * condition).
 */
describe('seeded faults in the sinker golden', () => {
  const goldenLines = () => readFileSync(golden, 'utf8').split('\n');
  const edit = (find: string, make: (line: string) => string) => (lines: string[]) => {
    const index = lines.indexOf(find);
    expect(index, find).toBeGreaterThanOrEqual(0);
    return lines.map((line, at) => (at === index ? make(line) : line));
  };
  const comment = '(REMOVED)';
  const faults: [string, (lines: string[]) => string[], number[]][] = [
    ['a cavity deleted', (lines) => [...lines.slice(0, 49), ...lines.slice(75)], []],
    ['a condition deleted', (lines) => [...lines.slice(0, 41), ...lines.slice(48)], []],
    ['a burn 1 mm deeper', edit('G1 Z-4.965 F0.03', () => 'G1 Z-5.965 F0.03'), [44]],
    [
      'an electrode not mounted',
      edit('M0 (MOUNT ELECTRODE T2 COPPER 19.7 X 9.7 AND SET ITS OFFSETS)', () => comment),
      [57],
    ],
    ['a condition left out', edit('E102', () => comment), [37]],
    ['another cavity’s condition', edit('E106', () => 'E101'), [71]],
    ['a feed x10', edit('G1 Z-4.825 F0.3', () => 'G1 Z-4.825 F3.'), [30]],
    ['a wrong plane', edit('G1 X45.025 Y20.', (line) => `G18 ${line}`), [32]],
    ['incremental mode left on', edit('G1 X45.025 Y20.', (line) => `G91 ${line}`), [31, 32]],
    ['an axis beyond the plate', edit('G0 X20. Y20.', () => 'G0 X2000. Y20.'), [53]],
    [
      'an orbit centre off',
      edit('G2 X44.835 Y20. I-0.165 J0.', () => 'G2 X44.835 Y20. I-0.365 J0.'),
      [46],
    ],
    ['a rapid into the part', edit('G1 Z-3.88 F0.2', () => 'G0 Z-3.88'), [57]],
    ['the work offset missing', edit('G90 G54 G17', () => 'G90 G17'), [24]],
    ['the program end missing', (lines) => lines.filter((line) => line !== 'M30'), []],
  ];

  it.each(faults)('catches %s, on its line', (name, seed, lines) => {
    const report = verifySinkerProgram(
      seed(goldenLines()).join('\n'),
      sinkerVerificationInput(plan(), { minX: 0, minY: 0, maxX: 60, maxY: 40 }),
    );
    expect(report.passed).toBe(false);
    expectCaughtOnLine(report, lines, name);
  });
});
