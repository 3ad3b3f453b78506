/**
 * The neutral drawing model of the round-trip tests (sheet.ts builds it, dxf.ts and svg.ts write
 * it): curves with their line kind, hatches, notes with leaders, and dimensions with their
 * definition points, dimension-line position, extension lines, filled arrowheads and text.
 * Coordinates are drawing units (mm, or inch for inch drawings), y up, as in the DXF.
 *
 * Texts are held as pieces in plain Unicode (Ø, ±, °; a stacked tolerance as upper and lower)
 * and encoded for the DXF (%%c, \U+2205, \S…^…;) or the SVG by the writers, so one sheet gives
 * both files.
 */
import type { DrawingValue } from '#tests/helpers/blueprint-scoring';
import type { GeneratedPart, Units } from './parts.ts';
import { leaderStart, textWidth } from './annotations.ts';

/** A point in drawing units. */
export interface Point {
  x: number;
  y: number;
}

/**
 * How a curve is drawn: visible outlines thick; thread roots, leaders and dimension lines thin;
 * centre lines dash-dot (linetype CENTER); hidden edges dashed (linetype HIDDEN).
 */
export type LineKind = 'visible' | 'thin' | 'centre' | 'hidden' | 'dimension';

/** A polyline vertex; `bulge` (tan of a quarter of the arc's angle, + counter-clockwise) to the next. */
export interface Vertex extends Point {
  bulge?: number;
}

/** One curve of the drawing, drawing units; angles in degrees counter-clockwise from +x. */
export type SheetCurve =
  | { kind: 'line'; from: Point; to: Point; line: LineKind }
  | { kind: 'circle'; centre: Point; radius: number; line: LineKind }
  | { kind: 'arc'; centre: Point; radius: number; startDeg: number; endDeg: number; line: LineKind }
  | { kind: 'polyline'; vertices: Vertex[]; closed: boolean; line: LineKind };

/** Section hatching: a closed boundary filled with thin lines at `angleDeg`, `spacing` apart. */
export interface SheetHatch {
  boundary: Point[];
  angleDeg: number;
  spacing: number;
}

/** A run of text, or a stacked pair (a tolerance written as +0.1 over -0.2). */
export type TextPiece =
  | {
      text: string;
      /** The value a CAD program measures: written as `<>` in a measured dimension text. */
      measured?: boolean;
    }
  | { upper: string; lower: string };

/** A text on the sheet: lines of pieces, its cap height and rotation (degrees, CCW). */
export interface SheetText {
  at: Point;
  height: number;
  rotationDeg: number;
  /** TEXT notes sit on their baseline's left end; dimension texts are centred on `at`. */
  anchor: 'baselineLeft' | 'middleCentre';
  lines: TextPiece[][];
}

/** A note (material, tolerance, chamfer, thread) with the values it shows and an optional leader. */
export interface SheetNote {
  text: SheetText;
  /** From the text to the feature; the arrowhead is at the last point. */
  leader?: Point[];
  shows: DrawingValue[];
  /** One of the general notes under the drawing (material, general tolerance, scale). */
  general?: boolean;
}

/** A drawing frame with its title block: lines and the block's texts (labels and entries). */
export interface SheetFrame {
  curves: SheetCurve[];
  notes: SheetNote[];
}

/** A triangle, its tip first. */
export type Arrowhead = [Point, Point, Point];

/**
 * A DIMENSION: kind, definition points (linear: groups 13 and 14; diameter: the point on the
 * circle (15) and the opposite one (10); radius: centre (10) and point on the arc (15)), the
 * dimension line's position (group 10 of a linear one), the measured distance, what the CAD
 * program draws in its block (lines, arrowheads, text) and the values it shows.
 */
export interface SheetDimension {
  kind: 'linear' | 'diameter' | 'radius';
  /** Linear: the direction measured, degrees (0 horizontal, 90 vertical). */
  angleDeg: number;
  p1: Point;
  p2: Point;
  dimensionLine: Point;
  /** Distance between the definition points along the measured direction, drawing units. */
  measured: number;
  text: SheetText;
  /** Dimension line and extension lines. */
  lines: [Point, Point][];
  arrows: Arrowhead[];
  shows: DrawingValue[];
}

