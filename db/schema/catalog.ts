/**
 * Catalog: machine types, manufacturers, models, controller types and controller models.
 * Shared by every organization; loaded from db/seed/catalog.json and kept in step at start,
 * matched by `key`.
 */
import { index, jsonb, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { MachineLimits } from '#cam/program';
import { jobTypes } from '#contracts/job-types';

/** G-code dialects a controller model runs; the post-processors are chosen by this. */
export const gcodeDialects = [
  'fanuc',
  'haas',
  'linuxcnc',
  'sinumerik',
  'heidenhain',
  'okuma',
  'iso-edm',
] as const;
export type GcodeDialect = (typeof gcodeDialects)[number];

export const jobTypeEnum = pgEnum('job_type', jobTypes);
export const gcodeDialectEnum = pgEnum('gcode_dialect', gcodeDialects);

const catalogKey = () => text('key').notNull().unique();

export const machineTypes = pgTable('machine_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: catalogKey(),
  name: text('name').notNull(),
  jobType: jobTypeEnum('job_type').notNull(),
});

export const manufacturers = pgTable('manufacturers', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: catalogKey(),
  name: text('name').notNull(),
});

export const controllerTypes = pgTable('controller_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: catalogKey(),
  name: text('name').notNull(),
});

export const controllerModels = pgTable('controller_models', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: catalogKey(),
  name: text('name').notNull(),
  controllerTypeId: uuid('controller_type_id')
    .notNull()
    .references(() => controllerTypes.id, { onDelete: 'cascade' }),
  dialect: gcodeDialectEnum('dialect').notNull(),
});

export const machineModels = pgTable(
  'machine_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: catalogKey(),
    name: text('name').notNull(),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    machineTypeId: uuid('machine_type_id')
      .notNull()
      .references(() => machineTypes.id, { onDelete: 'cascade' }),
    /**
     * The model's limits from its maker's spec sheet (catalog.json, sources in SOURCES.md),
     * handed to cam/ with every program. Null only for rows of an older catalog without them.
     */
    limits: jsonb('limits').$type<MachineLimits>(),
  },
  (table) => [index('machine_models_lookup_idx').on(table.machineTypeId, table.manufacturerId)],
);

/** Which controller models each machine model is sold with. */
export const machineModelControllers = pgTable(
  'machine_model_controllers',
  {
    machineModelId: uuid('machine_model_id')
      .notNull()
      .references(() => machineModels.id, { onDelete: 'cascade' }),
    controllerModelId: uuid('controller_model_id')
      .notNull()
      .references(() => controllerModels.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.machineModelId, table.controllerModelId] }),
    index('machine_model_controllers_controller_idx').on(table.controllerModelId),
  ],
);
