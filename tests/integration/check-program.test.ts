/**
 * Check Program through the API (issue 35): a program the product wrote, downloaded and sent
 * back to POST /api/programs/check as a shop's own file, is safe (never 'verified' without a
 * part); the same program with a seeded fault is 'unsafe' with the fault's line; bad files,
 * stock and machines get one 4xx sentence each; another organization's machine is not found.
 * Against its conversation's part (`threadId`) it gets the verdict it got at generation, and
 * with a whole operation deleted it is not verified and says what is left; another
 * organization's conversation is not found.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PART_SENTENCE } from '#cam/check/index';
import { programCheckMessages } from '#contracts/program-check';
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
  qbotClient,
  reamerProgram,
} from '../helpers/qbot.ts';

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

const lathe = 'Tormach 15L Slant-PRO';

function check(fields: Record<string, string>, file?: { name: string; bytes: Buffer }, as = token) {
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
  // The bar the program was written for, as its header gives it.
  const [, diameter, length] = /round bar DIA ?([\d.]+) x ([\d.]+) mm/i.exec(program) ?? [];
  stock = JSON.stringify({
    shape: 'round',
    diameterMm: Number(diameter),
    lengthMm: Number(length ?? 100),
  });
}, 180_000);

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
