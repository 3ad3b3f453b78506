/**
 * Check Program through the API (issue 35): a program the product wrote, downloaded and sent
 * back to POST /api/programs/check as a shop's own file, is safe (never 'verified' without a
 * part); the same program with a seeded fault is 'unsafe' with the fault's line; bad files,
 * stock and machines get one 4xx sentence each; another organization's machine is not found.
 * Against its conversation's part (`threadId`) it gets the verdict it got at generation, and
 * with a whole operation deleted it is not verified and says what is left; another
 * organization's conversation is not found. Against the part's attached drawing (FLH-001.dxf,
 * read as Q-Bot reads it) the plate's program gets the verdict it got at generation; a drawing
 * that lacks what the plan needs, beside a conversation, or not a DXF or STEP gets one sentence.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PART_SENTENCE } from '#cam/check/index';
import {
  maxCheckDrawingBytes,
  maxProgramBytes,
  programCheckMessages,
} from '#contracts/program-check';
import type { CheckPartsResponse, ProgramCheckResponse } from '#contracts/program-check';
import type { DatabaseHandle } from '#server/database';
import { seedFault } from '#tests/helpers/seeded-faults';
import { createSignedInUser } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import {
  blueprint,
  demoShopClient,
  multipart,
  plateProgram,
  qbotClient,
  reamerProgram,
} from '../helpers/qbot.ts';
import type { FilePartBody } from '../helpers/qbot.ts';

let database: DatabaseHandle;
let t: TestApp;
let client: ReturnType<typeof qbotClient>;
let machineIds: Map<string, string>;
let token: string;
let program: string;
let fileName: string;
let stock: string;
let threadId: string;
let generatedStatus: string;
let plate: Awaited<ReturnType<typeof plateProgram>>;

const lathe = 'Tormach 15L Slant-PRO';
const mill = 'Tormach 1100MX';

function check(fields: Record<string, string>, file?: FilePartBody | FilePartBody[], as = token) {
  const body = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/programs/check',
    payload: body.payload,
    headers: { authorization: `Bearer ${as}`, ...body.headers },
  });
}

const checkText = (text: string, fields: Record<string, string> = {}) =>
  check(
    { machineId: machineIds.get(lathe)!, stock, ...fields },
    { name: fileName, bytes: Buffer.from(text) },
  );

/** Check a text against a conversation's part, the stock left to the conversation. */
const checkPart = (text: string, fields: Record<string, string>) =>
  check(
    { machineId: machineIds.get(lathe)!, ...fields },
    { name: fileName, bytes: Buffer.from(text) },
  );

beforeAll(async () => {
  database = await createTestDatabase();
  const demo = await demoShopClient(database);
  ({ t, client, machineIds, token } = demo);
  ({
    fileName,
    gcode: program,
    threadId,
    status: generatedStatus,
  } = await reamerProgram(client, machineIds.get(lathe)!));
  plate = await plateProgram(client, machineIds.get(mill)!);
  // The bar the program was written for, as its header gives it.
  const [, diameter, length] = /round bar DIA ?([\d.]+) x ([\d.]+) mm/i.exec(program) ?? [];
  stock = JSON.stringify({
    shape: 'round',
    diameterMm: Number(diameter),
    lengthMm: Number(length ?? 100),
  });
}, 240_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
});

