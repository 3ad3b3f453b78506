/**
 * One PDF page read into the page model (page/reading.ts PageReading): its text runs (the PDF's
 * text, or OCR of the rendered page when the page has none, by the engine the caller hands in),
 * its painted paths sorted into outlines, centre and hidden lines, thin lines and arrowheads, and
 * what the text says. Page points, y down.
 */
import type { PDFPageProxy, PageGeometry } from '../engines/pdfjs.ts';
import { pagePaths } from './paths.ts';
import { sortPaths } from '../page/drawing.ts';
import type { PageReading } from '../page/reading.ts';
import { textRuns } from './text.ts';
import type { Primitive } from '../geometry/primitives.ts';
import { boxOf } from '../geometry/shapes.ts';
import {
  readerLimits,
  type PageFrame,
  type ReadingProgress,
  type RecognizeText,
  type TextRun,
} from '../reading.ts';
import { readTextFindings, type TextCallout, type TextFindings } from '../text/describe.ts';

/** Rendering resolution for OCR, dots per inch (300 dpi is the usual scanning resolution). */
const OCR_DPI = 300;

interface NodeCanvas {
  toBuffer(mime: 'image/png'): Buffer;
}
interface CanvasFactory {
  create(width: number, height: number): { canvas: unknown; context: unknown };
  destroy(entry: { canvas: unknown; context: unknown }): void;
}

/**
 * Renders a page to PNG for OCR: 300 dpi, the longer side at most readerLimits.ocrMaxSidePx and
 * the area at most readerLimits.maxPixels.
 */
async function renderPage(
  page: PDFPageProxy,
  geometry: PageGeometry,
  factory: CanvasFactory,
): Promise<Buffer> {
  const longer = Math.max(geometry.widthPt, geometry.heightPt);
  let scale = Math.min(OCR_DPI / 72, readerLimits.ocrMaxSidePx / longer);
  scale = Math.min(
    scale,
    Math.sqrt(readerLimits.maxPixels / (geometry.widthPt * geometry.heightPt)),
  );
  const viewport = page.getViewport({ scale });
  const entry = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    await page.render({
      canvasContext: entry.context as CanvasRenderingContext2D,
      canvas: entry.canvas as HTMLCanvasElement,
      viewport,
      background: '#ffffff',
    }).promise;
    return (entry.canvas as NodeCanvas).toBuffer('image/png');
  } finally {
    factory.destroy(entry);
  }
}

/** Runs in pixels of a rendered page → page points. */
function runsInPoints(runs: TextRun[], frame: PageFrame, geometry: PageGeometry): TextRun[] {
  const k = geometry.widthPt / frame.width;
  return runs.map((run) => ({
    ...run,
    x: run.x * k,
    y: run.y * k,
    width: run.width * k,
    height: run.height * k,
  }));
}

function calloutsInPoints(callouts: TextCallout[], k: number): TextCallout[] {
  return callouts.map((c) => ({
    ...c,
    x: c.x * k,
    y: c.y * k,
    width: c.width * k,
    height: c.height * k,
  }));
}

/** Whether a primitive lies inside one of the text boxes (grown by a fifth of their height). */
function insideText(primitive: Primitive, runs: TextRun[]): boolean {
  const box = boxOf(primitive);
  return runs.some((run) => {
    const grow = 0.2 * Math.min(run.width, run.height) + 0.5;
    return (
      box.minX >= run.x - grow &&
      box.maxX <= run.x + run.width + grow &&
      box.minY >= run.y - grow &&
      box.maxY <= run.y + run.height + grow
    );
  });
}

/**
 * Reads one page.
 *
 * @param page - the pdf.js page
 * @param geometry - its size and transform (pageGeometry)
 * @param canvasFactory - the document's canvas factory, for rendering pages without text
 * @param progress - per-stage reports for this page (0..1 of the page)
 * @param fileName - for OCR error messages
 * @param recognize - the OCR engine for a page without text (read.ts hands in image/reader.ts
 *   recognizeImage)
 * @throws DrawingReadError from OCR (image too large, time limit)
 */
export async function readPage(
  page: PDFPageProxy,
  geometry: PageGeometry,
  canvasFactory: CanvasFactory | undefined,
  progress: ReadingProgress,
  fileName: string,
  recognize: RecognizeText,
): Promise<PageReading> {
  const number = page.pageNumber;
  progress(0, `Reading the text of page ${number}`);
  const content = await page.getTextContent();
  let runs = textRuns(content.items, geometry.transform, number, readerLimits.maxRunsPerPage);
  progress(0.1, `Reading the lines of page ${number}`);
  const list = await page.getOperatorList();
  const { paths, truncated } = pagePaths(list, geometry.transform, readerLimits.maxSegmentsPerPage);
  const drawing = sortPaths(paths);
  let findings: TextFindings;
  let ocr = false;
  const frame: PageFrame = {
    page: number,
    width: geometry.widthPt,
    height: geometry.heightPt,
    unit: 'pt',
  };
  if (runs.length === 0 && canvasFactory && (paths.length > 0 || list.fnArray.length > 0)) {
    // Text drawn as outlines or a scanned page: render it and read it by OCR.
    progress(0.2, `Rendering page ${number} for text recognition`);
    const png = await renderPage(page, geometry, canvasFactory);
    const recognized = await recognize(
      png,
      number,
      (fraction, stage) => progress(0.25 + 0.7 * fraction, `Page ${number}: ${stage}`),
      fileName,
    );
    const pxFindings = readTextFindings(recognized.runs, [recognized.frame]);
    const k = geometry.widthPt / recognized.frame.width;
    findings = { ...pxFindings, callouts: calloutsInPoints(pxFindings.callouts, k) };
    runs = runsInPoints(recognized.runs, recognized.frame, geometry);
    ocr = true;
    // Glyphs drawn as lines are text, not part geometry.
    drawing.part = drawing.part.filter((p) => !insideText(p, runs));
    drawing.thin = drawing.thin.filter((p) => !insideText(p, runs));
    drawing.centre = drawing.centre.filter((p) => !insideText(p, runs));
    drawing.hidden = drawing.hidden.filter((p) => !insideText(p, runs));
  } else {
    findings = readTextFindings(runs, [frame]);
  }
  progress(1, `Page ${number} read`);
  return { page: number, geometry, runs, findings, drawing, ocr, truncated };
}
