/**
 * Raster drawings (scans and exported sheets) turned into the painted paths of a PDF page, so the
 * PDF reader's geometry (drawings/pdf/drawing.ts sortPaths, dimensions.ts pairArrows) reads them
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
 * points = pixels × ptPerPx, y down, like pagePaths.
 */
import { otsuThreshold } from '../engines/prepare-image.ts';
import type { Point } from '../geometry/primitives.ts';
import type { PagePath } from '../pdf/paths.ts';

/** A single-channel 8-bit image: 0 black … 255 white, row-major, `width × height` bytes. */
export interface GreyRaster {
  data: Uint8Array;
  width: number;
  height: number;
}

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

/** Ink is a pixel at least this far from the paper's grey towards the ink's (0..1). */
const INK_DARKNESS = 0.4;
/** Cross-sections stop where the grey is this close to the paper (0..1 of paper → ink). */
const EDGE_DARKNESS = 0.12;
/** Specks smaller than this (bounding box side, mm on the sheet) are noise; at least 2 px. */
const SPECK_MM = 0.3;
/** Largest arrowhead, points (drawing.ts VIEW_ARROW_MAX_PT: its arrowOf takes slender ones that long). */
const ARROW_MAX_PT = 45;
/** Share of the line work's ridge pixels whose half width is the widest line's: the rest is
 * fills, arrowheads and noise. */
const LINE_RIDGE_SHARE = 0.97;
/** Straight-line tolerance of a skeleton chain, px (the skeleton of a thick line wobbles). */
const LINE_TOL_PX = 1.1;
/** Circle tolerance: px plus a share of the radius, at most ARC_TOL_MAX_PX. */
const ARC_TOL_PX = 0.9;
const ARC_TOL_SHARE = 0.01;
const ARC_TOL_MAX_PX = 1.5;
/** An arc turns by at least this much (radians): flatter stretches are lines. */
const ARC_MIN_SWEEP = (20 * Math.PI) / 180;
/** Collinear: directions within this many radians, ends within this lateral distance (px). */
const COLLINEAR_RAD = (2 * Math.PI) / 180;
const COLLINEAR_PX = 1.2;
/** Dashes are short: their directions are looser (within 6°), their ends held to the line. */
const DASH_RAD = (6 * Math.PI) / 180;
/** Width classes: histogram bins (natural log of px) and the least share of length of a class. */
const WIDTH_BIN = 0.05;
const WIDTH_MODE_SHARE = 0.03;
/** Dashes: gaps up to this long (mm on the sheet), dashes up to this long. */
const DASH_GAP_MAX_MM = 8;
const DASH_MAX_MM = 50;
/** Centre line: longest dash at least this many times the shortest (drawing.ts isChain). */
const CHAIN_RATIO = 3;

interface Levels {
  paper: number;
  ink: number;
  threshold: number;
}

