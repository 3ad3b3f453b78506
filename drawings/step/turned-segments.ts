/**
 * The faces of a turned STEP model as segments along its axis (cylinders, cones and tori, split
 * faces merged), the outer sections they make (cylinders and tapers from the free end, the gaps
 * between them given to a neighbour), and how their sizes are read: diameters snapped to the
 * radii the file defines, cone angles, and the confidence of each.
 *
 * Positions along the part: `s` is the distance from the free end, mm.
 */
import { roundMm } from '#cam/callouts';
import type { RevolvedFace } from './faces.ts';
import { snapRadius } from './text.ts';

/** A chamfer's cone is at least this steep to the axis, degrees; flatter cones are tapers. */
const chamferMinAngleDeg = 15;
/** Confidence of sizes snapped to a radius the file defines, and of sizes only fitted. */
export const exactConfidence = 0.95;
export const fittedConfidence = 0.85;

/** A curved face (or faces merged) about the axis: its span from the free end and radii, mm. */
export interface Segment {
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

/** An outer cylinder or taper, from `start` to `end` mm from the free end. */
export interface Section {
  segment: Segment;
  kind: 'cylinder' | 'taper';
  start: number;
  end: number;
}

/** 'STEP face 12' / 'STEP faces 12, 13'. */
export const faceList = (faces: number[]) =>
  faces.length === 1 ? `STEP face ${faces[0]}` : `STEP faces ${faces.join(', ')}`;

/** How a turned part's sizes are read (turnedSizes). */
export interface TurnedSizes {
  /** The model's tolerance, mm. */
  tol: number;
  /** Overall length, mm. */
  length: number;
  /** A diameter, mm: twice the radius snapped to the file's radii, rounded. */
  diameterOf: (radius: number) => number;
  /** exactConfidence for a radius the file defines, else fittedConfidence. */
  confidenceOf: (radius: number) => number;
  /** A cone's angle to the axis, degrees (whole when within 0.05°, else to 0.01°). */
  angleOf: (segment: Segment) => number;
  /** A cone steep enough and short enough to be a chamfer rather than a taper. */
  steep: (segment: Segment) => boolean;
}

/**
 * How the sizes of a turned part are read.
 * @param exactRadii - the exact radii of the file's surfaces, mm
 * @param tol - the model's tolerance, mm
 * @param length - the part's overall length, mm
 */
export function turnedSizes(exactRadii: number[], tol: number, length: number): TurnedSizes {
  const snap = (radius: number) => snapRadius(radius, exactRadii, 10 * tol);
  const confidenceOf = (radius: number) =>
    exactRadii.some((r) => Math.abs(r - radius) <= 10 * tol) ? exactConfidence : fittedConfidence;
  const diameterOf = (radius: number) => roundMm(2 * snap(radius));
  const angleOf = (segment: Segment) => {
    const degrees =
      (Math.atan2(Math.abs(segment.rAt1 - segment.rAt0), segment.s1 - segment.s0) * 180) / Math.PI;
    const whole = Math.round(degrees);
    return Math.abs(degrees - whole) < 0.05 ? whole : Math.round(degrees * 100) / 100;
  };
  const steep = (segment: Segment) =>
    angleOf(segment) >= chamferMinAngleDeg && segment.s1 - segment.s0 <= 0.25 * length;
  return { tol, length, diameterOf, confidenceOf, angleOf, steep };
}

/**
 * The curved faces as segments from the free end, split faces merged (mergeSegments).
 * @param curved - the revolved faces that are not planes
 * @param toS - an axial position to mm from the free end
 * @param tol - the model's tolerance, mm
 */
export function segmentsOf(
  curved: RevolvedFace[],
  toS: (t: number) => number,
  tol: number,
): Segment[] {
  return mergeSegments(
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
 * The part's outer sections, from the free end. Two sections meet halfway across a gap within
 * the tolerance, else at the shoulder face drawn in the gap, else at the end of the smaller one;
 * the first starts at the free end, the last ends at the chuck end.
 * @param segments - the part's segments (segmentsOf)
 * @param planeAt - the plane faces about the axis and where they stand, mm from the free end
 */
export function outerSections(
  segments: Segment[],
  planeAt: { s: number }[],
  sizes: TurnedSizes,
): Section[] {
  const { tol, length, steep } = sizes;
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
  return sections;
}

/** A section's largest radius, mm. */
export const radiusOf = (section: Section) => Math.max(section.segment.rAt0, section.segment.rAt1);

/** The section boundary (or part end) nearest a fillet, mm from the free end. */
export function nearestBoundary(segment: Segment, sections: Section[], length: number): number {
  const boundaries = [0, length, ...sections.map((section) => section.start)];
  const mid = (segment.s0 + segment.s1) / 2;
  return boundaries.reduce((best, s) => (Math.abs(s - mid) < Math.abs(best - mid) ? s : best));
}
