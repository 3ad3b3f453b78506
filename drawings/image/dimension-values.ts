/**
 * Values read again beside the dimension lines that have none. Tesseract's layout analysis
 * reads a scan's page as a whole, and a value standing alone between two extension lines and
 * over its dimension line is often taken for part of the line work and never read (a clean
 * '19.5' over its arrows, on a plotted drawing at 150 dpi). The dimension line says where its
 * value is written (ISO 129-1: above a horizontal line, left of a vertical one, reading from
 * the bottom): that strip is cut from the original image, enlarged, the rules and what touches
 * the strip's edges cleared, and read as one line of text.
 *
 * Pure image work around the OCR engine: no web code.
 */
import { enlargedCrop, pngOf, type GreyImage } from '../engines/prepare-image.ts';
import { recognizeLines, type OcrLine } from '../engines/tesseract.ts';
import type { Point } from '../geometry/primitives.ts';
import type { TextRun } from '../reading.ts';
import { normalizeOcrCallout } from '../text/ocr.ts';
import { INK_LEVEL, clearTouching, eraseRules } from './deviations.ts';

/** Letter height the strip is enlarged to, px (Tesseract reads digits best at 30–50 px). */
const TARGET_LETTER_PX = 44;
const MAX_ENLARGE = 6;
/** White margin around the strip given to the engine, px. */
const MARGIN_PX = 16;
/** The strip: from this many letter heights off the line to this many (its value's side). */
const STRIP_NEAR = 0.1;
const STRIP_FAR = 1.9;
/** A line this many letter heights long or more holds its value between its arrowheads. */
const MIN_LINE_LETTERS = 2.5;
/** Lines within this angle of horizontal or vertical are read again (radians, 3°). */
const SQUARE_RAD = (3 * Math.PI) / 180;
/** At most this many lines are read again on one image (each is one small OCR job). */
const MAX_LINES = 24;
/** Least confidence (0..1) of a value read again. */
const MIN_CONFIDENCE = 0.6;
/**
 * A column of the upright strip is a line crossing the value (a centre line through a diameter's
 * value, an extension line) when its ink in vertical runs of at least CROSSING_RUN letter
 * heights sums to CROSSING_INK letter heights: a letter's stroke spans about one letter height
 * of the strip's 1.8, and a dash-dot line's gaps and dots leave most of its dash.
 */
const CROSSING_INK = 1.25;
const CROSSING_RUN = 0.25;
/** Lettering on both sides within this many letter heights keeps a crossing line's pixels. */
const LETTER_REACH = 0.45;
/** A number as written: '12', '19.5', '0,8'. */
const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
/** Deviations after a size: '+0.05/-0.02', '0/-0.1', '+0.1 -0.05', '±0.2'. */
const DEVIATIONS = String.raw`(?:[+-]?${NUMBER}\s*\/\s*[+-]?${NUMBER}|[+-]${NUMBER}(?:\s+[+-]?${NUMBER})?|±\s*${NUMBER})`;
/** An ISO 286 fit after a size: 'h6', 'H7', 'js6'. */
const FIT = String.raw`[A-Za-z]{1,2}\d{1,2}`;
/**
 * What a value beside a dimension line reads as: a size, optionally with Ø or R before it, a
 * count ('4x'), a fit or deviations after it ('31.5 h6', '20 +0.1/-0.05', '12 ±0.2').
 */
const VALUE = new RegExp(
  String.raw`^(?:\d+\s*[x×]\s*)?(?:[Ø⌀R]\s*)?${NUMBER}(?:\s*(?:${FIT}|${DEVIATIONS}))?$`,
);

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
 * The strip as given to the engine: itself, or where a line crosses the value, first with the
 * line cut out between the letters only, then (when that reads as no value) cut out through them:
 * a letter the line runs along reads better with the line ('8' read '3' without its left side),
 * one it crosses without ('Ø31' read '23Il' with it). The first value read is taken.
 */
function crossingCuts(upright: GreyImage): GreyImage[] {
  const through = { ...upright, data: Uint8Array.from(upright.data) };
  if (!eraseCrossingLines(through, false, TARGET_LETTER_PX)) return [upright];
  eraseCrossingLines(upright, true, TARGET_LETTER_PX);
  return [upright, through];
}

/**
 * The best reading of a cleaned upright strip as one line, when it is a dimension value
 * (isDimensionValue) read with at least MIN_CONFIDENCE.
 */
async function readStrip(image: GreyImage, limitMs: number): Promise<OcrLine | undefined> {
  const width = image.width + 2 * MARGIN_PX;
  const height = image.height + 2 * MARGIN_PX;
  const framed = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < image.height; y++)
    framed.set(
      image.data.subarray(y * image.width, (y + 1) * image.width),
      (y + MARGIN_PX) * width + MARGIN_PX,
    );
  const read = await recognizeLines(
    await pngOf({ data: framed, width, height }),
    undefined,
    limitMs,
    {
      singleLine: true,
    },
  );
  const best = read
    .map((l) => ({ ...l, text: l.text.replace(/\s+/g, ' ').trim() }))
    .filter((l) => l.text.length > 0)
    .sort((a, b) => b.confidence - a.confidence)[0];
  if (!best || best.confidence / 100 < MIN_CONFIDENCE || !isDimensionValue(best.text))
    return undefined;
  return best;
}

