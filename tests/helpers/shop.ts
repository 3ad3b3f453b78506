import type { TestApp } from './app.ts';

export interface CatalogChoice {
  machineType: string;
  machineManufacturer: string;
  machineModelType: string;
  controllerType: string;
  controllerModelType: string;
}

const get = async <T>(t: TestApp, token: string, url: string): Promise<T> => {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 200)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
};

/**
 * Walk the catalog cascade through the API, as the machine form does, to the named machine:
 * for example ('Turning Center', 'Tormach', '15L Slant-PRO', 'Tormach PathPilot', 'PathPilot').
 */
export async function catalogChoice(
  t: TestApp,
  token: string,
  names: [
    type: string,
    manufacturer: string,
    model: string,
    controllerType: string,
    controllerModel: string,
  ],
): Promise<CatalogChoice> {
  const [typeName, makerName, modelName, controllerTypeName, controllerModelName] = names;
  const find = <T extends { name: string }>(list: T[], name: string, what: string): T => {
    const found = list.find((entry) => entry.name === name);
    if (!found)
      throw new Error(
        `no ${what} named ${name} among ${list.map((entry) => entry.name).join(', ')}`,
      );
    return found;
  };
  const type = find(
    await get<{ _id: string; name: string }[]>(t, token, '/api/shop/machine-types'),
    typeName,
    'machine type',
  );
  const maker = find(
    await get<{ id: string; name: string }[]>(t, token, `/api/shop/manufacturers/${type._id}`),
    makerName,
    'manufacturer',
  );
  const model = find(
    await get<{ _id: string; name: string }[]>(
      t,
      token,
      `/api/shop/models?machineTypeId=${type._id}&manufacturerId=${maker.id}`,
    ),
    modelName,
    'model',
  );
  const controllerType = find(
    await get<{ _id: string; name: string }[]>(
      t,
      token,
      `/api/shop/controller-types/${maker.id}?machineTypeId=${type._id}`,
    ),
    controllerTypeName,
    'controller type',
  );
  const controllerModel = find(
    await get<{ _id: string; name: string }[]>(
      t,
      token,
      `/api/shop/controller-models?controllerTypeId=${controllerType._id}&manufacturerId=${maker.id}&machineTypeId=${type._id}`,
    ),
    controllerModelName,
    'controller model',
  );
  return {
    machineType: type._id,
    machineManufacturer: maker.id,
    machineModelType: model._id,
    controllerType: controllerType._id,
    controllerModelType: controllerModel._id,
  };
}

export const tormach15L = [
  'Turning Center',
  'Tormach',
  '15L Slant-PRO',
  'Tormach PathPilot',
  'PathPilot',
] as [string, string, string, string, string];
export const haasST10 = ['Turning Center', 'Haas Automation', 'ST-10', 'Haas', 'Haas NGC'] as [
  string,
  string,
  string,
  string,
  string,
];
export const haasVF2 = [
  'Vertical Machining Center',
  'Haas Automation',
  'VF-2',
  'Haas',
  'Haas NGC',
] as [string, string, string, string, string];

/** Add a machine through the API; returns the created machine. */
export async function addMachine(
  t: TestApp,
  token: string,
  choice: CatalogChoice,
  fields: {
    name?: string;
    serialNumber?: string;
    description?: string;
    status?: 'active' | 'inactive';
  } = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/machines/add-machine-to-shop',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      name: fields.name ?? 'Lathe 1',
      serialNumber: fields.serialNumber ?? `SN-${Math.random().toString(36).slice(2, 10)}`,
      description: fields.description ?? 'Bay 3',
      status: fields.status ?? 'active',
      ...choice,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`add machine: ${response.statusCode} ${response.body}`);
  return response.json<{
    machine: { _id: string; serialNumber: string; machineType: { name: string } };
  }>().machine;
}

/** A complete tool row body for the machine. */
export const toolBody = (
  machine: { serialNumber: string; machineType: { name: string } },
  fields: Partial<
    Record<
      'slotNumber' | 'toolName' | 'toolDescription' | 'toolType' | 'toolManufacturer' | 'toolHint',
      string
    >
  > = {},
) => ({
  machineSerialNumber: machine.serialNumber,
  typeName: machine.machineType.name,
  slotNumber: 'T1',
  toolName: 'CNMG 120408',
  toolDescription: 'Rhombic 80° roughing insert, 0.8 mm nose radius',
  toolType: 'Turning',
  toolManufacturer: 'Sandvik Coromant',
  toolHint: 'NOHINT',
  ...fields,
});