/** A straight line of the drawing, px. */
interface Line {
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
interface Arc {
  center: Point;
  radius: number;
  startRad: number;
  sweepRad: number;
  pixels: Point[];
  widthPx: number;
}

/** A filled arrowhead, px: tip, unit direction base → tip, length and half width of the base. */
interface Arrowhead {
  tip: Point;
  u: Point;
  length: number;
  halfWidth: number;
}

const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const add = (a: Point, b: Point, k = 1): Point => ({ x: a.x + k * b.x, y: a.y + k * b.y });
const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y;
const cross = (a: Point, b: Point) => a.x * b.y - a.y * b.x;
const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const unit = (a: Point, b: Point): Point => {
  const l = dist(a, b) || 1;
  return { x: (b.x - a.x) / l, y: (b.y - a.y) / l };
};
const normalOf = (u: Point): Point => ({ x: -u.y, y: u.x });
const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const s = [...values].sort((p, q) => p - q);
  return s[s.length >> 1]!;
};

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
export function vectorize(image: GreyRaster, options: VectorizeOptions): Vectorized {
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
  for (const box of options.textBoxes ?? []) clearBox(ink, w, h, box);
  const specks = dropSpecks(ink, w, h, Math.max(2, SPECK_MM * pxPerMm));
  let inkPixels = 0;
  for (const v of ink) inkPixels += v;

  // 2. Filled regions: arrowheads and solid fills.
  const dt = distanceToPaper(ink, w, h);
  const lineHalf = widestLineHalfWidth(dt, ink, w, h);
  const arrowMaxPx = ARROW_MAX_PT / options.ptPerPx;
  const lineWork = ink.slice();
  const { arrows, fills } = findFills(ink, lineWork, dt, w, h, lineHalf, arrowMaxPx, grey);

  // 3. Skeleton chains → lines and arcs.
  const chains = traceSkeleton(thin(lineWork, w, h), w + 2, h + 2, 2 * lineHalf + 2);
  let lines: Line[] = [];
  let arcs: Arc[] = [];
  for (const chain of chains) {
    const pieces = splitChain(chain);
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
  arcs = joinArcs(arcs, ink, w, h);
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

/** Paper and ink grey levels (Otsu's two classes) and the ink threshold between them. */
function levelsOf(data: Uint8Array): Levels {
  const otsu = otsuThreshold(data);
  const histogram = new Float64Array(256);
  for (const v of data) histogram[v]! += 1;
  const quantile = (from: number, to: number, share: number) => {
    let total = 0;
    for (let v = from; v <= to; v++) total += histogram[v]!;
    let seen = 0;
    for (let v = from; v <= to; v++) {
      seen += histogram[v]!;
      if (seen >= share * total) return v;
    }
    return to;
  };
  // The ink's core (a quarter of the dark pixels are darker), the paper's median.
  const ink = quantile(0, otsu, 0.25);
  const paper = Math.max(quantile(otsu + 1, 255, 0.5), ink + 1);
  return { paper, ink, threshold: Math.floor(paper - INK_DARKNESS * (paper - ink)) };
}

/** Darkness of the image at any point (0 paper … 1 ink), bilinear between pixel centres. */
class Sampler {
  private readonly scale: number;
  constructor(
    private readonly image: GreyRaster,
    private readonly levels: Levels,
  ) {
    this.scale = 1 / (levels.paper - levels.ink);
  }

  private at(i: number, j: number): number {
    const { width, height, data } = this.image;
    if (i < 0 || j < 0 || i >= width || j >= height) return 0;
    const d = (this.levels.paper - data[j * width + i]!) * this.scale;
    return d < 0 ? 0 : d > 1 ? 1 : d;
  }

  darkness(p: Point): number {
    const x = p.x - 0.5;
    const y = p.y - 0.5;
    const i = Math.floor(x);
    const j = Math.floor(y);
    const fx = x - i;
    const fy = y - j;
    return (
      (1 - fy) * ((1 - fx) * this.at(i, j) + fx * this.at(i + 1, j)) +
      fy * ((1 - fx) * this.at(i, j + 1) + fx * this.at(i + 1, j + 1))
    );
  }

  /**
   * The ink cross-section through `c` along unit `n`: its width (darkness integrated, px) and
   * the offset of its centre from `c` along `n`. Undefined when there is no ink within 1 px of
   * `c` or the section runs past `cap` px on a side (another line lies along it).
   */
  section(c: Point, n: Point, cap: number): { width: number; centre: number } | undefined {
    let s0 = 0;
    let best = 0;
    for (const s of [0, -0.5, 0.5, -1, 1]) {
      const d = this.darkness(add(c, n, s));
      if (d > best + 0.05) {
        best = d;
        s0 = s;
      }
    }
    if (best < 0.35) return undefined;
    let width = 0;
    let moment = 0;
    for (const sign of [1, -1]) {
      for (let s = sign > 0 ? s0 : s0 - 0.5; ; s += 0.5 * sign) {
        if (Math.abs(s - s0) > cap) return undefined;
        const d = this.darkness(add(c, n, s));
        if (d < EDGE_DARKNESS) break;
        width += 0.5 * d;
        moment += 0.5 * d * s;
      }
    }
    return { width, centre: moment / width };
  }
}

// ——— Ink masks ———

function clearBox(ink: Uint8Array, w: number, h: number, box: PixelBox): void {
  const x0 = Math.max(0, Math.floor(box.x) - 1);
  const y0 = Math.max(0, Math.floor(box.y) - 1);
  const x1 = Math.min(w, Math.ceil(box.x + box.width) + 1);
  const y1 = Math.min(h, Math.ceil(box.y + box.height) + 1);
  for (let y = y0; y < y1; y++) ink.fill(0, y * w + x0, y * w + x1);
}

/**
 * The 8-connected components of `mask` (1 = set) as lists of pixel indices, each passed to
 * `visit`; `mask` is left as it was.
 */
function components(
  mask: Uint8Array,
  w: number,
  h: number,
  visit: (pixels: number[]) => void,
): void {
  const seen = new Uint8Array(mask.length);
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const pixels: number[] = [];
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      pixels.push(p);
      const x = p % w;
      const y = (p - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const q = yy * w + xx;
          if (mask[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    visit(pixels);
  }
}

/** Clears ink components whose bounding box is under `minSide` px both ways; returns how many. */
function dropSpecks(ink: Uint8Array, w: number, h: number, minSide: number): number {
  let dropped = 0;
  components(ink, w, h, (pixels) => {
    if (pixels.length > minSide * minSide) return;
    let x0 = w;
    let x1 = 0;
    let y0 = h;
    let y1 = 0;
    for (const p of pixels) {
      const x = p % w;
      const y = (p - x) / w;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
    if (x1 - x0 + 1 >= minSide || y1 - y0 + 1 >= minSide) return;
    for (const p of pixels) ink[p] = 0;
    dropped++;
  });
  return dropped;
}

/** Squared Euclidean distance from each ink pixel to the nearest paper pixel (0 on paper). */
function distanceToPaper(ink: Uint8Array, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  const n = Math.max(w, h);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  const INF = 1e20;
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) f[y] = ink[y * w + x] ? INF : 0;
    transform1d(f, h, d, v, z);
    for (let y = 0; y < h; y++) out[y * w + x] = d[y]!;
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) f[x] = out[row + x]!;
    transform1d(f, w, d, v, z);
    for (let x = 0; x < w; x++) out[row + x] = d[x]!;
  }
  return out;
}

/** Felzenszwalb–Huttenlocher 1D squared distance transform of f[0..n) into d. */
function transform1d(
  f: Float64Array,
  n: number,
  d: Float64Array,
  v: Int32Array,
  z: Float64Array,
): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    let r = v[k]!;
    let s = (f[q]! + q * q - (f[r]! + r * r)) / (2 * q - 2 * r);
    while (s <= z[k]!) {
      k--;
      r = v[k]!;
      s = (f[q]! + q * q - (f[r]! + r * r)) / (2 * q - 2 * r);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1]! < q) k++;
    const r = v[k]!;
    d[q] = (q - r) * (q - r) + f[r]!;
  }
}

/**
 * Half width of the widest lines, px: the distance to paper on the ridges of the ink (pixels
 * at least as far from paper as their neighbours) that 97 % of the ridge pixels do not exceed.
 */
function widestLineHalfWidth(dt: Float32Array, ink: Uint8Array, w: number, h: number): number {
  const bins = new Float64Array(256);
  let total = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      if (!ink[p]) continue;
      const v = dt[p]!;
      if (
        v < dt[p - 1]! ||
        v < dt[p + 1]! ||
        v < dt[p - w]! ||
        v < dt[p + w]! ||
        v < dt[p - w - 1]! ||
        v < dt[p - w + 1]! ||
        v < dt[p + w - 1]! ||
        v < dt[p + w + 1]!
      )
        continue;
      bins[Math.min(255, Math.round(Math.sqrt(v) * 4))]! += 1;
      total++;
    }
  }
  let seen = 0;
  for (let b = 0; b < 256; b++) {
    seen += bins[b]!;
    if (seen >= LINE_RIDGE_SHARE * total) return Math.max(1, b / 4);
  }
  return 1;
}

// ——— Filled regions ———

/**
 * Finds the regions no line is wide enough to make (the opening of the ink by a disc just wider
 * than the widest line): arrowheads, fitted as triangles, and solid fills. Both are cleared
 * from `lineWork`.
 */
