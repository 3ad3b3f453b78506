/**
 * Values OCR misread, told by the drawing's own scale: a written diameter or length whose ratio
 * to what its line measures is far from the ratio the page's other read values of its kind agree
 * on ('Ø2.0625' read '52.0625' with the sign taken for a '5', 'Ø51 ±0.02' read '510.02', '36'
 * given to a line spanning two steps whose middle arrowhead was lost). Such a value is not
 * applied; the drawn size stands and is named for the operator to give.
 */
import { formatMm, roundMm } from '#cam/callouts';
import type { DimensionNote } from './content.ts';
import { median } from '../geometry/plane.ts';

/** A read diameter disagrees with the page's scale when its ratio is off by more than this share. */
const MISREAD_SHARE = 0.25;
/** Other diameters agree on the scale when within this share of it. */
const AGREEING_SHARE = 0.03;
/** At least this many other read diameters must agree before one is called misread. */
const AGREEING_OTHERS = 2;

/** The written diameters of a dimensioned profile, by index, with the dimensions that gave them. */
export interface WrittenDiameters {
  outerDiameters: Map<number, { nominalMm: number; text: string }>;
  boreDiameters: Map<number, { nominalMm: number; text: string }>;
  sources: { outer: Map<number, DimensionNote>; bores: Map<number, DimensionNote> };
  differences: string[];
  unresolved: string[];
}

/**
 * Removes the written diameters OCR misread (see the file's head) and says so in `unresolved`.
 *
 * @param drawnOuter - the profile's drawn outer diameters, mm, by index
 * @param drawnBores - its drawn bore diameters, mm, by index
 * @param result - the written diameters (changed in place); only those read by OCR are judged
 */
export function withoutMisreadDiameters(
  drawnOuter: number[],
  drawnBores: number[],
  result: WrittenDiameters,
): void {
  const read = [
    ...entriesOf(result.outerDiameters, result.sources.outer, drawnOuter),
    ...entriesOf(result.boreDiameters, result.sources.bores, drawnBores),
  ];
  for (const { entry, expectedMm } of offScale(read)) {
    entry.written.delete(entry.index);
    entry.sources.delete(entry.index);
    const drawn = `Ø${formatMm(roundMm(expectedMm))}`;
    result.differences = result.differences.filter((d) => !d.startsWith(`${entry.text} is drawn`));
    result.unresolved.push(
      `Diameter dimension "${entry.text}" does not agree with its line, which measures ${drawn} at the scale the other diameters agree on: it is taken for a misreading and the drawn size is kept; give the written size with Change.`,
    );
  }
}

/** The OCR-read written diameters of one list with their drawn sizes. */
function entriesOf(
  written: Map<number, { nominalMm: number; text: string }>,
  sources: Map<number, DimensionNote>,
  drawn: number[],
) {
  return [...written].flatMap(([index, value]) => {
    const drawnMm = drawn[index];
    if (!sources.get(index)?.ocr || !drawnMm) return [];
    return [{ index, text: value.text, drawnMm, writtenMm: value.nominalMm, written, sources }];
  });
}

/**
 * The OCR-read values far from the scale the others agree on (see the file's head): of `read`
 * (written value and what its line measures, in one unit), those whose ratio is off the median
 * ratio (the upper of two middle ones) by more than MISREAD_SHARE while at least AGREEING_OTHERS others lie within
 * AGREEING_SHARE of it.
 *
 * @returns the misread entries, each with the size its line measures at the agreed scale
 */
export function offScale<T extends { writtenMm: number; drawnMm: number }>(
  read: T[],
): { entry: T; expectedMm: number }[] {
  const usable = read.filter((entry) => entry.writtenMm > 0 && entry.drawnMm > 0);
  if (usable.length < AGREEING_OTHERS + 1) return [];
  const ratio = (entry: T) => entry.writtenMm / entry.drawnMm;
  const scale = median(usable.map(ratio));
  const off = (entry: T) => Math.abs(ratio(entry) / scale - 1);
  const agreeing = usable.filter((entry) => off(entry) <= AGREEING_SHARE).length;
  if (agreeing < AGREEING_OTHERS) return [];
  return usable
    .filter((entry) => off(entry) > MISREAD_SHARE)
    .map((entry) => ({ entry, expectedMm: entry.drawnMm * scale }));
}
