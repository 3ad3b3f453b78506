/**
 * Bores of a turned part's side view: a second, inner outline (visible in a section, or drawn
 * with hidden lines). Works in axis coordinates (x along the axis, y from it), mm.
 */
import type { Primitive } from '../geometry/primitives.ts';
import { isParallel } from './axis.ts';
import { maxOf, minOf } from '../geometry/shapes.ts';

const TOL = 0.005;
/** Radii rounded to 0.01 mm that differ by one step are one radius, mm. */
const SAME_RADIUS_MM = 0.0101;

/** A chamfer at a bore's mouth: its length along the axis (mm) and its angle to the axis (°). */
export interface MouthChamfer {
  sizeMm: number;
  angleDeg: number;
}

/** A bore of the side view, axis frame (mm), with the chamfers drawn at its open ends. */
export interface FoundBore {
  diameterMm: number;
  u0: number;
  u1: number;
  through: boolean;
  /** The chamfer drawn at the mouth at u0 (the end face at uMin). */
  mouthAtMin?: MouthChamfer;
  /** The chamfer drawn at the mouth at u1 (the end face at uMax). */
  mouthAtMax?: MouthChamfer;
}

/**
 * Bores: lines parallel to the axis inside the silhouette (visible in a section, or hidden)
 * that reach an end face (within 2 % of the length), directly or through a chamfer at the
 * bore's mouth (a sloped line from the bore's end widening to the end face, 10° to 80°, at most
 * 10 mm and half the bore's diameter along the axis (a countersunk mouth)). A visible line that ends at a
 * solid end face without such a chamfer is a cosmetic line (a thread's minor diameter), not a
 * bore. Lines of one diameter with a gap between them (more than 4 % of the length) are separate
 * bores: a blind bore from each end. In a section the end face is drawn across the bore too (its
 * far edge): there a visible line with hatching between it and the outline is a bore's edge,
 * unless hatching runs between it and the axis too (a thread's minor diameter in the section).
 *
 * @param hatching - section hatching near the view, axis frame (ProfileExtras.hatching)
 * @param noiseMm - radii within this are one bore (ProfileExtras.noiseMm)
 */
