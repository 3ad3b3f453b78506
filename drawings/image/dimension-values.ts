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
import {
  enlargedCrop,
  enlargedTurnedCrop,
  pngOf,
  type GreyImage,
} from '../engines/prepare-image.ts';
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
/**
 * A strip is at least this many letter heights long, about its line's middle: a short line's
 * value (arrowheads outside, ISO 129-1) is written over its middle and wider than the line.
 */
const MIN_STRIP_LETTERS = 3;
/**
 * A slanted line steeper than this (60°, as tan) that falls to the right has its value read up
 * the sheet, from the right (ISO 129-1 aligned system: readable from the bottom or the right).
 */
const STEEP = Math.tan((60 * Math.PI) / 180);
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
/**
 * Where nothing is read in the strip, a second one is cut from this many letter heights across
 * the line (its near edge beyond it), and the line erased as a rule: on a small raster a value
 * stands a pixel off its line, and once enlarged its letters touch the first strip's near edge,
 * whose touching ink is cleared as the line's (a '6' 10 px high beside its line on a 1024 px
 * sheet).
 */
const ACROSS_LINE = -0.4;
/**
 * A row of a strip cut across its line is the line's where this share of it is ink: a line a
 * pixel off square on the original spreads over two rows once enlarged, each short of half.
 */
const LINE_ROW = 0.4;
/** Ink an erased line leaves shorter than this many letter heights is the line's (eraseLine). */
const LINE_PIECE = 0.4;
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
 * Cuts the lines running up and across the sheet out of the square a slanted value is turned
 * from (eraseCrossingLines, keeping their pixels between letters): the part's centre lines
 * cross a diameter's value written along a slanted line through the centre, and once turned
 * they are slanted too, which the upright strip's cuts do not find.
 */
function eraseSquareLines(square: GreyImage): void {
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
  nearLetters = STRIP_NEAR,
): { left: number; top: number; width: number; height: number } {
  const near = nearLetters * letterPx;
  const far = STRIP_FAR * letterPx;
  if (quarter === 0) {
    const y = (line.from.y + line.to.y) / 2;
    const [left, width] = spanOf(line.from.x, line.to.x, letterPx);
    return { left, top: y - far, width, height: far - near };
  }
  const x = (line.from.x + line.to.x) / 2;
  const [top, height] = spanOf(line.from.y, line.to.y, letterPx);
  return { left: x - far, top, width: far - near, height };
}

/** A line's span from `a` to `b`, widened about its middle to MIN_STRIP_LETTERS: start, length. */
function spanOf(a: number, b: number, letterPx: number): [number, number] {
  const length = Math.max(Math.abs(b - a), MIN_STRIP_LETTERS * letterPx);
  return [(a + b) / 2 - length / 2, length];
}

/**
 * The strip beside a slanted dimension line where its value is written (ISO 129-1 aligned
 * system: along the line, above it, readable from the bottom or the right of the sheet), in the
 * original image's pixels: its centre, the unit vector its text reads along and the one from
 * the line towards the text, and its length and height.
 */
export function slantedStripOf(
  line: LineToRead,
  letterPx: number,
  nearLetters = STRIP_NEAR,
): SlantedStrip {
  let dx = line.to.x - line.from.x;
  let dy = line.to.y - line.from.y;
  const length = Math.hypot(dx, dy);
  // Left to right; a steep line falling to the right is read up the sheet (from the right).
  if (dx < 0) [dx, dy] = [-dx, -dy];
  if (dy > STEEP * dx) [dx, dy] = [-dx, -dy];
  const along = { x: dx / length, y: dy / length };
  // Above the baseline: the reading direction turned a quarter counter-clockwise on the sheet.
  const above = { x: along.y, y: -along.x };
  const offset = ((nearLetters + STRIP_FAR) / 2) * letterPx;
  return {
    centre: {
      x: (line.from.x + line.to.x) / 2 + above.x * offset,
      y: (line.from.y + line.to.y) / 2 + above.y * offset,
    },
    along,
    above,
    length: Math.max(length, MIN_STRIP_LETTERS * letterPx),
    height: (STRIP_FAR - nearLetters) * letterPx,
  };
}

/** The strip beside a slanted line (slantedStripOf), original pixels, y down. */
export interface SlantedStrip {
  centre: Point;
  /** Unit vector the value reads along. */
  along: Point;
  /** Unit vector from the line towards the value. */
  above: Point;
  length: number;
  height: number;
}

/** A strip cut out upright, and how a box on it maps back to the original image. */
interface UprightStrip {
  image: GreyImage;
  /** The text's baseline, degrees counter-clockwise on the sheet. */
  angleDeg: number;
  /** A box on the upright strip (its px, no margin) as a box on the original, px. */
  toOriginal(box: { x0: number; y0: number; x1: number; y1: number }): {
    x: number;
    y: number;
    width: number;
    height: number;
  };
}

/**
 * The strip where a dimension line's value is written, cut from the original, enlarged `scale`
 * times and turned upright; undefined when it lies off the image.
 */
async function uprightStrip(
  original: GreyImage,
  line: LineToRead,
  letterPx: number,
  scale: number,
  nearLetters: number,
): Promise<UprightStrip | undefined> {
  const quarter = quarterOf(line);
  if (quarter === undefined) return turnedStrip(original, line, letterPx, scale, nearLetters);
  const strip = stripOf(line, quarter, letterPx, nearLetters);
  const left = Math.max(0, Math.floor(strip.left));
  const top = Math.max(0, Math.floor(strip.top));
  const right = Math.min(original.width, Math.ceil(strip.left + strip.width));
  const bottom = Math.min(original.height, Math.ceil(strip.top + strip.height));
  if (right - left < 4 || bottom - top < 4) return undefined;
  const box = { left, top, width: right - left, height: bottom - top };
  return {
    image: await enlargedCrop(original, box, scale, quarter),
    angleDeg: quarter,
    toOriginal: ({ x0, y0, x1, y1 }) => {
      const [u0, u1, v0, v1] = [x0 / scale, x1 / scale, y0 / scale, y1 / scale];
      return quarter === 0
        ? { x: left + u0, y: top + v0, width: u1 - u0, height: v1 - v0 }
        : // Turned a quarter clockwise: the upright strip's x runs down the original from its
          // bottom, its y across from the original's left.
          { x: left + v0, y: top + box.height - u1, width: v1 - v0, height: u1 - u0 };
    },
  };
}

