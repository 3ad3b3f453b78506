/**
 * The machines repository: a shop's machines, read with their catalog references (the model
 * with its limits from the maker's spec sheet), added and changed; and the check that the five
 * references of a machine form fit together. Every query filters on the organization.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  controllerModels,
  controllerTypes,
  machineModels,
  machineTypes,
  machines,
  manufacturers,
} from '#db/schema';
import {
  listControllerModels,
  listControllerTypes,
  listManufacturers,
} from '#server/catalog/lookups';
import { shopServerMessages } from '#contracts/shop';
import type { Machine, MachineBody } from '#contracts/shop';
import { apiMessages } from '#contracts/errors';
import type { Executor } from '#server/database';
import { isUniqueViolation } from '#server/db-errors';
import { AppError } from '#server/errors';

function selectMachineRows(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: machines.id,
      name: machines.name,
      serialNumber: machines.serialNumber,
      description: machines.description,
      status: machines.status,
      machineTypeId: machineTypes.id,
      machineTypeName: machineTypes.name,
      jobType: machineTypes.jobType,
      manufacturerId: manufacturers.id,
      manufacturerName: manufacturers.name,
      modelId: machineModels.id,
      modelName: machineModels.name,
      modelLimits: machineModels.limits,
      controllerTypeId: controllerTypes.id,
      controllerTypeName: controllerTypes.name,
      controllerModelId: controllerModels.id,
      controllerModelName: controllerModels.name,
      dialect: controllerModels.dialect,
    })
    .from(machines)
    .leftJoin(machineTypes, eq(machineTypes.id, machines.machineTypeId))
    .leftJoin(manufacturers, eq(manufacturers.id, machines.manufacturerId))
    .leftJoin(machineModels, eq(machineModels.id, machines.machineModelId))
    .leftJoin(controllerTypes, eq(controllerTypes.id, machines.controllerTypeId))
    .leftJoin(controllerModels, eq(controllerModels.id, machines.controllerModelId))
    .where(where)
    .orderBy(asc(machines.name), asc(machines.serialNumber));
}

type MachineRow = Awaited<ReturnType<typeof selectMachineRows>>[number];

const reference = (id: string | null, name: string | null) =>
  id && name !== null ? { _id: id, name } : null;

/** The machine's catalog model, with the model's limits when the catalog has them. */
function modelReference(row: MachineRow): Machine['machineModelType'] {
  const model = reference(row.modelId, row.modelName);
  return model && row.modelLimits ? { ...model, limits: row.modelLimits } : model;
}

function toMachine(row: MachineRow): Machine {
  return {
    _id: row.id,
    name: row.name,
    serialNumber: row.serialNumber,
    description: row.description,
    status: row.status,
    machineType:
      row.machineTypeId && row.machineTypeName && row.jobType
        ? { _id: row.machineTypeId, name: row.machineTypeName, jobType: row.jobType }
        : null,
    machineManufacturer: reference(row.manufacturerId, row.manufacturerName),
    machineModelType: modelReference(row),
    controllerType: reference(row.controllerTypeId, row.controllerTypeName),
    controllerModelType:
      row.controllerModelId && row.controllerModelName && row.dialect
        ? { _id: row.controllerModelId, name: row.controllerModelName, dialect: row.dialect }
        : null,
  };
}

/** Every machine of the organization, by name. */
export async function listMachines(db: Executor, organizationId: string): Promise<Machine[]> {
  return (await selectMachineRows(db, eq(machines.organizationId, organizationId))).map(toMachine);
}

/**
 * The organization's machines for a job type (`Lathe`, `Milling`, `Wire EDM`, `Sinker EDM`) or a
 * machine type name, ignoring case: the active ones (what the workflow offers), the inactive ones
 * by name, and the names of the machine types that serve it (so an empty list can say why).
 */
export async function machineChoicesByType(
  db: Executor,
  organizationId: string,
  type: string,
): Promise<{
  machines: Machine[];
  inactiveMachines: { _id: string; name: string; serialNumber: string }[];
  machineTypes: string[];
}> {
  const wanted = type.trim().toLowerCase();
  const ofType = or(
    eq(sql`lower(${machineTypes.jobType}::text)`, wanted),
    eq(sql`lower(${machineTypes.name})`, wanted),
  );
  const [rows, types] = await Promise.all([
    selectMachineRows(db, and(eq(machines.organizationId, organizationId), ofType)),
    db
      .select({ name: machineTypes.name })
      .from(machineTypes)
      .where(ofType)
      .orderBy(asc(machineTypes.name)),
  ]);
  return {
    machines: rows.filter((row) => row.status === 'active').map(toMachine),
    inactiveMachines: rows
      .filter((row) => row.status !== 'active')
      .map((row) => ({ _id: row.id, name: row.name, serialNumber: row.serialNumber })),
    machineTypes: [...new Set(types.map((row) => row.name))],
  };
}

