/**
 * Polygons from the readers' primitives, for the prismatic part model: a closed loop as an ordered
 * polygon, and the outer boundary of a view whose outline is not one closed chain (a flange
 * drawn as a circle with lugs whose tangent lines end on it). Arcs become chords within
 * 0.005 mm (cam/geometry). All lengths in mm.
 */
import { arcPoints } from '#cam/gcode/arcs';
import { signedArea, type Point2, type Polygon } from '#cam/geometry/polygon';
import { endpoints, type Box } from './shapes.ts';
import { isFullCircle, type Primitive } from './primitives.ts';

/** Largest distance between an arc and its chords, mm. */
export const chordToleranceMm = 0.005;

/**
 * Chords along a counter-clockwise arc within 0.005 mm, with a vertex at each quadrant point
 * (0°, 90°, 180°, 270°) so that the polygon's bounding box is the arc's.
 */
function arcChords(center: Point2, radius: number, startRad: number, sweep: number): Point2[] {
  const stops = [0];
  const quarter = Math.PI / 2;
  for (let k = Math.floor(startRad / quarter) + 1; k * quarter < startRad + sweep - 1e-9; k++) {
    if (k * quarter - startRad > 1e-9) stops.push(k * quarter - startRad);
  }
  stops.push(sweep);
  const points: Point2[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const part = arcPoints(
      center,
      radius,
      startRad + stops[i]!,
      stops[i + 1]! - stops[i]!,
      chordToleranceMm,
    );
    points.push(...(i === 0 ? part : part.slice(1)));
  }
  return points;
}

/** The points along a primitive from its start (the arc's start angle) to its end. */
function pointsOf(primitive: Primitive): Point2[] {
  if (primitive.kind === 'line') return [primitive.a, primitive.b];
  return arcChords(
    primitive.center,
    primitive.radius,
    primitive.startRad,
    primitive.endRad - primitive.startRad,
  );
}

/** Points indexed on a grid of `tolMm` cells, for looking up coincident ends. */
class PointGrid<T> {
  private readonly cells = new Map<string, { p: Point2; value: T }[]>();
  constructor(private readonly tolMm: number) {}
  private key(cx: number, cy: number) {
    return `${cx},${cy}`;
  }
  add(p: Point2, value: T) {
    const key = this.key(Math.round(p.x / this.tolMm), Math.round(p.y / this.tolMm));
    const cell = this.cells.get(key);
    if (cell) cell.push({ p, value });
    else this.cells.set(key, [{ p, value }]);
  }
  near(p: Point2): T[] {
    const cx = Math.round(p.x / this.tolMm);
    const cy = Math.round(p.y / this.tolMm);
    const out: T[] = [];
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const entry of this.cells.get(this.key(cx + dx, cy + dy)) ?? [])
          if (Math.hypot(entry.p.x - p.x, entry.p.y - p.y) <= this.tolMm) out.push(entry.value);
    return out;
  }
}

/**
 * Where two pieces of a chain whose ends lie apart meet: where the chain turns little there
 * (under 45°: an arc traced short running into its edge), the ends' lines (the last segment
 * before the gap, `before` → `end`, and the first after it, `start` → `after`) run on to their
 * crossing when it lies within `tolMm` of both ends; else undefined. At a corner the trace did
 * not close (a lost corner's arc) no crossing is taken: a sharp corner there would be a guess.
 */
function meeting(
  before: Point2 | undefined,
  end: Point2,
  start: Point2,
  after: Point2 | undefined,
  tolMm: number,
): Point2 | undefined {
  if (!before || !after) return undefined;
  const u = { x: end.x - before.x, y: end.y - before.y };
  const v = { x: after.x - start.x, y: after.y - start.y };
  const lengths = Math.hypot(u.x, u.y) * Math.hypot(v.x, v.y);
  const denominator = u.x * v.y - u.y * v.x;
  const turnsLittle = u.x * v.x + u.y * v.y > Math.SQRT1_2 * lengths;
  // Within about 5° of one line there is no crossing to take.
  if (!turnsLittle || Math.abs(denominator) <= 0.09 * lengths) return undefined;
  const t = ((start.x - end.x) * v.y - (start.y - end.y) * v.x) / denominator;
  const crossing = { x: end.x + t * u.x, y: end.y + t * u.y };
  const near = (p: Point2) => Math.hypot(crossing.x - p.x, crossing.y - p.y) <= tolMm;
  return near(end) && near(start) ? crossing : undefined;
}

