/**
 * Plane geometry over the readers' primitives: boxes, lengths, views (clusters of touching
 * geometry) and closed loops. All lengths in mm. The drawing frame and title tables are told
 * apart in frames.ts.
 */
import { isFullCircle, type Primitive, type Point } from './primitives.ts';
import { distanceToSegment } from './plane.ts';

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const TWO_PI = 2 * Math.PI;

/** True when `angle` (radians) lies on the counter-clockwise arc from start to end. */
export function onArc(angle: number, startRad: number, endRad: number): boolean {
  if (endRad - startRad >= TWO_PI - 1e-9) return true;
  const relative = (((angle - startRad) % TWO_PI) + TWO_PI) % TWO_PI;
  return relative <= endRad - startRad + 1e-9;
}

/** Start and end point of a line or an arc; undefined for a full circle. */
export function endpoints(primitive: Primitive): [Point, Point] | undefined {
  if (primitive.kind === 'line') return [primitive.a, primitive.b];
  if (isFullCircle(primitive)) return undefined;
  const { center, radius, startRad, endRad } = primitive;
  return [
    { x: center.x + radius * Math.cos(startRad), y: center.y + radius * Math.sin(startRad) },
    { x: center.x + radius * Math.cos(endRad), y: center.y + radius * Math.sin(endRad) },
  ];
}

/** The axis-aligned box around a primitive (an arc's box includes its extreme points), mm. */
export function boxOf(primitive: Primitive): Box {
  if (primitive.kind === 'line') {
    const { a, b } = primitive;
    return {
      minX: Math.min(a.x, b.x),
      minY: Math.min(a.y, b.y),
      maxX: Math.max(a.x, b.x),
      maxY: Math.max(a.y, b.y),
    };
  }
  const { center, radius, startRad, endRad } = primitive;
  const points: Point[] = [...(endpoints(primitive) ?? [])];
  for (const angle of [0, Math.PI / 2, Math.PI, (3 * Math.PI) / 2]) {
    if (onArc(angle, startRad, endRad)) {
      points.push({
        x: center.x + radius * Math.cos(angle),
        y: center.y + radius * Math.sin(angle),
      });
    }
  }
  return unionBox(points.map((p) => ({ minX: p.x, minY: p.y, maxX: p.x, maxY: p.y })));
}

/** The box around boxes; an empty list gives an inverted (infinite) box. */
export function unionBox(boxes: Box[]): Box {
  return boxes.reduce(
    (all, box) => ({
      minX: Math.min(all.minX, box.minX),
      minY: Math.min(all.minY, box.minY),
      maxX: Math.max(all.maxX, box.maxX),
      maxY: Math.max(all.maxY, box.maxY),
    }),
    { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity },
  );
}

/**
 * Smallest and largest of many values (Infinity and -Infinity for none). `Math.min(...values)`
 * overflows the call stack past some 100 000 values, which a large drawing reaches.
 */
export function minOf(values: Iterable<number>): number {
  let min = Infinity;
  for (const value of values) if (value < min) min = value;
  return min;
}
export function maxOf(values: Iterable<number>): number {
  let max = -Infinity;
  for (const value of values) if (value > max) max = value;
  return max;
}

/** Width and height of a box, mm. */
export const widthOf = (box: Box) => box.maxX - box.minX;
export const heightOf = (box: Box) => box.maxY - box.minY;

/** Length of a line or arc, mm. */
export function lengthOf(primitive: Primitive): number {
  if (primitive.kind === 'line') {
    return Math.hypot(primitive.b.x - primitive.a.x, primitive.b.y - primitive.a.y);
  }
  return primitive.radius * (primitive.endRad - primitive.startRad);
}

/** The point halfway along a line or arc. */
export function midpointOf(primitive: Primitive): Point {
  if (primitive.kind === 'line') {
    return { x: (primitive.a.x + primitive.b.x) / 2, y: (primitive.a.y + primitive.b.y) / 2 };
  }
  const angle = (primitive.startRad + primitive.endRad) / 2;
  return {
    x: primitive.center.x + primitive.radius * Math.cos(angle),
    y: primitive.center.y + primitive.radius * Math.sin(angle),
  };
}

