/**
 * What each triangulated B-rep face of a STEP model is: a plane, a cylinder or a cone (fitted
 * from the exact vertex positions and surface normals OpenCascade gives), or something else
 * (torus, sphere, free-form). And whether a face is a surface of revolution about a given axis
 * line: its radius is constant (cylinder), linear (cone) or a function (torus) of the axial
 * position, and its normals lie in planes through the axis.
 */
import type { MeshFace } from '../engines/occt.ts';
import {
  across,
  add,
  cross,
  dot,
  norm,
  scale,
  sub,
  symmetricEigen,
  unit,
  vertexOf,
  type Vec3,
} from './geometry.ts';

/** An axis line: unit direction and a point on it (the point has no component along it). */
export interface AxisLine {
  direction: Vec3;
  point: Vec3;
}

export interface FaceShape {
  face: MeshFace;
  /** Surface area, mm². */
  areaMm2: number;
  min: Vec3;
  max: Vec3;
  kind: 'plane' | 'cylinder' | 'cone' | 'other';
  /** Planes: the unit normal (out of the material). */
  normal?: Vec3;
  /** Cylinders and cones: their own axis line. */
  axis?: AxisLine;
  /** Cylinders: the radius, mm. */
  radiusMm?: number;
}

/** A face seen as a surface of revolution about the part's axis. */
export interface RevolvedFace {
  shape: FaceShape;
  kind: 'plane' | 'cylinder' | 'cone' | 'torus';
  /** Axial span (position along the axis direction from the axis point), mm. */
  t0: number;
  t1: number;
  /** Radii at t0 and t1 (cylinders: equal; planes: smallest and largest radius), mm. */
  r0: number;
  r1: number;
  /** True when the normals point away from the axis (outer surfaces), false toward it (bores). */
  outward: boolean;
  /** Swept angle around the axis, degrees (360 for a full turn). */
  sweepDeg: number;
}

/** Geometric tolerance for a fit, mm, for a model of the given size. */
export const fitTolerance = (sizeMm: number): number => 0.002 + 2e-5 * sizeMm;

function areaOf(face: MeshFace): number {
  let area = 0;
  for (let t = 0; t < face.triangles.length; t += 3) {
    const a = vertexOf(face.positions, face.triangles[t]!);
    const b = vertexOf(face.positions, face.triangles[t + 1]!);
    const c = vertexOf(face.positions, face.triangles[t + 2]!);
    area += norm(cross(sub(b, a), sub(c, a))) / 2;
  }
  return area;
}

const vertexCount = (face: MeshFace) => face.positions.length / 3;

/** Position covariance about the centroid, and the centroid. */
function positionSpread(face: MeshFace) {
  const count = vertexCount(face);
  const centroid: Vec3 = [0, 0, 0];
  for (let i = 0; i < count; i++)
    for (let k = 0; k < 3; k++) centroid[k]! += face.positions[3 * i + k]! / count;
  const covariance = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < count; i++) {
    const d = sub(vertexOf(face.positions, i), centroid);
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) covariance[r]![c]! += d[r]! * d[c]!;
  }
  return { centroid, covariance };
}

/**
 * Classify one face on its own. Positions from OpenCascade lie on the surface; its vertex normals
 * are averaged over the neighbouring triangles (off by up to half the meshing angle around an
 * axis), so the fits use positions and the normals only give directions and orientation.
 * @param face - the triangulated face
 * @param tolMm - fit tolerance, mm (see {@link fitTolerance})
 */
export function shapeOf(face: MeshFace, tolMm: number): FaceShape {
  const count = vertexCount(face);
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  const mean: Vec3 = [0, 0, 0];
  for (let i = 0; i < count; i++) {
    const p = vertexOf(face.positions, i);
    const n = vertexOf(face.normals, i);
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, p[k]!);
      max[k] = Math.max(max[k]!, p[k]!);
      mean[k]! += n[k]! / count;
    }
  }
  const shape: FaceShape = { face, areaMm2: areaOf(face), min, max, kind: 'other' };
  if (count < 3) return shape;

  const { centroid, covariance } = positionSpread(face);
  const flat = symmetricEigen(covariance).vectors[0]!;
  if (distanceFromPlane(face, centroid, flat) < tolMm && norm(mean) > 0.9) {
    return { ...shape, kind: 'plane', normal: dot(flat, mean) < 0 ? scale(flat, -1) : flat };
  }

  // Cylinders and cones: the normals lie on a circle of the unit sphere, so their spread about
  // their mean has (almost) no component along the axis.
  const spread = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < count; i++) {
    const d = sub(vertexOf(face.normals, i), mean);
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) spread[r]![c]! += d[r]! * d[c]!;
  }
  const { values, vectors } = symmetricEigen(spread);
  const total = values[0]! + values[1]! + values[2]!;
  if (!(total > 0) || values[0]! > 0.01 * total) return shape;
  const fit = fitRevolution(face, vectors[0]!);
  if (!fit) return shape;
  if (fit.kind === 'cylinder' && fit.error < tolMm)
    return { ...shape, kind: 'cylinder', axis: fit.axis, radiusMm: fit.radiusMm };
  if (fit.kind === 'cone' && fit.error < tolMm) return { ...shape, kind: 'cone', axis: fit.axis };
  return shape;
}

