/**
 * Section hatching traced as outline. A scan's hatch lines run at a slant, where a line's traced
 * width measures wider than it is (vectorize.ts), so they often land among the outlines: there
 * they cut the section into slivers and no view closes. ISO 128-50 hatches a section with thin
 * lines at one angle (45° preferred) and one pitch; a part's own slanted edges (chamfers, tapers)
 * seldom come four or more to one angle at an even pitch.
 */
import type { LinePrimitive } from '../geometry/primitives.ts';
import { slantDeg } from '../page/content.ts';
import type { PageDrawing } from '../page/drawing.ts';

/** Lines of one pattern are parallel within this many degrees (a scan's trace wavers more). */
const PARALLEL_DEG = 3;
/** A line lies on a pattern within this many degrees of its direction. */
const LOOSE_PARALLEL_DEG = 6;
/** A pattern has at least this many lines at distinct offsets. */
const MIN_LINES = 4;
/** Gaps between a pattern's neighbouring lines agree within this share of the larger. */
const PITCH_SHARE = 0.25;
/** Pieces of one hatch line lie within this many line widths of one offset. */
const SAME_LINE_WIDTHS = 2;
/** A pattern's pitch is at least this many line widths (closer lines are one traced twice). */
const MIN_PITCH_WIDTHS = 3;

interface Slanted {
  line: LinePrimitive;
  deg: number;
}

/** A hatch pattern: its lines' direction, the offset of its first and last line, its pitch. */
interface Pattern {
  deg: number;
  first: number;
  last: number;
  pitch: number;
}

/** The offset of a line's middle across the direction `deg`, points. */
function offsetAcross(line: LinePrimitive, deg: number): number {
  const rad = (deg * Math.PI) / 180;
  return ((line.a.x + line.b.x) / 2) * -Math.sin(rad) + ((line.a.y + line.b.y) / 2) * Math.cos(rad);
}

/**
 * The even pitches among parallel lines: their offsets across the direction `deg`, pieces of one
 * line taken together, in runs of four or more whose neighbouring gaps agree.
 */
function evenPitches(group: Slanted[], deg: number, widthPt: number): Pattern[] {
  const offsets = group.map(({ line }) => offsetAcross(line, deg)).sort((a, b) => a - b);
  // Offsets within a line width are one hatch line broken by the trace.
  const rows: number[] = [];
  for (const offset of offsets) {
    if (rows.length === 0 || offset - rows.at(-1)! > SAME_LINE_WIDTHS * widthPt) rows.push(offset);
  }
  const patterns: Pattern[] = [];
  const close = (from: number, to: number) => {
    if (to - from + 1 < MIN_LINES) return;
    const [first, last] = [rows[from]!, rows[to]!];
    patterns.push({ deg, first, last, pitch: (last - first) / (to - from) });
  };
  let start = 0;
  for (let i = 1; i < rows.length; i += 1) {
    const gap = rows[i]! - rows[i - 1]!;
    const pitched = gap >= MIN_PITCH_WIDTHS * widthPt;
    const before = i - 1 > start ? rows[i - 1]! - rows[i - 2]! : gap;
    if (pitched && Math.abs(gap - before) <= PITCH_SHARE * Math.max(gap, before)) continue;
    close(start, i - 1);
    start = pitched ? i - 1 : i;
  }
  close(start, rows.length - 1);
  return patterns;
}

/** The slanted lines among `lines`, with their directions. */
function slantedOf(lines: LinePrimitive[]): Slanted[] {
  return lines.flatMap((line) => {
    const deg = slantDeg(line);
    return deg === undefined ? [] : [{ line, deg }];
  });
}

/**
 * The hatch patterns among slanted lines: groups of parallels at an even pitch. Groups are taken
 * most crowded direction first: the lines within PARALLEL_DEG of the direction most lines share.
 */
function patternsOf(slanted: Slanted[], widthPt: number): Pattern[] {
  const patterns: Pattern[] = [];
  let left = [...slanted].sort((a, b) => a.deg - b.deg);
  for (;;) {
    // The widest window of directions PARALLEL_DEG either side of one line's (sorted: two ends).
    let group: Slanted[] = [];
    let low = 0;
    let high = 0;
    for (const { deg } of left) {
      while (left[low]!.deg < deg - PARALLEL_DEG) low += 1;
      while (high < left.length && left[high]!.deg <= deg + PARALLEL_DEG) high += 1;
      if (high - low > group.length) group = left.slice(low, high);
    }
    if (group.length < MIN_LINES) return patterns;
    const mean = group.reduce((sum, entry) => sum + entry.deg, 0) / group.length;
    patterns.push(...evenPitches(group, mean, widthPt));
    const taken = new Set(group);
    left = left.filter((entry) => !taken.has(entry));
  }
}

/** Whether a line lies on a pattern: near its direction, within it and on its pitch. */
function onPattern({ line, deg }: Slanted, pattern: Pattern, widthPt: number): boolean {
  if (Math.abs(deg - pattern.deg) > LOOSE_PARALLEL_DEG) return false;
  const offset = offsetAcross(line, pattern.deg);
  const slack = SAME_LINE_WIDTHS * widthPt;
  if (offset < pattern.first - slack || offset > pattern.last + slack) return false;
  const steps = (offset - pattern.first) / pattern.pitch;
  return (
    Math.abs(steps - Math.round(steps)) * pattern.pitch <= Math.max(slack, 0.15 * pattern.pitch)
  );
}

/**
 * The drawing with the outline lines that lie on a hatch pattern moved to its thin lines. A
 * pattern is four or more parallel lines, outline or thin, at a slant (15° to 75° from the
 * sheet's edges) at an even pitch; an outline line lies on it when within 6° of its direction,
 * between its first and last line and on its pitch (a short piece's traced direction wavers).
 *
 * @param drawing - a traced page's sorted line work (page points; changed in place and returned)
 * @returns the same drawing
 */
export function hatchingAside(drawing: PageDrawing): PageDrawing {
  const width = drawing.outlineWidthPt;
  if (!(width > 0)) return drawing;
  const outline = drawing.part.filter((p): p is LinePrimitive => p.kind === 'line');
  const patterns = patternsOf(slantedOf([...outline, ...drawing.thin]), width);
  if (patterns.length === 0) return drawing;
  const hatch = new Set(
    slantedOf(outline)
      .filter((entry) => patterns.some((pattern) => onPattern(entry, pattern, width)))
      .map(({ line }) => line),
  );
  if (hatch.size === 0) return drawing;
  drawing.part = drawing.part.filter((p) => !(p.kind === 'line' && hatch.has(p)));
  drawing.thin.push(...hatch);
  return drawing;
}
