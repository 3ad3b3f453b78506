/**
 * A read page (a PDF page, or a traced raster) as the drawing content the shared pipeline takes
 * (describe/drawing.ts describeDrawing): outlines, centre and hidden lines in true millimetres
 * (the page divided by the drawing scale, y up), text lines as notes with title block entries
 * marked, and the dimension lines with their written callouts as dimensions.
 */
import { parseChamferCallout, startsWithDiameterSign } from '#cam/callouts';
import { countPrefix } from '#contracts/written-numbers';
import type { Axis } from '../describe/axis.ts';
import type { DimensionNote, DrawingContent, TextNote } from '../describe/content.ts';
import {
  apply,
  multiply,
  scale,
  transformPrimitive,
  translate,
  type Matrix,
  type Point,
  type Primitive,
} from '../geometry/primitives.ts';
import { coveredLength, dropFrames, isTable } from '../geometry/frames.ts';
import {
  boxOf,
  closedLoops,
  diagonal,
  groupViews,
  heightOf,
  unionBox,
  widthOf,
  type Box,
} from '../geometry/shapes.ts';
import { MM_PER_PT, type DrawnDimension } from './dimensions.ts';
import { sourceOfCallout } from './merge.ts';
import type { PageReading } from './reading.ts';
import type { TextRun } from '../reading.ts';
import { startsAnotherCallout } from '../text/lines.ts';
import { normalizeOcrCallout } from '../text/ocr.ts';

/** A line of text: runs on one baseline, close together. Page points, y down. */
export interface TextLineRun {
  text: string;
  box: Box;
  runs: TextRun[];
}

/**
 * Joins runs into lines of text: same direction, baselines within a third of the text height,
 * gaps under the text height, and not a run that begins another callout (a corner's 'R2' beside
 * a hole's '⌀11': text/lines.ts startsAnotherCallout). Runs are taken left to right (bottom to
 * top for rotated text).
 */
export function textLines(runs: TextRun[]): TextLineRun[] {
  const horizontal = (run: TextRun) => Math.abs(run.angleDeg) < 45 || Math.abs(run.angleDeg) > 135;
  const sorted = [...runs].sort((a, b) => (horizontal(a) ? a.x - b.x : b.y - a.y));
  const lines: { runs: TextRun[]; box: Box; horizontal: boolean }[] = [];
  for (const run of sorted) {
    const flat = horizontal(run);
    const size = flat ? run.height : run.width;
    const box = { minX: run.x, minY: run.y, maxX: run.x + run.width, maxY: run.y + run.height };
    const line = lines.find((l) => {
      if (l.horizontal !== flat) return false;
      if (startsAnotherCallout(l.runs.map((r) => r.text).join(' '), run.text)) return false;
      if (flat) {
        const baseline = Math.abs(l.box.maxY - box.maxY) <= size / 3;
        return baseline && box.minX - l.box.maxX <= size && box.minX >= l.box.minX;
      }
      const baseline = Math.abs(l.box.maxX - box.maxX) <= size / 3;
      return baseline && l.box.minY - box.maxY <= size && box.maxY <= l.box.maxY;
    });
    if (line) {
      line.runs.push(run);
      line.box = unionBox([line.box, box]);
    } else {
      lines.push({ runs: [run], box, horizontal: flat });
    }
  }
  return lines.map((l) => ({
    text: l.runs.map((r) => r.text).join(' '),
    box: l.box,
    runs: l.runs,
  }));
}

const inside = (p: Point, box: Box) =>
  p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY;

/**
 * Title blocks and tables of a page (geometry/frames.ts isTable): groups of outline geometry
 * ruled square to the sheet with three or more text lines inside (after the sheet frame is set
 * aside).
 */
export function tableBoxes(part: Primitive[], lines: TextLineRun[]): Box[] {
  const centres = lines.map((l) => ({
    x: (l.box.minX + l.box.maxX) / 2,
    y: (l.box.minY + l.box.maxY) / 2,
  }));
  const notes: TextNote[] = centres.map((at, i) => ({
    text: lines[i]!.text,
    at,
    layer: 'pdf',
    inTitleBlock: false,
  }));
  const framed = dropFrames(part, notes);
  if (framed.length === 0) return [];
  const all = unionBox(framed.map(boxOf));
  const views = groupViews(framed, Math.max(0.5, 0.005 * diagonal(all)));
  return views.filter((view) => isTable(view, centres, 0.05)).map((view) => view.box);
}

/**
 * Lines within this much of one coordinate are one border line (a scan's pieces), points; what
 * lies within twice this of the drawing area's edge (the frame's corners) is frame too.
 */
const BORDER_ALIGN_PT = 1;

/** A sheet's frame spans at least this share of the sheet each way. */
const FRAME_SPAN = 0.75;

