/**
 * The line work of a raster thinned to a one-pixel skeleton (Zhang–Suen, CACM 27(3), 1984) and
 * traced into chains between ends and junctions (vectorize.ts). Pixels, y down.
 */
import type { Point } from '../geometry/primitives.ts';

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
export function thin(mask: Uint8Array, w: number, h: number): Uint8Array {
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
export interface Chain {
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
export function traceSkeleton(skel: Uint8Array, W: number, H: number, spur: number): Chain[] {
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
