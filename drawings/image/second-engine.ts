/**
 * The second OCR engine's passes over one image (PaddleOCR PP-OCRv4, engines/paddle.ts;
 * docs/decisions/055-second-ocr-engine.md): the image decoded at its own size (grey, contrast
 * normalised, not binarized), read upright and turned a quarter clockwise like Tesseract's
 * passes, its lines turned into runs in the original image's pixels. It only adds to
 * Tesseract's reading: a page past the pixel budget, a job past its time or an engine that fails
 * gives no runs and a note that says why, and the reading goes on with Tesseract's runs alone.
 */
import { closePaddleEngine, recognizePaddleLines } from '../engines/paddle.ts';
import { turnQuarter } from '../engines/paddle-ops.ts';
import type { GreyImage, PreparedImage } from '../engines/prepare-image.ts';
import { decodeGrey, imageSize } from '../engines/prepare-image.ts';
import type { TextRun } from '../reading.ts';
import { readerLimits } from '../reading.ts';
import { mergePasses, runsOfLines } from './ocr-runs.ts';

/** The engine's name as the readings' sources give it. */
export const SECOND_ENGINE_NAME = 'PaddleOCR';

/**
 * Whether scans are read by the second engine too, and the largest image it reads. `enabled`
 * starts from the environment: OCR_SECOND_ENGINE=paddle turns it on, =off off (tests and tools
 * set the object itself).
 */
export const secondEngineSettings = {
  enabled: process.env.OCR_SECOND_ENGINE === 'paddle',
  /**
   * Largest image the engine reads, pixels at the size it reads (the original, scaled down to
   * readerLimits.ocrMaxSidePx): an A4 page at 300 dpi is 8.7 MP. Its memory and time grow with
   * the boxes it finds, which grow with the page.
   */
  maxPixels: 10_000_000,
  /** Share of readerLimits.timeLimitMs it may take at most. */
  timeShare: 1 / 3,
};

/** What the second engine read of one image. */
export interface SecondEngineReading {
  /** Runs (origin 'ocr', engine SECOND_ENGINE_NAME) of both passes merged; empty when none. */
  runs: TextRun[];
  /**
   * Whether a run stands alone: no ink beside its ends along its baseline (inkBeside). A run
   * with ink there may be a piece of a longer text the detector cut ('1mm' of 'Φ11.11mm').
   */
  standsAlone?: (run: TextRun) => boolean;
  /** Why it read nothing (skipped, timed out, failed); undefined when it read, or is off. */
  note?: string;
}

/** A PreparedImage that describes an image decoded at `scale` original pixels, neither deskewed nor binarized. */
function asPrepared(
  image: GreyImage,
  original: { width: number; height: number },
  scale: number,
): PreparedImage {
  return {
    image,
    originalWidth: original.width,
    originalHeight: original.height,
    scale,
    skewDeg: 0,
    scaledWidth: image.width,
    scaledHeight: image.height,
    threshold: 128,
    inverted: false,
  };
}

/**
 * What the engine's Chinese and English dictionary makes of a diameter sign (it has no Ø, ⌀ or
 * ∅) before a number, besides the '0' and '@' the callout reading puts right itself
 * (text/ocr.ts): 'Φ20', 'φ8', 'α1.5'.
 */
const DIAMETER_READINGS = /(^|[\s(xX×])[Φφα]\s?(?=[\d.,]*\d)/g;

/** How far beyond a run's ends ink is looked for, times its box's height across the baseline. */
const BESIDE_SHARE = 0.4;

/**
 * Whether there is a glyph just beyond either end of a run along its baseline: ink within 0.4 of
 * its box's height past the box (the engine's boxes already reach about half a letter beyond the
 * glyphs), in the middle 60 % of the box's height, where a neighbouring glyph of the same line
 * would be and the dimension line it stands on would not. Ink of a line that crosses the box's
 * whole height there (an extension line, a leader) is no glyph and does not count; three pixels
 * darker than mid-grey do.
 * @param image - the image the engine read (upright), `scale` px per original px
 * @param run - a run in original px, upright (0°) or reading bottom to top (90°)
 */
export function inkBeside(image: GreyImage, scale: number, run: TextRun): boolean {
  const upright = Math.abs(Math.sin((run.angleDeg * Math.PI) / 180)) < Math.SQRT1_2;
  // Along the baseline u, across it v: upright u = x, v = y; turned u = y, v = x.
  const dark = (u: number, v: number) => {
    const [x, y] = upright ? [u, v] : [v, u];
    if (x < 0 || y < 0 || x >= image.width || y >= image.height) return false;
    return image.data[y * image.width + x]! < 128;
  };
  const u0 = (upright ? run.x : run.y) * scale;
  const u1 = ((upright ? run.x + run.width : run.y + run.height) * scale) | 0;
  const v0 = (upright ? run.y : run.x) * scale;
  const v1 = (upright ? run.y + run.height : run.x + run.width) * scale;
  const across = v1 - v0;
  const reach = BESIDE_SHARE * across;
  const crossing = (u: number) =>
    [-2, -1, 0].some((d) => dark(u, Math.floor(v0) + d)) &&
    [0, 1, 2].some((d) => dark(u, Math.ceil(v1) + d));
  const glyphIn = (from: number, to: number) => {
    let count = 0;
    for (let u = Math.floor(from); u < to; u++) {
      if (crossing(u)) continue;
      for (let v = Math.floor(v0 + 0.2 * across); v < v1 - 0.2 * across; v++)
        if (dark(u, v) && ++count >= 3) return true;
    }
    return false;
  };
  return glyphIn(u0 - reach, u0) || glyphIn(u1, u1 + reach);
}

/** Characters of a run's text, spaces not counted. */
const length = (run: TextRun) => run.text.replace(/\s/g, '').length;

/** Share of the smaller of two boxes they have in common. */
function sharedOfSmaller(a: TextRun, b: TextRun): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / Math.min(a.width * a.height, b.width * b.height);
}

