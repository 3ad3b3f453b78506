/**
 * Tool libraries through the API (issue 35, decision 114): a machine's tools exported in every
 * format and imported into another machine come back with every field unchanged; a preview
 * stores nothing and flags slot conflicts; an import is one transaction (a conflict or a bad
 * row writes nothing); bad files get one 4xx sentence each; another shop's machine is not found.
 */
import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Machine, ToolingPair } from '#contracts/shop';
import {
  toolLibraryMessages as messages,
  type LibraryImportResponse,
  type LibraryPreviewResponse,
  type ToolLibraryFormat,
} from '#contracts/tool-library';
import type { DatabaseHandle } from '#server/database';
import { runRs274 } from '#tests/helpers/rs274';
import { createSignedInUser } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { demoShopClient, multipart } from '../helpers/qbot.ts';
import type { qbotClient } from '../helpers/qbot.ts';

let database: DatabaseHandle;
let t: TestApp;
let client: ReturnType<typeof qbotClient>;
let token: string;
/** The demo mill with its tools, and an empty machine of the same model. */
let mill: Machine;
let empty: Machine;

const sixFields = ({ id: _id, understood: _understood, ...row }: ToolingPair) => row;

const tooling = async (machineId: string) =>
  (await client.get(`/api/machines/tooling-pairs/${machineId}`)).json<{
    toolingPairs: ToolingPair[];
  }>().toolingPairs;

function preview(machineId: string, file?: { name: string; bytes: Buffer }, as = token) {
  const body = multipart({ machineId }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/tool-library/preview',
    payload: body.payload,
    headers: { authorization: `Bearer ${as}`, ...body.headers },
  });
}

const exportFile = (machineId: string, format: string, as = token) =>
  t.app.inject({
    method: 'GET',
    url: `/api/tool-library/export?machineId=${machineId}&format=${format}`,
    headers: { authorization: `Bearer ${as}` },
  });

const importRows = (machineId: string, tools: unknown[], as = token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/tool-library/import',
    headers: { authorization: `Bearer ${as}` },
    payload: { machineId, tools },
  });

async function clear(machineId: string) {
  for (const tool of await tooling(machineId))
    await t.app.inject({
      method: 'DELETE',
      url: '/api/machines/delete-tool-and-associate',
      headers: { authorization: `Bearer ${token}` },
      payload: { toolId: tool.id },
    });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const demo = await demoShopClient(database);
  ({ t, client, token } = demo);
  const { machines } = (await client.get('/api/machines/my-machines')).json<{
    machines: Machine[];
  }>();
  mill = machines.find((machine) => machine.machineType?.jobType === 'Milling')!;
  const added = await client.post('/api/machines/add-machine-to-shop', {
    name: 'Second mill',
    serialNumber: 'LIB-0001',
    machineType: mill.machineType!._id,
    machineManufacturer: mill.machineManufacturer!._id,
    machineModelType: mill.machineModelType!._id,
    controllerType: mill.controllerType!._id,
    controllerModelType: mill.controllerModelType!._id,
  });
  expect(added.statusCode, added.body).toBe(201);
  empty = added.json<{ machine: Machine }>().machine;
}, 180_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
});

