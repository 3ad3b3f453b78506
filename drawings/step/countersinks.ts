/**
 * Countersinks in a STEP plate (prismatic.ts): a cone coaxial with a round hole, as narrow as the
 * hole where it meets it and widening to a face across the thickness axis (ISO 15786 ⌵: its
 * diameter there and its included angle).
 */
import { revolvedAbout, type AxisLine, type FaceShape } from './faces.ts';
import { cross, norm, type Vec3 } from './geometry.ts';

/** A countersink read from the model: at the top or the bottom face, diameter mm, angle degrees. */
export interface ModelCountersink {
  atTop: boolean;
  diameterMm: number;
  angleDeg: number;
  face: number;
}

/**
 * The countersink at either end of a hole, or undefined when none.
 * @param hole - the hole's axis (along the thickness axis `d`), radius and span along it, mm
 * @param shapes - the model's faces
 * @param extent - the model's extent along `d`, mm
 * @param tol - the model's tolerance, mm
 */
export function countersinkOf(
  hole: { axis: AxisLine; radius: number; h0: number; h1: number },
  shapes: FaceShape[],
  d: Vec3,
  extent: { hMin: number; hMax: number },
  tol: number,
): ModelCountersink | undefined {
  const near = (a: number, b: number) => Math.abs(a - b) < 10 * tol;
  for (const shape of shapes) {
    if (shape.kind !== 'cone' || norm(cross(shape.axis!.direction, d)) > 1e-3) continue;
    const face = revolvedAbout(shape, hole.axis, tol);
    if (!face || face.kind !== 'cone' || face.outward) continue;
    const [narrowT, narrowR, wideT, wideR] =
      face.r0 < face.r1
        ? [face.t0, face.r0, face.t1, face.r1]
        : [face.t1, face.r1, face.t0, face.r0];
    if (!near(narrowR, hole.radius) || face.sweepDeg < 300) continue;
    const atTop = near(narrowT, hole.h1) && near(wideT, extent.hMax);
    const atBottom = near(narrowT, hole.h0) && near(wideT, extent.hMin);
    if (!atTop && !atBottom) continue;
    const halfAngle = Math.atan2(wideR - narrowR, Math.abs(wideT - narrowT));
    return {
      atTop,
      diameterMm: 2 * wideR,
      angleDeg: Math.round(((2 * halfAngle * 180) / Math.PI) * 10) / 10,
      face: shape.face.number,
    };
  }
  return undefined;
}