/** What a view builder gives: the part's curves and hatches, its notes and dimensions. */
export interface SheetContent {
  curves: SheetCurve[];
  hatches: SheetHatch[];
  notes: SheetNote[];
  dimensions: SheetDimension[];
  /** Values the drawing implies but does not write (an open chain's missing length). */
  derived: DrawingValue[];
}

/** Ø symbol as written in the DXF: %%c, ⌀ (U+2300), Ø (U+00D8) or the MTEXT code \U+2205. */
export type DiameterSymbol = '%%c' | 'U+2300' | 'U+00D8' | '\\U+2205';

/**
 * How a drawing is drawn and dimensioned. Turned-part fields are ignored for plates and the
 * plate field for turned parts.
 */
export interface DrawingStyle {
  /** Turned parts: full side view (bore hidden), half section, or side view with an end view. */
  view: 'side' | 'halfSection' | 'sideAndEnd';
  /** Turned parts: the axis in the drawing. */
  axis: 'horizontal' | 'vertical';
  /** Turned parts: a chain with the overall length, a chain missing one length, or baseline. */
  lengths: 'chained' | 'chainedOpen' | 'baseline';
  diameterSymbol: DiameterSymbol;
  /** Deviations inline (Ø20 +0.1/-0.2, Ø20±0.05), stacked (\S+0.1^-0.2;) or as limits (two lines). */
  toleranceForm: 'inline' | 'stacked' | 'limits';
  units: Units;
  /**
   * Where a dimension's text is: written out in group 1 (and in its block), measured (group 1
   * holds `<>` with prefix and suffix, the block the value), only in the block (group 1 empty),
   * or nowhere (group 1 `<>` with prefix and suffix, or empty, and no block: the value is what
   * the definition points measure times DIMLFAC, as written by programs that leave the block to
   * the reader).
   */
  dimensionText: 'explicit' | 'measured' | 'blockOnly' | 'measuredOnly';
  /**
   * The dimension scale: none; header $DIMLFAC 100 while the DIMSTYLE says 1; header and DIMSTYLE
   * 100 with each DIMENSION overriding it to 1 in XDATA; drawn at 2:1 with DIMLFAC 0.5 in the
   * DIMSTYLE only, or in the header as well.
   */
  dimensionScale: 'none' | 'headerDiffers' | 'xdataOverride' | 'drawn2to1' | 'drawn2to1Header';
  /** Turned parts: a thread written as a note on its diameter, or as the diameter's dimension text. */
  threadCallout: 'note' | 'dimension';
  /** Plates: thickness in a note, or dimensioned on a side view. */
  plateThickness: 'note' | 'sideView';
  /**
   * Plates: each pocket's depth in a note inside it ('DEPTH 4', the default), or only drawn as
   * its floor in the side view (with `plateThickness` 'sideView'): read by projection alone.
   */
  pocketDepth?: 'note' | 'sideViewOnly';
  /** The general notes as one TEXT each, one MTEXT each, or one MTEXT of several lines. */
  notesAs: 'text' | 'mtext' | 'oneMtext';
  /**
   * No frame; or a frame with a title block (holding the material) drawn as lines and texts in
   * model space, or inserted as a block.
   */
  frame: 'none' | 'lines' | 'block';
  /** 0–99: small choices (note wording, limits with a second Ø, empty or missing group 1). */
  variant: number;
}

/** The whole sheet: content, the style's DXF settings and the truth it shows, mm. */
export interface Sheet extends SheetContent {
  part: GeneratedPart;
  style: DrawingStyle;
  /** Drawing units per part unit: 2 for a part drawn at 2:1. */
  drawnScale: number;
  /** The DIMSTYLE: text height and arrow size (drawing units), decimals, DIMLFAC. */
  dimensionStyle: {
    name: string;
    textHeight: number;
    arrowSize: number;
    decimals: number;
    lengthFactor: number;
  };
  /** Frame and title block, when the style has one (drawing units, as the rest). */
  frame?: SheetFrame;
  /** Header $DIMLFAC, when written. */
  headerLengthFactor?: number;
  /** DIMLFAC each DIMENSION overrides in XDATA (ACAD DSTYLE), when written. */
  overrideLengthFactor?: number;
  /** Every value the sheet writes (dimensions, notes) and the derived ones, mm. */
  truth: DrawingValue[];
}

