/**
 * The description of a plate or block from its STEP model, seen from the top: the outline
 * (silhouette of the faces across the thickness axis), the thickness, the round holes along the
 * thickness axis (through, blind or counterbored), pocket floors and through cut-outs.
 *
 * Top-view coordinates are the model's own, mm: for a model whose thickness runs along Z the
 * top view is X, Y; along X it is Y, Z; along Y it is Z, X.
 */
import {
  emptyDescription,
  type BlueprintDescription,
  type PrismaticDescription,
} from '#contracts/blueprint';
import { formatMm, parseThreadCallout, roundMm } from '#cam/callouts';
import { signedArea, union, type Point2, type Polygon } from '#cam/geometry/polygon';
import { addReading } from '../reading.ts';
import { revolvedAbout, type AxisLine, type FaceShape } from './faces.ts';
import { across, cross, dot, norm, sub, unit, vertexOf, type Vec3 } from './geometry.ts';
import { addPocketFloors, type Plate } from './floors.ts';
import { snapRadius } from './text.ts';
import { countersinkOf } from './countersinks.ts';

export interface PrismaticContext {
  fileName: string;
  exactRadii: number[];
  tolMm: number;
  names: string[];
}

/** A round hole along the thickness axis, before it is written into the description. */
interface HoleGroup {
  axis: AxisLine;
  radius: number;
  /** Span along the thickness axis, mm. */
  h0: number;
  h1: number;
  sweepDeg: number;
  faces: number[];
  closedLow: boolean;
  closedHigh: boolean;
}

/** Metric coarse sizes checked against hole diameters (ISO 261 first choice, M1.6 to M24). */
const metricSizes = [1.6, 2, 2.5, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24];

/** The thickness axis: the direction across which the planar faces have the most area. */
function thicknessAxis(shapes: FaceShape[]): Vec3 {
  const groups: { normal: Vec3; areaMm2: number }[] = [];
  for (const shape of shapes) {
    if (shape.kind !== 'plane') continue;
    const known = groups.find((group) => Math.abs(dot(group.normal, shape.normal!)) > 0.9999);
    if (known) known.areaMm2 += shape.areaMm2;
    else groups.push({ normal: shape.normal!, areaMm2: shape.areaMm2 });
  }
  groups.sort((a, b) => b.areaMm2 - a.areaMm2);
  const normal = groups[0]?.normal ?? [0, 0, 1];
  // Along a coordinate axis: its positive direction, so the top view keeps the model's axes.
  const k = [0, 1, 2].find((i) => Math.abs(normal[i]!) > 0.9999);
  if (k === undefined) return normal;
  const axis: Vec3 = [0, 0, 0];
  axis[k] = 1;
  return axis;
}

/** Top-view axes (u, v) for the thickness axis d, right-handed with d. */
function topViewAxes(d: Vec3): [Vec3, Vec3] {
  if (d[2] === 1)
    return [
      [1, 0, 0],
      [0, 1, 0],
    ];
  if (d[0] === 1)
    return [
      [0, 1, 0],
      [0, 0, 1],
    ];
  if (d[1] === 1)
    return [
      [0, 0, 1],
      [1, 0, 0],
    ];
  const u = unit(across([1, 0, 0], d));
  const helper = norm(u) > 0.5 ? u : unit(across([0, 1, 0], d));
  return [helper, cross(d, helper)];
}

/**
 * Describe a plate or block.
 * @param shapes - every face of the model, classified
 * @returns the description with `prismatic` (outline, thickness, holes, pockets), readings and
 *   unresolved gaps (threads, material, tolerances, finish)
 */
