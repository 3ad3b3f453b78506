/**
 * The profile of a turned part from its side view: the upper half of the silhouette, cut into
 * diameters (cylinders, tapers, grooves), chamfers and fillets, plus bores and cross holes.
 * Positions are measured from the free end; the chuck holds the end nearest the largest diameter.
 */
import { isFullCircle, type Point, type Primitive } from '../geometry/primitives.ts';
import { crossingsAt, isParallel, toAxisFrame, type Axis } from './axis.ts';
import { findBores } from './bores.ts';
import { maxOf, minOf, type View } from '../geometry/shapes.ts';

/** A stretch of the silhouette: from u0 to u1 the radius goes from r0 to r1 (mm). */
interface Piece {
  u0: number;
  u1: number;
  r0: number;
  r1: number;
  primitive: Primitive;
}

export interface ProfileDiameter {
  kind: 'cylinder' | 'groove' | 'taper' | 'contour';
  /** From the free end, mm. */
  startMm: number;
  endMm: number;
  /** Drawn diameter; a taper's or contour's largest. */
  diameterMm: number;
  /** Taper: diameters at its start and end. */
  startDiameterMm?: number;
  endDiameterMm?: number;
}

export interface ProfileChamfer {
  atMm: number;
  sizeMm: number;
  angleDeg: number;
  /** Index in `outer`. */
  onIndex: number;
}

export interface ProfileFillet {
  atMm: number;
  radiusMm: number;
  onIndex: number;
}

export interface ProfileBore {
  diameterMm: number;
  startMm: number;
  endMm: number;
  through: boolean;
}

export interface TurnedProfile {
  axis: Axis;
  /** True when the free end is the drawing's left (horizontal axis) or bottom (vertical axis). */
  freeEndAtMin: boolean;
  lengthMm: number;
  outer: ProfileDiameter[];
  chamfers: ProfileChamfer[];
  fillets: ProfileFillet[];
  bores: ProfileBore[];
  crossHoles: { diameterMm: number; atMm: number }[];
  /** Steps up to this size were taken as the drawing's noise (extractProfile), mm; 0: none. */
  noiseMm: number;
  /** A drawing point in profile coordinates: u from the free end, v from the axis (mm). */
  locate(point: Point): { u: number; v: number };
  /** The drawing point (mm) at u from the free end and v from the axis: locate's inverse. */
  place(u: number, v: number): Point;
}

const TOL = 0.005;

/** An outer diameter in drawing coordinates (u along the axis, d diameters at u0 and u1). */
interface DrawnFeature {
  kind: ProfileDiameter['kind'];
  u0: number;
  u1: number;
  d0: number;
  d1: number;
  diameterMm: number;
}

