/**
 * OCR lines → text runs: weak, empty and noise lines dropped, boxes mapped back to the original
 * image, and text read twice by overlapping passes kept once. The text stays as read (whitespace
 * collapsed): the callout reading puts OCR confusions right itself (text/ocr.ts).
 *
 * Runs are Tesseract's text *lines*, not words: a callout is usually several words on one
 * baseline ('2x Ø19,9', 'Ø21,5 ±0,1', 'ISO 2768-mK', 'EN AW-6082', 'Ra 3,2'), and Tesseract's
 * line grouping (in sparse-text mode it only joins words that sit close on one baseline) keeps
 * them together, where words would leave the joining to guesswork later. When a line as a whole
 * is too uncertain, its confident words are kept one by one.
 */
import { findMaterial } from '#cam/callouts';
import type { OcrBox, OcrLine } from '../engines/tesseract.ts';
import type { PreparedImage } from '../engines/prepare-image.ts';
import { toOriginal } from '../engines/prepare-image.ts';
import type { TextRun } from '../reading.ts';
import { normalizeOcrCallout } from '../text/ocr.ts';

/** Lines (and, failing that, words) below this confidence (0..1) are dropped. */
export const MIN_RUN_CONFIDENCE = 0.5;
/**
 * A line that reads as a complete dimension callout ('Ø21,5±0,1', 'R0,2', 'M8', '2x Ø6.6') is
 * kept down to this confidence: the diameter sign and stacked tolerances are what OCR reads
 * worst, and the run carries its confidence on to the reading.
 */
export const MIN_CALLOUT_CONFIDENCE = 0.2;
/**
 * A material grade written in the material cell of the title block is kept down to this
 * confidence: title block lettering is the smallest on the sheet and OCR reads grade numbers
 * poorly ('S$1914' at 17 %), while the label above it reads well. The low confidence goes on to
 * the reading, which asks the user to check it.
 */
export const MIN_MATERIAL_CONFIDENCE = 0.1;

/** The label of the material cell: 'MATERIAL', 'Material', 'WERKSTOFF', 'MATL'. */
const MATERIAL_LABEL = /^(?:MATERIAL|MAT'?L|WERKSTOFF)\b/i;

/**
 * True when `value` sits in the cell of `label`: below it within four label heights, starting
 * within ten heights of its left edge, or right of it on its baseline.
 */
function inCellOf(label: OcrBox, value: OcrBox): boolean {
  const h = label.y1 - label.y0;
  const below =
    value.y0 >= label.y1 - 0.2 * h &&
    value.y0 - label.y1 <= 4 * h &&
    value.x1 >= label.x0 - 2 * h &&
    value.x0 <= label.x1 + 10 * h;
  const right =
    Math.abs((value.y0 + value.y1) / 2 - (label.y0 + label.y1) / 2) <= 0.6 * h &&
    value.x0 >= label.x1 - 0.5 * h &&
    value.x0 - label.x1 <= 15 * h;
  return below || right;
}

/** A dimension callout and nothing else: count, Ø/R/M, number, tolerances, fit. */
const CALLOUT =
  /^(?:\d{1,2}\s?[xX×]\s?)?(?:[ØR]\s?|M)\d{1,4}(?:[.,]\d{1,3})?(?:\s?[xX×]\s?\d(?:[.,]\d{1,2})?)?(?:\s?(?:±|\+|-)\s?\d(?:[.,]\d{1,3})?){0,2}(?:\s?[A-Za-z]{1,2}\d{1,2})?$/;

/**
 * True when OCR text is a dimension callout by itself ('Ø21,5±0,1', '©21,5£0,1', 'M8x1.25',
 * '2x R0,2'), after the usual OCR confusions are put right (normalizeOcrCallout).
 */
export function isCalloutText(text: string): boolean {
  return CALLOUT.test(normalizeOcrCallout(text));
}

/** OCR text as it goes into a run: whitespace collapsed, otherwise as read. */
function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function hasAlphanumeric(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

function boxToOriginal(
  prepared: PreparedImage,
  turnDeg: 0 | 90 | 270,
  box: OcrBox,
): { x: number; y: number; width: number; height: number } {
  const corners = [
    toOriginal(prepared, turnDeg, box.x0, box.y0),
    toOriginal(prepared, turnDeg, box.x1, box.y0),
    toOriginal(prepared, turnDeg, box.x1, box.y1),
    toOriginal(prepared, turnDeg, box.x0, box.y1),
  ];
  const clampX = (value: number) => Math.min(prepared.originalWidth, Math.max(0, value));
  const clampY = (value: number) => Math.min(prepared.originalHeight, Math.max(0, value));
  const left = clampX(Math.min(...corners.map((corner) => corner.x)));
  const right = clampX(Math.max(...corners.map((corner) => corner.x)));
  const top = clampY(Math.min(...corners.map((corner) => corner.y)));
  const bottom = clampY(Math.max(...corners.map((corner) => corner.y)));
  const round = (value: number) => Math.round(value * 10) / 10;
  return { x: round(left), y: round(top), width: round(right - left), height: round(bottom - top) };
}

/** Share of the taller of two word boxes their vertical extents must share to be on one baseline. */
const SAME_BASELINE_OVERLAP = 0.5;
/** A line taller than this many median word heights holds more than one baseline. */
const JOINED_LINE_HEIGHTS = 1.8;

/**
 * Splits a line Tesseract joined across baselines into one line per baseline. A leader line
 * running from one note to another makes the engine read both as one line two text rows high
 * (long_reamer_facer.pdf: 'cut 7/16"-20 threads' and 'stock ACME 5/8"-8', 169 px high at 40 px
 * lettering), which the noise filter then drops for its height. Only a line taller than 1.8
 * median word heights is split. Each word goes to the first group whose first word shares half
 * the taller one's height with it (so a word stretched over both rows by the leader starts a group
 * of its own); each group keeps the words' order, and its confidence is the mean of its words'.
 * @param line - one line as the engine read it
 * @returns the line itself when its words sit on one baseline, else one line per baseline
 */
export function splitBaselines(line: OcrLine): OcrLine[] {
  const words = line.words.filter((word) => word.text.trim() !== '');
  if (words.length < 2) return [line];
  const heightOf = (box: OcrBox) => box.y1 - box.y0;
  const heights = words.map((word) => heightOf(word.box)).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)]!;
  if (heightOf(line.box) <= JOINED_LINE_HEIGHTS * median) return [line];
  const groups: (typeof words)[] = [];
  for (const word of words) {
    const group = groups.find(([seed]) => {
      const shared = Math.min(seed!.box.y1, word.box.y1) - Math.max(seed!.box.y0, word.box.y0);
      return shared >= SAME_BASELINE_OVERLAP * Math.max(heightOf(seed!.box), heightOf(word.box));
    });
    if (group) group.push(word);
    else groups.push([word]);
  }
  if (groups.length < 2) return [line];
  return groups.map((group) => ({
    text: group.map((word) => word.text).join(' '),
    confidence: group.reduce((sum, word) => sum + word.confidence, 0) / group.length,
    box: {
      x0: Math.min(...group.map((word) => word.box.x0)),
      y0: Math.min(...group.map((word) => word.box.y0)),
      x1: Math.max(...group.map((word) => word.box.x1)),
      y1: Math.max(...group.map((word) => word.box.y1)),
    },
    words: group,
  }));
}

