/**
 * Wire EDM: the wire read from the tool rows, the technology (offsets and skims), the planner
 * (contours, start holes, lead-ins, sides, tabs), the iso-edm post against its golden file
 * (tests/golden/wire/iso-edm.nc; UPDATE_GOLDEN=1 rewrites it), the verifier, and the generator.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import { findOperationLines } from '#cam/cycle-time';
import { distanceToBoundary, pointInPolygon } from '#cam/geometry/polygon';
import { writeWireProgram } from '#cam/post/edm/wire';
import type { ProgramHeader } from '#cam/post/common';
import type { PrismaticPart } from '#cam/prismatic/part';
import type { ProgramJob } from '#cam/program';
import type { ToolRow } from '#cam/tool-row';
import { verifyWireProgram } from '#cam/verify/wire/index';
import { wireVerificationInput } from '#cam/verify/wire/input';
import { generateWireProgram } from '#cam/jobs/wire';
import { planWire } from '#cam/wire/plan';
import { wireTechnology } from '#cam/wire/technology';
import { wireDiameterFrom, wireFromTools } from '#cam/wire/tooling';
import { expectCaughtOnLine } from '#tests/helpers/caught';
import { goldenDir } from '#tests/helpers/paths';
import { WirePlanningError, WireToolingError } from '#cam/errors';

const row = (description: string, overrides: Partial<ToolRow> = {}): ToolRow => ({
  id: description,
  slotNumber: 'T1',
  toolName: 'Wire',
  toolDescription: description,
  toolType: 'Electrical Discharge Machining',
  toolManufacturer: '',
  toolHint: '',
  ...overrides,
});
const brass = row('0.25 mm brass wire');

/** A 60 x 40 x 10 die plate with a 20 x 10 cut-out and a Ø8 through hole. */
function diePlate(generalToleranceMm: number, raUm?: number): PrismaticPart {
  return {
    outline: [
      { x: 0, y: 0 },
      { x: 60, y: 0 },
      { x: 60, y: 40 },
      { x: 0, y: 40 },
    ],
    thicknessMm: 10,
    thicknessSource: 'drawing',
    holes: [
      {
        label: 'Ø8 through',
        center: { x: 45, y: 20 },
        diameterMm: 8,
        depthMm: 10,
        through: true,
        kind: 'through',
      },
    ],
    pockets: [
      {
        label: 'Cut-out 20 x 10',
        outline: [
          { x: 10, y: 15 },
          { x: 30, y: 15 },
          { x: 30, y: 25 },
          { x: 10, y: 25 },
        ],
        depthMm: 10,
        through: true,
        islands: [],
      },
    ],
    slots: [],
    generalToleranceMm,
    ...(raUm !== undefined ? { raUm } : {}),
    notModelled: [],
  };
}

const header: ProgramHeader = {
  partName: 'Die plate DP-60',
  material: 'D2 tool steel',
  stock: 'plate 70 x 50 x 10 mm',
  machine: 'Golden wire EDM - Mitsubishi MV1200R, serial W-1',
  controller: 'Mitsubishi D-CUBES (ISO wire EDM)',
  programVersion: 1,
  notes: [],
};

const plateStock = { xMm: 70, yMm: 50 };
const plan = (tolerance = 0.005, raUm?: number) =>
  planWire({ part: diePlate(tolerance, raUm), tools: [brass], material: 'D2', stock: plateStock });

describe('the wire from the tool rows', () => {
  it('reads diameters in mm, with Ø, and in inches', () => {
    expect(wireDiameterFrom('0.25 mm brass wire')).toBe(0.25);
    expect(wireDiameterFrom('Ø0.25 coated')).toBe(0.25);
    expect(wireDiameterFrom('0.010" brass')).toBe(0.254);
    expect(wireDiameterFrom('0,2mm')).toBe(0.2);
    expect(wireDiameterFrom('spool 8 kg')).toBeUndefined();
  });

  it('reads the material and refuses a job without a wire or its diameter', () => {
    expect(wireFromTools([row('Ø0.2 zinc coated brass wire')]).wire).toMatchObject({
      diameterMm: 0.2,
      material: 'coated brass',
    });
    expect(() => wireFromTools([row('end mill Ø10', { toolType: 'Milling' })])).toThrow(
      WireToolingError,
    );
    expect(() => wireFromTools([row('brass wire')])).toThrow(/diameter/);
  });
});

