/**
 * The stock size as data (docs/decisions/039-stock-size-as-data.md): what a size names (a round
 * bar, or a block or plate), its sizes in mm as each kind of job reads them, and what it leaves
 * open; `parseStockSize`, the one reader of a size written in words ("Ø20 x 100 round bar",
 * "Plate 180 x 80 x 12 mm", "4 x 2 x 0.5 in"); and the constructors cam/ builds its suggestion
 * with. The size step turns the operator's words into a StockSize once; the planner takes its
 * numbers from it, never from the words.
 *
 * The reading is the one the server made of the words before issue 32 (server/qbot/programs.ts
 * `stockOf` and `blockStockOf`, with cam/callouts.ts `parseDiameterCallout` and
 * `parseLengthCallout`), number for number: a size taken or refused then is taken or refused now.
 * The one difference, thread callouts, is in decision 039. Inches: 25.4 mm exactly (the 1959
 * international yard and pound agreement).
 */
import { z } from 'zod';
import {
  DIAMETER_SIGN,
  ANGLE_AFTER,
  LENGTH_FORM,
  MM_PER_INCH,
  NUMBER,
  countPrefix,
  diameterForms,
  isInchUnit,
  readNumber,
  roundMm,
} from './written-numbers.ts';

/**
 * What a suggested stock says when the drawing gives no thickness (cam/analysis.ts
 * suggestedStock): the size step then asks for the whole size instead of taking it.
 */
export const STOCK_WITHOUT_THICKNESS = 'thickness not on the drawing';

/**
 * What the description adds after {@link STOCK_WITHOUT_THICKNESS}, where Change can give it; the
 * size step, which asks for the thickness itself, shows the suggestion without it.
 */
export const STOCK_THICKNESS_CHANGE_HINT = "(give it with 'Change')";

/**
 * What a stock size may leave open: a round bar's `diameter` and `length`, a block's `length`
 * (X), `width` (Y) and `thickness` (Z).
 */
export const stockDimensions = ['diameter', 'length', 'width', 'thickness'] as const;
export type StockDimension = (typeof stockDimensions)[number];

const sizeMm = z.number().positive();

/** A round bar as a lathe job reads the size: its diameter and, when given, its length; mm. */
export const roundStockSchema = z.object({ diameterMm: sizeMm, lengthMm: sizeMm.optional() });
export type RoundStock = z.infer<typeof roundStockSchema>;

/**
 * A block or plate as a mill, wire or sinker EDM job reads the size: length x width x thickness
 * along X, Y and Z, mm; `zMm` absent when the thickness is not known.
 */
export const blockStockSchema = z.object({ xMm: sizeMm, yMm: sizeMm, zMm: sizeMm.optional() });
export type BlockStock = z.infer<typeof blockStockSchema>;

/**
 * A stock size. `shape` is what the size names: 'block' when it gives three sizes (or is a
 * plate whose thickness is not on the drawing), else 'round'. The job type is chosen after the
 * size, so the size keeps each reading its words allow: `round` (the lathe's: the diameter, and
 * the length after the first "x") and `block` (the mill's and EDM's: "length x width x
 * thickness"); a job whose reading is absent, or a block without its thickness, is refused.
 * `missing` lists what the named shape leaves open: a round bar's 'diameter' and 'length' (a
 * bar without its length is still cut), a block's 'length', 'width' and 'thickness'.
 */
export const stockSizeSchema = z.object({
  shape: z.enum(['round', 'block']),
  round: roundStockSchema.optional(),
  block: blockStockSchema.optional(),
  missing: z.array(z.enum(stockDimensions)),
});
export type StockSize = z.infer<typeof stockSizeSchema>;

/** A size in words as the workflow keeps it: text, or shape, diameter and length. */
export type StockWords = string | { shape: string; diameter: string; length: string };

// Constructors -------------------------------------------------------------------------------

/** A size that gives nothing (the spec's 'Default Material Stock Size'). */
export const unknownStock = (): StockSize => ({
  shape: 'round',
  missing: ['diameter', 'length'],
});

