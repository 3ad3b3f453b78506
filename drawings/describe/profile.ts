/**
 * The profile of a turned part from its side view: the upper half of the silhouette, cut into
 * diameters (cylinders, tapers, grooves), chamfers and fillets, plus bores and cross holes.
 * Positions are measured from the free end; the chuck holds the end nearest the largest diameter.
 * The silhouette and its edge breaks are found in silhouette.ts.
 */
import { isFullCircle, type Point, type Primitive } from '../geometry/primitives.ts';
import { isParallel, toAxisFrame, type Axis } from './axis.ts';
import { findBores, type FoundBore } from './bores.ts';
import {
  tracedOutline,
  edgeOf,
  isFlat,
  radiusAt,
  silhouette,
  type EdgeKind,
  type Piece,
} from './silhouette.ts';
import { maxOf, minOf, type View } from '../geometry/shapes.ts';

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
  /** Index in `outer`; for a bore's mouth (`inner`), index in `bores`. */
  onIndex: number;
  /** The chamfer breaks a bore's mouth at an end face, not an outer edge. */
  inner?: true;
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
  /**
   * Hidden lines along the axis inside the part that no bore accounts for (unreadBores): their
   * diameter, and where they run from the free end, mm.
   */
  hiddenBores: { diameterMm: number; startMm: number; endMm: number }[];
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
  const pieces = withoutAxisEnds(
    noiseMm > 0 ? tracedOutline(traced, noiseMm, facesOf(framed, noiseMm)) : traced,
    noiseMm,
  );
  const uMin = minOf(pieces.map((p) => p.u0));
  const uMax = maxOf(pieces.map((p) => p.u1));

  const { edges, groups, groupOf } = edgeGroups(pieces);
  const drawnOuter = drawnFeatures(pieces, edges, groups);
  const freeEndAtMin = freeEndIsAtMin(drawnOuter, uMin, uMax);
  const fromFree = (u: number) => (freeEndAtMin ? u - uMin : uMax - u);
  const order = freeEndAtMin ? drawnOuter.map((_, i) => i) : drawnOuter.map((_, i) => i).reverse();
  const indexOf = new Map(order.map((drawnIndex, index) => [drawnIndex, index]));
  const outer = order.map((i) => outerDiameter(drawnOuter[i]!, freeEndAtMin, fromFree));
  const { chamfers, fillets } = edgeFeatures(
    pieces,
    edges,
    (i) => indexOf.get(groupOf.get(i)!)!,
    fromFree,
  );

  const outerRadiusAt = (u: number) =>
    Math.max(
      0,
      ...pieces.filter((p) => p.u0 <= u && u <= p.u1).map((p) => radiusAt(p.primitive, u, p.r0)),
    );
  const bores = findBores(framed, toAxisFrame(hidden, axis), outerRadiusAt, uMin, uMax, {
    hatching: toAxisFrame(extras.hatching ?? [], axis),
    noiseMm,
  });
  const profileBores = bores.map((bore) => {
    const [start, end] = [fromFree(bore.u0), fromFree(bore.u1)].sort((a, b) => a - b) as [
      number,
      number,
    ];
    return { diameterMm: bore.diameterMm, startMm: start, endMm: end, through: bore.through };
  });
  chamfers.push(...mouthChamfers(bores, fromFree, uMin, uMax));
  chamfers.sort((a, b) => a.atMm - b.atMm);
  const crossHoles = framed
    .filter((p) => p.kind === 'arc' && isFullCircle(p))
    .map((p) => ({
      diameterMm: 2 * (p as { radius: number }).radius,
      atMm: fromFree(p.kind === 'arc' ? p.center.x : 0),
    }));

  const hiddenBores = unreadBores(toAxisFrame(hidden, axis), bores, outerRadiusAt, {
    uMin,
    uMax,
    noiseMm,
  }).map((bore) => {
    const [start, end] = [fromFree(bore.u0), fromFree(bore.u1)].sort((a, b) => a - b) as [
      number,
      number,
    ];
    return { diameterMm: bore.diameterMm, startMm: start, endMm: end };
  });

  return {
    axis,
    freeEndAtMin,
    lengthMm: uMax - uMin,
    outer,
    chamfers,
    fillets,
    bores: profileBores,
    crossHoles,
    hiddenBores,
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

/** Hidden lines shorter than this share of the part are no bore's edge (a hole's, a mark's). */
const HIDDEN_BORE_SHARE = 0.1;

/**
 * Hidden lines parallel to the axis inside the part, on both sides of it at one radius (within
 * the drawing's noise), longer than a tenth of the part, that no bore found has: a bore whose
 * ends the reading did not find (a scan that lost the end face the bore runs out of). Named,
 * so that the program is not called verified without it.
 *
 * @param hidden - hidden lines in the axis frame (u along the axis, v from it), mm
 * @param bores - the bores found (findBores)
 * @param outerRadiusAt - the part's radius at u
 * @returns each such radius once: its diameter and its extent along the axis
 */
export function unreadBores(
  hidden: Primitive[],
  bores: FoundBore[],
  outerRadiusAt: (u: number) => number,
  { uMin, uMax, noiseMm }: { uMin: number; uMax: number; noiseMm: number },
): { diameterMm: number; u0: number; u1: number }[] {
  const same = Math.max(noiseMm, 0.01);
  const lines = hidden.flatMap((p) => {
    // Parallel to the axis as findBores takes a bore's lines.
    if (p.kind !== 'line' || !isParallel(p)) return [];
    const v = (p.a.y + p.b.y) / 2;
    const u0 = Math.max(uMin, Math.min(p.a.x, p.b.x));
    const u1 = Math.min(uMax, Math.max(p.a.x, p.b.x));
    const radius = Math.abs(v);
    if (u1 - u0 < HIDDEN_BORE_SHARE * (uMax - uMin)) return [];
    if (radius <= same || radius >= outerRadiusAt((u0 + u1) / 2) - same) return [];
    return [{ radius, side: Math.sign(v), u0, u1 }];
  });
  const found: { diameterMm: number; u0: number; u1: number }[] = [];
  for (const line of lines) {
    if (bores.some((bore) => Math.abs(bore.diameterMm / 2 - line.radius) <= same)) continue;
    const mirrored = lines.some(
      (other) => other.side === -line.side && Math.abs(other.radius - line.radius) <= same,
    );
    if (!mirrored) continue;
    // The pieces of one radius (broken where shoulders cross them) are one bore's.
    const known = found.find((bore) => Math.abs(bore.diameterMm / 2 - line.radius) <= same);
    if (known) {
      known.u0 = Math.min(known.u0, line.u0);
      known.u1 = Math.max(known.u1, line.u1);
    } else found.push({ diameterMm: 2 * line.radius, u0: line.u0, u1: line.u1 });
  }
  return found;
}

/** A flat piece within this of the axis (or the drawing's noise) lies on it, mm. */
const ON_AXIS_MM = 0.005;

/**
 * The silhouette without flat pieces on the axis at its ends: a line drawn along the axis past an
 * end face (a section's boundary or a centre line traced solid) is no diameter of the part, and
 * read as one it made a Ø0 step beyond the part's end.
 */
function withoutAxisEnds(pieces: Piece[], noiseMm: number): Piece[] {
  const onAxis = (p: Piece) =>
    Math.max(Math.abs(p.r0), Math.abs(p.r1)) <= Math.max(ON_AXIS_MM, noiseMm);
  let first = 0;
  let last = pieces.length;
  while (first < last && onAxis(pieces[first]!)) first++;
  while (last > first && onAxis(pieces[last - 1]!)) last--;
  if (first >= last || (first === 0 && last === pieces.length)) return pieces;
  return pieces.slice(first, last);
}

/**
 * The chamfers drawn at the bores' mouths, at their end faces from the free end, each on the
 * bore it breaks (`onIndex` in `bores`).
 */
function mouthChamfers(
  bores: FoundBore[],
  fromFree: (u: number) => number,
  uMin: number,
  uMax: number,
): ProfileChamfer[] {
  return bores.flatMap((bore, onIndex) =>
    (
      [
        [bore.mouthAtMin, uMin],
        [bore.mouthAtMax, uMax],
      ] as const
    ).flatMap(([mouth, face]) =>
      mouth ? [{ atMm: fromFree(face), ...mouth, onIndex, inner: true as const }] : [],
    ),
  );
}

/**
 * Where the faces (shoulders and ends) of a side view stand along its axis, mm: lines square to
 * the axis (within 0.5°) taller than the drawing's noise.
 */
function facesOf(framed: Primitive[], noiseMm: number): number[] {
  return framed
    .filter(
      (p) =>
        p.kind === 'line' && Math.abs(p.a.x - p.b.x) <= 1e-6 + 0.0087 * Math.abs(p.a.y - p.b.y),
    )
    .filter((p) => p.kind === 'line' && Math.abs(p.a.y - p.b.y) > noiseMm)
    .map((p) => (p.kind === 'line' ? (p.a.x + p.b.x) / 2 : 0));
}

/**
 * The silhouette's pieces grouped into diameters: each piece that is no chamfer or fillet starts
 * a group, and each chamfer or fillet joins the group of the flat piece it runs into (one whose
 * owner is itself an edge stands alone, as no edge). Groups in order along the axis.
 */
function edgeGroups(pieces: Piece[]): {
  edges: (EdgeKind | undefined)[];
  groups: { pieces: number[] }[];
  groupOf: Map<number, number>;
} {
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
  return { edges, groups, groupOf };
}

/**
 * The outer diameters as drawn (u along the axis): a group's main piece gives its kind and end
 * diameters, its members its extent and largest diameter; a cylinder between two larger
 * diameters, no longer than it is wide, is a groove.
 */
function drawnFeatures(
  pieces: Piece[],
  edges: (EdgeKind | undefined)[],
  groups: { pieces: number[] }[],
): DrawnFeature[] {
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
  return drawnOuter;
}

/** Whether the free end lies at the low end of u (the drawing's left, or bottom). */
function freeEndIsAtMin(drawnOuter: DrawnFeature[], uMin: number, uMax: number): boolean {
  // The chuck holds the end nearest the largest diameter; the other end is free.
  const largest = Math.max(...drawnOuter.map((f) => f.diameterMm));
  const centres = drawnOuter
    .filter((f) => f.diameterMm >= largest - TOL)
    .map((f) => (f.u0 + f.u1) / 2);
  const nearMin = Math.min(...centres.map((c) => c - uMin));
  const nearMax = Math.min(...centres.map((c) => uMax - c));
  // A tie (one diameter end to end) keeps the free end at the minimum, however a page's
  // coordinates round (decision 065: a vector PDF's 1e-9 put it at the other end).
  return nearMax <= nearMin + TOL;
}

/** A drawn outer diameter measured from the free end (a taper's diameters in that order). */
function outerDiameter(
  f: DrawnFeature,
  freeEndAtMin: boolean,
  fromFree: (u: number) => number,
): ProfileDiameter {
  const [start, end] = [fromFree(f.u0), fromFree(f.u1)].sort((a, b) => a - b) as [number, number];
  const [startD, endD] = freeEndAtMin ? [f.d0, f.d1] : [f.d1, f.d0];
  return {
    kind: f.kind,
    startMm: start,
    endMm: end,
    diameterMm: f.diameterMm,
    ...(f.kind === 'taper' ? { startDiameterMm: startD, endDiameterMm: endD } : {}),
  };
}

/**
 * The chamfers (size along the axis, angle to it to 0.1°) and fillets of the silhouette, each at
 * its face from the free end and on the outer diameter it breaks, in order from the free end.
 */
function edgeFeatures(
  pieces: Piece[],
  edges: (EdgeKind | undefined)[],
  onIndexOf: (piece: number) => number,
  fromFree: (u: number) => number,
): { chamfers: ProfileChamfer[]; fillets: ProfileFillet[] } {
  const chamfers: ProfileChamfer[] = [];
  const fillets: ProfileFillet[] = [];
  edges.forEach((edge, i) => {
    if (!edge) return;
    const piece = pieces[i]!;
    const onIndex = onIndexOf(i);
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
  return { chamfers, fillets };
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