/**
 * Sheet frame and border lines: axis-parallel lines within 12 % of the sheet's edge that, with
 * the other pieces on the same line, cover at least 40 % of the sheet. A border is often drawn
 * in pieces (a scan's zone marks cut it at every tick; some CAD programs draw it per zone); a
 * part outline that long sits inside the drawing area. When such lines run along all four sides,
 * the innermost of them bound the drawing area: what lies outside it (zone marks and their
 * numbers' ticks, trim marks) is not part of any view. A closed outline that does not span
 * the sheet both ways (a part's, on a page cut close to its view) gives no border line.
 *
 * @param part - the page's outline primitives, points, y down
 * @returns the frame and border lines, and the drawing area inside them when all four sides
 *   have one
 */
export function sheetFrame(
  part: Primitive[],
  widthPt: number,
  heightPt: number,
): { lines: Set<Primitive>; area?: Box } {
  const lines = new Set<Primitive>();
  const inner: number[] = [];
  // A closed outline that does not span the sheet both ways is a part's, however close to the
  // edge (a page cut to its view): its edges are no border. A frame spans both (ISO 5457's A4
  // frame 180 x 277 mm on 210 x 297 mm, 86 % and 93 %).
  const outlines = new Set(
    closedLoops(part, BORDER_ALIGN_PT)
      .filter(
        (loop) =>
          widthOf(loop.box) < FRAME_SPAN * widthPt || heightOf(loop.box) < FRAME_SPAN * heightPt,
      )
      .flatMap((loop) => loop.primitives),
  );
  for (const horizontal of [true, false]) {
    const across = horizontal ? heightPt : widthPt;
    const along = horizontal ? widthPt : heightPt;
    const pieces = part
      .filter(
        (p): p is Extract<Primitive, { kind: 'line' }> => p.kind === 'line' && !outlines.has(p),
      )
      .map((line) => {
        const [a, b] = horizontal ? [line.a.y, line.b.y] : [line.a.x, line.b.x];
        const [from, to] = horizontal ? [line.a.x, line.b.x] : [line.a.y, line.b.y];
        return {
          line,
          at: (a + b) / 2,
          skew: Math.abs(a - b),
          from: Math.min(from, to),
          to: Math.max(from, to),
        };
      })
      .filter((p) => p.skew < 0.5 && Math.min(p.at, across - p.at) <= 0.12 * across)
      .sort((p, q) => p.at - q.at);
    let low = -Infinity;
    let high = Infinity;
    for (let start = 0; start < pieces.length;) {
      let end = start + 1;
      while (end < pieces.length && pieces[end]!.at - pieces[end - 1]!.at <= BORDER_ALIGN_PT) end++;
      const group = pieces.slice(start, end);
      if (coveredLength(group) >= 0.4 * along) {
        for (const piece of group) lines.add(piece.line);
        const at = group.reduce((sum, p) => sum + p.at, 0) / group.length;
        if (at < across / 2) low = Math.max(low, at);
        else high = Math.min(high, at);
      }
      start = end;
    }
    inner.push(low, high);
  }
  const [minY, maxY, minX, maxX] = inner as [number, number, number, number];
  const closed = [minY, maxY, minX, maxX].every(Number.isFinite);
  return closed ? { lines, area: { minX, minY, maxX, maxY } } : { lines };
}

/** Hatch lines run at 15° to 75° from the sheet's edges (ISO 128-50: 45° preferred). */
const HATCH_MIN_DEG = 15;
/** Lines of one hatch pattern are parallel within this many degrees. */
const HATCH_PARALLEL_DEG = 2;
/** A hatch pattern has at least this many lines. */
const HATCH_MIN_LINES = 4;

/**
 * A line's direction in degrees (0 to 180) when it runs at a slant a hatch line may have (15° to
 * 75° from the sheet's edges), else undefined.
 */
export function slantDeg(line: { a: Point; b: Point }): number | undefined {
  const deg =
    ((((Math.atan2(line.b.y - line.a.y, line.b.x - line.a.x) * 180) / Math.PI) % 180) + 180) % 180;
  return Math.min(deg % 90, 90 - (deg % 90)) >= HATCH_MIN_DEG ? deg : undefined;
}

/**
 * Section hatching among a page's thin lines: groups of at least four parallel lines at a slant
 * (15° to 75°); dimension and extension lines run square to the sheet, and leaders are few and
 * seldom parallel.
 *
 * @param thin - the page's thin solid lines (PageDrawing.thin), points
 * @returns the lines that belong to a hatch pattern
 */
