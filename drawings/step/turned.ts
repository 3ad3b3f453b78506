/**
 * The description of a turned part from its STEP model: outer diameters from the free end,
 * bores, chamfers (short steep cones), tapers (other cones) and fillets (tori), with the overall
 * length, every value with a reading (confidence and the B-rep faces it came from).
 *
 * Positions along the part: `s` is the distance from the free end, mm. The free end is the end
 * away from the largest outer diameter (decision 009), as the drawing readers choose it.
 * The faces as segments and sections along the axis are in turned-segments.ts, the chamfers,
 * drill points and fillets in turned-edges.ts.
 */
import { turnedSummary } from '../describe/turned-summary.ts';
import {
  emptyDescription,
  type BlueprintDescription,
  type DiameterFeature,
} from '#contracts/blueprint';
import { formatMm, roundMm } from '#cam/callouts';
import { addReading } from '../reading.ts';
import type { TurningAxis } from './axis.ts';
import type { FaceShape, RevolvedFace } from './faces.ts';
import { dot, sub, vertexOf, type Vec3 } from './geometry.ts';
import { edgeFeatures } from './turned-edges.ts';
import {
  exactConfidence,
  faceList,
  outerSections,
  radiusOf,
  segmentsOf,
  turnedSizes,
  type Section,
  type Segment,
  type TurnedSizes,
} from './turned-segments.ts';

export interface TurnedContext {
  fileName: string;
  /** Exact radii of the file's surfaces, mm. */
  exactRadii: number[];
  tolMm: number;
  /** Part names from the file, for the overview. */
  names: string[];
}

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

  const { tMin, tMax } = extentAlong(shapes, axis.direction);
  const length = roundMm(tMax - tMin);
  const curved = revolved.filter((face) => face.kind !== 'plane');
  const { freeAtMin, boresAtFree } = freeEnd(curved, tMin, tMax, tol);
  const toS = (t: number) => roundMm(freeAtMin ? t - tMin : tMax - t);
  const segments = segmentsOf(curved, toS, tol);
  const planeAt = revolved
    .filter((face) => face.kind === 'plane')
    .map((face) => ({ s: toS(face.t0), face }));
  const sizes = turnedSizes(context.exactRadii, tol, length);

  const sections = outerSections(segments, planeAt, sizes);
  const outer = outerDiameters(sections, sizes, description);
  const inner = bores(segments, sizes, description);
  const { chamfers, fillets } = edgeFeatures(
    segments,
    { sections, outer, inner },
    sizes,
    axis,
    description,
  );

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
  // What is not turned is named, so a lathe program from the model says it leaves it.
  if (others.unplaced.length > 0)
    description.unplaced = [...(description.unplaced ?? []), ...others.unplaced];
  description.overview = overviewOf(outer, inner, length, context.names, boresAtFree, others);
  return description;
}

/** The part's extent along the axis direction: the least and greatest vertex position, mm. */
function extentAlong(shapes: FaceShape[], direction: Vec3): { tMin: number; tMax: number } {
  let tMin = Infinity;
  let tMax = -Infinity;
  for (const shape of shapes)
    for (let i = 0; i < shape.face.positions.length / 3; i++) {
      const t = dot(vertexOf(shape.face.positions, i), direction);
      tMin = Math.min(tMin, t);
      tMax = Math.max(tMax, t);
    }
  return { tMin, tMax };
}

/**
 * Which end is free: as every reader chooses it (decision 009, drawings/describe/profile.ts), the
 * end away from the largest outer diameter, so that the chuck holds the end nearest it. When
 * the largest diameter lies as near one end as the other: the end where bores open when they
 * open at one end only, else the end with the smaller outer radius.
 * @returns whether the free end is at tMin, and whether bores open at the free end only
 */
function freeEnd(
  curved: RevolvedFace[],
  tMin: number,
  tMax: number,
  tol: number,
): { freeAtMin: boolean; boresAtFree: boolean } {
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
  const boresAtOneEnd = boresMin !== boresMax;
  const outer = curved.filter((face) => face.outward && face.kind === 'cylinder');
  const largest = Math.max(...outer.map((face) => face.r0));
  const centres = outer
    .filter((face) => face.r0 >= largest - tol)
    .map((face) => (face.t0 + face.t1) / 2);
  const nearMin = Math.min(...centres.map((t) => t - tMin));
  const nearMax = Math.min(...centres.map((t) => tMax - t));
  const freeAtMin =
    centres.length > 0 && Math.abs(nearMin - nearMax) > 10 * tol
      ? nearMax < nearMin
      : boresAtOneEnd
        ? boresMin
        : endRadius(tMin) <= endRadius(tMax) + tol;
  return { freeAtMin, boresAtFree: boresAtOneEnd && boresMin === freeAtMin };
}

/**
 * The outer diameters of the sections from the free end, each with its reading; a cylinder
 * smaller than the section before it and the one after it (or the end) is a groove, and a taper
 * is left to the user in `unresolved`.
 */
