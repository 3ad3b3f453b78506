/**
 * What every offline reader shares: positioned text runs (from PDF text or OCR), progress
 * reports, the user-facing reading error, the limits that keep one upload from exhausting the
 * server, and the readings (value, confidence, source) a description carries.
 */
import type { BlueprintDescription } from '#contracts/blueprint';

/**
 * A run of text on a page, as a PDF stores it or OCR finds it.
 * Coordinates are in the page's own units with y growing **down** from the page's top-left
 * corner: PDF points (1/72 in) for PDF text, pixels for images.
 */
export interface TextRun {
  text: string;
  /** Left, top, width and height of the run's box. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Direction of the baseline in degrees, counter-clockwise: 0 horizontal, 90 reads bottom to top. */
  angleDeg: number;
  /** 1-based page number. */
  page: number;
  /** 0..1: 1 for PDF text, the OCR engine's word confidence / 100 for OCR. */
  confidence: number;
  /** How it was read. */
  origin: 'pdf-text' | 'ocr';
  /** The OCR engine that read it, when not the first (Tesseract): 'PaddleOCR'. */
  engine?: string;
}

/**
 * The height of a drawing's lettering, in its runs' units: the median letter height of the runs
 * that hold a digit (the height of upright runs, the width of runs reading bottom to top).
 */
export function letteringHeight(runs: TextRun[]): number | undefined {
  const heights = runs
    .filter((run) => /\d/.test(run.text))
    .map(letterHeightOf)
    .sort((a, b) => a - b);
  if (heights.length === 0) return undefined;
  return heights[Math.floor(heights.length / 2)];
}

/**
 * A run whose letters are lower than this share of the page's lettering is no writing: ISO 3098
 * steps heights by √2 and a tolerance is written one step down (0.7), so nothing written on a
 * drawing is a third of its lettering high. A hidden line's dash read as '1' (3 px high beside
 * 22 px lettering, on a 150 dpi scan) became a shaft's Ø1.
 */
const LETTER_SHARE = 0.35;

/** A run's letter height: its box's height, or its width when it reads bottom to top. */
const letterHeightOf = (run: { width: number; height: number; angleDeg: number }) =>
  Math.abs(run.angleDeg - 90) <= 3 ? run.width : run.height;

/**
 * Whether a run's letters are far lower than the page's lettering (LETTER_SHARE): what OCR read
 * there is a line's dash or an arrowhead, not text.
 * @param run - its box and angle, in the units of `lettering`
 * @param lettering - the page's lettering height (letteringHeight)
 * @param share - of the lettering, for writing known to be full height (a dimension's value)
 */
export function belowLettering(
  run: { width: number; height: number; angleDeg: number },
  lettering: number,
  share = LETTER_SHARE,
): boolean {
  return letterHeightOf(run) < share * lettering;
}

/** Units of TextRun coordinates for a page: points for PDF text, pixels for images. */
export interface PageFrame {
  page: number;
  width: number;
  height: number;
  unit: 'pt' | 'px';
}

/**
 * Reports progress of a long read: `fraction` from 0 to 1, `stage` in words for the UI
 * ('Reading page 1 of 2', 'Recognizing text').
 */
export type ReadingProgress = (fraction: number, stage: string) => void;

/**
 * An OCR engine as the readers take it: the text runs of one image, in its pixels. read.ts hands
 * the image reader's (image/reader.ts recognizeImage) to the PDF reader, which reads the pages
 * that have no text with it, so that pdf/ does not import image/.
 * @param bytes - PNG or JPEG bytes (a rendered PDF page)
 * @param page - 1-based page number given to the runs and the frame
 * @param progress - hears how far the recognition is
 * @param fileName - names the file in error messages
 * @returns runs (origin 'ocr', px, y down) and the image's frame in px
 * @throws DrawingReadError when the image cannot be read (too large, time limit)
 */
export type RecognizeText = (
  bytes: Buffer,
  page: number,
  progress?: ReadingProgress,
  fileName?: string,
) => Promise<{ runs: TextRun[]; frame: PageFrame }>;

/** A drawing the offline readers cannot use; the message is meant for the user. */
export class DrawingReadError extends Error {
  override name = 'DrawingReadError';
}

/**
 * A DXF the reader cannot use; the message is meant for the user. The shared pipeline
 * (describe/drawing.ts) throws it too, for a drawing without geometry outside the title block and
 * frame, DXF or PDF (the PDF reader then moves on to its next page). Exported by dxf/reader.ts.
 */
export class DxfReadError extends DrawingReadError {
  override name = 'DxfReadError';
}

/** Limits for the offline readers (documented in docs/decisions/015-offline-readers.md). */
export const readerLimits = {
  /** PDF pages read; later pages are listed as not read. */
  maxPages: 10,
  /** Largest page side, PDF points (A0 is 3370 pt): beyond it the page is refused. */
  maxPageSidePt: 14_400,
  /** Largest image (or rendered page) in pixels; larger images are scaled down first. */
  maxPixels: 40_000_000,
  /** Pixels sent to OCR: pages are scaled so their longer side is at most this. */
  ocrMaxSidePx: 4_000,
  /** Text runs and path segments kept per page. */
  maxRunsPerPage: 5_000,
  maxSegmentsPerPage: 200_000,
  /** Wall time for one drawing, ms. */
  timeLimitMs: 90_000,
} as const;

/** Rounds a coordinate for a source text. */
const at = (value: number) => Math.round(value);

/**
 * 'page 1 at 120, 85 pt (PDF text)' / 'OCR, page 1 at 812, 440 px (confidence 91%)' /
 * 'OCR (PaddleOCR), page 1 at …' for a run the second engine read.
 */
export function sourceOfRun(run: TextRun): string {
  if (run.origin === 'pdf-text')
    return `page ${run.page} at ${at(run.x)}, ${at(run.y)} pt (PDF text "${run.text.trim().slice(0, 40)}")`;
  const engine = run.engine ? ` (${run.engine})` : '';
  return `OCR${engine}, page ${run.page} at ${at(run.x)}, ${at(run.y)} px ("${run.text.trim().slice(0, 40)}", ${Math.round(run.confidence * 100)}%)`;
}

/** Adds one reading to a description (creating the list). */
export function addReading(
  description: BlueprintDescription,
  field: string,
  value: string,
  confidence: number,
  source: string,
): void {
  description.readings ??= [];
  if (description.readings.length >= 500) return;
  description.readings.push({
    field,
    value: value.slice(0, 500),
    confidence: Math.max(0, Math.min(1, Math.round(confidence * 100) / 100)),
    source: source.slice(0, 300),
  });
}
