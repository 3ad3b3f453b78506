/**
 * The machine catalog in db/seed/catalog.json (sources in db/seed/SOURCES.md): its shape, and
 * how the database is kept in step with it at every start, matching rows by `key`.
 */
import { readFile } from 'node:fs/promises';
import { notInArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { jobTypes } from '#contracts/job-types';
import type { JobType } from '#contracts/job-types';
import {
  controllerModels,
  controllerTypes,
  gcodeDialects,
  machineModelControllers,
  machineModels,
  machineTypes,
  manufacturers,
} from '#db/schema';
import type { Database, Executor } from '#server/database';
import { projectPath } from '#server/paths';

/** The catalog file the product ships with. */
export const catalogFile = projectPath('db/seed/catalog.json');

const key = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'keys are lower-case kebab-case');
const name = z.string().trim().min(1);
const positive = z.number().positive();

/**
 * A model's limits from its maker's spec sheet (the `MachineLimits` of cam/program.ts). Y is 0 on
 * lathes without a Y axis and tool positions 0 on EDMs without an electrode changer; which of
 * the optional fields a model must have depends on its machine type's job type (see below).
 */
export const machineLimitsSchema = z.strictObject({
  maxRpm: positive.optional(),
  spindlePowerKw: positive.optional(),
  travelsMm: z.strictObject({ x: positive, y: z.number().nonnegative(), z: positive }),
  toolPositions: z.number().int().nonnegative(),
  maxTurningDiameterMm: positive.optional(),
  barCapacityMm: positive.optional(),
  chuckDiameterMm: positive.optional(),
  source: z.string().trim().min(1),
});
type LimitsField = keyof z.infer<typeof machineLimitsSchema>;

/** Lathe fields, and the spindle's: an EDM has neither. */
const edmForbidden: LimitsField[] = [
  'maxRpm',
  'spindlePowerKw',
  'maxTurningDiameterMm',
  'barCapacityMm',
  'chuckDiameterMm',
];

/** The limits fields each job type must have, and those it must not have. */
const limitsFieldsByJobType: Record<
  JobType,
  { required: LimitsField[]; forbidden: LimitsField[] }
> = {
  Lathe: { required: ['maxRpm', 'spindlePowerKw', 'maxTurningDiameterMm'], forbidden: [] },
  Milling: {
    required: ['maxRpm', 'spindlePowerKw'],
    forbidden: ['maxTurningDiameterMm', 'barCapacityMm', 'chuckDiameterMm'],
  },
  'Wire EDM': { required: [], forbidden: edmForbidden },
  'Sinker EDM': { required: [], forbidden: edmForbidden },
};

export const catalogSchema = z
  .strictObject({
    /** A note for the reader of the file (JSON has no comments). */
    '//': z.string().optional(),
    machineTypes: z.array(z.strictObject({ key, name, jobType: z.enum(jobTypes) })).min(1),
    controllerTypes: z.array(z.strictObject({ key, name })).min(1),
    controllerModels: z
      .array(z.strictObject({ key, name, controllerType: key, dialect: z.enum(gcodeDialects) }))
      .min(1),
    manufacturers: z.array(z.strictObject({ key, name })).min(1),
    models: z
      .array(
        z.strictObject({
          key,
          name,
          manufacturer: key,
          machineType: key,
          controllerModels: z.array(key).min(1),
          limits: machineLimitsSchema,
        }),
      )
      .min(1),
  })
  .superRefine((catalog, context) => {
    const keysOf = (list: { key: string }[]) => new Set(list.map((entry) => entry.key));
    for (const [listName, list] of Object.entries(catalog)) {
      if (typeof list === 'string') continue;
      if (keysOf(list).size !== list.length) {
        context.addIssue({ code: 'custom', message: `${listName} has duplicate keys` });
      }
    }
    const check = (known: Set<string>, wanted: string, what: string, where: string) => {
      if (!known.has(wanted))
        context.addIssue({ code: 'custom', message: `${where} names unknown ${what} '${wanted}'` });
    };
    const types = keysOf(catalog.controllerTypes);
    for (const model of catalog.controllerModels)
      check(types, model.controllerType, 'controllerType', model.key);
    const makers = keysOf(catalog.manufacturers);
    const machineTypeKeys = keysOf(catalog.machineTypes);
    const controllers = keysOf(catalog.controllerModels);
    const jobTypeOf = new Map(catalog.machineTypes.map((type) => [type.key, type.jobType]));
    for (const [index, model] of catalog.models.entries()) {
      check(makers, model.manufacturer, 'manufacturer', model.key);
      check(machineTypeKeys, model.machineType, 'machineType', model.key);
      for (const controller of model.controllerModels)
        check(controllers, controller, 'controllerModel', model.key);
      const jobType = jobTypeOf.get(model.machineType);
      if (!jobType) continue;
      const fields = limitsFieldsByJobType[jobType];
      const path = ['models', index, 'limits'];
      for (const field of fields.required)
        if (model.limits[field] === undefined)
          context.addIssue({
            code: 'custom',
            path: [...path, field],
            message: `${model.key} (${jobType}) needs limits.${field}`,
          });
      for (const field of fields.forbidden)
        if (model.limits[field] !== undefined)
          context.addIssue({
            code: 'custom',
            path: [...path, field],
            message: `${model.key} (${jobType}) has no limits.${field}`,
          });
      if (jobType !== 'Wire EDM' && jobType !== 'Sinker EDM' && model.limits.toolPositions < 1)
        context.addIssue({
          code: 'custom',
          path: [...path, 'toolPositions'],
          message: `${model.key} (${jobType}) needs at least one tool position`,
        });
    }
  });
