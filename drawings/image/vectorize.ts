/**
 * Raster drawings (scans and exported sheets) turned into the painted paths of a PDF page, so the
 * page model's geometry (drawings/page/drawing.ts sortPaths, dimensions.ts pairArrows) reads them
 * too. Straight line work becomes stroke paths with a measured width, circles and arcs become
 * polylines marked as curves, collinear dashes become one dashed path, filled arrowheads become
 * closed filled triangles. Plain TypeScript on typed arrays, synchronous and without I/O:
 *
 * 1. ink: grey levels of paper and ink from Otsu's split, ink where a pixel is at least 40 % of
 *    the way from paper to ink; OCR'd text boxes cleared; specks dropped;
 * 2. filled regions: the exact Euclidean distance transform (Felzenszwalb and Huttenlocher,
 *    "Distance transforms of sampled functions", Theory of Computing 8, 2012) gives each ink
 *    pixel its distance to paper; a morphological opening by a disc just wider than the widest
 *    line leaves what no line can be: arrowheads (fitted as triangles from the ink's width
 *    profile along their axis) and solid fills (logos), both taken out of the line work;
 * 3. line work: Zhang–Suen thinning (T. Y. Zhang, C. Y. Suen, "A fast parallel algorithm for
 *    thinning digital patterns", CACM 27(3), 1984) to a one-pixel skeleton, traced into chains
 *    between ends and junctions, each chain split into straight lines and circular arcs;
 * 4. lines that continue across junctions (crossings) joined again, arcs of one circle joined,
 *    widths measured from the grey cross-section (which also centres each line to a fraction of
 *    a pixel) and sorted into classes, free ends extended to where the ink ends, collinear dashes
 *    in a regular pattern joined into one dashed path, dimension lines extended to their
 *    arrowheads' tips.
 *
 * Pixel (i, j) covers [i, i+1) × [j, j+1): its centre is (i + 0.5, j + 0.5). Output in page
 * points = pixels × ptPerPx, y down, like pagePaths. The stages live beside this file:
 * raster-ops.ts (1–2), arrows.ts (2, and tying lines to arrowheads), skeleton.ts (3),
 * fitting.ts (3), joins.ts, circles.ts and dashes.ts (4); the shapes they hand each other (lines,
 * arcs, pixel boxes) are in types.ts; this file measures widths and puts them together.
 */
import type { Point } from '../geometry/primitives.ts';
import { filledRegions, insideArrow, tieArrows } from './arrows.ts';
import { arrowsAtLineEnds } from './line-end-arrows.ts';
import { add, dist, median, normalOf, unit } from '../geometry/plane.ts';
import { Sampler, clearBox, dropGlyphs, dropSpecks, levelsOf } from './raster-ops.ts';
import { thin, traceSkeleton } from './skeleton.ts';
import { joinLines } from './joins.ts';
import { joinArcs } from './circles.ts';
import { withoutLetterLoops } from './lettering.ts';
import { findDashes } from './dashes.ts';
import { splitChain } from './fitting.ts';
import type { PagePath } from '../page/paths.ts';
import type { GreyImage } from '../engines/prepare-image.ts';
import type { Arc, Line, VectorizeOptions, Vectorized } from './types.ts';

/** Specks smaller than this (bounding box side, mm on the sheet) are noise; at least 2 px. */
const SPECK_MM = 0.3;
/**
 * Largest arrowhead, points (page/arrowheads.ts VIEW_ARROW_MAX_PT: its arrowOf takes slender
 * ones that long).
 */
const ARROW_MAX_PT = 45;
/** Width classes: histogram bins (natural log of px) and the least share of length of a class. */
const WIDTH_BIN = 0.05;
const WIDTH_MODE_SHARE = 0.03;
/** A line running into a text box is inked outside it for this many text heights. */
const LINE_RUN_HEIGHTS = 1.5;
/**
 * Width classes closer than this ratio are one line width (ISO 128-20 widths step by √2, 1.41).
 * A 0.5 mm outline at 150 dpi (2.95 px) measures 3 px or 4 px as it falls on the pixel grid
 * (ratio 1.33): at 1.3 those were two classes and the 3 px outlines went with the thin lines.
 */