function findFills(
  ink: Uint8Array,
  lineWork: Uint8Array,
  dt: Float32Array,
  w: number,
  h: number,
  lineHalf: number,
  arrowMaxPx: number,
  grey: Sampler,
): { arrows: Arrowhead[]; fills: number } {
  const radius = lineHalf + 0.75;
  const r2 = radius * radius;
  const disc: [number, number][] = [];
  const reach = Math.ceil(radius);
  for (let dy = -reach; dy <= reach; dy++)
    for (let dx = -reach; dx <= reach; dx++) if (dx * dx + dy * dy <= r2) disc.push([dx, dy]);
  const blob = new Uint8Array(w * h);
  for (let p = 0; p < dt.length; p++) {
    if (dt[p]! <= r2) continue;
    const x = p % w;
    const y = (p - x) / w;
    for (const [dx, dy] of disc) {
      const xx = x + dx;
      const yy = y + dy;
      if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
      const q = yy * w + xx;
      if (ink[q]) blob[q] = 1;
    }
  }
  const arrows: Arrowhead[] = [];
  let fills = 0;
  const solidDt = (2.2 * lineHalf + 1) ** 2;
  const stamp = new Int32Array(w * h);
  let blobs = 0;
  // A small arrowhead's opening is a round patch near its base: its shape says little about
  // its axis. Grown through the ink that is no thin line's (more than √2 px from paper) and within
  // three times its radius, it takes in most of the triangle.
  const grow = (pixels: number[]): number[] => {
    blobs++;
    let cx = 0;
    let cy = 0;
    for (const p of pixels) {
      cx += p % w;
      cy += Math.floor(p / w);
      stamp[p] = blobs;
    }
    cx /= pixels.length;
    cy /= pixels.length;
    const reach2 = (3 * Math.sqrt(pixels.length / Math.PI) + 2) ** 2;
    const region = [...pixels];
    for (let k = 0; k < region.length; k++) {
      const p = region[k]!;
      const x = p % w;
      const y = (p - x) / w;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const q = yy * w + xx;
          if (stamp[q] === blobs || !ink[q] || dt[q]! <= 2) continue;
          if ((xx - cx) ** 2 + (yy - cy) ** 2 > reach2) continue;
          stamp[q] = blobs;
          region.push(q);
        }
    }
    return region;
  };
  components(blob, w, h, (pixels) => {
    let maxDt = 0;
    for (const p of pixels) maxDt = Math.max(maxDt, dt[p]!);
    const arrow = fitArrow(grow(pixels), w, grey, lineHalf, arrowMaxPx);
    if (arrow) {
      arrows.push(arrow);
      clearTriangle(lineWork, w, h, arrow);
      for (const p of pixels) lineWork[p] = 0;
      return;
    }
    if (maxDt >= solidDt) {
      fills++;
      for (const p of pixels) lineWork[p] = 0;
    }
  });
  return { arrows, fills };
}

/**
 * An arrowhead fitted to a filled region: its axis from the region's principal axis, its width
 * profile along the axis read from the grey image (beyond the region, to the slender tip the
 * opening cut off), the tip where the straight fit of that profile reaches zero width.
 * Undefined when the region narrows too little, not linearly, is too long or too blunt, or
 * when what lies behind its base is not a single line along its axis.
 */
function fitArrow(
  pixels: number[],
  w: number,
  grey: Sampler,
  lineHalf: number,
  arrowMaxPx: number,
): Arrowhead | undefined {
  if (pixels.length < 6) return undefined;
  let mx = 0;
  let my = 0;
  for (const p of pixels) {
    mx += (p % w) + 0.5;
    my += Math.floor(p / w) + 0.5;
  }
  mx /= pixels.length;
  my /= pixels.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const p of pixels) {
    const dx = (p % w) + 0.5 - mx;
    const dy = Math.floor(p / w) + 0.5 - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  let u = { x: Math.cos(angle), y: Math.sin(angle) };
  const c = { x: mx, y: my };
  let tMin = Infinity;
  let tMax = -Infinity;
  for (const p of pixels) {
    const t = ((p % w) + 0.5 - mx) * u.x + (Math.floor(p / w) + 0.5 - my) * u.y;
    tMin = Math.min(tMin, t);
    tMax = Math.max(tMax, t);
  }
  const lengthIn = tMax - tMin;
  if (lengthIn < 2 || lengthIn > arrowMaxPx) return undefined;
  const cap = Math.max(4, lengthIn);
  const widthAt = (t: number, axis: Point) => grey.section(add(c, axis, t), normalOf(axis), cap);
  const near = widthAt(tMin + 0.25 * lengthIn, u)?.width ?? 0;
  const far = widthAt(tMax - 0.25 * lengthIn, u)?.width ?? 0;
  if (Math.min(near, far) > 0.8 * Math.max(near, far)) return undefined;
  if (near < far) {
    // The tip is at the tMin end: turn the axis so the base is at its start.
    u = { x: -u.x, y: -u.y };
    tMin = -tMax;
  }
  // From the base (tMin) towards the tip: widths until the ink ends or widens into another line.
  const samples: { t: number; width: number; centre: number }[] = [];
  let widest = 0;
  let narrowest = Infinity;
  /** Where the scan stopped against another line (the tip touches it), else undefined. */
  let against: number | undefined;
  for (let t = tMin - 1; t <= tMin + arrowMaxPx; t += 0.5) {
    const s = widthAt(t, u);
    if (!s || (s.width < 0.8 * widest && s.width > narrowest + 1.5)) {
      if (!s && widest === 0) continue;
      if (grey.darkness(add(c, u, t)) >= 0.5) against = t;
      break;
    }
    widest = Math.max(widest, s.width);
    if (s.width < 0.8 * widest) narrowest = Math.min(narrowest, s.width);
    samples.push({ t, ...s });
  }
  if (samples.length < 4) return undefined;
  const top = samples.reduce((best, s) => (s.width > best.width ? s : best));
  const fit = samples.filter(
    (s) => s.t >= top.t && s.width <= 0.9 * widest && s.width >= 0.3 * widest,
  );
  if (fit.length < 3) return undefined;
  const line = regression(fit.map((s) => ({ x: s.t, y: s.width })));
  if (!line || line.slope >= 0) return undefined;
  const rms = Math.sqrt(
    fit.reduce((sum, s) => sum + (s.width - line.at(s.t)) ** 2, 0) / fit.length,
  );
  if (rms > 0.12 * widest + 0.4) return undefined;
  const last = samples[samples.length - 1]!.t;
  // A tip against another line is on that line's middle; a free tip where the sides meet,
  // but not past the ink.
  let tTip = Math.min(Math.max(-line.intercept / line.slope, last), last + 1.5);
  if (against !== undefined) {
    // The other line's middle, beside the tip (clear of the arrow and its own line).
    const n = normalOf(u);
    const aside = Math.max(2.5, 1.5 * narrowest);
    let weight = 0;
    let moment = 0;
    for (const side of [aside, -aside])
      for (let t = against - 2; t <= against + 8; t += 0.25) {
        const d = grey.darkness(add(add(c, u, t), n, side));
        if (d < EDGE_DARKNESS) continue;
        weight += d;
        moment += d * t;
      }
    if (weight >= 1) tTip = moment / weight;
  }
  const baseWidth = line.at(tMin);
  const length = tTip - tMin;
  if (
    last < tTip - Math.max(2, 0.3 * length) ||
    baseWidth < Math.max(2, 2.6 * lineHalf) ||
    length < 1.1 * baseWidth ||
    length > 8 * baseWidth ||
    length > arrowMaxPx
  )
    return undefined;
  // Behind the base: paper, or one line along the axis much narrower than the base.
  const behind = widthAt(tMin - 1.5, u);
  const n = normalOf(u);
  if (behind && (behind.width > 0.6 * baseWidth || Math.abs(behind.centre) > 0.3 * baseWidth))
    return undefined;
  for (const side of [1, -1]) {
    const corner = add(add(c, u, tMin - 1.5), n, side * 0.45 * baseWidth);
    if (
      grey.darkness(corner) > 0.5 &&
      (!behind || Math.abs(behind.centre - side * 0.45 * baseWidth) > 1)
    )
      return undefined;
  }
  const offset = median(fit.map((s) => s.centre));
  const axis = add(c, n, offset);
  return { tip: add(axis, u, tTip), u, length, halfWidth: baseWidth / 2 };
}

