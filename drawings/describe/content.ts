/**
 * The drawing content the shared pipeline (describe/drawing.ts describeDrawing) reads, in mm: the part's
 * lines and arcs, centre and hidden lines, text notes and dimensions. The DXF reader collects it
 * from the entities (dxf/collect.ts), the PDF reader from a page's paths and text (page/content.ts).
 */
import type { Point, Primitive } from '../geometry/primitives.ts';

/** A text note (DXF TEXT or MTEXT, a line of PDF or OCR text) and where it sits, mm. */
export interface TextNote {
  /** Plain text (DXF codes decoded). */
  text: string;
  at: Point;
  layer: string;
  /** From a title block or a frame rather than from the drawing itself. */
  inTitleBlock: boolean;
  /** The entity's handle (DXF group 5), when the file gives it. */
  handle?: string;
  /** Where the note was read, for readings (the PDF reader's page position); default from `at`. */
  source?: string;
  /** 0..1 how sure the reading of its text is (OCR); 1 when absent. */
  confidence?: number;
}

/** What a dimension measures. */
export type DimensionKind = 'linear' | 'aligned' | 'angular' | 'diameter' | 'radius' | 'ordinate';

/**
 * A DIMENSION entity with its definition points in mm (the DXF group codes are named below; the PDF
 * reader fills the same fields from the dimension lines it finds).
 */
export interface DimensionNote {
  kind: DimensionKind;
  /** Linear/aligned: the two definition points (13, 14). Diameter: both ends (10, 15). Radius: centre (10) and a point on the arc (15). */
  p1: Point;
  p2: Point;
  /** Direction a linear dimension measures along, radians (group 50). */
  angleRad: number;
  /** Group 1 as written, decoded; '' when the measured value is shown as is. */
  written: string;
  /** The text of the dimension's block, decoded: what the CAD program displayed. */
  displayed?: string;
  /** Where the text sits, mm. */
  textAt?: Point;
  /**
   * The measured length is shown multiplied by this (a DXF dimension whose DIMLFAC differs from
   * the drawing's); 1 when absent.
   */
  measureFactor?: number;
  /** The entity's handle (DXF group 5), when the file gives it. */
  handle?: string;
  /** Where the dimension was read, for readings (the PDF reader's page position). */
  source?: string;
  /** 0..1 how sure the reading of its text is (OCR); 1 when absent. */
  confidence?: number;
  /**
   * The text as drawn carries its own diameter sign (a page reader writes Ø before every value
   * across a turned part's axis); when absent, `written` tells.
   */
  signWritten?: boolean;
  /**
   * The text was read by OCR: a value far from what its line measures, where the page's other
   * values agree with theirs, is a misreading rather than a size drawn out of scale.
   */
  ocr?: true;
}

/** Everything a reader gives the shared pipeline about one drawing, in mm. */
export interface DrawingContent {
  /** The part's visible geometry. */
  primitives: Primitive[];
  centreLines: Primitive[];
  hidden: Primitive[];
  /**
   * Section hatching (thin parallel lines across cut material), when the reader tells it apart:
   * a bore's edge in a section has hatching between it and the outline.
   */
  hatching?: Primitive[];
  notes: TextNote[];
  dimensions: DimensionNote[];
  /** Entities left out because a coordinate is not a number (a damaged file). */
  unreadable: number;
}
