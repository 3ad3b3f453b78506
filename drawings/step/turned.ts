/**
 * The description of a turned part from its STEP model: outer diameters from the free end,
 * bores, chamfers (short steep cones), tapers (other cones) and fillets (tori), with the overall
 * length, every value with a reading (confidence and the B-rep faces it came from).
 *
 * Positions along the part: `s` is the distance from the free end, mm. The free end is the end
 * where bores open (when they open at one end only), else the end with the smaller diameter.
 */
import {
  emptyDescription,
  type BlueprintDescription,
  type Chamfer,
  type DiameterFeature,
  type Fillet,
} from '#contracts/blueprint';
import { formatMm, roundMm } from '#cam/callouts';
import { addReading } from '../reading.ts';
import type { TurningAxis } from './axis.ts';
import type { AxisLine, FaceShape, RevolvedFace } from './faces.ts';
import { across, dot, norm, sub, vertexOf, type Vec3 } from './geometry.ts';
import { snapRadius } from './text.ts';

/** A chamfer's cone is at least this steep to the axis, degrees; flatter cones are tapers. */
const chamferMinAngleDeg = 15;
/** Confidence of sizes snapped to a radius the file defines, and of sizes only fitted. */
const exactConfidence = 0.95;
const fittedConfidence = 0.85;

interface Segment {
  kind: 'cylinder' | 'cone' | 'torus';
  /** Axial span from the free end, mm. */
  s0: number;
  s1: number;
  /** Radius at s0 and at s1, mm. */
  rAt0: number;
  rAt1: number;
  outward: boolean;
  faces: number[];
  sweepDeg: number;
  revolved: RevolvedFace[];
}

interface Section {
  segment: Segment;
  kind: 'cylinder' | 'taper';
  start: number;
  end: number;
}

export interface TurnedContext {
  fileName: string;
  /** Exact radii of the file's surfaces, mm. */
  exactRadii: number[];
  tolMm: number;
  /** Part names from the file, for the overview. */
  names: string[];
}

const faceList = (faces: number[]) =>
  faces.length === 1 ? `STEP face ${faces[0]}` : `STEP faces ${faces.join(', ')}`;

/**
 * Describe a turned part.
 * @param turning - the axis and the faces revolved about it (from findTurningAxis)
 * @param shapes - all faces, for the part's extent along the axis
 * @returns the description: diameters, bores, chamfers, fillets, overall length, overview,
 *   readings and unresolved gaps (material, tolerances, finish, faces that are not turned)
 */