/** Least-squares straight line y = intercept + slope·x, undefined for fewer than 2 distinct x. */
function regression(
  points: Point[],
): { intercept: number; slope: number; at: (x: number) => number } | undefined {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  if (sxx < 1e-9) return undefined;
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  return { intercept, slope, at: (x) => intercept + slope * x };
}

/** Clears the pixels whose centres lie inside the arrowhead's triangle grown by half a pixel. */
function clearTriangle(mask: Uint8Array, w: number, h: number, arrow: Arrowhead): void {
  const n = normalOf(arrow.u);
  const base = add(arrow.tip, arrow.u, -arrow.length);
  const corners = [arrow.tip, add(base, n, arrow.halfWidth), add(base, n, -arrow.halfWidth)];
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.x)) - 1));
  const x1 = Math.min(w - 1, Math.ceil(Math.max(...corners.map((p) => p.x)) + 1));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.y)) - 1));
  const y1 = Math.min(h - 1, Math.ceil(Math.max(...corners.map((p) => p.y)) + 1));
  const edges = corners.map((p, i) => {
    const q = corners[(i + 1) % 3]!;
    const e = unit(p, q);
    return { p, n: { x: e.y, y: -e.x } };
  });
  // Outward normals: flip when the triangle's third corner is on the positive side.
  const inside = {
    x: (corners[0]!.x + corners[1]!.x + corners[2]!.x) / 3,
    y: (corners[0]!.y + corners[1]!.y + corners[2]!.y) / 3,
  };
  for (const e of edges) if (dot(sub(inside, e.p), e.n) > 0) e.n = { x: -e.n.x, y: -e.n.y };
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const p = { x: x + 0.5, y: y + 0.5 };
      if (edges.every((e) => dot(sub(p, e.p), e.n) <= 0.5)) mask[y * w + x] = 0;
    }
}

// ——— Thinning and tracing ———

/** Zhang–Suen deletion tables for the two sub-iterations, by the 8-neighbour code. */
const THIN_TABLES = (() => {
  // Bit k is neighbour P(k+2): N, NE, E, SE, S, SW, W, NW.
  const first = new Uint8Array(256);
  const second = new Uint8Array(256);
  for (let code = 0; code < 256; code++) {
    const p = (k: number) => (code >> k) & 1;
    let b = 0;
    let a = 0;
    for (let k = 0; k < 8; k++) {
      b += p(k);
      if (!p(k) && p((k + 1) % 8)) a++;
    }
    const base = b >= 2 && b <= 6 && a === 1;
    first[code] = base && !(p(0) && p(2) && p(4)) && !(p(2) && p(4) && p(6)) ? 1 : 0;
    second[code] = base && !(p(0) && p(2) && p(6)) && !(p(0) && p(4) && p(6)) ? 1 : 0;
  }
  return [first, second] as const;
})();

/** Neighbour code of pixel i of a padded image (bit order of THIN_TABLES). */
function codeAt(img: Uint8Array, i: number, W: number): number {
  return (
    img[i - W]! |
    (img[i - W + 1]! << 1) |
    (img[i + 1]! << 2) |
    (img[i + W + 1]! << 3) |
    (img[i + W]! << 4) |
    (img[i + W - 1]! << 5) |
    (img[i - 1]! << 6) |
    (img[i - W - 1]! << 7)
  );
}

/**
 * One-pixel skeleton of a mask (Zhang–Suen), on a copy padded by one pixel of paper each side:
 * the result is (w + 2) × (h + 2). Only border pixels are revisited, so thick regions cost
 * their outline per pass rather than their area.
 */
function thin(mask: Uint8Array, w: number, h: number): Uint8Array {
  const W = w + 2;
  const img = new Uint8Array(W * (h + 2));
  for (let y = 0; y < h; y++) img.set(mask.subarray(y * w, y * w + w), (y + 1) * W + 1);
  const listed = new Uint8Array(img.length);
  let border: number[] = [];
  const offsets = [-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1];
  for (let i = W; i < img.length - W; i++) {
    if (img[i] && codeAt(img, i, W) !== 255) {
      border.push(i);
      listed[i] = 1;
    }
  }
  for (let changed = true; changed;) {
    changed = false;
    for (const table of THIN_TABLES) {
      const doomed: number[] = [];
      for (const i of border) if (img[i] && table[codeAt(img, i, W)]) doomed.push(i);
      if (doomed.length === 0) continue;
      changed = true;
      for (const i of doomed) img[i] = 0;
      const next: number[] = [];
      for (const i of border) {
        if (img[i]) next.push(i);
        else listed[i] = 0;
      }
      for (const i of doomed)
        for (const o of offsets) {
          const j = i + o;
          if (img[j] && !listed[j]) {
            listed[j] = 1;
            next.push(j);
          }
        }
      border = next;
    }
  }
  // Staircase corners: a pixel whose neighbours are all one 8-connected group is redundant.
  for (let i = W; i < img.length - W; i++) {
    if (!img[i]) continue;
    const code = codeAt(img, i, W);
    if (REDUNDANT[code]) img[i] = 0;
  }
  return img;
}