export function hatchingOf(thin: Primitive[]): Primitive[] {
  const slanted = thin
    .filter((p): p is Extract<Primitive, { kind: 'line' }> => p.kind === 'line')
    .flatMap((line) => {
      const deg = slantDeg(line);
      return deg === undefined ? [] : [{ line, deg }];
    })
    .sort((a, b) => a.deg - b.deg);
  // Sorted by angle: a line's parallels are its neighbours in the list.
  const hatching: Primitive[] = [];
  let low = 0;
  let high = 0;
  for (const { line, deg } of slanted) {
    while (slanted[low]!.deg < deg - HATCH_PARALLEL_DEG) low++;
    while (high < slanted.length && slanted[high]!.deg <= deg + HATCH_PARALLEL_DEG) high++;
    if (high - low >= HATCH_MIN_LINES) hatching.push(line);
  }
  return hatching;
}

/** Page points (y down) → true mm (y up) at a drawing scale. */
export function pageToMm(heightPt: number, ratio: number): Matrix {
  const k = MM_PER_PT / ratio;
  return multiply(scale(k, -k), translate(0, -heightPt));
}

/** 'page 1 at 120, 85 pt (PDF text "…")' / '… (OCR "…", 91%)' for a line of text. */
function sourceOfLine(line: TextLineRun, ocr: boolean): string {
  const first = line.runs[0]!;
  const text = line.text.replace(/\s+/g, ' ').trim().slice(0, 40);
  const how = ocr
    ? `OCR "${text}", ${Math.round(Math.min(...line.runs.map((r) => r.confidence)) * 100)}%`
    : `PDF text "${text}"`;
  return `page ${first.page} at ${Math.round(line.box.minX)}, ${Math.round(line.box.minY)} pt (${how})`;
}

/**
 * A hole callout with its count ('4x⌀6.6', '2 X Ø9', ISO 129-1): a note on a leader, not a bare
 * number, though written with the same characters.
 */
function isCountedDiameter(text: string): boolean {
  const counted = countPrefix(text, 'hole');
  return counted !== undefined && /^[Ø⌀]\s*(?:\d|[.,]\d)/.test(counted.rest);
}

/**
 * Text that is no note: the written value of a dimension line (its callout's box holds the
 * line's centre) or bare numbers, tolerances and balloons ('1', '4x', '+0.026', '2.'); a
 * counted hole callout not on a dimension line ('4x⌀6.6' on a leader) is a note.
 *
 * @param line - a line of the page's text (page points)
 * @param dimensions - the page's dimension lines with their callouts
 */
export function isDimensionText(line: TextLineRun, dimensions: DrawnDimension[]): boolean {
  if (inDimensionCallout(line, dimensions)) return true;
  return /^[\s\d.,+\-±°xX×()/:;Ø⌀]*$/.test(line.text) && !isCountedDiameter(line.text);
}

/** Whether a text is a chamfer's callout with its angle ('1.5x45°', '45° x 1.5'). */
function isChamfer(text: string): boolean {
  return /°/.test(text) && parseChamferCallout(normalizeOcrCallout(text)) !== undefined;
}

/** Whether a text line sits in the callout of one of the page's drawn dimensions. */
function inDimensionCallout(line: TextLineRun, dimensions: DrawnDimension[]): boolean {
  const cx = (line.box.minX + line.box.maxX) / 2;
  const cy = (line.box.minY + line.box.maxY) / 2;
  return dimensions.some(
    ({ callout: c }) => cx >= c.x && cx <= c.x + c.width && cy >= c.y && cy <= c.y + c.height,
  );
}

/** A page as drawing content, with what the shared pipeline needs besides (DrawingHints). */
export interface PageContent {
  content: DrawingContent;
  /** Directions (radians, mm frame) of the dimension lines written with Ø. */
  diameterDirections: number[];
  /** The dimension notes once the axis of a turned part is known (see dimensionNotes). */
  dimensionsFor: (axis: Axis | undefined) => DimensionNote[];
  /** A point in true mm back on the page, in points (y down). */
  toPage: (point: Point) => Point;
}

/**
 * The page as drawing content for describeDrawing.
 *
 * @param reading - the read page
 * @param dimensions - its dimension lines with their callouts
 * @param ratio - the drawing scale (drawn / true)
 * @returns content in true mm (geometry inside tables and title blocks left out; text lines as
 *   notes, dimension texts and bare numbers left out of them), the directions of Ø dimensions,
 *   and the dimensions as notes for a given axis: across the axis of a turned part they are
 *   diameter dimensions (matched to the profile by size), the others linear dimensions between
 *   the arrow tips
 */
