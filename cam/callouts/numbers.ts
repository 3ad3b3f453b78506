/**
 * Numbers as drawings and operators write them, shared by the callout parsers (cam/callouts.ts,
 * cam/callouts/threads.ts) and the readers. Pure TypeScript: also bundled into the browser.
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