/** Neighbour codes of a pixel that can go without splitting or shortening the skeleton. */
const REDUNDANT = (() => {
  const table = new Uint8Array(256);
  // Ring positions of the code bits: N, NE, E, SE, S, SW, W, NW.
  const ring = [
    [0, -1],
    [1, -1],
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [-1, -1],
  ] as const;
  for (let code = 0; code < 256; code++) {
    const set = ring.map((_, k) => (code >> k) & 1);
    const count = set.reduce((s, v) => s + v, 0);
    if (count < 2 || count > 4) continue;
    // Components among the set ring pixels (8-adjacent when both offsets differ by ≤ 1).
    const parent = ring.map((_, k) => k);
    const root = (k: number): number => (parent[k] === k ? k : (parent[k] = root(parent[k]!)));
    for (let a = 0; a < 8; a++)
      for (let b = a + 1; b < 8; b++)
        if (
          set[a] &&
          set[b] &&
          Math.abs(ring[a]![0] - ring[b]![0]) <= 1 &&
          Math.abs(ring[a]![1] - ring[b]![1]) <= 1
        )
          parent[root(a)] = root(b);
    const roots = new Set(
      ring
        .map((_, k) => k)
        .filter((k) => set[k])
        .map(root),
    );
    // Only the corner of a staircase: two 4-neighbours at right angles (plus their shared corner).
    const fourSet = [0, 2, 4, 6].filter((k) => set[k]).length;
    if (roots.size === 1 && fourSet === 2 && !(set[0] && set[4]) && !(set[2] && set[6]))
      table[code] = 1;
  }
  return table;
})();

/** A skeleton chain: pixel centres (image px) between two ends or junctions, or a loop. */
interface Chain {
  pixels: Point[];
  freeStart: boolean;
  freeEnd: boolean;
  closed: boolean;
}

/**
 * Traces a padded skeleton (W × H) into chains between ends (one neighbour) and junctions
 * (three or more). Spurs (a free end joined to a junction, shorter than `spur` px) and specks
 * shorter than 2 px are left out.
 */
function traceSkeleton(skel: Uint8Array, W: number, H: number, spur: number): Chain[] {
  const offsets = [-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1];
  const degree = new Uint8Array(skel.length);
  for (let i = W; i < skel.length - W; i++) {
    if (!skel[i]) continue;
    let d = 0;
    for (const o of offsets) d += skel[i + o]!;
    degree[i] = d;
  }
  const point = (i: number): Point => ({ x: (i % W) - 1 + 0.5, y: Math.floor(i / W) - 1 + 0.5 });
  const visited = new Uint8Array(skel.length);
  const chains: Chain[] = [];
  const isNode = (i: number) => degree[i] !== 2;
  const walk = (from: number, first: number): number[] => {
    const path = [from, first];
    let previous = from;
    let current = first;
    visited[first] = 1;
    while (!isNode(current)) {
      let next = -1;
      for (const o of offsets) {
        const j = current + o;
        if (
          skel[j] &&
          j !== previous &&
          (isNode(j) ? j !== from || path.length > 2 : !visited[j])
        ) {
          next = j;
          break;
        }
      }
      if (next < 0) break;
      path.push(next);
      if (isNode(next)) break;
      visited[next] = 1;
      previous = current;
      current = next;
    }
    return path;
  };
  const keep = (path: number[], closed: boolean) => {
    const freeStart = !closed && degree[path[0]!] === 1;
    const freeEnd = !closed && degree[path[path.length - 1]!] === 1;
    const length = path.length - 1;
    if (length < 2) return;
    if (freeStart !== freeEnd && length < spur) return;
    chains.push({ pixels: path.map(point), freeStart, freeEnd, closed });
  };
  const linked = new Set<string>();
  for (let i = W; i < skel.length - W; i++) {
    if (!skel[i] || !isNode(i) || degree[i] === 0) continue;
    for (const o of offsets) {
      const j = i + o;
      if (!skel[j]) continue;
      if (isNode(j)) {
        // Two node pixels side by side: a chain of one step only between an end and a junction.
        if (degree[i] === 1 || degree[j] === 1) {
          const key = i < j ? `${i},${j}` : `${j},${i}`;
          if (!linked.has(key)) {
            linked.add(key);
            keep([i, j], false);
          }
        }
        continue;
      }
      if (visited[j]) continue;
      keep(walk(i, j), false);
    }
  }
  // Loops without a node (circles standing alone).
  for (let i = W; i < skel.length - W; i++) {
    if (!skel[i] || visited[i] || degree[i] !== 2) continue;
    visited[i] = 1;
    const path = [i];
    let previous = -1;
    let current = i;
    for (;;) {
      let next = -1;
      for (const o of offsets) {
        const j = current + o;
        if (skel[j] && j !== previous && !visited[j]) {
          next = j;
          break;
        }
      }
      if (next < 0) break;
      visited[next] = 1;
      path.push(next);
      previous = current;
      current = next;
    }
    path.push(i);
    keep(path, true);
  }
  return chains;
}

// ——— Fitting ———

interface LineFit {
  c: Point;
  u: Point;
  maxDev: number;
}

