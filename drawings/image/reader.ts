/**
 * Images (and scanned PDF pages) → text runs by OCR → description. Everything runs offline:
 * sharp prepares the image (engines/prepare-image.ts), Tesseract reads it in two passes, upright
 * and turned a quarter for the vertical dimension text of drawings (engines/tesseract.ts), and the
 * runs go through the same callout reading as PDF text (text/describe.ts).
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import {
  closeOcrEngine,
  OcrTimeoutError,
  recognizeLines,
  warmOcrEngine,
} from '../engines/tesseract.ts';
import { pngOf, prepareImage } from '../engines/prepare-image.ts';
import { mergeEngines, mergePasses, runsOfLines } from './ocr-runs.ts';
import { readBySecondEngine, secondEngineSettings } from './second-engine.ts';
import { rereadStackedDeviations } from './deviations.ts';
import type { PageFrame, ReadingProgress, TextRun } from '../reading.ts';
import { DrawingReadError, readerLimits } from '../reading.ts';
import { describeFromText } from '../text/describe.ts';
import { describeDrawnPart } from '../page/drawn-part.ts';
import { greyForLines, readRasterPage } from './page.ts';
import { diameterSignsSeen } from './diameter-signs.ts';
import { MEASURED_SOURCE } from '../describe/readings.ts';
import { holdTextOnlyProfile } from '../page/unplaced-values.ts';

/**
 * The OCR passes: upright text, then text reading bottom to top (the image turned 90°
 * clockwise makes it upright). Drawings letter vertical dimensions to be read from the right
 * (ISO 129-1 aligned system), so top-to-bottom text is rare and a third pass is not worth its
 * time.
 */
const PASSES = [0, 90] as const;
/** Share of the progress bar spent preparing the image; the rest is split over the passes. */
const PREPARE_SHARE = 0.1;
/** Share of the progress bar after the passes: the stacked deviations read again. */
const REREAD_SHARE = 0.05;
/** Share of the progress bar of the second engine's passes, when it reads. */
const SECOND_ENGINE_SHARE = 0.3;

/**
 * OCR of one image: its text runs in the original image's pixels and its frame.
 * @param bytes - PNG or JPEG bytes (a rendered PDF page or an uploaded drawing)
 * @param page - 1-based page number given to the runs and the frame
 * @param progress - reports 'Preparing the image', 'Recognizing text (pass 1 of 2)'…
 * @param fileName - names the file in error messages
 * Tesseract reads first; the second engine (PaddleOCR, second-engine.ts, when
 * secondEngineSettings.enabled) then gets what Tesseract left of readerLimits.timeLimitMs, at
 * most a third, and its runs are merged in (ocr-runs.ts mergeEngines); when it is skipped, times
 * out or fails, Tesseract's runs are read alone and `note` says why.
 * @returns runs (origin 'ocr', confidence 0..1, x/y/width/height in px with y down, angleDeg 0
 *   for upright text or 90 for text reading bottom to top, plus any skew; `engine` set on the
 *   second engine's), sorted top to bottom; the frame in px; the second engine's note
 * @throws DrawingReadError when the bytes are not a decodable image, the image is too large, or
 *   the recognition takes longer than readerLimits.timeLimitMs
 */