/**
 * Appends a piece of a chain (`ordered`, its points from the end that meets the chain) to the
 * chain's points: its first point is where the chain is where the two meet exactly (within a
 * hundredth of `tolMm`); where a gap lies between (a traced outline's ends meet within the
 * tolerance, not exactly) the two run on to meet where the chain turns little there (meeting),
 * and both ends are kept at a corner (the corner as traced, for the reader to judge).
 */
function joinTo(points: Point2[], ordered: Point2[], tolMm: number): void {
  const at = points.at(-1)!;
  const joint = ordered[0]!;
  if (Math.hypot(joint.x - at.x, joint.y - at.y) <= tolMm / 100) {
    points.push(...ordered.slice(1));
    return;
  }
  const met = meeting(points.at(-2), at, joint, ordered[1], tolMm);
  if (met) points[points.length - 1] = met;
  points.push(...ordered.slice(met ? 1 : 0));
}

/**
 * A closed chain of primitives (a loop of closedLoops, in any order and direction) as a
 * counter-clockwise polygon; a full circle as its chords.
 * @returns undefined when the chain does not close within `tolMm`
 */
export function loopPolygon(primitives: Primitive[], tolMm: number): Polygon | undefined {
  const only = primitives.length === 1 ? primitives[0]! : undefined;
  if (only?.kind === 'arc' && isFullCircle(only)) {
    return ccw(pointsOf(only).slice(0, -1));
  }
  const grid = new PointGrid<number>(tolMm);
  const ends = primitives.map((p) => endpoints(p));
  ends.forEach((pair, i) => {
    if (!pair) return;
    grid.add(pair[0], i);
    grid.add(pair[1], i);
  });
  const used = new Set<number>([0]);
  const first = pointsOf(primitives[0]!);
  const points: Point2[] = [...first];
  let at = first[first.length - 1]!;
  for (let step = 1; step < primitives.length; step++) {
    // The primitive whose end is nearest: where a traced corner's short pieces lie within the
    // tolerance of one another, the first found may be a piece further along.
    const gap = (i: number) =>
      Math.min(...ends[i]!.map((end) => Math.hypot(end.x - at.x, end.y - at.y)));
    const next = grid
      .near(at)
      .filter((i) => !used.has(i))
      .sort((i, j) => gap(i) - gap(j))[0];
    if (next === undefined) return undefined;
    used.add(next);
    const along = pointsOf(primitives[next]!);
    const [start, end] = ends[next]!;
    const forward =
      Math.hypot(start.x - at.x, start.y - at.y) <= Math.hypot(end.x - at.x, end.y - at.y);
    const ordered = forward ? along : [...along].reverse();
    joinTo(points, ordered, tolMm);
    at = ordered[ordered.length - 1]!;
  }
  if (Math.hypot(at.x - points[0]!.x, at.y - points[0]!.y) > tolMm) return undefined;
  // The chain's last point meets its first as any two pieces meet: the first point stands for
  // both where they meet exactly or run on to meet, both are kept where they do not.
  const head = points[0]!;
  const apart = Math.hypot(at.x - head.x, at.y - head.y) > tolMm / 100;
  const met = apart ? meeting(points.at(-2), at, head, points[1], tolMm) : undefined;
  if (met) points[0] = met;
  if (!apart || met) points.pop();
  return ccw(dedupe(points));
}

function dedupe(points: Point2[]): Point2[] {
  return points.filter((p, i) => {
    const previous = points[(i + points.length - 1) % points.length]!;
    return points.length < 2 || Math.hypot(p.x - previous.x, p.y - previous.y) > 1e-9;
  });
}

const ccw = (polygon: Polygon): Polygon =>
  signedArea(polygon) < 0 ? [...polygon].reverse() : polygon;

/** Most primitives a view may hold for its outer boundary to be traced. */
export const maxBoundaryPrimitives = 3000;

