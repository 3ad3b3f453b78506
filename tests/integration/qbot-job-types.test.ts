/**
 * Every job type on a machine of each dialect, through the API as the browser drives it: the
 * demo shop's machines, real drawings from ../shared/blueprints, the offline reader, and the
 * program the server stores: verified, with its cycle time in the summary and the header, and
 * its backplot served as SVG to the organization only. The job handed to cam/ carries the
 * machine's limits from the catalog, and lathe programs clamp the spindle at its maximum speed.
 */
import type { MockInstance } from 'vitest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MachineInfo } from '#cam/program';
import type { MachineLimits } from '#cam/program';
import { demoMachines } from '#db/seed/demo-shop';
import { readCatalog } from '#server/catalog/sync';
import type { DatabaseHandle } from '#server/database';
import { createSignedInUser } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import type { qbotClient } from '../helpers/qbot.ts';
import { blueprint, chooseJob, demoShopClient } from '../helpers/qbot.ts';

let database: DatabaseHandle;
let t: TestApp;
let client: ReturnType<typeof qbotClient>;
const machineIds = new Map<string, string>();
/** The catalog limits of each demo machine, by the machine's name. */
const limitsByMachine = new Map<string, MachineLimits>();
/** Every job handed to the worker pool. */
let run: MockInstance<TestApp['app']['jobs']['run']>;

beforeAll(async () => {
  database = await createTestDatabase();
  const demo = await demoShopClient(database);
  t = demo.t;
  client = demo.client;
  for (const [name, id] of demo.machineIds) machineIds.set(name, id);
  const catalog = await readCatalog();
  for (const machine of demoMachines) {
    const model = catalog.models.find((entry) => entry.key === machine.modelKey)!;
    limitsByMachine.set(machine.name, model.limits);
  }
  run = vi.spyOn(t.app.jobs, 'run');
});

afterAll(async () => {
  run.mockRestore();
  await t.close();
  await database.close();
});

/** The machine of the last program job handed to the worker pool. */
function lastJobMachine(): MachineInfo {
  const generate = run.mock.calls.map(([task]) => task).filter((task) => task.kind === 'generate');
  const last = generate.at(-1);
  if (last?.kind !== 'generate') throw new Error('no program job was run');
  return last.job.machine;
}

interface Program {
  fileUrl: string;
  fileName: string;
  verified: boolean;
  status: 'verified' | 'incomplete';
  unfinished: string[];
  dialect: string;
  checks: { title: string; passed: boolean; details: string[] }[];
  operations: string[];
  cycleTime?: string;
  backplotUrl?: string;
  notProgrammed: string[];
}

/** Upload a drawing and walk the workflow on one machine to its generated program. */
async function programFor(
  drawing: string,
  jobType: string,
  machine: string,
  size = '',
  change?: string,
): Promise<{ status: number; program: Program; body: string }> {
  const threadId = await client.start();
  const upload = await client.upload(threadId, drawing.split('/').pop()!, blueprint(drawing));
  expect(upload.statusCode, upload.body).toBe(200);
  const analysis = upload.json<{ materials: { name: string }[]; imageUrl: string }>();
  if (change) {
    expect(
      (await client.event(threadId, { type: 'description.change.requested' })).statusCode,
    ).toBe(200);
    const revised = await client.post('/api/qbot/updateDescriptionClaude', {
      threadId,
      feedback: change,
    });
    expect(revised.statusCode, revised.body).toBe(200);
  }
  const machineId = machineIds.get(machine);
  expect(machineId, `the demo shop has ${machine}`).toBeDefined();
  await chooseJob(client, threadId, machineId!, analysis.materials[0]!.name, { jobType, size });
  const response = await client.post('/api/qbot/processBlueprintClaude', {
    thread_id: threadId,
    imageUrl: analysis.imageUrl,
    promptHelper: {},
  });
  return { status: response.statusCode, program: response.json<Program>(), body: response.body };
}

const plate = 'Plate 180 x 80 x 10 mm';

