/**
 * The page model both page readers fill: one page read geometrically, whether a PDF page
 * (pdf/page.ts readPage) or a raster traced into a page's paths (image/page.ts readRasterPage).
 * The rest of page/ describes such pages: the painted paths sorted (drawing.ts), dimension lines
 * and the drawing scale (dimensions.ts), the content in true mm (content.ts), the part drawn
 * (drawn-part.ts) and what the text adds (merge.ts). Page points, y down.
 */
import type { PageGeometry } from '../engines/pdfjs.ts';
import type { TextRun } from '../reading.ts';
import type { TextFindings } from '../text/describe.ts';
import type { PageDrawing } from './drawing.ts';

/** One page read: its text, what the text says, and its sorted line work. Page points, y down. */
export interface PageReading {
  page: number;
  geometry: PageGeometry;
  /** Text runs in page points (OCR runs scaled from pixels). */
  runs: TextRun[];
  /** What the text says; callout boxes in page points. */
  findings: TextFindings;
  drawing: PageDrawing;
  /** The page's text came from OCR of the rendered page. */
  ocr: boolean;
  /** Paths were left out past readerLimits.maxSegmentsPerPage. */
  truncated: boolean;
  /**
   * Distance within which the ends of drawn lines meet, points, when the page's own is wider
   * than a PDF writer's rounding (a vectorized raster: about a line width).
   */
  joinPt?: number;
}