export function findBores(
  framed: Primitive[],
  hidden: Primitive[],
  outerRadiusAt: (u: number) => number,
  uMin: number,
  uMax: number,
  { hatching = [], noiseMm = 0 }: { hatching?: Primitive[]; noiseMm?: number } = {},
): FoundBore[] {
  const reach = 0.02 * (uMax - uMin) + TOL;
  // Bores show on either side of the axis (a half section may cut either half): a line below
  // the axis counts at its distance from it, and keeps its side for the end-face test.
  const candidates = [
    ...framed.map((p) => ({ p, hidden: false })),
    ...hidden.map((p) => ({ p, hidden: true })),
  ].filter(({ p }) => {
    if (p.kind !== 'line' || !isParallel(p)) return false;
    const v = Math.abs((p.a.y + p.b.y) / 2);
    const u = (p.a.x + p.b.x) / 2;
    // Within a traced line's width of the axis it is the axis (a section's boundary along it).
    return v > Math.max(TOL, noiseMm) && v < outerRadiusAt(u) - TOL;
  });
  type Span = { u0: number; u1: number; hidden: boolean; side: 1 | -1 };
  const byRadius = new Map<number, Span[]>();
  for (const { p, hidden: isHidden } of candidates) {
    if (p.kind !== 'line') continue;
    const v = (p.a.y + p.b.y) / 2;
    const rounded = Math.round(Math.abs(v) * 100) / 100;
    // Radii within the drawing's noise are one (a traced raster's two sides of a bore), and so
    // are the two sides of a bore whose radius lies on a rounding boundary (an inch Ø.250 bore's
    // 3.175 mm reads 3.1750001 above the axis and 3.1749999 below it: 3.18 and 3.17).
    const same = Math.max(noiseMm, SAME_RADIUS_MM);
    const key = [...byRadius.keys()].find((k) => Math.abs(k - rounded) <= same) ?? rounded;
    byRadius.set(key, [
      ...(byRadius.get(key) ?? []),
      {
        u0: Math.min(p.a.x, p.b.x),
        u1: Math.max(p.a.x, p.b.x),
        hidden: isHidden,
        side: v > 0 ? 1 : -1,
      },
    ]);
  }
  /**
   * An end face that stops at `radius` on one side of the axis: a section's end face runs from
   * the bore out, so a visible line there is the bore's edge. In an outside view the end face
   * runs from the axis, and a visible line inside the outline is cosmetic (a thread's minor
   * diameter), even where a chamfer shortens the face.
   */
  const faceStopsAt = (u: number, radius: number, side: 1 | -1) =>
    framed.some(
      (p) =>
        p.kind === 'line' &&
        Math.abs(p.a.x - u) < reach &&
        Math.abs(p.b.x - u) < reach &&
        Math.abs(Math.min(side * p.a.y, side * p.b.y) - radius) <= 0.02 * radius + TOL,
    );
  /** Whether a hatch line crosses u on that side at a distance from the axis between lo and hi. */
  const hatchedBetween = (u: number, side: 1 | -1, lo: number, hi: number) =>
    hatching.some((p) => {
      if (p.kind !== 'line') return false;
      const { a, b } = p;
      if ((a.x - u) * (b.x - u) > 0 || a.x === b.x) return false;
      const v = side * (a.y + ((u - a.x) / (b.x - a.x)) * (b.y - a.y));
      return v > lo && v < hi;
    });
  /** Hatching crosses the material between the radius and the outline at u, on that side. */
  const hatchedOutside = (u: number, radius: number, side: 1 | -1) =>
    hatchedBetween(u, side, radius + TOL, outerRadiusAt(u) - TOL);
  /**
   * Hatching crosses between the axis and the radius at two of three points along the line, on
   * that side: the line lies in material (a thread's minor diameter drawn in a section), not at
   * the edge of a hole, which a section leaves unhatched.
   */
  const solidInside = (u0: number, u1: number, radius: number, side: 1 | -1) =>
    [0.25, 0.5, 0.75].filter((t) =>
      hatchedBetween(u0 + t * (u1 - u0), side, TOL, radius - Math.max(TOL, noiseMm)),
    ).length >= 2;
  const lines = [...framed, ...hidden].filter((p) => p.kind === 'line');
  const join = Math.max(TOL, 0.001 * (uMax - uMin));
  /**
   * The chamfer from the bore's end (u, radius) out to the end face at `end`: its length along
   * the axis (to 0.1 µm) and its angle to the axis (to 0.1°), or undefined.
   */
  const mouthChamfer = (u: number, radius: number, end: number): MouthChamfer | undefined => {
    for (const p of lines) {
      if (p.kind !== 'line') continue;
      for (const [from, to] of [
        [p.a, p.b],
        [p.b, p.a],
      ] as const) {
        // Either side of the axis: distances from it.
        if (Math.abs(from.x - u) > join || Math.abs(Math.abs(from.y) - radius) > join) continue;
        if (from.y * to.y < 0) continue;
        const du = Math.abs(to.x - from.x);
        const dr = Math.abs(to.y) - Math.abs(from.y);
        const angle = (Math.atan2(dr, du) * 180) / Math.PI;
        if (Math.abs(to.x - end) > reach || dr <= TOL || angle < 10 || angle > 80) continue;
        if (du <= Math.min(10, radius) + TOL)
          return { sizeMm: Math.round(du * 1e4) / 1e4, angleDeg: Math.round(angle * 10) / 10 };
      }
    }
    return undefined;
  };
  const bores: FoundBore[] = [];
  const runs: { radius: number; spans: Span[] }[] = [];
  for (const [radius, all] of byRadius) {
    // Lines of one radius that do not meet are separate bores: a blind bore from each end
    // leaves a web between them.
    for (const span of [...all].sort((a, b) => a.u0 - b.u0)) {
      const run = runs[runs.length - 1];
      if (run && run.radius === radius && span.u0 <= maxOf(run.spans.map((s) => s.u1)) + 2 * reach)
        run.spans.push(span);
      else runs.push({ radius, spans: [span] });
    }
  }
  // Largest first: a smaller bore between two larger ones (a bearing seat from each end and a
  // shoulder between) opens into them.
  runs.sort((a, b) => b.radius - a.radius);
  for (const { radius, spans } of runs) {
    const u0 = minOf(spans.map((s) => s.u0));
    const u1 = maxOf(spans.map((s) => s.u1));
    const intoLarger = (u: number, fromMin: boolean) =>
      bores.some(
        (b) =>
          b.diameterMm > 2 * radius &&
          (fromMin
            ? b.u0 <= uMin + reach && b.u1 >= u - reach
            : b.u1 >= uMax - reach && b.u0 <= u + reach),
      );
    const chamferAtMin = mouthChamfer(u0, radius, uMin);
    const chamferAtMax = mouthChamfer(u1, radius, uMax);
    const atMin = u0 - uMin <= reach || chamferAtMin !== undefined;
    const atMax = uMax - u1 <= reach || chamferAtMax !== undefined;
    const opensAtMin = atMin || intoLarger(u0, true);
    const opensAtMax = atMax || intoLarger(u1, false);
    if (!opensAtMin && !opensAtMax) continue;
    const hiddenOnly = spans.every((s) => s.hidden);
    if (atMin || atMax) {
      const endFace = atMin ? uMin : uMax;
      // A chamfered mouth shows a real bore (a section draws the mouth's edge across the end
      // face).
      const chamfered = atMin ? chamferAtMin : chamferAtMax;
      // A visible line is a bore when, on some side it is drawn, the end face stops at it.
      const visibleSides = [...new Set(spans.filter((s) => !s.hidden).map((s) => s.side))];
      if (
        !hiddenOnly &&
        !chamfered &&
        !visibleSides.some(
          (side) =>
            !solidInside(u0, u1, radius, side) &&
            (faceStopsAt(endFace, radius, side) ||
              [0.25, 0.5, 0.75].some((t) => hatchedOutside(u0 + t * (u1 - u0), radius, side))),
        )
      )
        continue;
    }
    bores.push({
      diameterMm: 2 * radius,
      u0: opensAtMin ? uMin : u0,
      u1: opensAtMax ? uMax : u1,
      through: opensAtMin && opensAtMax,
      ...(chamferAtMin ? { mouthAtMin: chamferAtMin } : {}),
      ...(chamferAtMax ? { mouthAtMax: chamferAtMax } : {}),
    });
  }
  return bores.sort((a, b) => b.diameterMm - a.diameterMm);
}