/**
 * Turns the lines of one OCR pass into runs in the original image's pixels.
 * @param lines - as the engine read the prepared image turned clockwise by `turnDeg`
 * @param prepared - the prepared image (scale, skew) the pass ran on
 * @param turnDeg - 0 for upright text, 90 for text reading bottom to top (the image was turned
 *   clockwise to make it upright), 270 for text reading top to bottom
 * @param page - 1-based page number for the runs
 * Lines joined across baselines are split first (splitBaselines).
 * @returns runs with origin 'ocr', confidence 0..1 and angleDeg the baseline direction,
 *   counter-clockwise (skew included): lines at MIN_RUN_CONFIDENCE or better, complete callouts
 *   at MIN_CALLOUT_CONFIDENCE, a material grade in the cell under a 'MATERIAL' label at
 *   MIN_MATERIAL_CONFIDENCE; of other lines, their words at MIN_RUN_CONFIDENCE
 */
export function runsOfLines(
  lines: OcrLine[],
  prepared: PreparedImage,
  turnDeg: 0 | 90 | 270,
  page: number,
): TextRun[] {
  const angleDeg = Math.round((turnDeg + prepared.skewDeg) * 10) / 10;
  const runs: TextRun[] = [];
  const push = (text: string, confidence: number, box: OcrBox) => {
    runs.push({
      text,
      ...boxToOriginal(prepared, turnDeg, box),
      angleDeg,
      page,
      confidence: Math.round(confidence) / 100,
      origin: 'ocr',
    });
  };
  const labels = lines.filter(
    (line) => line.confidence / 100 >= MIN_RUN_CONFIDENCE && MATERIAL_LABEL.test(line.text.trim()),
  );
  const materialOf = (text: string, box: OcrBox, confidence: number) =>
    confidence >= MIN_MATERIAL_CONFIDENCE &&
    findMaterial(normalizeOcrCallout(text)) !== undefined &&
    labels.some((label) => inCellOf(label.box, box));
  for (const line of lines.flatMap(splitBaselines)) {
    const text = cleanText(line.text);
    if (!hasAlphanumeric(text)) continue;
    if (
      line.confidence / 100 < MIN_RUN_CONFIDENCE &&
      materialOf(text, line.box, line.confidence / 100)
    ) {
      push(text, line.confidence, line.box);
      continue;
    }
    const confidence = line.confidence / 100;
    if (
      confidence >= MIN_RUN_CONFIDENCE ||
      (confidence >= MIN_CALLOUT_CONFIDENCE && isCalloutText(text))
    ) {
      push(text, line.confidence, line.box);
      continue;
    }
    for (const word of line.words) {
      const wordText = cleanText(word.text);
      if (!hasAlphanumeric(wordText)) continue;
      if (
        word.confidence / 100 >= MIN_RUN_CONFIDENCE ||
        materialOf(wordText, word.box, word.confidence / 100)
      )
        push(wordText, word.confidence, word.box);
    }
  }
  return runs;
}

