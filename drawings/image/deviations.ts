/**
 * Stacked deviations read again. A size toleranced the ISO 129-1 way carries its upper and
 * lower deviations one above the other right of the value, in lettering about half its height
 * ('Ø16,5' with '+0,1' over '0'). On a scan that small lettering is what OCR reads worst: one
 * deviation is read and the other lost ('0' is taken for a ring of noise, a minus sign for a
 * stroke of the dimension line), and the size then goes on without its tolerance. Where only one
 * deviation was read beside a value, the column the two share is cut from the original image,
 * enlarged, and each half read as one line of the characters a deviation is made of.
 *
 * Pure image work around the OCR engine: no web code.
 */
import { decodeGrey, enlargedCrop, pngOf, type GreyImage } from '../engines/prepare-image.ts';
import { recognizeLines, type OcrBox, type OcrLine } from '../engines/tesseract.ts';
import type { TextRun } from '../reading.ts';
import { normalizeOcrCallout } from '../text/ocr.ts';

/** A deviation as written: '+0,1', '-0.05', '0', '±0,2' is not stacked. */
const DEVIATION = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;
/** A value a deviation can belong to: ends in a number ('Ø16,5', '2x Ø19,9', '(12,5)'). */
const VALUE = /\d(?:[.,]\d+)?\)?$/;
/** Characters a deviation is written with. */
const DEVIATION_CHARACTERS = '0123456789+-,.';
/** Letter height the crop is enlarged to, px (Tesseract reads digits best at 30–50 px). */
const TARGET_LETTER_PX = 44;
/** Enlargement limits of the crop. */
const MIN_ENLARGE = 1;
const MAX_ENLARGE = 8;
/** White margin around the enlarged crop, px: Tesseract wants a border around a line. */
const MARGIN_PX = 16;
/** Grey level below which a pixel of an enlarged crop is ink (here and dimension-values.ts). */
export const INK_LEVEL = 160;
/** At most this many values are read again on one image (each costs two small OCR jobs). */
const MAX_REREADS = 24;
/** Least confidence (0..1) of a deviation read again. */
const MIN_CONFIDENCE = 0.5;

/** A run in its reading frame: s along the baseline, t toward the letters' tops. */
interface Framed {
  run: TextRun;
  text: string;
  s0: number;
  s1: number;
  /** Bottom and top of the letters. */
  tb: number;
  tt: number;
  h: number;
}

/** Upright text (0°) or text reading bottom to top (90°); other angles are not read again. */
function quarterOf(angleDeg: number): 0 | 90 | undefined {
  const a = ((angleDeg % 360) + 360) % 360;
  if (a <= 3 || a >= 357) return 0;
  if (Math.abs(a - 90) <= 3) return 90;
  return undefined;
}

function framed(run: TextRun, quarter: 0 | 90): Framed {
  const text = normalizeOcrCallout(run.text);
  if (quarter === 0)
    return {
      run,
      text,
      s0: run.x,
      s1: run.x + run.width,
      tb: -(run.y + run.height),
      tt: -run.y,
      h: run.height,
    };
  return {
    run,
    text,
    s0: -(run.y + run.height),
    s1: -run.y,
    tb: -(run.x + run.width),
    tt: -run.x,
    h: run.width,
  };
}

/** A rectangle of the reading frame back in image pixels (y down). */
function toImage(
  quarter: 0 | 90,
  r: { s0: number; s1: number; tb: number; tt: number },
): { x: number; y: number; width: number; height: number } {
  if (quarter === 0) return { x: r.s0, y: -r.tt, width: r.s1 - r.s0, height: r.tt - r.tb };
  return { x: -r.tt, y: -r.s1, width: r.tt - r.tb, height: r.s1 - r.s0 };
}

/** A deviation's value in mm, or undefined when the text is not one. */
function deviationOf(text: string): number | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!DEVIATION.test(compact)) return undefined;
  return Number(compact.replace(',', '.'));
}

/**
 * Puts the sign a stacked pair implies: the upper deviation is at least the lower, so under an
 * upper '0' an unsigned lower one is negative, and over a lower '0' an unsigned upper one is
 * positive (ISO 129-1 writes '0' for a zero deviation and signs the other).
 * @returns the pair as written, signed; undefined when the two cannot be a stacked pair
 */
export function signedPair(
  upper: string,
  lower: string,
): { upper: string; lower: string } | undefined {
  let up = upper.replace(/\s+/g, '');
  let down = lower.replace(/\s+/g, '');
  const a = deviationOf(up);
  const b = deviationOf(down);
  if (a === undefined || b === undefined) return undefined;
  if (a === 0 && b !== 0 && !/^[+-]/.test(down)) down = `-${down}`;
  if (b === 0 && a !== 0 && !/^[+-]/.test(up)) up = `+${up}`;
  const upValue = deviationOf(up)!;
  const downValue = deviationOf(down)!;
  if (!/^[+-]/.test(up) && !/^[+-]/.test(down)) return undefined;
  if (upValue <= downValue) return undefined;
  // A deviation is a small share of the size: more than 10 mm is a misread.
  if (Math.abs(upValue) > 10 || Math.abs(downValue) > 10) return undefined;
  return { upper: up, lower: down };
}