/**
 * The passes without the glyphs one pass reads of text written the other way. The engine's
 * detector cuts a text written across its pass into single glyphs, which its recognizer reads
 * with full confidence ('5' and '2' of a vertical '1.25'), so confidence cannot tell them from
 * the other pass's reading as it tells Tesseract's. A run of one or two characters is dropped
 * when it lies on a run of the other pass with three or more (over 30 % of its box), and a run
 * of one character whose box is wider than 1.1 times its height along its baseline (a digit
 * lying on its side: upright digits are about 0.6 as wide as high, 0.75 with the detector's
 * margin).
 * @param passes - runs of the upright pass, then of the turned pass, original px
 */
export function withoutCrossReadings(passes: TextRun[][]): TextRun[][] {
  return passes.map((runs, index) =>
    runs.filter((run) => {
      if (length(run) > 2) return true;
      const upright = Math.abs(Math.sin((run.angleDeg * Math.PI) / 180)) < Math.SQRT1_2;
      const along = upright ? run.width : run.height;
      const across = upright ? run.height : run.width;
      if (length(run) === 1 && along > 1.1 * across) return false;
      return !passes.some(
        (other, otherIndex) =>
          otherIndex !== index &&
          other.some((longer) => length(longer) >= 3 && sharedOfSmaller(run, longer) > 0.3),
      );
    }),
  );
}

/**
 * Reads an image by the second engine in two passes (upright, turned 90° clockwise).
 * @param bytes - PNG or JPEG bytes, as given to the reader
 * @param page - 1-based page number of the runs
 * @param limitMs - wall time for both passes (decoding included); the caller gives what
 *   Tesseract left, at most secondEngineSettings.timeShare of readerLimits.timeLimitMs
 * @param onProgress - progress through both passes, 0..1
 * @param fileName - for error messages of the decoding
 * @returns its runs in original px, tagged with the engine, or none and a note; never throws
 *   for the engine's sake (an image that cannot be decoded throws DrawingReadError, as it would
 *   have for Tesseract)
 */
export async function readBySecondEngine(
  bytes: Buffer,
  page: number,
  limitMs: number,
  onProgress?: (fraction: number) => void,
  fileName = 'The image',
): Promise<SecondEngineReading> {
  if (!secondEngineSettings.enabled) return { runs: [] };
  const original = await imageSize(bytes, fileName);
  const scale = Math.min(1, readerLimits.ocrMaxSidePx / Math.max(original.width, original.height));
  const width = Math.max(1, Math.round(original.width * scale));
  const height = Math.max(1, Math.round(original.height * scale));
  const megapixels = (pixels: number) => `${(pixels / 1e6).toFixed(1)} MP`;
  if (width * height > secondEngineSettings.maxPixels)
    return {
      runs: [],
      note: `${SECOND_ENGINE_NAME} skipped: ${width} × ${height} px (${megapixels(width * height)}) is past its ${megapixels(secondEngineSettings.maxPixels)} budget`,
    };
  if (limitMs <= 0) return { runs: [], note: `${SECOND_ENGINE_NAME} skipped: no time left` };
  const deadline = Date.now() + limitMs;
  try {
    const grey = await decodeGrey(bytes, fileName, width, height);
    const prepared = asPrepared(grey, original, scale);
    const passes: TextRun[][] = [];
    for (const [index, turnDeg] of ([0, 90] as const).entries()) {
      const image = turnDeg === 0 ? grey : turnQuarter(grey);
      const lines = await recognizePaddleLines(
        image,
        (fraction) => onProgress?.((index + Math.max(0, Math.min(1, fraction))) / 2),
        Math.max(1, deadline - Date.now()),
      );
      passes.push(
        runsOfLines(lines, prepared, turnDeg, page).map((run) => ({
          ...run,
          text: run.text.replace(DIAMETER_READINGS, '$1Ø'),
          engine: SECOND_ENGINE_NAME,
        })),
      );
    }
    const runs = mergePasses(withoutCrossReadings(passes));
    const alone = new Set(runs.filter((run) => !inkBeside(grey, scale, run)));
    return { runs, standsAlone: (run) => alone.has(run) };
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    return { runs: [], note: `${SECOND_ENGINE_NAME} read nothing: ${why}` };
  } finally {
    // Its memory goes back before the line work takes its own.
    await closePaddleEngine();
  }
}