describe('POST /api/programs/check', () => {
  it("finds the product's own program safe, and without a part never calls it verified", async () => {
    const response = await checkText(program);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ProgramCheckResponse>();
    expect(answer).toMatchObject({
      status: 'incomplete',
      verified: false,
      dialect: 'linuxcnc',
      dialectDetected: true,
      findings: [],
      unfinished: [NO_PART_SENTENCE],
    });
    expect(answer.backplotUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(answer.cycleTime).toMatch(/\d/);
    expect(answer.report.length).toBeGreaterThan(0);
  });

  it.each(['axis beyond travel', 'spindle over top speed', 'tool not loaded'] as const)(
    'calls a program with %s unsafe, on its line',
    async (kind) => {
      const fault = seedFault(
        { text: program, dialect: 'linuxcnc', machineKind: 'lathe', operations: [], maxRpm: 2500 },
        kind,
      )!;
      const response = await checkText(fault.text);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<ProgramCheckResponse>();
      expect(answer.status, fault.change).toBe('unsafe');
      expect(answer.findings.some((finding) => fault.lines.includes(finding.line ?? -1))).toBe(
        true,
      );
    },
  );

  it('refuses what it cannot check with one sentence, and finds no other shop’s machine', async () => {
    const png = blueprint('mill-edm/flange.png');
    const cases: [Promise<{ statusCode: number; body: string }>, number, string][] = [
      [check({ machineId: machineIds.get(lathe)!, stock }), 400, programCheckMessages.noFile],
      [
        check({ machineId: machineIds.get(lathe)!, stock }, { name: 'part.nc', bytes: png }),
        415,
        programCheckMessages.notText,
      ],
      [
        checkText(program, { stock: '{"shape":"round"' }),
        400,
        programCheckMessages.stockUnreadable,
      ],
      [
        checkText(program, { stock: '{"shape":"block","xMm":10,"yMm":10,"zMm":10}' }),
        422,
        programCheckMessages.blockOnLathe,
      ],
      [
        checkText(program, { machineId: machineIds.get('Mitsubishi MV2400S')! }),
        422,
        programCheckMessages.notChecked('Wire EDM'),
      ],
      [
        check({ stock }, { name: 'a.nc', bytes: Buffer.from(program) }),
        400,
        programCheckMessages.machineMissing,
      ],
    ];
    for (const [request, status, message] of cases) {
      const response = await request;
      expect(response.statusCode, response.body).toBe(status);
      expect((JSON.parse(response.body) as { message: string }).message).toBe(message);
    }
    const other = await createSignedInUser(t);
    const foreign = await check(
      { machineId: machineIds.get(lathe)!, stock },
      { name: 'a.nc', bytes: Buffer.from(program) },
      other.token,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

/** The program without its first operation whose comment opens with `name`, up to the next. */
function withoutOperation(gcode: string, name: RegExp): { text: string; removed: string } {
  const lines = gcode.split('\n');
  const opens = (line: string) => /^\([^)]*: T\d/.test(line);
  const start = lines.findIndex((line) => opens(line) && name.test(line));
  if (start < 0) throw new Error(`no operation ${String(name)}`);
  const next = lines.findIndex((line, index) => index > start && opens(line));
  lines.splice(start, (next < 0 ? lines.length - 1 : next) - start);
  return { text: lines.join('\n'), removed: gcode.split('\n')[start]! };
}

describe("POST /api/programs/check against a conversation's part", () => {
  it('gives the program the product wrote for the conversation the verdict it got then', async () => {
    expect(generatedStatus).toBe('verified');
    const response = await checkPart(program, { threadId });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ProgramCheckResponse>();
    expect(answer).toMatchObject({
      status: 'verified',
      verified: true,
      findings: [],
      unfinished: [],
      part: { threadId },
    });
    expect(answer.checks.some((entry) => entry.kind === 'completeness')).toBe(true);
    expect(answer.stock).toMatch(/^round bar Ø/);
  });

  it('says what is left when a whole finishing operation is deleted', async () => {
    const { text, removed } = withoutOperation(program, /^\(Finish/);
    const response = await checkPart(text, { threadId });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ProgramCheckResponse>();
    expect(answer.status, removed).not.toBe('verified');
    expect(answer.verified).toBe(false);
    expect(answer.unfinished.length).toBeGreaterThan(0);
    expect(answer.unfinished.join(' ')).toMatch(/left/);
  });

  it("finds no other organization's conversation, nor one that is not confirmed", async () => {
    const other = await createSignedInUser(t);
    const foreignThread = await qbotClient(t, other.token).start();
    const notFound = (response: { statusCode: number; body: string }) => {
      expect(response.statusCode, response.body).toBe(404);
      expect(JSON.parse(response.body)).toMatchObject({
        message: programCheckMessages.partNotFound,
      });
    };
    notFound(await checkPart(program, { threadId: foreignThread }));
    notFound(await checkPart(program, { threadId: randomUUID() }));
    const unconfirmed = await client.start();
    const refused = await checkPart(program, { threadId: unconfirmed });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(programCheckMessages.partNotConfirmed);
    const placed = await checkText(program, {
      threadId,
      stock: JSON.stringify({ shape: 'round', diameterMm: 20, lengthMm: 80, faceZMm: 1 }),
    });
    expect(placed.statusCode, placed.body).toBe(422);
    expect(placed.json<{ message: string }>().message).toBe(programCheckMessages.partStockPlaced);
  });

  it('asks for the stock a conversation has not chosen, and says why a part cannot be planned', async () => {
    const confirmedOnly = await client.start();
    const upload = await client.upload(
      confirmedOnly,
      'long_reamer_facer.dxf',
      blueprint('lathe/long_reamer_facer.dxf'),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    // Read, not confirmed yet: no part.
    const unconfirmed = await checkPart(program, { threadId: confirmedOnly });
    expect(unconfirmed.statusCode, unconfirmed.body).toBe(422);
    expect(unconfirmed.json<{ message: string }>().message).toBe(
      programCheckMessages.partNotConfirmed,
    );
    const confirmed = await client.event(confirmedOnly, { type: 'description.confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const noStock = await checkPart(program, { threadId: confirmedOnly });
    expect(noStock.statusCode, noStock.body).toBe(422);
    expect(noStock.json<{ message: string }>().message).toBe(programCheckMessages.partNoStock);
    // The reamer as drawn (875 mm, not to scale) is not turned from a Ø30 x 90 bar.
    const unplanned = await checkPart(program, {
      threadId: confirmedOnly,
      stock: JSON.stringify({ shape: 'round', diameterMm: 30, lengthMm: 90 }),
    });
    expect(unplanned.statusCode, unplanned.body).toBe(422);
    expect(unplanned.json<{ message: string }>().message).toMatch(/too little to turn it/);
  });

  it("lists the organization's confirmed parts for the Part select", async () => {
    const response = await client.get('/api/programs/parts');
    expect(response.statusCode, response.body).toBe(200);
    const { parts } = response.json<CheckPartsResponse>();
    expect(parts.map((part) => part.threadId)).toContain(threadId);
    const listed = parts.find((part) => part.threadId === threadId);
    expect(listed?.jobType).toBe('Lathe');
    expect(listed?.name.length).toBeGreaterThan(0);
    const other = await createSignedInUser(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/programs/parts',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.json<CheckPartsResponse>().parts).toEqual([]);
  });
});

describe("POST /api/programs/check against the part's drawing", () => {
  const flh = { name: 'FLH-001.dxf', bytes: blueprint('mill-edm/FLH-001.dxf'), field: 'drawing' };
  const plateStock = JSON.stringify({ shape: 'block', xMm: 180, yMm: 80, zMm: 10 });
  /** Check the plate's program on the mill with `drawing` beside it. */
  const checkPlate = (fields: Record<string, string>, drawing: FilePartBody = flh) =>
    check({ machineId: machineIds.get(mill)!, stock: plateStock, ...fields }, [
      { name: plate.fileName, bytes: Buffer.from(plate.gcode) },
      drawing,
    ]);

  it('gives the program the product wrote for the drawing the verdict it got then', async () => {
    const response = await checkPlate({ material: plate.material });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ProgramCheckResponse>();
    expect(answer.status).toBe(plate.status);
    expect(answer.verified).toBe(plate.status === 'verified');
    // No process check fails; what generation left (the star cut-out, whose corners no end mill
    // of the demo mill fits) is found left here too, and nothing else.
    const failed = answer.checks.filter((entry) => !entry.passed);
    expect(failed.every((entry) => entry.kind === 'completeness')).toBe(true);
    expect(plate.unfinished).toHaveLength(1);
    expect(plate.unfinished[0]).toMatch(/^Cut-out 79\.68 × 56 mm: /);
    expect(answer.unfinished).toHaveLength(1);
    expect(answer.unfinished[0]).toMatch(/^Cut-out 79\.68 × 56 mm: /);
    expect(answer.checks.some((entry) => entry.kind === 'completeness')).toBe(true);
    expect(answer.part).toMatchObject({ drawing: 'FLH-001.dxf', name: 'FLH-001.dxf' });
    expect(answer.part?.against).toMatch(
      /^the drawing FLH-001\.dxf as read: a plate 175\.5 x 74\.4 mm seen from the top, its thickness not on the drawing, so the stock's 10 mm less 1 mm facing, 1 hole, /,
    );
    expect(answer.part?.against).toContain(`material ${plate.material} (given)`);
    expect(answer.stock).toMatch(/^block 180 x 80 x 10 mm/);
  });

  it('names the hole left when its drilling is deleted', async () => {
    const { text } = withoutOperation(plate.gcode, /^\(Drill/);
    const response = await check(
      { machineId: machineIds.get(mill)!, stock: plateStock, material: plate.material },
      [{ name: plate.fileName, bytes: Buffer.from(text) }, flh],
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ProgramCheckResponse>();
    expect(answer.verified).toBe(false);
    expect(answer.status).toBe('incomplete');
    expect(answer.unfinished).toHaveLength(2);
    expect(answer.unfinished[0]).toMatch(/^Ø13: /);
  });

  it('refuses a drawing it cannot hold the program to with one sentence', async () => {
    const reamerOnLathe = (fields: Record<string, string>, drawing: FilePartBody = flh) =>
      check({ machineId: machineIds.get(lathe)!, stock, ...fields }, [
        { name: fileName, bytes: Buffer.from(program) },
        drawing,
      ]);
    const cases: [Promise<{ statusCode: number; body: string }>, number, string][] = [
      // A plate read from the drawing gives no diameter for a lathe to turn.
      [
        reamerOnLathe({}),
        422,
        programCheckMessages.drawingLacks('FLH-001.dxf', 'lathe', [
          'the outer diameters of the part (none are given)',
        ]),
      ],
      [reamerOnLathe({ threadId }), 400, programCheckMessages.partAndDrawing],
      [
        reamerOnLathe(
          {},
          { name: 'flange.png', bytes: blueprint('mill-edm/flange.png'), field: 'drawing' },
        ),
        415,
        programCheckMessages.drawingNotAccepted,
      ],
      [
        reamerOnLathe(
          {},
          { name: 'flange.dxf', bytes: blueprint('mill-edm/flange.png'), field: 'drawing' },
        ),
        415,
        programCheckMessages.drawingNotAccepted,
      ],
      [
        reamerOnLathe(
          {},
          { name: 'part.dxf', bytes: Buffer.from('not a drawing'), field: 'drawing' },
        ),
        422,
        programCheckMessages.drawingUnreadable('part.dxf', 'it is not a DXF file'),
      ],
      [
        check({ machineId: machineIds.get(mill)! }, [
          { name: plate.fileName, bytes: Buffer.from(plate.gcode) },
          flh,
        ]),
        400,
        programCheckMessages.drawingNoStock,
      ],
      [
        checkPlate({
          stock: JSON.stringify({ shape: 'block', xMm: 180, yMm: 80, zMm: 10, topZMm: 1 }),
        }),
        422,
        programCheckMessages.partStockPlaced,
      ],
    ];
    for (const [request, status, message] of cases) {
      const response = await request;
      expect(response.statusCode, response.body).toBe(status);
      expect((JSON.parse(response.body) as { message: string }).message).toBe(message);
    }
    // A DXF the reader cannot read: its own sentence.
    const truncated = await reamerOnLathe(
      {},
      {
        name: 'cut.dxf',
        bytes: Buffer.from('0\nSECTION\n2\nHEADER\n9\n$ACADVER\n1\nAC1015\n'),
        field: 'drawing',
      },
    );
    expect(truncated.statusCode, truncated.body).toBe(422);
    expect(truncated.json<{ message: string }>().message).toMatch(/^cut\.dxf is truncated: /);
  });

  it('keeps each file to its own size: the program to 8 MB, the drawing to 25 MB', async () => {
    const big = (bytes: number) => Buffer.alloc(bytes, 'G1 X1\n');
    const cases: [FilePartBody[], string][] = [
      [[{ name: 'big.nc', bytes: big(maxProgramBytes + 1) }, flh], programCheckMessages.tooLarge],
      [
        [
          { name: plate.fileName, bytes: Buffer.from(plate.gcode) },
          { name: 'big.dxf', bytes: big(maxCheckDrawingBytes + 1), field: 'drawing' },
        ],
        programCheckMessages.drawingTooLarge,
      ],
    ];
    for (const [files, message] of cases) {
      const response = await check({ machineId: machineIds.get(mill)!, stock: plateStock }, files);
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
  });
});