function distanceFromPlane(face: MeshFace, point: Vec3, normal: Vec3): number {
  let worst = 0;
  for (let i = 0; i < vertexCount(face); i++)
    worst = Math.max(worst, Math.abs(dot(sub(vertexOf(face.positions, i), point), normal)));
  return worst;
}

/**
 * Fit a cylinder, else a cone, with the given axis direction to the face's vertices
 * (algebraic fit: x² + y² = 2·cx·x + 2·cy·y + k0 [+ k1·t + k2·t²] in the plane across the axis).
 */
function fitRevolution(face: MeshFace, direction: Vec3) {
  const { centroid } = positionSpread(face);
  const helper: Vec3 = Math.abs(direction[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const u = unit(cross(direction, helper));
  const w = cross(direction, u);
  const rows: number[][] = [];
  const rhs: number[] = [];
  const count = vertexCount(face);
  for (let i = 0; i < count; i++) {
    const d = sub(vertexOf(face.positions, i), centroid);
    const [x, y, t] = [dot(d, u), dot(d, w), dot(d, direction)];
    rows.push([2 * x, 2 * y, 1, t, t * t]);
    rhs.push(x * x + y * y);
  }
  const toAxis = (cx: number, cy: number): AxisLine => {
    const onAxis = add(centroid, add(scale(u, cx), scale(w, cy)));
    return { direction, point: across(onAxis, direction) };
  };
  const circle = leastSquares(rows, rhs, 3);
  if (circle) {
    const axis = toAxis(circle[0]!, circle[1]!);
    const { rs, meanR } = radii(face, axis);
    const error = Math.max(...rs.map((r) => Math.abs(r - meanR)));
    if (error < 0.1 * meanR) return { kind: 'cylinder' as const, axis, radiusMm: meanR, error };
  }
  const cone = leastSquares(rows, rhs, 5) ?? leastSquares(rows, rhs, 4);
  if (!cone) return undefined;
  const axis = toAxis(cone[0]!, cone[1]!);
  return { kind: 'cone' as const, axis, error: lineFit(radii(face, axis)).error };
}

/** Solve the least-squares problem with the first `columns` columns (normal equations). */
function leastSquares(rows: number[][], rhs: number[], columns: number): number[] | undefined {
  const a = Array.from({ length: columns }, () => new Array<number>(columns + 1).fill(0));
  rows.forEach((row, i) => {
    for (let r = 0; r < columns; r++) {
      for (let c = 0; c < columns; c++) a[r]![c]! += row[r]! * row[c]!;
      a[r]![columns]! += row[r]! * rhs[i]!;
    }
  });
  const scaleOf = Math.max(...a.map((row, r) => Math.abs(row[r]!)), 1e-300);
  for (let col = 0; col < columns; col++) {
    let pivot = col;
    for (let r = col + 1; r < columns; r++)
      if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) < 1e-12 * scaleOf) return undefined;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = 0; r < columns; r++) {
      if (r === col) continue;
      const factor = a[r]![col]! / a[col]![col]!;
      for (let c = col; c <= columns; c++) a[r]![c]! -= factor * a[col]![c]!;
    }
  }
  return a.map((row, r) => row[columns]! / row[r]!);
}

/** Radius and axial position of each vertex about an axis. */
function radii(face: MeshFace, axis: AxisLine) {
  const count = vertexCount(face);
  const rs: number[] = [];
  const ts: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = vertexOf(face.positions, i);
    rs.push(norm(across(sub(p, axis.point), axis.direction)));
    ts.push(dot(p, axis.direction));
  }
  const meanR = rs.reduce((s, r) => s + r, 0) / count;
  return { rs, ts, meanR };
}

