/**
 * The offline PDF reader: a PDF drawing to a blueprint description, without network or model.
 *
 * Pipeline per page: pdf.js text runs (or OCR of the rendered page when its text is drawn as
 * outlines, by the engine the caller hands in) and painted paths (page.ts) → outlines, centre and
 * hidden lines, thin lines and arrowheads (page/drawing.ts) → the pages described (pages.ts, and
 * the page model of page/: dimension lines with their callouts, the drawing scale, the shared
 * pipeline, the text merged in).
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { openPdf, pageGeometry, pdfError, type PDFDocumentProxy } from '../engines/pdfjs.ts';
import { readPage } from './page.ts';
import { describePages } from './pages.ts';
import type { PageReading } from '../page/reading.ts';
import {
  DrawingReadError,
  readerLimits,
  type ReadingProgress,
  type RecognizeText,
} from '../reading.ts';

/** Faults pdf.js reports for files it cannot read (its exception classes). */
const PDFJS_ERRORS = new Set([
  'InvalidPDFException',
  'PasswordException',
  'FormatError',
  'UnknownErrorException',
  'MissingPDFException',
  'ResponseException',
  'AbortException',
]);

function isPdfJsError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && PDFJS_ERRORS.has(name);
}

class PdfTimeLimit extends Error {
  override name = 'PdfTimeLimit';
}

/**
 * Reads a PDF drawing into a description.
 *
 * Every number of the description is in mm: geometry is measured on the page and divided by the
 * drawing scale (written in the title block, or the standard scale at which the dimension lines
 * measure what is written on them); written dimensions replace drawn sizes. Up to
 * readerLimits.maxPages pages are read; the description comes from the first page that shows a
 * turned part or a plate, the text of all pages read fills in material, tolerances and finish.
 *
 * @param bytes - the PDF file
 * @param fileName - the uploaded file's name, for messages and `source`
 * @param recognize - the OCR engine for pages without text (read.ts hands in image/reader.ts
 *   recognizeImage)
 * @param progress - reports per page and stage
 * @returns the description with `readings` (value, confidence, source) and `unresolved`
 * @throws DrawingReadError for an empty, damaged or password-protected file, a file without
 *   pages, a page larger than readerLimits.maxPageSidePt, and a reading that takes longer than
 *   readerLimits.timeLimitMs
 */
export async function readPdf(
  bytes: Buffer,
  fileName: string,
  recognize: RecognizeText,
  progress?: ReadingProgress,
): Promise<BlueprintDescription> {
  progress?.(0, 'Opening the PDF');
  const doc = await openPdf(bytes, fileName);
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfTimeLimit()), readerLimits.timeLimitMs);
  });
  try {
    return await Promise.race([
      readDocument(doc, fileName, progress ?? (() => {}), recognize),
      limit,
    ]);
  } catch (error) {
    if (error instanceof PdfTimeLimit) {
      throw new DrawingReadError(
        `${fileName} could not be read within ${readerLimits.timeLimitMs / 1000} s: the drawing is too large or too busy for the offline reader. Send a drawing of the part alone (one page), or describe the part in words.`,
      );
    }
    if (isPdfJsError(error)) throw pdfError(error, fileName);
    throw error;
  } finally {
    clearTimeout(timer);
    await doc.destroy().catch(() => undefined);
  }
}

async function readDocument(
  doc: PDFDocumentProxy,
  fileName: string,
  progress: ReadingProgress,
  recognize: RecognizeText,
): Promise<BlueprintDescription> {
  const total = doc.numPages;
  if (!(total > 0)) {
    throw new DrawingReadError(`${fileName} has no pages: there is no drawing to read.`);
  }
  const count = Math.min(total, readerLimits.maxPages);
  const factory = (doc as unknown as { canvasFactory?: Parameters<typeof readPage>[2] })
    .canvasFactory;
  const readings: PageReading[] = [];
  for (let n = 1; n <= count; n++) {
    const page = await doc.getPage(n);
    const geometry = pageGeometry(page, fileName);
    const reading = await readPage(
      page,
      geometry,
      factory,
      (fraction, stage) => progress((0.9 * (n - 1 + fraction)) / count, stage),
      fileName,
      recognize,
    );
    readings.push(reading);
    page.cleanup();
  }
  progress(0.92, 'Putting the description together');
  const description = describePages(readings, fileName);
  if (total > count) {
    description.unresolved!.push(
      `Only the first ${count} of ${total} pages were read. If the part is drawn on a later page, upload that page alone (Change).`,
    );
  }
  description.source = `PDF (offline reader): ${fileName}`;
  return description;
}
