/**
 * LinuxCNC tool tables (`.tbl`) read into the shop's tool rows and written from them (issue 35,
 * tool libraries in and out). A table line is `T<n> P<pocket> D<diameter> Z<length> … ;comment`
 * (LinuxCNC Tool Table Format: T tool number, P pocket, X Y Z A B C U V W offsets, D diameter,
 * I J Q lathe front angle, back angle and orientation; the rest of the line after `;` is the
 * comment). Units are the machine's: mm here (the product writes G21 programs).
 *
 * The table keeps a number, a diameter and a comment; the shop's row keeps six fields. A row
 * written by the product keeps all six in its comment, `name | description | type |
 * manufacturer | hint` (`%`, `|` and line breaks escaped as %25, %7C, %0D, %0A), so a table
 * written and read again gives the same rows; a table from
 * elsewhere gives its comment as the name and its diameter in the description, the maker
 * 'Unknown' and the hint 'NOHINT' (every field of a row is required).
 */
import { toolTypes, type ToolType } from '#contracts/shop';
import type { ToolRow } from '../tool-row.ts';

/** A tool row as a library gives it: every field of the shop's row but its id. */
export type LibraryTool = Omit<ToolRow, 'id'> & { toolType: ToolType };

/** A line of a library that gives no tool, and why. */
export interface LibraryProblem {
  /** 1-based line (or entry) of the file. */
  line: number;
  message: string;
}

/** What a library file gives: its tools, and the lines that give none. */
export interface ReadLibrary {
  tools: LibraryTool[];
  problems: LibraryProblem[];
}

const separator = ' | ';

/** What a library that names no maker or hint gives those required fields (the spec's NOHINT). */
export const UNKNOWN_MANUFACTURER = 'Unknown';
export const NO_HINT = 'NOHINT';

/** A field in a comment: its `%`, `|` and line breaks escaped, so the comment splits back. */
const escaped = (field: string) =>
  field.replace(/%/g, '%25').replace(/\|/g, '%7C').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const unescaped = (field: string) =>
  field.replace(/%(7C|0D|0A|25)/g, (_, code: string) => String.fromCharCode(parseInt(code, 16)));

/** A tool type from a tool's name when the file gives none (the shop can change it). */
export function guessToolType(name: string): ToolType {
  const text = name.toLowerCase();
  if (/\b(tap|drill|reamer|bohrer)\b|center drill|centre drill/.test(text)) return 'Drilling';
  if (/\bface ?mill|\bfacing\b|\bshell mill/.test(text)) return 'Facing';
  if (/\bchamfer|countersink|engrav/.test(text)) return 'Chamfer';
  if (/\bbor(e|ing)\b/.test(text)) return 'Boring';
  if (/\bgroov|\bpart(ing|-off)\b|\bcut-?off/.test(text)) return 'Cutting';
  if (/\bturn|\b[CDTVSWR][CNPT][MG][GTNAM]\b|\binsert\b/.test(text)) return 'Turning';
  if (/\bthread/.test(text)) return 'Turning';
  return 'Milling';
}

const number = (text: string) => {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
};

/** A mm value as a table writes it: at most four decimals, no trailing zeros. */
const mm = (value: number) => `${Math.round(value * 10_000) / 10_000}`;

/** The six fields a product-written comment carries, or undefined for a plain comment. */
function fieldsOf(comment: string): Partial<LibraryTool> | undefined {
  const parts = comment.split(separator);
  if (parts.length !== 5) return undefined;
  const [toolName, toolDescription, toolType, toolManufacturer, toolHint] = parts.map(
    unescaped,
  ) as [string, string, string, string, string];
  if (!(toolTypes as readonly string[]).includes(toolType)) return undefined;
  return { toolName, toolDescription, toolType: toolType as ToolType, toolManufacturer, toolHint };
}

/**
 * Read a LinuxCNC tool table.
 * @param text - the whole `.tbl` file
 * @returns a tool per `T` line (slot `T<n>`), and each other non-empty line that is not a
 *   comment as a problem (no T word, a T word that is not a whole number, a tool number twice)
 */
export function readToolTable(text: string): ReadLibrary {
  const tools: LibraryTool[] = [];
  const problems: LibraryProblem[] = [];
  const seen = new Set<number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const at = raw.indexOf(';');
    const code = (at < 0 ? raw : raw.slice(0, at)).trim();
    const written = at < 0 ? '' : raw.slice(at + 1);
    const comment = written.trim();
    if (code === '') return;
    const words = new Map<string, string>();
    for (const word of code.split(/\s+/)) words.set(word[0]!.toUpperCase(), word.slice(1));
    const toolNumber = number(words.get('T') ?? '');
    if (toolNumber === undefined || !Number.isInteger(toolNumber) || toolNumber < 0) {
      problems.push({ line, message: `line ${line}: no tool number (T word): "${raw.trim()}"` });
      return;
    }
    if (seen.has(toolNumber)) {
      problems.push({ line, message: `line ${line}: tool T${toolNumber} is in the table twice` });
      return;
    }
    seen.add(toolNumber);
    const diameter = number(words.get('D') ?? '');
    const kept = fieldsOf(written);
    const name = kept?.toolName ?? (comment || `Tool ${toolNumber}`);
    tools.push({
      slotNumber: `T${toolNumber}`,
      toolName: name,
      toolDescription:
        kept?.toolDescription ??
        (diameter !== undefined && diameter > 0 ? `Ø${mm(diameter)} mm` : name),
      toolType: kept?.toolType ?? guessToolType(`${name} ${comment}`),
      toolManufacturer: kept?.toolManufacturer ?? UNKNOWN_MANUFACTURER,
      toolHint: kept?.toolHint ?? NO_HINT,
    });
  });
  return { tools, problems };
}

/** The tool number of a slot: "T12" and "12" are 12; undefined for a slot that names none. */
export function toolNumberOf(slot: string): number | undefined {
  const match = /^\s*T?(\d+)\s*$/i.exec(slot);
  return match ? Number(match[1]) : undefined;
}

/**
 * Write tool rows as a LinuxCNC tool table: one line per row with a tool number, in tool number
 * order, its pocket the same number, its diameter when the row gives one, no length offset (the
 * machine measures it), and the six fields in the comment.
 * @param diameterOf - a row's cutting diameter, mm, when known (the product's reading of it)
 */
export function writeToolTable(
  rows: readonly LibraryTool[],
  diameterOf: (row: LibraryTool) => number | undefined = () => undefined,
): string {
  const numbered = rows
    .map((row) => ({ row, number: toolNumberOf(row.slotNumber) }))
    .filter((entry): entry is { row: LibraryTool; number: number } => entry.number !== undefined)
    .sort((a, b) => a.number - b.number);
  const lines = numbered.map(({ row, number: toolNumber }) => {
    const diameter = diameterOf(row);
    const comment = [
      row.toolName,
      row.toolDescription,
      row.toolType,
      row.toolManufacturer,
      row.toolHint,
    ]
      .map(escaped)
      .join(separator);
    const d = diameter !== undefined && diameter > 0 ? ` D${mm(diameter)}` : '';
    return `T${toolNumber} P${toolNumber}${d} Z0 ;${comment}`;
  });
  return `${lines.join('\n')}\n`;
}
