/**
 * Sinker EDM electrodes read from the shop's tool rows: a row of type 'Electrical Discharge
 * Machining' (or any row) whose words name an electrode, with its material (graphite, copper,
 * copper-tungsten), its size ("Ø9.6", "19.6 x 9.6 mm") and its undersize per side
 * ("undersize 0.2").
 */
import type { ToolRow } from '../tool-row.ts';
import { toolNumberOf } from '../tool-row.ts';
import type { Electrode } from './program.ts';

const textOf = (row: ToolRow) => `${row.toolName} ${row.toolDescription} ${row.toolHint}`;
const number = '(\\d+(?:[.,]\\d+)?|[.,]\\d+)';
const toMm = (text: string) => Number(text.replace(',', '.'));

/** True for a row that is a sinker electrode. */
export const isElectrodeRow = (row: ToolRow): boolean => /electrode|elektrode/i.test(textOf(row));

/** The electrode material a text names. */
export function electrodeMaterialFrom(text: string): Electrode['material'] | undefined {
  if (/cu\s*-?\s*w\b|w\s*-?\s*cu\b|copper[- ]tungsten|tungsten[- ]copper/i.test(text))
    return 'copper-tungsten';
  if (/graphit/i.test(text)) return 'graphite';
  if (/copper|\bcu\b|kupfer/i.test(text)) return 'copper';
  return undefined;
}

/** Undersize per side from "undersize 0.2", "u/s 0.2", "0.2 undersize", mm. */
export function undersizeFrom(text: string): number | undefined {
  const match =
    new RegExp(`(?:under\\s*-?\\s*size|u/s)\\s*(?:per\\s*side)?\\s*[=:]?\\s*${number}`, 'i').exec(
      text,
    ) ?? new RegExp(`${number}\\s*(?:mm)?\\s*under\\s*-?\\s*size`, 'i').exec(text);
  return match ? toMm(match[1]!) : undefined;
}

/** The cross-section from "Ø9.6", "dia 9.6", "19.6 x 9.6", "20x10 mm". */
export function electrodeShapeFrom(text: string): Electrode['shape'] | undefined {
  const withoutUndersize = text.replace(
    new RegExp(`(?:under\\s*-?\\s*size|u/s)\\s*(?:per\\s*side)?\\s*[=:]?\\s*${number}`, 'gi'),
    '',
  );
  const rectangle = new RegExp(`${number}\\s*(?:mm)?\\s*[x×*]\\s*${number}`, 'i').exec(
    withoutUndersize,
  );
  if (rectangle) {
    const xMm = toMm(rectangle[1]!);
    const yMm = toMm(rectangle[2]!);
    if (xMm > 0 && yMm > 0) return { kind: 'rectangle', xMm, yMm };
  }
  const round = new RegExp(`(?:Ø|⌀|dia\\.?|diameter)\\s*${number}`, 'i').exec(withoutUndersize);
  if (round && toMm(round[1]!) > 0) return { kind: 'round', diameterMm: toMm(round[1]!) };
  return undefined;
}

/** Every electrode row, read. Rows without a size are kept (they match no cavity). */
export function electrodesFromTools(rows: ToolRow[]): {
  electrodes: Electrode[];
  warnings: string[];
} {
  const warnings: string[] = [];
  const electrodes = rows
    .filter(
      (row) =>
        isElectrodeRow(row) ||
        (row.toolType === 'Electrical Discharge Machining' && !/\bwire\b/i.test(textOf(row))),
    )
    .map((row): Electrode => {
      const text = textOf(row);
      const named = electrodeMaterialFrom(text);
      if (!named)
        warnings.push(
          `The electrode row '${row.toolName}' names no material: graphite is assumed for the conditions.`,
        );
      const material = named ?? 'graphite';
      const shape = electrodeShapeFrom(text);
      const undersize = undersizeFrom(text);
      const number = toolNumberOf(row.slotNumber) ?? 0;
      const size = !shape
        ? ''
        : shape.kind === 'round'
          ? ` Ø${shape.diameterMm}`
          : ` ${shape.xMm} x ${shape.yMm}`;
      return {
        row,
        number,
        material,
        undersizeMm: undersize ?? 0,
        label: `${number ? `T${number} ` : ''}${material}${size} electrode`,
        ...(shape ? { shape } : {}),
      };
    });
  return { electrodes, warnings };
}