export type Catalog = z.infer<typeof catalogSchema>;

/**
 * Read and check a catalog file.
 * @throws Error naming the file and each problem, when the JSON or its references are wrong
 */
export async function readCatalog(file: string = catalogFile): Promise<Catalog> {
  const result = catalogSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `  - ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`${file} is not a valid catalog:\n${problems.join('\n')}`);
  }
  return result.data;
}

type KeyedTable = PgTable & { id: AnyPgColumn; key: AnyPgColumn };

async function idsByKey(db: Executor, table: KeyedTable): Promise<Map<string, string>> {
  const rows = (await db.select({ id: table.id, key: table.key }).from(table)) as {
    id: string;
    key: string;
  }[];
  return new Map(rows.map((row) => [row.key, row.id]));
}

const idOf = (ids: Map<string, string>, wanted: string): string => {
  const id = ids.get(wanted);
  if (!id) throw new Error(`catalog key ${wanted} was not stored`);
  return id;
};

const excluded = (column: string) => sql.raw(`excluded.${column}`);
const keys = (list: { key: string }[]) => list.map((entry) => entry.key);

/**
 * Make the catalog tables hold exactly `catalog`: insert new keys, update changed names and
 * models' limits, relink models to their controllers, and delete keys the file no longer has
 * (machines that used them keep a null reference and show 'Unknown'). One transaction under an
 * advisory lock, so several processes starting at once take turns.
 */
export async function syncCatalog(db: Database, catalog: Catalog): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(735201)`);

    await tx
      .insert(machineTypes)
      .values(catalog.machineTypes)
      .onConflictDoUpdate({
        target: machineTypes.key,
        set: { name: excluded('name'), jobType: excluded('job_type') },
      });
    await tx
      .insert(manufacturers)
      .values(catalog.manufacturers)
      .onConflictDoUpdate({ target: manufacturers.key, set: { name: excluded('name') } });
    await tx
      .insert(controllerTypes)
      .values(catalog.controllerTypes)
      .onConflictDoUpdate({ target: controllerTypes.key, set: { name: excluded('name') } });

    const controllerTypeIds = await idsByKey(tx, controllerTypes);
    await tx
      .insert(controllerModels)
      .values(
        catalog.controllerModels.map((model) => ({
          key: model.key,
          name: model.name,
          dialect: model.dialect,
          controllerTypeId: idOf(controllerTypeIds, model.controllerType),
        })),
      )
      .onConflictDoUpdate({
        target: controllerModels.key,
        set: {
          name: excluded('name'),
          dialect: excluded('dialect'),
          controllerTypeId: excluded('controller_type_id'),
        },
      });

    const manufacturerIds = await idsByKey(tx, manufacturers);
    const machineTypeIds = await idsByKey(tx, machineTypes);
    await tx
      .insert(machineModels)
      .values(
        catalog.models.map((model) => ({
          key: model.key,
          name: model.name,
          manufacturerId: idOf(manufacturerIds, model.manufacturer),
          machineTypeId: idOf(machineTypeIds, model.machineType),
          limits: model.limits,
        })),
      )
      .onConflictDoUpdate({
        target: machineModels.key,
        set: {
          name: excluded('name'),
          manufacturerId: excluded('manufacturer_id'),
          machineTypeId: excluded('machine_type_id'),
          limits: excluded('limits'),
        },
      });

    const modelIds = await idsByKey(tx, machineModels);
    const controllerIds = await idsByKey(tx, controllerModels);
    await tx.delete(machineModelControllers);
    await tx.insert(machineModelControllers).values(
      catalog.models.flatMap((model) =>
        model.controllerModels.map((controller) => ({
          machineModelId: idOf(modelIds, model.key),
          controllerModelId: idOf(controllerIds, controller),
        })),
      ),
    );

    // Entries the file no longer has, children first.
    await tx.delete(machineModels).where(notInArray(machineModels.key, keys(catalog.models)));
    await tx
      .delete(controllerModels)
      .where(notInArray(controllerModels.key, keys(catalog.controllerModels)));
    await tx
      .delete(controllerTypes)
      .where(notInArray(controllerTypes.key, keys(catalog.controllerTypes)));
    await tx
      .delete(manufacturers)
      .where(notInArray(manufacturers.key, keys(catalog.manufacturers)));
    await tx.delete(machineTypes).where(notInArray(machineTypes.key, keys(catalog.machineTypes)));
  });
}
