import { describe, expect, it } from 'vitest';
import type { BlueprintDescription } from '#contracts/blueprint';
import { fitLimits } from '#cam/iso286';
import { generateLatheProgram } from '#cam/jobs/lathe';
import type { ProgramJob } from '#cam/program';
import { turnedPartFromDescription } from '#cam/lathe/part';
import { interpret } from '#cam/gcode/interpreter';
import { suggestRoundBar } from '#cam/lathe/stock';
import { latheTooling, testParts } from '#tests/helpers/parts';
import { PartModelError } from '#cam/errors';

const machines = {
  linuxcnc: {
    dialect: 'linuxcnc',
    controllerType: 'Tormach PathPilot',
    controllerModel: 'PathPilot',
    manufacturer: 'Tormach',
    model: '15L Slant-PRO',
  },
  fanuc: {
    dialect: 'fanuc',
    controllerType: 'Fanuc',
    controllerModel: 'Fanuc 0i-TF Plus',
    manufacturer: 'DN Solutions',
    model: 'Lynx 2100',
  },
  haas: {
    dialect: 'haas',
    controllerType: 'Haas',
    controllerModel: 'Haas NGC',
    manufacturer: 'Haas Automation',
    model: 'ST-10',
  },
  sinumerik: {
    dialect: 'sinumerik',
    controllerType: 'Siemens',
    controllerModel: 'Sinumerik 828D',
    manufacturer: 'EMCO',
    model: 'Hyperturn 45',
  },
} as const;

function job(
  description: BlueprintDescription,
  dialect: keyof typeof machines,
  overrides: Partial<ProgramJob> = {},
): ProgramJob {
  const part = turnedPartFromDescription(description);
  const largest = Math.max(...part.outer.map((section) => section.targetMm));
  return {
    description,
    material: description.materialSpecs.material,
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm: suggestRoundBar(largest, part.lengthMm)!.diameterMm },
    machine: { name: 'Test lathe', serialNumber: 'SN-1', ...machines[dialect] },
    tools: latheTooling,
    programVersion: 1,
    ...overrides,
  };
}

