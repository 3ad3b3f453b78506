/**
 * Shop API contracts (spec sections 3 "Machine", "Lookups", "Tooling pair" and 7 "Shop and
 * machines"). Catalog lookups are shared by all organizations; machines and tools belong to one.
 */
import { z } from 'zod';
import { jobTypes } from './job-types.ts';
import { text } from './text.ts';

/** Spec texts for the shop screens, copied exactly. */
export const shopMessages = {
  unknownType: 'Unknown Type',
  unknown: 'Unknown',
  allFieldsRequired: 'All fields must be filled out.',
  noTools: 'No Tools are Currently Configured for this machine.',
  fetchFailed: 'An error occurred while fetching data',
  noResponse: 'No response received',
  errorPrefix: (message: string) => `Error: ${message}`,
  deleteFailed: 'Failed to delete tool',
  submitFailed: 'Error submitting new tool',
  toolDeleted: 'Tool and its associations deleted successfully!',
  deleteTitle: 'Delete Tool',
  deleteQuestion: 'Are you sure you want to delete this tool and its associations?',
  tooling: (machineName: string) => `Tooling Pairs for ${machineName}`,
} as const;

/** Texts for the server's own checks (docs/decisions/007-shop.md). */
export const shopServerMessages = {
  machineNotFound: 'Machine not found.',
  toolNotFound: 'Tool not found.',
  nameRequired: 'Name is required.',
  serialRequired: 'Serial number is required.',
  serialTaken: (serial: string) =>
    `A machine with serial number ${serial} is already in your shop.`,
  slotFormat: 'Tool slot must be T followed by a number, such as T1.',
  slotTaken: (slot: string) => `Slot ${slot} is already used on this machine.`,
  toolTypeInvalid: 'Choose a tool type from the list.',
  fieldRequired: 'This field is required.',
  tooLong: (max: number) => `At most ${max} characters.`,
  choose: (what: string) => `Choose a ${what}.`,
  referenceMismatch: {
    machineType: 'Choose a machine type from the list.',
    machineManufacturer: 'This manufacturer does not make machines of the chosen type.',
    machineModelType: 'This model is not a model of the chosen manufacturer and machine type.',
    controllerType: 'This controller type is not offered by the chosen manufacturer.',
    controllerModelType: 'This controller model is not of the chosen controller type.',
  },
  machineForToolNotFound: (serial: string, typeName: string) =>
    `No machine with serial number ${serial} and type ${typeName} in your shop.`,
} as const;

/**
 * The 43 tool types (spec section 3). The High-… and Low-… series are written out as
 * "High-Speed Machining" … "Low-Price Machining" (docs/decisions/007-shop.md).
 */
export const toolTypes = [
  'Drilling',
  'Turning',
  'Facing',
  'Chamfer',
  'Cutting',
  'Boring',
  'Grinding',
  'Milling',
  'Sawing',
  'Shaping',
  'Slotting',
  'Broaching',
  'Planing',
  'Honing',
  'Lapping',
  'Electrical Discharge Machining',
  'Electrochemical Machining',
  'Ultrasonic Machining',
  'Water Jet Cutting',
  'Laser Cutting',
  'Plasma Cutting',
  'Flame Cutting',
  'Electron Beam Machining',
  'Electrochemical Grinding',
  'Abrasive Jet Machining',
  'Chemical Machining',
  'Photochemical Machining',
  'Thermal Machining',
  'Cold Machining',
  'Hot Machining',
  'Dry Machining',
  'Wet Machining',
  'High-Speed Machining',
  'High-Efficiency Machining',
  'High-Precision Machining',
  'High-Quality Machining',
  'High-Reliability Machining',
  'High-Productivity Machining',
  'High-Performance Machining',
  'High-Throughput Machining',
  'High-Volume Machining',
  'Low-Cost Machining',
  'Low-Price Machining',
] as const;
export type ToolType = (typeof toolTypes)[number];

// Lookups ------------------------------------------------------------------------------------