/** Straight-line fit r = r̄ + slope·(t − t̄) and its largest deviation. */
function lineFit({ rs, ts, meanR }: { rs: number[]; ts: number[]; meanR: number }) {
  const meanT = ts.reduce((s, t) => s + t, 0) / ts.length;
  let stt = 0;
  let srt = 0;
  ts.forEach((t, i) => {
    stt += (t - meanT) ** 2;
    srt += (t - meanT) * (rs[i]! - meanR);
  });
  const slope = stt > 0 ? srt / stt : 0;
  const at = (t: number) => meanR + slope * (t - meanT);
  const error = Math.max(...ts.map((t, i) => Math.abs(rs[i]! - at(t))));
  return { at, error };
}

/**
 * The face as a surface of revolution about `axis`, or undefined when it is not one.
 * @param shape - the classified face
 * @param axis - the part's axis line
 * @param tolMm - fit tolerance, mm
 */
export function revolvedAbout(
  shape: FaceShape,
  axis: AxisLine,
  tolMm: number,
): RevolvedFace | undefined {
  const { face } = shape;
  const a = axis.direction;
  const fit = radii(face, axis);
  const t0 = Math.min(...fit.ts);
  const t1 = Math.max(...fit.ts);
  const sweepDeg = sweepOf(face, axis);
  if (shape.kind === 'plane') {
    if (norm(cross(shape.normal!, a)) > 1e-3 || t1 - t0 > tolMm) return undefined;
    const [r0, r1] = [Math.min(...fit.rs), Math.max(...fit.rs)];
    return { shape, kind: 'plane', t0, t1, r0, r1, outward: dot(shape.normal!, a) > 0, sweepDeg };
  }
  // Orientation, and the normals must lie (roughly) in the planes through the axis.
  let outwardVotes = 0;
  let votes = 0;
  for (let i = 0; i < vertexCount(face); i++) {
    const radial = across(sub(vertexOf(face.positions, i), axis.point), a);
    const r = norm(radial);
    if (r < tolMm) continue;
    const n = vertexOf(face.normals, i);
    if (Math.abs(dot(n, cross(a, radial))) / r > 0.2) return undefined;
    votes++;
    if (dot(radial, n) > 0) outwardVotes++;
  }
  const outward = outwardVotes * 2 >= votes;
  const cylinderError = Math.max(...fit.rs.map((r) => Math.abs(r - fit.meanR)));
  if (cylinderError < tolMm)
    return { shape, kind: 'cylinder', t0, t1, r0: fit.meanR, r1: fit.meanR, outward, sweepDeg };
  const line = lineFit(fit);
  if (line.error < tolMm)
    return { shape, kind: 'cone', t0, t1, r0: line.at(t0), r1: line.at(t1), outward, sweepDeg };
  if (shape.kind !== 'other' || !singleValued(fit.rs, fit.ts, tolMm)) return undefined;
  const r0 = fit.rs[fit.ts.indexOf(t0)]!;
  const r1 = fit.rs[fit.ts.indexOf(t1)]!;
  return { shape, kind: 'torus', t0, t1, r0, r1, outward, sweepDeg };
}

/** True when vertices at the same axial position have the same radius (r is a function of t). */
function singleValued(rs: number[], ts: number[], tolMm: number): boolean {
  const order = ts.map((_, i) => i).sort((i, j) => ts[i]! - ts[j]!);
  for (let k = 1; k < order.length; k++) {
    const [i, j] = [order[k - 1]!, order[k]!];
    if (ts[j]! - ts[i]! < tolMm && Math.abs(rs[j]! - rs[i]!) > 10 * tolMm) return false;
  }
  return true;
}

/** The angle the face's vertices cover around the axis, degrees (largest gap subtracted). */
function sweepOf(face: MeshFace, axis: AxisLine): number {
  const a = axis.direction;
  const helper: Vec3 = Math.abs(a[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const u = unit(cross(a, helper));
  const w = cross(a, u);
  const angles: number[] = [];
  for (let i = 0; i < vertexCount(face); i++) {
    const p = across(sub(vertexOf(face.positions, i), axis.point), a);
    if (norm(p) < 1e-9) continue;
    angles.push(Math.atan2(dot(p, w), dot(p, u)));
  }
  if (angles.length < 2) return 0;
  angles.sort((x, y) => x - y);
  let gap = angles[0]! + 2 * Math.PI - angles.at(-1)!;
  for (let i = 1; i < angles.length; i++) gap = Math.max(gap, angles[i]! - angles[i - 1]!);
  return ((2 * Math.PI - gap) * 180) / Math.PI;
}