/** Turns a point a quarter turn counter-clockwise about the origin. */
const quarter = (p: Point): Point => ({ x: -p.y, y: p.x });

/** Keeps a text readable (rotation in (-90, 90]) after turning the view. */
const readable = (deg: number) => {
  const normal = ((deg % 360) + 360) % 360;
  return normal > 90 && normal <= 270 ? normal - 180 : normal;
};

/**
 * The content turned a quarter turn counter-clockwise (a turned part drawn with its axis
 * vertical): points, arc angles, dimension directions, and texts kept readable.
 */
export function turnQuarter(content: SheetContent): SheetContent {
  const curve = (c: SheetCurve): SheetCurve => {
    switch (c.kind) {
      case 'line':
        return { ...c, from: quarter(c.from), to: quarter(c.to) };
      case 'circle':
        return { ...c, centre: quarter(c.centre) };
      case 'arc':
        return {
          ...c,
          centre: quarter(c.centre),
          startDeg: c.startDeg + 90,
          endDeg: c.endDeg + 90,
        };
      case 'polyline':
        return { ...c, vertices: c.vertices.map((v) => ({ ...quarter(v), bulge: v.bulge })) };
    }
  };
  const text = (t: SheetText): SheetText => ({
    ...t,
    at: quarter(t.at),
    rotationDeg: readable(t.rotationDeg + 90),
  });
  return {
    curves: content.curves.map(curve),
    hatches: content.hatches.map((h) => ({
      ...h,
      boundary: h.boundary.map(quarter),
      angleDeg: h.angleDeg + 90,
    })),
    // Notes stay horizontal; a leader then starts where the text begins.
    notes: content.notes.map((n) => {
      const at = quarter(n.text.at);
      if (!n.leader) return { ...n, text: { ...n.text, at } };
      const leader = n.leader.map(quarter);
      const turned = { ...n.text, at };
      leader[0] = leaderStart(turned, leader.at(-1)!);
      return { ...n, text: turned, leader };
    }),
    dimensions: content.dimensions.map((d) => ({
      ...d,
      angleDeg: d.kind === 'linear' ? (d.angleDeg + 90) % 180 : d.angleDeg,
      p1: quarter(d.p1),
      p2: quarter(d.p2),
      dimensionLine: quarter(d.dimensionLine),
      text: text(d.text),
      lines: d.lines.map(([a, b]) => [quarter(a), quarter(b)] as [Point, Point]),
      arrows: d.arrows.map((a) => a.map(quarter) as Arrowhead),
    })),
    derived: content.derived,
  };
}

/** Bounding box of the content's curves, dimensions and texts, drawing units. */
export function extentOf(content: SheetContent): {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
} {
  const points: Point[] = [];
  for (const c of content.curves) {
    if (c.kind === 'line') points.push(c.from, c.to);
    else if (c.kind === 'polyline') points.push(...c.vertices);
    else
      points.push(
        { x: c.centre.x - c.radius, y: c.centre.y - c.radius },
        { x: c.centre.x + c.radius, y: c.centre.y + c.radius },
      );
  }
  for (const d of content.dimensions) {
    points.push(...d.lines.flat());
    const half = textWidth(d.text.lines, d.text.height) / 2 + d.text.height;
    points.push(
      { x: d.text.at.x - half, y: d.text.at.y - half },
      { x: d.text.at.x + half, y: d.text.at.y + half },
    );
  }
  for (const n of content.notes) {
    points.push(n.text.at, {
      x: n.text.at.x + textWidth(n.text.lines, n.text.height),
      y: n.text.at.y + n.text.height,
    });
  }
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return {
    minX: Math.min(...xs),
    minY: Math.min(...ys),
    maxX: Math.max(...xs),
    maxY: Math.max(...ys),
  };
}