describe('wire technology', () => {
  it('adds skims for tighter tolerances and finer roughness', () => {
    const input = {
      diameterMm: 0.25,
      wireMaterial: 'brass',
      workpieceMaterial: 'D2',
      thicknessMm: 10,
    };
    const loose = wireTechnology({ ...input, toleranceMm: 0.05 });
    const tight = wireTechnology({ ...input, toleranceMm: 0.005 });
    expect(loose.skims).toBe(0);
    expect(tight.skims).toBeGreaterThan(loose.skims);
    expect(wireTechnology({ ...input, toleranceMm: 0.05, raUm: 1.6 }).skims).toBe(1);
    expect(wireTechnology({ ...input, toleranceMm: 0.05, raUm: 0.4 }).skims).toBe(3);
    expect(wireTechnology({ ...input, toleranceMm: 0.05, raUm: 0.1 }).warnings[0]).toMatch(/finer/);
  });

  it('sets each offset to the wire radius + spark gap + the later skims’ allowance', () => {
    const { passes } = wireTechnology({
      diameterMm: 0.25,
      wireMaterial: 'brass',
      workpieceMaterial: 'D2',
      thicknessMm: 10,
      toleranceMm: 0.002,
    });
    expect(passes.map((pass) => pass.register)).toEqual([1, 2, 3, 4]);
    for (const pass of passes)
      expect(pass.offsetMm).toBeCloseTo(0.125 + pass.gapMm! + pass.allowanceMm!, 3);
    expect(passes[passes.length - 1]!.allowanceMm).toBe(0);
    for (let index = 1; index < passes.length; index += 1) {
      expect(passes[index]!.offsetMm).toBeLessThan(passes[index - 1]!.offsetMm);
      expect(passes[index]!.raUm).toBeLessThan(passes[index - 1]!.raUm);
    }
  });

  it('cuts slower in thicker plates', () => {
    const at = (thicknessMm: number) =>
      wireTechnology({
        diameterMm: 0.25,
        wireMaterial: 'brass',
        workpieceMaterial: 'D2',
        thicknessMm,
        toleranceMm: 0.05,
      }).passes[0]!.feedMmPerMin;
    expect(at(50)).toBeLessThan(at(10));
  });
});

