/**
 * What the values table reads from a value typed in a row (edits.ts, single-setters.ts): sizes
 * in mm ('12.5', 'Ø12.5 mm'), pairs ('175 x 100'), and the setter a row's edit runs.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { readNumber, roundMm } from '#cam/callouts';

/**
 * A row's edit: changes `draft` in place for the value typed, or returns one sentence saying
 * what to type instead.
 */
export type Setter = (draft: BlueprintDescription, text: string) => string | undefined;

export const NUMBER = String.raw`[+\-−]?(?:\d+(?:[.,]\d+)?|[.,]\d+)`;
export const SIZE = new RegExp(String.raw`^\s*[Ø⌀ø∅]?\s*(${NUMBER})\s*(?:mm)?\s*$`, 'i');
export const PAIR = new RegExp(
  String.raw`^\s*(${NUMBER})\s*(?:mm)?\s*[,;x×*\s]\s*(${NUMBER})\s*(?:mm)?\s*$`,
  'i',
);

export const sizeWanted = 'Type a size in mm, such as 12.5.';

/** A number as typed ('12,5', '−3'), rounded to the product's mm resolution. */
export const read = (text: string) => roundMm(readNumber(text.replace('−', '-')));

/** A positive size in mm, or undefined. */
export function positive(text: string): number | undefined {
  const match = SIZE.exec(text);
  if (!match) return undefined;
  const value = read(match[1]!);
  return value > 0 ? value : undefined;
}