export function describeTurnedPart(
  turning: TurningAxis,
  shapes: FaceShape[],
  context: TurnedContext,
): BlueprintDescription {
  const description = emptyDescription();
  const unresolved = description.unresolved!;
  const { axis, revolved } = turning;
  const tol = context.tolMm;

  let tMin = Infinity;
  let tMax = -Infinity;
  for (const shape of shapes)
    for (let i = 0; i < shape.face.positions.length / 3; i++) {
      const t = dot(vertexOf(shape.face.positions, i), axis.direction);
      tMin = Math.min(tMin, t);
      tMax = Math.max(tMax, t);
    }
  const length = roundMm(tMax - tMin);

  const curved = revolved.filter((face) => face.kind !== 'plane');
  const touches = (face: RevolvedFace, t: number) =>
    Math.abs(face.t0 - t) < 10 * tol || Math.abs(face.t1 - t) < 10 * tol;
  const endRadius = (t: number) =>
    Math.max(
      0,
      ...curved
        .filter((face) => face.outward && touches(face, t))
        .map((face) => (Math.abs(face.t0 - t) < Math.abs(face.t1 - t) ? face.r0 : face.r1)),
    );
  const boresAt = (t: number) => curved.some((face) => !face.outward && touches(face, t));
  const [boresMin, boresMax] = [boresAt(tMin), boresAt(tMax)];
  const freeAtMin = boresMin !== boresMax ? boresMin : endRadius(tMin) <= endRadius(tMax) + tol;
  const toS = (t: number) => roundMm(freeAtMin ? t - tMin : tMax - t);

  const segments = mergeSegments(
    curved.map((face) => {
      const [a, b] = [toS(face.t0), toS(face.t1)];
      const forward = a <= b;
      return {
        kind: face.kind as Segment['kind'],
        s0: forward ? a : b,
        s1: forward ? b : a,
        rAt0: forward ? face.r0 : face.r1,
        rAt1: forward ? face.r1 : face.r0,
        outward: face.outward,
        faces: [face.shape.face.number],
        sweepDeg: face.sweepDeg,
        revolved: [face],
      };
    }),
    tol,
  );
  const planeAt = revolved
    .filter((face) => face.kind === 'plane')
    .map((face) => ({ s: toS(face.t0), face }));

  const snap = (radius: number) => snapRadius(radius, context.exactRadii, 10 * tol);
  const confidenceOf = (radius: number) =>
    context.exactRadii.some((r) => Math.abs(r - radius) <= 10 * tol)
      ? exactConfidence
      : fittedConfidence;
  const diameterOf = (radius: number) => roundMm(2 * snap(radius));
  const angleOf = (segment: Segment) => {
    const degrees =
      (Math.atan2(Math.abs(segment.rAt1 - segment.rAt0), segment.s1 - segment.s0) * 180) / Math.PI;
    const whole = Math.round(degrees);
    return Math.abs(degrees - whole) < 0.05 ? whole : Math.round(degrees * 100) / 100;
  };
  const steep = (segment: Segment) =>
    angleOf(segment) >= chamferMinAngleDeg && segment.s1 - segment.s0 <= 0.25 * length;

  // Outer sections: cylinders and tapers, gaps (chamfers, fillets, shoulders) given to a neighbour.
  const outerSegments = segments.filter((segment) => segment.outward);
  const sections: Section[] = outerSegments
    .filter(
      (segment) => segment.kind === 'cylinder' || (segment.kind === 'cone' && !steep(segment)),
    )
    .sort((a, b) => a.s0 - b.s0)
    .map((segment) => ({
      segment,
      kind: segment.kind === 'cylinder' ? ('cylinder' as const) : ('taper' as const),
      start: segment.s0,
      end: segment.s1,
    }));
  const radiusOf = (section: Section) => Math.max(section.segment.rAt0, section.segment.rAt1);
  sections.forEach((section, index) => {
    const next = sections[index + 1];
    if (index === 0) section.start = 0;
    if (!next) {
      section.end = length;
      return;
    }
    const [from, to] = [section.end, next.start];
    let boundary: number;
    if (to - from <= tol) boundary = roundMm((from + to) / 2);
    else {
      const shoulder = planeAt.find(({ s }) => s >= from - tol && s <= to + tol);
      boundary = shoulder ? shoulder.s : radiusOf(next) > radiusOf(section) ? from : to;
    }
    section.end = boundary;
    next.start = boundary;
  });

  const outer: DiameterFeature[] = sections.map((section, index) => {
    const { segment } = section;
    const lengthMm = roundMm(section.end - section.start);
    const diameterMm = diameterOf(radiusOf(section));
    const before = sections[index - 1];
    const after = sections[index + 1];
    const groove =
      section.kind === 'cylinder' &&
      before !== undefined &&
      radiusOf(before) > radiusOf(section) + tol &&
      (!after || radiusOf(after) > radiusOf(section) + tol);
    const written =
      section.kind === 'taper'
        ? `Ø${formatMm(diameterOf(segment.rAt0))} to Ø${formatMm(diameterOf(segment.rAt1))}`
        : `Ø${formatMm(diameterMm)}`;
    const feature: DiameterFeature = {
      diameter: written,
      type: section.kind === 'taper' ? 'taper' : groove ? 'groove' : 'cylinder',
      location: `from the free end, ${formatMm(section.start)} to ${formatMm(section.end)} mm`,
      length: `${formatMm(lengthMm)} mm`,
      diameterMm,
      lengthMm,
      startMm: section.start,
    };
    addReading(
      description,
      `Outer diameter ${index + 1}`,
      `${written} x ${formatMm(lengthMm)} mm, ${formatMm(section.start)} to ${formatMm(section.end)} mm from the free end`,
      confidenceOf(radiusOf(section)),
      `${faceList(segment.faces)} (${section.kind === 'taper' ? 'cone' : 'cylinder'} about the turning axis)`,
    );
    if (section.kind === 'taper') {
      unresolved.push(
        `The taper ${written} from ${formatMm(section.start)} to ${formatMm(section.end)} mm is kept at its larger diameter: give how to cut it with Change.`,
      );
    }
    return feature;
  });

  const where = (atMm: number) =>
    atMm < 1e-6
      ? 'at the free end'
      : Math.abs(atMm - length) < 1e-6
        ? 'at the chuck end'
        : `${formatMm(atMm)} mm from the free end`;
  const sectionAt = (s: number) =>
    outer.find(
      (feature) => s >= feature.startMm! - tol && s <= feature.startMm! + feature.lengthMm! + tol,
    );

  // Bores.
  const boreSegments = segments
    .filter((segment) => !segment.outward && segment.kind === 'cylinder')
    .sort((a, b) => a.s0 - b.s0 || b.rAt0 - a.rAt0);
  const inner: DiameterFeature[] = [];
  const openReach = new Map<Segment, boolean>();
  for (const segment of boreSegments) {
    const diameterMm = diameterOf(segment.rAt0);
    const through = segment.s0 < 10 * tol && segment.s1 > length - 10 * tol;
    // A narrower bore behind a wider one that opens at the free end is drilled from the free end.
    const behindOpen = boreSegments.some(
      (wider) =>
        openReach.get(wider) === true &&
        wider.rAt0 > segment.rAt0 + tol &&
        Math.abs(wider.s1 - segment.s0) < 10 * tol,
    );
    const opens = segment.s0 < 10 * tol || behindOpen;
    openReach.set(segment, opens);
    const startMm = opens ? 0 : segment.s0;
    const lengthMm = roundMm(segment.s1 - startMm);
    const written = `Ø${formatMm(diameterMm)}`;
    inner.push({
      diameter: written,
      type: 'bore',
      location: `from the free end, ${formatMm(segment.s0)} to ${formatMm(segment.s1)} mm`,
      length: through ? 'through' : `${formatMm(lengthMm)} mm deep`,
      diameterMm,
      lengthMm,
      startMm,
      through,
    });
    addReading(
      description,
      `Bore ${inner.length}`,
      `${written} ${through ? 'through' : `x ${formatMm(lengthMm)} mm deep`}, ${formatMm(segment.s0)} to ${formatMm(segment.s1)} mm from the free end`,
      confidenceOf(segment.rAt0),
      `${faceList(segment.faces)} (cylinder, facing the axis)`,
    );
  }

  // Chamfers, drill points, fillets.
  const chamfers: Chamfer[] = [];
  const fillets: Fillet[] = [];
  for (const segment of segments) {
    if (segment.kind === 'cone' && segment.outward && !steep(segment)) continue;
    if (segment.kind === 'cylinder') continue;
    const mid = (segment.s0 + segment.s1) / 2;
    if (segment.kind === 'cone') {
      const sizeMm = roundMm(segment.s1 - segment.s0);
      const angleDeg = angleOf(segment);
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
        continue;
      }
      if (!steep(segment)) {
        unresolved.push(
          `An inner taper from ${formatMm(segment.s0)} to ${formatMm(segment.s1)} mm (${faceList(segment.faces)}) is not described: give it with Change.`,
        );
        continue;
      }
      // The chamfered edge is where the cone meets the end face: its narrow end outside, its
      // wide end in a bore.
      const narrowAtStart = segment.rAt0 < segment.rAt1;
      const atMm = segment.outward === narrowAtStart ? segment.s0 : segment.s1;
      const on = segment.outward
        ? sectionAt(mid)
        : inner.find(
            (b) => Math.abs(b.diameterMm! / 2 - Math.min(segment.rAt0, segment.rAt1)) < 10 * tol,
          );
      const dimensions = `${formatMm(sizeMm)} x ${formatMm(angleDeg)}°`;
      const chamfer: Chamfer = {
        dimensions,
        location: `${where(atMm)}${on ? `, on ${segment.outward ? '' : 'the bore '}${on.diameter}` : ''}`,
        sizeMm,
        angleDeg,
        atMm,
        ...(on?.diameterMm ? { onDiameterMm: on.diameterMm } : {}),
        ...(segment.outward ? {} : { inner: true }),
      };
      chamfers.push(chamfer);
      addReading(
        description,
        segment.outward ? 'Chamfer' : 'Bore chamfer',
        `${dimensions} ${chamfer.location}`,
        exactConfidence,
        `${faceList(segment.faces)} (cone, ${formatMm(angleDeg)}° to the axis)`,
      );
      continue;
    }
    // Torus: a fillet or a rounded edge.
    const radiusMm = filletRadius(segment, axis);
    const atMm = nearestBoundary(segment, sections, length);
    const on = segment.outward ? sectionAt(mid) : undefined;
    const dimensions = radiusMm ? `R${formatMm(radiusMm)}` : 'round';
    fillets.push({
      dimensions,
      location: `${where(atMm)}${on ? `, on ${on.diameter}` : segment.outward ? '' : ', in a bore'}`,
      ...(radiusMm ? { radiusMm } : {}),
      atMm,
      ...(on?.diameterMm ? { onDiameterMm: on.diameterMm } : {}),
    });
    addReading(
      description,
      'Fillet',
      `${dimensions} ${where(atMm)}`,
      radiusMm ? fittedConfidence : 0.5,
      `${faceList(segment.faces)} (torus)`,
    );
  }

  description.outerDiameters = outer;
  description.innerDiameters = inner;
  description.features.chamfers = chamfers;
  description.features.fillets = fillets;
  description.dimensions.overallLength = `${formatMm(length)} mm`;
  description.dimensions.overallLengthMm = length;
  const endFaces = planeAt
    .filter(({ s }) => s < tol || s > length - tol)
    .map(({ face }) => face.shape.face.number);
  addReading(
    description,
    'Overall length',
    `${formatMm(length)} mm`,
    exactConfidence,
    endFaces.length > 0 ? `${faceList(endFaces)} (end faces)` : 'STEP model extent along the axis',
  );

  const others = notTurned(turning, toS, tol);
  unresolved.push(...others.sentences);
  const first = outer[0];
  const largest = outer.reduce<DiameterFeature | undefined>(
    (big, feature) => (!big || feature.diameterMm! > big.diameterMm! ? feature : big),
    undefined,
  );
  if (first) first.location += ` (the free end is the ${first.diameter} end)`;
  description.overview = [
    `Turned part, ${formatMm(length)} mm long: ${outer.length} outer diameter${outer.length === 1 ? '' : 's'} (${outer.map((d) => d.diameter).join(', ')})${inner.length ? ` and ${inner.length} bore${inner.length === 1 ? '' : 's'} (${inner.map((d) => d.diameter).join(', ')})` : ''}, read offline from the STEP model${context.names.length ? ` "${context.names.join('", "')}"` : ''}.`,
    first && largest
      ? `Free end: the ${first.diameter} end${boresMin !== boresMax ? ', where the bores open' : ''}, so that the chuck holds the ${largest.diameter} side; positions are measured from the free end.`
      : '',
    others.summary,
  ]
    .filter(Boolean)
    .join(' ');
  return description;
}