/** The strip beside a slanted line, turned upright (enlargedTurnedCrop). */
async function turnedStrip(
  original: GreyImage,
  line: LineToRead,
  letterPx: number,
  scale: number,
  nearLetters: number,
): Promise<UprightStrip | undefined> {
  const strip = slantedStripOf(line, letterPx, nearLetters);
  const { centre, along, above } = strip;
  if (centre.x < 0 || centre.y < 0 || centre.x >= original.width || centre.y >= original.height)
    return undefined;
  const angleDeg = (Math.atan2(-along.y, along.x) * 180) / Math.PI;
  const image = await enlargedTurnedCrop(
    original,
    centre,
    strip,
    scale,
    angleDeg,
    eraseSquareLines,
  );
  return {
    image,
    angleDeg,
    toOriginal: ({ x0, y0, x1, y1 }) => {
      // Corners about the strip's centre, back along the reading direction and down to the line.
      const corners = [
        [x0, y0],
        [x1, y0],
        [x0, y1],
        [x1, y1],
      ].map(([x, y]) => {
        const u = (x! - image.width / 2) / scale;
        const v = (y! - image.height / 2) / scale;
        return {
          x: centre.x + u * along.x - v * above.x,
          y: centre.y + u * along.y - v * above.y,
        };
      });
      const xs = corners.map((p) => p.x);
      const ys = corners.map((p) => p.y);
      const x = Math.min(...xs);
      const y = Math.min(...ys);
      return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
    },
  };
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
  for (const piece of inkComponents(image)) {
    const touches = piece.pixels.some((i) => {
      const y = Math.floor(i / width);
      return erasedRows.has(y - 1) || erasedRows.has(y + 1);
    });
    if (touches && piece.bottom - piece.top + 1 < maxPiece)
      for (const i of piece.pixels) data[i] = 255;
  }
}

/** The 8-connected pieces of ink (value 0) of a black and white image: pixels, top and bottom row. */
function inkComponents(image: GreyImage): { pixels: number[]; top: number; bottom: number }[] {
  const { data, width, height } = image;
  const seen = new Uint8Array(data.length);
  const pieces: { pixels: number[]; top: number; bottom: number }[] = [];
  for (let start = 0; start < data.length; start++) {
    if (data[start] !== 0 || seen[start]) continue;
    const pixels: number[] = [];
    const stack = [start];
    seen[start] = 1;
    let top = height;
    let bottom = -1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      pixels.push(i);
      const x = i % width;
      const y = (i - x) / width;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          const j = ny * width + nx;
          if (nx >= 0 && ny >= 0 && nx < width && ny < height && data[j] === 0 && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
    }
    pieces.push({ pixels, top, bottom });
  }
  return pieces;
}

/**
 * The value beside one line: read in its strip (crossingCuts, cleared of what touches its
 * edges), else in the strip cut across the line (ACROSS_LINE). `budget` counts the OCR jobs.
 */
async function readBeside(
  original: GreyImage,
  line: LineToRead,
  letterPx: number,
  scale: number,
  budget: { deadline: number; jobs: number },
): Promise<{ best: OcrLine; strip: UprightStrip } | undefined> {
  for (const near of [STRIP_NEAR, ACROSS_LINE]) {
    const strip = await uprightStrip(original, line, letterPx, scale, near);
    if (!strip) return undefined;
    const upright = strip.image;
    // The dimension line's side is the strip's bottom once upright (the line itself a rule in
    // the strip across it); the extension lines and arrowheads touch its ends.
    if (near === ACROSS_LINE) eraseLine(upright);
    else eraseRules(upright.data, upright.width, upright.height);
    for (const image of crossingCuts(upright)) {
      clearTouching(image.data, image.width, image.height, 'bottom');
      clearTouching(image.data, image.width, image.height, 'top');
      // A strip with no letter-sized ink left is not given to the engine (nor is the engine
      // started again for it after the line work).
      if (!hasLetters(image, TARGET_LETTER_PX)) continue;
      const remaining = budget.deadline - Date.now();
      if (remaining <= 0 || budget.jobs >= MAX_LINES) return undefined;
      budget.jobs++;
      const best = await readStrip(image, remaining);
      if (best) return { best, strip };
    }
  }
  return undefined;
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
  const budget = { deadline, jobs: 0 };
  for (const line of lines) {
    if (budget.jobs >= MAX_LINES || Date.now() >= deadline) break;
    const found = await readBeside(original, line, letterPx, scale, budget);
    if (!found) continue;
    const { best, strip } = found;
    // The line's box in the upright strip (margin off) back in the original's pixels.
    const at = strip.toOriginal({
      x0: best.box.x0 - MARGIN_PX,
      y0: best.box.y0 - MARGIN_PX,
      x1: best.box.x1 - MARGIN_PX,
      y1: best.box.y1 - MARGIN_PX,
    });
    out.push({
      text: best.text,
      ...at,
      angleDeg: strip.angleDeg,
      page,
      confidence: Math.round(best.confidence) / 100,
      origin: 'ocr',
    });
  }
  return out;
}
