/**
 * Opening an uploaded PDF with pdf.js, safely: no script evaluation, no fonts loaded into the
 * process, no console output, and the faults of a damaged or locked file turned into messages
 * for the user.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Matrix } from '../geometry/primitives.ts';
import { DrawingReadError, readerLimits } from '../reading.ts';
import { restoreNativeBuiltins } from './native-builtins.ts';

// pdf.js and its worker (run on this thread: pdf.js's "fake worker", found on
// globalThis.pdfjsWorker instead of imported at the first document), loaded here, after
// native-builtins.ts saved the built-ins their polyfills replace, and those put back. Imported
// at run time: a bundler hoists static imports of external packages above the saving.
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker =
  await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
restoreNativeBuiltins();
const { getDocument, VerbosityLevel } = pdfjs;

/** pdf.js's operator codes (the operator list of a page). */
export const OPS = pdfjs.OPS;

export type { PDFDocumentProxy, PDFPageProxy };

/** The reason pdf.js gives, without its class name or closing full stop (the message adds one). */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (
    message
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200)
      .replace(/[\s.]+$/, '') || 'unknown fault'
  );
}

/**
 * A user-facing error for a pdf.js fault while opening or reading a file.
 * @param error - what pdf.js threw (PasswordException, InvalidPDFException, FormatError…)
 * @param fileName - for the message
 */
export function pdfError(error: unknown, fileName: string): DrawingReadError {
  if (error instanceof DrawingReadError) return error;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'PasswordException') {
    return new DrawingReadError(
      `${fileName} is protected by a password, so it cannot be read. Save or print it as a PDF without a password and upload it again.`,
    );
  }
  return new DrawingReadError(
    `${fileName} could not be read as a PDF: ${reasonOf(error)}. The file may be damaged or truncated; export or print the drawing to PDF again.`,
  );
}

/**
 * Opens a PDF held in memory.
 *
 * @param bytes - the whole file
 * @param fileName - for messages
 * @returns the pdf.js document; the caller must `destroy()` it
 * @throws DrawingReadError for an empty file, a file that is not a PDF or is damaged, and a
 *   password-protected file
 */
export async function openPdf(bytes: Buffer, fileName: string): Promise<PDFDocumentProxy> {
  if (bytes.length === 0) {
    throw new DrawingReadError(`${fileName} is empty: there is no drawing to read.`);
  }
  // pdf.js may take over (detach) the buffer it is given: pass a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: VerbosityLevel.ERRORS - 1,
    enableXfa: false,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw pdfError(error, fileName);
  }
}

/** A page's size in points and its viewport transform (PDF user space → points, y down). */
export interface PageGeometry {
  widthPt: number;
  heightPt: number;
  /** Maps PDF user space to the page seen upright, in points with y growing down. */
  transform: Matrix;
}

/**
 * The size and transform of a page at scale 1, honouring its /Rotate.
 * @throws DrawingReadError when a side is larger than readerLimits.maxPageSidePt or not positive
 */
export function pageGeometry(page: PDFPageProxy, fileName: string): PageGeometry {
  const viewport = page.getViewport({ scale: 1 });
  const { width, height } = viewport;
  if (!(width > 0 && height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) {
    throw new DrawingReadError(
      `${fileName}: page ${page.pageNumber} has no size (its MediaBox is empty or damaged). Export or print the drawing to PDF again.`,
    );
  }
  const largest = Math.max(width, height);
  if (largest > readerLimits.maxPageSidePt) {
    const metres = Math.round((largest / 72) * 0.0254 * 10) / 10;
    throw new DrawingReadError(
      `${fileName}: page ${page.pageNumber} is ${metres} m across, larger than any drawing sheet (A0 is 1.19 m; the limit is ${Math.round((readerLimits.maxPageSidePt / 72) * 0.0254 * 10) / 10} m). Print the drawing to a standard sheet size and upload it again.`,
    );
  }
  const [a, b, c, d, e, f] = viewport.transform;
  return {
    widthPt: width,
    heightPt: height,
    transform: { a: a!, b: b!, c: c!, d: d!, e: e!, f: f! },
  };
}
