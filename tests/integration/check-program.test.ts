/**
 * Check Program through the API (issue 35): a program the product wrote, downloaded and sent
 * back to POST /api/programs/check as a shop's own file, is safe (never 'verified' without a
 * part); the same program with a seeded fault is 'unsafe' with the fault's line; bad files,
 * stock and machines get one 4xx sentence each; another organization's machine is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PART_SENTENCE } from '#cam/check/index';
import { programCheckMessages } from '#contracts/program-check';
import type { ProgramCheckResponse } from '#contracts/program-check';
import type { DatabaseHandle } from '#server/database';
import { seedFault } from '#tests/helpers/seeded-faults';
import { createSignedInUser } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { blueprint, demoShopClient, multipart, reamerProgram } from '../helpers/qbot.ts';
import type { qbotClient } from '../helpers/qbot.ts';

let database: DatabaseHandle;
let t: TestApp;
let client: ReturnType<typeof qbotClient>;
let machineIds: Map<string, string>;
let token: string;
let program: string;
let fileName: string;
let stock: string;

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

beforeAll(async () => {
  database = await createTestDatabase();
  const demo = await demoShopClient(database);
  ({ t, client, machineIds, token } = demo);
  ({ fileName, gcode: program } = await reamerProgram(client, machineIds.get(lathe)!));
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
