/**
 * Cleaning the strip a dimension's value is read from (dimension-values.ts): lines that cross the
 * value cut out, its own dimension line erased with what it leaves of the arrowheads, and whether
 * lettering is left to read. Pure image work on grey images: no web code.
 */
import type { GreyImage } from '../engines/prepare-image.ts';
import { INK_LEVEL } from './deviations.ts';
import { components } from './raster-ops.ts';

/** Letter height the strip is enlarged to, px (Tesseract reads digits best at 30–50 px). */
export const TARGET_LETTER_PX = 44;

/**
 * A column of the upright strip is a line crossing the value (a centre line through a diameter's
 * value, an extension line) when its ink in vertical runs of at least CROSSING_RUN letter
 * heights sums to CROSSING_INK letter heights: a letter's stroke spans about one letter height
 * of the strip's 1.8, and a dash-dot line's gaps and dots leave most of its dash.
 */
const CROSSING_INK = 1.25;

const CROSSING_RUN = 0.25;

/**
 * A row of a strip cut across its line is the line's where this share of it is ink: a line a
 * pixel off square on the original spreads over two rows once enlarged, each short of half.
 */
const LINE_ROW = 0.4;

/** Ink an erased line leaves shorter than this many letter heights is the line's (eraseLine). */
const LINE_PIECE = 0.4;

/** Lettering on both sides within this many letter heights keeps a crossing line's pixels. */
const LETTER_REACH = 0.45;

/**
 * Whites out the columns of an upright strip that long runs of ink cross (CROSSING_INK), and
 * the column each side, where a line crosses the value: the centre line
 * of a turned part through the value of its diameter (ISO 129-1 writes a diameter's value at
 * the middle of its line, on the axis).
 *
 * @param image - the strip, value upright (changed in place)
 * @param keepInLetters - keep the line's pixels in rows with lettering on both sides within
 *   LETTER_REACH (the letters keep the stroke the line runs along); else the letters it crossed
 *   keep a gap a line wide
 * @param letterPx - the letter height in the strip, px
 * @returns whether a line crossed the strip
 */
export function eraseCrossingLines(
  image: GreyImage,
  keepInLetters: boolean,
  letterPx: number,
): boolean {
  const { data, width, height } = image;
  const ink = (x: number, y: number) => data[y * width + x]! < INK_LEVEL;
  const crossing: number[] = [];
  for (let x = 0; x < width; x++) {
    let long = 0;
    let run = 0;
    for (let y = 0; y <= height; y++) {
      if (y < height && ink(x, y)) run++;
      else {
        if (run >= CROSSING_RUN * letterPx) long += run;
        run = 0;
      }
    }
    if (long >= CROSSING_INK * letterPx) crossing.push(x);
  }
  if (crossing.length === 0) return false;
  const columns = new Set(crossing.flatMap((x) => [x - 1, x, x + 1]));
  const reach = Math.max(2, Math.round(letterPx * LETTER_REACH));
  const inkNear = (from: number, to: number, y: number) => {
    for (let x = Math.max(0, from); x <= Math.min(width - 1, to); x++)
      if (!columns.has(x) && ink(x, y)) return true;
    return false;
  };
  for (const x of columns) {
    if (x < 0 || x >= width) continue;
    for (let y = 0; y < height; y++)
      if (!keepInLetters || !(inkNear(x - reach, x - 1, y) && inkNear(x + 1, x + reach, y)))
        data[y * width + x] = 255;
  }
  return true;
}

/**
 * Cuts the lines running up and across the sheet out of the square a slanted value is turned
 * from (eraseCrossingLines, keeping their pixels between letters): the part's centre lines
 * cross a diameter's value written along a slanted line through the centre, and once turned
 * they are slanted too, which the upright strip's cuts do not find.
 */
export function eraseSquareLines(square: GreyImage): void {
  eraseCrossingLines(square, true, TARGET_LETTER_PX);
  const across = transposed(square);
  if (eraseCrossingLines(across, true, TARGET_LETTER_PX)) square.data.set(transposed(across).data);
}

/** An image's rows as columns. */
function transposed(image: GreyImage): GreyImage {
  const { data, width, height } = image;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) out[x * height + y] = data[y * width + x]!;
  return { data: out, width: height, height: width };
}

/**
 * The strip as given to the engine: itself, or where a line crosses the value, first with the
 * line cut out between the letters only, then (when that reads as no value) cut out through them:
 * a letter the line runs along reads better with the line ('8' read '3' without its left side),
 * one it crosses without ('Ø31' read '23Il' with it). The first value read is taken.
 */
export function crossingCuts(upright: GreyImage): GreyImage[] {
  const through = { ...upright, data: Uint8Array.from(upright.data) };
  if (!eraseCrossingLines(through, false, TARGET_LETTER_PX)) return [upright];
  eraseCrossingLines(upright, true, TARGET_LETTER_PX);
  return [upright, through];
}

/**
 * Whether a cleaned strip holds lettering: ink of at least a tenth of a letter's square, over
 * rows at least half a letter high.
 * @param letterPx - the letter height the strip was enlarged to, px
 */
export function hasLetters(image: GreyImage, letterPx: number): boolean {
  let ink = 0;
  let top = image.height;
  let bottom = -1;
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++)
      if (image.data[y * image.width + x]! < INK_LEVEL) {
        ink++;
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  return ink >= 0.1 * letterPx * letterPx && bottom - top + 1 >= 0.5 * letterPx;
}

/**
 * Erases the dimension line from a strip cut across it (ACROSS_LINE): the strip made black and
 * white at INK_LEVEL (the line's grey fringe, a pixel wide on the original, would stay as a rule
 * beside the erased one), the rows that are the line's erased (LINE_ROW), and the ink they leave
 * that is shorter than LINE_PIECE letter heights: the arrowheads' halves and the line's ragged edge. A
 * letter standing on the line is taller and stays.
 */
export function eraseLine(image: GreyImage): void {
  const { data, width, height } = image;
  for (let i = 0; i < data.length; i++) data[i] = data[i]! < INK_LEVEL ? 0 : 255;
  const erasedRows = new Set<number>();
  for (let y = 0; y < height; y++) {
    const row = data.subarray(y * width, (y + 1) * width);
    let dark = 0;
    for (const v of row) if (v === 0) dark++;
    if (dark > LINE_ROW * width) {
      row.fill(255);
      erasedRows.add(y);
    }
  }
  if (erasedRows.size === 0) return;
  const maxPiece = LINE_PIECE * TARGET_LETTER_PX;
  const ink = data.map((v) => (v === 0 ? 1 : 0));
  components(ink, width, height, (pixels) => {
    const rows = pixels.map((i) => Math.floor(i / width));
    const touches = rows.some((y) => erasedRows.has(y - 1) || erasedRows.has(y + 1));
    if (touches && Math.max(...rows) - Math.min(...rows) + 1 < maxPiece)
      for (const i of pixels) data[i] = 255;
  });
}
