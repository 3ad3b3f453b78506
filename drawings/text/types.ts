/**
 * Shapes shared by the text reader (text/*.ts): what positioned text runs say before they become
 * a description. Re-exported by describe.ts, where callers import them from.
 */
import type { PageFrame } from '../reading.ts';
import type { LineBox } from './stacked-lines.ts';

export interface TextDescribeContext {
  fileName: string;
  /** 'PDF', 'JPG image' or 'PNG image', for the overview and source. */
  kind: string;
  frames: PageFrame[];
}

/** A value found in the text, with where it came from. */
export interface FoundText {
  text: string;
  confidence: number;
  /** As sourceOfRun() words it. */
  source: string;
}

export type CalloutKind =
  'diameter' | 'radius' | 'length' | 'chamfer' | 'thread' | 'angle' | 'roughness';

/**
 * One dimension callout assembled from one or more runs ('Ø15.95', '+0.026', '-0.026'), with the
 * box around all its runs (LineBox: in the page's units, y down) and its baseline's angle.
 */
export interface TextCallout extends LineBox {
  kind: CalloutKind;
  /** The callout as assembled and normalized: 'Ø15.95 +0.026/-0.026', '0.3 x 45°', 'M8'. */
  text: string;
  /** Main value in mm (diameter, radius, length, chamfer leg, thread major diameter) or degrees (angle) or µm (roughness). */
  value: number;
  tolerance?: { upperMm: number; lowerMm: number };
  fit?: string;
  /** How many features it applies to: '4x Ø6.6' → 4. */
  count?: number;
  confidence: number;
  source: string;
  /** Chamfers: the angle in degrees ('0.3 x 45°' → 45). */
  chamferAngleDeg?: number;
  /** Threads: the designation ('M8', 'M3x0.5', '7/16"-20 UNF'). */
  thread?: string;
  /** Words written with the value: 'Centered', 'Max.', 'Gewinde durchgehend'. */
  qualifier?: string;
  /** 'Typ.' / 'typical' written with or just below the callout. */
  typical?: boolean;
  /** A reference dimension in parentheses ('(25,5)'): not to be machined to. */
  reference?: boolean;
  /** The callout names a hole or bore: an ISO 286 hole fit (H7), 'bore', 'I.D.', 'THRU', a hole count. */
  holeHint?: boolean;
  /** Numbers written after the main value that the reader could not name ('4 x Ø11 20': [20]). */
  extraValues?: number[];
  /** True when the value is a diameter because of where or how it is written, not a Ø sign. */
  inferred?: boolean;
  /** Holes and tapped holes: 'thru', 'through', 'durchgehend' is written with the callout. */
  through?: boolean;
  /**
   * Holes: the counterbore written on the line below the hole's size ('4 x Ø11' over
   * 'Ø18 ↧12', the Ø and ↧ glyphs often lost in the PDF text): diameter and depth in mm.
   */
  counterbore?: { diameterMm: number; depthMm?: number; text: string };
  /**
   * Holes: the countersink written with the hole's size ('Ø6.6 ⌵Ø12 x 90°', 'CSK Ø12 x 90°') or
   * on the line below it (ISO 15786 / ASME Y14.5): the cone's diameter at the top face in mm and
   * its included angle in degrees (90 when not written). A line that writes only a countersink
   * and stands under no hole callout keeps it with the countersink's diameter as its value.
   */
  countersink?: { diameterMm: number; angleDeg: number; text: string };
}

/** What a drawing's title block and general notes say. */
export interface TitleBlockFindings {
  material?: FoundText;
  partName?: FoundText;
  drawingNumber?: FoundText;
  /** Drawing scale: 'SCALE 2:1' → ratio 2 (drawn size / true size). */
  scale?: FoundText & { ratio: number };
  /** 'All dimensions in millimeters' / inches. */
  units?: FoundText & { units: 'mm' | 'inch' };
  generalTolerance?: FoundText;
  /** Revision index written with its label: 'REV E', 'Rev. 3'. */
  revision?: FoundText;
  /** 'first angle' or 'third angle', from the projection note or symbol's words. */
  projection?: FoundText;
  /** The title block's other cells worth keeping ('Troy Sankey', 'SHEET 1 OF 1'), as written. */
  otherCells?: FoundText[];
}

/** What the text of a drawing says, before it becomes a description. */
export interface TextFindings extends TitleBlockFindings {
  roughness?: FoundText & { raUm: number };
  callouts: TextCallout[];
  /** Notes that are not callouts or title block entries, as written. */
  notes: FoundText[];
  /** The drawing has a section view ('SECTION A-A', 'A-A', 'SCHNITT B-B'). */
  sectionView?: boolean;
  /** Edge notes such as 'Break Edge (0.2 x 45° Max.)' or 'DEBURR AND BREAK SHARP EDGES'. */
  edgeNotes?: FoundText[];
}