/** Total least-squares line through pts[from..to]: centre, unit direction (first → last). */
function fitLine(pts: Point[], from = 0, to = pts.length - 1): LineFit {
  const n = to - from + 1;
  let mx = 0;
  let my = 0;
  for (let i = from; i <= to; i++) {
    mx += pts[i]!.x;
    my += pts[i]!.y;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = from; i <= to; i++) {
    const dx = pts[i]!.x - mx;
    const dy = pts[i]!.y - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  let u = { x: Math.cos(angle), y: Math.sin(angle) };
  if (dot(sub(pts[to]!, pts[from]!), u) < 0) u = { x: -u.x, y: -u.y };
  const c = { x: mx, y: my };
  const nrm = normalOf(u);
  let maxDev = 0;
  for (let i = from; i <= to; i++) maxDev = Math.max(maxDev, Math.abs(dot(sub(pts[i]!, c), nrm)));
  return { c, u, maxDev };
}

/** Algebraic least-squares circle through pts[from..to] and its largest radial miss. */
function fitCircle(
  pts: Point[],
  from = 0,
  to = pts.length - 1,
): { center: Point; radius: number; maxDev: number } | undefined {
  const n = to - from + 1;
  let mx = 0;
  let my = 0;
  for (let i = from; i <= to; i++) {
    mx += pts[i]!.x;
    my += pts[i]!.y;
  }
  mx /= n;
  my /= n;
  let suu = 0;
  let svv = 0;
  let suv = 0;
  let suuu = 0;
  let svvv = 0;
  let suvv = 0;
  let svuu = 0;
  for (let i = from; i <= to; i++) {
    const u = pts[i]!.x - mx;
    const v = pts[i]!.y - my;
    suu += u * u;
    svv += v * v;
    suv += u * v;
    suuu += u * u * u;
    svvv += v * v * v;
    suvv += u * v * v;
    svuu += v * u * u;
  }
  const det = suu * svv - suv * suv;
  if (Math.abs(det) < 1e-9) return undefined;
  const bu = (suuu + suvv) / 2;
  const bv = (svvv + svuu) / 2;
  const uc = (bu * svv - bv * suv) / det;
  const vc = (bv * suu - bu * suv) / det;
  const radius = Math.sqrt(uc * uc + vc * vc + (suu + svv) / n);
  const center = { x: mx + uc, y: my + vc };
  let maxDev = 0;
  for (let i = from; i <= to; i++)
    maxDev = Math.max(maxDev, Math.abs(dist(pts[i]!, center) - radius));
  return { center, radius, maxDev };
}

/** Signed turning of pts[from..to] around `center`, radians. */
function sweepOf(pts: Point[], center: Point, from = 0, to = pts.length - 1): number {
  let sweep = 0;
  for (let i = from + 1; i <= to; i++) {
    let step =
      Math.atan2(pts[i]!.y - center.y, pts[i]!.x - center.x) -
      Math.atan2(pts[i - 1]!.y - center.y, pts[i - 1]!.x - center.x);
    if (step > Math.PI) step -= 2 * Math.PI;
    if (step < -Math.PI) step += 2 * Math.PI;
    sweep += step;
  }
  return sweep;
}

const arcFits = (fit: { radius: number; maxDev: number } | undefined) =>
  !!fit &&
  fit.radius >= 1.5 &&
  fit.radius < 1e4 &&
  fit.maxDev <= Math.min(ARC_TOL_MAX_PX, ARC_TOL_PX + ARC_TOL_SHARE * fit.radius);

/** Whether pts[from..to] is one circular arc: it fits a circle and turns by 20° or more. */
function isArc(pts: Point[], from: number, to: number): boolean {
  const fit = fitCircle(pts, from, to);
  return arcFits(fit) && Math.abs(sweepOf(pts, fit!.center, from, to)) >= ARC_MIN_SWEEP;
}

/**
 * Splits a chain into straight lines and circular arcs: a stretch that no line fits within
 * 1.1 px is tried as an arc, else split at its point farthest from its chord; neighbours that
 * fit one line (or one circle) together are joined again. Adjacent lines meet at their
 * intersection when they turn by 15° or more.
 */
function splitChain(chain: Chain): { lines: Line[]; arcs: Arc[] } {
  let pts = chain.pixels;
  if (chain.closed && pts.length >= 12) {
    const circle = fitCircle(pts);
    if (arcFits(circle) && Math.abs(sweepOf(pts, circle!.center)) > 1.9 * Math.PI)
      return {
        lines: [],
        arcs: [{ ...circle!, startRad: 0, sweepRad: 2 * Math.PI, pixels: pts, widthPx: 0 }],
      };
  }
  if (chain.closed) {
    // Start a loop at a corner (the pixel farthest from its middle), not inside a side.
    const cx = pts.reduce((sum, p) => sum + p.x, 0) / pts.length;
    const cy = pts.reduce((sum, p) => sum + p.y, 0) / pts.length;
    let far = 0;
    pts.forEach((p, k) => {
      if ((p.x - cx) ** 2 + (p.y - cy) ** 2 > (pts[far]!.x - cx) ** 2 + (pts[far]!.y - cy) ** 2)
        far = k;
    });
    const ring = pts.slice(0, -1);
    pts = [...ring.slice(far), ...ring.slice(0, far), ring[far]!];
  }
  type Span = { kind: 'line' | 'arc'; i: number; j: number };
  const spans: Span[] = [];
  const stack: [number, number][] = [[0, pts.length - 1]];
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    if (j - i < 2 || fitLine(pts, i, j).maxDev <= LINE_TOL_PX) {
      spans.push({ kind: 'line', i, j });
      continue;
    }
    if (j - i >= 7 && isArc(pts, i, j)) {
      spans.push({ kind: 'arc', i, j });
      continue;
    }
    const a = pts[i]!;
    const chord = sub(pts[j]!, a);
    const length = Math.hypot(chord.x, chord.y);
    let k = (i + j) >> 1;
    let far = -1;
    for (let m = i + 1; m < j; m++) {
      const d = length > 1 ? Math.abs(cross(chord, sub(pts[m]!, a))) / length : dist(pts[m]!, a);
      if (d > far) {
        far = d;
        k = m;
      }
    }
    stack.push([k, j], [i, k]);
  }
  spans.sort((p, q) => p.i - q.i);
  // Join neighbours that fit one line or one circle.
  const joined: Span[] = [];
  for (const span of spans) {
    const last = joined[joined.length - 1];
    if (last && last.kind === span.kind) {
      const fits =
        span.kind === 'line'
          ? fitLine(pts, last.i, span.j).maxDev <= LINE_TOL_PX
          : isArc(pts, last.i, span.j);
      if (fits) {
        last.j = span.j;
        continue;
      }
    }
    joined.push({ ...span });
  }
  const lines: Line[] = [];
  const arcs: Arc[] = [];
  let previous: { line: Line; fit: LineFit } | undefined;
  joined.forEach((span, index) => {
    const first = index === 0;
    const lastSpan = index === joined.length - 1;
    if (span.kind === 'arc') {
      const circle = fitCircle(pts, span.i, span.j)!;
      const start = Math.atan2(pts[span.i]!.y - circle.center.y, pts[span.i]!.x - circle.center.x);
      arcs.push({
        center: circle.center,
        radius: circle.radius,
        startRad: start,
        sweepRad: sweepOf(pts, circle.center, span.i, span.j),
        pixels: pts.slice(span.i, span.j + 1),
        widthPx: 0,
      });
      previous = undefined;
      return;
    }
    const fit = fitLine(pts, span.i, span.j);
    const project = (p: Point) => add(fit.c, fit.u, dot(sub(p, fit.c), fit.u));
    const line: Line = {
      a: project(pts[span.i]!),
      b: project(pts[span.j]!),
      pixels: pts.slice(span.i, span.j + 1),
      freeA: first && chain.freeStart,
      freeB: lastSpan && chain.freeEnd,
      widthPx: 0,
    };
    if (previous && Math.abs(cross(previous.fit.u, fit.u)) > Math.sin((15 * Math.PI) / 180)) {
      const corner = intersect(previous.fit, fit);
      if (corner && dist(corner, pts[span.i]!) <= 3) {
        previous.line.b = corner;
        line.a = corner;
      }
    }
    lines.push(line);
    previous = { line, fit };
    if (chain.closed && lastSpan && joined.length > 1 && joined[0]!.kind === 'line') {
      const firstFit = fitLine(pts, joined[0]!.i, joined[0]!.j);
      const corner = intersect(fit, firstFit);
      if (
        corner &&
        Math.abs(cross(fit.u, firstFit.u)) > Math.sin((15 * Math.PI) / 180) &&
        dist(corner, pts[span.j]!) <= 3
      ) {
        line.b = corner;
        lines[0]!.a = corner;
      }
    }
  });
  return { lines, arcs };
}