function outerDiameters(
  sections: Section[],
  sizes: TurnedSizes,
  description: BlueprintDescription,
): DiameterFeature[] {
  const { tol, diameterOf, confidenceOf } = sizes;
  return sections.map((section, index) => {
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
      description.unresolved!.push(
        `The taper ${written} from ${formatMm(section.start)} to ${formatMm(section.end)} mm is kept at its larger diameter: give how to cut it with Change.`,
      );
    }
    return feature;
  });
}

/**
 * The bores (cylinders facing the axis) from the free end, each with its reading: open at an
 * end when it reaches it, directly or through a chamfered mouth, or behind a wider bore that
 * does (drilled from that end); through when it opens at both.
 */
function bores(
  segments: Segment[],
  sizes: TurnedSizes,
  description: BlueprintDescription,
): DiameterFeature[] {
  const { tol, length, diameterOf, confidenceOf } = sizes;
  const boreSegments = segments
    .filter((segment) => !segment.outward && segment.kind === 'cylinder')
    .sort((a, b) => a.s0 - b.s0 || b.rAt0 - a.rAt0);
  const near = (a: number, b: number) => Math.abs(a - b) < 10 * tol;
  const mouths = segments.filter((segment) => !segment.outward && segment.kind === 'cone');
  const mouthAt = (bore: Segment, end: 0 | 1) =>
    mouths.some(
      (cone) =>
        near(Math.min(cone.rAt0, cone.rAt1), bore.rAt0) &&
        (end === 0
          ? near(cone.s0, 0) && near(cone.s1, bore.s0)
          : near(cone.s1, length) && near(cone.s0, bore.s1)),
    );
  const openAtFree = reachingEnd(boreSegments, (b) => near(b.s0, 0) || mouthAt(b, 0), tol, 0);
  const openAtFar = reachingEnd(boreSegments, (b) => near(b.s1, length) || mouthAt(b, 1), tol, 1);
  const inner: DiameterFeature[] = [];
  for (const segment of boreSegments) {
    const diameterMm = diameterOf(segment.rAt0);
    const [opens, reaches] = [openAtFree.has(segment), openAtFar.has(segment)];
    const through = opens && reaches;
    const startMm = opens ? 0 : segment.s0;
    const lengthMm = roundMm((reaches ? length : segment.s1) - startMm);
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
  return inner;
}

/**
 * The bores that open at one end (0: the free end, 1: the far end): those that reach it, and a
 * narrower bore behind a wider one that opens there (drilled from that end).
 */
function reachingEnd(
  bores: Segment[],
  reachesEnd: (bore: Segment) => boolean,
  tol: number,
  end: 0 | 1,
): Set<Segment> {
  const open = new Set<Segment>();
  const order = end === 0 ? bores : [...bores].sort((a, b) => b.s1 - a.s1 || b.rAt0 - a.rAt0);
  for (const bore of order) {
    const behindOpen = [...open].some(
      (wider) =>
        wider.rAt0 > bore.rAt0 + tol &&
        Math.abs(end === 0 ? wider.s1 - bore.s0 : wider.s0 - bore.s1) < 10 * tol,
    );
    if (reachesEnd(bore) || behindOpen) open.add(bore);
  }
  return open;
}

/**
 * The overview: the part's length, diameters and bores, which end is free, and what is not
 * turned. The first outer diameter's location says it is the free end's.
 */
function overviewOf(
  outer: DiameterFeature[],
  inner: DiameterFeature[],
  length: number,
  names: string[],
  boresAtFree: boolean,
  others: { summary: string },
): string {
  const first = outer[0];
  const largest = outer.reduce<DiameterFeature | undefined>(
    (big, feature) => (!big || feature.diameterMm! > big.diameterMm! ? feature : big),
    undefined,
  );
  if (first) first.location += ` (the free end is the ${first.diameter} end)`;
  return [
    `${turnedSummary(length, outer, inner)}, read offline from the STEP model${names.length ? ` "${names.join('", "')}"` : ''}.`,
    first && largest
      ? `Free end: the ${first.diameter} end${boresAtFree ? ', where the bores open' : ''}, so that the chuck holds the ${largest.diameter} side; positions are measured from the free end.`
      : '',
    others.summary,
  ]
    .filter(Boolean)
    .join(' ');
}

/** Why faces that are not turned are left out of a lathe program. */
const NOT_TURNED_WHY =
  'is not turned, which a lathe program does not make (mill it after turning, or on a lathe with live tooling)';

/**
 * Faces that are not turned, as sentences for the user, a summary for the overview, and the
 * entry that names them as not placed.
 */
function notTurned(
  turning: TurningAxis,
  toS: (t: number) => number,
  tol: number,
): {
  sentences: string[];
  summary: string;
  unplaced: NonNullable<BlueprintDescription['unplaced']>;
} {
  if (turning.others.length === 0) return { sentences: [], summary: '', unplaced: [] };
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
    unplaced: [
      {
        text: `${what}, ${formatMm(s0)} to ${formatMm(s1)} mm from the free end`,
        why: NOT_TURNED_WHY,
      },
    ],
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
