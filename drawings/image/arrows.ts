/**
 * Filled regions of a raster's ink (vectorize.ts): what a disc just wider than the thin lines
 * leaves after an opening, sorted into arrowheads (fitted as triangles from the ink's width
 * profile along their axis) and solid fills, and cleared from the line work. Pixels, y down.
 */
import type { Point } from '../geometry/primitives.ts';
import type { Line } from './types.ts';
import { add, cross, dot, median, normalOf, sub, unit } from '../geometry/plane.ts';
import {
  EDGE_DARKNESS,
  components,
  distanceToPaper,
  lineHalfWidths,
  type Sampler,
} from './raster-ops.ts';

/** A filled arrowhead, px: tip, unit direction base → tip, length and half width of the base. */
export interface Arrowhead {
  tip: Point;
  u: Point;
  length: number;
  halfWidth: number;
}

/**
 * Stage 2 of vectorize: the distance of each ink pixel to paper, the line half widths it gives, and the
 * arrowheads and solid fills found with it; the line work is the ink without them.
 */
export function filledRegions(
  ink: Uint8Array,
  w: number,
  h: number,
  arrowMaxPx: number,
  grey: Sampler,
): { lineHalf: number; lineWork: Uint8Array; arrows: Arrowhead[]; fills: number } {
  const dt = distanceToPaper(ink, w, h);
  const { widest: lineHalf, thin: thinHalf } = lineHalfWidths(dt, ink, w, h);
  const lineWork = ink.slice();
  const { arrows, fills } = findFills(
    ink,
    lineWork,
    dt,
    w,
    h,
    lineHalf,
    arrowMaxPx,
    grey,
    thinHalf,
  );
  return { lineHalf, lineWork, arrows, fills };
}

/**
 * Finds arrowheads and solid fills in the opening of the ink by a disc just wider than the thin
 * lines (`thinHalf`): arrowheads are often narrower than the outlines, so the opening leaves the
 * outlines too, which fitArrow refuses (they do not narrow to a tip). Solid fills are regions
 * wider than the widest line (`lineHalf`). Both are cleared from `lineWork`.
 */
export function findFills(
  ink: Uint8Array,
  lineWork: Uint8Array,
  dt: Uint16Array,
  w: number,
  h: number,
  lineHalf: number,
  arrowMaxPx: number,
  grey: Sampler,
  thinHalf: number,
): { arrows: Arrowhead[]; fills: number } {
  const radius = thinHalf + 0.75;
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
  const thinDt = Math.max(2, (thinHalf + 0.5) ** 2);
  // A small arrowhead's opening is a round patch near its base: its shape says little about
  // its axis. Grown through the ink that is no thin line's (farther from paper than a thin line's
  // middle, and at least √2 px) and within
  // three times its radius, it takes in most of the triangle.
  // The pixels taken, per region: a set, not a page-sized array (arrowheads are a few hundred
  // pixels; an Int32Array of the page was 31 MB of a 3300 × 2300 px scan's read).
  const grow = (pixels: number[]): number[] => {
    const taken = new Set<number>(pixels);
    let cx = 0;
    let cy = 0;
    for (const p of pixels) {
      cx += p % w;
      cy += Math.floor(p / w);
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
          if (taken.has(q) || !ink[q] || dt[q]! <= thinDt) continue;
          if ((xx - cx) ** 2 + (yy - cy) ** 2 > reach2) continue;
          taken.add(q);
          region.push(q);
        }
    }
    return region;
  };
  const taken = (pixels: number[], arrow: Arrowhead) => {
    arrows.push(arrow);
    clearTriangle(lineWork, w, h, arrow, tipCrossed(ink, w, h, arrow, lineHalf) ? lineHalf : 0);
    for (const p of pixels) lineWork[p] = 0;
  };
  // Wider than the widest line: an arrowhead's base, where lines only cross.
  const coreDt = (lineHalf + 0.5) ** 2;
  components(blob, w, h, (pixels) => {
    let maxDt = 0;
    for (const p of pixels) maxDt = Math.max(maxDt, dt[p]!);
    const arrow = fitArrow(grow(pixels), w, grey, thinHalf, arrowMaxPx);
    if (arrow) {
      taken(pixels, arrow);
      return;
    }
    if (maxDt >= solidDt) {
      fills++;
      for (const p of pixels) lineWork[p] = 0;
      return;
    }
    // Arrowheads joined by their tips to lines the opening keeps (dimension and extension lines
    // drawn nearly as heavy as the outlines they touch): each part wider than the widest line,
    // fitted alone.
    for (const core of coresOf(pixels, (p) => dt[p]! > coreDt, w)) {
      const found = fitArrow(grow(core), w, grey, thinHalf, arrowMaxPx);
      if (found) taken(core, found);
    }
  });
  return { arrows, fills };
}

