/**
 * Tool libraries in and out of a machine's Tooling Pairs (issue 35, decision 114), mounted at
 * /api/tool-library: a library file read into a preview (nothing stored), the chosen rows added
 * in one transaction, and the machine's tools written as a library file.
 *
 * Formats, by extension: Fusion 360 `.json` and `.tools` (the zip around it), LinuxCNC `.tbl`,
 * and `.csv` with the spec's six tool fields.
 */
import { z } from 'zod';
import { toolFieldsSchema, toolingPairSchema } from './shop.ts';

/** The library formats and the names the screens give them. */
export const toolLibraryFormats = {
  json: 'Fusion 360 (.json)',
  tools: 'Fusion 360 (.tools)',
  tbl: 'LinuxCNC tool table (.tbl)',
  csv: 'CSV (.csv)',
} as const;
export type ToolLibraryFormat = keyof typeof toolLibraryFormats;
const formatKeys = Object.keys(toolLibraryFormats) as [ToolLibraryFormat, ...ToolLibraryFormat[]];

/** A library file: at most 4 MB (a Fusion library of 2,000 tools is about 3 MB). */
export const maxLibraryBytes = 4 * 1024 * 1024;
/** At most this many tools in one import (the spec's slots run T1 to T9999). */
export const maxLibraryTools = 2000;

/** The sentences of the tool library screens and routes. */
export const toolLibraryMessages = {
  fileMissing: 'Choose a tool library file to import.',
  machineMissing: 'Choose the machine the tools are for.',
  formatUnknown:
    'This file is not a tool library the product reads: use a Fusion 360 library (.json or .tools), a LinuxCNC tool table (.tbl) or a CSV file (.csv).',
  tooLarge: 'The tool library is larger than 4 MB.',
  malformed: 'The upload could not be read: send the library as a multipart form with its file.',
  notMultipart: 'Send the tool library as a multipart form with its file in the field "file".',
  empty: 'The tool library file is empty.',
  noTools: (problem: string) => `This file gives no tools: ${problem}`,
  noToolsAtAll: 'This file gives no tools.',
  tooMany: `A library of more than ${maxLibraryTools} tools is not imported: split it into smaller files.`,
  nothingChosen: 'Choose at least one tool to import.',
  slotTwice: (slot: string) => `Slot ${slot} is given to more than one tool of the import.`,
  slotsTaken: (slots: readonly string[]) =>
    `${slots.length === 1 ? `Slot ${slots[0]} already holds a tool` : `Slots ${slots.join(', ')} already hold tools`} on this machine: tick Replace to put the imported tool there, or leave it out.`,
  imported: (added: number, replaced: number) =>
    `${added} ${added === 1 ? 'tool' : 'tools'} added${replaced > 0 ? `, ${replaced} replaced` : ''}.`,
  rowProblem: (slot: string, problem: string) => `${slot}: ${problem}`,
  noToolsToExport: 'This machine has no tools to export.',
} as const;

/** The text fields of the preview upload (multipart, beside `file`). */
export const libraryPreviewFieldsSchema = z.object({
  machineId: z.uuid(toolLibraryMessages.machineMissing),
});

/** One tool of the file as the product reads it, and what it would take the place of. */
export const libraryPreviewToolSchema = toolingPairSchema.omit({ id: true }).extend({
  /** Why the row cannot be imported as it is (a slot that is not T and a number…), if so. */
  problem: z.string().nullable(),
  /** The machine's tool now in the same slot, if any. */
  conflict: z.object({ toolId: z.string(), toolName: z.string() }).nullable(),
  /** True when an earlier tool of the file has the same slot. */
  slotTwice: z.boolean(),
});
export type LibraryPreviewTool = z.infer<typeof libraryPreviewToolSchema>;

export const libraryPreviewResponseSchema = z.object({
  fileName: z.string(),
  format: z.enum(formatKeys),
  formatName: z.string(),
  tools: z.array(libraryPreviewToolSchema),
  /** Lines (or entries) of the file that give no tool, each with why. */
  problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type LibraryPreviewResponse = z.infer<typeof libraryPreviewResponseSchema>;

/** POST /import: the chosen rows, each allowed to replace the tool in its slot or not. */
export const libraryImportBodySchema = z.object({
  machineId: z.uuid(toolLibraryMessages.machineMissing),
  tools: z
    .array(toolFieldsSchema.extend({ replace: z.boolean().default(false) }), {
      error: toolLibraryMessages.nothingChosen,
    })
    .min(1, toolLibraryMessages.nothingChosen)
    .max(maxLibraryTools, toolLibraryMessages.tooMany),
});
export type LibraryImportBody = z.input<typeof libraryImportBodySchema>;

export const libraryImportResponseSchema = z.object({
  message: z.string(),
  added: z.number().int(),
  replaced: z.number().int(),
});
export type LibraryImportResponse = z.infer<typeof libraryImportResponseSchema>;

/** GET /export: the machine, the format and optionally the slots to write ("T1,T4"). */
export const libraryExportQuerySchema = z.object({
  machineId: z.uuid(toolLibraryMessages.machineMissing),
  format: z.enum(formatKeys, { error: toolLibraryMessages.formatUnknown }),
  slots: z
    .string()
    .max(2000)
    .regex(/^T\d{1,4}(,T\d{1,4})*$/, 'Slots are T numbers separated by commas, such as T1,T4.')
    .optional(),
});
export type LibraryExportQuery = z.infer<typeof libraryExportQuerySchema>;

/** A machine's library file name: its name in plain characters and the format's extension. */
export const libraryFileName = (machineName: string, format: ToolLibraryFormat): string =>
  `${machineName.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'machine'}-tools.${format}`;

/** The media type each format is sent as. */
export const libraryMediaTypes: Record<ToolLibraryFormat, string> = {
  json: 'application/json; charset=utf-8',
  tools: 'application/zip',
  tbl: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};
