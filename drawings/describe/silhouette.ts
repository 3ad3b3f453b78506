/**
 * The silhouette of a turned part's side view (extractProfile in profile.ts): the upper half of
 * its outline in axis coordinates cut into pieces, each a stretch of one line or arc; the pieces
 * that are chamfers or fillets (edge breaks between a face and a flat piece); and, for a traced
 * raster, the slivers its line width leaves taken into the pieces beside them. Millimetres.
 */
import { isFullCircle, type Primitive } from '../geometry/primitives.ts';
import { crossingsAt, isParallel } from './axis.ts';

/** Radii within this of each other are one radius, mm. */
const TOL = 0.005;

/** A stretch of the silhouette: from u0 to u1 the radius goes from r0 to r1 (mm). */
export interface Piece {
  u0: number;
  u1: number;
  r0: number;
  r1: number;
  primitive: Primitive;
}

/** The radius the primitive has at u, on the branch it has at `near` (arcs have two). */
export function radiusAt(primitive: Primitive, u: number, near: number): number {
  if (primitive.kind === 'line') {
    const { a, b } = primitive;
    const t = Math.min(1, Math.max(0, (u - a.x) / (b.x - a.x)));
    return a.y + t * (b.y - a.y);
  }
  const dx = u - primitive.center.x;
  const h = Math.sqrt(Math.max(0, primitive.radius ** 2 - dx ** 2));
  return near >= primitive.center.y ? primitive.center.y + h : primitive.center.y - h;
}

/** The upper silhouette (v ≥ 0) of primitives in axis coordinates, left to right. */
export function silhouette(framed: Primitive[]): Piece[] {
  const upper = framed.filter((p) => !(p.kind === 'arc' && isFullCircle(p)));
  const breaks = new Set<number>();
  for (const p of upper) {
    if (p.kind === 'line') {
      breaks.add(p.a.x).add(p.b.x);
    } else {
      const { center, radius, startRad, endRad } = p;
      breaks.add(center.x + radius * Math.cos(startRad)).add(center.x + radius * Math.cos(endRad));
      for (const angle of [0, Math.PI / 2, Math.PI]) {
        if (crossingsAt(p, center.x + radius * Math.cos(angle)).length > 0) {
          breaks.add(center.x + radius * Math.cos(angle));
        }
      }
    }
  }
  const us = [...breaks].sort((a, b) => a - b);
  const pieces: Piece[] = [];
  for (let i = 0; i + 1 < us.length; i++) {
    const u0 = us[i]!;
    const u1 = us[i + 1]!;
    if (u1 - u0 < 1e-6) continue;
    const mid = (u0 + u1) / 2;
    let best: { v: number; primitive: Primitive } | undefined;
    for (const primitive of upper) {
      for (const v of crossingsAt(primitive, mid)) {
        if (v >= -TOL && (!best || v > best.v)) best = { v, primitive };
      }
    }
    if (!best) continue;
    const piece = {
      u0,
      u1,
      r0: radiusAt(best.primitive, u0, best.v),
      r1: radiusAt(best.primitive, u1, best.v),
      primitive: best.primitive,
    };
    const last = pieces[pieces.length - 1];
    const continues = last && Math.abs(last.u1 - u0) < 1e-6 && Math.abs(last.r1 - piece.r0) < TOL;
    const sameCurve =
      last &&
      (last.primitive === piece.primitive ||
        (isParallel(last.primitive) && isParallel(piece.primitive)) ||
        (last.primitive.kind === 'line' &&
          piece.primitive.kind === 'line' &&
          Math.abs(slope(last) - slope(piece)) < 1e-6));
    if (last && continues && sameCurve) {
      last.u1 = u1;
      last.r1 = piece.r1;
    } else {
      pieces.push(piece);
    }
  }
  return pieces;
}

const slope = (piece: Piece) => (piece.r1 - piece.r0) / (piece.u1 - piece.u0);
export const isFlat = (piece: Piece) => Math.abs(piece.r1 - piece.r0) <= TOL;