export function describePrismaticPart(
  shapes: FaceShape[],
  context: PrismaticContext,
): BlueprintDescription {
  const description = emptyDescription();
  const unresolved = description.unresolved!;
  const tol = context.tolMm;
  const d = thicknessAxis(shapes);
  const [u, v] = topViewAxes(d);
  const top = (p: Vec3): Point2 => ({ x: roundMm(dot(p, u)), y: roundMm(dot(p, v)) });

  let hMin = Infinity;
  let hMax = -Infinity;
  for (const shape of shapes)
    for (let i = 0; i < shape.face.positions.length / 3; i++) {
      const h = dot(vertexOf(shape.face.positions, i), d);
      hMin = Math.min(hMin, h);
      hMax = Math.max(hMax, h);
    }
  const thicknessMm = roundMm(hMax - hMin);

  const { across_, region } = topSilhouette(shapes, d, top);
  const outerPolygons = region.filter((polygon) => signedArea(polygon) > 0);
  const outline = outerPolygons.sort((a, b) => signedArea(b) - signedArea(a))[0];
  if (!outline) return description;
  if (outerPolygons.length > 1) {
    unresolved.push(
      `The model seen from the top is ${outerPolygons.length} separate pieces: only the largest is described.`,
    );
  }

  const prismatic: PrismaticDescription = {
    outline,
    thicknessMm,
    holes: [],
    pockets: [],
    slots: [],
  };
  const plate: Plate = { d, top, tol, hMin, hMax, prismatic, description };
  addHoles(plate, holeGroups(shapes, d, tol), context.exactRadii, shapes);
  const bySize = addThreadNotes(prismatic.holes, unresolved);
  addCutOuts(region, prismatic);
  addPocketFloors(plate, across_);
  const unknown = shapes.filter((shape) => shape.kind === 'other').length;
  if (unknown > 0)
    unresolved.push(
      `${unknown} curved face${unknown === 1 ? '' : 's'} (fillets, free-form or sloped surfaces) are not described; check the outline and pockets against the model.`,
    );

  const xs = outline.map((p) => p.x);
  const ys = outline.map((p) => p.y);
  const [width, height] = [
    roundMm(Math.max(...xs) - Math.min(...xs)),
    roundMm(Math.max(...ys) - Math.min(...ys)),
  ];
  addReading(
    description,
    'Outline',
    `${formatMm(width)} x ${formatMm(height)} mm (top view)`,
    0.95,
    'STEP faces across the thickness axis, seen from the top',
  );
  addReading(
    description,
    'Thickness',
    `${formatMm(thicknessMm)} mm`,
    0.95,
    'STEP model extent along the thickness axis',
  );
  description.prismatic = prismatic;
  description.dimensions.overallLength = `${formatMm(width)} x ${formatMm(height)} x ${formatMm(thicknessMm)} mm`;
  const axisName = d[2] === 1 ? 'Z' : d[0] === 1 ? 'X' : d[1] === 1 ? 'Y' : 'a sloped axis';
  description.overview = [
    `Plate or block, ${formatMm(width)} x ${formatMm(height)} mm seen from the top, ${formatMm(thicknessMm)} mm thick (along ${axisName} of the model), read offline from the STEP model${context.names.length ? ` "${context.names.join('", "')}"` : ''}.`,
    `${prismatic.holes.length} round hole${prismatic.holes.length === 1 ? '' : 's'}${prismatic.holes.length ? ` (${[...bySize].map(([dia, n]) => `${n}× Ø${formatMm(dia)}`).join(', ')})` : ''}, ${prismatic.pockets.filter((p) => !p.through).length} pocket floor(s) and ${prismatic.pockets.filter((p) => p.through).length} through cut-out(s).`,
  ].join(' ');
  return description;
}

/**
 * Silhouette: the union of the faces across the thickness axis, seen from the top.
 * @returns those faces, and the region they cover (outer polygons counter-clockwise, openings
 *   clockwise), top-view mm
 */
function topSilhouette(
  shapes: FaceShape[],
  d: Vec3,
  top: (p: Vec3) => Point2,
): { across_: FaceShape[]; region: Polygon[] } {
  const across_ = shapes.filter(
    (shape) => shape.kind === 'plane' && Math.abs(dot(shape.normal!, d)) > 0.9999,
  );
  const triangles: Polygon[] = [];
  for (const shape of across_) {
    const { positions, triangles: indices } = shape.face;
    for (let t = 0; t < indices.length; t += 3) {
      const triangle = [0, 1, 2].map((k) => top(vertexOf(positions, indices[t + k]!)));
      const area = signedArea(triangle);
      // Counter-clockwise, so that faces seen from below add to the region instead of cancelling.
      if (Math.abs(area) > 1e-9) triangles.push(area > 0 ? triangle : triangle.reverse());
    }
  }
  return { across_, region: union(triangles) };
}

/**
 * The round holes, each with its reading, sorted by y then x: through, blind (a hole that opens
 * on the bottom face is left to the user) or counterbored.
 * @param exactRadii - the exact radii of the file's surfaces, mm (sizes snap to them)
 */
