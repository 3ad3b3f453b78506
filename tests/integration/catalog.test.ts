import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSchema, readCatalog, syncCatalog } from '#server/catalog/sync';
import type { Catalog } from '#server/catalog/sync';
import type { DatabaseHandle } from '#server/database';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { addMachine, catalogChoice, haasST10 } from '../helpers/shop.ts';

let database: DatabaseHandle;
let t: TestApp;
let catalog: Catalog;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
  catalog = await readCatalog();
});

afterAll(async () => {
  await t.close();
  await database.close();
});

describe('the shipped catalog', () => {
  it('holds real machines of every job type from the named makers, with their controllers', () => {
    const makers = catalog.manufacturers.map((maker) => maker.name);
    for (const name of [
      'Haas Automation',
      'Mazak',
      'Okuma',
      'DMG MORI',
      'DN Solutions',
      'Tormach',
      'Makino',
      'Sodick',
      'GF Machining Solutions',
      'Mitsubishi Electric',
    ]) {
      expect(makers).toContain(name);
    }
    const controllers = catalog.controllerModels.map(
      (controller) => `${controller.name} ${controller.dialect}`,
    );
    for (const expected of [
      'Haas NGC haas',
      'PathPilot linuxcnc',
      'Sinumerik 840D sl sinumerik',
      'Sinumerik 828D sinumerik',
      'Fanuc 0i-TF Plus fanuc',
      'TNC 640 heidenhain',
    ]) {
      expect(controllers).toContain(expected);
    }
    const typesUsed = new Set(catalog.models.map((model) => model.machineType));
    expect([...typesUsed].sort()).toEqual(catalog.machineTypes.map((type) => type.key).sort());
  });

  it('refuses a catalog with a broken reference or a duplicate key', () => {
    const broken = structuredClone(catalog);
    broken.models[0]!.controllerModels = ['no-such-controller'];
    broken.manufacturers.push({ ...broken.manufacturers[0]! });
    const result = catalogSchema.safeParse(broken);
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain('manufacturers has duplicate keys');
    expect(
      messages.some((message) => message.includes("unknown controllerModel 'no-such-controller'")),
    ).toBe(true);
  });
});

describe('syncCatalog', () => {
  it('keeps ids across restarts, renames in place, and leaves removed entries as Unknown on machines', async () => {
    const shop = await createOrganization(t, 0);
    const choice = await catalogChoice(t, shop.admin.token, haasST10);
    const machine = await addMachine(t, shop.admin.token, choice);

    const changed = structuredClone(catalog);
    changed.manufacturers.find((maker) => maker.key === 'haas')!.name = 'Haas';
    changed.models = changed.models.filter((model) => model.key !== 'haas-st-10');
    await syncCatalog(t.app.db, changed);
    const fun = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/machines/fun/${machine._id}`,
          headers: { authorization: `Bearer ${shop.admin.token}` },
        })
      ).json<{
        machine: { machineManufacturer: { _id: string; name: string }; machineModelType: unknown };
      }>().machine;
    expect(await fun()).toMatchObject({
      machineManufacturer: { _id: choice.machineManufacturer, name: 'Haas' },
      machineModelType: null,
    });

    await syncCatalog(t.app.db, catalog);
    const restored = await catalogChoice(t, shop.admin.token, haasST10);
    expect(restored.machineManufacturer).toBe(choice.machineManufacturer);
    expect((await fun()).machineManufacturer.name).toBe('Haas Automation');
  });
});