export const lookupSchema = z.object({ _id: z.string(), name: z.string() });
export type Lookup = z.infer<typeof lookupSchema>;
export const machineTypeLookupSchema = lookupSchema.extend({ jobType: z.enum(jobTypes) });
export type MachineTypeLookup = z.infer<typeof machineTypeLookupSchema>;
/** Manufacturers are identified by `id` (spec section 3). */
export const manufacturerLookupSchema = z.object({ id: z.string(), name: z.string() });
export type ManufacturerLookup = z.infer<typeof manufacturerLookupSchema>;
export const controllerModelLookupSchema = lookupSchema.extend({ dialect: z.string() });
export type ControllerModelLookup = z.infer<typeof controllerModelLookupSchema>;

const id = (what: string) => z.uuid(shopServerMessages.choose(what));

export const machineTypeParamsSchema = z.object({ machineTypeId: id('machine type') });
export const manufacturerParamsSchema = z.object({ manufacturerId: id('manufacturer') });
export const modelsQuerySchema = z.object({
  machineTypeId: id('machine type'),
  manufacturerId: id('manufacturer'),
});
/** Optional: the machine type whose models' controllers are listed (all types when absent). */
const machineTypeFilter = { machineTypeId: id('machine type').optional() };
export const controllerTypesQuerySchema = z.object(machineTypeFilter);
export const controllerModelsQuerySchema = z.object({
  controllerTypeId: id('controller type'),
  manufacturerId: id('manufacturer'),
  ...machineTypeFilter,
});

// Machines -----------------------------------------------------------------------------------

const nullableLookup = lookupSchema.nullable();

/**
 * A machine model's limits from its maker's spec sheet, as the catalog stores them (read-only in
 * the API; the same shape as `MachineLimits` in cam/program.ts). Lathes: X is the cross-slide
 * stroke, Y 0 without a Y axis. EDMs have no spindle fields.
 */
export const machineLimitsSchema = z.object({
  maxRpm: z.number().positive().optional(),
  spindlePowerKw: z.number().positive().optional(),
  travelsMm: z.object({ x: z.number(), y: z.number(), z: z.number() }),
  toolPositions: z.number().int().nonnegative(),
  maxTurningDiameterMm: z.number().positive().optional(),
  barCapacityMm: z.number().positive().optional(),
  chuckDiameterMm: z.number().positive().optional(),
  source: z.string(),
});
export type MachineLimitsResponse = z.infer<typeof machineLimitsSchema>;
/** The machine's catalog model, with its limits when the catalog has them. */
export const machineModelLookupSchema = lookupSchema.extend({
  limits: machineLimitsSchema.optional(),
});

export const machineSchema = z.object({
  _id: z.string(),
  name: z.string(),
  serialNumber: z.string(),
  description: z.string(),
  status: z.enum(['active', 'inactive']),
  machineType: machineTypeLookupSchema.nullable(),
  machineManufacturer: nullableLookup,
  machineModelType: machineModelLookupSchema.nullable(),
  controllerType: nullableLookup,
  controllerModelType: controllerModelLookupSchema.nullable(),
});
export type Machine = z.infer<typeof machineSchema>;

export const machinesResponseSchema = z.object({ machines: z.array(machineSchema) });
export type MachinesResponse = z.infer<typeof machinesResponseSchema>;

/**
 * GET my-machines-by-type: the active machines (spec), and beyond the spec the inactive ones of
 * the type and the machine type names that serve it, so an empty list says why (decision 031).
 */
export const machinesByTypeResponseSchema = machinesResponseSchema.extend({
  inactiveMachines: z
    .array(z.object({ _id: z.string(), name: z.string(), serialNumber: z.string() }))
    .optional(),
  machineTypes: z.array(z.string()).optional(),
});
export type MachinesByTypeResponse = z.infer<typeof machinesByTypeResponseSchema>;
export const machineResponseSchema = z.object({ machine: machineSchema });
export type MachineResponse = z.infer<typeof machineResponseSchema>;

export const machineParamsSchema = z.object({
  machineId: z.uuid(shopServerMessages.machineNotFound),
});
export const machinesByTypeParamsSchema = z.object({
  type: text({ error: 'Choose a job type or a machine type.' })
    .trim()
    .min(1, 'Choose a job type or a machine type.')
    .max(100, shopServerMessages.tooLong(100)),
});

const requiredText = (message: string, max: number) =>
  text({ error: message }).trim().min(1, message).max(max, shopServerMessages.tooLong(max));

