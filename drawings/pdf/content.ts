/**
 * A read PDF page as the drawing content the shared pipeline takes (describe/drawing.ts
 * describeDrawing): outlines, centre and hidden lines in true millimetres (the page divided by
 * the drawing scale, y up), text lines as notes with title block entries marked, and the
 * dimension lines with their written callouts as dimensions.
 */
import { startsWithDiameterSign } from '#cam/callouts';
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
import { boxOf, diagonal, dropFrames, groupViews, unionBox, type Box } from '../geometry/shapes.ts';
import { MM_PER_PT, type DrawnDimension } from './dimensions.ts';
import { sourceOfCallout } from './merge.ts';
import type { PageReading } from './page.ts';
import type { TextRun } from '../reading.ts';
import { normalizeOcrCallout } from '../text/ocr.ts';

/** A line of text: runs on one baseline, close together. Page points, y down. */
export interface TextLineRun {
  text: string;
  box: Box;
  runs: TextRun[];
}

/**
 * Joins runs into lines of text: same direction, baselines within a third of the text height,
 * gaps under the text height. Runs are taken left to right (bottom to top for rotated text).
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
 * Title blocks and tables of a page: groups of outline geometry made only of axis-parallel
 * lines with three or more text lines inside (after the sheet frame is set aside).
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
  return views
    .filter((view) =>
      view.primitives.every(
        (p) =>
          p.kind === 'line' && (Math.abs(p.a.x - p.b.x) < 0.05 || Math.abs(p.a.y - p.b.y) < 0.05),
      ),
    )
    .filter((view) => centres.filter((c) => inside(c, view.box)).length >= 3)
    .map((view) => view.box);
}

/**
 * Sheet frame and border lines: axis-parallel lines at least 40 % of the sheet long that run
 * within 12 % of the sheet's edge. A part outline that long sits inside the drawing area.
 */
export function isSheetFrame(p: Primitive, widthPt: number, heightPt: number): boolean {
  if (p.kind !== 'line') return false;
  const { a, b } = p;
  if (Math.abs(a.y - b.y) < 0.5 && Math.abs(a.x - b.x) >= 0.4 * widthPt) {
    return Math.min(a.y, heightPt - a.y) <= 0.12 * heightPt;
  }
  if (Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) >= 0.4 * heightPt) {
    return Math.min(a.x, widthPt - a.x) <= 0.12 * widthPt;
  }
  return false;
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
 * Text that is no note: the written value of a dimension line (its callout's box holds the
 * line's centre) or bare numbers, tolerances and balloons ('1', '4x', '+0.026', '2.').
 */
function isDimensionText(line: TextLineRun, dimensions: DrawnDimension[]): boolean {
  if (/^[\s\d.,+\-±°xX×()/:;Ø⌀]*$/.test(line.text)) return true;
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
  const part = reading.drawing.part.filter((p) => !isSheetFrame(p, widthPt, heightPt));
  const tables = tableBoxes(part, lines);
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
    if (!inTitleBlock && isDimensionText(line, dimensions)) return [];
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
    centreLines: toMm(reading.drawing.centre),
    hidden: toMm(reading.drawing.hidden),
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
    const written =
      across && !startsWithDiameterSign(callout.text) ? `Ø${callout.text}` : callout.text;
    return {
      kind: across ? 'diameter' : 'linear',
      p1,
      p2,
      angleRad,
      written,
      textAt: apply(m, { x: callout.x + callout.width / 2, y: callout.y + callout.height / 2 }),
      source: sourceOfCallout(callout, ocr),
      confidence: callout.confidence,
    };
  });
}
