/**
 * Values read again beside the dimension lines that have none. Tesseract's layout analysis
 * reads a scan's page as a whole, and a value standing alone between two extension lines and
 * over its dimension line is often taken for part of the line work and never read (a clean
 * '19.5' over its arrows, on a plotted drawing at 150 dpi). The dimension line says where its
 * value is written (ISO 129-1: above a horizontal line, left of a vertical one, reading from
 * the bottom): that strip is cut from the original image, enlarged (value-strips.ts), the rules
 * and what touches the strip's edges cleared (strip-cleaning.ts), and read as one line of text.
 *
 * Pure image work around the OCR engine: no web code.
 */
import { pngOf, type GreyImage } from '../engines/prepare-image.ts';
import { recognizeLines, type OcrLine } from '../engines/tesseract.ts';
import { belowLettering, type TextRun } from '../reading.ts';
import { normalizeOcrCallout } from '../text/ocr.ts';
import { clearTouching, eraseRules } from './deviations.ts';
import { TARGET_LETTER_PX, crossingCuts, eraseLine, hasLetters } from './strip-cleaning.ts';
import { STRIP_NEAR, uprightStrip, type LineToRead, type UprightStrip } from './value-strips.ts';

/** The strip is enlarged at most this many times (to TARGET_LETTER_PX letters). */
const MAX_ENLARGE = 6;

/** White margin around the strip given to the engine, px. */
const MARGIN_PX = 16;

/** At most this many lines are read again on one image (each is one small OCR job). */
const MAX_LINES = 24;

/** Least confidence (0..1) of a value read again. */
const MIN_CONFIDENCE = 0.6;

/**
 * Where nothing is read in the strip, a second one is cut from this many letter heights across
 * the line (its near edge beyond it), and the line erased as a rule: on a small raster a value
 * stands a pixel off its line, and once enlarged its letters touch the first strip's near edge,
 * whose touching ink is cleared as the line's (a '6' 10 px high beside its line on a 1024 px
 * sheet).
 */
const ACROSS_LINE = -0.4;

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
  String.raw`^(?:\d+\s*[xX×]\s*)?(?:[Ø⌀R]\s*)?${NUMBER}(?:\s*(?:${FIT}|${DEVIATIONS}))?$`,
);

/**
 * A hole note on a leader's shelf ('2x Ø4.5', '4 X 24.5' with its sign read as a digit) is
 * taken from this confidence: the plate's holes decide it (a drawn hole of its size for each it
 * counts, text/hole-callouts.ts), where a dimension's value has only its own reading.
 */
const SHELF_MIN_CONFIDENCE = 0.2;

/** A counted size: '2x Ø4.5', '4 X 6.6', '2×Ø5.5'. */
const COUNTED = new RegExp(String.raw`^\d+\s*[xX×]\s*[Ø⌀]?\s*${NUMBER}$`);

/**
 * The best reading of a cleaned upright strip as one line, when it is a dimension value
 * (isDimensionValue) read with at least MIN_CONFIDENCE, or on a leader's shelf (`onShelf`) a
 * counted size read with at least SHELF_MIN_CONFIDENCE.
 */
async function readStrip(
  image: GreyImage,
  limitMs: number,
  onShelf: boolean,
): Promise<OcrLine | undefined> {
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
  if (!best || !isDimensionValue(best.text)) return undefined;
  const counted = onShelf && COUNTED.test(normalizeOcrCallout(best.text).replace(/\s+/g, ' '));
  const least = counted ? SHELF_MIN_CONFIDENCE : MIN_CONFIDENCE;
  return best.confidence / 100 >= least ? best : undefined;
}

/** Whether a text read beside a dimension line is a value (VALUE), after the OCR fixes. */
export function isDimensionValue(text: string): boolean {
  return VALUE.test(normalizeOcrCallout(text).replace(/\s+/g, ' ').trim());
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
    // the strip across it); the extension lines and arrowheads touch its ends. A note standing
    // on a leader's shelf touches the shelf's edge along the strip's bottom: neither it nor what
    // touches it is cleared (the feet of its letters and its decimal point would go with it).
    const onShelf = line.standsOn === true && near === STRIP_NEAR;
    if (near === ACROSS_LINE) eraseLine(upright);
    else if (!onShelf) eraseRules(upright.data, upright.width, upright.height);
    for (const image of crossingCuts(upright)) {
      if (!onShelf) clearTouching(image.data, image.width, image.height, 'bottom');
      clearTouching(image.data, image.width, image.height, 'top');
      // A strip with no letter-sized ink left is not given to the engine (nor is the engine
      // started again for it after the line work).
      if (!hasLetters(image, TARGET_LETTER_PX)) continue;
      const remaining = budget.deadline - Date.now();
      if (remaining <= 0 || budget.jobs >= MAX_LINES) return undefined;
      budget.jobs++;
      const best = await readStrip(image, remaining, line.standsOn === true);
      if (best) return { best, strip };
    }
  }
  return undefined;
}

/** A value read again is at least this share of the page's lettering high. */
const VALUE_SHARE = 0.6;

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
    // A dimension's value is written at the lettering's height (its deviations, a step lower,
    // are read apart): a centre line's dash the engine read as '1' (0.4 of it) is no value.
    if (belowLettering({ ...at, angleDeg: strip.angleDeg }, letterPx, VALUE_SHARE)) continue;
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