const cases: {
  jobType: string;
  machine: string;
  dialect: string;
  drawing: string;
  size?: string;
  firstCode: RegExp;
  /** Lathes: the spindle speed clamp, at the catalog model's maximum speed. */
  speedClamp?: RegExp;
  /** The operator's one change to the description, when the drawing needs one. */
  change?: string;
  /** What the program leaves undone on this machine with its tools (verified when none). */
  left?: RegExp[];
  /** The program's end (M30 unless the dialect ends otherwise). */
  end?: RegExp;
}[] = [
  {
    jobType: 'Lathe',
    machine: 'Tormach 15L Slant-PRO',
    dialect: 'linuxcnc',
    drawing: 'lathe/long_reamer_facer.dxf',
    firstCode: /^G7 G18/m,
    speedClamp: /^G96 D2500 S\d+ M3/m,
    change: 'Ø15.48 is 35 long, overall length 60',
  },
  {
    jobType: 'Lathe',
    machine: 'Haas ST-10',
    dialect: 'haas',
    drawing: 'lathe/long_reamer_facer.dxf',
    firstCode: /^O0\d{4}/m,
    speedClamp: /^G50 S6000$/m,
    change: 'Ø15.48 is 35 long, overall length 60',
  },
  {
    jobType: 'Lathe',
    machine: 'DN Solutions PUMA 2600',
    dialect: 'fanuc',
    drawing: 'lathe/long_reamer_facer.dxf',
    firstCode: /^G50 S\d+/m,
    speedClamp: /^G50 S3500$/m,
    change: 'Ø15.48 is 35 long, overall length 60',
    // The turret's threading insert is a full profile for 1.5 mm: the 7/16"-20 UNF is not cut.
    left: [
      /^the thread 7\/16"-20 UNF on Ø11\.11: the selected threading inserts are for other pitches than 1\.27 mm/,
    ],
  },
  {
    jobType: 'Lathe',
    machine: 'DN Solutions Lynx 2100',
    dialect: 'sinumerik',
    drawing: 'lathe/long_reamer_facer.dxf',
    firstCode: /LIMS=\d+/,
    speedClamp: /LIMS=4500 M3/,
    change: 'Ø15.48 is 35 long, overall length 60',
    // The turret's threading insert is a full profile for 1.5 mm: the 7/16"-20 UNF is not cut.
    left: [
      /^the thread 7\/16"-20 UNF on Ø11\.11: the selected threading inserts are for other pitches than 1\.27 mm/,
    ],
  },
  {
    jobType: 'Lathe',
    machine: 'Okuma LB3000 EX II',
    dialect: 'okuma',
    drawing: 'lathe/long_reamer_facer.dxf',
    firstCode: /^G15 H1$/m,
    // The 210 mm chuck is rated for the machine's top speed: the limit is the machine's.
    speedClamp: /^G50 S4200$/m,
    change: 'Ø15.48 is 35 long, overall length 60',
    // The turret's threading insert is a full profile for 1.5 mm: the 7/16"-20 UNF is not cut.
    left: [
      /^the thread 7\/16"-20 UNF on Ø11\.11: the selected threading inserts are for other pitches than 1\.27 mm/,
    ],
    end: /^M02$/m,
  },
  {
    jobType: 'Milling',
    machine: 'Tormach 1100MX',
    dialect: 'linuxcnc',
    drawing: 'mill-edm/FLH-001.dxf',
    size: plate,
    firstCode: /^G43 H\d+/m,
    // No loaded end mill fits the star cut-out's R0.2 corners: it is left, and said so.
    left: [/^Cut-out 79\.68 × 56 mm: /],
  },
  {
    jobType: 'Milling',
    machine: 'Haas VF-2',
    dialect: 'haas',
    drawing: 'mill-edm/FLH-001.dxf',
    size: plate,
    firstCode: /^G43 H\d+/m,
    // No loaded end mill fits the star cut-out's R0.2 corners: it is left, and said so.
    left: [/^Cut-out 79\.68 × 56 mm: /],
  },
  {
    jobType: 'Milling',
    machine: 'DN Solutions DNM 4500',
    dialect: 'fanuc',
    drawing: 'mill-edm/FLH-001.dxf',
    size: plate,
    firstCode: /^G43 H\d+/m,
    // No loaded end mill fits the star cut-out's R0.2 corners: it is left, and said so.
    left: [/^Cut-out 79\.68 × 56 mm: /],
  },
  {
    jobType: 'Milling',
    machine: 'Okuma GENOS M560-V',
    dialect: 'okuma',
    drawing: 'mill-edm/FLH-001.dxf',
    size: plate,
    firstCode: /^G00 G56 Z[\d.]+ H\d+$/m,
    left: [/^Cut-out 79\.68 × 56 mm: /],
    end: /^M02$/m,
  },
  {
    jobType: 'Milling',
    machine: 'DMG MORI DMU 65 monoBLOCK',
    dialect: 'heidenhain',
    drawing: 'mill-edm/FLH-001.dxf',
    size: plate,
    firstCode: /^\d+ TOOL CALL \d+ Z S\d+$/m,
    left: [/^Cut-out 79\.68 × 56 mm: /],
    end: /^\d+ M30\n\d+ END PGM \S+ MM$/m,
  },
  {
    jobType: 'Milling',
    machine: 'DMG MORI DMU 50',
    dialect: 'sinumerik',
    drawing: 'mill-edm/makerslide_b17022.dxf',
    size: 'Plate 100 x 50 x 12 mm',
    firstCode: /^G17 G71/m,
    left: [/^Cut-out 22 × 16 mm: /, /^Ø4\.2: /, /^Outside contour: /],
  },
  {
    jobType: 'Milling',
    machine: 'Tormach 1100MX',
    dialect: 'linuxcnc',
    drawing: 'mill-edm/flange.dxf',
    firstCode: /^G43 H\d+/m,
    // A 25.5 mm thick flange: the demo mill's end mills and Ø2 drill are too short for it; the
    // Ø30 and Ø40 circles around the Ø28 bore are drawn but not sized (decision 073).
    left: [
      /^The drawing writes "Ø30 around the Ø28 hole"/,
      /^The drawing writes "Ø40 around the Ø28 hole"/,
      /^Slot 2 wide, 6 long: /,
      /^Ø28: /,
      /^Ø2: /,
      /^Outside contour: /,
    ],
  },
  {
    jobType: 'Wire EDM',
    machine: 'Mitsubishi MV2400S',
    dialect: 'iso-edm',
    drawing: 'mill-edm/FLH-001.dxf',
    size: 'Plate 190 x 90 x 10 mm',
    firstCode: /^G4[12] D\d/m,
  },
  {
    jobType: 'Sinker EDM',
    machine: 'Sodick AG40L',
    dialect: 'iso-edm',
    drawing: 'mill-edm/FLH-001.dxf',
    size: plate,
    firstCode: /^E\d{3}/m,
    left: [/^Cut-out 79\.68 × 56 mm: not a rectangle along X and Y/],
  },
];

