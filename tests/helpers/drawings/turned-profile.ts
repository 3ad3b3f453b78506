/**
 * The silhouette of a turned part in its axial section (turned-sheet.ts draws it): the outer
 * profile with its chamfers, the bores' profiles with their mouths, steps and drill points, and
 * the circle edges seen edge-on. Positions along the axis (u) from the left end face, radii (v)
 * from the axis, in the part's units.
 */
import { drillPointLength, type TurnedPart } from './parts.ts';

/** A profile point: u along the axis from the left end, v from the axis; part units. */
export interface ProfilePoint {
  u: number;
  v: number;
}

/** Start of each step along the axis, and the overall length at the end; part units. */
export function shoulders(part: TurnedPart): number[] {
  return part.steps.reduce<number[]>((acc, s) => [...acc, acc[acc.length - 1]! + s.length], [0]);
}

/** The upper outer silhouette from the left end face to the right one, with the chamfers. */
export function outerPath(part: TurnedPart): ProfilePoint[] {
  const at = shoulders(part);
  const overall = at[at.length - 1]!;
  const chamfer = (side: 'left' | 'right') =>
    part.chamfers.find((c) => c.at === side && !c.inner)?.size ?? 0;
  const first = part.steps[0]!.diameter / 2;
  const last = part.steps[part.steps.length - 1]!.diameter / 2;
  const path: ProfilePoint[] = [];
  const cl = chamfer('left');
  path.push({ u: 0, v: first - cl });
  if (cl > 0) path.push({ u: cl, v: first });
  part.steps.forEach((step, i) => {
    if (i === 0) return;
    path.push(
      { u: at[i]!, v: part.steps[i - 1]!.diameter / 2 },
      { u: at[i]!, v: step.diameter / 2 },
    );
  });
  const cr = chamfer('right');
  if (cr > 0) path.push({ u: overall - cr, v: last });
  path.push({ u: overall, v: last - cr });
  return path;
}

/**
 * The upper inner silhouette as polylines left to right, one per bored stretch: a stretch from
 * the left end face starts there, one reaching the right end face ends there; a blind end goes
 * down to the axis, square or by the drill point.
 */
export function innerPaths(part: TurnedPart): ProfilePoint[][] {
  const overall = shoulders(part).at(-1)!;
  if (part.bores.length === 0) return [];
  const spans = part.bores.map((b) => ({
    bore: b,
    from: b.from === 'left' ? 0 : overall - b.depth,
    to: b.from === 'left' ? b.depth : overall,
  }));
  const cuts = [...new Set(spans.flatMap((s) => [s.from, s.to]))].sort((a, b) => a - b);
  const radiusIn = (a: number, b: number) =>
    Math.max(
      0,
      ...spans
        .filter((s) => s.from <= a + 1e-9 && s.to >= b - 1e-9)
        .map((s) => s.bore.diameter / 2),
    );
  const pieces = cuts.slice(1).map((b, k) => ({ a: cuts[k]!, b, r: radiusIn(cuts[k]!, b) }));
  const mouth = part.chamfers.find((c) => c.inner);
  const paths: ProfilePoint[][] = [];
  let current: ProfilePoint[] | undefined;
  const endOf = (u: number) =>
    spans.find((s) => Math.abs((s.from === 0 ? s.to : s.from) - u) < 1e-9)?.bore;
  for (const [k, piece] of pieces.entries()) {
    if (piece.r <= 0) continue;
    const before = pieces[k - 1];
    if (!current) {
      current = [];
      if (piece.a <= 1e-9) {
        const c = mouth?.at === 'left' ? mouth.size : 0;
        current.push({ u: 0, v: piece.r + c });
        if (c > 0) current.push({ u: c, v: piece.r });
      } else {
        const bore = endOf(piece.a);
        if (bore?.drillPoint) current.push({ u: piece.a - drillPointLength(bore.diameter), v: 0 });
        else current.push({ u: piece.a, v: 0 });
        current.push({ u: piece.a, v: piece.r });
      }
    } else if (before && before.r !== piece.r) {
      current.push({ u: piece.a, v: before.r }, { u: piece.a, v: piece.r });
    }
    const next = pieces[k + 1];
    if (!next || next.r <= 0) {
      if (piece.b >= overall - 1e-9) {
        const c = mouth?.at === 'right' ? mouth.size : 0;
        if (c > 0) current.push({ u: overall - c, v: piece.r });
        current.push({ u: overall, v: piece.r + c });
      } else {
        current.push({ u: piece.b, v: piece.r });
        const bore = endOf(piece.b);
        if (bore?.drillPoint) current.push({ u: piece.b + drillPointLength(bore.diameter), v: 0 });
        else current.push({ u: piece.b, v: 0 });
      }
      paths.push(current);
      current = undefined;
    }
  }
  return paths;
}

/** For each u where the path has vertices: the largest and smallest v there. */
export function vertexLines(path: ProfilePoint[]): { u: number; high: number; low: number }[] {
  const byU = new Map<number, number[]>();
  for (const p of path) {
    const key = Math.round(p.u * 1e6) / 1e6;
    byU.set(key, [...(byU.get(key) ?? []), p.v]);
  }
  return [...byU].map(([u, vs]) => ({ u, high: Math.max(...vs), low: Math.min(...vs) }));
}
