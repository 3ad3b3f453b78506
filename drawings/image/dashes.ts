/**
 * Collinear dashes of a raster's line work (vectorize.ts) joined into dashed lines: centre lines
 * (long dash – short dash) and hidden lines (even dashes), with their pattern. Pixels, y down.
 */
import type { Point } from '../geometry/primitives.ts';
import { add, dist, dot, median, sub, unit } from '../geometry/plane.ts';
import { fitLine } from './fitting.ts';
import { collinear, endGrid, inkedShare } from './joins.ts';
import type { Line } from './types.ts';

/** Dashes are short: their directions are looser (within 6°), their ends held to the line. */
const DASH_RAD = (6 * Math.PI) / 180;
/** Dashes: gaps up to this long (mm on the sheet), dashes up to this long. */
const DASH_GAP_MAX_MM = 8;
const DASH_MAX_MM = 50;
/** Centre line: longest dash at least this many times the shortest (page/drawing.ts isChain). */
const CHAIN_RATIO = 3;

/** A dashed line: from its first dash's start to its last dash's end, px, and its pattern. */
export interface DashedLine {
  a: Point;
  b: Point;
  widthPx: number;
  /** [long, gap, short, gap] for long–short patterns, [dash, gap] for even ones, px. */
  pattern: number[];
}

/**
 * Joins collinear dashes into dashed lines: lines up to 50 mm long, of one width class, with
 * mostly paper between them (gaps up to 8 mm), at least three in a row with gaps that agree
 * within a factor of 3. Each dash takes the nearest such neighbour on each side when that
 * neighbour takes it too.
 *
 * @param lines - the straight lines of the drawing, px
 * @param ink - the ink mask, `w` × `h` px, row-major
 * @param pxPerMm - pixels per millimetre on the sheet
 * @param classOf - the width class of a line width, px
 * @returns the dashed lines (px, with their patterns) and the dashes they took
 */
export function findDashes(
  lines: Line[],
  ink: Uint8Array,
  w: number,
  h: number,
  pxPerMm: number,
  classOf: (width: number) => number,
): { lines: DashedLine[]; used: Set<Line> } {
  const gapMax = DASH_GAP_MAX_MM * pxPerMm;
  const dashes = lines.filter((line) => dist(line.a, line.b) <= DASH_MAX_MM * pxPerMm);
  const near = endGrid(dashes, Math.max(16, gapMax / 2));
  // Nearest partner beyond each end: [a side, b side].
  const partner = dashes.map((line) => {
    const u = unit(line.a, line.b);
    const best: ({ index: number; gap: number } | undefined)[] = [undefined, undefined];
    (['a', 'b'] as const).forEach((end, side) => {
      const outward = side === 0 ? { x: -u.x, y: -u.y } : u;
      for (const other of near(line[end], gapMax)) {
        const q = dashes[other.line]!;
        if (q === line || classOf(q.widthPx) !== classOf(line.widthPx)) continue;
        const qa = dot(sub(q.a, line[end]), outward);
        const qb = dot(sub(q.b, line[end]), outward);
        const gap = Math.min(qa, qb);
        if (gap < 0.3 || gap > gapMax || !collinear(line, q, 1.5, DASH_RAD)) continue;
        const facing = qa < qb ? q.a : q.b;
        if (inkedShare(ink, w, h, add(line[end], outward, 0.5), add(facing, outward, -0.5)) > 0.5)
          continue;
        if (!best[side] || gap < best[side].gap) best[side] = { index: other.line, gap };
      }
    });
    return best;
  });
  const linkedTo = (i: number, j: number) => partner[j]!.some((p) => p?.index === i);
  const used = new Set<Line>();
  const out: DashedLine[] = [];
  const seen = new Set<number>();
  dashes.forEach((_, start) => {
    if (seen.has(start)) return;
    // Walk to one end of the run, then collect it in order.
    let first = start;
    let from = -1;
    for (let guard = 0; guard < dashes.length; guard++) {
      const next = partner[first]!.map((p) => p?.index).find(
        (j) => j !== undefined && j !== from && linkedTo(first, j),
      );
      if (next === undefined || next === start) break;
      from = first;
      first = next;
    }
    const run = [first];
    seen.add(first);
    for (let previous = -1, current = first; ;) {
      const next = partner[current]!.map((p) => p?.index).find(
        (j) => j !== undefined && j !== previous && !seen.has(j) && linkedTo(current, j),
      );
      if (next === undefined) break;
      run.push(next);
      seen.add(next);
      previous = current;
      current = next;
    }
    if (run.length < 3) return;
    const members = run.map((i) => dashes[i]!);
    const fit = fitLine(members.flatMap((m) => [m.a, m.b]));
    const spans = members
      .map((m) => {
        const ta = dot(sub(m.a, fit.c), fit.u);
        const tb = dot(sub(m.b, fit.c), fit.u);
        return { from: Math.min(ta, tb), to: Math.max(ta, tb) };
      })
      .sort((p, q) => p.from - q.from);
    const gaps = spans.slice(1).map((s, k) => s.from - spans[k]!.to);
    if (Math.max(...gaps) > 3 * Math.max(0.5, Math.min(...gaps))) return;
    const lengths = spans.map((s) => s.to - s.from);
    // The first and last dash may be cut short where the line ends.
    const inner = lengths.length > 3 ? lengths.slice(1, -1) : lengths;
    const longest = Math.max(...inner);
    const shortest = Math.min(...inner);
    const gap = median(gaps);
    let pattern: number[];
    if (longest >= CHAIN_RATIO * shortest) {
      const split = Math.sqrt(longest * shortest);
      pattern = [
        median(inner.filter((l) => l >= split)),
        gap,
        median(inner.filter((l) => l < split)),
        gap,
      ];
    } else pattern = [median(inner), gap];
    for (const m of members) used.add(m);
    out.push({
      a: add(fit.c, fit.u, spans[0]!.from),
      b: add(fit.c, fit.u, spans[spans.length - 1]!.to),
      widthPx: median(members.map((m) => m.widthPx)),
      pattern,
    });
  });
  return { lines: out, used };
}