/** One value with the single deviation read beside it. */
interface Candidate {
  quarter: 0 | 90;
  value: Framed;
  deviation: Framed;
}

/**
 * Values with exactly one deviation read in the column right of them: the deviation's letters
 * at most 0.8 of the value's, starting within 1.5 value heights of its end, its middle between
 * the value's bottom and top.
 */
export function loneDeviations(runs: readonly TextRun[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (const quarter of [0, 90] as const) {
    const placed = runs
      .filter((r) => quarterOf(r.angleDeg) === quarter)
      .map((r) => framed(r, quarter));
    const deviations = placed.filter((p) => deviationOf(p.text) !== undefined);
    for (const value of placed) {
      if (!VALUE.test(value.text)) continue;
      const beside = deviations.filter((d) => {
        const middle = (d.tb + d.tt) / 2;
        return (
          d !== value &&
          d.h <= 0.8 * value.h &&
          d.s0 >= value.s1 - 0.3 * value.h &&
          d.s0 - value.s1 <= 1.5 * value.h &&
          middle >= value.tb - 0.3 * value.h &&
          middle <= value.tt + 0.3 * value.h
        );
      });
      if (beside.length === 1) candidates.push({ quarter, value, deviation: beside[0]! });
    }
  }
  return candidates.slice(0, MAX_REREADS);
}

/** The best line read on a crop: its text without spaces, confidence 0..1 and box (crop px). */
function bestLine(lines: OcrLine[]): { text: string; confidence: number; box: OcrBox } | undefined {
  return lines
    .map((line) => ({
      // Dots and dashes at the ends are what is left of leaders and arrowheads.
      text: line.text.replace(/\s+/g, '').replace(/^[.,]+|[.,+-]+$/g, ''),
      confidence: line.confidence / 100,
      box: line.box,
    }))
    .filter((line) => line.text.length > 0)
    .sort((a, b) => b.confidence - a.confidence)[0];
}

/**
 * The column right of a value, cut from the original image (grey, not normalised), enlarged so
 * its letters are about TARGET_LETTER_PX high, turned upright, with the long rules erased.
 * Undefined when it lies outside the image.
 */
async function columnOf(
  original: GreyImage,
  box: { x: number; y: number; width: number; height: number },
  scale: number,
  quarter: 0 | 90,
): Promise<GreyImage | undefined> {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const right = Math.min(original.width, Math.ceil(box.x + box.width));
  const bottom = Math.min(original.height, Math.ceil(box.y + box.height));
  if (right - left < 2 || bottom - top < 2) return undefined;
  const column = await enlargedCrop(
    original,
    { left, top, width: right - left, height: bottom - top },
    scale,
    quarter,
  );
  eraseRules(column.data, column.width, column.height);
  return column;
}

/**
 * The row to cut a stacked pair apart at: the row with the least ink within `reach` rows of
 * `middle` (the nearest to it of equals), so that neither deviation is cut through.
 */
export function splitRow(image: GreyImage, middle: number, reach: number): number {
  let best = Math.round(middle);
  let bestInk = Infinity;
  const from = Math.max(1, Math.round(middle - reach));
  const to = Math.min(image.height - 1, Math.round(middle + reach));
  for (let y = from; y <= to; y++) {
    let ink = 0;
    for (let x = 0; x < image.width; x++) if (image.data[y * image.width + x]! < INK_LEVEL) ink++;
    if (ink < bestInk || (ink === bestInk && Math.abs(y - middle) < Math.abs(best - middle))) {
      best = y;
      bestInk = ink;
    }
  }
  return best;
}

/**
 * Rows [from, to) of the column as PNG for the engine: the ink touching its sides or its outer
 * edge (the upper half's top, the lower half's bottom) cleared, on a white margin.
 */
async function halfOf(
  column: GreyImage,
  from: number,
  to: number,
  outer: 'top' | 'bottom',
): Promise<Buffer | undefined> {
  const height = to - from;
  if (height < 2) return undefined;
  const data = column.data.slice(from * column.width, to * column.width);
  // The cut's sides and outer edge pass through arrowheads, the value's last digit and the
  // dimension line's ends, never through a deviation (the cut leaves it a margin).
  clearTouching(data, column.width, height, outer);
  const width = column.width + 2 * MARGIN_PX;
  const framed = new Uint8Array(width * (height + 2 * MARGIN_PX)).fill(255);
  for (let y = 0; y < height; y++)
    framed.set(
      data.subarray(y * column.width, (y + 1) * column.width),
      (y + MARGIN_PX) * width + MARGIN_PX,
    );
  return pngOf({ data: framed, width, height: height + 2 * MARGIN_PX });
}

/**
 * Whites out the ink (values under INK_LEVEL) connected to the left and right edges and to one of the
 * top or bottom edges (8-connectivity), as image morphology's border clearing does.
 */
export function clearTouching(
  data: Uint8Array,
  width: number,
  height: number,
  outer: 'top' | 'bottom',
): void {
  const stack: number[] = [];
  const seed = (x: number, y: number) => {
    const i = y * width + x;
    if (data[i]! < INK_LEVEL) {
      data[i] = 255;
      stack.push(i);
    }
  };
  for (let y = 0; y < height; y++) {
    seed(0, y);
    seed(width - 1, y);
  }
  const edgeRow = outer === 'top' ? 0 : height - 1;
  for (let x = 0; x < width; x++) seed(x, edgeRow);
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % width;
    const y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < width && ny < height) seed(nx, ny);
      }
  }
}

