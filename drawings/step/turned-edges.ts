/**
 * The edges of a turned STEP model: chamfers (short steep cones, outside or in a bore), drill
 * points (cones closing a bore) and fillets (tori, their radius fitted to the face's profile),
 * each with where it is from the free end, the diameter it is on and a reading naming its faces.
 */
import type { BlueprintDescription, Chamfer, DiameterFeature, Fillet } from '#contracts/blueprint';
import { formatMm, roundMm } from '#cam/callouts';
import { addReading } from '../reading.ts';
import type { AxisLine } from './faces.ts';
import { across, dot, norm, sub, vertexOf } from './geometry.ts';
import {
  exactConfidence,
  faceList,
  fittedConfidence,
  nearestBoundary,
  type Section,
  type Segment,
  type TurnedSizes,
} from './turned-segments.ts';

/** What the edges are found on: the outer sections, and the described outer diameters and bores. */
export interface TurnedFeatures {
  sections: Section[];
  outer: DiameterFeature[];
  inner: DiameterFeature[];
}

/**
 * Chamfers, drill points, fillets.
 * @param segments - the part's segments (turned-segments.ts segmentsOf)
 * @param found - its outer sections, outer diameters and bores (a bore a drill point closes gets
 *   it in its type)
 * @param axis - the turning axis, for the fillets' profiles
 * @param description - takes a reading per edge, and the inner tapers left undescribed in
 *   `unresolved`
 * @returns the chamfers and fillets (sizes, angles and positions in mm and degrees)
 */
export function edgeFeatures(
  segments: Segment[],
  found: TurnedFeatures,
  sizes: TurnedSizes,
  axis: AxisLine,
  description: BlueprintDescription,
): { chamfers: Chamfer[]; fillets: Fillet[] } {
  const chamfers: Chamfer[] = [];
  const fillets: Fillet[] = [];
  for (const segment of segments) {
    if (segment.kind === 'cone' && segment.outward && !sizes.steep(segment)) continue;
    if (segment.kind === 'cylinder') continue;
    if (segment.kind === 'cone') {
      const chamfer = coneEdge(segment, found, sizes, description);
      if (chamfer) chamfers.push(chamfer);
      continue;
    }
    fillets.push(torusFillet(segment, found, sizes, axis, description));
  }
  return { chamfers, fillets };
}

/** 'at the free end', 'at the chuck end', '12.5 mm from the free end'. */
function where(atMm: number, length: number): string {
  return atMm < 1e-6
    ? 'at the free end'
    : Math.abs(atMm - length) < 1e-6
      ? 'at the chuck end'
      : `${formatMm(atMm)} mm from the free end`;
}

/** The outer diameter whose span holds s (mm from the free end). */
function sectionAt(outer: DiameterFeature[], s: number, tol: number): DiameterFeature | undefined {
  return outer.find(
    (feature) => s >= feature.startMm! - tol && s <= feature.startMm! + feature.lengthMm! + tol,
  );
}

/**
 * A cone that is an edge: a drill point where it closes a bore, a chamfer where it is steep;
 * an inner taper is left to the user. The chamfer, or undefined.
 */
function coneEdge(
  segment: Segment,
  { outer, inner }: TurnedFeatures,
  sizes: TurnedSizes,
  description: BlueprintDescription,
): Chamfer | undefined {
  const { tol, length } = sizes;
  const mid = (segment.s0 + segment.s1) / 2;
  const sizeMm = roundMm(segment.s1 - segment.s0);
  const angleDeg = sizes.angleOf(segment);
  if (!segment.outward && Math.min(segment.rAt0, segment.rAt1) < 10 * tol) {
    const bore = inner.find((b) => Math.abs(b.startMm! + b.lengthMm! - segment.s0) < 10 * tol);
    if (bore) bore.type = `bore, drill point ${formatMm(2 * angleDeg)}°`;
    addReading(
      description,
      'Drill point',
      `${formatMm(2 * angleDeg)}° at ${formatMm(segment.s0)} mm from the free end`,
      exactConfidence,
      `${faceList(segment.faces)} (cone)`,
    );
    return undefined;
  }
  if (!sizes.steep(segment)) {
    description.unresolved!.push(
      `An inner taper from ${formatMm(segment.s0)} to ${formatMm(segment.s1)} mm (${faceList(segment.faces)}) is not described: give it with Change.`,
    );
    return undefined;
  }
  // The chamfered edge is where the cone meets the end face: its narrow end outside, its
  // wide end in a bore.
  const narrowAtStart = segment.rAt0 < segment.rAt1;
  const atMm = segment.outward === narrowAtStart ? segment.s0 : segment.s1;
  const on = segment.outward
    ? sectionAt(outer, mid, tol)
    : inner.find(
        (b) => Math.abs(b.diameterMm! / 2 - Math.min(segment.rAt0, segment.rAt1)) < 10 * tol,
      );
  const dimensions = `${formatMm(sizeMm)} x ${formatMm(angleDeg)}°`;
  const chamfer: Chamfer = {
    dimensions,
    location: `${where(atMm, length)}${on ? `, on ${segment.outward ? '' : 'the bore '}${on.diameter}` : ''}`,
    sizeMm,
    angleDeg,
    atMm,
    ...(on?.diameterMm ? { onDiameterMm: on.diameterMm } : {}),
    ...(segment.outward ? {} : { inner: true }),
  };
  addReading(
    description,
    segment.outward ? 'Chamfer' : 'Bore chamfer',
    `${dimensions} ${chamfer.location}`,
    exactConfidence,
    `${faceList(segment.faces)} (cone, ${formatMm(angleDeg)}° to the axis)`,
  );
  return chamfer;
}