const SAME_WIDTH_RATIO = 1.38;
/**
 * Vectorizes a raster drawing into page paths that sortPaths reads like a vector PDF page's.
 *
 * @param image - 8-bit greyscale, row-major (dark ink on light paper; a light-on-dark image must
 *   be inverted first, as prepareImage does)
 * @param options - ptPerPx: page points per pixel (72 / dpi); textBoxes: regions to leave out, px
 * @returns paths in page points, y down: solid lines and arcs as 'stroke' paths with lineWidthPt
 *   set to their width class, centre and hidden lines as one 'stroke' path each with a `dash`
 *   pattern (long–short–long: [long, gap, short, gap]; even: [dash, gap]), circles and arcs as
 *   polylines with `curves` marked, filled arrowheads as closed 'fill' triangles; and stats
 * @throws RangeError when the image's data is not width × height bytes or ptPerPx is not > 0
 */
export function vectorize(image: GreyImage, options: VectorizeOptions): Vectorized {
  const started = performance.now();
  const { width: w, height: h, data } = image;
  if (!(w > 0 && h > 0) || data.length !== w * h)
    throw new RangeError(`vectorize: ${w} × ${h} image needs ${w * h} bytes, got ${data.length}`);
  if (!(options.ptPerPx > 0)) throw new RangeError('vectorize: ptPerPx must be > 0');
  const pxPerMm = 72 / 25.4 / options.ptPerPx;
  const levels = levelsOf(data);
  const grey = new Sampler(image, levels);

  // 1. Ink.
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < ink.length; i++) ink[i] = data[i]! <= levels.threshold ? 1 : 0;
  const boxes = options.textBoxes ?? [];
  // The dimension text's height: the upper quartile of the boxes' short sides (a title block's
  // many small entries would pull the median down).
  const heights = boxes.map((b) => Math.min(b.width, b.height)).sort((a, b) => a - b);
  const textHeight = heights.length >= 3 ? heights[Math.floor(0.75 * (heights.length - 1))]! : 0;
  // A line runs into a text box from further than a letter's stroke reaches: an outline's corner
  // under a value written across it stays.
  const lineRun = textHeight > 0 ? LINE_RUN_HEIGHTS * textHeight : Infinity;
  for (const box of boxes) clearBox(ink, w, h, box, lineRun);
  const specks = dropSpecks(ink, w, h, Math.max(2, SPECK_MM * pxPerMm));
  // Letters OCR did not box, at the dimension text's height.
  const glyphs = textHeight > 0 ? dropGlyphs(ink, w, h, textHeight) : 0;
  let inkPixels = 0;
  for (let i = 0; i < ink.length; i++) inkPixels += ink[i]!;

  // 2. Filled regions: arrowheads and solid fills (the distance map, 4 bytes a pixel, is
  // dropped once they are found).
  const { lineHalf, lineWork, arrows, fills } = filledRegions(
    ink,
    w,
    h,
    ARROW_MAX_PT / options.ptPerPx,
    grey,
  );

  // 3. Skeleton chains → lines and arcs.
  const chains = traceSkeleton(thin(lineWork, w, h), w + 2, h + 2, 2 * lineHalf + 2);
  let lines: Line[] = [];
  let arcs: Arc[] = [];
  for (const chain of chains) {
    const pieces = splitChain(chain, 2 * lineHalf + 1);
    lines.push(...pieces.lines);
    arcs.push(...pieces.arcs);
  }

  // 4. Joined, measured, classed, dashed, tied to arrowheads.
  const crossCap = Math.max(4, 3 * lineHalf + 2);
  for (const line of lines) line.widthPx = measureLine(line, grey, crossCap);
  lines = joinLines(lines, ink, w, h, 3 * (2 * lineHalf) + 4);
  for (const line of lines) {
    line.widthPx = measureLine(line, grey, crossCap, true);
    extendFreeEnds(line, grey);
  }
  // A circle is made whole from its ink only when larger than the letters' loops: a diameter
  // sign OCR left unread is a circle about a capital high, some 0.35 of a text box's height.
  const medianText = heights.length >= 3 ? heights[heights.length >> 1]! : 0;
  arcs = withoutLetterLoops(joinArcs(arcs, ink, w, h, 0.5 * medianText), boxes, textHeight);
  for (const arc of arcs) arc.widthPx = measureArc(arc, grey, crossCap);
  const classes = widthClasses([
    ...lines.map((l) => ({ width: l.widthPx, length: dist(l.a, l.b) })),
    ...arcs.map((a) => ({ width: a.widthPx, length: a.radius * Math.abs(a.sweepRad) })),
  ]);
  const classOf = (width: number) =>
    classes.reduce(
      (best, c) => (Math.abs(Math.log(c / width)) < Math.abs(Math.log(best / width)) ? c : best),
      classes[0] ?? width,
    );
  const dashed = findDashes(lines, ink, w, h, pxPerMm, classOf);
  // Slender arrowheads the opening left on the outlines they point at, read along their lines.
  arrows.push(
    ...arrowsAtLineEnds(
      lines.filter((line) => !dashed.used.has(line)),
      arrows,
      grey,
      ARROW_MAX_PT / options.ptPerPx,
    ),
  );
  // Slivers of arrowheads (their tips, where they meet another line) are not lines.
  const solid = lines.filter(
    (line) =>
      !dashed.used.has(line) &&
      !arrows.some((arrow) => insideArrow(line.a, arrow) && insideArrow(line.b, arrow)),
  );
  arcs = arcs.filter(
    (arc) =>
      !arrows.some((arrow) => {
        const points = arcPoints(arc);
        return points.every((p) => insideArrow(p, arrow));
      }),
  );
  tieArrows(arrows, solid);

  // Emit.
  const k = options.ptPerPx;
  const pt = (p: Point): Point => ({ x: p.x * k, y: p.y * k });
  const paths: PagePath[] = [];
  const stroke = (points: Point[], widthPx: number, extra: Partial<PagePath> = {}): PagePath => ({
    points: points.map(pt),
    closed: false,
    paint: 'stroke',
    lineWidthPt: classOf(widthPx) * k,
    dash: [],
    color: '#000000',
    curves: [],
    ...extra,
  });
  for (const line of solid) paths.push(stroke([line.a, line.b], line.widthPx));
  let circles = 0;
  for (const arc of arcs) {
    const full = Math.abs(arc.sweepRad) >= 2 * Math.PI - 1e-9;
    if (full) circles++;
    const points = arcPoints(arc);
    paths.push(
      stroke(points, arc.widthPx, { closed: full, curves: [{ from: 0, to: points.length - 1 }] }),
    );
  }
  for (const dash of dashed.lines)
    paths.push(stroke([dash.a, dash.b], dash.widthPx, { dash: dash.pattern.map((d) => d * k) }));
  for (const arrow of arrows) {
    const base = add(arrow.tip, arrow.u, -arrow.length);
    const n = normalOf(arrow.u);
    paths.push({
      points: [
        arrow.tip,
        add(base, n, arrow.halfWidth),
        add(base, n, -arrow.halfWidth),
        arrow.tip,
      ].map(pt),
      closed: true,
      paint: 'fill',
      lineWidthPt: 0,
      dash: [],
      color: '#000000',
      curves: [],
    });
  }
  const centreLines = dashed.lines.filter((d) => d.pattern.length === 4).length;
  return {
    paths,
    stats: {
      ms: performance.now() - started,
      paperGrey: levels.paper,
      inkGrey: levels.ink,
      thresholdGrey: levels.threshold,
      inkPixels,
      specks,
      glyphs,
      lineHalfWidthPx: lineHalf,
      arrows: arrows.length,
      fills,
      lines: solid.length,
      arcs: arcs.length - circles,
      circles,
      centreLines,
      hiddenLines: dashed.lines.length - centreLines,
      widthClassesPt: classes.map((c) => c * k),
    },
  };
}