export async function recognizeImage(
  bytes: Buffer,
  page: number,
  progress?: ReadingProgress,
  fileName = 'The image',
): Promise<{ runs: TextRun[]; frame: PageFrame; note?: string }> {
  progress?.(0, 'Preparing the image');
  // The engine starts in its thread while the image is prepared on this one.
  warmOcrEngine();
  const prepared = await prepareImage(bytes, fileName);
  const frame: PageFrame = {
    page,
    width: prepared.originalWidth,
    height: prepared.originalHeight,
    unit: 'px',
  };
  const passes: TextRun[][] = [];
  const second = secondEngineSettings.enabled ? SECOND_ENGINE_SHARE : 0;
  const share = (1 - PREPARE_SHARE - REREAD_SHARE - second) / PASSES.length;
  const deadline = Date.now() + readerLimits.timeLimitMs;
  for (const [index, turnDeg] of PASSES.entries()) {
    const stage = `Recognizing text (pass ${index + 1} of ${PASSES.length})`;
    const start = PREPARE_SHARE + index * share;
    progress?.(start, stage);
    const png = await pngOf(prepared.image, turnDeg);
    let lines;
    try {
      lines = await recognizeLines(png, (fraction) =>
        progress?.(start + Math.max(0, Math.min(1, fraction)) * share, stage),
      );
    } catch (error) {
      if (error instanceof OcrTimeoutError)
        throw new DrawingReadError(
          `${fileName} took longer than ${readerLimits.timeLimitMs / 1000} s to read by OCR. Upload a sharper or smaller scan, or the drawing as DXF or PDF.`,
        );
      throw error;
    }
    passes.push(runsOfLines(lines, prepared, turnDeg, page));
  }
  let runs = mergePasses(passes);
  // Where the last pass's progress ended (the same sum), so that the bar never steps back.
  const secondStart = PREPARE_SHARE + (PASSES.length - 1) * share + share;
  const stage = 'Recognizing text (second engine)';
  if (second > 0) progress?.(secondStart, stage);
  const secondReading = await readBySecondEngine(
    bytes,
    page,
    Math.min(deadline - Date.now(), secondEngineSettings.timeShare * readerLimits.timeLimitMs),
    (fraction) => progress?.(Math.min(1 - REREAD_SHARE, secondStart + fraction * second), stage),
    fileName,
  );
  if (secondReading.runs.length > 0)
    runs = mergeEngines(runs, secondReading.runs, secondReading.standsAlone);
  runs = runs.slice(0, readerLimits.maxRunsPerPage);
  progress?.(1 - REREAD_SHARE, 'Reading the tolerances again');
  runs = await rereadStackedDeviations(
    bytes,
    { width: prepared.originalWidth, height: prepared.originalHeight },
    runs,
    Math.max(0, deadline - Date.now()),
    fileName,
  );
  progress?.(1, 'Text recognized');
  return { runs, frame, ...(secondReading.note ? { note: secondReading.note } : {}) };
}

/**
 * Reads an image drawing into a description by OCR and the shared callout reading.
 * @param bytes - the uploaded file
 * @param fileName - as uploaded, for the source and messages
 * @param type - 'jpg' or 'png'
 * @returns the description, source 'JPG image (offline reader, OCR): name.jpg'; an image without
 *   readable text gives a description that says so and asks for the sizes in `unresolved`
 * @throws DrawingReadError when the bytes are not a decodable image (or too large, or too slow)
 */
export async function readImage(
  bytes: Buffer,
  fileName: string,
  type: 'jpg' | 'png',
  progress?: ReadingProgress,
): Promise<BlueprintDescription> {
  const kind = type === 'jpg' ? 'JPG image' : 'PNG image';
  // The image for the line work is decoded while the text is recognized in the OCR thread.
  const decoded = greyForLines(bytes, fileName);
  decoded.catch(() => undefined);
  const recognized = await recognizeImage(
    bytes,
    1,
    (fraction, stage) => progress?.(fraction * 0.95, stage),
    fileName,
  );
  const { frame, note } = recognized;
  // The second engine's note (skipped, timed out) goes into the description's source.
  const aside = note ? `; ${note}` : '';
  let { runs } = recognized;
  // The engine's memory (its WebAssembly heap holds the largest image it read) is given back
  // before the line work takes its own.
  await closeOcrEngine();
  progress?.(0.95, 'Reading the callouts');
  // Diameter signs the engine read as '2', told by their shape.
  if (runs.length > 0) {
    const lines = await decoded;
    runs = diameterSignsSeen(runs, lines.image, lines.scale);
  }
  let description = describeFromText(runs, { fileName, kind, frames: [frame] });
  if (runs.length > 0) {
    progress?.(0.96, 'Reading the drawn lines');
    const raster = await readRasterPage(bytes, runs, frame, fileName, decoded);
    // The values read again beside dimension lines started the engine once more.
    await closeOcrEngine();
    // What the line work mended in the text (values read again, diameter signs) reads the same
    // way without the lines.
    if (raster.runs !== runs)
      description = describeFromText(raster.runs, { fileName, kind, frames: [frame] });
    const drawn = describeDrawnPart([raster.reading], fileName, kind);
    if (drawn && betterSupported(drawn, description)) {
      drawn.source = `${kind} (offline reader, OCR and line work${aside}): ${fileName}`;
      return drawn;
    }
    holdTextOnlyProfile(description);
  }
  description.source = `${kind} (offline reader, OCR${aside}): ${fileName}`;
  if (runs.length === 0) {
    description.overview = `No text was found in ${fileName} (${frame.width} × ${frame.height} px): the drawing's sizes could not be read.`;
    const ask =
      'No text could be read from the image: give the part type, the diameters or outline with their lengths, and the material with Change, or upload the drawing as DXF or PDF.';
    const unresolved = (description.unresolved ??= []);
    if (!unresolved.includes(ask)) unresolved.unshift(ask);
  }
  return description;
}