/**
 * A round bar of `diameterMm`, `lengthMm` long when known (absent: a bar larger than any
 * standard one, cut as long as the part needs).
 */
export function roundBarStock(diameterMm: number, lengthMm?: number): StockSize {
  return lengthMm === undefined
    ? { shape: 'round', round: { diameterMm }, missing: ['length'] }
    : { shape: 'round', round: { diameterMm, lengthMm }, missing: [] };
}

/**
 * A block or plate of `xMm` x `yMm` x `zMm`, `zMm` absent when the drawing gives no thickness.
 * A lathe job reads its first two sizes as a bar's diameter and length, as it reads the words
 * 'Plate 180 x 80 x 12 mm'.
 */
export function blockStock(xMm: number, yMm: number, zMm?: number): StockSize {
  return {
    shape: 'block',
    round: { diameterMm: xMm, lengthMm: yMm },
    block: zMm === undefined ? { xMm, yMm } : { xMm, yMm, zMm },
    missing: zMm === undefined ? ['thickness'] : [],
  };
}

/** A whole block in the words the size step shows and keeps: 'Plate 180 x 80 x 12 mm' (X x Y x Z). */
export const blockStockText = (block: { xMm: number; yMm: number; zMm: number }): string =>
  `Plate ${block.xMm} x ${block.yMm} x ${block.zMm} mm`;

/** A thickness given alone: '12', '12 mm', '12 thick', 'thickness 12 mm', 'THK 10', 'T=10', '1/2"'. */
const THICKNESS_ALONE = new RegExp(
  String.raw`^(?:thickness|thk\.?|t\s*=)?\s*(${NUMBER})\s*(mm|cm|"|''|″|in(?:ch(?:es)?)?\.?)?\s*(?:thick)?\.?$`,
  'i',
);

/**
 * The suggested block completed by the thickness the operator typed alone, when the suggestion
 * is a block that lacks only its thickness (the drawing gives none): the size step asks "how
 * thick is the plate?" and '12' or '12 mm' answers it.
 * @param typed - what the operator typed
 * @param suggested - the suggestion's StockSize
 * @returns the whole block, sizes in mm; undefined when `typed` is not a thickness alone or the
 *   suggestion is not a block without its thickness
 */
export function withTypedThickness(typed: string, suggested: StockSize): StockSize | undefined {
  const block = suggested.block;
  if (suggested.shape !== 'block' || !block || block.zMm !== undefined) return undefined;
  const match = THICKNESS_ALONE.exec(typed.trim());
  if (!match) return undefined;
  const zMm = toMm(readNumber(match[1]!), match[2]?.toLowerCase());
  if (!(zMm > 0) || zMm > 10_000) return undefined;
  return blockStock(block.xMm, block.yMm, zMm);
}

// Callouts (./written-numbers.ts, as cam/callouts.ts reads them) ----------------------------

function toMm(value: number, unit: string | undefined): number {
  if (unit === 'cm') return roundMm(value * 10);
  if (isInchUnit(unit)) return roundMm(value * MM_PER_INCH);
  return roundMm(value);
}

/**
 * Plain, single-spaced text: the DXF codes `%%c` (Ø), `%%d` (°), `%%p` (±), `%%nnn` decoded and
 * `%%u`, `%%o`, `%%k` removed (AutoCAD DXF reference, TEXT control codes).
 */
function plain(text: string): string {
  const decoded = text.replace(/%%(\d{3}|[cdpuok%])/gi, (_match, code: string) => {
    const named: Record<string, string> = { c: 'Ø', d: '°', p: '±', '%': '%', u: '', o: '', k: '' };
    return named[code.toLowerCase()] ?? String.fromCharCode(Number(code));
  });
  return decoded.replace(/\s+/g, ' ').trim();
}

const {
  symbol: SYMBOL_FORM,
  wordBefore: WORD_BEFORE,
  wordAfter: WORD_AFTER,
  bare: BARE,
} = diameterForms;