function addHoles(
  plate: Plate,
  holes: HoleGroup[],
  exactRadii: number[],
  shapes: FaceShape[],
): void {
  const { d, top, tol, prismatic, description } = plate;
  const unresolved = description.unresolved!;
  const snap = (radius: number) => snapRadius(radius, exactRadii, 10 * tol);
  const confidenceOf = (radius: number) =>
    exactRadii.some((r) => Math.abs(r - radius) <= 10 * tol) ? 0.95 : 0.85;

  // Counterbores: a wider coaxial hole closed at the end where a narrower one continues.
  const used = new Set<HoleGroup>();
  const sorted = [...holes].sort((a, b) => a.radius - b.radius);
  for (const hole of sorted) {
    if (used.has(hole)) continue;
    used.add(hole);
    const centre = top(hole.axis.point);
    const counterbore = sorted.find(
      (wide) =>
        !used.has(wide) &&
        wide.radius > hole.radius + tol &&
        norm(across(sub(wide.axis.point, hole.axis.point), d)) < 10 * tol &&
        ((wide.closedLow && Math.abs(wide.h0 - hole.h1) < 10 * tol) ||
          (wide.closedHigh && Math.abs(wide.h1 - hole.h0) < 10 * tol)),
    );
    if (counterbore) used.add(counterbore);
    const diameterMm = roundMm(2 * snap(hole.radius));
    const through = !hole.closedLow && !hole.closedHigh;
    const depthMm = roundMm(
      hole.h1 - hole.h0 + (counterbore ? counterbore.h1 - counterbore.h0 : 0),
    );
    const fromBottom = !through && hole.closedHigh && !hole.closedLow;
    let written = `Ø${formatMm(diameterMm)}`;
    const entry: PrismaticDescription['holes'][number] = {
      diameter: written,
      x: centre.x,
      y: centre.y,
      diameterMm,
      ...(through ? { through: true } : { depthMm }),
      kind: counterbore ? 'counterbored' : through ? 'through' : 'blind',
    };
    if (counterbore) {
      entry.counterboreDiameterMm = roundMm(2 * snap(counterbore.radius));
      entry.counterboreDepthMm = roundMm(counterbore.h1 - counterbore.h0);
      written += ` counterbore Ø${formatMm(entry.counterboreDiameterMm)} x ${formatMm(entry.counterboreDepthMm)}`;
      entry.diameter = written;
    }
    // A countersink at the top face (ISO 15786 ⌵); one at the bottom is left to the user.
    const sink = counterbore ? undefined : countersinkOf(hole, shapes, d, plate, tol);
    if (sink?.atTop) {
      entry.countersinkDiameterMm = roundMm(2 * snap(sink.diameterMm / 2));
      entry.countersinkAngleDeg = sink.angleDeg;
      written += ` ⌵Ø${formatMm(entry.countersinkDiameterMm)} x ${formatMm(sink.angleDeg)}°`;
      entry.diameter = written;
      if (entry.kind !== 'counterbored') entry.kind = 'countersunk';
    } else if (sink)
      unresolved.push(
        `The hole ${written} at ${formatMm(centre.x)}, ${formatMm(centre.y)} has a countersink Ø${formatMm(roundMm(sink.diameterMm))} x ${formatMm(sink.angleDeg)}° on the bottom face: machine it from the other side, or give it with Change.`,
      );
    prismatic.holes.push(entry);
    const faces = [...hole.faces, ...(counterbore?.faces ?? []), ...(sink ? [sink.face] : [])];
    addReading(
      description,
      `Hole ${prismatic.holes.length}`,
      `${written} ${through ? 'through' : `x ${formatMm(depthMm)} deep${fromBottom ? ' from the bottom' : ''}`} at ${formatMm(centre.x)}, ${formatMm(centre.y)}`,
      confidenceOf(hole.radius),
      `STEP face${faces.length === 1 ? '' : 's'} ${faces.join(', ')} (cylinder along the thickness axis)`,
    );
    if (fromBottom) {
      unresolved.push(
        `The hole ${written} at ${formatMm(centre.x)}, ${formatMm(centre.y)} opens on the bottom face: machine it from the other side, or give it with Change.`,
      );
    }
  }
  prismatic.holes.sort((a, b) => a.y - b.y || a.x - b.x);
}

/**
 * What the user is asked about threads: holes whose size is a metric thread's minor diameter
 * may be tapped; else that a STEP model carries no threads.
 * @returns how many holes there are of each diameter (mm), in order of first appearance
 */