/** Where two fitted lines cross (undefined when parallel). */
function intersect(p: LineFit, q: LineFit): Point | undefined {
  const denominator = cross(p.u, q.u);
  if (Math.abs(denominator) < 1e-9) return undefined;
  const t = cross(sub(q.c, p.c), q.u) / denominator;
  return add(p.c, p.u, t);
}

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

// ——— Joining ———

/** Share of the points between a and b (every half pixel) that are ink. */
function inkedShare(ink: Uint8Array, w: number, h: number, a: Point, b: Point): number {
  const steps = Math.max(1, Math.ceil(dist(a, b) * 2));
  let inked = 0;
  for (let k = 0; k <= steps; k++) {
    const x = Math.floor(a.x + ((b.x - a.x) * k) / steps);
    const y = Math.floor(a.y + ((b.y - a.y) * k) / steps);
    if (x >= 0 && y >= 0 && x < w && y < h && ink[y * w + x]) inked++;
  }
  return inked / (steps + 1);
}

class UnionFind {
  private readonly parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]!]!;
      i = this.parent[i]!;
    }
    return i;
  }
  union(a: number, b: number): void {
    this.parent[this.find(a)] = this.find(b);
  }
}

/** Ends of lines in square cells of `cell` px, for finding the lines whose ends are near a point. */
function endGrid(lines: Line[], cell: number) {
  const grid = new Map<string, { line: number; end: 'a' | 'b' }[]>();
  const key = (x: number, y: number) => `${x},${y}`;
  lines.forEach((line, index) => {
    for (const end of ['a', 'b'] as const) {
      const p = line[end];
      const k = key(Math.floor(p.x / cell), Math.floor(p.y / cell));
      const list = grid.get(k) ?? [];
      list.push({ line: index, end });
      grid.set(k, list);
    }
  });
  return (p: Point, radius: number) => {
    const out: { line: number; end: 'a' | 'b' }[] = [];
    const r = Math.ceil(radius / cell);
    const cx = Math.floor(p.x / cell);
    const cy = Math.floor(p.y / cell);
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++) out.push(...(grid.get(key(cx + dx, cy + dy)) ?? []));
    return out;
  };
}

/**
 * Whether two lines lie on one straight line: the shorter one's ends within `tolPx` (or 0.4 of
 * the thinner width) of the longer one's line, their directions within `maxRad` — or more for a
 * short line, whose direction the skeleton bends near a junction: up to what 2 px across its
 * length give.
 */
function collinear(p: Line, q: Line, tolPx = COLLINEAR_PX, maxRad = COLLINEAR_RAD): boolean {
  const [long, short] = dist(p.a, p.b) >= dist(q.a, q.b) ? [p, q] : [q, p];
  const ul = unit(long.a, long.b);
  const us = unit(short.a, short.b);
  const angle = Math.max(maxRad, Math.atan2(2, dist(short.a, short.b)));
  if (Math.abs(cross(ul, us)) > Math.sin(Math.min(angle, (15 * Math.PI) / 180))) return false;
  const tol = Math.max(tolPx, 0.4 * Math.min(p.widthPx, q.widthPx));
  const off = (point: Point) => Math.abs(cross(ul, sub(point, long.a)));
  return off(short.a) <= tol && off(short.b) <= tol;
}

/**
 * Joins lines broken where other lines cross or meet them: collinear, of like width, with ends
 * within `reach` px and ink all the way between them.
 */
function joinLines(lines: Line[], ink: Uint8Array, w: number, h: number, reach: number): Line[] {
  const near = endGrid(lines, Math.max(8, reach));
  const sets = new UnionFind(lines.length);
  lines.forEach((line, i) => {
    for (const end of ['a', 'b'] as const) {
      for (const other of near(line[end], reach)) {
        if (other.line <= i) continue;
        const q = lines[other.line]!;
        const p = q[other.end];
        if (dist(p, line[end]) > reach) continue;
        const ratio =
          Math.max(line.widthPx, q.widthPx) / Math.max(0.5, Math.min(line.widthPx, q.widthPx));
        if (ratio > 1.5 || !collinear(line, q)) continue;
        if (inkedShare(ink, w, h, line[end], p) < 0.9) continue;
        sets.union(i, other.line);
      }
    }
  });
  const groups = new Map<number, Line[]>();
  lines.forEach((line, i) => {
    const root = sets.find(i);
    const list = groups.get(root) ?? [];
    list.push(line);
    groups.set(root, list);
  });
  const out: Line[] = [];
  for (const group of groups.values()) {
    if (group.length === 1) {
      out.push(group[0]!);
      continue;
    }
    const pixels = group.flatMap((line) => line.pixels);
    const fit = fitLine(pixels);
    if (fit.maxDev > 1.5 * LINE_TOL_PX + 1) {
      out.push(...group);
      continue;
    }
    let lo = { t: Infinity, free: false };
    let hi = { t: -Infinity, free: false };
    for (const line of group)
      for (const [p, free] of [
        [line.a, line.freeA],
        [line.b, line.freeB],
      ] as const) {
        const t = dot(sub(p, fit.c), fit.u);
        if (t < lo.t) lo = { t, free };
        if (t > hi.t) hi = { t, free };
      }
    let widthSum = 0;
    let lengthSum = 0;
    for (const line of group) {
      const l = dist(line.a, line.b);
      widthSum += line.widthPx * l;
      lengthSum += l;
    }
    out.push({
      a: add(fit.c, fit.u, lo.t),
      b: add(fit.c, fit.u, hi.t),
      pixels,
      freeA: lo.free,
      freeB: hi.free,
      widthPx: lengthSum > 0 ? widthSum / lengthSum : group[0]!.widthPx,
    });
  }
  return out;
}

const TWO_PI = 2 * Math.PI;
const normalAngle = (a: number) => ((a % TWO_PI) + TWO_PI) % TWO_PI;

/**
 * Joins arcs of one circle broken where lines cross them: centres and radii within 1.5 px
 * (+ 2 % of the radius) and ink along the circle between their ends. A circle covered all round
 * (but for less than 10°) becomes a full circle.
 */
