/**
 * Fusion 360 tool libraries (issue 35, tool libraries in and out): the library's JSON
 * (`{ data: [tool…], version }`, each tool with its `type`, `description`, `vendor`,
 * `product-id`, `unit`, `geometry` — DC cutting diameter, LCF flute length, NOF flutes, OAL
 * overall length, SIG point angle — and `post-process.number`), and the `.tools` file, the zip
 * around that JSON (fflate). Lengths in inches are written as mm in the rows.
 *
 * The shop's row keeps six fields. A tool from Fusion becomes: slot `T<number>`, name its
 * description (or its type and diameter), a description the product's tool readers understand
 * ("flat end mill, Ø10 mm, 4 flutes, flute length 22 mm, overall length 75 mm, carbide"), a type
 * from its Fusion type, its vendor and its product id as the hint. A library the product writes
 * keeps the six fields in each tool's `qbot-row` as well, so it reads back unchanged.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { z } from 'zod';
import type { ToolType } from '#contracts/shop';
import { toolTypes } from '#contracts/shop';
import {
  NO_HINT,
  UNKNOWN_MANUFACTURER,
  toolNumberOf,
  type LibraryTool,
  type ReadLibrary,
} from './linuxcnc-tbl.ts';

const rowSchema = z.object({
  slotNumber: z.string(),
  toolName: z.string(),
  toolDescription: z.string(),
  toolType: z.enum(toolTypes),
  toolManufacturer: z.string(),
  toolHint: z.string(),
});

const toolSchema = z.looseObject({
  type: z.string().optional(),
  description: z.string().optional(),
  vendor: z.string().optional(),
  'product-id': z.string().optional(),
  unit: z.string().optional(),
  BMC: z.string().optional(),
  geometry: z.looseObject({}).optional(),
  'post-process': z.looseObject({ number: z.number().optional() }).optional(),
  'qbot-row': rowSchema.optional(),
});
type FusionTool = z.infer<typeof toolSchema>;

const librarySchema = z.looseObject({ data: z.array(z.unknown()) });

/** Fusion's tool types to the spec's (the shop can change it). */
function toolTypeOf(type: string): ToolType {
  const text = type.toLowerCase();
  if (/drill|tap|reamer/.test(text)) return 'Drilling';
  if (/face mill/.test(text)) return 'Facing';
  if (/chamfer|counter ?sink|engrav/.test(text)) return 'Chamfer';
  if (/boring/.test(text)) return 'Boring';
  if (/groov|parting/.test(text)) return 'Cutting';
  if (/turning/.test(text)) return 'Turning';
  if (/slot/.test(text)) return 'Slotting';
  return 'Milling';
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** A Fusion tool as the shop's row. */
function rowOf(tool: FusionTool, index: number): LibraryTool | string {
  if (tool['qbot-row']) return tool['qbot-row'];
  const toolNumber = tool['post-process']?.number;
  if (toolNumber === undefined || !Number.isInteger(toolNumber) || toolNumber < 0)
    return `tool ${index + 1} (${tool.description ?? tool.type ?? 'no name'}) has no tool number`;
  const scale = /inch/i.test(tool.unit ?? '') ? 25.4 : 1;
  const geometry = (tool.geometry ?? {}) as Record<string, unknown>;
  const size = (key: string) =>
    typeof geometry[key] === 'number' ? round(geometry[key] * scale) : undefined;
  const diameter = size('DC');
  const type = tool.type ?? 'tool';
  const parts = [
    type,
    diameter !== undefined ? `Ø${diameter} mm` : undefined,
    typeof geometry.NOF === 'number' ? `${geometry.NOF} flutes` : undefined,
    size('LCF') !== undefined ? `flute length ${size('LCF')} mm` : undefined,
    size('OAL') !== undefined ? `overall length ${size('OAL')} mm` : undefined,
    typeof geometry.SIG === 'number' ? `${geometry.SIG}° point` : undefined,
    tool.BMC,
  ].filter((part): part is string => Boolean(part));
  const name =
    tool.description?.trim() || `${type}${diameter !== undefined ? ` Ø${diameter}` : ''}`;
  return {
    slotNumber: `T${toolNumber}`,
    toolName: name,
    toolDescription: parts.join(', '),
    toolType: toolTypeOf(type),
    toolManufacturer: tool.vendor?.trim() || UNKNOWN_MANUFACTURER,
    toolHint: tool['product-id']?.trim() || NO_HINT,
  };
}

/**
 * Read a Fusion 360 tool library's JSON.
 * @returns a tool per library entry with a tool number; entries without one, and a file that
 *   is not a library, as problems (numbered by entry)
 */
export function readFusionLibrary(json: string): ReadLibrary {
  let value: unknown;
  try {
    value = JSON.parse(json.replace(/^\uFEFF/, ''));
  } catch {
    return {
      tools: [],
      problems: [{ line: 1, message: 'not a Fusion 360 tool library (not JSON)' }],
    };
  }
  const library = librarySchema.safeParse(value);
  if (!library.success)
    return {
      tools: [],
      problems: [{ line: 1, message: 'not a Fusion 360 tool library (no "data" list of tools)' }],
    };
  const tools: LibraryTool[] = [];
  const problems: ReadLibrary['problems'] = [];
  library.data.data.forEach((entry, index) => {
    const tool = toolSchema.safeParse(entry);
    const row = tool.success ? rowOf(tool.data, index) : `tool ${index + 1} is not a tool`;
    if (typeof row === 'string') problems.push({ line: index + 1, message: row });
    else tools.push(row);
  });
  return { tools, problems };
}

/** The most a `.tools` file's library may inflate to, bytes: a zip bomb is refused unread. */
export const maxInflatedLibraryBytes = 16 * 1024 * 1024;

/**
 * Read a Fusion 360 `.tools` file: the zip around the library's JSON. Only the first `.json`
 * entry is inflated, and only when its stated size is at most {@link maxInflatedLibraryBytes}
 * (fflate inflates into a buffer of the stated size, so a false size cannot grow it).
 * @returns the library's tools, or one problem when the file is not such a zip
 */
export function readFusionTools(bytes: Uint8Array): ReadLibrary {
  let files: Record<string, Uint8Array>;
  let tooLarge = false;
  try {
    let taken = false;
    files = unzipSync(bytes, {
      filter: (file) => {
        if (taken || !/\.json$/i.test(file.name)) return false;
        taken = true;
        tooLarge = file.originalSize > maxInflatedLibraryBytes;
        return !tooLarge;
      },
    });
  } catch {
    return {
      tools: [],
      problems: [{ line: 1, message: 'not a Fusion 360 .tools file (not a zip)' }],
    };
  }
  if (tooLarge)
    return {
      tools: [],
      problems: [{ line: 1, message: 'the tool library inside the .tools file is over 16 MB' }],
    };
  const name = Object.keys(files).find((entry) => /\.json$/i.test(entry));
  if (!name)
    return {
      tools: [],
      problems: [{ line: 1, message: 'not a Fusion 360 .tools file (no tool library inside)' }],
    };
  return readFusionLibrary(strFromU8(files[name]!));
}

/**
 * Write tool rows as a Fusion 360 tool library's JSON: each with its tool number, its name as
 * the description, its vendor and product id, its cutting diameter when known, and the six
 * fields in `qbot-row`.
 * @param diameterOf - a row's cutting diameter, mm, when known (the product's reading of it)
 */
export function writeFusionLibrary(
  rows: readonly LibraryTool[],
  diameterOf: (row: LibraryTool) => number | undefined = () => undefined,
): string {
  const data = rows.map((row) => {
    const diameter = diameterOf(row);
    return {
      type:
        row.toolType === 'Drilling'
          ? 'drill'
          : row.toolType === 'Facing'
            ? 'face mill'
            : 'flat end mill',
      description: row.toolName,
      vendor: row.toolManufacturer,
      'product-id': row.toolHint,
      unit: 'millimeters',
      geometry: diameter !== undefined ? { DC: diameter } : {},
      'post-process': { number: toolNumberOf(row.slotNumber) ?? 0, comment: row.toolDescription },
      'qbot-row': row,
    };
  });
  return `${JSON.stringify({ data, version: 2 }, null, 2)}\n`;
}

/** Write tool rows as a Fusion 360 `.tools` file: the library's JSON zipped as tools.json. */
export function writeFusionTools(
  rows: readonly LibraryTool[],
  diameterOf?: (row: LibraryTool) => number | undefined,
): Uint8Array {
  return zipSync({ 'tools.json': strToU8(writeFusionLibrary(rows, diameterOf)) });
}