describe('tool library export and import', () => {
  it.each(['json', 'tools', 'tbl', 'csv'] satisfies ToolLibraryFormat[])(
    'round-trips every field of every tool through a %s file',
    async (format) => {
      await clear(empty._id);
      const original = (await tooling(mill._id)).map(sixFields);
      expect(original.length).toBeGreaterThan(2);
      const exported = await exportFile(mill._id, format);
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.headers['content-disposition']).toMatch(
        new RegExp(`attachment; filename=".+-tools\\.${format}"`),
      );
      const name = `library.${format}`;
      const read = await preview(empty._id, { name, bytes: exported.rawPayload });
      expect(read.statusCode, read.body).toBe(200);
      const answer = read.json<LibraryPreviewResponse>();
      expect(answer).toMatchObject({ format, problems: [] });
      expect(answer.tools.every((tool) => !tool.problem && !tool.conflict && !tool.slotTwice)).toBe(
        true,
      );
      expect(answer.tools.every((tool) => tool.understood?.summary)).toBe(true);
      // The preview stores nothing.
      expect(await tooling(empty._id)).toEqual([]);
      const rows = answer.tools.map(
        ({ understood: _u, problem: _p, conflict: _c, slotTwice: _s, ...row }) => row,
      );
      const imported = await importRows(empty._id, rows);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json<LibraryImportResponse>()).toEqual({
        message: messages.imported(original.length, 0),
        added: original.length,
        replaced: 0,
      });
      expect((await tooling(empty._id)).map(sixFields)).toEqual(original);
    },
  );

  it('flags the slots a machine already holds, and replaces only where asked', async () => {
    await clear(empty._id);
    const original = (await tooling(mill._id)).map(sixFields);
    const exported = await exportFile(mill._id, 'csv');
    const answer = (
      await preview(mill._id, { name: 'own.csv', bytes: exported.rawPayload })
    ).json<LibraryPreviewResponse>();
    const held = await tooling(mill._id);
    expect(answer.tools.map((tool) => tool.conflict?.toolId)).toEqual(held.map((tool) => tool.id));

    const renamed = original.map((row) => ({ ...row, toolName: `${row.toolName} (new)` }));
    const refused = await importRows(mill._id, renamed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      messages.slotsTaken(original.map((row) => row.slotNumber)),
    );
    expect((await tooling(mill._id)).map(sixFields)).toEqual(original);

    // One tool replaced (its id kept), one new slot added, in one import.
    const first = renamed[0]!;
    const replaced = await importRows(mill._id, [
      { ...first, replace: true },
      { ...first, slotNumber: 'T99', replace: false },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<LibraryImportResponse>()).toMatchObject({ added: 1, replaced: 1 });
    const after = await tooling(mill._id);
    expect(after.find((tool) => tool.id === held[0]!.id)?.toolName).toBe(first.toolName);
    expect(after.find((tool) => tool.slotNumber === 'T99')?.toolName).toBe(first.toolName);
  });

  it('writes nothing when any row of an import cannot be added', async () => {
    await clear(empty._id);
    const row = {
      slotNumber: 'T1',
      toolName: 'End mill Ø6',
      toolDescription: 'Ø6 3FL carbide',
      toolType: 'Milling',
      toolManufacturer: 'Harvey',
      toolHint: 'NOHINT',
    };
    const twice = await importRows(empty._id, [row, { ...row, slotNumber: 't01' }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ message: string }>().message).toBe(messages.slotTwice('T1'));
    const badType = await importRows(empty._id, [row, { ...row, slotNumber: 'T2', toolType: 'x' }]);
    expect(badType.statusCode).toBe(400);
    const none = await importRows(empty._id, []);
    expect(none.statusCode).toBe(400);
    expect(await tooling(empty._id)).toEqual([]);
  });

  it('lets one of two tabs importing into the same slots at once win, whole, and refuses the other', async () => {
    await clear(empty._id);
    const rows = (await tooling(mill._id)).map(sixFields);
    const renamed = rows.map((row) => ({ ...row, toolName: `${row.toolName} (tab 2)` }));
    const [first, second] = await Promise.all([
      importRows(empty._id, rows),
      importRows(empty._id, renamed),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? rows : renamed;
    expect((await tooling(empty._id)).map(sixFields)).toEqual(winner);
    await clear(empty._id);
  });

  it('answers each bad file with one sentence and keeps nothing', async () => {
    const bad = async (file: { name: string; bytes: Buffer } | undefined, status: number) => {
      const response = await preview(empty._id, file);
      expect(response.statusCode, response.body).toBe(status);
      return response.json<{ message: string }>().message;
    };
    expect(await bad({ name: 'tools.xlsx', bytes: Buffer.from('PK') }, 415)).toBe(
      messages.formatUnknown,
    );
    expect(await bad({ name: 'tools.json', bytes: Buffer.from('{not json') }, 422)).toBe(
      messages.noTools('line 1: not a Fusion 360 tool library (not JSON).'),
    );
    expect(await bad({ name: 'tools.tools', bytes: Buffer.from('not a zip') }, 422)).toMatch(
      /^This file gives no tools: line 1: not a Fusion 360 \.tools file/,
    );
    expect(await bad({ name: 'tools.tbl', bytes: Buffer.alloc(0) }, 400)).toBe(messages.empty);
    expect(await bad(undefined, 400)).toBe(messages.fileMissing);
    const huge = Buffer.alloc(5 * 1024 * 1024, 'T1 P1 D6 ;x\n');
    expect(await bad({ name: 'tools.tbl', bytes: huge }, 413)).toBe(messages.tooLarge);
    // A zip bomb: a small .tools whose library would inflate past 16 MB is refused unread.
    const bomb = Buffer.from(
      zipSync({ 'tools.json': new Uint8Array(80 * 1024 * 1024) }, { level: 9 }),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await bad({ name: 'bomb.tools', bytes: bomb }, 422)).toMatch(/over 16 MB/);
    const notForm = await t.app.inject({
      method: 'POST',
      url: '/api/tool-library/preview',
      headers: { authorization: `Bearer ${token}` },
      payload: { machineId: empty._id },
    });
    expect(notForm.statusCode).toBe(415);
    expect(await tooling(empty._id)).toEqual([]);
  });

  it("finds no other shop's machine, and exports none of its tools", async () => {
    const other = await createSignedInUser(t);
    const exported = await exportFile(mill._id, 'csv');
    const file = { name: 'lib.csv', bytes: exported.rawPayload };
    expect((await preview(mill._id, file, other.token)).statusCode).toBe(404);
    expect((await exportFile(mill._id, 'tbl', other.token)).statusCode).toBe(404);
    const row = { ...sixFields((await tooling(mill._id))[0]!), slotNumber: 'T98' };
    expect((await importRows(mill._id, [row], other.token)).statusCode).toBe(404);
    expect((await tooling(mill._id)).some((tool) => tool.slotNumber === 'T98')).toBe(false);
  });

  it('exports only the slots asked for, and says when there is nothing to export', async () => {
    const held = await tooling(mill._id);
    const slot = held[1]!.slotNumber;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/tool-library/export?machineId=${mill._id}&format=tbl&slots=${slot}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.body
        .trim()
        .split('\n')
        .filter((line) => /^T\d/.test(line)),
    ).toHaveLength(1);
    expect(response.body).toMatch(new RegExp(`^${slot} P\\d+`, 'm'));
    await clear(empty._id);
    const nothing = await exportFile(empty._id, 'csv');
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json<{ message: string }>().message).toBe(messages.noToolsToExport);
  });

  it("writes the tool table a LinuxCNC program loads with: the program's slots, each with its diameter", async () => {
    const program = readFileSync(
      new URL('../golden/mill/post-test-plate.linuxcnc.nc', import.meta.url),
      'utf8',
    );
    const called = [...new Set([...program.matchAll(/\bT(\d+)\s*M0?6/g)].map((m) => `T${m[1]}`))];
    expect(called.length).toBeGreaterThan(1);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/tool-library/export?machineId=${mill._id}&format=tbl&slots=${called.join(',')}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const table = response.body;
    for (const slot of called) expect(table).toMatch(new RegExp(`^${slot} P\\d+ D[\\d.]+`, 'm'));
    const run = runRs274(program, { machine: 'mill', toolTable: table });
    expect(run.status, run.output.slice(-500)).toBe(0);
    expect(run.output.match(/CHANGE_TOOL\(/g)?.length).toBeGreaterThanOrEqual(called.length);
  });
});
