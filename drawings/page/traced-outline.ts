/**
 * Whether a plate's outline traced from a scan keeps its shape
 * (docs/decisions/061-traced-outlines-that-do-not-keep-square.md). A scan's line work is measured
 * to about a pixel (0.17 mm at 150 dpi), and a plate's edges are drawn square to one another
 * (ISO 128 orthographic views): edges that run near the sheet's axes turn by one angle, the
 * scan's own rotation. When the traced edges turn by different angles, the tracing has cut a
 * corner or bent an edge (an arc's end joined to the middle of the next edge, an extension line
 * taken in), and the outline is not the drawn one. Its rounded corners are rebuilt as fillets of
 * the radius the page writes (docs/decisions/074-traced-corners-drawn-as-the-written-radius.md).
 */
import type { Point } from '../geometry/primitives.ts';

/** Edges shorter than this are corners' arcs or chamfers, not edges that tell the turn, mm. */
const SHORTEST_EDGE_MM = 5;
/** Edges within this of a sheet axis are meant to run along it, degrees. */
const NEAR_AXIS_DEG = 10;
/**
 * Largest offset an edge may run off the outline's common turn over its length, mm: about two
 * pixels of a 150 dpi scan, so one pixel's tilt over an edge does not count.
 */
const MOST_OFF_SQUARE_MM = 0.3;

/** An edge's turn from the nearest sheet axis, degrees (−45..45), and its length, mm. */
function turnOf(a: Point, b: Point): { turnDeg: number; lengthMm: number } {
  const deg = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  const turnDeg = ((((deg + 45) % 90) + 90) % 90) - 45;
  return { turnDeg, lengthMm: Math.hypot(b.x - a.x, b.y - a.y) };
}

