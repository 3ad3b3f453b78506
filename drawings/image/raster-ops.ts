/**
 * Raster operations of the vectorizer (vectorize.ts) on 8-bit greyscale images: grey levels of
 * paper and ink, sub-pixel sampling, clearing boxes, connected components and specks, and the
 * exact Euclidean distance transform. Pixel (i, j) covers [i, i+1) × [j, j+1), y down.
 */
import type { Point } from '../geometry/primitives.ts';
import { otsuThreshold } from '../engines/prepare-image.ts';
import { add } from '../geometry/plane.ts';
import type { GreyImage } from '../engines/prepare-image.ts';
import type { PixelBox } from './types.ts';

/** Ink is a pixel at least this far from the paper's grey towards the ink's (0..1). */
const INK_DARKNESS = 0.4;
/** Cross-sections stop where the grey is this close to the paper (0..1 of paper → ink). */
export const EDGE_DARKNESS = 0.12;
/** Share of the line work's ridge pixels whose half width is the widest line's: the rest is
 * fills, arrowheads and noise. */
const LINE_RIDGE_SHARE = 0.97;
/** Share of the ridge pixels at most as wide as the thin lines (dimension lines, hatching). */
const THIN_RIDGE_SHARE = 0.3;
export interface Levels {
  paper: number;
  ink: number;
  threshold: number;
}

