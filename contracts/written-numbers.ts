/**
 * Numbers, units and diameter callouts as drawings and operators write them, shared by the
 * callout parsers (cam/callouts.ts, cam/callouts/threads.ts), the readers and the stock size
 * (./stock-size.ts), so that a size is read the same way wherever it is written. Pure
 * TypeScript: also bundled into the browser.
 */

/** Millimetres per inch, exact since the 1959 international yard and pound agreement. */
export const MM_PER_INCH = 25.4;

/**
 * A number as written on a drawing, without sign: mixed inch fractions (`1 1/4`, `1-1/4`),
 * fractions (`5/8`), decimals with a point or a comma (`40.5`, `40,5`) and leading-dot decimals
 * (`.625`). Use inside a capturing group and read the capture with {@link readNumber}.
 */
export const NUMBER = String.raw`(?:\d+[ -]\d+\/\d+|\d+\/\d+|\d+(?:[.,]\d+)?|[.,]\d+)`;

/** A signed decimal deviation such as `+0.1`, `-0,05` or `0`. */
export const SIGNED_DECIMAL = String.raw`[+\-−]?\s?(?:\d+(?:[.,]\d+)?|[.,]\d+)`;

/**
 * The value of a number matched by {@link NUMBER} or {@link SIGNED_DECIMAL}.
 *
 * @param written - `'40,5'`, `'.625'`, `'5/8'`, `'1 1/4'`, `'-0.1'`, `'− 0.1'`
 * @returns the value, or NaN when the text is not a number
 */
export function readNumber(written: string): number {
  const text = written.trim().replace(/−/g, '-').replace(/\s+/g, ' ');
  const mixed = /^(\d+)[ -](\d+)\/(\d+)$/.exec(text);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  const decimal = text.replace(/^([+-]) /, '$1').replace(',', '.');
  return /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/.test(decimal) ? Number(decimal) : NaN;
}

/** Rounds a length in mm to 0.1 µm so that unit conversions do not leave float noise. */
export function roundMm(valueMm: number): number {
  return Math.round(valueMm * 10_000) / 10_000 + 0;
}

/**
 * A length in mm for display: at most four decimals, no trailing zeros (`15.48`, `900`,
 * `11.1125`).
 */
export function formatMm(valueMm: number): string {
  return String(roundMm(valueMm));
}

/** A deviation for display with its sign: `+0.1`, `-0.05`, `0`. */
export function formatDeviation(valueMm: number): string {
  const rounded = roundMm(valueMm);
  return rounded > 0 ? `+${rounded}` : String(rounded);
}

/** A tolerance for display: `±0.1` when symmetric, otherwise `+0.1/-0.2` (upper first). */
export function formatTolerance(tolerance: { upperMm: number; lowerMm: number }): string {
  if (roundMm(tolerance.upperMm) === -roundMm(tolerance.lowerMm) && tolerance.upperMm > 0) {
    return `±${roundMm(tolerance.upperMm)}`;
  }
  return `${formatDeviation(tolerance.upperMm)}/${formatDeviation(tolerance.lowerMm)}`;
}

/**
 * The signs drawings write for a diameter, as a regular-expression character class: Ø (U+00D8,
 * the usual one), ø, ⌀ (U+2300, the diameter sign proper) and ∅ (U+2205, AutoCAD's `\U+2205`).
 */
export const DIAMETER_SIGN = '[Ø⌀ø∅]';

/** A unit after a number; the inch word only when no other word follows ('Ø40 in the middle'). */
export const UNIT = String.raw`(mm|cm|"|''|″|in(?:ch(?:es)?)?\.?(?![a-z])(?!\s+(?!dia)[a-z]))`;

/** Whether a unit matched by {@link UNIT} is the inch (`"`, `''`, `″`, `in`, `inch`). */
export function isInchUnit(unit: string | undefined): boolean {
  return unit !== undefined && /^(?:"|''|″|in)/i.test(unit);
}

/**
 * After a number: not a letter standing among its digits (`3B.5`, `1S,5`, an OCR misreading of
 * 38.5 or 33.5): such a word is no number, so neither its leading digits nor the rest are read as
 * a size.
 */
export const NOT_MISREAD = String.raw`(?![\d.,]*[A-Za-z][.,]\d)`;

/**
 * A length as written: a number not preceded by a word, a point, a slash or a diameter sign, and
 * not a misreading (NOT_MISREAD), capturing the number and its unit (mm, cm, m, inch forms).
 */
export const LENGTH_FORM = new RegExp(
  String.raw`(?<![\w.,/#Ø⌀ø∅])(${NUMBER})${NOT_MISREAD}\s*(mm|cm|m(?![a-z])|"|''|″|in(?:ch(?:es)?)?\.?(?![a-z]))?`,
);

/** A number followed by a degree sign: the angle of a chamfer ('1 x 45°'), not a size. */
export const ANGLE_AFTER = /^[\d.,]+\s*°/;

/**
 * The ways a diameter is written, each capturing the number and its unit: `Ø40` (`symbol`),
 * `DIA 40` (`wordBefore`), `40 dia` (`wordAfter`), and a number at the start of a diameter
 * dimension's text (`bare`).
 */
export const diameterForms = {
  symbol: new RegExp(String.raw`${DIAMETER_SIGN}\s*(${NUMBER})${NOT_MISREAD}\s*${UNIT}?`),
  wordBefore: new RegExp(
    String.raw`\b(?:DIA|diam(?:eter)?)\.?\s*[:=]?\s*(${NUMBER})\s*${UNIT}?`,
    'i',
  ),
  wordAfter: new RegExp(
    String.raw`(?<![\w.,])(${NUMBER})\s*${UNIT}?\s*(?:DIA|diam(?:eter)?)\b\.?`,
    'i',
  ),
  bare: new RegExp(String.raw`^\(?(${NUMBER})${NOT_MISREAD}\s*${UNIT}?`),
};

/** What may follow a count of features: a number, or also a hole's diameter sign, M or D. */
const AFTER_COUNT = { size: String.raw`[\d.,]`, hole: String.raw`[ØøⲪ⌀∅MmD\d.,]` } as const;

/** The count regexes, built once: `^`, blanks, 1 to 99, x X or ×, blanks, then what follows. */
const COUNT_PREFIXES = {
  size: new RegExp(String.raw`^\s*([1-9]\d?)\s*[x×X]\s*(?=${AFTER_COUNT.size})`),
  hole: new RegExp(String.raw`^\s*([1-9]\d?)\s*[x×X]\s*(?=${AFTER_COUNT.hole})`),
};

/**
 * A count of features written before a size (ISO 129-1: '4x ', '4 X ', '4×', '6X'): 1 to 99,
 * the letter x or the sign ×, and blanks around them. One reading for the callout parsers
 * (cam/callouts.ts), the stock size (./stock-size.ts) and the drawing readers.
 *
 * @param text - the callout as written (leading blanks are allowed)
 * @param next - what must follow the count: 'size' a number ('2x 19,9', '4 × 12'); 'hole' also
 *   a hole's diameter sign, a thread's M or a drill's D ('4x Ø6.6', '2xM8')
 * @returns the count, the prefix as written (with the blanks after it) and the text after it;
 *   undefined when the text does not start with a count followed by `next`
 */
export function countPrefix(
  text: string,
  next: keyof typeof AFTER_COUNT = 'size',
): { count: number; prefix: string; rest: string } | undefined {
  const match = COUNT_PREFIXES[next].exec(text);
  if (!match) return undefined;
  return { count: Number(match[1]), prefix: match[0], rest: text.slice(match[0].length) };
}