// ——— Grey levels and sampling ———

// ——— Measuring ———

/**
 * Width of a line from its grey cross-sections (the median over up to 40 of them), px. With
 * `centre`, the line is also moved onto the middle of its ink.
 */
function measureLine(line: Line, grey: Sampler, cap: number, centre = false): number {
  const length = dist(line.a, line.b);
  const u = unit(line.a, line.b);
  const n = normalOf(u);
  const count = Math.max(1, Math.min(40, Math.round(length / 2)));
  const margin = length > 8 ? 2 : 0;
  const widths: number[] = [];
  const offsets: number[] = [];
  const positions: number[] = [];
  for (let k = 0; k < count; k++) {
    const t = margin + ((k + 0.5) / count) * (length - 2 * margin);
    const s = grey.section(add(line.a, u, t), n, cap);
    if (!s) continue;
    widths.push(s.width);
    offsets.push(s.centre);
    positions.push(t);
  }
  if (widths.length === 0) return 1;
  if (centre && widths.length >= 3) {
    // Each end moved by the offset of the ink's middle there (a straight fit along the line).
    // Medians of each half of the line (robust to sections crossing other lines).
    const half = offsets.length >> 1;
    let shiftA = median(offsets);
    let shiftB = shiftA;
    if (offsets.length >= 6) {
      const t0 = median(positions.slice(0, half));
      const t1 = median(positions.slice(half));
      const o0 = median(offsets.slice(0, half));
      const o1 = median(offsets.slice(half));
      if (t1 - t0 > 1) {
        shiftA = o0 - (t0 * (o1 - o0)) / (t1 - t0);
        shiftB = o0 + ((length - t0) * (o1 - o0)) / (t1 - t0);
      }
    }
    if (Math.abs(shiftA) <= 1.5 && Math.abs(shiftB) <= 1.5) {
      line.a = add(line.a, n, shiftA);
      line.b = add(line.b, n, shiftB);
    }
  }
  return median(widths);
}

