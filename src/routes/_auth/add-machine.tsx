import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { Lookup, MachineTypeLookup } from '#contracts/shop';
import {
  addMachine,
  getControllerModels,
  getControllerTypes,
  getMachine,
  getMachineTypes,
  getManufacturers,
  getModels,
  updateMachine,
} from '../../api/shop.ts';
import { RequestError } from '../../api/client.ts';
import { FormMessage } from '../../components/FormMessage.tsx';
import { SelectField as Select } from '../../components/SelectField.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { TextField } from '../../components/TextField.tsx';
import {
  canSubmitMachine,
  chooseInCascade,
  emptyMachineForm,
  jobTypeHint,
  machineToForm,
} from '../../shop/machines.ts';
import type { CascadeField, MachineForm } from '../../shop/machines.ts';

/** Add or edit a machine (spec sections 2 and 5): `?machineId=` edits that machine. */
export const Route = createFileRoute('/_auth/add-machine')({
  validateSearch: (search: Record<string, unknown>): { machineId?: string } =>
    typeof search.machineId === 'string' ? { machineId: search.machineId } : {},
  component: AddMachine,
});

type Options = Record<CascadeField, Lookup[]>;
const noOptions: Options = {
  machineType: [],
  machineManufacturer: [],
  machineModelType: [],
  controllerType: [],
  controllerModelType: [],
};

const logFailure = (what: string) => (error: unknown) =>
  console.error(`Could not load ${what}`, error);