/** Cylinders of the same radius whose spans touch become one; so do split cones and tori. */
function mergeSegments(segments: Segment[], tol: number): Segment[] {
  const merged: Segment[] = [];
  for (const segment of [...segments].sort((a, b) => a.s0 - b.s0)) {
    const same = merged.find(
      (other) =>
        other.kind === segment.kind &&
        other.outward === segment.outward &&
        Math.abs(other.rAt0 - segment.rAt0) < 10 * tol &&
        Math.abs(other.rAt1 - segment.rAt1) < 10 * tol &&
        segment.s0 <= other.s1 + tol &&
        segment.s1 >= other.s0 - tol &&
        (other.kind === 'cylinder' ||
          (Math.abs(other.s0 - segment.s0) < tol && Math.abs(other.s1 - segment.s1) < tol)),
    );
    if (same) {
      same.s0 = Math.min(same.s0, segment.s0);
      same.s1 = Math.max(same.s1, segment.s1);
      same.faces.push(...segment.faces);
      same.sweepDeg = Math.min(360, same.sweepDeg + segment.sweepDeg);
      same.revolved.push(...segment.revolved);
    } else merged.push({ ...segment, faces: [...segment.faces], revolved: [...segment.revolved] });
  }
  return merged;
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

/** The section boundary (or part end) nearest a fillet, mm from the free end. */
function nearestBoundary(segment: Segment, sections: Section[], length: number): number {
  const boundaries = [0, length, ...sections.map((section) => section.start)];
  const mid = (segment.s0 + segment.s1) / 2;
  return boundaries.reduce((best, s) => (Math.abs(s - mid) < Math.abs(best - mid) ? s : best));
}

/** Faces that are not turned, as sentences for the user and a summary for the overview. */
function notTurned(
  turning: TurningAxis,
  toS: (t: number) => number,
  tol: number,
): { sentences: string[]; summary: string } {
  if (turning.others.length === 0) return { sentences: [], summary: '' };
  let s0 = Infinity;
  let s1 = -Infinity;
  for (const shape of turning.others)
    for (let i = 0; i < shape.face.positions.length / 3; i++) {
      const s = toS(dot(vertexOf(shape.face.positions, i), turning.axis.direction));
      s0 = Math.min(s0, s);
      s1 = Math.max(s1, s);
    }
  const faces = turning.others.map((shape) => shape.face.number);
  const pair = facingPlanes(turning.others, tol);
  const what = !pair
    ? 'flats, slots or cross holes'
    : pair.slot
      ? `a slot ${formatMm(pair.widthMm)} mm wide (faces ${pair.faces.join(' and ')})`
      : `flats ${formatMm(pair.widthMm)} mm across (faces ${pair.faces.join(' and ')})`;
  const sentence = `Not turned: ${what}, ${faces.length} face${faces.length === 1 ? '' : 's'} from ${formatMm(s0)} to ${formatMm(s1)} mm from the free end; the lathe program leaves them: give them with Change or machine them separately.`;
  return {
    sentences: [sentence],
    summary: `It also has ${what} between ${formatMm(s0)} and ${formatMm(s1)} mm from the free end: not turned.`,
  };
}

/**
 * Two parallel planes with opposite normals among the faces: a slot when they face each other
 * (material outside), flats when they face away; their distance, mm.
 */
function facingPlanes(
  shapes: FaceShape[],
  tol: number,
): { widthMm: number; faces: number[]; slot: boolean } | undefined {
  const planes = shapes.filter((shape) => shape.kind === 'plane');
  for (const a of planes)
    for (const b of planes) {
      if (a === b || dot(a.normal!, b.normal!) > -0.999) continue;
      const pa: Vec3 = vertexOf(a.face.positions, 0);
      const pb: Vec3 = vertexOf(b.face.positions, 0);
      const gap = dot(sub(pb, pa), a.normal!);
      if (Math.abs(gap) > tol)
        return {
          widthMm: roundMm(Math.abs(gap)),
          faces: [a.face.number, b.face.number],
          slot: gap > 0,
        };
    }
  return undefined;
}
