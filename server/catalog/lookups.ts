/**
 * Catalog lookups for the machine form's cascade (spec section 7): each level lists only what
 * fits the choices above it, deduplicated.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  controllerModels,
  controllerTypes,
  machineModelControllers,
  machineModels,
  machineTypes,
  manufacturers,
} from '#db/schema';
import type {
  ControllerModelLookup,
  Lookup,
  MachineTypeLookup,
  ManufacturerLookup,
} from '#contracts/shop';
import type { Executor } from '#server/database';

export function listMachineTypes(db: Executor): Promise<MachineTypeLookup[]> {
  return db
    .select({ _id: machineTypes.id, name: machineTypes.name, jobType: machineTypes.jobType })
    .from(machineTypes)
    .orderBy(asc(machineTypes.name));
}

/** Manufacturers with at least one model of the machine type. */
export function listManufacturers(
  db: Executor,
  machineTypeId: string,
): Promise<ManufacturerLookup[]> {
  return db
    .selectDistinct({ id: manufacturers.id, name: manufacturers.name })
    .from(manufacturers)
    .innerJoin(machineModels, eq(machineModels.manufacturerId, manufacturers.id))
    .where(eq(machineModels.machineTypeId, machineTypeId))
    .orderBy(asc(manufacturers.name), asc(manufacturers.id));
}

export function listModels(
  db: Executor,
  machineTypeId: string,
  manufacturerId: string,
): Promise<Lookup[]> {
  return db
    .selectDistinct({ _id: machineModels.id, name: machineModels.name })
    .from(machineModels)
    .where(
      and(
        eq(machineModels.machineTypeId, machineTypeId),
        eq(machineModels.manufacturerId, manufacturerId),
      ),
    )
    .orderBy(asc(machineModels.name), asc(machineModels.id));
}

/**
 * Controller types on which any model of the manufacturer is sold; of its models of
 * `machineTypeId` only, when given (a turning center's form offers no mill control).
 */
export function listControllerTypes(
  db: Executor,
  manufacturerId: string,
  machineTypeId?: string,
): Promise<Lookup[]> {
  return db
    .selectDistinct({ _id: controllerTypes.id, name: controllerTypes.name })
    .from(controllerTypes)
    .innerJoin(controllerModels, eq(controllerModels.controllerTypeId, controllerTypes.id))
    .innerJoin(
      machineModelControllers,
      eq(machineModelControllers.controllerModelId, controllerModels.id),
    )
    .innerJoin(machineModels, eq(machineModels.id, machineModelControllers.machineModelId))
    .where(
      and(
        eq(machineModels.manufacturerId, manufacturerId),
        machineTypeId ? eq(machineModels.machineTypeId, machineTypeId) : undefined,
      ),
    )
    .orderBy(asc(controllerTypes.name), asc(controllerTypes.id));
}

/**
 * Controller models of the type on which any model of the manufacturer is sold; of its models
 * of `machineTypeId` only, when given.
 */
export function listControllerModels(
  db: Executor,
  controllerTypeId: string,
  manufacturerId: string,
  machineTypeId?: string,
): Promise<ControllerModelLookup[]> {
  return db
    .selectDistinct({
      _id: controllerModels.id,
      name: controllerModels.name,
      dialect: controllerModels.dialect,
    })
    .from(controllerModels)
    .innerJoin(
      machineModelControllers,
      eq(machineModelControllers.controllerModelId, controllerModels.id),
    )
    .innerJoin(machineModels, eq(machineModels.id, machineModelControllers.machineModelId))
    .where(
      and(
        eq(controllerModels.controllerTypeId, controllerTypeId),
        eq(machineModels.manufacturerId, manufacturerId),
        machineTypeId ? eq(machineModels.machineTypeId, machineTypeId) : undefined,
      ),
    )
    .orderBy(asc(controllerModels.name), asc(controllerModels.id));
}