/** Paper and ink grey levels (Otsu's two classes) and the ink threshold between them. */
export function levelsOf(data: Uint8Array): Levels {
  const otsu = otsuThreshold(data);
  const histogram = new Float64Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]!]! += 1;
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
export class Sampler {
  private readonly scale: number;
  constructor(
    private readonly image: GreyImage,
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

/**
 * Clears a text box from an ink mask, except the lines that run into it: a row (or column) inked
 * from one pixel before the box to one pixel after it is a line the text sits on or crosses (an
 * outline under a diameter written inside the part), and stays; so does the stretch of a row (or
 * column) that runs straight into the box, inked for `lineRunPx` outside it, as far as it stays
 * inked inside and up to the first line that leaves it square for as long (an outline's corner
 * under a value written across it, not the extension line beyond the corner; a letter's stroke
 * across the line does not stop it).
 *
 * @param ink - 1 = ink, changed in place
 * @param box - the text's box, px (grown by a pixel each side)
 * @param lineRunPx - how far a row or column runs inked outside the box to be a line running
 *   into it: longer than any stroke of the lettering (Infinity: only lines through the box stay)
 */
export function clearBox(
  ink: Uint8Array,
  w: number,
  h: number,
  box: PixelBox,
  lineRunPx = Infinity,
): void {
  const x0 = Math.max(0, Math.floor(box.x) - 1);
  const y0 = Math.max(0, Math.floor(box.y) - 1);
  const x1 = Math.min(w, Math.ceil(box.x + box.width) + 1);
  const y1 = Math.min(h, Math.ceil(box.y + box.height) + 1);
  if (x1 <= x0 || y1 <= y0) return;
  const kept = linesInto(ink, w, h, { x0, y0, x1, y1 }, lineRunPx);
  const rowThrough = (y: number) => {
    if (x0 === 0 || x1 === w) return false;
    for (let x = x0 - 1; x <= x1; x++) if (!ink[y * w + x]) return false;
    return true;
  };
  const columnThrough = (x: number) => {
    if (y0 === 0 || y1 === h) return false;
    for (let y = y0 - 1; y <= y1; y++) if (!ink[y * w + x]) return false;
    return true;
  };
  const rows: boolean[] = [];
  for (let y = y0; y < y1; y++) rows.push(rowThrough(y));
  const columns: boolean[] = [];
  for (let x = x0; x < x1; x++) columns.push(columnThrough(x));
  for (let y = y0; y < y1; y++) {
    if (rows[y - y0]) continue;
    for (let x = x0; x < x1; x++)
      if (!columns[x - x0] && !kept[(y - y0) * (x1 - x0) + x - x0]) ink[y * w + x] = 0;
  }
}

/**
 * The pixels of a box (x0 ≤ x < x1, y0 ≤ y < y1) that continue a row or column inked straight
 * into it from outside for `run` px: from its edge, as far as the ink runs on unbroken, up to
 * the first pixel where ink leaves square to it for `run` px too (a corner, or a line the row
 * meets). 1 = kept, row-major over the box.
 */
function linesInto(
  ink: Uint8Array,
  w: number,
  h: number,
  { x0, y0, x1, y1 }: { x0: number; y0: number; x1: number; y1: number },
  run: number,
): Uint8Array {
  const bw = x1 - x0;
  const kept = new Uint8Array(bw * (y1 - y0));
  if (!Number.isFinite(run)) return kept;
  const inked = (x: number, y: number) => x >= 0 && x < w && y >= 0 && y < h && ink[y * w + x];
  const reach = (x: number, y: number, dx: number, dy: number, most: number) => {
    let k = 0;
    while (k < most && inked(x + (k + 1) * dx, y + (k + 1) * dy)) k += 1;
    return k;
  };
  const square = Math.round(run);
  const walk = (x: number, y: number, dx: number, dy: number) => {
    let meeting = false;
    for (; x >= x0 && x < x1 && y >= y0 && y < y1 && inked(x, y); x += dx, y += dy) {
      // Through the width of a line that leaves square, and no further.
      const across = reach(x, y, dy, dx, square) + reach(x, y, -dy, -dx, square) >= square;
      if (meeting && !across) return;
      meeting ||= across;
      kept[(y - y0) * bw + x - x0] = 1;
    }
  };
  const from = (x: number, y: number, dx: number, dy: number) => {
    if (reach(x - dx, y - dy, -dx, -dy, run) >= run - 1 && inked(x - dx, y - dy))
      walk(x, y, dx, dy);
  };
  for (let y = y0; y < y1; y++) {
    from(x0, y, 1, 0);
    from(x1 - 1, y, -1, 0);
  }
  for (let x = x0; x < x1; x++) {
    from(x, y0, 0, 1);
    from(x, y1 - 1, 0, -1);
  }
  return kept;
}

/**
 * The 8-connected components of `mask` (1 = set) as lists of pixel indices, each passed to
 * `visit`; `mask` is left as it was. With `connectivity` 4, pixels touching only at a corner are
 * apart (the paper inside a ring of 8-connected ink).
 */
export function components(
  mask: Uint8Array,
  w: number,
  h: number,
  visit: (pixels: number[]) => void,
  connectivity: 4 | 8 = 8,
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
          if (xx < 0 || xx >= w || (connectivity === 4 && dx !== 0 && dy !== 0)) continue;
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

/** The bounding box (inclusive, px) and centroid of pixels given as indices in a row of `w`. */
function pixelBox(pixels: number[], w: number) {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  let sx = 0;
  let sy = 0;
  for (const p of pixels) {
    const x = p % w;
    const y = (p - x) / w;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
    sx += x;
    sy += y;
  }
  return { x0, x1, y0, y1, cx: sx / pixels.length, cy: sy / pixels.length };
}

/**
 * Clears the letters OCR did not box: ink components standing alone whose box is about a
 * letter's size (half to 1.4 times the text height, both ways at least 0.3 of it: a dash of a
 * hidden or centre line is long and thin) and that are not a ring (a small hole drawn as a circle:
 * its pixels all about as far from their centre). A letter beside a section view ('B' of a
 * detail mark) otherwise reads as part geometry.
 *
 * @param ink - 1 = ink, changed in place
 * @param textPx - the drawing's text height, px (the OCR runs' median)
 * @returns how many components were cleared
 */
export function dropGlyphs(ink: Uint8Array, w: number, h: number, textPx: number): number {
  let dropped = 0;
  const low = 0.5 * textPx;
  const high = 1.4 * textPx;
  components(ink, w, h, (pixels) => {
    if (pixels.length > high * high) return;
    const { x0, x1, y0, y1, cx, cy } = pixelBox(pixels, w);
    const big = Math.max(x1 - x0, y1 - y0) + 1;
    const small = Math.min(x1 - x0, y1 - y0) + 1;
    if (big < low || big > high || small < 0.3 * big) return;
    let sum = 0;
    let sum2 = 0;
    for (const p of pixels) {
      const x = p % w;
      const r = Math.hypot(x - cx, (p - x) / w - cy);
      sum += r;
      sum2 += r * r;
    }
    const mean = sum / pixels.length;
    const spread = Math.sqrt(Math.max(0, sum2 / pixels.length - mean * mean));
    if (small >= 0.8 * big && spread <= 0.2 * mean) return;
    for (const p of pixels) ink[p] = 0;
    dropped++;
  });
  return dropped;
}

/** Clears ink components whose bounding box is under `minSide` px both ways; returns how many. */
export function dropSpecks(ink: Uint8Array, w: number, h: number, minSide: number): number {
  let dropped = 0;
  components(ink, w, h, (pixels) => {
    if (pixels.length > minSide * minSide) return;
    const { x0, x1, y0, y1 } = pixelBox(pixels, w);
    if (x1 - x0 + 1 >= minSide || y1 - y0 + 1 >= minSide) return;
    for (const p of pixels) ink[p] = 0;
    dropped++;
  });
  return dropped;
}

/** Largest squared distance a distance map holds: 255 px, far wider than any drawn line. */
export const MAX_SQUARED_DISTANCE = 65_535;

/**
 * Squared Euclidean distance from each ink pixel to the nearest paper pixel (0 on paper), in
 * whole px², at most MAX_SQUARED_DISTANCE: 2 bytes a pixel (15 MB on a 3300 × 2300 px scan, where
 * 4-byte floats took 31 MB); the distances are sums of squared whole offsets, so exact.
 */
export function distanceToPaper(ink: Uint8Array, w: number, h: number): Uint16Array {
  const out = new Uint16Array(w * h);
  const n = Math.max(w, h);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  const INF = 1e20;
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) f[y] = ink[y * w + x] ? INF : 0;
    transform1d(f, h, d, v, z);
    for (let y = 0; y < h; y++) out[y * w + x] = Math.min(d[y]!, MAX_SQUARED_DISTANCE);
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) f[x] = out[row + x]!;
    transform1d(f, w, d, v, z);
    for (let x = 0; x < w; x++) out[row + x] = Math.min(d[x]!, MAX_SQUARED_DISTANCE);
  }
  return out;
}

/** Felzenszwalb–Huttenlocher 1D squared distance transform of f[0..n) into d. */
export function transform1d(
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
 * Half widths of the lines, px, from the distance to paper on the ridges of the ink (pixels at
 * least as far from paper as their neighbours): the widest lines' is the value 97 % of the
 * ridge pixels do not exceed, the thin lines' (dimension lines, hatching) the value 30 % do not.
 */
export function lineHalfWidths(
  dt: Uint16Array,
  ink: Uint8Array,
  w: number,
  h: number,
): { widest: number; thin: number } {
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
  const quantile = (share: number) => {
    let seen = 0;
    for (let b = 0; b < 256; b++) {
      seen += bins[b]!;
      if (seen >= share * total) return Math.max(1, b / 4);
    }
    return 1;
  };
  return { widest: quantile(LINE_RIDGE_SHARE), thin: quantile(THIN_RIDGE_SHARE) };
}

// ——— Filled regions ———