describe('the wire planner', () => {
  it('cuts the cut-out and the hole, then the outline, each with its own side', () => {
    const result = plan();
    expect(result.contours.map((contour) => [contour.label, contour.kind, contour.side])).toEqual([
      ['Cut-out 20 x 10', 'inner', 'left'],
      ['Ø8 through', 'inner', 'left'],
      ['Outline', 'outline', 'right'],
    ]);
    expect(result.thicknessMm).toBe(10);
    expect(result.notProgrammed).toEqual([]);
  });

  it('plans more skims for ±0.005 than for ±0.05', () => {
    expect(plan(0.005).contours[0]!.passes.length).toBeGreaterThan(
      plan(0.05).contours[0]!.passes.length,
    );
    expect(plan(0.05).contours[0]!.passes.map((pass) => pass.name)).toEqual(['Rough']);
  });

  it('puts start holes inside the slugs and the outline’s in the plate margin', () => {
    const result = plan();
    for (const contour of result.contours) {
      if (contour.kind === 'inner') {
        expect(pointInPolygon(contour.startHole, contour.path)).toBe('inside');
        expect(distanceToBoundary(contour.startHole, contour.path)).toBeGreaterThanOrEqual(
          contour.startHoleDiameterMm / 2,
        );
      } else {
        expect(pointInPolygon(contour.startHole, result.part.outline)).toBe('outside');
        expect(contour.startHole.y).toBeGreaterThan(result.stockBounds!.minY);
      }
    }
    expect(result.contours[1]!.startHole).toEqual({ x: 45, y: 20 });
  });

  it('leads in perpendicular to the segment it meets', () => {
    for (const contour of plan().contours) {
      if (contour.circle) {
        // Radial: from the centre, perpendicular to the circle's tangent.
        expect(contour.startHole).toEqual(contour.circle.center);
        continue;
      }
      const [start, next] = contour.path;
      const lead = { x: start!.x - contour.startHole.x, y: start!.y - contour.startHole.y };
      const along = { x: next!.x - start!.x, y: next!.y - start!.y };
      const cosine =
        (lead.x * along.x + lead.y * along.y) /
        (Math.hypot(lead.x, lead.y) * Math.hypot(along.x, along.y));
      expect(Math.abs(cosine)).toBeLessThan(0.01);
    }
  });

  it('leaves a tab on every contour, ending the rough pass short of the lead-in point', () => {
    for (const contour of plan().contours) {
      expect(contour.tabMm).toBe(1);
      const start = contour.path[0]!;
      const tab = contour.tabStart!;
      expect(Math.hypot(start.x - tab.x, start.y - tab.y)).toBeCloseTo(1, 2);
    }
  });

  it('offsets every pass by the wire radius + gap + skim allowance', () => {
    const passes = plan().contours[0]!.passes;
    expect(passes.length).toBe(3);
    for (const pass of passes)
      expect(pass.offsetMm).toBeCloseTo(0.125 + pass.gapMm! + pass.allowanceMm!, 3);
  });

  it('leaves the outline uncut when the plate is the part’s size, and refuses a smaller plate', () => {
    const exact = planWire({
      part: diePlate(0.05),
      tools: [brass],
      material: 'D2',
      stock: { xMm: 60, yMm: 40 },
    });
    expect(exact.contours.map((contour) => contour.kind)).toEqual(['inner', 'inner']);
    expect(exact.notProgrammed.join(' ')).toMatch(/Outline: the plate leaves no room/);
    expect(() =>
      planWire({
        part: diePlate(0.05),
        tools: [brass],
        material: 'D2',
        stock: { xMm: 50, yMm: 40 },
      }),
    ).toThrow(WirePlanningError);
  });

  it('lists blind, tapped and tiny holes as not programmed', () => {
    const part = diePlate(0.05);
    part.holes.push(
      {
        label: 'Ø1 through',
        center: { x: 5, y: 5 },
        diameterMm: 1,
        depthMm: 10,
        through: true,
        kind: 'through',
      },
      {
        label: 'Ø6 x 4 deep',
        center: { x: 5, y: 35 },
        diameterMm: 6,
        depthMm: 4,
        through: false,
        kind: 'blind',
      },
      {
        label: 'M6 tapped',
        center: { x: 55, y: 35 },
        diameterMm: 5,
        depthMm: 10,
        through: true,
        kind: 'tapped',
      },
    );
    const result = planWire({ part, tools: [brass], material: 'D2', stock: plateStock });
    expect(result.contours).toHaveLength(3);
    expect(result.notProgrammed).toHaveLength(3);
  });
});

const golden = new URL('wire/iso-edm.nc', goldenDir);