/**
 * The 8-connected parts of a region (pixel indices, row-major, `w` wide) made of its pixels that
 * pass `keep`.
 */
function coresOf(pixels: number[], keep: (p: number) => boolean, w: number): number[][] {
  const left = new Set(pixels.filter(keep));
  const cores: number[][] = [];
  for (const start of left) {
    left.delete(start);
    const core = [start];
    for (let k = 0; k < core.length; k++) {
      const p = core[k]!;
      for (const q of [p - w - 1, p - w, p - w + 1, p - 1, p + 1, p + w - 1, p + w, p + w + 1]) {
        if (!left.has(q) || Math.abs((q % w) - (p % w)) > 1) continue;
        left.delete(q);
        core.push(q);
      }
    }
    cores.push(core);
  }
  return cores;
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
  // Once the sides narrow, any widening is another line the tip touches, however wide it reads
  // (an extension line ending just past the tip reads as wide as the base).
  const samples: { t: number; width: number; centre: number }[] = [];
  let widest = 0;
  let narrowest = Infinity;
  /** Where the scan stopped against another line (the tip touches it), else undefined. */
  let against: number | undefined;
  for (let t = tMin - 1; t <= tMin + arrowMaxPx; t += 0.5) {
    const s = widthAt(t, u);
    if (!s || s.width > narrowest + 1.5) {
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
    tTip = middleOfLineAhead(grey, c, u, against, Math.max(2.5, 1.5 * narrowest)) ?? tTip;
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

/**
 * Where the middle of the line a tip stands on crosses the axis `origin` + t·u: the darkness-
 * weighted mean t from 2 px before `from` to 8 px past it, read `aside` px either side of the axis
 * (clear of the arrowhead and of its own line). Undefined when no such line is there.
 */
export function middleOfLineAhead(
  grey: Sampler,
  origin: Point,
  u: Point,
  from: number,
  aside: number,
): number | undefined {
  const n = normalOf(u);
  let weight = 0;
  let moment = 0;
  for (const side of [aside, -aside])
    for (let t = from - 2; t <= from + 8; t += 0.25) {
      const d = grey.darkness(add(add(origin, u, t), n, side));
      if (d < EDGE_DARKNESS) continue;
      weight += d;
      moment += d * t;
    }
  return weight >= 1 ? moment / weight : undefined;
}

/** Least-squares straight line y = intercept + slope·x, undefined for fewer than 2 distinct x. */
export function regression(
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

/**
 * Whether a straight line runs across the arrowhead's tip (the extension line or outline it
 * points at): ink beside the tip on both sides, past the widest line's half width (where the
 * slender tip itself has none) and twice as far. Not farther: a 2.5 mm groove's floor reaches
 * its walls 7 px either side of the tip on a 150 dpi scan.
 */
export function tipCrossed(
  ink: Uint8Array,
  w: number,
  h: number,
  arrow: Arrowhead,
  lineHalf: number,
): boolean {
  const n = normalOf(arrow.u);
  const inkAt = (p: Point) => {
    const x = Math.floor(p.x);
    const y = Math.floor(p.y);
    return x >= 0 && y >= 0 && x < w && y < h && ink[y * w + x] === 1;
  };
  // Straight through the tip, on both sides and well past the tip's own width: an edge or an
  // extension line. A small arc (a corner's radius the leader points at) curves away from it,
  // and its trace keeps no bump where the tip was.
  const reach = [lineHalf + 2, 2 * lineHalf + 4];
  return [1, -1].every((side) => reach.every((d) => inkAt(add(arrow.tip, n, side * d))));
}

/**
 * Clears the pixels whose centres lie inside the arrowhead's triangle grown by half a pixel,
 * but those within `keepTip` px (and half a pixel) of its tip along its axis: the line the tip
 * touches runs there, and a short one (a groove's floor between two shoulders, 3 mm on a
 * 150 dpi scan) cut in two by the clearing left two stubs the skeleton drops as spurs.
 */
function clearTriangle(
  mask: Uint8Array,
  w: number,
  h: number,
  arrow: Arrowhead,
  keepTip = 0,
): void {
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
      if (keepTip > 0 && dot(sub(arrow.tip, p), arrow.u) <= keepTip + 0.5) continue;
      if (edges.every((e) => dot(sub(p, e.p), e.n) <= 0.5)) mask[y * w + x] = 0;
    }
}

// ——— Thinning and tracing ———

/**
 * Ties each arrowhead to its dimension or leader line: the line running back from the arrow
 * along its axis (within 8°, its end between the base and the tip) takes the arrow's tip as its
 * end, and the arrow the line's direction. An arrow without such a line is squared to the
 * page when within 3° of it.
 */
export function tieArrows(arrows: Arrowhead[], lines: Line[]): void {
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
export function insideArrow(p: Point, arrow: Arrowhead): boolean {
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