function joinArcs(arcs: Arc[], ink: Uint8Array, w: number, h: number): Arc[] {
  const sets = new UnionFind(arcs.length);
  const endsOf = (arc: Arc) => [arc.startRad, arc.startRad + arc.sweepRad];
  const inkedAlong = (center: Point, radius: number, from: number, to: number) => {
    let span = normalAngle(to - from);
    if (span > Math.PI) span -= TWO_PI;
    const steps = Math.max(1, Math.ceil(Math.abs(span) * radius * 2));
    let inked = 0;
    for (let k = 0; k <= steps; k++) {
      const angle = from + (span * k) / steps;
      const x = Math.floor(center.x + radius * Math.cos(angle));
      const y = Math.floor(center.y + radius * Math.sin(angle));
      if (x >= 0 && y >= 0 && x < w && y < h && ink[y * w + x]) inked++;
    }
    return inked / (steps + 1);
  };
  for (let i = 0; i < arcs.length; i++)
    for (let j = i + 1; j < arcs.length; j++) {
      const p = arcs[i]!;
      const q = arcs[j]!;
      const tol = 1.5 + 0.02 * Math.max(p.radius, q.radius);
      if (dist(p.center, q.center) > tol || Math.abs(p.radius - q.radius) > tol) continue;
      const radius = (p.radius + q.radius) / 2;
      const gapMax = (3 * (4 + 0.1 * radius)) / radius;
      const joined = endsOf(p).some((e) =>
        endsOf(q).some((f) => {
          let gap = Math.abs(normalAngle(e - f));
          gap = Math.min(gap, TWO_PI - gap);
          return gap <= gapMax && inkedAlong(p.center, radius, e, f) >= 0.9;
        }),
      );
      if (joined) sets.union(i, j);
    }
  const groups = new Map<number, Arc[]>();
  arcs.forEach((arc, i) => {
    const root = sets.find(i);
    groups.set(root, [...(groups.get(root) ?? []), arc]);
  });
  const out: Arc[] = [];
  for (const group of groups.values()) {
    if (group.length === 1 && Math.abs(group[0]!.sweepRad) >= TWO_PI - 1e-9) {
      out.push(group[0]!);
      continue;
    }
    const pixels = group.flatMap((arc) => arc.pixels);
    const circle = fitCircle(pixels);
    if (!circle || !arcFits({ radius: circle.radius, maxDev: circle.maxDev - 0.5 })) {
      out.push(...group);
      continue;
    }
    // Covered degrees: each arc's span, and the inked gaps between them.
    const covered = new Uint8Array(360);
    const mark = (from: number, sweep: number) => {
      const start = sweep >= 0 ? from : from + sweep;
      const steps = Math.ceil((Math.abs(sweep) * 180) / Math.PI) + 1;
      for (let k = 0; k <= steps; k++)
        covered[
          Math.floor((normalAngle(start + (Math.abs(sweep) * k) / steps) * 180) / Math.PI) % 360
        ] = 1;
    };
    for (const arc of group) mark(arc.startRad, arc.sweepRad);
    const ends = group
      .flatMap(endsOf)
      .map(normalAngle)
      .sort((p, q) => p - q);
    ends.forEach((e, k) => {
      const f = ends[(k + 1) % ends.length]!;
      const span = normalAngle(f - e);
      if (
        span * circle.radius <= 3 * (4 + 0.1 * circle.radius) &&
        inkedAlong(circle.center, circle.radius, e, e + span) >= 0.9
      )
        mark(e, span);
    });
    // The largest uncovered stretch decides: under 10° a full circle, else the arc around it.
    let bestStart = 0;
    let bestLength = 0;
    for (let s = 0; s < 360; s++) {
      if (covered[s] || !covered[(s + 359) % 360]) continue;
      let l = 0;
      while (l < 360 && !covered[(s + l) % 360]) l++;
      if (l > bestLength) {
        bestLength = l;
        bestStart = s;
      }
    }
    if (bestLength < 10) {
      out.push({
        center: circle.center,
        radius: circle.radius,
        startRad: 0,
        sweepRad: TWO_PI,
        pixels,
        widthPx: 0,
      });
      continue;
    }
    const startDeg = (bestStart + bestLength) % 360;
    out.push({
      center: circle.center,
      radius: circle.radius,
      startRad: (startDeg * Math.PI) / 180,
      sweepRad: ((360 - bestLength) * Math.PI) / 180,
      pixels,
      widthPx: 0,
    });
  }
  return out;
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

/** A dashed line: from its first dash's start to its last dash's end, px, and its pattern. */
interface DashedLine {
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
 */
function findDashes(
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

/**
 * Ties each arrowhead to its dimension or leader line: the line running back from the arrow
 * along its axis (within 8°, its end between the base and the tip) takes the arrow's tip as its
 * end, and the arrow the line's direction. An arrow without such a line is squared to the
 * page when within 3° of it.
 */
function tieArrows(arrows: Arrowhead[], lines: Line[]): void {
  for (const arrow of arrows) {
    const back = { x: -arrow.u.x, y: -arrow.u.y };
    let best: { line: Line; end: 'a' | 'b'; off: number } | undefined;
    for (const line of lines) {
      const v = unit(line.a, line.b);
      if (Math.abs(cross(v, arrow.u)) > Math.sin((8 * Math.PI) / 180)) continue;
      const off = Math.abs(cross(v, sub(arrow.tip, line.a)));
      if (off > Math.max(1.5, 0.6 * arrow.halfWidth)) continue;
      for (const [end, other] of [
        ['a', 'b'],
        ['b', 'a'],
      ] as const) {
        const s = dot(sub(line[end], arrow.tip), back);
        const sOther = dot(sub(line[other], arrow.tip), back);
        if (s < -1.5 || s > arrow.length + 3 || sOther <= s) continue;
        if (!best || off < best.off) best = { line, end, off };
      }
    }
    if (best) {
      const { line, end } = best;
      const other = end === 'a' ? line.b : line.a;
      const v = unit(other, line[end]);
      const tip = add(other, v, dot(sub(arrow.tip, other), v));
      line[end] = tip;
      arrow.tip = tip;
      arrow.u = v;
      continue;
    }
    const angle = Math.atan2(arrow.u.y, arrow.u.x);
    const square = Math.round(angle / (Math.PI / 2)) * (Math.PI / 2);
    if (Math.abs(angle - square) <= (3 * Math.PI) / 180)
      arrow.u = { x: Math.round(Math.cos(square)), y: Math.round(Math.sin(square)) };
  }
}

/** Whether p lies inside an arrowhead's triangle grown by 2.5 px (thinning's stubs at its tip). */
function insideArrow(p: Point, arrow: Arrowhead): boolean {
  const v = sub(p, arrow.tip);
  const back = -dot(v, arrow.u);
  const across = Math.abs(cross(arrow.u, v));
  const margin = 2.5;
  return (
    back >= -margin &&
    back <= arrow.length + margin &&
    across <= (arrow.halfWidth * Math.max(0, back)) / arrow.length + margin
  );
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
