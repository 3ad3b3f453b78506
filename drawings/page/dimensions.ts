/**
 * Dimensions of a drawn page (a PDF page, or a traced raster): dimension lines found from their
 * arrowheads, the written callout of each, and the drawing scale that makes the drawn lengths
 * agree with the written ones. Page points, y down.
 */
import type { LinePrimitive, Point } from '../geometry/primitives.ts';
import type { Arrow } from './arrowheads.ts';
import { cross, dot } from '../geometry/plane.ts';
import { hasDiameterSign, parseLengthCallout } from '#cam/callouts';
import { sourceOfRun, type TextRun } from '../reading.ts';
import type { TextCallout } from '../text/describe.ts';
import {
  ambiguousValues,
  exchangeLines,
  writingCost,
  writtenSquare,
  type Pairing,
} from './attachment.ts';
import { boxesOverlap } from './crowded-texts.ts';

/** Millimetres per PDF point (1 pt = 1/72 in). */
export const MM_PER_PT = 25.4 / 72;

/** A dimension line between two arrow tips, page points. */
export interface DimensionLine {
  from: Point;
  to: Point;
  /** Unit vector from `from` to `to`. */
  direction: Point;
  lengthPt: number;
}

/** A dimension line with its written callout. */
export interface DrawnDimension {
  line: DimensionLine;
  callout: TextCallout;
  /**
   * Its text overlaps another value written on the page (crowded-texts.ts): which line it gives
   * is uncertain, so it has no vote on the drawing's scale.
   */
  crowded?: boolean;
  /**
   * Another value written over it could as well be this line's (attachment.ts
   * ambiguousValues): which size it gives cannot be told.
   */
  uncertain?: boolean;
}

/** The dimension line from one arrow tip to the other, page points. */
export function dimensionLine(from: Point, to: Point): DimensionLine {
  const lengthPt = Math.hypot(to.x - from.x, to.y - from.y);
  return {
    from,
    to,
    direction: { x: (to.x - from.x) / lengthPt, y: (to.y - from.y) / lengthPt },
    lengthPt,
  };
}

/**
 * Pairs arrowheads into dimension lines: two arrows pointing in opposite directions along one
 * line. Arrows pointing away from each other (|←→|) with a drawn line between their tips are
 * paired first; the rest pair as arrows pointing towards each other (→| |←, narrow dimensions).
 * In each round an arrow takes its nearest partner when it is that partner's nearest too.
 *
 * @param arrows - arrowheads of the page (sortPaths)
 * @param lines - the page's thin lines (dimension lines among them), page points
 * @returns one line per pair, from tip to tip
 */
export function pairArrows(arrows: Arrow[], lines: LinePrimitive[] = []): DimensionLine[] {
  const covered = (p: Point, direction: Point) =>
    lines.some((line) => {
      const d = { x: line.b.x - line.a.x, y: line.b.y - line.a.y };
      const length = Math.hypot(d.x, d.y);
      if (length < 1e-6 || Math.abs(cross(d, direction)) > 0.02 * length) return false;
      const t = dot({ x: p.x - line.a.x, y: p.y - line.a.y }, d) / (length * length);
      const off = Math.abs(cross(d, { x: p.x - line.a.x, y: p.y - line.a.y })) / length;
      return t >= 0 && t <= 1 && off <= 0.6;
    });
  const paired = new Set<number>();
  const out: DimensionLine[] = [];
  for (const inside of [true, false]) {
    const partnerOf = (i: number): number | undefined => {
      const a = arrows[i]!;
      let best: { j: number; distance: number } | undefined;
      arrows.forEach((b, j) => {
        if (j === i || paired.has(j) || dot(a.direction, b.direction) > -0.985) return;
        const v = { x: b.tip.x - a.tip.x, y: b.tip.y - a.tip.y };
        const along = dot(v, a.direction);
        // An arrowhead's direction is good to about a degree: allow for it on long lines.
        if (Math.abs(along) < 0.5 || Math.abs(cross(a.direction, v)) > 0.8 + 0.02 * Math.abs(along))
          return;
        // Away from each other: the partner lies behind the arrow, a line joins the tips (or
        // leaves each tip towards the other, when it is broken around its text).
        if (inside) {
          const middle = { x: (a.tip.x + b.tip.x) / 2, y: (a.tip.y + b.tip.y) / 2 };
          const inward = (tip: Point, sign: number) => ({
            x: tip.x + sign * 3 * a.direction.x,
            y: tip.y + sign * 3 * a.direction.y,
          });
          const joinedByLine =
            covered(middle, a.direction) ||
            (Math.abs(along) > 12 &&
              covered(inward(a.tip, -1), a.direction) &&
              covered(inward(b.tip, 1), a.direction));
          if (along > 0 || !joinedByLine) return;
        } else if (along < 0) {
          return;
        }
        if (!best || Math.abs(along) < best.distance) best = { j, distance: Math.abs(along) };
      });
      return best?.j;
    };
    const partners = arrows.map((_, i) => (paired.has(i) ? undefined : partnerOf(i)));
    partners.forEach((j, i) => {
      if (j === undefined || j < i || partners[j] !== i) return;
      paired.add(i).add(j);
      out.push(dimensionLine(arrows[i]!.tip, arrows[j]!.tip));
    });
  }
  return out;
}