/** Readings that give a size of the part (a diameter, a length, a hole, the outline…). */
const SIZE_FIELD =
  /^(Outer diameter|Inner diameter|Bore|Overall length|Length|Chamfer|Fillet|Radius|Hole|Tapped holes|Thread|Plate|Outline|Thickness)/;

/**
 * Values of a description taken from written text and values only measured on the lines: over
 * all its readings, and over its sizes alone (a size worked out from written lengths is neither;
 * a size from the geometry is measured; a plate's written sizes, which have no readings, count
 * as written sizes when they outnumber those of its readings).
 */
function support(description: BlueprintDescription) {
  const readings = description.readings ?? [];
  const measured = (r: { source: string }) => r.source.includes(MEASURED_SOURCE);
  const sizes = readings.filter((r) => SIZE_FIELD.test(r.field));
  // A plate's outline and its holes without a callout are measured too ('page 1 geometry').
  const drawn = (r: { source: string }) => measured(r) || /\bgeometry\b/.test(r.source);
  // A plate's written sizes tied to its dimension lines carry no reading of their own.
  const plateSizes = description.prismatic?.sizes?.length ?? 0;
  return {
    written: readings.length - readings.filter(measured).length,
    measured: readings.filter(measured).length,
    writtenSizes: Math.max(
      plateSizes,
      sizes.filter((r) => !drawn(r) && !r.source.includes('worked out')).length,
    ),
    measuredSizes: sizes.filter(drawn).length,
  };
}

/**
 * Whether the description read from the vectorized line work is to be trusted over the one
 * read from the text alone. Either it ties more written values to the part than the text alone
 * does, and at most half as many of its values are only measured on the lines as are written
 * (over four seeds of the raster round trip, half rather than as many kept the recall and raised
 * the precision from 0.63 to 0.69 on the seed where they differ); or, counting sizes alone, it
 * gives at least as many written sizes as the text (two at least) and no more measured-only ones
 * than written (the text reading counts title-block entries the line work has no use for: on
 * Candle_holder.jpg both read 11 values, the line work 7 written sizes to the text's 6; the four
 * round-trip seeds keep or gain recall). A scan's line work is noisy (hatching, shading, the
 * isometric views of sheets): a part that the lines alone make up, with few written values to
 * hold it, is more likely the noise than the part. A diameter the text alone takes for the part's
 * (a turned part's outer diameter) that is a hole of the plate the lines show counts for the
 * lines: a plate's hole callout 'Ø5.5' is no evidence of a turned part.
 */
function betterSupported(drawn: BlueprintDescription, fromText: BlueprintDescription): boolean {
  const lines = support(drawn);
  const text = support(fromText);
  // A diameter the text alone reads as the part's that is a hole the line work finds in a plate
  // supports the plate, not a turned part.
  const holes = drawn.prismatic?.holes.map((hole) => hole.diameterMm) ?? [];
  const asHoles = [...fromText.outerDiameters, ...fromText.innerDiameters].filter(
    (d) =>
      d.diameterMm !== undefined &&
      holes.some((size) => size !== undefined && Math.abs(size - d.diameterMm!) <= 0.01 * size),
  ).length;
  text.written -= asHoles;
  text.writtenSizes -= asHoles;
  const moreWritten = lines.written > text.written && 2 * lines.measured <= lines.written;
  const moreSizes =
    lines.writtenSizes >= Math.max(2, text.writtenSizes) &&
    lines.measuredSizes <= lines.writtenSizes;
  return moreWritten || moreSizes;
}

/** Stops the OCR worker (app shutdown, end of tests); waits for running jobs first. */
export async function closeOcr(): Promise<void> {
  await closeOcrEngine();
}