describe('lathe programs for designed parts', () => {
  for (const [name, description] of Object.entries(testParts)) {
    for (const dialect of Object.keys(machines) as (keyof typeof machines)[]) {
      it(`${name} in the ${dialect} dialect passes every verifier check`, () => {
        const program = generateLatheProgram(job(description, dialect));
        const failed = program.report.checks.filter((check) => !check.passed);
        expect(failed).toEqual([]);
        expect(program.report.passed).toBe(true);
        expect(program.fileName).toMatch(/-v1\.nc$/);
      });
    }
  }

  it('finishes each outer diameter at the middle of its tolerance band', () => {
    const program = generateLatheProgram(job(testParts.steppedShaft, 'linuxcnc'));
    const finish = program.plan.operations.find((operation) => operation.name === 'Finish OD')!;
    const h7 = fitLimits('h7', 20);
    const xs = new Set(finish.moves.filter((move) => move.kind === 'feed').map((move) => move.x));
    expect(xs).toContain(Math.round((20 + (h7.upperMm + h7.lowerMm) / 2) * 1000) / 1000);
    expect(xs).toContain(30);
    expect(xs).toContain(36);
    expect(h7).toEqual({ upperMm: 0, lowerMm: -0.021 });
  });

  it('writes each dialect as its controller expects', () => {
    const linuxcnc = generateLatheProgram(job(testParts.steppedShaft, 'linuxcnc')).gcode;
    expect(linuxcnc).toMatch(/^%\n/);
    expect(linuxcnc).toContain('G7 G18 G21 G40 G80 G90 G95 G54');
    expect(linuxcnc).toMatch(/\nT1 M6 G43\nG96 D2500 S\d+ M3\n/);
    expect(linuxcnc).not.toMatch(/G50/);
    const fanuc = generateLatheProgram(job(testParts.steppedShaft, 'fanuc')).gcode;
    expect(fanuc).toMatch(/^%\nO1001 \(/);
    expect(fanuc).toMatch(/\nT0101\nG50 S2500\nG96 S\d+ M03\n/);
    expect(fanuc).toContain('G28 U0. W0.');
    expect(fanuc).toMatch(/X\d+\.\d* Z/);
    expect(fanuc.split('\n').every((line) => !/[a-z]/.test(line.replace(/\(.*\)/, '')))).toBe(true);
    const haas = generateLatheProgram(job(testParts.steppedShaft, 'haas')).gcode;
    expect(haas).toMatch(/^%\nO01001 \(/);
    expect(haas).toMatch(/\nT101\n/);
    expect(haas).toContain('G53 G00 X0.\nG53 G00 Z0.');
    const sinumerik = generateLatheProgram(job(testParts.steppedShaft, 'sinumerik')).gcode;
    expect(sinumerik).toMatch(/^; Part: /);
    expect(sinumerik).toContain('G18 G71 G90 G95 DIAMON\nG54\n');
    expect(sinumerik).toMatch(/\nT1 D1\nG96 S\d+ LIMS=2500 M3\n/);
    expect(sinumerik).toMatch(/X\d+ Z/);
    expect(sinumerik.trimEnd().endsWith('M30')).toBe(true);
  });

  it('states part, material, stock, machine, controller, tools and version in the header', () => {
    const { gcode } = generateLatheProgram(
      job(testParts.bushing, 'linuxcnc', { programVersion: 3, partName: 'Bushing B-12' }),
    );
    const header = gcode.split('\n').slice(0, 20).join('\n');
    expect(header).toContain('(Part: Bushing B-12)');
    expect(header).toContain('(Material: 6061-T6)');
    expect(header).toMatch(/\(Stock: round bar DIA 42 mm, \d+ mm out of the chuck\)/);
    expect(header).toContain('(Machine: Test lathe - Tormach 15L Slant-PRO, serial SN-1)');
    expect(header).toContain('(Controller: Tormach PathPilot [LinuxCNC / PathPilot])');
    expect(header).toContain('(Program version 3, written by Q-Bot)');
    expect(header).toContain('(T6 Drill 16 - HSS twist drill DIA 16 mm)');
    expect(header).not.toContain('T5 Drill 8.5');
  });

  it('uses constant surface speed only after a spindle limit and drills at constant rpm', () => {
    const { gcode } = generateLatheProgram(job(testParts.bushing, 'fanuc'));
    const lines = gcode.split('\n');
    lines.forEach((line, index) => {
      if (line.startsWith('G96')) expect(lines[index - 1]).toMatch(/^G50 S\d+$/);
    });
    expect(gcode).toMatch(/\(CENTRE DRILL: T4 CENTRE DRILL A2\.5, \d+ RPM/);
    expect(gcode).toMatch(/\nG97 S\d+ M03\n/);
  });
});

describe('what the planner refuses, and says', () => {
  it('turns the part from a sawn blank without a parting blade, naming what one would change', () => {
    // Issue 33: a missing parting blade no longer refuses the part (decision 060).
    const withoutParting = latheTooling.filter((tool) => tool.toolType !== 'Cutting');
    const program = generateLatheProgram(
      job(testParts.steppedShaft, 'linuxcnc', { tools: withoutParting }),
    );
    expect(program.plan.warnings[0]).toMatch(
      /^No parting blade is selected: the part is made from a sawn blank in two setups; a parting blade that reaches \d+ mm would part it off the bar in one\.$/,
    );
    expect(program.plan.operations.some((operation) => operation.role === 'part-off')).toBe(false);
    expect(program.plan.stock.blankLengthMm).toBeDefined();
    expect(program.report.verified).toBe(true);
  });

  it('leaves a bore no selected drill fits undone, naming the drill, instead of refusing', () => {
    // Issue 33: a missing drill no longer refuses the part (decision 046).
    const withoutDrills = latheTooling.filter((tool) => tool.toolType !== 'Drilling');
    const program = generateLatheProgram(
      job(testParts.bushing, 'linuxcnc', { tools: withoutDrills }),
    );
    expect(program.report.verified).toBe(false);
    expect(program.report.unfinished[0]).toMatch(
      /^the bore Ø20 H7 through: .*no selected twist drill is Ø19\.4 mm or smaller; a twist drill of Ø19\.4 mm or smaller would make it$/,
    );
  });

  it('lists every missing tool at once, each once', () => {
    // No turning tool, no parting blade (not needed: decision 060), a grooving blade and a drill
    // whose sizes are not written.
    const tools = [
      ...latheTooling.filter((tool) => !['Turning', 'Cutting', 'Drilling'].includes(tool.toolType)),
      {
        ...latheTooling[0]!,
        id: 'g',
        slotNumber: 'T20',
        toolName: 'Grooving blade',
        toolDescription: 'for grooves',
        toolType: 'Cutting',
        toolHint: 'groove',
      },
      {
        ...latheTooling[0]!,
        id: 'd',
        slotNumber: 'T21',
        toolName: 'Twist drill',
        toolDescription: 'HSS',
        toolType: 'Drilling',
        toolHint: 'none',
      },
    ];
    let message = '';
    try {
      generateLatheProgram(job(testParts.bushing, 'linuxcnc', { tools }));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('(1) an external turning tool to face and rough the outside');
    expect(message).toContain('(2) the width of T20 Grooving blade');
    expect(message).not.toContain('parting');
    expect(message).toContain('(3) the diameter of T21 Twist drill');
    expect(message).toContain('(4) a twist drill up to Ø19.4 mm for the bore');
    expect(message).not.toContain('(5)');
  });

  it('refuses stock smaller than the part', () => {
    expect(() =>
      generateLatheProgram(
        job(testParts.steppedShaft, 'linuxcnc', { stock: { shape: 'round', diameterMm: 30 } }),
      ),
    ).toThrow(/The stock Ø30 mm is too small for the part's largest diameter Ø36 mm/);
  });

  it('refuses a controller without a lathe post-processor, naming the ones there are', () => {
    const heidenhain = {
      ...machines.linuxcnc,
      dialect: 'heidenhain',
      controllerModel: 'CNC PILOT 640',
    };
    expect(() =>
      generateLatheProgram({
        ...job(testParts.steppedShaft, 'linuxcnc'),
        machine: { name: 'M', serialNumber: 'S', ...heidenhain },
      }),
    ).toThrow(
      'Lathe programs for CNC PILOT 640 (heidenhain dialect) are not written: this version writes LinuxCNC/PathPilot, Fanuc, Haas, Sinumerik and Okuma lathe programs.',
    );
  });

  it('names what a description lacks', () => {
    const broken = structuredClone(testParts.steppedShaft);
    delete broken.outerDiameters[1]!.lengthMm;
    broken.outerDiameters[1]!.length = 'long';
    expect(() => turnedPartFromDescription(broken)).toThrow(PartModelError);
    expect(() => turnedPartFromDescription(broken)).toThrow(/the length of Ø30/);
    const empty = structuredClone(testParts.steppedShaft);
    empty.outerDiameters = [];
    expect(() => turnedPartFromDescription(empty)).toThrow(/the outer diameters of the part/);
  });
});

describe('the interpreter', () => {
  it('keeps diameters, feeds and tools for every dialect', () => {
    const events = [
      ...interpret(
        ['G7 G18 G21 G95', 'T2 M6', 'G96 D2000 S150 M3', 'G0 X20 Z2', 'G1 Z-5 F0.1', 'M30'],
        'linuxcnc',
      ),
    ];
    const feed = events.find((event) => event.type === 'motion' && event.kind === 'feed');
    expect(feed).toMatchObject({
      to: { x: 20, z: -5 },
      tool: 2,
      feed: 0.1,
      feedMode: 'per-rev',
      spindle: { mode: 'css', maxRpm: 2000, turning: 'cw' },
    });
    const radius = [...interpret(['G8', 'G0 X10 Z0'], 'linuxcnc')].find(
      (event) => event.type === 'motion',
    );
    expect(radius).toMatchObject({ to: { x: 20 } });
    const fanuc = [
      ...interpret(['G28 U0. W0.', 'T0303', 'G00 X30. Z1.', 'G01 U-2. W-3. F0.2', 'M30'], 'fanuc'),
    ];
    expect(
      fanuc
        .filter((event) => event.type === 'motion')
        .map((event) => (event as { to: unknown }).to),
    ).toEqual([
      { x: 30, y: 0, z: 1 },
      { x: 28, y: 0, z: -2 },
    ]);
    expect(fanuc.find((event) => event.type === 'tool')).toMatchObject({ tool: 3 });
  });

  it('reports codes the controller does not run, with the line', () => {
    const errors = [
      ...interpret(['G50 S2000', 'G0 X10 Z0', 'M98 P100', 'G1 X5 Y2'], 'linuxcnc'),
    ].filter((event) => event.type === 'error');
    expect(errors.map((event) => (event as { line: number; message: string }).line)).toEqual([
      1, 3, 4,
    ]);
    expect(errors[0]).toMatchObject({
      message: 'G50 is not a code this interpreter knows for linuxcnc',
    });
  });
});