/** An edge's heading, degrees (−180..180]. */
function headingOf(a: Point, b: Point): number {
  return (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
}

/** The signed turn from one heading to the next, degrees (−180..180]. */
function turnBetween(fromDeg: number, toDeg: number): number {
  return ((((toDeg - fromDeg + 180) % 360) + 360) % 360) - 180;
}

/** Turns under this at both ends, the same way round, make an edge a piece of a flattened arc. */
const CURVE_TURN_DEG = 15;

/**
 * Whether an edge is a chord of a curve flattened into edges (an arc's polygon): it turns a
 * little, the same way, from the edge before and into the edge after. A plate's straight edge
 * meets its neighbours at corners.
 */
function onCurve(beforeDeg: number, headingDeg: number, afterDeg: number): boolean {
  const into = turnBetween(beforeDeg, headingDeg);
  const out = turnBetween(headingDeg, afterDeg);
  return (
    Math.abs(into) < CURVE_TURN_DEG &&
    Math.abs(out) < CURVE_TURN_DEG &&
    Math.sign(into) === Math.sign(out)
  );
}

/**
 * How far the traced outline's edges run off square, mm: the largest offset over its length of
 * an edge near a sheet axis (at least 5 mm long, within 10° of it) from the turn its edges share
 * (their length-weighted median); undefined when every edge keeps within 0.3 mm, or fewer than
 * two edges tell.
 *
 * @param outline - the outline's corners in order, mm (an open ring)
 */
export function offSquareMm(outline: Point[]): number | undefined {
  const n = outline.length;
  const all = outline.map((a, i) => ({
    ...turnOf(a, outline[(i + 1) % n]!),
    headingDeg: headingOf(a, outline[(i + 1) % n]!),
  }));
  const edges = all.filter(
    (edge, i) =>
      edge.lengthMm >= SHORTEST_EDGE_MM &&
      Math.abs(edge.turnDeg) <= NEAR_AXIS_DEG &&
      !onCurve(all[(i + n - 1) % n]!.headingDeg, edge.headingDeg, all[(i + 1) % n]!.headingDeg),
  );
  if (edges.length < 2) return undefined;
  const sorted = [...edges].sort((a, b) => a.turnDeg - b.turnDeg);
  const half = sorted.reduce((sum, edge) => sum + edge.lengthMm, 0) / 2;
  let walked = 0;
  const common = sorted.find((edge) => (walked += edge.lengthMm) >= half)!.turnDeg;
  const off = Math.max(
    ...edges.map(
      (edge) => edge.lengthMm * Math.abs(Math.sin(((edge.turnDeg - common) * Math.PI) / 180)),
    ),
  );
  return off > MOST_OFF_SQUARE_MM ? Math.round(off * 100) / 100 : undefined;
}

/** A corner of the traced outline between two of its straight edges. */
export interface TracedCorner {
  /** Where the two edges' lines meet, mm. */
  at: Point;
  /** The outline's vertices the corner's trace runs from and to (the edges' inner ends). */
  from: number;
  to: number;
  /** The edges' directions, into the corner and out of it (unit vectors). */
  into: Point;
  out: Point;
  /** How far the edges reach from the corner, mm: the longest fillet tangent length they hold. */
  reachMm: number;
  /** How far the trace runs from a sharp corner there, mm. */
  sharpMm: number;
  /** How far it runs from the nearest arc tangent to both edges, mm, and that arc's radius. */
  arcMm: number;
  radiusMm: number;
}

/** Turns between edges within this of square make a corner, degrees. */
const CORNER_TURN_DEG = 30;
/**
 * Edges this long are straight edges even where they turn a little from both neighbours (a
 * corner traced as chords turns into the edge after it by under 15°), mm.
 */
const STRAIGHT_EDGE_MM = 15;
/** Step along the trace at which it is compared with a corner's shapes, mm. */
const SAMPLE_MM = 0.05;
/** Step of the radii tried for a corner's arc, mm. */
const RADIUS_STEP_MM = 0.05;
/** Largest gap between a mended corner's arc and its chords, mm. */
const CHORD_SAG_MM = 0.005;

const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y;
const cross = (a: Point, b: Point) => a.x * b.y - a.y * b.x;
const along = (p: Point, d: Point, t: number): Point => ({ x: p.x + d.x * t, y: p.y + d.y * t });
const unit = (v: Point): Point => {
  const length = Math.hypot(v.x, v.y);
  return { x: v.x / length, y: v.y / length };
};

/** Distance from `q` to the ray from `from` in direction `d` (a unit vector). */
function toRay(q: Point, from: Point, d: Point): number {
  const foot = along(from, d, Math.max(0, dot(sub(q, from), d)));
  return Math.hypot(q.x - foot.x, q.y - foot.y);
}

/** Points along a path every SAMPLE_MM or closer, its vertices included. */
function samplesOf(path: Point[]): Point[] {
  const out: Point[] = [path[0]!];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / SAMPLE_MM));
    for (let s = 1; s <= steps; s++) {
      out.push({ x: a.x + ((b.x - a.x) * s) / steps, y: a.y + ((b.y - a.y) * s) / steps });
    }
  }
  return out;
}

/** The fillet of radius `r` tangent to both edges of a corner: tangent points and centre. */
function filletOf(corner: Pick<TracedCorner, 'at' | 'into' | 'out'>, r: number) {
  const turn = Math.atan2(cross(corner.into, corner.out), dot(corner.into, corner.out));
  const t = r * Math.tan(Math.abs(turn) / 2);
  const back = { x: -corner.into.x, y: -corner.into.y };
  const start = along(corner.at, back, t);
  const end = along(corner.at, corner.out, t);
  const side = Math.sign(turn);
  const centre = along(start, { x: -corner.into.y * side, y: corner.into.x * side }, r);
  return { start, end, centre, back, turn, tangentMm: t };
}

/** How far the farthest of `samples` lies from a corner filleted at radius `r`, mm. */
function offFillet(
  samples: Point[],
  corner: Pick<TracedCorner, 'at' | 'into' | 'out'>,
  r: number,
  enough: number,
): number {
  const { start, end, centre, back } = filletOf(corner, r);
  const fromStart = sub(start, centre);
  const fromEnd = sub(end, centre);
  const span = Math.sign(cross(fromStart, fromEnd));
  let worst = 0;
  for (const q of samples) {
    const u = sub(q, centre);
    const onArc = Math.sign(cross(fromStart, u)) === span && Math.sign(cross(u, fromEnd)) === span;
    const d = Math.min(
      toRay(q, start, back),
      toRay(q, end, corner.out),
      onArc ? Math.abs(Math.hypot(u.x, u.y) - r) : Infinity,
    );
    if (d > worst) worst = d;
    if (worst >= enough) break;
  }
  return worst;
}