/** Letter height of a run: across its baseline. */
function letterHeight(run: TextRun): number {
  const upright = Math.abs(Math.sin((run.angleDeg * Math.PI) / 180)) < Math.SQRT1_2;
  return upright ? run.height : run.width;
}

/** A number, a tolerance or a callout: short runs like these are worth keeping when fairly sure. */
function isNumberOrCallout(text: string): boolean {
  return /^[+\-±]?\d+(?:[.,]\d+)?$/.test(normalizeOcrCallout(text)) || isCalloutText(text);
}

/** The typical letter height of confident text: the median of runs of 3+ characters at 0.8+. */
function typicalHeight(runs: TextRun[]): number | undefined {
  const heights = runs
    .filter((run) => run.confidence >= 0.8 && run.text.replace(/\s/g, '').length >= 3)
    .map(letterHeight)
    .sort((a, b) => a - b);
  return heights.length > 0 ? heights[Math.floor(heights.length / 2)]! : undefined;
}

function isNoise(run: TextRun, typical: number | undefined): boolean {
  const height = letterHeight(run);
  if (typical !== undefined && (height < 0.45 * typical || height > 4 * typical)) return true;
  const short = run.text.replace(/\s/g, '').length <= 3;
  return short && run.confidence < 0.8 && !isNumberOrCallout(run.text);
}

/**
 * Drops what is most likely OCR reading shapes rather than letters: runs whose letter height is
 * under 0.45× or over 4× the typical height of confident text (hatching, a logo, a symbol, or
 * text of the other direction read across its letters), and runs of up to 3 characters under
 * 0.8 confidence unless they are a number or a callout. The typical height is the median of runs
 * of 3 or more characters at 0.8 or better; without such runs only the short-run rule applies.
 * @param runs - runs of all passes, in original pixels
 * @param typical - the typical letter height, when measured over more runs than these
 * @returns the runs kept, in the same order
 */
export function dropNoise(runs: TextRun[], typical = typicalHeight(runs)): TextRun[] {
  return runs.filter((run) => !isNoise(run, typical));
}

function overlapOfSmaller(a: TextRun, b: TextRun): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const smaller = Math.min(a.width * a.height, b.width * b.height);
  return smaller > 0 ? (width * height) / smaller : 0;
}

/**
 * Merges the runs of several passes over one image. Noise is dropped from each pass first
 * (dropNoise, with the typical letter height of all passes), so that a scrap the turned pass
 * makes of upright text cannot push out the upright reading. Then, where runs of different
 * passes cover the same place (over 30 % of the smaller box), the more confident one stays:
 * each pass misreads the text the others read upright, so the confident reading is the right
 * one.
 * @param passes - runs of each pass, upright pass first (it wins ties)
 * @returns runs sorted top to bottom, left to right
 */
export function mergePasses(passes: TextRun[][]): TextRun[] {
  const typical = typicalHeight(passes.flat());
  const kept: TextRun[] = [];
  const passOf = new Map<TextRun, number>();
  passes.forEach((runs, index) => {
    for (const run of dropNoise(runs, typical)) {
      const rivals = kept.filter(
        (other) => passOf.get(other) !== index && overlapOfSmaller(run, other) > 0.3,
      );
      if (rivals.some((other) => other.confidence >= run.confidence)) continue;
      for (const rival of rivals) kept.splice(kept.indexOf(rival), 1);
      kept.push(run);
      passOf.set(run, index);
    }
  });
  return kept.sort((a, b) => a.y - b.y || a.x - b.x);
}

/**
 * The other engine's reading of a run where the two engines read the same place differently
 * (mergeEngines), for the line work to choose by its geometry (page.ts readRasterPage). Kept
 * beside the runs rather than in them: a run copied on the way (scaled, mended) has none.
 */