/** Whether piece i meets piece j (= i ± 1) without a face between them. */
function joined(pieces: Piece[], i: number, j: number): boolean {
  const [left, right] = i < j ? [pieces[i], pieces[j]] : [pieces[j], pieces[i]];
  return (
    !!left && !!right && Math.abs(left.u1 - right.u0) < 1e-6 && Math.abs(left.r1 - right.r0) < TOL
  );
}

/** Whether `right` starts where `left` ends, along the axis (at whatever radii). */
function touch(left: Piece, right: Piece): boolean {
  return Math.abs(left.u1 - right.u0) < 1e-6;
}

export type EdgeKind = { kind: 'chamfer' | 'fillet'; owner: number; faceAtStart: boolean };

/**
 * A chamfer or fillet: a short slope or arc between a face (or an end) on one side and a flat
 * piece it runs into on the other. Chamfers must fall toward the face (an edge break).
 */
export function edgeOf(pieces: Piece[], i: number): EdgeKind | undefined {
  const piece = pieces[i]!;
  if (isFlat(piece)) return undefined;
  const du = piece.u1 - piece.u0;
  const dr = Math.abs(piece.r1 - piece.r0);
  const size = Math.max(piece.r0, piece.r1) * 2;
  for (const [owner, faceAtStart] of [
    [i + 1, true],
    [i - 1, false],
  ] as const) {
    const flat = pieces[owner];
    if (!flat || !isFlat(flat) || !joined(pieces, i, owner)) continue;
    const other = faceAtStart ? i - 1 : i + 1;
    if (pieces[other] && joined(pieces, i, other)) continue;
    if (piece.primitive.kind === 'line') {
      const angle = (Math.atan2(dr, du) * 180) / Math.PI;
      const falls = faceAtStart ? piece.r0 < piece.r1 : piece.r1 < piece.r0;
      if (falls && angle >= 10 && angle <= 80 && Math.max(du, dr) <= Math.min(10, 0.25 * size)) {
        return { kind: 'chamfer', owner, faceAtStart };
      }
    } else if (piece.primitive.radius <= Math.min(10, 0.3 * size)) {
      return { kind: 'fillet', owner, faceAtStart };
    }
  }
  return undefined;
}

/**
 * The silhouette without the slivers a traced raster leaves: a piece no longer than `noiseMm` at
 * an end of the silhouette, apart from the rest by more than `noiseMm`, is left out (a stub of a
 * centre line or an arrowhead beyond the end face); any other piece no longer than `noiseMm`
 * (the corner a line's width rounds off, a face traced off square, the gap where two lines fail
 * to meet) is taken into a longer flat piece beside it (up to the shoulder's face when one is
 * drawn there), and a flat piece and a nearly flat one
 * beside it within `noiseMm` (one line traced at two heights, a corner rounded off) become one,
 * at the longer one's radius when it is the flat one.
 */