/**
 * The nominal of a diameter callout, mm: `Ø40`, `⌀ 40,5 mm`, `DIA 40`, `40 dia`, `Ø.625"`, or
 * a number at the start (`20 mm`, `3/4"`); undefined when there is none or it is not positive.
 */
function calloutDiameterMm(text: string): number | undefined {
  const decoded = plain(text);
  const written =
    SYMBOL_FORM.exec(decoded) ?? WORD_BEFORE.exec(decoded) ?? WORD_AFTER.exec(decoded);
  const found = written ?? BARE.exec(decoded);
  if (!found) return undefined;
  const nominalMm = toMm(readNumber(found[1]!), found[2]);
  return nominalMm > 0 ? nominalMm : undefined;
}

const NAMES_A_DIAMETER = new RegExp(String.raw`^${DIAMETER_SIGN}|\b(?:DIA|diam)`, 'i');

/**
 * The value of a length callout, mm: `100`, `100 mm`, `1.5"`, `0.75 in`, `2 m`, `2x 19,9`
 * (19.9); undefined for a diameter (`Ø20`), no number, or a value that is not positive or not
 * finite (`5/0`, `4x1/0`: decision 039).
 */
function calloutLengthMm(text: string): number | undefined {
  const valueMm = writtenLengthMm(plain(text));
  return valueMm !== undefined && Number.isFinite(valueMm) ? valueMm : undefined;
}

/**
 * The positive value a length callout writes, mm, infinite when it divides by zero: a count's
 * size when one follows the count ('2x 19,9'; '4x1/0' divides by zero), else the first number
 * ('2x 0' has no positive size after its count: 2, as cam/callouts.ts parseLengthCallout reads).
 */
function writtenLengthMm(decoded: string): number | undefined {
  if (NAMES_A_DIAMETER.test(decoded)) return undefined;
  const counted = countPrefix(decoded);
  if (counted && !ANGLE_AFTER.test(counted.rest)) {
    const rest = writtenLengthMm(counted.rest);
    if (rest !== undefined) return rest;
  }
  const match = LENGTH_FORM.exec(decoded);
  if (!match) return undefined;
  const value = readNumber(match[1]!);
  const unit = match[2];
  const valueMm = unit === 'm' ? roundMm(value * 1000) : toMm(value, unit);
  return valueMm > 0 ? valueMm : undefined;
}

// Readings ---------------------------------------------------------------------------------

/**
 * A bar's diameter, mm: the diameter callout, else the first number written (`Bar 20`); undefined
 * when neither is positive, or it is not finite (`Ø5/0`: decision 039).
 */
function barDiameterMm(text: string): number | undefined {
  const first = /(\d+(?:[.,]\d+)?)/.exec(text);
  const diameterMm = calloutDiameterMm(text) ?? (first ? Number(first[1]!.replace(',', '.')) : 0);
  return diameterMm > 0 && Number.isFinite(diameterMm) ? diameterMm : undefined;
}

/** The round reading of a size written as one text: the diameter, and the length after an "x". */
function roundOfText(text: string): RoundStock | undefined {
  const diameterMm = barDiameterMm(text);
  if (diameterMm === undefined) return undefined;
  const lengthText = /x\s*([\d.,]+\s*(?:mm)?)/i.exec(text)?.[1] ?? '';
  const lengthMm = lengthText ? calloutLengthMm(lengthText) : undefined;
  return { diameterMm, ...(lengthMm ? { lengthMm } : {}) };
}

const sizeNumber = '(\\d+(?:[.,]\\d+)?)';
const blockPattern = new RegExp(
  `${sizeNumber}\\s*(?:mm)?\\s*[x×*]\\s*${sizeNumber}\\s*(?:mm)?\\s*[x×*]\\s*${sizeNumber}\\s*(mm|in\\b|inch|")?`,
  'i',
);
const twoSizesPattern = new RegExp(`${sizeNumber}\\s*(?:mm)?\\s*[x×*]\\s*${sizeNumber}`, 'i');

/** A written size in mm to 1 µm: `0,5` in inches is 12.7. */
const blockSizeMm = (written: string, scale: number) =>
  Math.round(Number(written.replace(',', '.')) * scale * 1000) / 1000;