/**
 * One machine of the organization.
 * @throws AppError 404 when it does not exist or belongs to another organization
 */
export async function getMachine(
  db: Executor,
  organizationId: string,
  machineId: string,
): Promise<Machine> {
  const [row] = await selectMachineRows(
    db,
    and(eq(machines.organizationId, organizationId), eq(machines.id, machineId)),
  );
  if (!row) throw new AppError(404, 'not_found', shopServerMessages.machineNotFound);
  return toMachine(row);
}

/**
 * Check that the form's catalog choices exist and fit: the manufacturer makes that machine type,
 * the model is theirs and of that type, the controller type is offered by the manufacturer on
 * machines of that type and the controller model is of that controller type and offered by the
 * manufacturer on machines of that type.
 * @throws AppError 400 with one message per field that does not fit
 */
export async function checkMachineReferences(db: Executor, body: MachineBody): Promise<void> {
  const errors: Record<string, string> = {};
  const [machineType] = await db
    .select({ id: machineTypes.id })
    .from(machineTypes)
    .where(eq(machineTypes.id, body.machineType));
  if (!machineType) errors.machineType = shopServerMessages.referenceMismatch.machineType;
  const makers = await listManufacturers(db, body.machineType);
  if (!makers.some((maker) => maker.id === body.machineManufacturer)) {
    errors.machineManufacturer = shopServerMessages.referenceMismatch.machineManufacturer;
  }
  const [model] = await db
    .select({ id: machineModels.id })
    .from(machineModels)
    .where(
      and(
        eq(machineModels.id, body.machineModelType),
        eq(machineModels.manufacturerId, body.machineManufacturer),
        eq(machineModels.machineTypeId, body.machineType),
      ),
    );
  if (!model) errors.machineModelType = shopServerMessages.referenceMismatch.machineModelType;
  // Controllers of the chosen machine type's models (no mill control on a lathe), once the
  // type and maker fit; else each wrong field is named once, above.
  const ofType = errors.machineType || errors.machineManufacturer ? undefined : body.machineType;
  const offeredTypes = await listControllerTypes(db, body.machineManufacturer, ofType);
  if (!offeredTypes.some((type) => type._id === body.controllerType)) {
    errors.controllerType = shopServerMessages.referenceMismatch.controllerType;
  }
  const offeredModels = await listControllerModels(
    db,
    body.controllerType,
    body.machineManufacturer,
    ofType,
  );
  if (!offeredModels.some((controller) => controller._id === body.controllerModelType)) {
    errors.controllerModelType = shopServerMessages.referenceMismatch.controllerModelType;
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError(400, 'validation_failed', apiMessages.validationFailed, { errors });
  }
}

/** The columns a machine form writes. */
const machineColumns = (
  body: Required<Pick<MachineBody, 'description' | 'status'>> & MachineBody,
) => ({
  name: body.name,
  serialNumber: body.serialNumber,
  description: body.description,
  status: body.status,
  machineTypeId: body.machineType,
  manufacturerId: body.machineManufacturer,
  machineModelId: body.machineModelType,
  controllerTypeId: body.controllerType,
  controllerModelId: body.controllerModelType,
});

/** 409 for a serial number used twice in one organization. */
const serialTaken = (serialNumber: string) =>
  new AppError(409, 'conflict', shopServerMessages.serialTaken(serialNumber), {
    errors: { serialNumber: shopServerMessages.serialTaken(serialNumber) },
  });

/** A machine form as the API's schema gives it, with its defaults applied. */
type MachineForm = Parameters<typeof machineColumns>[0];

/**
 * Add a machine to the organization's shop (its references checked before).
 * @returns the new machine's id
 * @throws AppError 409 `conflict` when the organization has a machine with that serial number
 */
export async function insertMachine(
  db: Executor,
  organizationId: string,
  body: MachineForm,
): Promise<string> {
  try {
    const [row] = await db
      .insert(machines)
      .values({ organizationId, ...machineColumns(body) })
      .returning({ id: machines.id });
    return row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw serialTaken(body.serialNumber);
    throw error;
  }
}

/**
 * Change a machine of the organization's shop (found and its references checked before).
 * @throws AppError 409 `conflict` when another machine of the organization has that serial number
 */
export async function updateMachine(
  db: Executor,
  organizationId: string,
  machineId: string,
  body: MachineForm,
): Promise<void> {
  try {
    await db
      .update(machines)
      .set({ ...machineColumns(body), updatedAt: new Date() })
      .where(and(eq(machines.organizationId, organizationId), eq(machines.id, machineId)));
  } catch (error) {
    if (isUniqueViolation(error)) throw serialTaken(body.serialNumber);
    throw error;
  }
}
