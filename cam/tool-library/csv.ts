/**
 * Tool rows as CSV (issue 35, tool libraries in and out): one row per tool with the spec's six
 * fields. A header names the columns, by the API's field names (`slotNumber, toolName,
 * toolDescription, toolType, toolManufacturer, toolHint`) or by the Tooling Pairs table's
 * labels (Tool Slot, Tool, Description, Type, Manufacturer, Hint), in any order; RFC 4180
 * quoting, comma or semicolon separated (csv-parse), UTF-8 with or without a byte-order mark.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { toolTypes, type ToolType } from '#contracts/shop';
import {
  guessToolType,
  NO_HINT,
  UNKNOWN_MANUFACTURER,
  type LibraryTool,
  type ReadLibrary,
} from './linuxcnc-tbl.ts';

const fields = [
  'slotNumber',
  'toolName',
  'toolDescription',
  'toolType',
  'toolManufacturer',
  'toolHint',
] as const;
type Field = (typeof fields)[number];

/** Column headers as shops write them, lower case, to the field they hold. */
const headers: Record<string, Field> = {
  slotnumber: 'slotNumber',
  'tool slot': 'slotNumber',
  slot: 'slotNumber',
  toolname: 'toolName',
  tool: 'toolName',
  name: 'toolName',
  tooldescription: 'toolDescription',
  description: 'toolDescription',
  tooltype: 'toolType',
  type: 'toolType',
  toolmanufacturer: 'toolManufacturer',
  manufacturer: 'toolManufacturer',
  toolhint: 'toolHint',
  hint: 'toolHint',
};

/** The CSV's first line's separator: a semicolon when it has more of them than commas. */
const delimiterOf = (text: string) => {
  const first = text.split('\n', 1)[0] ?? '';
  return (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
};

/**
 * Read tool rows from CSV.
 * @returns a tool per data row with a slot and a name; rows without them, and a file whose
 *   header names no slot and name column or that is not CSV, as problems (line numbers of the
 *   file)
 */
export function readToolCsv(text: string): ReadLibrary {
  let records: string[][];
  try {
    const parsed: unknown = parse(text.replace(/^\uFEFF/, ''), {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
    });
    records = parsed as string[][];
  } catch (error) {
    return { tools: [], problems: [{ line: 1, message: `not CSV: ${(error as Error).message}` }] };
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((name) => headers[name.trim().toLowerCase()]);
  if (!columns.includes('slotNumber') || !columns.includes('toolName'))
    return {
      tools: [],
      problems: [
        {
          line: 1,
          message: `line 1: the header must name the columns ${fields.join(', ')} (slot and name at least)`,
        },
      ],
    };
  const tools: LibraryTool[] = [];
  const problems: ReadLibrary['problems'] = [];
  rows.forEach((row, index) => {
    const line = index + 2;
    const value = (field: Field) => {
      const at = columns.indexOf(field);
      return at < 0 ? '' : (row[at] ?? '').trim();
    };
    if (!value('slotNumber') || !value('toolName')) {
      problems.push({ line, message: `row ${line}: a tool needs its slot and its name` });
      return;
    }
    const type = value('toolType');
    tools.push({
      slotNumber: value('slotNumber'),
      toolName: value('toolName'),
      toolDescription: value('toolDescription') || value('toolName'),
      toolType: (toolTypes as readonly string[]).includes(type)
        ? (type as ToolType)
        : guessToolType(`${value('toolName')} ${value('toolDescription')}`),
      toolManufacturer: value('toolManufacturer') || UNKNOWN_MANUFACTURER,
      toolHint: value('toolHint') || NO_HINT,
    });
  });
  return { tools, problems };
}

/** Write tool rows as CSV with the header of the API's field names. */
export function writeToolCsv(rows: readonly LibraryTool[]): string {
  return stringify(
    rows.map((row) => fields.map((field) => row[field])),
    { header: true, columns: [...fields], record_delimiter: '\r\n' },
  );
}