/** Body of add-machine-to-shop and update-machine: the form's fields and the five catalog ids. */
export const machineBodySchema = z.object({
  name: requiredText(shopServerMessages.nameRequired, 100),
  serialNumber: requiredText(shopServerMessages.serialRequired, 100),
  description: text().trim().max(2000, shopServerMessages.tooLong(2000)).default(''),
  status: z
    .enum(['active', 'inactive'], { error: 'Status must be Active or Inactive.' })
    .default('active'),
  machineType: id('machine type'),
  machineManufacturer: id('manufacturer'),
  machineModelType: id('model'),
  controllerType: id('controller type'),
  controllerModelType: id('controller model'),
});
export type MachineBody = z.input<typeof machineBodySchema>;

// Tooling pairs ------------------------------------------------------------------------------

/** What the programs of the machine's job type understand of a tool row (cam/jobs/tooling-readiness.ts). */
export const toolReadingSchema = z.object({
  /** False when no program of the machine's job type uses the row as it is written. */
  usable: z.boolean(),
  /** What was understood, or why the row cannot be used, with an example. */
  summary: z.string(),
});
export type ToolReading = z.infer<typeof toolReadingSchema>;

/** The tool table's column labels by field (spec section 4, Tooling Pairs). */
export const toolFieldLabels = {
  slotNumber: 'Tool Slot',
  toolName: 'Tool',
  toolDescription: 'Description',
  toolType: 'Type',
  toolManufacturer: 'Manufacturer',
  toolHint: 'Hint',
} as const;

export const toolingPairSchema = z.object({
  id: z.string(),
  slotNumber: z.string(),
  toolName: z.string(),
  toolDescription: z.string(),
  toolType: z.string(),
  toolManufacturer: z.string(),
  toolHint: z.string(),
  /** Beyond the spec: how the CAM reads the row for its machine (docs/decisions/031). */
  understood: toolReadingSchema.optional(),
});
export type ToolingPair = z.infer<typeof toolingPairSchema>;

/** What a machine's tools can do for its job type, and what is missing (each with what to add). */
export const toolingReadinessSchema = z.object({
  jobType: z.enum(jobTypes),
  can: z.array(z.string()),
  missing: z.array(z.string()),
});
export type ToolingReadiness = z.infer<typeof toolingReadinessSchema>;

export const toolingPairsResponseSchema = z.object({
  toolingPairs: z.array(toolingPairSchema),
  /** Beyond the spec: absent when the machine has no machine type. */
  readiness: toolingReadinessSchema.optional(),
});
export type ToolingPairsResponse = z.infer<typeof toolingPairsResponseSchema>;
export const toolingPairResponseSchema = z.object({ toolingPair: toolingPairSchema });
export type ToolingPairResponse = z.infer<typeof toolingPairResponseSchema>;

/** `T1`, `t 12` and `T012` are read as T1, T12 and T12. */
export const slotNumberSchema = text({ error: shopServerMessages.fieldRequired })
  .trim()
  .min(1, shopServerMessages.fieldRequired)
  .transform((slot) => slot.toUpperCase().replace(/\s+/g, ''))
  .pipe(text().regex(/^T0*[1-9]\d{0,3}$/, shopServerMessages.slotFormat))
  .transform((slot) => `T${Number(slot.slice(1))}`);

const toolText = (max: number) => requiredText(shopServerMessages.fieldRequired, max);

/** The six fields of a tool row (spec section 5: all required). */
export const toolFieldsSchema = z.object({
  slotNumber: slotNumberSchema,
  toolName: toolText(200),
  toolDescription: toolText(1000),
  toolType: z.enum(toolTypes, { error: shopServerMessages.toolTypeInvalid }),
  toolManufacturer: toolText(200),
  toolHint: toolText(200),
});
export type ToolFields = z.input<typeof toolFieldsSchema>;

/** add-tool-and-associate and edit-tool-and-associate body (spec section 7). */
export const toolBodySchema = toolFieldsSchema.extend({
  machineSerialNumber: requiredText(shopServerMessages.serialRequired, 100),
  /** The machine type name of the machine. */
  typeName: requiredText(shopServerMessages.fieldRequired, 100),
  toolId: z.uuid(shopServerMessages.toolNotFound).optional(),
});
export type ToolBody = z.input<typeof toolBodySchema>;

export const toolDeleteBodySchema = z.object({ toolId: z.uuid(shopServerMessages.toolNotFound) });