describe('the iso-edm wire post', () => {
  const gcode = writeWireProgram(plan(), header);

  it('matches its golden file', () => {
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, gcode);
    expect(gcode.split('\n')).toEqual(readFileSync(golden, 'utf8').split('\n'));
  });

  it('writes G54 start holes, threading and cutting stops, offsets and the registers', () => {
    const lines = gcode.split('\n');
    expect(lines).toContain('G90 G54 G40 G17');
    expect(gcode).not.toMatch(/G92/);
    expect(lines).toContain('G0 X20. Y18.');
    expect(lines).toContain('M0 (THREAD WIRE AT START HOLE X20. Y18. DIA 2)');
    // The header lists every start hole, where the operator prepares the blank.
    const header = lines.slice(
      0,
      lines.findIndex((line) => line.startsWith('G90')),
    );
    const holes = header.filter((line) => /^\(\d+\. DIA [\d.]+ AT X/.test(line));
    expect(holes).toHaveLength(plan().contours.length);
    expect(holes).toContain('(1. DIA 2 AT X20. Y18. FOR CUT-OUT 20 X 10)');
    expect(lines.filter((line) => line === 'M0 (CUT WIRE)')).toHaveLength(2);
    expect(lines.filter((line) => /^G41 D1 G1/.test(line))).toHaveLength(2);
    expect(lines.filter((line) => /^G42 D1 G1/.test(line))).toHaveLength(1);
    expect(gcode).toMatch(/\(D1 = 0\.\d+ MM ROUGH/);
    expect(gcode).toMatch(/PLATE THICKNESS 10 MM/);
    expect(lines.filter((line) => line === 'M0 (REMOVE THE SLUG)')).toHaveLength(2);
    expect(lines[lines.length - 3]).toBe('M30');
  });

  it('passes the verifier', () => {
    const report = verifyWireProgram(readFileSync(golden, 'utf8'), wireVerificationInput(plan()));
    expect(report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.stats.extents).toMatchObject({ xMin: 0, xMax: 60, yMin: -3, yMax: 40 });
  });

  it('fails a contour that is not closed', () => {
    const broken = gcode
      .replace(
        'M0 (SECURE THE SLUG - THE TAB IS CUT NEXT)\nG1 X20. Y15.\n',
        'M0 (SECURE THE SLUG - THE TAB IS CUT NEXT)\n',
      )
      .replace(/G1 X10\. Y15\.\nG1 X20\. Y15\.\nG40/g, 'G1 X10. Y15.\nG40');
    const report = verifyWireProgram(broken, wireVerificationInput(plan()));
    expect(report.passed).toBe(false);
    const closed = report.checks.find((check) => check.id === 'closed')!;
    expect(closed.passed).toBe(false);
    expect(closed.details.join(' ')).toMatch(/Cut-out 20 x 10/);
  });

  it('fails a contour cut without compensation', () => {
    const broken = gcode.replace(/^G41 D2 G1 /m, 'G1 ');
    const report = verifyWireProgram(broken, wireVerificationInput(plan()));
    expect(report.checks.find((check) => check.id === 'compensation')!.passed).toBe(false);
  });

  it('fails an offset on the wrong side and a rapid without cutting the wire', () => {
    const wrongSide = gcode.replace(/^G41 D1 G1 X20\. Y15\./m, 'G42 D1 G1 X20. Y15.');
    expect(
      verifyWireProgram(wrongSide, wireVerificationInput(plan())).checks.find(
        (check) => check.id === 'side',
      )!.passed,
    ).toBe(false);
    const noCut = gcode.replace('M0 (CUT WIRE)\n', '');
    expect(
      verifyWireProgram(noCut, wireVerificationInput(plan())).checks.find(
        (check) => check.id === 'rapids',
      )!.passed,
    ).toBe(false);
  });
});

function job(dialect = 'iso-edm'): ProgramJob {
  const description = emptyDescription('Die plate');
  description.materialSpecs.material = 'D2';
  description.prismatic = {
    outline: [
      { x: 0, y: 0 },
      { x: 60, y: 0 },
      { x: 60, y: 40 },
      { x: 0, y: 40 },
    ],
    thicknessMm: 10,
    holes: [{ diameter: 'Ø8', x: 45, y: 20, diameterMm: 8, through: true }],
    pockets: [
      {
        label: 'Cut-out 20 x 10',
        outline: [
          { x: 10, y: 15 },
          { x: 30, y: 15 },
          { x: 30, y: 25 },
          { x: 10, y: 25 },
        ],
        through: true,
      },
    ],
    slots: [],
  };
  return {
    jobType: 'Wire EDM',
    description,
    material: 'D2 tool steel',
    stock: { shape: 'block', xMm: 70, yMm: 50, zMm: 10 },
    machine: {
      name: 'Wire 1',
      manufacturer: 'Mitsubishi',
      model: 'MV1200R',
      controllerType: 'Mitsubishi',
      controllerModel: 'D-CUBES',
      dialect,
      serialNumber: 'W-1',
    },
    tools: [brass],
    programVersion: 2,
    partName: 'Die plate DP-60',
    headerNotes: ['Estimated cycle time 1 h 10 min'],
  };
}

describe('generateWireProgram', () => {
  it('writes and verifies a program from a description', () => {
    const program = generateWireProgram(job());
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.dialect).toBe('iso-edm');
    expect(program.fileName).toBe('Die-plate-DP-60-v2.nc');
    expect(program.summary.jobType).toBe('Wire EDM');
    expect(program.summary).not.toHaveProperty('cycleTime');
    expect(program.outline.plane).toBe('XY');
    expect(program.outline.polygons).toHaveLength(3);
    expect(program.gcode).toMatch(/\(NOTE: ESTIMATED CYCLE TIME 1 H 10 MIN\)/);
    expect(program.plan.contours).toHaveLength(3);
  });

  it('names each operation by the comment that starts it, for the cycle time', () => {
    const program = generateWireProgram(job());
    const names = program.summary.operations.map((operation) => operation.name);
    const found = findOperationLines(program.gcode.split('\n'), names);
    expect(found.map((entry) => entry.name)).toEqual(names);
  });

  it('refuses a dialect other than iso-edm', () => {
    expect(() => generateWireProgram(job('fanuc'))).toThrow(/iso-edm/);
  });
});

