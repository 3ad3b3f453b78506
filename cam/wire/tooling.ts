/**
 * The wire a wire EDM machine is threaded with, read from the shop's tool rows: a row of type
 * 'Electrical Discharge Machining' or one whose words name a wire ("0.25 mm brass wire",
 * "Ø0.25 coated brass", "0.010\" wire"). Its diameter is required: the offsets are built on it.
 */
import { WireToolingError } from '../errors.ts';
import type { ToolRow } from '../tool-row.ts';
import type { WireSpec } from './program.ts';

/** Wire diameters a wire EDM machine threads, mm (0.02 micro-wire to 0.36 heavy rough wire). */
const smallestWireMm = 0.02;
const largestWireMm = 0.36;

const textOf = (row: ToolRow) => `${row.toolName} ${row.toolDescription} ${row.toolHint}`;

/** True for a row that is a wire (not a sinker electrode). */
export function isWireRow(row: ToolRow): boolean {
  const text = textOf(row);
  if (/electrode/i.test(text)) return false;
  return /\bwire\b|\bdraht\b/i.test(text);
}

/**
 * The wire diameter a text gives, mm: "0.25 mm", "Ø0.25", "dia 0.25", "0,25mm", "0.010\"",
 * "0.010 in". Values outside 0.02–0.36 mm are not wire diameters (a spool's weight, a length).
 */
export function wireDiameterFrom(text: string): number | undefined {
  const number = '(\\d*[.,]\\d+|\\d+)';
  const inch = new RegExp(`${number}\\s*(?:"|''|in\\b|inch)`, 'i').exec(text);
  const candidates: number[] = [];
  if (inch) candidates.push(Number(inch[1]!.replace(',', '.')) * 25.4);
  for (const pattern of [
    new RegExp(`(?:Ø|⌀|dia\\.?|diameter)\\s*${number}`, 'gi'),
    new RegExp(`${number}\\s*mm`, 'gi'),
  ]) {
    for (const match of text.matchAll(pattern))
      candidates.push(Number(match[1]!.replace(',', '.')));
  }
  const found = candidates.find((value) => value >= smallestWireMm && value <= largestWireMm);
  return found === undefined ? undefined : Math.round(found * 10000) / 10000;
}

/** The wire material a text names; undefined when it names none. */
export function wireMaterialFrom(text: string): string | undefined {
  if (/molybd|\bmoly\b/i.test(text)) return 'molybdenum';
  if (/tungsten/i.test(text)) return 'tungsten';
  if (/coated|zinc[- ]?coated|\bcoat|gamma|diffusion[- ]?annealed/i.test(text))
    return 'coated brass';
  if (/brass|\bcuzn|messing/i.test(text)) return 'brass';
  if (/copper/i.test(text)) return 'copper';
  return undefined;
}

/**
 * The wire the job is cut with: the first wire row with a readable diameter.
 * @throws WireToolingError when no row is a wire, or no wire row gives its diameter
 */
export function wireFromTools(rows: ToolRow[]): { wire: WireSpec; warnings: string[] } {
  const wires = rows.filter(
    (row) =>
      (row.toolType === 'Electrical Discharge Machining' && !/electrode/i.test(textOf(row))) ||
      isWireRow(row),
  );
  if (wires.length === 0) {
    throw new WireToolingError(
      "No wire is selected for this job: wire EDM programs are built on the wire's diameter. Add a tool row of type 'Electrical Discharge Machining' that names the wire, such as '0.25 mm brass wire'.",
    );
  }
  const warnings: string[] = [];
  for (const row of wires) {
    const diameterMm = wireDiameterFrom(textOf(row));
    if (diameterMm === undefined) continue;
    const named = wireMaterialFrom(textOf(row));
    if (!named)
      warnings.push(
        `The wire row '${row.toolName}' names no material: brass is assumed for the cutting speeds.`,
      );
    const material = named ?? 'brass';
    return {
      wire: {
        row,
        diameterMm,
        material,
        label: `Ø${diameterMm} mm ${material} wire`,
      },
      warnings,
    };
  }
  throw new WireToolingError(
    `The wire row '${wires[0]!.toolName}' does not give the wire's diameter: write it in the row, such as '0.25 mm brass wire', 'Ø0.25' or '0.010"'.`,
  );
}