function addThreadNotes(
  holes: PrismaticDescription['holes'],
  unresolved: string[],
): Map<number, number> {
  // Holes whose size is a metric thread's minor diameter are probably tapped.
  const bySize = new Map<number, number>();
  for (const hole of holes) bySize.set(hole.diameterMm, (bySize.get(hole.diameterMm) ?? 0) + 1);
  for (const [diameterMm, count] of bySize) {
    const thread = tapSizeFor(diameterMm);
    const holesWord = `${count} hole${count === 1 ? '' : 's'} Ø${formatMm(diameterMm)}`;
    if (thread)
      unresolved.push(
        `${holesWord}: the size is the minor diameter of ${thread} (ISO 724), so they may be tapped; a STEP model does not carry threads: give the thread with Change if they are.`,
      );
  }
  if (holes.length > 0 && bySize.size > 0 && ![...bySize.keys()].some(tapSizeFor))
    unresolved.push(
      'Threads: a STEP model does not carry cosmetic threads; if any hole is tapped, give the thread with Change.',
    );
  return bySize;
}

/** Through cut-outs: openings of the silhouette that are not one of the round holes. */
function addCutOuts(region: Polygon[], prismatic: PrismaticDescription): void {
  const openings = region.filter((polygon) => signedArea(polygon) < 0);
  for (const opening of openings) {
    const area = -signedArea(opening);
    const roundHole = prismatic.holes.some((hole) => {
      const circle = Math.PI * (hole.diameterMm / 2) ** 2;
      return (
        Math.abs(area - circle) < 0.05 * circle &&
        opening.every((p) => Math.hypot(p.x - hole.x, p.y - hole.y) < hole.diameterMm / 2 + 0.05)
      );
    });
    if (roundHole || area < 1e-3) continue;
    prismatic.pockets.push({
      label: `Cut-out ${prismatic.pockets.length + 1}`,
      outline: [...opening].reverse(),
      through: true,
    });
  }
}

/** Inward cylinders along the thickness axis grouped into holes (split faces joined). */
function holeGroups(shapes: FaceShape[], d: Vec3, tol: number): HoleGroup[] {
  const groups: HoleGroup[] = [];
  for (const shape of shapes) {
    if (shape.kind !== 'cylinder' || norm(cross(shape.axis!.direction, d)) > 1e-3) continue;
    const axis: AxisLine = { direction: d, point: across(shape.axis!.point, d) };
    const face = revolvedAbout(shape, axis, tol);
    if (!face || face.kind !== 'cylinder' || face.outward) continue;
    const known = groups.find(
      (group) =>
        Math.abs(group.radius - face.r0) < 10 * tol &&
        norm(sub(group.axis.point, axis.point)) < 10 * tol &&
        face.t0 <= group.h1 + tol &&
        face.t1 >= group.h0 - tol,
    );
    if (known) {
      known.h0 = Math.min(known.h0, face.t0);
      known.h1 = Math.max(known.h1, face.t1);
      known.sweepDeg = Math.min(360, known.sweepDeg + face.sweepDeg);
      known.faces.push(shape.face.number);
    } else
      groups.push({
        axis,
        radius: face.r0,
        h0: face.t0,
        h1: face.t1,
        sweepDeg: face.sweepDeg,
        faces: [shape.face.number],
        closedLow: false,
        closedHigh: false,
      });
  }
  const holes = groups.filter((group) => group.sweepDeg >= 300);
  for (const hole of holes) {
    const own = new Set(hole.faces);
    for (const shape of shapes) {
      if (own.has(shape.face.number)) continue;
      const { positions, triangles } = shape.face;
      for (let t = 0; t < triangles.length; t += 3) {
        const c = [0, 1, 2]
          .map((k) => vertexOf(positions, triangles[t + k]!))
          .reduce<Vec3>(
            (sum, p) => [sum[0] + p[0] / 3, sum[1] + p[1] / 3, sum[2] + p[2] / 3],
            [0, 0, 0],
          );
        if (norm(across(sub(c, hole.axis.point), d)) > 0.9 * hole.radius) continue;
        const h = dot(c, d);
        if (h >= hole.h0 - 2 * hole.radius && h <= hole.h0 + tol) hole.closedLow = true;
        if (h <= hole.h1 + 2 * hole.radius && h >= hole.h1 - tol) hole.closedHigh = true;
      }
    }
  }
  return holes;
}

/** 'M3x0.5' when the diameter lies between the ISO 724 minor diameter and the tap drill + 0.1·P. */
function tapSizeFor(diameterMm: number): string | undefined {
  for (const size of metricSizes) {
    const thread = parseThreadCallout(`M${size}`);
    if (!thread) continue;
    const minor = thread.majorDiameterMm - 1.082532 * thread.pitchMm;
    const drill = thread.majorDiameterMm - thread.pitchMm;
    if (diameterMm >= minor - 0.01 && diameterMm <= drill + 0.2 * thread.pitchMm)
      return `M${formatMm(size)}x${formatMm(thread.pitchMm)}`;
  }
  return undefined;
}
