/**
 * Whether a plate's outline traced from a scan keeps its shape
 * (docs/decisions/061-traced-outlines-that-do-not-keep-square.md). A scan's line work is measured
 * to about a pixel (0.17 mm at 150 dpi), and a plate's edges are drawn square to one another
 * (ISO 128 orthographic views): edges that run near the sheet's axes turn by one angle, the
 * scan's own rotation. When the traced edges turn by different angles, the tracing has cut a
 * corner or bent an edge (an arc's end joined to the middle of the next edge, an extension line
 * taken in), and the outline is not the drawn one.
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