/**
 * A corner's trace `path` measured against the sharp corner and the nearest arc tangent to both
 * edges, edge A (`a0` to `a1`) running into it and edge B (`b0` to `b1`) out of it; undefined
 * when the edges' lines do not meet near square.
 */
function measureCorner(a0: Point, a1: Point, path: Point[], b0: Point, b1: Point) {
  const into = unit(sub(a1, a0));
  const out = unit(sub(b1, b0));
  const sin = cross(into, out);
  const turn = Math.atan2(sin, dot(into, out));
  if (Math.abs(Math.abs(turn) - Math.PI / 2) > (CORNER_TURN_DEG * Math.PI) / 180) return undefined;
  const at = along(a0, into, cross(sub(b0, a0), out) / sin);
  const corner = { at, into, out };
  const samples = samplesOf(path);
  const back = { x: -into.x, y: -into.y };
  const sharpMm = Math.max(...samples.map((q) => Math.min(toRay(q, at, back), toRay(q, at, out))));
  const reachMm = Math.min(
    Math.hypot(at.x - a0.x, at.y - a0.y),
    Math.hypot(b1.x - at.x, b1.y - at.y),
  );
  const half = Math.tan(Math.abs(turn) / 2);
  let best = { arcMm: Infinity, radiusMm: 0 };
  for (let r = RADIUS_STEP_MM; r * half <= reachMm; r += RADIUS_STEP_MM) {
    const worst = offFillet(samples, corner, r, best.arcMm);
    if (worst < best.arcMm) best = { arcMm: worst, radiusMm: Math.round(r * 100) / 100 };
  }
  return { ...corner, reachMm, sharpMm, ...best };
}

/**
 * The corners of a traced outline between its straight edges (at least 5 mm long, within 10° of
 * a sheet axis, not a flattened arc's chord unless 15 mm long), each measured against a sharp
 * corner and against the nearest arc tangent to both edges.
 *
 * @param outline - the outline's corners in order, mm (an open ring)
 */
export function tracedCorners(outline: Point[]): TracedCorner[] {
  const n = outline.length;
  const all = outline.map((a, i) => ({
    ...turnOf(a, outline[(i + 1) % n]!),
    headingDeg: headingOf(a, outline[(i + 1) % n]!),
  }));
  const straight = all
    .map((edge, i) => ({ edge, i }))
    .filter(
      ({ edge, i }) =>
        edge.lengthMm >= SHORTEST_EDGE_MM &&
        Math.abs(edge.turnDeg) <= NEAR_AXIS_DEG &&
        (edge.lengthMm >= STRAIGHT_EDGE_MM ||
          !onCurve(
            all[(i + n - 1) % n]!.headingDeg,
            edge.headingDeg,
            all[(i + 1) % n]!.headingDeg,
          )),
    )
    .map(({ i }) => i);
  if (straight.length < 2) return [];
  const corners: TracedCorner[] = [];
  for (let k = 0; k < straight.length; k++) {
    const i = straight[k]!;
    const j = straight[(k + 1) % straight.length]!;
    const path: Point[] = [];
    for (let v = (i + 1) % n; ; v = (v + 1) % n) {
      path.push(outline[v]!);
      if (v === j) break;
    }
    const b1 = outline[(j + 1) % n]!;
    const corner = measureCorner(outline[i]!, outline[(i + 1) % n]!, path, outline[j]!, b1);
    if (corner) corners.push({ ...corner, from: (i + 1) % n, to: j });
  }
  return corners;
}

/**
 * Written radii within this of a corner's fitted one, or within this share of it, are the
 * corner's: a 150 dpi trace fits an R5 corner between R4 and R5.5.
 */
const SAME_RADIUS_MM = 1.5;
const SAME_RADIUS_SHARE = 0.4;

