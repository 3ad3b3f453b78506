/** A shop's machines and the tools loaded in each. */
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './accounts.ts';
import {
  controllerModels,
  controllerTypes,
  machineModels,
  machineTypes,
  manufacturers,
} from './catalog.ts';
import { createdAt } from './columns.ts';

export const machineStatus = pgEnum('machine_status', ['active', 'inactive']);

/**
 * A machine of one organization. Catalog references become null if the catalog drops the entry
 * (the UI shows 'Unknown'); the G-code is written only for machines whose references are whole.
 */
export const machines = pgTable(
  'machines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    serialNumber: text('serial_number').notNull(),
    description: text('description').notNull().default(''),
    status: machineStatus('status').notNull().default('active'),
    machineTypeId: uuid('machine_type_id').references(() => machineTypes.id, {
      onDelete: 'set null',
    }),
    manufacturerId: uuid('manufacturer_id').references(() => manufacturers.id, {
      onDelete: 'set null',
    }),
    machineModelId: uuid('machine_model_id').references(() => machineModels.id, {
      onDelete: 'set null',
    }),
    controllerTypeId: uuid('controller_type_id').references(() => controllerTypes.id, {
      onDelete: 'set null',
    }),
    controllerModelId: uuid('controller_model_id').references(() => controllerModels.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('machines_serial_per_organization_key').on(
      table.organizationId,
      sql`lower(${table.serialNumber})`,
    ),
  ],
);

/** A tool loaded in a machine's turret or magazine: the spec's "tooling pair". */
export const toolingPairs = pgTable(
  'tooling_pairs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    machineId: uuid('machine_id')
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    /** `T1`, `T2`, …: upper case, unique per machine. */
    slotNumber: text('slot_number').notNull(),
    toolName: text('tool_name').notNull(),
    toolDescription: text('tool_description').notNull(),
    toolType: text('tool_type').notNull(),
    toolManufacturer: text('tool_manufacturer').notNull(),
    toolHint: text('tool_hint').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tooling_pairs_slot_per_machine_key').on(table.machineId, table.slotNumber),
    index('tooling_pairs_organization_idx').on(table.organizationId),
  ],
);
