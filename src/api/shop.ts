/** Shop and machines calls (spec section 7, "Shop and machines"). */
import type { MessageResponse } from '#contracts/errors';
import type {
  ControllerModelLookup,
  Lookup,
  MachineBody,
  MachineResponse,
  MachineTypeLookup,
  MachinesByTypeResponse,
  MachinesResponse,
  ManufacturerLookup,
  ToolBody,
  ToolingPairResponse,
  ToolingPairsResponse,
} from '#contracts/shop';
import { apiRequest } from './client.ts';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const getMachineTypes = () =>
  apiRequest<MachineTypeLookup[]>('GET', '/api/shop/machine-types');

export const getManufacturers = (machineTypeId: string) =>
  apiRequest<ManufacturerLookup[]>('GET', `/api/shop/manufacturers/${machineTypeId}`);

export const getModels = (machineTypeId: string, manufacturerId: string) =>
  apiRequest<Lookup[]>('GET', `/api/shop/models?${query({ machineTypeId, manufacturerId })}`);

/** The manufacturer's controller types, of its machines of `machineTypeId` only. */
export const getControllerTypes = (manufacturerId: string, machineTypeId: string) =>
  apiRequest<Lookup[]>(
    'GET',
    `/api/shop/controller-types/${manufacturerId}?${query({ machineTypeId })}`,
  );

/** The controller models of the type, on the manufacturer's machines of `machineTypeId` only. */
export const getControllerModels = (
  controllerTypeId: string,
  manufacturerId: string,
  machineTypeId: string,
) =>
  apiRequest<ControllerModelLookup[]>(
    'GET',
    `/api/shop/controller-models?${query({ controllerTypeId, manufacturerId, machineTypeId })}`,
  );

export const getMyMachines = () => apiRequest<MachinesResponse>('GET', '/api/machines/my-machines');

export const getMachinesByType = (type: string) =>
  apiRequest<MachinesByTypeResponse>(
    'GET',
    `/api/machines/my-machines-by-type/${encodeURIComponent(type)}`,
  );

export const getMachine = (machineId: string) =>
  apiRequest<MachineResponse>('GET', `/api/machines/fun/${machineId}`);

export const addMachine = (body: MachineBody) =>
  apiRequest<MachineResponse>('POST', '/api/machines/add-machine-to-shop', { body });

export const updateMachine = (machineId: string, body: MachineBody) =>
  apiRequest<MachineResponse>('PATCH', `/api/machines/update-machine/${machineId}`, { body });

export const getToolingPairs = (machineId: string) =>
  apiRequest<ToolingPairsResponse>('GET', `/api/machines/tooling-pairs/${machineId}`);

/** A tool row as the form sends it; the server checks the type against the 43 labels. */
export type ToolRequest = Omit<ToolBody, 'toolType'> & { toolType: string };

export const addTool = (body: ToolRequest) =>
  apiRequest<ToolingPairResponse>('POST', '/api/machines/add-tool-and-associate', { body });

export const editTool = (body: ToolRequest) =>
  apiRequest<ToolingPairResponse>('POST', '/api/machines/edit-tool-and-associate', { body });

export const deleteTool = (toolId: string) =>
  apiRequest<MessageResponse>('DELETE', '/api/machines/delete-tool-and-associate', {
    body: { toolId },
  });