describe('every job type on a machine of each dialect', () => {
  it('gives each demo machine the limits of its catalog model', async () => {
    expect(limitsByMachine.size).toBe(13);
    for (const [name, limits] of limitsByMachine) {
      const response = await client.get(`/api/machines/fun/${machineIds.get(name)!}`);
      expect(response.statusCode).toBe(200);
      expect(
        response.json<{ machine: { machineModelType: { limits?: MachineLimits } } }>().machine
          .machineModelType.limits,
        name,
      ).toEqual(limits);
    }
    expect(limitsByMachine.get('Tormach 15L Slant-PRO')).toMatchObject({ maxRpm: 2500 });
    expect(limitsByMachine.get('Sodick AG40L')).not.toHaveProperty('maxRpm');
  });

  it.each(cases)('$jobType on the $machine ($dialect) from $drawing', async (testCase) => {
    const { jobType, machine, dialect, drawing, size, firstCode, speedClamp, change, left } =
      testCase;
    const { status, program, body } = await programFor(drawing, jobType, machine, size, change);
    expect(status, body).toBe(200);
    // cam/ was handed the catalog model's limits, and its top speed as the machine's.
    const limits = limitsByMachine.get(machine)!;
    expect(lastJobMachine()).toMatchObject({ limits });
    expect(lastJobMachine().maxRpm).toBe(limits.maxRpm);
    // Verified, or incomplete saying what is left: never a program that fails a process check.
    const expected = left ?? [];
    expect(program, body).toMatchObject({
      verified: expected.length === 0,
      status: expected.length === 0 ? 'verified' : 'incomplete',
      dialect,
    });
    expect(program.unfinished).toHaveLength(expected.length);
    expected.forEach((pattern, index) => expect(program.unfinished[index]).toMatch(pattern));
    if (expected.length === 0) expect(program.checks.filter((check) => !check.passed)).toEqual([]);
    const gcode = (await client.get(program.fileUrl)).body;
    expect(gcode).toMatch(firstCode);
    if (speedClamp) expect(gcode).toMatch(speedClamp);
    expect(gcode).toMatch(testCase.end ?? /^M30\b/m);
    // The cycle time is in the summary and in the header, in the same words.
    expect(program.cycleTime).toMatch(/\d+ (h|min|s)/);
    expect(gcode.slice(0, 3000).toLowerCase()).toContain(
      `estimated cycle time ${program.cycleTime!.toLowerCase()}`,
    );
    expect(program.operations.some((line) => /\d+ (min|s)$/.test(line))).toBe(true);
    // The backplot: an SVG of the toolpath, sandboxed when opened directly.
    const plot = await client.get(program.backplotUrl!);
    expect(plot.statusCode).toBe(200);
    expect(plot.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(plot.headers['content-security-policy']).toContain('sandbox');
    expect(plot.body).toMatch(/^<svg[\s\S]*stroke-dasharray[\s\S]*<\/svg>\s*$/);
  });

  it('asks for the block when a mill job gets a size without one, and refuses a lathe job on a plate', async () => {
    // Two sizes read as a bar (diameter x length); a mill needs the third, so the job type step
    // sends the conversation back to the size step, saying so (the server runs the same chart).
    const threadId = await client.start();
    const upload = await client.upload(threadId, 'FLH-001.dxf', blueprint('mill-edm/FLH-001.dxf'));
    expect(upload.statusCode, upload.body).toBe(200);
    const material = upload.json<{ materials: { name: string }[] }>().materials[0]!.name;
    for (const event of [
      { type: 'description.confirmed' },
      { type: 'material.selected', material },
      { type: 'size.submitted', size: 'Plate 180 x 80 mm' },
    ])
      expect((await client.event(threadId, event)).statusCode).toBe(200);
    const chosen = await client.event(threadId, { type: 'jobType.selected', jobType: 'Milling' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const thread = (await client.get(`/api/qbot/threads/${threadId}`)).json<{
      snapshot: { value: string; context: { messages: { message: string }[] } };
    }>();
    expect(thread.snapshot.value).toBe('add_material_size');
    expect(thread.snapshot.context.messages.at(-1)!.message).toContain(
      'A Milling job is machined from a block',
    );
    // A lathe job on the plate is sent back to the description, naming what a lathe lacks
    // (decision 062), before any machine or program.
    await client.event(threadId, { type: 'size.submitted', size: 'Plate 180 x 80 x 12 mm' });
    const lathe = await client.event(threadId, { type: 'jobType.selected', jobType: 'Lathe' });
    expect(lathe.statusCode, lathe.body).toBe(200);
    const back = (await client.get(`/api/qbot/threads/${threadId}`)).json<{
      snapshot: { value: unknown; context: { messages: { message: string }[] } };
    }>();
    expect(JSON.stringify(back.snapshot.value)).toContain('show_blueprint_description');
    expect(back.snapshot.context.messages.at(-1)!.message).toBe(
      "A lathe program needs what the description does not give: the outer diameters of the part (none are given). Give it with Change or in the values table, such as 'Ø42 x 30 long', then confirm the description again.",
    );
  });

  it('keeps the backplot of one organization from every other', async () => {
    const { program } = await programFor('mill-edm/FLH-001.dxf', 'Milling', 'Haas VF-2', plate);
    const other = await createSignedInUser(t);
    const response = await t.app.inject({
      method: 'GET',
      url: program.backplotUrl!,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(response.statusCode).toBe(404);
  });
});
