import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineModels } from '#db/schema';
import { catalogSchema, machineLimitsSchema, readCatalog, syncCatalog } from '#server/catalog/sync';
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

describe('machine limits', () => {
  const jobTypeOf = (model: Catalog['models'][number]) =>
    catalog.machineTypes.find((type) => type.key === model.machineType)!.jobType;
  const limitsOf = (key: string) => catalog.models.find((model) => model.key === key)!.limits;

  it('gives every model limits of the right shape for its machine type, naming its spec sheet', () => {
    expect(catalog.models).toHaveLength(76);
    const makers = new Map(catalog.manufacturers.map((maker) => [maker.key, maker.name]));
    for (const model of catalog.models) {
      const { limits } = model;
      const jobType = jobTypeOf(model);
      const where = `${model.key} (${jobType})`;
      expect(machineLimitsSchema.safeParse(limits).success, where).toBe(true);
      expect(limits.source.startsWith(makers.get(model.manufacturer)!), where).toBe(true);
      const { x, y, z } = limits.travelsMm;
      for (const travel of [x, z]) expect(travel, where).toBeGreaterThan(50);
      for (const travel of [x, y, z]) expect(travel, where).toBeLessThan(1500);
      if (jobType === 'Lathe' || jobType === 'Milling') {
        expect(limits.maxRpm, where).toBeGreaterThanOrEqual(2000);
        expect(limits.maxRpm, where).toBeLessThanOrEqual(20000);
        expect(limits.spindlePowerKw, where).toBeGreaterThan(0.5);
        expect(limits.spindlePowerKw, where).toBeLessThan(60);
        expect(limits.toolPositions, where).toBeGreaterThanOrEqual(1);
      } else {
        expect(limits, where).not.toHaveProperty('maxRpm');
        expect(limits, where).not.toHaveProperty('spindlePowerKw');
        expect(limits.toolPositions, where).toBeGreaterThanOrEqual(0);
        expect(y, where).toBeGreaterThan(50);
      }
      if (jobType === 'Lathe') {
        // Bar through the spindle is smaller than what the machine turns.
        expect(limits.barCapacityMm, where).toBeGreaterThan(0);
        expect(limits.barCapacityMm!, where).toBeLessThan(limits.maxTurningDiameterMm!);
        expect(limits.toolPositions, where).toBeLessThanOrEqual(24);
      } else {
        expect(limits, where).not.toHaveProperty('maxTurningDiameterMm');
        expect(limits, where).not.toHaveProperty('barCapacityMm');
      }
      if (jobType === 'Milling') expect(y, where).toBeGreaterThan(50);
    }
  });

  it('holds the reference figures of the demo shop makers', () => {
    expect(limitsOf('tormach-15l-slant-pro')).toMatchObject({
      maxRpm: 2500,
      spindlePowerKw: 1.1,
      travelsMm: { y: 0 },
      toolPositions: 8,
    });
    expect(limitsOf('tormach-1100mx')).toMatchObject({ maxRpm: 10000, spindlePowerKw: 1.5 });
    expect(limitsOf('haas-st-10')).toMatchObject({ maxRpm: 6000, spindlePowerKw: 11.2 });
    expect(limitsOf('haas-vf-2')).toMatchObject({
      maxRpm: 8100,
      spindlePowerKw: 22.4,
      travelsMm: { x: 762, y: 406, z: 508 },
      toolPositions: 20,
    });
    // Lathes with a Y axis say so; the others have none.
    expect(limitsOf('mazak-quick-turn-100my').travelsMm.y).toBeGreaterThan(0);
    expect(limitsOf('dn-solutions-puma-2600').travelsMm.y).toBe(0);
  });

  it('refuses limits that do not fit the machine type', () => {
    const wrong = structuredClone(catalog);
    const model = (key: string) => wrong.models.find((entry) => entry.key === key)!;
    delete model('haas-st-10').limits.maxRpm;
    delete model('dn-solutions-puma-2600').limits.maxTurningDiameterMm;
    delete model('haas-vf-2').limits.spindlePowerKw;
    model('haas-vf-2').limits.barCapacityMm = 50;
    model('sodick-ag40l').limits.maxRpm = 1000;
    model('haas-vf-3').limits.toolPositions = 0;
    const result = catalogSchema.safeParse(wrong);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message).sort()).toEqual(
      [
        'dn-solutions-puma-2600 (Lathe) needs limits.maxTurningDiameterMm',
        'haas-st-10 (Lathe) needs limits.maxRpm',
        'haas-vf-2 (Milling) has no limits.barCapacityMm',
        'haas-vf-2 (Milling) needs limits.spindlePowerKw',
        'haas-vf-3 (Milling) needs at least one tool position',
        'sodick-ag40l (Sinker EDM) has no limits.maxRpm',
      ].sort(),
    );
  });

  it('refuses a model without limits, unknown fields and numbers that are not positive', () => {
    const without = structuredClone(catalog) as unknown as { models: Record<string, unknown>[] };
    delete without.models[0]!.limits;
    expect(catalogSchema.safeParse(without).success).toBe(false);
    for (const change of [
      (limits: Record<string, unknown>) => (limits.coolant = 'flood'),
      (limits: Record<string, unknown>) => (limits.maxRpm = -6000),
      (limits: Record<string, unknown>) => (limits.travelsMm = { x: 0, y: 0, z: 406 }),
      (limits: Record<string, unknown>) => (limits.source = ' '),
    ]) {
      const broken = structuredClone(catalog);
      change(broken.models[0]!.limits);
      expect(catalogSchema.safeParse(broken).success).toBe(false);
    }
  });

  it('writes the limits of every model to the database and updates them in place', async () => {
    const stored = async () =>
      new Map(
        (
          await t.app.db
            .select({ key: machineModels.key, limits: machineModels.limits })
            .from(machineModels)
        ).map((row) => [row.key, row.limits]),
      );
    const rows = await stored();
    expect(rows.size).toBe(catalog.models.length);
    for (const model of catalog.models)
      expect(rows.get(model.key), model.key).toEqual(model.limits);

    const shop = await createOrganization(t, 0);
    const machine = await addMachine(
      t,
      shop.admin.token,
      await catalogChoice(t, shop.admin.token, haasST10),
    );
    const machineLimits = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/machines/fun/${machine._id}`,
          headers: { authorization: `Bearer ${shop.admin.token}` },
        })
      ).json<{ machine: { machineModelType: { limits?: unknown } } }>().machine.machineModelType
        .limits;
    expect(await machineLimits()).toEqual(limitsOf('haas-st-10'));

    const changed = structuredClone(catalog);
    changed.models.find((model) => model.key === 'haas-st-10')!.limits.maxRpm = 5000;
    await syncCatalog(t.app.db, changed);
    expect((await stored()).get('haas-st-10')).toMatchObject({ maxRpm: 5000 });
    expect(await machineLimits()).toMatchObject({ maxRpm: 5000 });

    await syncCatalog(t.app.db, catalog);
    expect(await machineLimits()).toEqual(limitsOf('haas-st-10'));
  });
});
