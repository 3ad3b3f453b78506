import { describe, expect, it } from 'vitest';
import type { Machine } from '#contracts/shop';
import {
  canSubmitMachine,
  chooseInCascade,
  emptyMachineForm,
  groupByType,
  jobTypeHint,
  machineToForm,
} from '#src/shop/machines.ts';

const machine = (name: string, type: string | null): Machine => ({
  _id: name,
  name,
  serialNumber: `SN-${name}`,
  description: '',
  status: 'active',
  machineType: type ? { _id: type, name: type, jobType: 'Lathe' } : null,
  machineManufacturer: null,
  machineModelType: null,
  controllerType: null,
  controllerModelType: null,
});

describe('groupByType', () => {
  it("groups by machine type name, with 'Unknown Type' for a missing one", () => {
    const groups = groupByType([
      machine('b', 'Turning Center'),
      machine('a', null),
      machine('c', 'Turning Center'),
    ]);
    expect(groups.map(([type, list]) => [type, list.map((entry) => entry.name)])).toEqual([
      ['Turning Center', ['b', 'c']],
      ['Unknown Type', ['a']],
    ]);
  });
});

describe('the machine form rules (spec section 5)', () => {
  const complete = {
    ...emptyMachineForm,
    name: 'Lathe',
    serialNumber: 'SN1',
    machineType: 't',
    machineManufacturer: 'm',
    machineModelType: 'mo',
    controllerType: 'ct',
    controllerModelType: 'cm',
  };

  it('clears every choice below the one changed', () => {
    expect(chooseInCascade(complete, 'machineType', 't2')).toMatchObject({
      machineType: 't2',
      machineManufacturer: '',
      machineModelType: '',
      controllerType: '',
      controllerModelType: '',
      name: 'Lathe',
    });
    expect(chooseInCascade(complete, 'machineManufacturer', 'm2')).toMatchObject({
      machineType: 't',
      machineManufacturer: 'm2',
      machineModelType: '',
      controllerType: '',
    });
    expect(chooseInCascade(complete, 'controllerType', 'ct2')).toMatchObject({
      machineModelType: 'mo',
      controllerModelType: '',
    });
  });

  it('enables submit only with all five choices and a non-blank name and serial number', () => {
    expect(canSubmitMachine(complete)).toBe(true);
    expect(canSubmitMachine({ ...complete, name: '  ' })).toBe(false);
    expect(canSubmitMachine({ ...complete, serialNumber: '' })).toBe(false);
    expect(canSubmitMachine({ ...complete, controllerModelType: '' })).toBe(false);
  });

  it('fills the form from a saved machine, with empty ids for missing references', () => {
    expect(machineToForm(machine('x', 'Turning Center'))).toMatchObject({
      name: 'x',
      machineType: 'Turning Center',
      machineManufacturer: '',
    });
  });
});

describe('the job type a machine type serves, shown where machines are added', () => {
  const types = [
    { _id: 'h', name: 'Horizontal Machining Center', jobType: 'Milling' },
    { _id: 't', name: 'Turning Center', jobType: 'Lathe' },
    { _id: 'v', name: 'Vertical Machining Center', jobType: 'Milling' },
  ] as const;

  it('names every job type with its machine types before a choice, and the chosen one after', () => {
    expect(jobTypeHint([...types], '')).toBe(
      "Q-Bot's job types run on: Milling: Horizontal Machining Center or Vertical Machining Center; Lathe: Turning Center.",
    );
    expect(jobTypeHint([...types], 't')).toBe(
      'Q-Bot offers Turning Center machines for Lathe jobs.',
    );
    expect(jobTypeHint([], '')).toBeUndefined();
  });
});
