/**
 * The turning axis of a STEP model: among the axis lines of its cylinders and cones, the one
 * about which the most face area is revolved, and whether the part is a turned part (nearly
 * all of its surface is coaxial surfaces of revolution and planes across the axis, and its
 * outermost surface is one of them).
 */
import { revolvedAbout, type AxisLine, type FaceShape, type RevolvedFace } from './faces.ts';
import { across, cross, norm, sub, vertexOf } from './geometry.ts';

export interface TurningAxis {
  axis: AxisLine;
  /** Faces revolved about the axis (planes across it included). */
  revolved: RevolvedFace[];
  /** Faces that are not: flats, slots, cross holes, knurls… */
  others: FaceShape[];
  /** Share of the surface area that is revolved about the axis, 0..1. */
  revolvedShare: number;
  /** True when the model is a turned part about this axis. */
  turned: boolean;
}

/** Most of the surface must be turned; the rest (flats, slots, cross holes) is listed. */
const turnedShare = 0.85;

/** Same axis line: parallel within 0.06° and no farther apart than `tolMm`. */
function sameLine(a: AxisLine, b: AxisLine, tolMm: number): boolean {
  if (norm(cross(a.direction, b.direction)) > 1e-3) return false;
  return norm(across(sub(a.point, b.point), a.direction)) < tolMm;
}

/**
 * Find the turning axis.
 * @param shapes - every face of the model, classified
 * @param tolMm - fit tolerance, mm
 * @returns the best axis, or undefined when the model has no cylinder or cone
 */
export function findTurningAxis(shapes: FaceShape[], tolMm: number): TurningAxis | undefined {
  const candidates: { axis: AxisLine; areaMm2: number }[] = [];
  for (const shape of shapes) {
    if (!shape.axis) continue;
    const known = candidates.find((candidate) => sameLine(candidate.axis, shape.axis!, 10 * tolMm));
    if (known) known.areaMm2 += shape.areaMm2;
    else candidates.push({ axis: shape.axis, areaMm2: shape.areaMm2 });
  }
  if (candidates.length === 0) return undefined;
  candidates.sort((a, b) => b.areaMm2 - a.areaMm2);
  const totalMm2 = shapes.reduce((sum, shape) => sum + shape.areaMm2, 0);
  let best: TurningAxis | undefined;
  let bestCurved = -1;
  for (const { axis } of candidates.slice(0, 4)) {
    const revolved: RevolvedFace[] = [];
    const others: FaceShape[] = [];
    for (const shape of shapes) {
      const face = revolvedAbout(shape, axis, tolMm);
      if (face) revolved.push(face);
      else others.push(shape);
    }
    const curved = revolved
      .filter((face) => face.kind !== 'plane')
      .reduce((sum, face) => sum + face.shape.areaMm2, 0);
    if (curved <= bestCurved) continue;
    bestCurved = curved;
    const revolvedMm2 = revolved.reduce((sum, face) => sum + face.shape.areaMm2, 0);
    const revolvedShare = totalMm2 > 0 ? revolvedMm2 / totalMm2 : 0;
    best = {
      axis,
      revolved,
      others,
      revolvedShare,
      turned: revolvedShare >= turnedShare && outermostIsTurned(axis, revolved, others, tolMm),
    };
  }
  return best;
}

/** The largest radius of the model lies on an outer surface of revolution. */
function outermostIsTurned(
  axis: AxisLine,
  revolved: RevolvedFace[],
  others: FaceShape[],
  tolMm: number,
): boolean {
  const outer = revolved.filter((face) => face.kind !== 'plane' && face.outward);
  if (!outer.some((face) => face.kind === 'cylinder')) return false;
  const turnedRadius = Math.max(...outer.map((face) => Math.max(face.r0, face.r1)));
  for (const shape of others) {
    for (let i = 0; i < shape.face.positions.length / 3; i++) {
      const radial = across(sub(vertexOf(shape.face.positions, i), axis.point), axis.direction);
      if (norm(radial) > turnedRadius + 10 * tolMm) return false;
    }
  }
  return true;
}