/** A dimension line in the original image's pixels (y down), from arrow tip to arrow tip. */
export interface LineToRead {
  from: Point;
  to: Point;
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

/** Whether a line runs across (0) or up the sheet (90), within 3°; undefined when slanted. */
function quarterOf(line: LineToRead): 0 | 90 | undefined {
  const angle = Math.atan2(Math.abs(line.to.y - line.from.y), Math.abs(line.to.x - line.from.x));
  if (angle <= SQUARE_RAD) return 0;
  if (angle >= Math.PI / 2 - SQUARE_RAD) return 90;
  return undefined;
}

/** Whether a text read beside a dimension line is a value (VALUE), after the OCR fixes. */
export function isDimensionValue(text: string): boolean {
  return VALUE.test(normalizeOcrCallout(text).replace(/\s+/g, ' ').trim());
}

/**
 * The strip beside a dimension line where its value is written, original pixels: above a line
 * across the sheet, left of a line up the sheet, over the line's length between its tips.
 */
export function stripOf(
  line: LineToRead,
  quarter: 0 | 90,
  letterPx: number,
): { left: number; top: number; width: number; height: number } {
  const near = STRIP_NEAR * letterPx;
  const far = STRIP_FAR * letterPx;
  if (quarter === 0) {
    const y = (line.from.y + line.to.y) / 2;
    const left = Math.min(line.from.x, line.to.x);
    return { left, top: y - far, width: Math.abs(line.to.x - line.from.x), height: far - near };
  }
  const x = (line.from.x + line.to.x) / 2;
  const top = Math.min(line.from.y, line.to.y);
  return { left: x - far, top, width: far - near, height: Math.abs(line.to.y - line.from.y) };
}

/**
 * Reads the values beside dimension lines that have none.
 * @param original - the image in grey at its own contrast, original pixels
 * @param lines - the dimension lines without a value, original pixels
 * @param letterPx - the height of the drawing's dimension lettering, px
 * @param page - the page number given to the runs
 * @param limitMs - wall time left for the OCR jobs
 * @returns one OCR run per line whose strip reads as a value (isDimensionValue) with at least
 *   60 % confidence: its box in original pixels, angle 0 beside a line across the sheet and 90
 *   (reading bottom to top) beside a line up the sheet
 */
export async function readBesideLines(
  original: GreyImage,
  lines: readonly LineToRead[],
  letterPx: number,
  page: number,
  limitMs: number,
): Promise<TextRun[]> {
  const deadline = Date.now() + limitMs;
  const out: TextRun[] = [];
  if (!(letterPx > 0)) return out;
  const scale = Math.min(MAX_ENLARGE, Math.max(1, TARGET_LETTER_PX / letterPx));
  let jobs = 0;
  for (const line of lines) {
    if (jobs >= MAX_LINES || Date.now() >= deadline) break;
    const quarter = quarterOf(line);
    const length = Math.hypot(line.to.x - line.from.x, line.to.y - line.from.y);
    if (quarter === undefined || length < MIN_LINE_LETTERS * letterPx) continue;
    const strip = stripOf(line, quarter, letterPx);
    const left = Math.max(0, Math.floor(strip.left));
    const top = Math.max(0, Math.floor(strip.top));
    const right = Math.min(original.width, Math.ceil(strip.left + strip.width));
    const bottom = Math.min(original.height, Math.ceil(strip.top + strip.height));
    if (right - left < 4 || bottom - top < 4) continue;
    const box = { left, top, width: right - left, height: bottom - top };
    const upright = await enlargedCrop(original, box, scale, quarter);
    // The dimension line's side is the strip's bottom once upright; the extension lines and
    // arrowheads touch its ends.
    eraseRules(upright.data, upright.width, upright.height);
    let best: OcrLine | undefined;
    for (const image of crossingCuts(upright)) {
      clearTouching(image.data, image.width, image.height, 'bottom');
      clearTouching(image.data, image.width, image.height, 'top');
      // A strip with no letter-sized ink left is not given to the engine (nor is the engine
      // started again for it after the line work).
      if (!hasLetters(image, TARGET_LETTER_PX)) continue;
      const remaining = deadline - Date.now();
      if (remaining <= 0 || jobs >= MAX_LINES) break;
      jobs++;
      best = await readStrip(image, remaining);
      if (best) break;
    }
    if (!best) continue;
    // The line's box in the upright strip (margin off) back in the original's pixels.
    const u0 = (best.box.x0 - MARGIN_PX) / scale;
    const u1 = (best.box.x1 - MARGIN_PX) / scale;
    const v0 = (best.box.y0 - MARGIN_PX) / scale;
    const v1 = (best.box.y1 - MARGIN_PX) / scale;
    const at =
      quarter === 0
        ? { x: left + u0, y: top + v0, width: u1 - u0, height: v1 - v0 }
        : // Turned a quarter clockwise: the upright strip's x runs down the original from its
          // bottom, its y across from the original's left.
          { x: left + v0, y: top + box.height - u1, width: v1 - v0, height: u1 - u0 };
    out.push({
      text: best.text,
      ...at,
      angleDeg: quarter,
      page,
      confidence: Math.round(best.confidence) / 100,
      origin: 'ocr',
    });
  }
  return out;
}