/**
 * A traced outline whose rounded corners are rebuilt as fillets of the radius the page writes,
 * tangent to the corner's two edges. A 150 dpi trace gives a corner's arc no better than its
 * pixels, and where a value's leader or a break crosses the arc it joins the edges by chords
 * or runs an edge on into the arc (seed 7 case 10: 0.33 mm of material left outside an R5
 * corner). A corner is rebuilt when it is traced round (neither sharp nor closer to a sharp
 * corner than to an arc), a written radius is near the radius that fits it best, and the edges
 * hold the fillet; a corner traced sharp is rebuilt at the radius most rebuilt corners have when
 * its trace lies within a line's width of that fillet too (an R2 corner bulges 0.6 mm off the
 * sharp corner, about a line's width: decision 076); other corners are kept as traced.
 *
 * @param outline - the outline's corners in order, mm (an open ring)
 * @param radiiMm - the radii the page writes (R callouts), mm
 * @param noiseMm - how uneven a traced line is (about its width), mm
 * @returns the outline (the same array when no corner is rebuilt) and the radii used
 */
export function mendTracedCorners(
  outline: Point[],
  radiiMm: number[],
  noiseMm: number,
): { outline: Point[]; mended: number[] } {
  if (radiiMm.length === 0) return { outline, mended: [] };
  const corners = tracedCorners(outline);
  const round = (c: TracedCorner) => isRound(outline, c, radiiMm, noiseMm);
  const rebuilt = new Map<number, { to: number; points: Point[]; radiusMm: number }>();
  for (const corner of corners.filter(round)) {
    const radiusMm = writtenRadiusOf(corner, radiiMm);
    if (radiusMm === undefined) continue;
    rebuilt.set(corner.from, { to: corner.to, points: filletPoints(corner, radiusMm), radiusMm });
  }
  // Corners traced sharp that lie as near the round ones' written fillet (decision 076).
  const radiusMm = commonRadius([...rebuilt.values()].map((corner) => corner.radiusMm));
  if (radiusMm !== undefined)
    for (const corner of corners.filter((c) => !round(c)))
      if (onFillet(outline, corner, radiusMm, noiseMm))
        rebuilt.set(corner.from, {
          to: corner.to,
          points: filletPoints(corner, radiusMm),
          radiusMm,
        });
  if (rebuilt.size === 0) return { outline, mended: [] };
  const n = outline.length;
  const skipped = new Set<number>();
  for (const [from, { to }] of rebuilt) {
    for (let v = from; ; v = (v + 1) % n) {
      skipped.add(v);
      if (v === to) break;
    }
  }
  const mended: Point[] = [];
  for (let v = 0; v < n; v++) {
    const corner = rebuilt.get(v);
    if (corner) mended.push(...corner.points);
    else if (!skipped.has(v)) mended.push(outline[v]!);
  }
  return { outline: mended, mended: [...rebuilt.values()].map((corner) => corner.radiusMm) };
}

/**
 * The trace lies this many times nearer a written radius's fillet than the sharp corner: it is
 * round even within a line's width of sharp (an R2 corner bulges 0.59 mm, about the width of a
 * 0.5 mm outline traced at 150 dpi).
 */
const NEARER_FILLET = 2;

/**
 * Whether a corner is traced round: farther than a line's width from the sharp corner, or
 * nearer by `NEARER_FILLET` times to the fillet of the written radius that fits it (decision
 * 087). Otherwise it is taken as sharp (and decision 076 decides between the two).
 */
function isRound(
  outline: Point[],
  corner: TracedCorner,
  radiiMm: number[],
  noiseMm: number,
): boolean {
  if (corner.sharpMm > noiseMm) return true;
  const radiusMm = writtenRadiusOf(corner, radiiMm);
  if (radiusMm === undefined) return false;
  const off = offFillet(samplesOf(traceOf(outline, corner)), corner, radiusMm, Infinity);
  return NEARER_FILLET * off <= corner.sharpMm;
}

/**
 * The written radius of a corner traced round: the one nearest the radius that fits its trace
 * best, when within 1.5 mm or 40 % of it and the edges hold its fillet; else undefined.
 */
function writtenRadiusOf(corner: TracedCorner, radiiMm: number[]): number | undefined {
  const radiusMm = [...radiiMm].sort(
    (a, b) => Math.abs(a - corner.radiusMm) - Math.abs(b - corner.radiusMm),
  )[0];
  if (radiusMm === undefined) return undefined;
  if (
    Math.abs(radiusMm - corner.radiusMm) >
    Math.max(SAME_RADIUS_MM, SAME_RADIUS_SHARE * corner.radiusMm)
  )
    return undefined;
  return filletOf(corner, radiusMm).tangentMm < corner.reachMm ? radiusMm : undefined;
}