function AddMachine() {
  const { machineId } = Route.useSearch();
  const navigate = useNavigate();
  const [form, setForm] = useState<MachineForm>(emptyMachineForm);
  const [options, setOptions] = useState<Options>(noOptions);
  const [machineTypes, setMachineTypes] = useState<MachineTypeLookup[]>([]);
  const [loaded, setLoaded] = useState(!machineId);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const setList = (field: CascadeField, list: Lookup[]) =>
    setOptions((current) => ({ ...current, [field]: list }));

  // Machine types, and for an edit the machine with every list its choices need.
  useEffect(() => {
    getMachineTypes()
      .then((types) => {
        setMachineTypes(types);
        setList('machineType', types);
      })
      .catch(logFailure('machine types'));
    if (!machineId) return;
    getMachine(machineId)
      .then(async ({ machine }) => {
        const saved = machineToForm(machine);
        setForm(saved);
        const [makers, models, controllerTypes, controllerModels] = await Promise.all([
          saved.machineType ? getManufacturers(saved.machineType) : [],
          saved.machineType && saved.machineManufacturer
            ? getModels(saved.machineType, saved.machineManufacturer)
            : [],
          saved.machineManufacturer
            ? getControllerTypes(saved.machineManufacturer, saved.machineType)
            : [],
          saved.controllerType && saved.machineManufacturer
            ? getControllerModels(
                saved.controllerType,
                saved.machineManufacturer,
                saved.machineType,
              )
            : [],
        ]);
        setOptions((current) => ({
          ...current,
          machineManufacturer: makers.map((maker) => ({ _id: maker.id, name: maker.name })),
          machineModelType: models,
          controllerType: controllerTypes,
          controllerModelType: controllerModels,
        }));
        setLoaded(true);
      })
      .catch(logFailure('the machine'));
  }, [machineId]);

  /** A new choice clears the ones below it and loads the lists that depend on it. */
  function choose(field: CascadeField, value: string) {
    const next = chooseInCascade(form, field, value);
    setForm(next);
    setErrors({});
    if (!value) return;
    if (field === 'machineType') {
      setOptions({ ...noOptions, machineType: options.machineType });
      getManufacturers(value)
        .then((makers) =>
          setList(
            'machineManufacturer',
            makers.map((maker) => ({ _id: maker.id, name: maker.name })),
          ),
        )
        .catch(logFailure('manufacturers'));
    }
    if (field === 'machineManufacturer') {
      setOptions((current) => ({
        ...current,
        machineModelType: [],
        controllerType: [],
        controllerModelType: [],
      }));
      getModels(next.machineType, value)
        .then((models) => setList('machineModelType', models))
        .catch(logFailure('models'));
      getControllerTypes(value, next.machineType)
        .then((types) => setList('controllerType', types))
        .catch(logFailure('controller types'));
    }
    if (field === 'controllerType') {
      setList('controllerModelType', []);
      getControllerModels(value, next.machineManufacturer, next.machineType)
        .then((models) => setList('controllerModelType', models))
        .catch(logFailure('controller models'));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmitMachine(form)) return;
    setSaving(true);
    setFormError(null);
    try {
      if (machineId) await updateMachine(machineId, form);
      else await addMachine(form);
      await navigate({ to: '/my-shop' });
    } catch (error) {
      // Bad input is shown; anything else is only logged (spec section 8, "Silent failures").
      if (
        error instanceof RequestError &&
        (error.status === 400 || error.status === 409) &&
        error.data
      ) {
        setErrors(error.data.errors ?? {});
        setFormError(error.data.message);
      } else {
        console.error('Could not save the machine', error);
      }
    } finally {
      setSaving(false);
    }
  }

  const text = (field: 'name' | 'serialNumber' | 'description') => ({
    value: form[field],
    error: errors[field],
    onChange: (value: string) => setForm((current) => ({ ...current, [field]: value })),
  });

  return (
    <section className="card narrow">
      <h1>{machineId ? 'Edit Machine' : 'Add Machine'}</h1>
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={!loaded}>
        <TextField label="Name" {...text('name')} />
        <TextField label="Serial Number" {...text('serialNumber')} />
        <TextField label="Description" {...text('description')} />
        <Select
          label="Status"
          value={form.status}
          options={[
            { _id: 'active', name: 'Active' },
            { _id: 'inactive', name: 'Inactive' },
          ]}
          onChange={(value) =>
            setForm((current) => ({
              ...current,
              status: value === 'inactive' ? 'inactive' : 'active',
            }))
          }
        />
        <Select
          label="Machine Type"
          value={form.machineType}
          options={options.machineType}
          placeholder="Select a machine type"
          error={errors.machineType}
          hint={jobTypeHint(machineTypes, form.machineType)}
          onChange={(value) => choose('machineType', value)}
        />
        {form.machineType ? (
          <Select
            label="Manufacturer"
            value={form.machineManufacturer}
            options={options.machineManufacturer}
            placeholder="Select a manufacturer"
            error={errors.machineManufacturer}
            onChange={(value) => choose('machineManufacturer', value)}
          />
        ) : null}
        {form.machineManufacturer ? (
          <Select
            label="Model"
            value={form.machineModelType}
            options={options.machineModelType}
            placeholder="Select a model"
            error={errors.machineModelType}
            onChange={(value) => choose('machineModelType', value)}
          />
        ) : null}
        {form.machineModelType ? (
          <Select
            label="Controller Type"
            value={form.controllerType}
            options={options.controllerType}
            placeholder="Select a controller type"
            error={errors.controllerType}
            onChange={(value) => choose('controllerType', value)}
          />
        ) : null}
        {form.controllerType ? (
          <Select
            label="Controller Model"
            value={form.controllerModelType}
            options={options.controllerModelType}
            placeholder="Select a controller model"
            error={errors.controllerModelType}
            onChange={(value) => choose('controllerModelType', value)}
          />
        ) : null}
        <FormMessage error={formError} />
        <div className="actions">
          <Link to="/my-shop" className="button">
            Cancel
          </Link>
          <button
            type="submit"
            className="button primary"
            disabled={!canSubmitMachine(form) || saving}
          >
            {saving ? <Spinner label="Saving" /> : null}{' '}
            {machineId ? 'Update Machine' : 'Add Machine To My Shop'}
          </button>
        </div>
      </form>
    </section>
  );
}