export function pageContent(
  reading: PageReading,
  dimensions: DrawnDimension[],
  ratio: number,
): PageContent {
  const m = pageToMm(reading.geometry.heightPt, ratio);
  const lines = textLines(reading.runs);
  const { widthPt, heightPt } = reading.geometry;
  const frame = sheetFrame(reading.drawing.part, widthPt, heightPt);
  const inArea = (p: Primitive) => {
    if (!frame.area) return true;
    const b = boxOf(p);
    const { minX, minY, maxX, maxY } = frame.area;
    const m = BORDER_ALIGN_PT * 2;
    return b.maxX > minX + m && b.minX < maxX - m && b.maxY > minY + m && b.minY < maxY - m;
  };
  const part = reading.drawing.part.filter((p) => !frame.lines.has(p) && inArea(p));
  // A side view's diameters are written inside its outline: a dimension's text is no table's.
  const tables = tableBoxes(
    part,
    lines.filter((line) => !inDimensionCallout(line, dimensions)),
  );
  const inTable = (p: Primitive) => {
    const b = boxOf(p);
    return tables.some(
      (t) =>
        b.minX >= t.minX - 0.5 &&
        b.maxX <= t.maxX + 0.5 &&
        b.minY >= t.minY - 0.5 &&
        b.maxY <= t.maxY + 0.5,
    );
  };
  const toMm = (list: Primitive[]) =>
    list.filter((p) => !inTable(p)).flatMap((p) => transformPrimitive(p, m));
  const notes: TextNote[] = lines.flatMap((line) => {
    const centre = {
      x: (line.box.minX + line.box.maxX) / 2,
      y: (line.box.minY + line.box.maxY) / 2,
    };
    const inTitleBlock = tables.some((t) => inside(centre, t));
    // A traced page's chamfer callout ('1.5x45°' on a leader) gives the size its lines measure
    // no closer than they are wide: kept as a note, whose size the reading takes.
    const chamferNote =
      reading.ocr && !inDimensionCallout(line, dimensions) && isChamfer(line.text);
    if (!inTitleBlock && !chamferNote && isDimensionText(line, dimensions)) return [];
    return [
      {
        // OCR'd pages: the same corrections of OCR confusions as the text reader makes.
        text: reading.ocr ? normalizeOcrCallout(line.text) : line.text,
        at: apply(m, { x: line.box.minX, y: line.box.maxY }),
        layer: 'pdf',
        inTitleBlock,
        source: sourceOfLine(line, reading.ocr),
        confidence: Math.min(...line.runs.map((r) => r.confidence)),
      },
    ];
  });
  const content: DrawingContent = {
    primitives: toMm(part),
    centreLines: toMm(reading.drawing.centre.filter(inArea)),
    hidden: toMm(reading.drawing.hidden.filter(inArea)),
    hatching: toMm(hatchingOf(reading.drawing.thin.filter(inArea))),
    notes,
    dimensions: dimensionNotes(dimensions, m, undefined, reading.ocr),
    unreadable: 0,
  };
  const diameterDirections = dimensions
    .filter((d) => d.callout.kind === 'diameter')
    .map((d) => {
      const p1 = apply(m, d.line.from);
      const p2 = apply(m, d.line.to);
      return Math.atan2(p2.y - p1.y, p2.x - p1.x);
    });
  const k = MM_PER_PT / ratio;
  return {
    content,
    diameterDirections,
    dimensionsFor: (axis) => dimensionNotes(dimensions, m, axis, reading.ocr),
    toPage: (p) => ({ x: p.x / k, y: heightPt - p.y / k }),
  };
}

/** Dimension notes in mm; across the axis of a turned part they are diameters. */
function dimensionNotes(
  dimensions: DrawnDimension[],
  m: Matrix,
  axis: Axis | undefined,
  ocr: boolean,
): DimensionNote[] {
  return dimensions.map(({ line, callout }) => {
    const p1 = apply(m, line.from);
    const p2 = apply(m, line.to);
    const angleRad = Math.atan2(p2.y - p1.y, p2.x - p1.x);
    const along = axis ? Math.abs(axis.horizontal ? Math.cos(angleRad) : Math.sin(angleRad)) : 1;
    const across = callout.kind === 'diameter' || (axis !== undefined && along < 0.2);
    // The sign goes before the size, after a count of features ('2x 19,9' → '2x Ø19,9').
    const counted = countPrefix(callout.text);
    const written =
      across && !startsWithDiameterSign(callout.text)
        ? counted
          ? `${counted.prefix}Ø${counted.rest}`
          : `Ø${callout.text}`
        : callout.text;
    return {
      kind: across ? 'diameter' : 'linear',
      p1,
      p2,
      angleRad,
      written,
      signWritten: startsWithDiameterSign(callout.text),
      textAt: apply(m, { x: callout.x + callout.width / 2, y: callout.y + callout.height / 2 }),
      source: sourceOfCallout(callout, ocr),
      confidence: callout.confidence,
      ...(ocr ? { ocr: true as const } : {}),
    };
  });
}