/** The radius most of `radii` have (the first of the most), undefined when there are none. */
function commonRadius(radii: number[]): number | undefined {
  let best: { radius: number; count: number } | undefined;
  for (const radius of radii) {
    const count = radii.filter((r) => r === radius).length;
    if (!best || count > best.count) best = { radius, count };
  }
  return best?.radius;
}

/** The trace of a corner: the outline's vertices from its `from` to its `to`. */
function traceOf(outline: Point[], corner: TracedCorner): Point[] {
  const path: Point[] = [];
  for (let v = corner.from; ; v = (v + 1) % outline.length) {
    path.push(outline[v]!);
    if (v === corner.to) break;
  }
  return path;
}

/** Whether a corner's trace lies within `noiseMm` of the fillet of radius `r` its edges hold. */
function onFillet(outline: Point[], corner: TracedCorner, r: number, noiseMm: number): boolean {
  if (filletOf(corner, r).tangentMm >= corner.reachMm) return false;
  return offFillet(samplesOf(traceOf(outline, corner)), corner, r, Infinity) <= noiseMm;
}

/** The fillet of radius `r` at a corner as points, its chords within 0.005 mm of the arc. */
function filletPoints(corner: TracedCorner, r: number): Point[] {
  const fillet = filletOf(corner, r);
  const sweep = Math.abs(fillet.turn);
  const steps = Math.max(2, Math.ceil(sweep / (2 * Math.acos(Math.max(0, 1 - CHORD_SAG_MM / r)))));
  const a = Math.atan2(fillet.start.y - fillet.centre.y, fillet.start.x - fillet.centre.x);
  return Array.from({ length: steps + 1 }, (_, s) => {
    const angle = a + (fillet.turn * s) / steps;
    return { x: fillet.centre.x + r * Math.cos(angle), y: fillet.centre.y + r * Math.sin(angle) };
  });
}

/** The corners of a traced outline that no written radius settles (decision 076). */
export interface CornersInDoubt {
  /** Corners traced round that no written radius fits (or whose edges cannot hold it). */
  unwritten: number;
  /**
   * Corners traced sharp on an outline whose other corners are round at a written radius, and
   * farther than a line's width from that radius's fillet.
   */
  sharpAmongRound: number;
}

/**
 * The corners of a traced plate outline that neither the trace nor the page settles
 * (docs/decisions/076-traced-corners-no-radius-settles.md): a corner traced round (farther from
 * the sharp corner than a line is wide) that no written radius fits, since a radius measured on
 * a scan is no better than its pixels (a 150 dpi trace fits an R5 corner anywhere from R4 to
 * R5.5); and, where some corners are round at a written radius, the corners traced sharp that
 * run farther than a line's width from that fillet, since a corner's arc the tracing lost looks
 * the same as a sharp corner (those within a line's width of it are drawn as it,
 * mendTracedCorners).
 *
 * @param outline - the outline's corners in order, mm (an open ring)
 * @param radiiMm - the radii the page writes (R callouts), mm
 * @param noiseMm - how uneven a traced line is (about its width), mm
 * @returns the counts of such corners (both 0 when every corner is settled)
 */
export function cornersInDoubt(
  outline: Point[],
  radiiMm: number[],
  noiseMm: number,
): CornersInDoubt {
  const corners = tracedCorners(outline);
  const isRoundHere = (c: TracedCorner) => isRound(outline, c, radiiMm, noiseMm);
  const round = corners.filter(isRoundHere);
  const written = round.map((corner) => writtenRadiusOf(corner, radiiMm));
  const radiusMm = commonRadius(written.filter((r): r is number => r !== undefined));
  const sharp = corners.filter((corner) => !isRoundHere(corner));
  return {
    unwritten: written.filter((r) => r === undefined).length,
    sharpAmongRound:
      radiusMm === undefined
        ? 0
        : sharp.filter((corner) => !onFillet(outline, corner, radiusMm, noiseMm)).length,
  };
}