/** The radius the primitive has at u, on the branch it has at `near` (arcs have two). */
function radiusAt(primitive: Primitive, u: number, near: number): number {
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
function silhouette(framed: Primitive[]): Piece[] {
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
const isFlat = (piece: Piece) => Math.abs(piece.r1 - piece.r0) <= TOL;

/** Whether piece i meets piece j (= i ± 1) without a face between them. */
function joined(pieces: Piece[], i: number, j: number): boolean {
  const [left, right] = i < j ? [pieces[i], pieces[j]] : [pieces[j], pieces[i]];
  return (
    !!left && !!right && Math.abs(left.u1 - right.u0) < 1e-6 && Math.abs(left.r1 - right.r0) < TOL
  );
}

type EdgeKind = { kind: 'chamfer' | 'fillet'; owner: number; faceAtStart: boolean };

/**
 * A chamfer or fillet: a short slope or arc between a face (or an end) on one side and a flat
 * piece it runs into on the other. Chamfers must fall toward the face (an edge break).
 */
function edgeOf(pieces: Piece[], i: number): EdgeKind | undefined {
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
 * The silhouette without the slivers a traced raster leaves: a piece no longer than `noiseMm`
 * (the corner a line's width rounds off, a face traced off square, the gap where two lines fail
 * to meet) is taken into a longer flat piece beside it (up to the shoulder's face when one is
 * drawn there), and a flat piece and a nearly flat one
 * beside it within `noiseMm` (one line traced at two heights, a corner rounded off) become one,
 * at the longer one's radius when it is the flat one.
 */
function dropSlivers(pieces: Piece[], noiseMm: number, faces: number[]): Piece[] {
  const out = pieces.map((piece) => ({ ...piece }));
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
  const first = out[0];
  const last = out[out.length - 1];
  if (first) first.u0 = faceNear(first.u0 - noiseMm, first.u0) ?? first.u0;
  if (last) last.u1 = faces.filter((u) => u >= last.u1 && u <= last.u1 + noiseMm).pop() ?? last.u1;
  /** A shoulder's face drawn within or beside the sliver: where the pieces on either side meet. */
  const faceIn = (piece: Piece) =>
    faces.find((u) => u >= piece.u0 - noiseMm / 2 && u <= piece.u1 + noiseMm / 2);
  const touch = (left: Piece, right: Piece) => Math.abs(left.u1 - right.u0) < 1e-6;
  const small = (piece: Piece) => piece.u1 - piece.u0 <= noiseMm;
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
  // flat piece at its radius.
  const nearFlat = (piece: Piece) => Math.abs(piece.r1 - piece.r0) <= noiseMm;
  for (let i = 1; i < out.length;) {
    const left = out[i - 1]!;
    const right = out[i]!;
    const longer = left.u1 - left.u0 >= right.u1 - right.u0 ? left : right;
    if (
      isFlat(longer) &&
      nearFlat(left) &&
      nearFlat(right) &&
      touch(left, right) &&
      Math.abs(left.r1 - right.r0) <= noiseMm
    ) {
      out[i - 1] = { ...longer, u0: left.u0, u1: right.u1 };
      out.splice(i, 1);
    } else {
      i++;
    }
  }
  return out;
}

/** What else the drawing shows about a side view besides its outline. */
export interface ProfileExtras {
  /** Steps and slivers up to this size are the drawing's noise, not features (a traced raster's:
   * about its line width), mm; 0 or absent keeps every step. */
  noiseMm?: number;
  /** Section hatching near the view (DrawingContent.hatching), mm. */
  hatching?: Primitive[];
}

/**
 * The profile of the side view of a turned part.
 *
 * @param view - the side view (mm)
 * @param axis - its axis of revolution (sideViewAxis)
 * @param hidden - hidden lines near the view, which may show bores
 * @param extras - the drawing's noise and the view's hatching (ProfileExtras)
 * @returns diameters from the free end, chamfers, fillets, bores and cross holes, in mm
 */
export function extractProfile(
  view: View,
  axis: Axis,
  hidden: Primitive[],
  extras: ProfileExtras = {},
): TurnedProfile {
  const noiseMm = extras.noiseMm ?? 0;
  const framed = toAxisFrame(view.primitives, axis);
  const traced = silhouette(framed);
  const faces = framed
    .filter(
      (p) =>
        p.kind === 'line' && Math.abs(p.a.x - p.b.x) <= 1e-6 + 0.0087 * Math.abs(p.a.y - p.b.y),
    )
    .filter((p) => p.kind === 'line' && Math.abs(p.a.y - p.b.y) > noiseMm)
    .map((p) => (p.kind === 'line' ? (p.a.x + p.b.x) / 2 : 0));
  const pieces = noiseMm > 0 ? dropSlivers(traced, noiseMm, faces) : traced;
  const uMin = minOf(pieces.map((p) => p.u0));
  const uMax = maxOf(pieces.map((p) => p.u1));

  const edges = pieces.map((_, i) => edgeOf(pieces, i));
  const groups: { pieces: number[] }[] = [];
  const groupOf = new Map<number, number>();
  pieces.forEach((_, i) => {
    if (edges[i]) return;
    groupOf.set(i, groups.length);
    groups.push({ pieces: [i] });
  });
  edges.forEach((edge, i) => {
    if (!edge) return;
    const group = groupOf.get(edge.owner);
    if (group === undefined) {
      edges[i] = undefined;
      groupOf.set(i, groups.length);
      groups.push({ pieces: [i] });
    } else {
      groups[group]!.pieces.push(i);
    }
  });
  groups.sort((a, b) => minOf(a.pieces) - minOf(b.pieces));
  groups.forEach((group, index) => group.pieces.forEach((i) => groupOf.set(i, index)));

  const drawnOuter = groups.map((group): DrawnFeature => {
    const main = pieces[group.pieces.find((i) => !edges[i]) ?? group.pieces[0]!]!;
    const members = group.pieces.map((i) => pieces[i]!);
    const kind: ProfileDiameter['kind'] = isFlat(main)
      ? 'cylinder'
      : main.primitive.kind === 'line'
        ? 'taper'
        : 'contour';
    return {
      kind,
      u0: minOf(members.map((p) => p.u0)),
      u1: maxOf(members.map((p) => p.u1)),
      d0: 2 * main.r0,
      d1: 2 * main.r1,
      diameterMm: 2 * maxOf(members.map((p) => Math.max(p.r0, p.r1))),
    };
  });
  for (const [i, feature] of drawnOuter.entries()) {
    const before = drawnOuter[i - 1];
    const after = drawnOuter[i + 1];
    const length = feature.u1 - feature.u0;
    if (
      feature.kind === 'cylinder' &&
      before &&
      after &&
      before.diameterMm > feature.diameterMm + TOL &&
      after.diameterMm > feature.diameterMm + TOL &&
      length <= feature.diameterMm
    ) {
      feature.kind = 'groove';
    }
  }

  // The chuck holds the end nearest the largest diameter; the other end is free.
  const largest = Math.max(...drawnOuter.map((f) => f.diameterMm));
  const centres = drawnOuter
    .filter((f) => f.diameterMm >= largest - TOL)
    .map((f) => (f.u0 + f.u1) / 2);
  const nearMin = Math.min(...centres.map((c) => c - uMin));
  const nearMax = Math.min(...centres.map((c) => uMax - c));
  const freeEndAtMin = nearMax <= nearMin;
  const fromFree = (u: number) => (freeEndAtMin ? u - uMin : uMax - u);
  const order = freeEndAtMin ? drawnOuter.map((_, i) => i) : drawnOuter.map((_, i) => i).reverse();
  const indexOf = new Map(order.map((drawnIndex, index) => [drawnIndex, index]));

  const outer: ProfileDiameter[] = order.map((i) => {
    const f = drawnOuter[i]!;
    const [start, end] = [fromFree(f.u0), fromFree(f.u1)].sort((a, b) => a - b) as [number, number];
    const [startD, endD] = freeEndAtMin ? [f.d0, f.d1] : [f.d1, f.d0];
    return {
      kind: f.kind,
      startMm: start,
      endMm: end,
      diameterMm: f.diameterMm,
      ...(f.kind === 'taper' ? { startDiameterMm: startD, endDiameterMm: endD } : {}),
    };
  });

  const chamfers: ProfileChamfer[] = [];
  const fillets: ProfileFillet[] = [];
  edges.forEach((edge, i) => {
    if (!edge) return;
    const piece = pieces[i]!;
    const onIndex = indexOf.get(groupOf.get(i)!)!;
    const atMm = fromFree(edge.faceAtStart ? piece.u0 : piece.u1);
    if (edge.kind === 'chamfer') {
      const du = piece.u1 - piece.u0;
      const dr = Math.abs(piece.r1 - piece.r0);
      chamfers.push({
        atMm,
        sizeMm: Math.round(du * 1e4) / 1e4,
        angleDeg: Math.round(((Math.atan2(dr, du) * 180) / Math.PI) * 10) / 10,
        onIndex,
      });
    } else if (piece.primitive.kind === 'arc') {
      fillets.push({ atMm, radiusMm: piece.primitive.radius, onIndex });
    }
  });
  chamfers.sort((a, b) => a.atMm - b.atMm);
  fillets.sort((a, b) => a.atMm - b.atMm);

  const outerRadiusAt = (u: number) =>
    Math.max(
      0,
      ...pieces.filter((p) => p.u0 <= u && u <= p.u1).map((p) => radiusAt(p.primitive, u, p.r0)),
    );
  const bores = findBores(framed, toAxisFrame(hidden, axis), outerRadiusAt, uMin, uMax, {
    hatching: toAxisFrame(extras.hatching ?? [], axis),
    noiseMm,
  }).map((bore) => {
    const [start, end] = [fromFree(bore.u0), fromFree(bore.u1)].sort((a, b) => a - b) as [
      number,
      number,
    ];
    return { diameterMm: bore.diameterMm, startMm: start, endMm: end, through: bore.through };
  });
  const crossHoles = framed
    .filter((p) => p.kind === 'arc' && isFullCircle(p))
    .map((p) => ({
      diameterMm: 2 * (p as { radius: number }).radius,
      atMm: fromFree(p.kind === 'arc' ? p.center.x : 0),
    }));

  return {
    axis,
    freeEndAtMin,
    lengthMm: uMax - uMin,
    outer,
    chamfers,
    fillets,
    bores,
    crossHoles,
    noiseMm,
    locate: (point) => {
      const u = axis.horizontal ? point.x : point.y;
      const v = (axis.horizontal ? point.y : point.x) - axis.offset;
      return { u: fromFree(u), v };
    },
    place: (u, v) => {
      const along = freeEndAtMin ? uMin + u : uMax - u;
      return axis.horizontal ? { x: along, y: axis.offset + v } : { x: axis.offset + v, y: along };
    },
  };
}

/** Chamfer angles a drawing means when it draws one within 1° of them (ISO 13715 practice). */
const STANDARD_CHAMFER_ANGLES = [15, 30, 45, 60, 75];

/**
 * The profile with its measured sizes rounded: positions, lengths, diameters and radii to
 * `stepMm`, chamfer angles to whole degrees (to 15°, 30°, 45°, 60° or 75° when within 1° of
 * one). For drawings measured off the page (a PDF), whose lines carry drawing noise:
 * Ø11.1337 → Ø11.13, a 0.1005 × 44° chamfer → 0.1 × 45° at a step of 0.01 mm.
 *
 * @param profile - the drawn profile (not changed)
 * @param stepMm - the rounding step, mm (> 0)
 */
export function roundProfile(profile: TurnedProfile, stepMm: number): TurnedProfile {
  const r = (value: number) => roundTo(value, stepMm);
  const angle = (deg: number) =>
    STANDARD_CHAMFER_ANGLES.find((standard) => Math.abs(standard - deg) <= 1) ?? Math.round(deg);
  return {
    ...profile,
    lengthMm: r(profile.lengthMm),
    outer: profile.outer.map((d) => ({
      ...d,
      startMm: r(d.startMm),
      endMm: r(d.endMm),
      diameterMm: r(d.diameterMm),
      ...(d.startDiameterMm !== undefined ? { startDiameterMm: r(d.startDiameterMm) } : {}),
      ...(d.endDiameterMm !== undefined ? { endDiameterMm: r(d.endDiameterMm) } : {}),
    })),
    chamfers: profile.chamfers.map((c) => ({
      ...c,
      atMm: r(c.atMm),
      sizeMm: r(c.sizeMm),
      angleDeg: angle(c.angleDeg),
    })),
    fillets: profile.fillets.map((f) => ({ ...f, atMm: r(f.atMm), radiusMm: r(f.radiusMm) })),
    bores: profile.bores.map((b) => ({
      ...b,
      diameterMm: r(b.diameterMm),
      startMm: r(b.startMm),
      endMm: r(b.endMm),
    })),
    crossHoles: profile.crossHoles.map((h) => ({ diameterMm: r(h.diameterMm), atMm: r(h.atMm) })),
  };
}

/** value rounded to a multiple of step, without binary noise (0.1 + 0.2 → 0.3). */
function roundTo(value: number, step: number): number {
  const decimals = Math.max(0, Math.ceil(-Math.log10(step)) + 2);
  return Number((Math.round(value / step) * step).toFixed(decimals));
}