/** A cluster of geometry whose boxes touch: one view of the part (or a detail, or a table). */
export interface View {
  primitives: Primitive[];
  box: Box;
}

/**
 * Clusters primitives whose boxes overlap or come within `gapMm` of each other (sweep over the
 * boxes sorted by their left edge, union-find). Largest view (by box diagonal) first.
 */
export function groupViews(primitives: Primitive[], gapMm: number): View[] {
  const boxes = primitives.map(boxOf);
  const order = boxes.map((_, i) => i).sort((i, j) => boxes[i]!.minX - boxes[j]!.minX);
  const parent = primitives.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const a = boxes[i]!;
    for (let l = k + 1; l < order.length; l++) {
      const j = order[l]!;
      const b = boxes[j]!;
      if (b.minX > a.maxX + gapMm) break;
      if (b.minY <= a.maxY + gapMm && a.minY <= b.maxY + gapMm) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, Primitive[]>();
  primitives.forEach((primitive, i) => {
    const root = find(i);
    const members = groups.get(root);
    if (members) members.push(primitive);
    else groups.set(root, [primitive]);
  });
  const views = [...groups.values()]
    .map((members) => ({ primitives: members, box: unionBox(members.map(boxOf)) }))
    .sort((a, b) => diagonal(b.box) - diagonal(a.box));
  // A hole or cut-out that touches nothing still belongs to the view around it.
  const merged: View[] = [];
  for (const view of views) {
    const host = merged.find((outer) => contains(outer.box, view.box, gapMm));
    if (host) host.primitives.push(...view.primitives);
    else merged.push(view);
  }
  return mergeMirrorHalves(merged, gapMm);
}

/**
 * The two halves of a full section (a bushing cut along its axis) share no geometry: join views
 * that are mirror images of each other across a line between them.
 */
function mergeMirrorHalves(views: View[], gapMm: number): View[] {
  const out = [...views];
  for (let i = 0; i < out.length; i++) {
    for (let j = i + 1; j < out.length; j++) {
      const a = out[i]!;
      const b = out[j]!;
      const tol = Math.max(gapMm, 1e-3 * diagonal(a.box));
      const sameX =
        Math.abs(a.box.minX - b.box.minX) <= tol && Math.abs(a.box.maxX - b.box.maxX) <= tol;
      const sameY =
        Math.abs(a.box.minY - b.box.minY) <= tol && Math.abs(a.box.maxY - b.box.maxY) <= tol;
      const mirror = (p: Point): Point =>
        sameX
          ? { x: p.x, y: a.box.minY + b.box.maxY - p.y }
          : { x: a.box.minX + b.box.maxX - p.x, y: p.y };
      if (!(sameX || sameY) || !mirrors(a.primitives, b.primitives, mirror, tol)) continue;
      out[i] = {
        primitives: [...a.primitives, ...b.primitives],
        box: unionBox([a.box, b.box]),
      };
      out.splice(j, 1);
      j = i;
    }
  }
  return out;
}

/** Whether every sample point of `a`, mirrored, lies on `b` (within tol). */
function mirrors(
  a: Primitive[],
  b: Primitive[],
  mirror: (p: Point) => Point,
  tol: number,
): boolean {
  if (Math.abs(a.length - b.length) > Math.max(a.length, b.length) / 4) return false;
  return a.every((primitive) =>
    [...(endpoints(primitive) ?? []), midpointOf(primitive)].every((p) => {
      const q = mirror(p);
      return b.some((other) => distanceTo(q, other) <= tol);
    }),
  );
}

/** Distance from a point to a line segment or an arc, mm. */
export function distanceTo(p: Point, primitive: Primitive): number {
  if (primitive.kind === 'line') return distanceToSegment(p, primitive.a, primitive.b);
  const angle = Math.atan2(p.y - primitive.center.y, p.x - primitive.center.x);
  if (onArc(angle, primitive.startRad, primitive.endRad)) {
    return Math.abs(
      Math.hypot(p.x - primitive.center.x, p.y - primitive.center.y) - primitive.radius,
    );
  }
  return Math.min(...(endpoints(primitive) ?? []).map((e) => Math.hypot(p.x - e.x, p.y - e.y)));
}

function contains(outer: Box, inner: Box, gapMm: number): boolean {
  return (
    inner.minX >= outer.minX - gapMm &&
    inner.maxX <= outer.maxX + gapMm &&
    inner.minY >= outer.minY - gapMm &&
    inner.maxY <= outer.maxY + gapMm
  );
}

/** Diagonal of a box, mm: the size of a view. */
export const diagonal = (box: Box) => Math.hypot(widthOf(box), heightOf(box));

/** A closed chain of primitives, or a circle. */
export interface Loop {
  primitives: Primitive[];
  box: Box;
  /** Set when the loop is a circle. */
  circleDiameterMm?: number;
  /** Two equal arcs joined by two lines. */
  slot?: boolean;
}

/**
 * The edges of a graph of primitives without what cannot be part of a closed chain: a piece
 * shorter than the join tolerance (both its ends one junction: a traced edge broken where a
 * leader crosses it), and, end by end, the straight lines hanging off a chain by a free end (a
 * leader's or a stub's end on an outline). Arcs are kept: an open arc is no stub.
 * @returns the edges kept and how many of them meet at each junction
 */
function withoutSpurs<T extends { primitive: Primitive; from: number; to: number }>(
  edges: T[],
): { kept: T[]; degree: Map<number, number> } {
  let kept = edges.filter((edge) => edge.from !== edge.to);
  for (;;) {
    const degree = degreesOf(kept);
    const hanging = (edge: T) =>
      edge.primitive.kind === 'line' && (degree.get(edge.from) === 1 || degree.get(edge.to) === 1);
    if (!kept.some(hanging)) return { kept, degree };
    kept = kept.filter((edge) => !hanging(edge));
  }
}

/** The layer of the straight lines closedLoops `mend` closes a traced outline's gaps with. */
export const BRIDGE_LAYER = 'bridge';

/** How many edges meet at each junction (an edge from a junction to itself counts twice). */
function degreesOf(edges: readonly { from: number; to: number }[]): Map<number, number> {
  const degree = new Map<number, number>();
  for (const edge of edges) {
    degree.set(edge.from, (degree.get(edge.from) ?? 0) + 1);
    degree.set(edge.to, (degree.get(edge.to) ?? 0) + 1);
  }
  return degree;
}

/**
 * Straight lines across the gaps between free ends (junctions of one edge) that are each other's
 * nearest free end, at most `maxMm` apart: a traced outline's corner that an arrowhead or a
 * leader covered leaves such a gap.
 */
function bridges(
  edges: { primitive: Primitive; from: number; to: number }[],
  nodes: Point[],
  maxMm: number,
): { primitive: Primitive; from: number; to: number }[] {
  const degree = degreesOf(edges.filter((edge) => edge.from !== edge.to));
  const free = [...degree].filter(([, count]) => count === 1).map(([node]) => node);
  const nearest = (node: number): number | undefined => {
    let best: { other: number; distance: number } | undefined;
    for (const other of free) {
      if (other === node) continue;
      const distance = Math.hypot(
        nodes[other]!.x - nodes[node]!.x,
        nodes[other]!.y - nodes[node]!.y,
      );
      if (distance <= maxMm && (!best || distance < best.distance)) best = { other, distance };
    }
    return best?.other;
  };
  const out: { primitive: Primitive; from: number; to: number }[] = [];
  for (const node of free) {
    const other = nearest(node);
    if (other === undefined || other < node || nearest(other) !== node) continue;
    out.push({
      primitive: { kind: 'line', a: nodes[node]!, b: nodes[other]!, layer: BRIDGE_LAYER },
      from: node,
      to: other,
    });
  }
  return out;
}

/**
 * The closed loops among primitives: full circles, and chains whose endpoints meet within `tolMm`
 * with exactly two primitives at every junction.
 * @param mend - for a traced outline: junctions within `tolMm` of one another made one, free
 *   ends up to `bridgeMm` apart that are each other's nearest joined by a straight line
 *   (bridges), then the pieces shorter than `tolMm` and the straight lines hanging off a chain
 *   by a free end left out (withoutSpurs)
 */
export function closedLoops(
  primitives: Primitive[],
  tolMm: number,
  mend?: { bridgeMm: number },
): Loop[] {
  const loops: Loop[] = [];
  const nodes: Point[] = [];
  const cells = new Map<string, number[]>();
  const nodeOf = (p: Point): number => {
    const cx = Math.round(p.x / tolMm);
    const cy = Math.round(p.y / tolMm);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const index of cells.get(`${cx + dx},${cy + dy}`) ?? []) {
          const node = nodes[index]!;
          if (Math.hypot(node.x - p.x, node.y - p.y) <= tolMm) return index;
        }
      }
    }
    nodes.push(p);
    const cell = cells.get(`${cx},${cy}`);
    if (cell) cell.push(nodes.length - 1);
    else cells.set(`${cx},${cy}`, [nodes.length - 1]);
    return nodes.length - 1;
  };
  const edges: { primitive: Primitive; from: number; to: number }[] = [];
  for (const primitive of primitives) {
    const ends = endpoints(primitive);
    if (!ends) {
      if (primitive.kind === 'arc') {
        loops.push({
          primitives: [primitive],
          box: boxOf(primitive),
          circleDiameterMm: 2 * primitive.radius,
        });
      }
      continue;
    }
    edges.push({ primitive, from: nodeOf(ends[0]), to: nodeOf(ends[1]) });
  }
  if (mend) {
    // Junctions within tolMm of one another are one: the ends of a traced corner may spread
    // wider than tolMm in all, and which junction an end joined first depends on the order.
    const same = nodes.map((_, i) => i);
    const junction = (i: number): number => (same[i] === i ? i : (same[i] = junction(same[i]!)));
    nodes.forEach((node, i) => {
      const cx = Math.round(node.x / tolMm);
      const cy = Math.round(node.y / tolMm);
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          for (const j of cells.get(`${cx + dx},${cy + dy}`) ?? []) {
            const other = nodes[j]!;
            if (j < i && Math.hypot(other.x - node.x, other.y - node.y) <= tolMm)
              same[junction(i)] = junction(j);
          }
    });
    for (const edge of edges) {
      edge.from = junction(edge.from);
      edge.to = junction(edge.to);
    }
    edges.push(...bridges(edges, nodes, mend.bridgeMm));
  }
  const { kept, degree } = mend ? withoutSpurs(edges) : { kept: edges, degree: degreesOf(edges) };
  const parent = nodes.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (const edge of kept) parent[find(edge.from)] = find(edge.to);
  const components = new Map<number, typeof edges>();
  for (const edge of kept) {
    const root = find(edge.from);
    const members = components.get(root);
    if (members) members.push(edge);
    else components.set(root, [edge]);
  }
  for (const members of components.values()) {
    const closed = members.every(
      (edge) => degree.get(edge.from) === 2 && degree.get(edge.to) === 2 && edge.from !== edge.to,
    );
    if (!closed || members.length < 2) continue;
    const chain = members.map((edge) => edge.primitive);
    loops.push({ primitives: chain, box: unionBox(chain.map(boxOf)), ...shapeOf(chain, tolMm) });
  }
  return loops;
}

function shapeOf(chain: Primitive[], tolMm: number): Pick<Loop, 'circleDiameterMm' | 'slot'> {
  const arcs = chain.filter((p) => p.kind === 'arc');
  const first = arcs[0];
  if (first && arcs.length === chain.length) {
    const sameCircle = arcs.every(
      (arc) =>
        Math.hypot(arc.center.x - first.center.x, arc.center.y - first.center.y) <= tolMm &&
        Math.abs(arc.radius - first.radius) <= tolMm,
    );
    if (sameCircle) return { circleDiameterMm: 2 * first.radius };
  }
  if (chain.length === 4 && arcs.length === 2) {
    const [a, b] = arcs;
    if (a && b && Math.abs(a.radius - b.radius) <= tolMm) return { slot: true };
  }
  return {};
}
