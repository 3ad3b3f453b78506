/** Pure helpers of the shop screens. */
import { shopMessages } from '#contracts/shop';
import type { Machine, MachineTypeLookup } from '#contracts/shop';

/** Machines grouped by machine type name ('Unknown Type' when missing), groups by name. */
export function groupByType(machines: Machine[]): [string, Machine[]][] {
  const groups = new Map<string, Machine[]>();
  for (const machine of machines) {
    const type = machine.machineType?.name ?? shopMessages.unknownType;
    groups.set(type, [...(groups.get(type) ?? []), machine]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** The machine form's fields; ids are '' until chosen. */
export interface MachineForm {
  name: string;
  serialNumber: string;
  description: string;
  status: 'active' | 'inactive';
  machineType: string;
  machineManufacturer: string;
  machineModelType: string;
  controllerType: string;
  controllerModelType: string;
}

export const emptyMachineForm: MachineForm = {
  name: '',
  serialNumber: '',
  description: '',
  status: 'active',
  machineType: '',
  machineManufacturer: '',
  machineModelType: '',
  controllerType: '',
  controllerModelType: '',
};

/** The cascade, in order: choosing one clears every choice after it. */
export const cascade = [
  'machineType',
  'machineManufacturer',
  'machineModelType',
  'controllerType',
  'controllerModelType',
] as const;
export type CascadeField = (typeof cascade)[number];

/** Set one cascade choice and clear every choice below it (spec section 5, "Machine form"). */
export function chooseInCascade(
  form: MachineForm,
  field: CascadeField,
  value: string,
): MachineForm {
  const next = { ...form, [field]: value };
  for (const later of cascade.slice(cascade.indexOf(field) + 1)) next[later] = '';
  return next;
}

/** The submit rule: all five choices made, and a name and serial number that are not blank. */
export const canSubmitMachine = (form: MachineForm): boolean =>
  cascade.every((field) => form[field] !== '') &&
  form.name.trim() !== '' &&
  form.serialNumber.trim() !== '';

/** The form filled from a saved machine. */
export function machineToForm(machine: Machine): MachineForm {
  return {
    name: machine.name,
    serialNumber: machine.serialNumber,
    description: machine.description,
    status: machine.status,
    machineType: machine.machineType?._id ?? '',
    machineManufacturer: machine.machineManufacturer?._id ?? '',
    machineModelType: machine.machineModelType?._id ?? '',
    controllerType: machine.controllerType?._id ?? '',
    controllerModelType: machine.controllerModelType?._id ?? '',
  };
}

/**
 * Which Q-Bot job type a machine type serves (beyond the spec, decision 031): the chosen type's,
 * or before a choice every job type with its machine types.
 */
export function jobTypeHint(types: MachineTypeLookup[], chosen: string): string | undefined {
  if (types.length === 0) return undefined;
  const type = types.find((entry) => entry._id === chosen);
  if (type) return `Q-Bot offers ${type.name} machines for ${type.jobType} jobs.`;
  const byJob = new Map<string, string[]>();
  for (const entry of types)
    byJob.set(entry.jobType, [...(byJob.get(entry.jobType) ?? []), entry.name]);
  return `Q-Bot's job types run on: ${[...byJob].map(([job, names]) => `${job}: ${names.join(' or ')}`).join('; ')}.`;
}