export function dropSlivers(pieces: Piece[], noiseMm: number, faces: number[]): Piece[] {
  const out = pieces.map((piece) => ({ ...piece }));
  const small = (piece: Piece) => piece.u1 - piece.u0 <= noiseMm;
  // A sliver at an end, apart from the rest by more than the noise, is no part of the part (a
  // stub of a centre line or of an arrowhead traced beyond its end face).
  while (out.length > 1 && small(out.at(-1)!) && out.at(-1)!.u0 - out.at(-2)!.u1 > noiseMm)
    out.pop();
  while (out.length > 1 && small(out[0]!) && out[1]!.u0 - out[0]!.u1 > noiseMm) out.shift();
  // Gaps where no line is traced (a line stopping short of the face it meets): the pieces meet
  // at the face drawn in the gap, or halfway; the ends reach the end faces.
  const faceNear = (u0: number, u1: number) => faces.find((u) => u >= u0 && u <= u1);
  for (let i = 1; i < out.length; i++) {
    const left = out[i - 1]!;
    const right = out[i]!;
    const gap = right.u0 - left.u1;
    if (gap <= 1e-6 || gap > noiseMm) continue;
    const at = faceNear(left.u1, right.u0) ?? (left.u1 + right.u0) / 2;
    left.u1 = at;
    right.u0 = at;
  }
  const head = out[0];
  const tail = out[out.length - 1];
  if (head) head.u0 = faceNear(head.u0 - noiseMm, head.u0) ?? head.u0;
  if (tail) tail.u1 = faces.filter((u) => u >= tail.u1 && u <= tail.u1 + noiseMm).pop() ?? tail.u1;
  /** A shoulder's face drawn within or beside the sliver: where the pieces on either side meet. */
  const faceIn = (piece: Piece) =>
    faces.find((u) => u >= piece.u0 - noiseMm / 2 && u <= piece.u1 + noiseMm / 2);
  /** A flat piece longer than the noise, which can take a sliver beside it. */
  const holds = (piece: Piece | undefined): piece is Piece =>
    piece !== undefined && isFlat(piece) && !small(piece);
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < out.length; i++) {
      const piece = out[i]!;
      if (!small(piece)) continue;
      const before = out[i - 1];
      const after = out[i + 1];
      const face = faceIn(piece);
      if (
        face !== undefined &&
        before &&
        after &&
        (holds(before) || holds(after)) &&
        touch(before, piece) &&
        touch(piece, after) &&
        face > before.u0 &&
        face < after.u1
      ) {
        before.u1 = face;
        after.u0 = face;
      } else if (holds(before) && touch(before, piece)) {
        before.u1 = piece.u1;
        if (after && touch(piece, after) && Math.abs(after.r0 - before.r1) <= noiseMm)
          after.r0 = before.r1;
      } else if (holds(after) && touch(piece, after)) {
        after.u0 = piece.u0;
        if (before && touch(before, piece) && Math.abs(before.r1 - after.r0) <= noiseMm)
          before.r1 = after.r0;
      } else {
        continue;
      }
      out.splice(i, 1);
      changed = true;
      break;
    }
  }
  // Pieces beside each other at radii within the noise, one of them flat and the longer: one
  // flat piece at its radius. The shorter one may fall by up to two line widths when it runs
  // from a face (a corner's fillet, R0.2 at 2:1, traced as a slope into the flat piece).
  const nearFlat = (piece: Piece) => Math.abs(piece.r1 - piece.r0) <= noiseMm;
  const fromFace = (piece: Piece, u: number) =>
    Math.abs(piece.r1 - piece.r0) <= CORNER_NOISE * noiseMm &&
    faces.some((face) => Math.abs(face - u) <= noiseMm);
  for (let i = 1; i < out.length;) {
    const left = out[i - 1]!;
    const right = out[i]!;
    const longer = left.u1 - left.u0 >= right.u1 - right.u0 ? left : right;
    if (
      isFlat(longer) &&
      (nearFlat(left) || (left !== longer && fromFace(left, left.u0))) &&
      (nearFlat(right) || (right !== longer && fromFace(right, right.u1))) &&
      touch(left, right) &&
      Math.abs(left.r1 - right.r0) <= noiseMm
    ) {
      out[i - 1] = { ...longer, u0: left.u0, u1: right.u1 };
      out.splice(i, 1);
    } else {
      i++;
    }
  }
  // A slope at an end of the part that starts a step within the noise off the flat piece it runs
  // from (a chamfer's corner rounded off as traced, its edge line drawn across the part at the
  // corner) starts at the flat piece's radius.
  const last = out.length - 1;
  for (const [slope, flat] of [
    [0, 1],
    [last, last - 1],
  ] as const) {
    const [left, right] = slope < flat ? [out[slope], out[flat]] : [out[flat], out[slope]];
    if (slope === flat || !left || !right || !touch(left, right)) continue;
    const step = Math.abs(left.r1 - right.r0);
    if (step <= TOL || step > CORNER_NOISE * noiseMm || !isFlat(out[flat]!)) continue;
    if (nearFlat(out[slope]!)) continue;
    if (out[slope]!.primitive.kind !== 'line') continue;
    if (slope < flat) left.r1 = right.r0;
    else right.r0 = left.r1;
  }
  return out;
}

/** A dip in a traced silhouette is at most this many line widths long. */
const DIP_NOISE = 3;
/**
 * A corner traced off its edge by at most this many line widths: a fillet's slope into a flat
 * piece, a chamfer's start below the flat piece it breaks (a scan's blur at the corner).
 */
const CORNER_NOISE = 2;

