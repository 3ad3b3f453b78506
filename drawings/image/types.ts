/**
 * The shapes the raster vectorizer (vectorize.ts) and its stages (raster-ops.ts, arrows.ts,
 * fitting.ts, joins.ts) hand each other: boxes of the image, straight lines and circular arcs
 * fitted to the skeleton (px, y down), and what the vectorizer takes and gives back.
 */
import type { Point } from '../geometry/primitives.ts';
import type { PagePath } from '../page/paths.ts';

/** A rectangle of the image, px, y down. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface VectorizeOptions {
  /** Page points per image pixel: 72 / dpi (0.36 for a 200 dpi scan). */
  ptPerPx: number;
  /** Regions to leave out, px: the boxes of the text OCR read (dimension text, notes). */
  textBoxes?: PixelBox[];
}

/** What vectorize found and how long it took. */
export interface VectorizeStats {
  /** Wall time, ms. */
  ms: number;
  /** Grey levels of the paper and of the ink, and the ink threshold (≤ it is ink), 0..255. */
  paperGrey: number;
  inkGrey: number;
  thresholdGrey: number;
  /** Ink pixels after text boxes and specks were cleared. */
  inkPixels: number;
  /** Ink specks dropped as noise. */
  specks: number;
  /** Letters standing alone that OCR did not box, dropped (raster-ops.ts dropGlyphs). */
  glyphs: number;
  /** Half width of the widest lines (distance to paper on their centre line), px. */
  lineHalfWidthPx: number;
  /** Filled arrowheads found, and solid fills (logos, dots) left out. */
  arrows: number;
  fills: number;
  /** Solid straight lines, arcs and full circles emitted. */
  lines: number;
  arcs: number;
  circles: number;
  /** Dashed lines emitted: long–short (centre) and even (hidden) patterns. */
  centreLines: number;
  hiddenLines: number;
  /** Line width classes found, thinnest first, points. */
  widthClassesPt: number[];
}

/** The paths of a raster drawing and what was found. */
export interface Vectorized {
  /** Page points (px × ptPerPx), y down, as pagePaths gives them for a PDF page. */
  paths: PagePath[];
  stats: VectorizeStats;
}

/** A straight line of the drawing, px. */
export interface Line {
  a: Point;
  b: Point;
  /** Skeleton pixels it was fitted to (centres, px). */
  pixels: Point[];
  /** The end is a free end of the ink (not a junction): its length is measured from the ink. */
  freeA: boolean;
  freeB: boolean;
  widthPx: number;
}

/** A circular arc, px: from `startRad` turning `sweepRad` (y down, so positive turns clockwise on the page). */
export interface Arc {
  center: Point;
  radius: number;
  startRad: number;
  sweepRad: number;
  pixels: Point[];
  widthPx: number;
}