/**
 * Whites out the rows that are dark over more than half the crop's width: the dimension line
 * under a value, the leader or a frame line, which Tesseract otherwise reads as part of the
 * text (a '0' over the dimension line read as '.'). Lettering never fills half a row of a crop
 * cut three to four letters wide.
 */
export function eraseRules(data: Uint8Array, width: number, height: number): void {
  for (let y = 0; y < height; y++) {
    let dark = 0;
    for (let x = 0; x < width; x++) if (data[y * width + x]! < INK_LEVEL) dark++;
    if (dark > width / 2) data.fill(255, y * width, (y + 1) * width);
  }
}

/**
 * Reads the stacked deviations again where only one of the two was read beside a value.
 * @param bytes - the original image (PNG or JPEG) the runs were read from
 * @param imageSize - its size after EXIF orientation, px
 * @param runs - the OCR runs of the whole image, in its pixels
 * @param limitMs - wall time left for the OCR jobs
 * @param fileName - names the file in error messages
 * @returns the runs with each re-read deviation replaced by the upper and the lower one (boxes
 *   the halves of the column, confidence the lower of the two readings); runs unchanged where
 *   the re-read does not give a signed pair of deviations (signedPair)
 */
export async function rereadStackedDeviations(
  bytes: Buffer,
  imageSize: { width: number; height: number },
  runs: TextRun[],
  limitMs: number,
  fileName = 'The image',
): Promise<TextRun[]> {
  const deadline = Date.now() + limitMs;
  const replaced = new Map<TextRun, TextRun[]>();
  const candidates = loneDeviations(runs);
  if (candidates.length === 0) return runs;
  // Decoded once for all the crops, at its own contrast.
  const original = await decodeGrey(bytes, fileName, imageSize.width, imageSize.height, {
    normalise: false,
  });
  for (const { quarter, value, deviation } of candidates) {
    if (Date.now() >= deadline) break;
    const hd = deviation.h;
    const s0 = Math.max(value.s1 + 0.05 * value.h, deviation.s0 - 1.0 * hd);
    const s1 = deviation.s0 + Math.max(deviation.s1 - deviation.s0, 3.5 * hd) + 0.5 * hd;
    const middle = (value.tb + value.tt) / 2;
    // The lower deviation stands on the value's baseline; the dimension line runs under it.
    const column = {
      tb: Math.min(value.tb, deviation.tb) - 0.15 * hd,
      tt: Math.max(value.tt, deviation.tt) + 0.4 * hd,
    };
    const scale = Math.min(MAX_ENLARGE, Math.max(MIN_ENLARGE, TARGET_LETTER_PX / Math.max(1, hd)));
    const image = await columnOf(original, toImage(quarter, { s0, s1, ...column }), scale, quarter);
    if (!image) continue;
    // Rows of the upright column run from its top (t = column.tt) down.
    const cut = splitRow(image, (column.tt - middle) * scale, 0.45 * hd * scale);
    const read: { text: string; confidence: number; frame: Omit<Framed, 'run' | 'text' | 'h'> }[] =
      [];
    for (const [from, to, outer] of [
      [0, cut, 'top'],
      [cut, image.height, 'bottom'],
    ] as const) {
      const png = await halfOf(image, from, to, outer);
      if (!png) break;
      const left = deadline - Date.now();
      if (left <= 0) break;
      const line = bestLine(
        await recognizeLines(png, undefined, left, {
          singleLine: true,
          characters: DEVIATION_CHARACTERS,
        }),
      );
      if (!line || line.confidence < MIN_CONFIDENCE) break;
      // The line's box in the half (margin included) back in the reading frame.
      const rowOf = (y: number) => column.tt - (from + y - MARGIN_PX) / scale;
      const sOf = (x: number) => s0 + (x - MARGIN_PX) / scale;
      read.push({
        ...line,
        frame: {
          s0: sOf(line.box.x0),
          s1: sOf(line.box.x1),
          tb: rowOf(line.box.y1),
          tt: rowOf(line.box.y0),
        },
      });
    }
    if (read.length < 2) continue;
    const pair = signedPair(read[0]!.text, read[1]!.text);
    if (!pair) continue;
    const confidence = Math.round(Math.min(read[0]!.confidence, read[1]!.confidence) * 100) / 100;
    const runOf = (text: string, frame: (typeof read)[number]['frame']): TextRun => ({
      ...deviation.run,
      text,
      ...toImage(quarter, frame),
      confidence,
    });
    replaced.set(deviation.run, [
      runOf(pair.upper, read[0]!.frame),
      runOf(pair.lower, read[1]!.frame),
    ]);
  }
  return runs.flatMap((run) => replaced.get(run) ?? [run]);
}
