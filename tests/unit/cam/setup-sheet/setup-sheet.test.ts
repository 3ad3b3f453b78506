/**
 * The setup sheet written with every program (cam/setup-sheet/, decision 107): what it says is
 * what the program does. The lathe is the golden hydraulic adapter on the Fanuc lathe; the mill
 * is FLH-001.dxf on the demo Haas VF-2 (incomplete: the sheet says what it leaves).
 */
import { describe, expect, it } from 'vitest';
import { generateProgram } from '#cam/jobs/generate';
import { postLatheJob } from '#cam/jobs/lathe';
import { latheSetup } from '#cam/setup-sheet/lathe';
import { minStickOut, offsetRegister } from '#cam/setup-sheet/kind';
import { setupSheetSchema } from '#contracts/setup-sheet';
import { goldenLatheJob } from '#tests/helpers/golden-jobs';
import { flh001Job } from '../mill/plates.ts';

/** The header's comment lines of a program, without their brackets. */
const headerComments = (gcode: string) =>
  gcode
    .split('\n')
    .filter((line) => /^\(.*\)$/.test(line))
    .map((line) => line.slice(1, -1));

describe('the setup sheet of a lathe program', () => {
  const job = goldenLatheJob('fanuc');
  const program = generateProgram(job);
  const sheet = program.setupSheet;

  it('names the part, the machine, the version and the file as the program does', () => {
    expect(setupSheetSchema.parse(sheet)).toEqual(sheet);
    expect(sheet).toMatchObject({
      partName: 'Hydraulic adapter HA-20',
      jobType: 'Lathe',
      programVersion: 1,
      fileName: program.fileName,
      dialect: 'fanuc',
      material: '11SMnPb30',
      machine: { name: 'Golden lathe', serialNumber: 'G-1', controller: 'Fanuc 0i-TF Plus' },
      stock: { size: program.summary.stock, material: '11SMnPb30' },
    });
    expect(program.gcode).toContain(`Part: ${sheet.partName}`.toUpperCase());
  });

  it('lists every tool the program calls, with the offset the program uses', () => {
    const called = [...program.gcode.matchAll(/\bT(\d\d)(\d\d)\b/g)].map((match) =>
      Number(match[1]),
    );
    expect(sheet.tools.map((tool) => tool.toolNumber)).toEqual(
      [...new Set(called)].sort((a, b) => a - b),
    );
    for (const tool of sheet.tools) {
      const call = tool.offset.split(':')[0]!;
      expect(program.gcode).toMatch(new RegExp(`\\b${call}\\b`));
      expect(tool.operations.length).toBeGreaterThan(0);
    }
    const turning = sheet.tools.find((tool) => tool.toolNumber === 1)!;
    expect(turning).toMatchObject({
      slot: 'T1',
      name: 'CNMG 120408',
      kind: 'external turning tool',
    });
    expect(turning.cutting).toBe('insert CNMG 120408, rε 0.8 mm');
    expect(turning.minStickOutMm).toBeUndefined();
    expect(sheet.tools.find((tool) => tool.kind === 'threading tool')?.cutting).toBe(
      'insert 16ER AG60',
    );
  });

  it('gives the tools that work in the bore a stick-out beyond its depth', () => {
    const { part } = postLatheJob(job).plan;
    const deepest = Math.max(...part.inner.map((bore) => Math.min(bore.depthMm, part.lengthMm)));
    expect(deepest).toBeGreaterThan(0);
    const inside = sheet.tools.filter((tool) => /^(twist drill|boring bar)$/.test(tool.kind));
    expect(inside.map((tool) => tool.toolNumber)).toEqual([5, 7]);
    for (const tool of inside) expect(tool.minStickOutMm).toBeGreaterThan(deepest);
  });

  it("states the chuck and the bar's stick-out the program's header gives", () => {
    const stock = headerComments(program.gcode).find((line) => line.startsWith('STOCK:'))!;
    const out = /(\d+(?:\.\d+)?) MM OUT OF THE CHUCK/.exec(stock)![1]!;
    const stickOut = sheet.workholding.find((row) => row.label === 'Stick-out')!;
    expect(stickOut.value).toMatch(new RegExp(`^${out.replace('.', '\\.')} mm out of the jaws`));
    expect(sheet.workholding.find((row) => row.label === 'Chuck')!.value).toMatch(
      /^Ø\d+ mm, the machine's standard chuck, jaws gripping Ø30$/,
    );
    expect(sheet.zeroPoint[0]).toMatch(/^G54: Z0 the finished free-end face/);
    expect(program.gcode).toContain('Z0 IS THE FINISHED FREE-END FACE');
  });

  it('gives each operation its time, the checks and the notes of the program', () => {
    expect(sheet.operations.map((operation) => operation.name)).toEqual(
      program.summary.operations.map((operation) => operation.name),
    );
    for (const operation of sheet.operations) {
      expect(operation.seconds).toBeGreaterThan(0);
      expect(operation.cuttingData).toMatch(/m\/min|rpm/);
    }
    expect(sheet.cycleTime?.totalSeconds).toBe(program.summary.cycleTime!.totalSeconds);
    expect(program.gcode).toContain(`ESTIMATED CYCLE TIME ${sheet.cycleTime!.text}`.toUpperCase());
    expect(sheet.checks.map((check) => check.title)).toEqual(
      program.report.checks.map((check) => check.title),
    );
    expect(sheet.status).toBe(program.report.verified ? 'verified' : 'incomplete');
    expect(sheet.notes).toEqual(program.summary.warnings);
  });

  it('marks the second setup and its chucking when the plan has one', () => {
    const posted = postLatheJob(job);
    const second = {
      ...posted.plan,
      secondSetup: {
        part: posted.plan.part,
        partedLengthMm: 41,
        frontFaceZ: 1,
        gripDiameterMm: 20,
        gripLengthMm: 12,
        chuckFaceZ: -28,
        instructions: ['SETUP 2: the far end, work offset G55', 'Turn the part around'],
      },
    };
    const setup = latheSetup(job, second, 'fanuc');
    expect(setup.zeroPoint).toHaveLength(2);
    expect(setup.zeroPoint[1]).toMatch(/^G55/);
    expect(setup.workholding.find((row) => row.label === 'Second chucking')?.value).toBe(
      'SETUP 2: the far end, work offset G55. Turn the part around',
    );
  });
});