export const otherReadings = new WeakMap<TextRun, TextRun>();

/** A text as the callout reading will see it, without spaces: what the two engines compare. */
function comparable(text: string): string {
  return normalizeOcrCallout(text).replace(/\s+/g, '');
}

/** Whether two texts hold the same digits and decimal points, and some (as callouts read them). */
function sameNumbers(a: string, b: string): boolean {
  const numbers = (text: string) =>
    comparable(text)
      .replace(/[^\d.,]/g, '')
      .replace(',', '.');
  return numbers(a) !== '' && numbers(a) === numbers(b);
}

/** Whether a text has a diameter or radius sign, or a thread's M, before a number. */
function hasSign(text: string): boolean {
  return /(?:^|[^A-Za-z])(?:[ØR]|M(?=\d))/.test(comparable(text));
}

/** Whether two runs read in the same direction (the same pass, give or take skew). */
function sameTurn(a: TextRun, b: TextRun): boolean {
  const d = Math.abs(a.angleDeg - b.angleDeg) % 180;
  return Math.min(d, 180 - d) <= 20;
}

/**
 * Merges the runs of the second engine (PaddleOCR) into the first's (Tesseract's), both already
 * merged over their passes (docs/decisions/055-second-ocr-engine.md §5). Runs of the two that
 * cover the same place in the same direction (over 30 % of the smaller box) are a pair:
 * - reading the same after normalizeOcrCallout (spaces ignored), or the first engine's reading
 *   holding the second's (a leading point or a diameter sign more, which the second drops or
 *   leaves out of its box), the first engine's run stays, with the higher of the two
 *   confidences;
 * - reading the same numbers otherwise, with one run of the first engine, the reading with a
 *   sign (Ø, R, M) stays, the first's when both or neither have one, with the higher confidence;
 * - reading differently, with one run of the first engine, the more confident reading stays (the
 *   first engine's on a tie) and the other is kept in `otherReadings` for the line work to choose
 *   by the length its dimension line measures; when the first engine read the place as several
 *   runs, they stay as they are.
 * A second-engine run with no partner is added when it holds a digit (a value, a callout),
 * does not lie on a first-engine run of the other direction at least as long (a text read
 * across its letters) and stands alone (`standsAlone`: no piece of a longer text): its readings
 * of hatching, symbols and pieces of text do not become text.
 * @param first - the first engine's runs, original px
 * @param second - the second engine's runs, original px, `engine` set
 * @param standsAlone - whether a second-engine run is a text of its own (second-engine.ts)
 * @returns runs sorted top to bottom, left to right; the inputs are not changed
 */
export function mergeEngines(
  first: TextRun[],
  second: TextRun[],
  standsAlone: (run: TextRun) => boolean = () => true,
): TextRun[] {
  const replaced = new Map<TextRun, TextRun>();
  const added: TextRun[] = [];
  for (const run of second) {
    const partners = first.filter(
      (other) => sameTurn(run, other) && overlapOfSmaller(run, other) > 0.3,
    );
    if (partners.length === 0) {
      // A text the first engine read in the other direction, read across its letters.
      const across = first.some(
        (other) =>
          !sameTurn(run, other) &&
          overlapOfSmaller(run, other) > 0.3 &&
          other.text.replace(/\s/g, '').length >= run.text.replace(/\s/g, '').length,
      );
      if (/\d/.test(run.text) && !across && standsAlone(run)) added.push(run);
      continue;
    }
    // The second engine drops a leading point ('375' for '.375') and leaves a diameter sign out
    // of its box ('16,5' of 'Ø16,5'): a first reading that holds the second stands.
    const same = partners.find((other) => comparable(other.text).includes(comparable(run.text)));
    if (same) {
      const kept = replaced.get(same) ?? same;
      if (run.confidence > kept.confidence)
        replaced.set(same, { ...kept, confidence: run.confidence });
      continue;
    }
    if (partners.length > 1 || replaced.has(partners[0]!)) continue;
    const partner = partners[0]!;
    if (sameNumbers(partner.text, run.text)) {
      // The same numbers: the reading with a sign ('@60', not 'p60') says more.
      const pick = hasSign(run.text) && !hasSign(partner.text) ? run : partner;
      replaced.set(partner, { ...pick, confidence: Math.max(run.confidence, partner.confidence) });
      continue;
    }
    const [winner, other] = run.confidence > partner.confidence ? [run, partner] : [partner, run];
    const kept = { ...winner };
    otherReadings.set(kept, other);
    replaced.set(partner, kept);
  }
  return [...first.map((run) => replaced.get(run) ?? run), ...added].sort(
    (a, b) => a.y - b.y || a.x - b.x,
  );
}
