import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { demoAdminFileIn } from '#server/demo-shop';
import { postJson } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { demoAdmin } from '../helpers/demo-admin.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

interface Machine {
  _id: string;
  name: string;
  serialNumber: string;
  controllerModelType: { name: string };
  machineType: { name: string };
}

describe('the demo shop', () => {
  it('is seeded on the first start only, with credentials given once that sign in', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const first = await createTestApp(database, { DEMO_SHOP: 'true' });
    // A test's stdout is no terminal: the credentials are in a file only its owner may read, and
    // the console line names the file, not the address or the password.
    const file = demoAdminFileIn(first.config.dataDir);
    const { email, password } = await demoAdmin('', first.config.dataDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await first.close();
    const again = await createTestApp(database, { DEMO_SHOP: 'true' });
    const printed = info.mock.calls.map((call) => String(call[0]));
    info.mockRestore();

    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(file);
    expect(printed[0]).not.toContain(email);
    expect(printed[0]).not.toContain(password);
    expect(email).toBe('demo@qbot.local');
    const signin = await postJson(again, '/api/users/signin', { email, password });
    expect(signin.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${signin.json<{ token: string }>().token}` };

    const { machines } = (
      await again.app.inject({ method: 'GET', url: '/api/machines/my-machines', headers })
    ).json<{ machines: Machine[] }>();
    expect(
      machines.map((machine) => [machine.name, machine.controllerModelType.name]).sort(),
    ).toEqual([
      ['DMG MORI DMU 50', 'Sinumerik 840D sl'],
      ['DMG MORI DMU 65 monoBLOCK', 'TNC 640'],
      ['DN Solutions DNM 4500', 'Fanuc 0i-MF Plus'],
      ['DN Solutions Lynx 2100', 'Sinumerik 828D'],
      ['DN Solutions PUMA 2600', 'Fanuc 0i-TF Plus'],
      ['Haas ST-10', 'Haas NGC'],
      ['Haas VF-2', 'Haas NGC'],
      ['Mitsubishi MV2400S', 'D-CUBES'],
      ['Okuma GENOS M560-V', 'OSP-P300MA'],
      ['Okuma LB3000 EX II', 'OSP-P300LA'],
      ['Sodick AG40L', 'Sodick sinker EDM control'],
      ['Tormach 1100MX', 'PathPilot'],
      ['Tormach 15L Slant-PRO', 'PathPilot'],
    ]);
    for (const machine of machines) {
      const { toolingPairs } = (
        await again.app.inject({
          method: 'GET',
          url: `/api/machines/tooling-pairs/${machine._id}`,
          headers,
        })
      ).json<{ toolingPairs: { toolType: string }[] }>();
      const types = new Set(toolingPairs.map((tool) => tool.toolType));
      // Enough for what the workflow plans on each kind of machine: lathes turn, drill, bore and
      // part off (a Cutting tool); mills face, mill and drill; EDM machines carry wire or electrodes.
      const needed: Record<string, string[]> = {
        'Turning Center': ['Turning', 'Drilling', 'Boring', 'Cutting'],
        'Vertical Machining Center': ['Facing', 'Milling', 'Drilling'],
        'Wire EDM': ['Electrical Discharge Machining'],
        'Sinker EDM': ['Electrical Discharge Machining'],
      };
      const kind = machine.machineType.name;
      expect(Object.keys(needed)).toContain(kind);
      for (const type of needed[kind]!)
        expect(types, `${machine.name} lacks a ${type} tool`).toContain(type);
    }
    await again.close();
  });

  it('prints the credentials for a person at a terminal, and writes no file', async () => {
    const other = await createTestDatabase();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const wasTerminal = process.stdout.isTTY;
    process.stdout.isTTY = true;
    try {
      const t = await createTestApp(other, { DEMO_SHOP: 'true' });
      process.stdout.isTTY = wasTerminal;
      const printed = info.mock.calls.map((call) => String(call[0])).join('\n');
      const { email, password } = await demoAdmin(printed, t.config.dataDir);
      expect(printed).toContain(`Sign in as demo@qbot.local with the password ${password}`);
      await expect(stat(demoAdminFileIn(t.config.dataDir))).rejects.toThrow(/ENOENT/);
      expect((await postJson(t, '/api/users/signin', { email, password })).statusCode).toBe(200);
      await t.close();
    } finally {
      process.stdout.isTTY = wasTerminal;
      info.mockRestore();
      await other.close();
    }
  });

  it('is never seeded when the setting is off', async () => {
    const other = await createTestDatabase();
    const t = await createTestApp(other, { DEMO_SHOP: 'false' });
    const signin = await postJson(t, '/api/users/signin', {
      email: 'demo@qbot.local',
      password: 'anything-at-all',
    });
    expect(signin.statusCode).toBe(401);
    await t.close();
    await other.close();
  });
});