/**
 * The wire golden's seeded faults (issue 35, decision 111): each fault alone is caught, on the
 * line it is on where it has one (the moves it governs for a mode or an offset).
 */
describe('seeded faults in the wire golden', () => {
  const goldenLines = () => readFileSync(golden, 'utf8').split('\n');
  /** The golden with the line reading `find` made into `make(line)`. */
  const edit = (find: string, make: (line: string) => string) => (lines: string[]) => {
    const index = lines.indexOf(find);
    expect(index, find).toBeGreaterThanOrEqual(0);
    return lines.map((line, at) => (at === index ? make(line) : line));
  };
  const without = (find: string) => (lines: string[]) => {
    expect(lines).toContain(find);
    return lines.filter((line) => line !== find);
  };
  const rough = 'G41 D1 G1 X20. Y15. F13.';
  const skim = 'G41 D2 G1 X20. Y15. F32.5';
  const faults: [string, (lines: string[]) => string[], number[]][] = [
    ['a contour deleted', (lines) => [...lines.slice(0, 55), ...lines.slice(77)], []],
    ['a skim deleted', (lines) => [...lines.slice(0, 71), ...lines.slice(76)], []],
    ['the offset on the wrong side', edit(rough, (line) => line.replace('G41', 'G42')), [29, 30]],
    ['a skim on the wrong side', edit(skim, (line) => line.replace('G41', 'G42')), [40, 41]],
    ['the wire offset missing', edit(rough, (line) => line.replace('G41 D1 ', '')), [29]],
    [
      'a skim with the rough offset',
      edit('G41 D3 G1 X49. Y20. F45.5', (l) => l.replace('D3', 'D1')),
      [73],
    ],
    ['a feed x10', edit(rough, (line) => line.replace('F13.', 'F130.')), [29]],
    ['a skim fed x10', edit(skim, (line) => line.replace('F32.5', 'F325.')), [40]],
    ['a side 1 mm into the part', edit('G1 X30. Y15.', () => 'G1 X30. Y14.'), [30]],
    ['incremental mode left on', edit('G1 X30. Y15.', (line) => `G91 ${line}`), [30]],
    [
      'a wrong plane',
      edit('(CUT-OUT 20 X 10 ROUGH: D1 = 0.183 MM, RA 3.2, F 13)', () => 'G18'),
      [28],
    ],
    [
      'an arc whose centre is off',
      edit('G3 X41. Y20. I-4. J0.', () => 'G3 X41. Y20. I-3. J0.'),
      [61],
    ],
    ['a rapid without cutting the wire', without('M0 (CUT WIRE)'), [56]],
    ['an axis beyond the plate', edit('G0 X20. Y18.', () => 'G0 X2000. Y18.'), [26]],
    ['the work offset missing', edit('G90 G54 G40 G17', () => 'G90 G40 G17'), [26]],
    ['the program end missing', without('M30'), []],
  ];

  it('names the skim a program leaves out, and the size it leaves', () => {
    const seeded = [...goldenLines().slice(0, 71), ...goldenLines().slice(76)].join('\n');
    const report = verifyWireProgram(seeded, wireVerificationInput(plan()));
    expect(report.checks.find((check) => check.id === 'passes')?.details).toEqual([
      'Ø8 through: 2 of 3 passes are cut; Skim 2 (D3) not, so it is left about 0.014 mm oversize per side',
    ]);
  });

  it.each(faults)('catches %s, on its line', (name, seed, lines) => {
    const report = verifyWireProgram(seed(goldenLines()).join('\n'), wireVerificationInput(plan()));
    expect(report.passed).toBe(false);
    expectCaughtOnLine(report, lines, name);
  });
});
