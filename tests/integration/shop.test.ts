import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { toolTypes } from '#contracts/shop';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import {
  addMachine,
  catalogChoice,
  haasST10,
  haasVF2,
  toolBody,
  tormach15L,
} from '../helpers/shop.ts';

let database: DatabaseHandle;
let t: TestApp;
let shop: Awaited<ReturnType<typeof createOrganization>>;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
  shop = await createOrganization(t, 1);
  token = shop.members[0]!.token;
});

afterAll(async () => {
  await t.close();
  await database.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  as = token,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${as}` },
    ...(payload ? { payload } : {}),
  });

describe('catalog lookups', () => {
  it('lists the machine types of the four job types', async () => {
    const types = (await call('GET', '/api/shop/machine-types')).json<
      { _id: string; name: string; jobType: string }[]
    >();
    expect(types.map((type) => [type.name, type.jobType])).toEqual([
      ['Horizontal Machining Center', 'Milling'],
      ['Sinker EDM', 'Sinker EDM'],
      ['Turning Center', 'Lathe'],
      ['Vertical Machining Center', 'Milling'],
      ['Wire EDM', 'Wire EDM'],
    ]);
  });

  it('cascades: makers of a type, their models, their controller types and models, each deduplicated', async () => {
    const types = (await call('GET', '/api/shop/machine-types')).json<
      { _id: string; name: string }[]
    >();
    const turning = types.find((type) => type.name === 'Turning Center')!;
    const wire = types.find((type) => type.name === 'Wire EDM')!;
    const turningMakers = (await call('GET', `/api/shop/manufacturers/${turning._id}`)).json<
      { id: string; name: string }[]
    >();
    expect(turningMakers.map((maker) => maker.name)).toEqual(
      expect.arrayContaining([
        'Haas Automation',
        'Mazak',
        'Okuma',
        'DMG MORI',
        'DN Solutions',
        'Tormach',
      ]),
    );
    expect(turningMakers.map((maker) => maker.name)).not.toContain('Sodick');
    const wireMakers = (await call('GET', `/api/shop/manufacturers/${wire._id}`)).json<
      { name: string }[]
    >();
    expect(wireMakers.map((maker) => maker.name)).toEqual(
      expect.arrayContaining(['Makino', 'Sodick', 'GF Machining Solutions', 'Mitsubishi Electric']),
    );
    const dmg = turningMakers.find((maker) => maker.name === 'DMG MORI')!;
    const models = (
      await call('GET', `/api/shop/models?machineTypeId=${turning._id}&manufacturerId=${dmg.id}`)
    ).json<{ _id: string; name: string }[]>();
    expect(models.map((model) => model.name)).toContain('NLX 2500');
    const controllerTypes = (await call('GET', `/api/shop/controller-types/${dmg.id}`)).json<
      { _id: string; name: string }[]
    >();
    expect(new Set(controllerTypes.map((type) => type._id)).size).toBe(controllerTypes.length);
    const siemens = controllerTypes.find((type) => /siemens|sinumerik/i.test(type.name))!;
    const controllers = (
      await call(
        'GET',
        `/api/shop/controller-models?controllerTypeId=${siemens._id}&manufacturerId=${dmg.id}`,
      )
    ).json<{ _id: string; name: string; dialect: string }[]>();
    expect(new Set(controllers.map((controller) => controller._id)).size).toBe(controllers.length);
    expect(controllers.every((controller) => controller.dialect === 'sinumerik')).toBe(true);
  });

  it("offers only the controllers of the chosen machine type's models, and refuses another", async () => {
    const types = (await call('GET', '/api/shop/machine-types')).json<
      { _id: string; name: string }[]
    >();
    const turning = types.find((type) => type.name === 'Turning Center')!;
    const okuma = (await call('GET', `/api/shop/manufacturers/${turning._id}`))
      .json<{ id: string; name: string }[]>()
      .find((maker) => maker.name === 'Okuma')!;
    const osp = (
      await call('GET', `/api/shop/controller-types/${okuma.id}?machineTypeId=${turning._id}`)
    )
      .json<{ _id: string; name: string }[]>()
      .find((type) => type.name === 'Okuma OSP')!;
    const listed = async (machineType?: string) =>
      (
        await call(
          'GET',
          `/api/shop/controller-models?controllerTypeId=${osp._id}&manufacturerId=${okuma.id}${machineType ? `&machineTypeId=${machineType}` : ''}`,
        )
      )
        .json<{ name: string }[]>()
        .map((controller) => controller.name);
    // Okuma sells lathes on the OSP-P300LA and machining centers on the OSP-P300MA.
    expect(await listed()).toEqual(expect.arrayContaining(['OSP-P300LA', 'OSP-P300MA']));
    expect(await listed(turning._id)).toContain('OSP-P300LA');
    expect(await listed(turning._id)).not.toContain('OSP-P300MA');
    // The server holds the form to the same lists: a mill control on a lathe is refused.
    const lathe = await catalogChoice(t, token, [
      'Turning Center',
      'Okuma',
      (
        await call(
          'GET',
          `/api/shop/models?machineTypeId=${turning._id}&manufacturerId=${okuma.id}`,
        )
      ).json<{ name: string }[]>()[0]!.name,
      'Okuma OSP',
      'OSP-P300LA',
    ]);
    const millControl = (
      await call(
        'GET',
        `/api/shop/controller-models?controllerTypeId=${osp._id}&manufacturerId=${okuma.id}`,
      )
    )
      .json<{ _id: string; name: string }[]>()
      .find((controller) => controller.name === 'OSP-P300MA')!;
    const response = await call('POST', '/api/machines/add-machine-to-shop', {
      ...lathe,
      controllerModelType: millControl._id,
      name: 'Okuma lathe',
      serialNumber: 'OK-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string> }>().errors).toEqual({
      controllerModelType: 'This controller model is not of the chosen controller type.',
    });
  });

  it('names the dialect of the demo controllers', async () => {
    const tormach = await catalogChoice(t, token, tormach15L);
    const haas = await catalogChoice(t, token, haasST10);
    const machine = await addMachine(t, token, tormach);
    const fun = (await call('GET', `/api/machines/fun/${machine._id}`)).json<{
      machine: { controllerModelType: { dialect: string } };
    }>();
    expect(fun.machine.controllerModelType.dialect).toBe('linuxcnc');
    const haasMachine = await addMachine(t, token, haas);
    const haasFun = (await call('GET', `/api/machines/fun/${haasMachine._id}`)).json<{
      machine: { controllerModelType: { dialect: string } };
    }>();
    expect(haasFun.machine.controllerModelType.dialect).toBe('haas');
  });

  it('answers 400 to ids that are not UUIDs', async () => {
    const response = await call('GET', '/api/shop/models?machineTypeId=abc&manufacturerId=');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { machineTypeId: 'Choose a machine type.', manufacturerId: 'Choose a manufacturer.' },
    });
  });
});

describe('machines', () => {
  it('adds, reads, lists and updates a machine with its nested references', async () => {
    const choice = await catalogChoice(t, token, tormach15L);
    const response = await call('POST', '/api/machines/add-machine-to-shop', {
      name: '  Tormach lathe ',
      serialNumber: ' TL-0042 ',
      description: 'Next to the saw',
      status: 'active',
      ...choice,
    });
    expect(response.statusCode).toBe(201);
    const { machine } = response.json<{ machine: Record<string, unknown> & { _id: string } }>();
    expect(machine).toEqual({
      _id: expect.any(String) as string,
      name: 'Tormach lathe',
      serialNumber: 'TL-0042',
      description: 'Next to the saw',
      status: 'active',
      machineType: { _id: choice.machineType, name: 'Turning Center', jobType: 'Lathe' },
      machineManufacturer: { _id: choice.machineManufacturer, name: 'Tormach' },
      // The model carries its limits from the maker's spec sheet (db/seed/catalog.json).
      machineModelType: {
        _id: choice.machineModelType,
        name: '15L Slant-PRO',
        limits: expect.objectContaining({ maxRpm: 2500, toolPositions: 8 }) as unknown,
      },
      controllerType: { _id: choice.controllerType, name: 'Tormach PathPilot' },
      controllerModelType: {
        _id: choice.controllerModelType,
        name: 'PathPilot',
        dialect: 'linuxcnc',
      },
    });
    expect((await call('GET', `/api/machines/fun/${machine._id}`)).json()).toEqual({ machine });
    const list = (await call('GET', '/api/machines/my-machines')).json<{
      machines: { _id: string }[];
    }>();
    expect(list.machines.map((entry) => entry._id)).toContain(machine._id);

    const vf2 = await catalogChoice(t, token, haasVF2);
    const updated = await call('PATCH', `/api/machines/update-machine/${machine._id}`, {
      name: 'Mill 2',
      serialNumber: 'TL-0042',
      description: '',
      status: 'inactive',
      ...vf2,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      machine: {
        name: 'Mill 2',
        status: 'inactive',
        machineModelType: { name: 'VF-2' },
        machineType: { jobType: 'Milling' },
      },
    });
  });

  it('lists active machines by job type or machine type name', async () => {
    const lathe = await addMachine(t, token, await catalogChoice(t, token, haasST10), {
      name: 'ST-10 by type',
    });
    const idle = await addMachine(t, token, await catalogChoice(t, token, haasST10), {
      name: 'Idle lathe',
      status: 'inactive',
    });
    const mill = await addMachine(t, token, await catalogChoice(t, token, haasVF2), {
      name: 'VF-2 by type',
    });
    const byJob = (await call('GET', '/api/machines/my-machines-by-type/Lathe')).json<{
      machines: { _id: string }[];
    }>();
    const ids = byJob.machines.map((machine) => machine._id);
    expect(ids).toContain(lathe._id);
    expect(ids).not.toContain(idle._id);
    expect(ids).not.toContain(mill._id);
    const byName = (
      await call(
        'GET',
        `/api/machines/my-machines-by-type/${encodeURIComponent('vertical machining center')}`,
      )
    ).json<{ machines: { _id: string }[] }>();
    expect(byName.machines.map((machine) => machine._id)).toContain(mill._id);
    const none = (await call('GET', '/api/machines/my-machines-by-type/Wire%20EDM')).json<{
      machines: unknown[];
    }>();
    expect(none.machines).toEqual([]);
  });

  it('names the inactive machines of the type and the machine types that serve it', async () => {
    const idle = await addMachine(t, token, await catalogChoice(t, token, haasST10), {
      name: 'Resting lathe',
      status: 'inactive',
    });
    const answer = (await call('GET', '/api/machines/my-machines-by-type/Lathe')).json<{
      inactiveMachines: { _id: string; name: string; serialNumber: string }[];
      machineTypes: string[];
    }>();
    expect(answer.machineTypes).toEqual(['Turning Center']);
    expect(answer.inactiveMachines).toContainEqual({
      _id: idle._id,
      name: 'Resting lathe',
      serialNumber: idle.serialNumber,
    });
    const milling = (await call('GET', '/api/machines/my-machines-by-type/Milling')).json<{
      inactiveMachines: { _id: string }[];
      machineTypes: string[];
    }>();
    expect(milling.machineTypes).toEqual([
      'Horizontal Machining Center',
      'Vertical Machining Center',
    ]);
    expect(milling.inactiveMachines.map((machine) => machine._id)).not.toContain(idle._id);
    // Another organization's inactive lathe is never named.
    const other = await createOrganization(t, 1);
    const theirs = (
      await call(
        'GET',
        '/api/machines/my-machines-by-type/Lathe',
        undefined,
        other.members[0]!.token,
      )
    ).json<{ inactiveMachines: unknown[] }>();
    expect(theirs.inactiveMachines).toEqual([]);
  });

  it('refuses references that do not fit together, naming each field', async () => {
    const tormach = await catalogChoice(t, token, tormach15L);
    const haas = await catalogChoice(t, token, haasST10);
    const vf2 = await catalogChoice(t, token, haasVF2);
    const types = (await call('GET', '/api/shop/machine-types')).json<
      { _id: string; name: string }[]
    >();
    const wireEdm = types.find((type) => type.name === 'Wire EDM')!._id;
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { machineModelType: haas.machineModelType },
        {
          machineModelType:
            'This model is not a model of the chosen manufacturer and machine type.',
        },
      ],
      [
        {
          machineModelType: vf2.machineModelType,
          machineManufacturer: haas.machineManufacturer,
          controllerType: haas.controllerType,
          controllerModelType: haas.controllerModelType,
        },
        {
          machineModelType:
            'This model is not a model of the chosen manufacturer and machine type.',
        },
      ],
      [
        { controllerModelType: haas.controllerModelType },
        { controllerModelType: 'This controller model is not of the chosen controller type.' },
      ],
      [
        { controllerType: haas.controllerType, controllerModelType: haas.controllerModelType },
        {
          controllerType: 'This controller type is not offered by the chosen manufacturer.',
          controllerModelType: 'This controller model is not of the chosen controller type.',
        },
      ],
      [
        { machineType: wireEdm },
        {
          machineManufacturer: 'This manufacturer does not make machines of the chosen type.',
          machineModelType:
            'This model is not a model of the chosen manufacturer and machine type.',
        },
      ],
      [
        { machineType: '00000000-0000-4000-8000-000000000000' },
        {
          machineType: 'Choose a machine type from the list.',
          machineManufacturer: 'This manufacturer does not make machines of the chosen type.',
          machineModelType:
            'This model is not a model of the chosen manufacturer and machine type.',
        },
      ],
    ];
    for (const [change, errors] of cases) {
      const response = await call('POST', '/api/machines/add-machine-to-shop', {
        name: 'X',
        serialNumber: 'MISMATCH-1',
        ...tormach,
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Please correct the highlighted fields.',
        code: 'validation_failed',
        errors,
      });
    }
    const list = (await call('GET', '/api/machines/my-machines')).json<{
      machines: { serialNumber: string }[];
    }>();
    expect(list.machines.map((machine) => machine.serialNumber)).not.toContain('MISMATCH-1');
  });

  it('refuses blank names and serial numbers, and a missing choice', async () => {
    const tormach = await catalogChoice(t, token, tormach15L);
    const response = await call('POST', '/api/machines/add-machine-to-shop', {
      ...tormach,
      name: ' ',
      serialNumber: '',
      controllerModelType: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: {
        name: 'Name is required.',
        serialNumber: 'Serial number is required.',
        controllerModelType: 'Choose a controller model.',
      },
    });
  });

  it('keeps serial numbers unique in the organization, ignoring case', async () => {
    const choice = await catalogChoice(t, token, haasST10);
    await addMachine(t, token, choice, { serialNumber: 'DUP-7' });
    const again = await call('POST', '/api/machines/add-machine-to-shop', {
      name: 'Twin',
      serialNumber: 'dup-7',
      ...choice,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'conflict',
      message: 'A machine with serial number dup-7 is already in your shop.',
    });
    const other = await addMachine(t, token, choice, { serialNumber: 'DUP-8' });
    const renamed = await call('PATCH', `/api/machines/update-machine/${other._id}`, {
      name: 'Twin',
      serialNumber: 'DUP-7',
      ...choice,
    });
    expect(renamed.statusCode).toBe(409);
  });

  it('answers 404 for machines that do not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/api/machines/fun/${missing}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/machines/tooling-pairs/${missing}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/machines/fun/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('tooling pairs', () => {
  it('adds, lists by slot, edits and deletes tool rows', async () => {
    const machine = await addMachine(t, token, await catalogChoice(t, token, tormach15L));
    const add = (fields: Record<string, string>) =>
      call('POST', '/api/machines/add-tool-and-associate', toolBody(machine, fields));
    const t10 = await add({ slotNumber: 't10', toolName: 'Parting blade' });
    expect(t10.statusCode).toBe(201);
    expect(t10.json()).toMatchObject({
      toolingPair: { slotNumber: 'T10', toolName: 'Parting blade' },
    });
    expect((await add({ slotNumber: 'T2', toolName: 'Drill 8.5' })).statusCode).toBe(201);
    expect((await add({ slotNumber: 'T01' })).json()).toMatchObject({
      toolingPair: { slotNumber: 'T1' },
    });
    const list = (await call('GET', `/api/machines/tooling-pairs/${machine._id}`)).json<{
      toolingPairs: { id: string; slotNumber: string }[];
    }>();
    expect(list.toolingPairs.map((tool) => tool.slotNumber)).toEqual(['T1', 'T2', 'T10']);

    const toolId = list.toolingPairs[0]!.id;
    const edited = await call('POST', '/api/machines/edit-tool-and-associate', {
      ...toolBody(machine, { slotNumber: 'T3', toolName: 'DNMG 150608' }),
      toolId,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      toolingPair: { id: toolId, slotNumber: 'T3', toolName: 'DNMG 150608' },
    });

    const deleted = await call('DELETE', '/api/machines/delete-tool-and-associate', { toolId });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Tool and its associations deleted successfully!' });
    const after = (await call('GET', `/api/machines/tooling-pairs/${machine._id}`)).json<{
      toolingPairs: { slotNumber: string }[];
    }>();
    expect(after.toolingPairs.map((tool) => tool.slotNumber)).toEqual(['T2', 'T10']);
    expect(
      (await call('DELETE', '/api/machines/delete-tool-and-associate', { toolId })).statusCode,
    ).toBe(404);
  });

  it('says on save what the programs understand of a row, and what the tools can do and lack', async () => {
    const machine = await addMachine(t, token, await catalogChoice(t, token, tormach15L));
    const add = (fields: Record<string, string>) =>
      call('POST', '/api/machines/add-tool-and-associate', toolBody(machine, fields));
    const insert = (await add({ slotNumber: 'T1' })).json<{
      toolingPair: { understood: { usable: boolean; summary: string } };
    }>();
    expect(insert.toolingPair.understood).toEqual({
      usable: true,
      summary:
        'External turning tool: ISO C insert (80°), 12 mm edge, nose radius 0.8 mm, in a 95° holder; roughs at most ap 7.97 mm and f 0.5 mm/rev.',
    });
    const blade = (
      await add({
        slotNumber: 'T2',
        toolName: 'Parting blade',
        toolDescription: 'cut-off',
        toolType: 'Cutting',
      })
    ).json<{ toolingPair: { understood: { usable: boolean; summary: string } } }>();
    expect(blade.toolingPair.understood.usable).toBe(false);
    expect(blade.toolingPair.understood.summary).toContain("for example 'Parting blade 3 mm wide'");
    const list = (await call('GET', `/api/machines/tooling-pairs/${machine._id}`)).json<{
      toolingPairs: { understood: { usable: boolean } }[];
      readiness: { jobType: string; can: string[]; missing: string[] };
    }>();
    expect(list.toolingPairs.map((tool) => tool.understood.usable)).toEqual([true, false]);
    expect(list.readiness.jobType).toBe('Lathe');
    expect(list.readiness.can).toEqual(['Face, rough and finish the outside: T1 CNMG 120408']);
    expect(list.readiness.missing[0]).toMatch(/^No parting blade: /);
  });

  it('keeps slots unique per machine, and the same slot free on another machine', async () => {
    const first = await addMachine(t, token, await catalogChoice(t, token, tormach15L));
    const second = await addMachine(t, token, await catalogChoice(t, token, tormach15L));
    expect(
      (await call('POST', '/api/machines/add-tool-and-associate', toolBody(first))).statusCode,
    ).toBe(201);
    const taken = await call(
      'POST',
      '/api/machines/add-tool-and-associate',
      toolBody(first, { slotNumber: 't1' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'Slot T1 is already used on this machine.',
      errors: { slotNumber: 'Slot T1 is already used on this machine.' },
    });
    expect(
      (await call('POST', '/api/machines/add-tool-and-associate', toolBody(second))).statusCode,
    ).toBe(201);
  });

  it('requires all six fields, a slot like T1 and one of the 43 tool types', async () => {
    const machine = await addMachine(t, token, await catalogChoice(t, token, tormach15L));
    const response = await call(
      'POST',
      '/api/machines/add-tool-and-associate',
      toolBody(machine, {
        slotNumber: 'A1',
        toolName: ' ',
        toolDescription: '',
        toolType: 'Knurling',
        toolManufacturer: '',
        toolHint: '',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: {
        slotNumber: 'Tool slot must be T followed by a number, such as T1.',
        toolName: 'This field is required.',
        toolDescription: 'This field is required.',
        toolType: 'Choose a tool type from the list.',
        toolManufacturer: 'This field is required.',
        toolHint: 'This field is required.',
      },
    });
    expect(toolTypes).toHaveLength(43);
    for (const toolType of [
      'High-Speed Machining',
      'Low-Price Machining',
      'Electrical Discharge Machining',
    ]) {
      const ok = await call(
        'POST',
        '/api/machines/add-tool-and-associate',
        toolBody(machine, { toolType, slotNumber: `T${toolTypes.indexOf(toolType as never) + 1}` }),
      );
      expect(ok.statusCode).toBe(201);
    }
  });

  it('finds the machine by serial number and type name, and says when there is none', async () => {
    const machine = await addMachine(t, token, await catalogChoice(t, token, tormach15L), {
      serialNumber: 'FIND-ME',
    });
    const lowerCase = await call('POST', '/api/machines/add-tool-and-associate', {
      ...toolBody(machine),
      machineSerialNumber: 'find-me',
      typeName: 'turning center',
    });
    expect(lowerCase.statusCode).toBe(201);
    const wrongType = await call('POST', '/api/machines/add-tool-and-associate', {
      ...toolBody(machine, { slotNumber: 'T2' }),
      typeName: 'Wire EDM',
    });
    expect(wrongType.statusCode).toBe(404);
    expect(wrongType.json()).toMatchObject({
      message: 'No machine with serial number FIND-ME and type Wire EDM in your shop.',
    });
  });

  it('needs a toolId to edit', async () => {
    const machine = await addMachine(t, token, await catalogChoice(t, token, tormach15L));
    const response = await call('POST', '/api/machines/edit-tool-and-associate', toolBody(machine));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { toolId: 'Tool not found.' } });
  });
});