/** A text box's height across its baseline (the smaller side), page points. */
const textHeight = (box: { width: number; height: number }) => Math.min(box.width, box.height);

/** Callout kinds that a straight dimension line measures. */
const LINEAR_KINDS = new Set<TextCallout['kind']>(['length', 'diameter']);

/** The drawing area inside a sheet's frame, page points (y down). */
export interface SheetArea {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Whether a text box's centre lies in the drawing area (anywhere when there is none). */
function inArea(box: { x: number; y: number; width: number; height: number }, area?: SheetArea) {
  if (!area) return true;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  return x >= area.minX && x <= area.maxX && y >= area.minY && y <= area.maxY;
}

/**
 * Text sizes beyond a line's end within which a value written square to the line may be its
 * value: ISO 129-1 writes a value along its dimension line (aligned system) or horizontally
 * (unidirectional system) in a break in the line or beside it, and outside a narrow dimension
 * just past its arrowhead; a value written square to the line far out in line with it (a length
 * above a view, straight over a diameter's dimension line) belongs to another line.
 */
const SQUARE_BEYOND_TEXTS = 3;

/**
 * How far a text box lies beside a dimension line (its gap from the line, plus 0.15 of how far
 * beyond an end it sits): undefined when too far to be its callout. Page points.
 *
 * @param angleDeg - the text's baseline, degrees counter-clockwise on the page, when known
 */
function besideScore(
  line: DimensionLine,
  box: { x: number; y: number; width: number; height: number },
  angleDeg?: number,
): number | undefined {
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const textSize = Math.max(2, Math.min(box.width, box.height));
  const v = { x: centre.x - line.from.x, y: centre.y - line.from.y };
  const along = dot(v, line.direction);
  const across = Math.abs(cross(line.direction, v));
  // Half the text box measured across the line: text written along it or square to it.
  const halfAcross =
    (Math.abs(line.direction.x) * box.height + Math.abs(line.direction.y) * box.width) / 2;
  const gap = Math.max(0, across - halfAcross);
  if (gap > 1.2 * textSize + 2) return undefined;
  const beyond = along < 0 ? -along : along > line.lengthPt ? along - line.lengthPt : 0;
  if (beyond > 25 * textSize) return undefined;
  if (angleDeg !== undefined && writtenSquare(line.direction, angleDeg)) {
    if (beyond > SQUARE_BEYOND_TEXTS * textSize) return undefined;
  }
  return gap + 0.15 * beyond;
}

/**
 * The written callout of each dimension line: the nearest length or diameter callout beside the
 * line (at most about a text height away from it), within its span or in line with it beyond
 * an end (text placed outside narrow dimensions). Each callout and each line is used once,
 * nearest pairs first; on a page whose text is placed as drawn (`byWriting`, a PDF page), a value
 * written upright is not a horizontal line's, two values exchange their lines when that costs
 * less, and two different values written over one another that could each be either line's are
 * marked `uncertain` (attachment.ts, decision 065).
 *
 * @param lines - dimension lines, page points
 * @param callouts - the page's callouts, boxes in page points
 * @param area - the sheet's drawing area inside its frame (content.ts sheetFrame), when it
 *   has one: text outside it (zone numbers and letters in the border) is no dimension's value
 * @param byWriting - whether to use the direction values are written in (false on a traced
 *   raster, whose OCR boxes and angles are rougher)
 */
export function attachCallouts(
  lines: DimensionLine[],
  callouts: TextCallout[],
  area?: SheetArea,
  misfit: Misfit = () => 0,
  byWriting = true,
): DrawnDimension[] {
  const candidates: { line: number; callout: number; score: number }[] = [];
  const scores = new Map<string, number>();
  callouts.forEach((callout, c) => {
    if (!LINEAR_KINDS.has(callout.kind) || !(callout.value > 0) || callout.count) return;
    if (!inArea(callout, area)) return;
    lines.forEach((line, l) => {
      const beside = besideScore(line, callout, callout.angleDeg);
      if (beside === undefined) return;
      const score =
        beside +
        misfit(line, callout.value) +
        (byWriting ? writingCost(line.direction, callout.angleDeg) : 0);
      candidates.push({ line: l, callout: c, score });
      scores.set(`${l} ${c}`, score);
    });
  });
  candidates.sort((a, b) => a.score - b.score);
  const usedLines = new Set<number>();
  const usedCallouts = new Set<number>();
  const pairs: Pairing[] = [];
  for (const candidate of candidates) {
    if (usedLines.has(candidate.line) || usedCallouts.has(candidate.callout)) continue;
    usedLines.add(candidate.line);
    usedCallouts.add(candidate.callout);
    pairs.push({ line: candidate.line, callout: candidate.callout });
  }
  const cost = (l: number, c: number) => scores.get(`${l} ${c}`);
  if (byWriting) exchangeLines(pairs, cost);
  const uncertain = byWriting
    ? ambiguousValues(
        pairs,
        cost,
        (a, b) => boxesOverlap(callouts[a]!, callouts[b]!),
        (a, b) => callouts[a]!.text === callouts[b]!.text,
        (a, b) => Math.min(textHeight(callouts[a]!), textHeight(callouts[b]!)),
      )
    : new Set<number>();
  return pairs.map(({ line, callout }) => ({
    line: lines[line]!,
    callout: callouts[callout]!,
    ...(uncertain.has(callout) ? { uncertain: true } : {}),
  }));
}

/** Units a length may be written with straight after its number ('875mm'). */
const GLUED_UNIT = /^(?:mm|cm|m|in|inch|inches)(?![A-Za-z])/i;

/**
 * Whether a text that starts with a number is a designation or a count rather than a length:
 * the number runs straight into letters other than a unit (a material '16MnCr5', a count '2x'
 * or '4X' whose size is written in the next run), or it is a count alone ('4 x').
 *
 * @param text - a text run, trimmed
 * @returns false for a length, with or without its unit and words ('875mm or longer', '12 THRU')
 */
export function isDesignation(text: string): boolean {
  if (/^[1-9]\d?\s*[x×]$/i.test(text)) return true;
  const glued = /^\d+(?:[.,]\d+)?([A-Za-z].*)$/.exec(text);
  return glued !== null && !GLUED_UNIT.test(glued[1]!);
}

/**
 * Callouts for dimension lines no callout was attached to, from the text runs beside them (and
 * not part of an attached callout) that start with a length: '875mm or longer (not to scale)' (a length with words around it, which
 * the callout finder leaves as a note). OCR's stray underscores are dropped first. Each run is
 * used once, nearest first; the values are in mm (parseLengthCallout, drawing units mm unless
 * `units` says inch).
 *
 * @param lines - every dimension line of the page
 * @param attached - the lines' callouts found so far (attachCallouts)
 * @param runs - the page's text runs, page points
 * @param units - the drawing's units, for numbers written without one
 * @param area - the sheet's drawing area, when it has one (as for attachCallouts)
 * @returns the further lines with their callouts (kind 'length', qualifier kept)
 */
export function calloutsFromRuns(
  lines: DimensionLine[],
  attached: DrawnDimension[],
  runs: TextRun[],
  units: 'mm' | 'inch' = 'mm',
  area?: SheetArea,
  misfit: Misfit = () => 0,
  byWriting = true,
): DrawnDimension[] {
  const free = lines.filter((line) => !attached.some((d) => d.line === line));
  const candidates: { line: DimensionLine; run: TextRun; text: string; score: number }[] = [];
  const usedByCallout = (run: TextRun) =>
    attached.some(({ callout: c }) => {
      const x = run.x + run.width / 2;
      const y = run.y + run.height / 2;
      return x >= c.x && x <= c.x + c.width && y >= c.y && y <= c.y + c.height;
    });
  for (const run of runs) {
    if (usedByCallout(run) || !inArea(run, area)) continue;
    const text = run.text.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
    if (!/^\d/.test(text) || !parseLengthCallout(text, units)) continue;
    // A counted feature callout ('4x ⌀5.5', '2 x M6') or a diameter is no length: its count
    // would be taken for one; nor is a designation ('16MnCr5', '2x' whose size is the next run).
    if (/^\d+\s*[x×]\s*\D/i.test(text) || hasDiameterSign(text) || isDesignation(text)) continue;
    // An angle ('90°', a countersink's on a line of its own) is no length either.
    if (/^\d+(?:[.,]\d+)?\s*°/.test(text)) continue;
    const valueMm = parseLengthCallout(text, units)!.valueMm;
    for (const line of free) {
      const score = besideScore(line, run, run.angleDeg);
      if (score !== undefined)
        candidates.push({
          line,
          run,
          text,
          score:
            score +
            misfit(line, valueMm) +
            (byWriting ? writingCost(line.direction, run.angleDeg) : 0),
        });
    }
  }
  candidates.sort((a, b) => a.score - b.score);
  const used = new Set<unknown>();
  const out: DrawnDimension[] = [];
  for (const { line, run, text } of candidates) {
    if (used.has(line) || used.has(run)) continue;
    used.add(line).add(run);
    const parsed = parseLengthCallout(text, units)!;
    out.push({
      line,
      callout: {
        kind: 'length',
        text,
        value: parsed.valueMm,
        ...(parsed.tolerance ? { tolerance: parsed.tolerance } : {}),
        ...(parsed.qualifier ? { qualifier: parsed.qualifier } : {}),
        page: run.page,
        x: run.x,
        y: run.y,
        width: run.width,
        height: run.height,
        angleDeg: run.angleDeg,
        confidence: run.confidence,
        source: sourceOfRun(run),
      },
    });
  }
  return out;
}

/**
 * How badly a written value fits a dimension line, added to its distance from the line when
 * callouts are attached (page points): 0 for any pair when the drawing's scale is unknown.
 */
export type Misfit = (line: DimensionLine, valueMm: number) => number;

/** What a value that does not measure its line at the drawing's scale costs (page points). */
const MISFIT_PT = 1000;

/**
 * The misfit of a drawing drawn to scale: a value whose line measures it (within 5 %) at
 * `ratio`, or half of it (a diameter drawn from the axis in a half section), costs nothing; any
 * other value costs {@link MISFIT_PT}, so that a nearer text of another size ('0.1875', a
 * step's length, beside the line of the step's Ø0.5) loses the line to the text it measures,
 * and takes a line of its own size. Such pairs are still made when no better text is left (a
 * line shortened by a break).
 * @param ratio - drawn size / true size
 */
export function scaleMisfit(ratio: number): Misfit {
  return (line, valueMm) => {
    const measured = (line.lengthPt * MM_PER_PT) / (valueMm * ratio);
    const fits = Math.abs(measured - 1) <= 0.05 || Math.abs(measured - 0.5) <= 0.025;
    return fits ? 0 : MISFIT_PT;
  };
}

/**
 * Standard drawing scales (ISO 5455: 1:1, enlargements 2, 5, 10, 20, 50:1, reductions 1:2, 1:5,
 * 1:10…, plus 1:2.5, 1:4 and 2.5:1, 4:1 still in use), as drawn size / true size.
 */
export const STANDARD_SCALES = [
  1,
  2,
  2.5,
  4,
  5,
  10,
  20,
  50,
  1 / 2,
  1 / 2.5,
  1 / 4,
  1 / 5,
  1 / 10,
  1 / 20,
  1 / 50,
  1 / 100,
];

/** The scale the drawing is drawn at, and how many dimensions agree with it. */
export interface ScaleVerdict {
  /** Drawn size / true size. */
  ratio: number;
  /** Dimensions whose drawn length matches their written value at this scale (within 2 %). */
  agreeing: number;
  /** Dimensions compared. */
  compared: number;
  from: 'title block' | 'dimensions' | 'assumed';
}

/**
 * The drawing scale: the standard scale at which most dimension lines measure what is written
 * on them (within 2 %); a value written over another (`crowded`) has no vote. A scale written in the title block wins unless the dimensions clearly
 * say otherwise (more than half of them agree on another scale and none on the written one).
 *
 * @param dimensions - dimension lines with their callouts (values in mm)
 * @param written - the scale written on the drawing, drawn / true
 */
export function inferScale(dimensions: DrawnDimension[], written?: number): ScaleVerdict {
  const votes = (ratio: number) =>
    dimensions.filter((d) => {
      if (d.crowded || d.uncertain) return false;
      const drawnMm = d.line.lengthPt * MM_PER_PT;
      return Math.abs(drawnMm / (d.callout.value * ratio) - 1) <= 0.02;
    }).length;
  let best: { ratio: number; agreeing: number } | undefined;
  for (const ratio of STANDARD_SCALES) {
    const agreeing = votes(ratio);
    if (agreeing > 0 && (!best || agreeing > best.agreeing)) best = { ratio, agreeing };
  }
  const compared = dimensions.length;
  if (written !== undefined && written > 0) {
    const agreeing = votes(written);
    if (!best || agreeing > 0 || best.agreeing <= compared / 2) {
      return { ratio: written, agreeing, compared, from: 'title block' };
    }
  }
  if (best) return { ...best, compared, from: 'dimensions' };
  return { ratio: 1, agreeing: 0, compared, from: 'assumed' };
}