/**
 * The block reading of a size: three sizes "length x width x thickness" (separated by x, × or
 * *), in mm unless marked in inches ("4 x 2 x 0.5 in"); undefined unless all three are positive.
 */
function blockOfText(text: string): BlockStock | undefined {
  const match = blockPattern.exec(text);
  if (!match) return undefined;
  const scale = match[4] && !/mm/i.test(match[4]) ? MM_PER_INCH : 1;
  const [xMm, yMm, zMm] = [match[1]!, match[2]!, match[3]!].map((value) =>
    blockSizeMm(value, scale),
  ) as [number, number, number];
  return xMm > 0 && yMm > 0 && zMm > 0 ? { xMm, yMm, zMm } : undefined;
}

/** A plate the suggestion gave without its thickness: 'Plate 180 x 80 mm, thickness not on…'. */
function plateWithoutThickness(text: string): BlockStock | undefined {
  const match = twoSizesPattern.exec(text);
  if (!match) return undefined;
  const [xMm, yMm] = [blockSizeMm(match[1]!, 1), blockSizeMm(match[2]!, 1)];
  return xMm > 0 && yMm > 0 ? { xMm, yMm } : undefined;
}

/** The StockSize of the readings of one size. */
function stockOfReadings(
  round: RoundStock | undefined,
  block: BlockStock | undefined,
  withoutThickness: boolean,
): StockSize {
  const readings = { ...(round ? { round } : {}), ...(block ? { block } : {}) };
  if (block?.zMm !== undefined) return { shape: 'block', ...readings, missing: [] };
  if (withoutThickness) {
    const missing: StockDimension[] = block ? ['thickness'] : ['length', 'width', 'thickness'];
    return { shape: 'block', ...readings, missing };
  }
  const missing: StockDimension[] = [];
  if (!round) missing.push('diameter');
  if (round?.lengthMm === undefined) missing.push('length');
  return { shape: 'round', ...(round ? { round } : {}), missing };
}

/**
 * Read a size written as text.
 *
 * - Round reading: the diameter callout (`Ø20`, `⌀ 20,5 mm`, `DIA 20`, `20 dia`, `Ø.75"`, a
 *   number at the start with its unit: `20 mm`, `3/4"`), else the first number written; the
 *   length: the number after the first "x" (`Ø20 x 100`, `Ø20x100 mm`).
 * - Block reading: "length x width x thickness" with x, × or * between (`180 x 80 x 12 mm`,
 *   `Plate 180×80×12`, `4 x 2 x 0.5 in` = 101.6 x 50.8 x 12.7 mm), sizes to 1 µm.
 * - A plate "…, thickness not on the drawing" (the suggestion's words) is a block without its
 *   thickness.
 *
 * @param text - the size as the operator typed it or the suggestion wrote it (any text)
 * @returns the StockSize; never throws (what cannot be read is in `missing`)
 */
export function parseStockSize(text: string): StockSize {
  const block = blockOfText(text);
  const withoutThickness = !block && text.includes(STOCK_WITHOUT_THICKNESS);
  return stockOfReadings(
    roundOfText(text),
    block ?? (withoutThickness ? plateWithoutThickness(text) : undefined),
    withoutThickness,
  );
}

/**
 * Read a size as the workflow keeps it (decision 039: rows saved before the structure): text
 * as `parseStockSize` reads it; shape, diameter and length with the diameter and the length
 * read each from its own field, the block from the words "shape diameter x length".
 * @returns the StockSize; never throws
 */
export function stockSizeOf(words: StockWords): StockSize {
  if (typeof words === 'string') return parseStockSize(words);
  const diameterMm = barDiameterMm(words.diameter);
  const lengthMm = words.length ? calloutLengthMm(words.length) : undefined;
  const round =
    diameterMm === undefined ? undefined : { diameterMm, ...(lengthMm ? { lengthMm } : {}) };
  return stockOfReadings(
    round,
    blockOfText(`${words.shape} ${words.diameter} x ${words.length}`.trim()),
    false,
  );
}