/** Width of an arc from radial grey cross-sections, px; the radius is moved onto the ink. */
function measureArc(arc: Arc, grey: Sampler, cap: number): number {
  const count = Math.max(3, Math.min(48, Math.round((arc.radius * Math.abs(arc.sweepRad)) / 3)));
  const widths: number[] = [];
  const offsets: number[] = [];
  for (let k = 0; k < count; k++) {
    const angle = arc.startRad + ((k + 0.5) / count) * arc.sweepRad;
    const n = { x: Math.cos(angle), y: Math.sin(angle) };
    const s = grey.section(add(arc.center, n, arc.radius), n, cap);
    if (!s) continue;
    widths.push(s.width);
    offsets.push(s.centre);
  }
  if (widths.length === 0) return 1;
  const shift = median(offsets);
  if (Math.abs(shift) <= 1.5) arc.radius += shift;
  return median(widths);
}

/** Moves a line's free ends out to where its ink ends (thinning shortens a line by its half width). */
function extendFreeEnds(line: Line, grey: Sampler): void {
  const u = unit(line.a, line.b);
  const reach = line.widthPx + 2;
  const out = (end: Point, direction: Point) => {
    let last = 0;
    for (let s = 0.25; s <= reach; s += 0.25) {
      const d = grey.darkness(add(end, direction, s));
      if (d < 0.5) {
        const before = grey.darkness(add(end, direction, s - 0.25));
        last = s - 0.25 + (0.25 * (before - 0.5)) / Math.max(1e-6, before - d);
        return add(end, direction, last);
      }
      last = s;
    }
    return add(end, direction, last);
  };
  if (line.freeA && grey.darkness(line.a) >= 0.5) line.a = out(line.a, { x: -u.x, y: -u.y });
  if (line.freeB && grey.darkness(line.b) >= 0.5) line.b = out(line.b, u);
}