/** Torus: a fillet or a rounded edge, at the section boundary nearest it. */
function torusFillet(
  segment: Segment,
  { sections, outer }: TurnedFeatures,
  sizes: TurnedSizes,
  axis: AxisLine,
  description: BlueprintDescription,
): Fillet {
  const { tol, length } = sizes;
  const mid = (segment.s0 + segment.s1) / 2;
  const radiusMm = filletRadius(segment, axis);
  const atMm = nearestBoundary(segment, sections, length);
  const on = segment.outward ? sectionAt(outer, mid, tol) : undefined;
  const dimensions = radiusMm ? `R${formatMm(radiusMm)}` : 'round';
  const fillet: Fillet = {
    dimensions,
    location: `${where(atMm, length)}${on ? `, on ${on.diameter}` : segment.outward ? '' : ', in a bore'}`,
    ...(radiusMm ? { radiusMm } : {}),
    atMm,
    ...(on?.diameterMm ? { onDiameterMm: on.diameterMm } : {}),
  };
  addReading(
    description,
    'Fillet',
    `${dimensions} ${where(atMm, length)}`,
    radiusMm ? fittedConfidence : 0.5,
    `${faceList(segment.faces)} (torus)`,
  );
  return fillet;
}

/**
 * The radius of a torus's tube: a circle fitted (algebraic least squares) to the face's
 * profile, axial position against radius, mm to 0.01 mm.
 */
function filletRadius(segment: Segment, axis: AxisLine): number | undefined {
  const points: [number, number][] = [];
  for (const face of segment.revolved) {
    const { positions } = face.shape.face;
    for (let i = 0; i < positions.length / 3; i++) {
      const p = vertexOf(positions, i);
      points.push([dot(p, axis.direction), norm(across(sub(p, axis.point), axis.direction))]);
    }
  }
  const radius = circleRadius(points);
  return radius !== undefined && radius > 0 ? Math.round(radius * 100) / 100 : undefined;
}

/** Radius of the circle x² + y² = 2a·x + 2b·y + c fitted to 2D points (Kåsa fit). */
function circleRadius(points: [number, number][]): number | undefined {
  if (points.length < 3) return undefined;
  const mx = points.reduce((sum, p) => sum + p[0], 0) / points.length;
  const my = points.reduce((sum, p) => sum + p[1], 0) / points.length;
  let [sxx, sxy, syy, sxz, syz] = [0, 0, 0, 0, 0];
  for (const [px, py] of points) {
    const [x, y] = [px - mx, py - my];
    const z = x * x + y * y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
    sxz += x * z;
    syz += y * z;
  }
  // With centred data the constant term separates: 2·[sxx sxy; sxy syy]·[a b] = [sxz syz].
  const det = sxx * syy - sxy * sxy;
  if (!(Math.abs(det) > 1e-18)) return undefined;
  const a = (syy * sxz - sxy * syz) / (2 * det);
  const b = (sxx * syz - sxy * sxz) / (2 * det);
  const c =
    points.reduce((sum, [px, py]) => sum + (px - mx) ** 2 + (py - my) ** 2, 0) / points.length;
  return Math.sqrt(a * a + b * b + c);
}