/**
 * The outer boundary of a view's geometry: the primitives are cut where they touch or cross,
 * arcs made chords, and the outside of that planar graph walked from its leftmost point, always
 * taking the rightmost turn.
 *
 * @param primitives - the view's lines and arcs, mm
 * @param tolMm - distance within which ends meet, mm
 * @returns the counter-clockwise boundary, or undefined when the walk does not close or the view
 *   holds more than 3000 primitives
 */
export function outerBoundary(primitives: Primitive[], tolMm: number): Polygon | undefined {
  // The splitting below compares every pair: bounded so a busy drawing stays within the time limit.
  if (primitives.length > maxBoundaryPrimitives) return undefined;
  // 1. Split each primitive where another's end lies on it (tangent lines ending on a circle).
  const allEnds = primitives.flatMap((p) => endpoints(p) ?? []);
  const pieces: Point2[][] = [];
  for (const primitive of primitives) {
    if (primitive.kind === 'line') {
      const { a, b } = primitive;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const length2 = dx * dx + dy * dy;
      if (length2 === 0) continue;
      const ts = allEnds
        .map((p) => ({ p, t: ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 }))
        .filter(({ p, t }) => {
          if (t <= 1e-9 || t >= 1 - 1e-9) return false;
          return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)) <= tolMm;
        })
        .map(({ t }) => t)
        .sort((s, t) => s - t);
      const stops = [0, ...ts, 1].map((t) => ({ x: a.x + t * dx, y: a.y + t * dy }));
      pieces.push(stops);
      continue;
    }
    const { center, radius, startRad, endRad } = primitive;
    const sweep = endRad - startRad;
    const angles = allEnds
      .filter((p) => Math.abs(Math.hypot(p.x - center.x, p.y - center.y) - radius) <= tolMm)
      .map((p) => {
        const angle = Math.atan2(p.y - center.y, p.x - center.x);
        return (((angle - startRad) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
      })
      .filter((relative) => relative > 1e-9 && relative < sweep - 1e-9)
      .sort((s, t) => s - t);
    const stops = [0, ...angles, sweep];
    const points: Point2[] = [];
    for (let i = 0; i + 1 < stops.length; i++) {
      const part = arcChords(center, radius, startRad + stops[i]!, stops[i + 1]! - stops[i]!);
      points.push(...(i === 0 ? part : part.slice(1)));
    }
    pieces.push(points);
  }

  // 2. Segments, split where they cross.
  interface Segment {
    a: Point2;
    b: Point2;
    cuts: number[];
  }
  const segments: Segment[] = [];
  for (const piece of pieces)
    for (let i = 0; i + 1 < piece.length; i++)
      segments.push({ a: piece[i]!, b: piece[i + 1]!, cuts: [] });
  if (segments.length > 50 * maxBoundaryPrimitives) return undefined;
  const order = segments
    .map((_, i) => i)
    .sort(
      (i, j) =>
        Math.min(segments[i]!.a.x, segments[i]!.b.x) - Math.min(segments[j]!.a.x, segments[j]!.b.x),
    );
  for (let k = 0; k < order.length; k++) {
    const s = segments[order[k]!]!;
    const sMaxX = Math.max(s.a.x, s.b.x);
    const sMinY = Math.min(s.a.y, s.b.y);
    const sMaxY = Math.max(s.a.y, s.b.y);
    for (let l = k + 1; l < order.length; l++) {
      const t = segments[order[l]!]!;
      if (Math.min(t.a.x, t.b.x) > sMaxX + tolMm) break;
      if (Math.min(t.a.y, t.b.y) > sMaxY + tolMm || Math.max(t.a.y, t.b.y) < sMinY - tolMm)
        continue;
      const rx = s.b.x - s.a.x;
      const ry = s.b.y - s.a.y;
      const qx = t.b.x - t.a.x;
      const qy = t.b.y - t.a.y;
      const denominator = rx * qy - ry * qx;
      if (Math.abs(denominator) < 1e-12) continue;
      const u = ((t.a.x - s.a.x) * qy - (t.a.y - s.a.y) * qx) / denominator;
      const v = ((t.a.x - s.a.x) * ry - (t.a.y - s.a.y) * rx) / denominator;
      if (u > 1e-9 && u < 1 - 1e-9 && v >= -1e-9 && v <= 1 + 1e-9) s.cuts.push(u);
      if (v > 1e-9 && v < 1 - 1e-9 && u >= -1e-9 && u <= 1 + 1e-9) t.cuts.push(v);
    }
  }

  // 3. The planar graph, vertices merged within tolMm.
  const vertices: Point2[] = [];
  const grid = new PointGrid<number>(tolMm);
  const vertexOf = (p: Point2): number => {
    const found = grid.near(p)[0];
    if (found !== undefined) return found;
    vertices.push(p);
    grid.add(p, vertices.length - 1);
    return vertices.length - 1;
  };
  const neighbours = new Map<number, Set<number>>();
  const link = (i: number, j: number) => {
    if (i === j) return;
    (neighbours.get(i) ?? neighbours.set(i, new Set()).get(i)!).add(j);
    (neighbours.get(j) ?? neighbours.set(j, new Set()).get(j)!).add(i);
  };
  for (const { a, b, cuts } of segments) {
    const stops = [0, ...cuts.sort((s, t) => s - t), 1].map((u) =>
      vertexOf({ x: a.x + u * (b.x - a.x), y: a.y + u * (b.y - a.y) }),
    );
    for (let i = 0; i + 1 < stops.length; i++) link(stops[i]!, stops[i + 1]!);
  }
  if (vertices.length < 3) return undefined;

  // 4. Walk the outside: from the leftmost (then lowest) vertex, as if arriving from above.
  let start = 0;
  vertices.forEach((p, i) => {
    const s = vertices[start]!;
    if (p.x < s.x || (p.x === s.x && p.y < s.y)) start = i;
  });
  const walk: number[] = [start];
  let previousDirection = Math.PI / 2; // the direction back to where we came from
  let current = start;
  const limit = 4 * vertices.length + 8;
  for (let step = 0; step < limit; step++) {
    const here = vertices[current]!;
    let best: number | undefined;
    let bestTurn = Infinity;
    for (const next of neighbours.get(current) ?? []) {
      const there = vertices[next]!;
      const angle = Math.atan2(there.y - here.y, there.x - here.x);
      let turn = (((angle - previousDirection) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
      if (turn < 1e-12) turn = 2 * Math.PI; // going back: only at a dead end
      if (turn < bestTurn) {
        bestTurn = turn;
        best = next;
      }
    }
    if (best === undefined) return undefined;
    const there = vertices[best]!;
    previousDirection = Math.atan2(here.y - there.y, here.x - there.x);
    current = best;
    if (current === start && walk.length > 2) {
      // Closed when the next step would repeat the first one.
      return finish(walk.map((i) => vertices[i]!));
    }
    walk.push(current);
  }
  return undefined;
}

/** Removes spikes (dead ends walked out and back) and returns the polygon counter-clockwise. */
function finish(points: Point2[]): Polygon | undefined {
  const out: Point2[] = [];
  for (const p of points) {
    out.push(p);
    while (out.length >= 3 && same(out[out.length - 1]!, out[out.length - 3]!)) out.splice(-2, 2);
  }
  while (out.length >= 3 && same(out[1]!, out[out.length - 1]!)) {
    out.shift();
    out.pop();
  }
  if (out.length < 3 || signedArea(out) <= 0) return undefined;
  return out;
}

const same = (a: Point2, b: Point2) => a.x === b.x && a.y === b.y;

/** Whether two boxes are the same within `tolMm`. */
export function sameBox(a: Box, b: Box, tolMm: number): boolean {
  return (
    Math.abs(a.minX - b.minX) <= tolMm &&
    Math.abs(a.minY - b.minY) <= tolMm &&
    Math.abs(a.maxX - b.maxX) <= tolMm &&
    Math.abs(a.maxY - b.maxY) <= tolMm
  );
}

/**
 * Whether a point lies inside a polygon (even-odd ray casting; points on the boundary may go
 * either way). Cheaper than Clipper's test, which rescales the whole polygon on every call.
 */
export function insidePolygon(p: Point2, polygon: Polygon): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x)
      inside = !inside;
  }
  return inside;
}