describe('the setup sheet of a milling program', () => {
  const job = flh001Job('Haas VF-2');
  const program = generateProgram(job);
  const sheet = program.setupSheet;

  it('lists each tool with the length offset the program calls', () => {
    expect(setupSheetSchema.parse(sheet)).toEqual(sheet);
    const offsets = [...new Set([...program.gcode.matchAll(/\bG43 H(\d+)/g)].map((m) => m[1]!))];
    expect(sheet.tools.map((tool) => tool.offset)).toEqual(offsets.map((h) => `H${h}`).sort());
    for (const tool of sheet.tools) {
      expect(tool.offset).toBe(offsetRegister('mill', 'haas', tool.toolNumber));
      expect(program.gcode).toMatch(new RegExp(`^T${tool.toolNumber} M06$`, 'm'));
    }
    const endMills = sheet.tools.filter((tool) => tool.kind === 'end mill');
    expect(endMills.length).toBeGreaterThan(0);
    for (const tool of endMills) expect(tool.cutting).toMatch(/^Ø\d+(\.\d+)?, \d+ flutes$/);
  });

  it('gives each tool the stick-out its deepest cut needs', () => {
    const drills = sheet.tools.filter((tool) => tool.kind === 'twist drill');
    expect(drills.length).toBeGreaterThan(0);
    // FLH-001 is 10 mm thick, drilled through from a 10 mm block: deeper than the plate.
    for (const drill of drills) expect(drill.minStickOutMm).toBeGreaterThan(10 + 2);
    expect(minStickOut(0)).toBeUndefined();
    expect(minStickOut(10.2)).toBe(13);
  });

  it('says where the zero point is as the header does, and how to hold the block', () => {
    expect(sheet.zeroPoint).toEqual([
      'G54: X0 Y0 lower-left corner of the part, Z0 finished top face; mm',
    ]);
    expect(program.gcode).toContain(
      'X0 Y0 LOWER-LEFT CORNER OF THE PART, Z0 FINISHED TOP FACE; MM',
    );
    const labels = sheet.workholding.map((row) => row.label);
    expect(labels).toEqual([
      'Stock on the table',
      'Deepest cut',
      'Under the part',
      'Clearance height',
      'Spindle limit',
    ]);
    expect(sheet.workholding[2]!.value).toMatch(/^Cuts go through the part/);
  });

  it('says what the program leaves undone, as its report does', () => {
    expect(sheet.status).toBe('incomplete');
    expect(sheet.unfinished).toEqual(program.report.unfinished);
    expect(sheet.unfinished).toHaveLength(1);
    expect(sheet.drawing).toBeDefined();
  });
});