/**
 * The silhouette with a slanted edge that the tracing broke into pieces made one again: sloped
 * line pieces one after the other, apart along the axis by at most DIP_NOISE line widths, whose
 * ends all lie within a line's width of the line from the first's start to the last's end, are
 * one piece along that line (a chamfer's edge crossed by a dimension's extension line), whatever
 * the fitting made of them (a short traced stretch fitted as an arc whose middle is within two
 * line widths of the line).
 */
export function joinBrokenSlopes(pieces: Piece[], noiseMm: number): Piece[] {
  const out = pieces.map((piece) => ({ ...piece }));
  // A traced arc (the fitting's take on a blurred line or a corner it rounded) counts when its
  // middle is within two line widths of the line too.
  const onLineAt = (piece: Piece, along: (u: number) => number) => {
    const mid = (piece.u0 + piece.u1) / 2;
    return (
      Math.abs(along(piece.u0) - piece.r0) <= noiseMm &&
      Math.abs(along(piece.u1) - piece.r1) <= noiseMm &&
      Math.abs(along(mid) - radiusAt(piece.primitive, mid, (piece.r0 + piece.r1) / 2)) <=
        CORNER_NOISE * noiseMm
    );
  };
  for (let i = 1; i < out.length;) {
    const [left, right] = [out[i - 1]!, out[i]!];
    const gap = right.u0 - left.u1;
    const along = (u: number) =>
      left.r0 + ((right.r1 - left.r0) * (u - left.u0)) / (right.u1 - left.u0);
    const onLine =
      !isFlat(left) &&
      !isFlat(right) &&
      gap >= -1e-6 &&
      gap <= DIP_NOISE * noiseMm &&
      Math.sign(slope(left)) === Math.sign(slope(right)) &&
      onLineAt(left, along) &&
      onLineAt(right, along);
    if (!onLine) {
      i++;
      continue;
    }
    const line: Primitive = {
      kind: 'line',
      a: { x: left.u0, y: left.r0 },
      b: { x: right.u1, y: right.r1 },
      layer: left.primitive.layer,
    };
    out[i - 1] = { u0: left.u0, u1: right.u1, r0: left.r0, r1: right.r1, primitive: line };
    out.splice(i, 1);
  }
  return out;
}

/**
 * The silhouette without the dips a traced raster leaves where an edge is broken: a piece no
 * longer than DIP_NOISE line widths, lower than the pieces on both sides of it by more than a
 * line's width, and without a face drawn at each of its ends, is the gap where a crossing line
 * (section hatching, an extension line) or a lost corner broke the edge, and the silhouette fell
 * to a line inside it (a bore's). The pieces beside it meet at the face drawn at its end, or
 * halfway. A groove has both its walls drawn, and is kept.
 */
export function withoutDips(pieces: Piece[], noiseMm: number, faces: number[]): Piece[] {
  const out = pieces.map((piece) => ({ ...piece }));
  const faceAt = (u: number) => faces.find((face) => Math.abs(face - u) <= noiseMm);
  for (let i = 1; i + 1 < out.length;) {
    const [before, dip, after] = [out[i - 1]!, out[i]!, out[i + 1]!];
    const low = Math.max(dip.r0, dip.r1);
    const isDip =
      dip.u1 - dip.u0 <= DIP_NOISE * noiseMm &&
      touch(before, dip) &&
      touch(dip, after) &&
      before.r1 - low > noiseMm &&
      after.r0 - low > noiseMm &&
      (faceAt(dip.u0) === undefined || faceAt(dip.u1) === undefined);
    if (!isDip) {
      i++;
      continue;
    }
    const at = faceAt(dip.u0) ?? faceAt(dip.u1) ?? (dip.u0 + dip.u1) / 2;
    before.u1 = at;
    after.u0 = at;
    out.splice(i, 1);
  }
  return out;
}

/** A traced silhouette without the dips of its broken edges, its broken slopes joined, then without its slivers. */
export function tracedOutline(pieces: Piece[], noiseMm: number, faces: number[]): Piece[] {
  return dropSlivers(
    joinBrokenSlopes(withoutDips(pieces, noiseMm, faces), noiseMm),
    noiseMm,
    faces,
  );
}