/**
 * Line width classes, px: the modes of the length-weighted histogram of the lines' widths (on a
 * log scale, 5 % bins, smoothed) that carry at least 3 % of the length, each class the
 * length-weighted median of the widths between the histogram's lowest points around its mode.
 * Lines shorter than 4 widths (ends, specks) do not vote.
 */
function widthClasses(items: { width: number; length: number }[]): number[] {
  const voters = items.filter(
    (item) => item.width > 0 && item.length >= Math.max(6, 4 * item.width),
  );
  if (voters.length === 0) return [];
  const bin = (width: number) => Math.round(Math.log(width) / WIDTH_BIN);
  const lo = Math.min(...voters.map((v) => bin(v.width))) - 3;
  const hi = Math.max(...voters.map((v) => bin(v.width))) + 3;
  const raw = new Float64Array(hi - lo + 1);
  let total = 0;
  for (const v of voters) {
    raw[bin(v.width) - lo]! += v.length;
    total += v.length;
  }
  const kernel = [0.25, 0.5, 1, 0.5, 0.25];
  const smooth = raw.map((_, i) =>
    kernel.reduce((sum, k, j) => sum + k * (raw[i + j - 2] ?? 0), 0),
  );
  const modes: number[] = [];
  for (let i = 0; i < smooth.length; i++) {
    const v = smooth[i]!;
    if (
      v >= (smooth[i - 1] ?? 0) &&
      v > (smooth[i + 1] ?? 0) &&
      raw.slice(Math.max(0, i - 2), i + 3).reduce((s, x) => s + x, 0) >= WIDTH_MODE_SHARE * total
    )
      modes.push(i);
  }
  if (modes.length === 0) return [median(voters.map((v) => v.width))];
  // ISO 128-20 line widths step by √2 at least (thin to thick 1:2): modes closer than that are
  // one width measured unevenly (diagonal lines, hatching); the stronger one stands for both.
  for (let k = modes.length - 1; k > 0; k--) {
    if ((modes[k]! - modes[k - 1]!) * WIDTH_BIN >= Math.log(SAME_WIDTH_RATIO)) continue;
    modes.splice(smooth[modes[k]!]! > smooth[modes[k - 1]!]! ? k - 1 : k, 1);
  }
  // Bounds between neighbouring modes: the lowest bin between them.
  const bounds = modes.slice(1).map((m, k) => {
    let low = modes[k]!;
    for (let i = modes[k]!; i <= m; i++) if (smooth[i]! < smooth[low]!) low = i;
    return low + lo;
  });
  return modes.map((_, k) => {
    const members = voters
      .filter(
        (v) =>
          (k === 0 || bin(v.width) > bounds[k - 1]!) &&
          (k === modes.length - 1 || bin(v.width) <= bounds[k]!),
      )
      .sort((p, q) => p.width - q.width);
    const length = members.reduce((s, v) => s + v.length, 0);
    let seen = 0;
    for (const v of members) {
      seen += v.length;
      if (seen >= length / 2) return v.width;
    }
    return Math.exp((modes[k]! + lo) * WIDTH_BIN);
  });
}

/** Points of an arc, one every 7.5° (at least 8 chords); a full circle ends where it began. */
function arcPoints(arc: Arc): Point[] {
  const steps = Math.max(8, Math.ceil(Math.abs(arc.sweepRad) / (Math.PI / 24)));
  return Array.from({ length: steps + 1 }, (_, k) => {
    const angle = arc.startRad + (arc.sweepRad * k) / steps;
    return {
      x: arc.center.x + arc.radius * Math.cos(angle),
      y: arc.center.y + arc.radius * Math.sin(angle),
    };
  });
}
