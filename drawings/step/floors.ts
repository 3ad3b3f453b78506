/**
 * The pocket floors of a plate's STEP model (prismatic.ts describes the rest): faces across the
 * thickness axis facing up below the top (but for the bottoms and seats of round holes), each a
 * pocket with its depth (or, when it reaches the outline and nothing stands on it, a step:
 * decision 066), and the loops inside a floor where material stands up from it (an
 * island, its top a face above the floor) as the pocket's islands, labelled 'Island …' as the CAM
 * core takes them (cam/prismatic/part.ts).
 */
import type { BlueprintDescription, PrismaticDescription } from '#contracts/blueprint';
import { formatMm, roundMm } from '#cam/callouts';
import {
  distanceToBoundary,
  pointInPolygon,
  signedArea,
  type Point2,
  type Polygon,
} from '#cam/geometry/polygon';
import { addReading } from '../reading.ts';
import type { FaceShape } from './faces.ts';
import { dot, vertexOf, type Vec3 } from './geometry.ts';

/** A plate being described: its thickness axis and top view, its extent along it, what is found. */
export interface Plate {
  /** The thickness axis (unit). */
  d: Vec3;
  /** A model point in the top view, mm. */
  top: (p: Vec3) => Point2;
  /** The model's tolerance, mm. */
  tol: number;
  /** The model's extent along the thickness axis, mm. */
  hMin: number;
  hMax: number;
  prismatic: PrismaticDescription;
  description: BlueprintDescription;
}

const heightOf = (shape: FaceShape, d: Vec3) => dot(vertexOf(shape.face.positions, 0), d);

/**
 * Pocket floors: faces across the thickness axis facing up, below the top (at most 30, each with
 * its depth, its islands and readings); faces facing down above the bottom are left to the user.
 * @param across_ - the faces across the thickness axis (prismatic.ts topSilhouette)
 */
export function addPocketFloors(plate: Plate, across_: FaceShape[]): void {
  const { d, top, tol, hMin, hMax, prismatic, description } = plate;
  const unresolved = description.unresolved!;
  const floors = across_.filter((shape) => {
    const h = heightOf(shape, d);
    return dot(shape.normal!, d) > 0 && h < hMax - 10 * tol && h > hMin + 10 * tol;
  });
  for (const floor of floors.slice(0, 30)) {
    const h = heightOf(floor, d);
    const [loop, ...inner] = boundaryLoops(floor, top);
    // A hole's flat bottom or a counterbore's seat is part of the hole, not a pocket.
    if (!loop || prismatic.holes.some((hole) => holds(hole, loop))) continue;
    const depthMm = roundMm(hMax - h);
    const above = across_.filter((shape) => shape !== floor && heightOf(shape, d) > h + 10 * tol);
    const islands = inner.filter((island) => standsUp(island, above, top));
    // A floor that reaches the outline, with nothing standing on it, is a step (decision 066).
    if (islands.length === 0 && reachesOutline(loop, prismatic.outline, 10 * tol)) {
      const label = `Step ${(prismatic.steps?.length ?? 0) + 1}`;
      (prismatic.steps ??= []).push({ label, outline: loop, depthMm });
      addReading(
        description,
        `${label} depth`,
        `floor ${formatMm(depthMm)} mm below the top, open to the outline`,
        0.8,
        `STEP face ${floor.face.number} (plane facing up, reaching the outline)`,
      );
      continue;
    }
    const label = `Pocket ${prismatic.pockets.length + 1}`;
    prismatic.pockets.push({ label, outline: loop, depthMm });
    addReading(
      description,
      label,
      `floor ${formatMm(depthMm)} mm below the top`,
      0.8,
      `STEP face ${floor.face.number} (plane facing up)`,
    );
    islands.forEach((island, index) => {
      const name = `Island ${index + 1} in ${label}`;
      prismatic.pockets.push({ label: name, outline: island, depthMm });
      addReading(
        description,
        name,
        `standing up from the floor of ${label}`,
        0.8,
        `STEP face ${floor.face.number} (an inner boundary of the floor, a face above it)`,
      );
    });
  }
  const downFloors = across_.filter((shape) => {
    const h = heightOf(shape, d);
    return dot(shape.normal!, d) < 0 && h > hMin + 10 * tol && h < hMax - 10 * tol;
  });
  if (downFloors.length > 0)
    unresolved.push(
      `${downFloors.length} face${downFloors.length === 1 ? '' : 's'} facing down above the bottom (steps or pockets machined from the bottom, STEP faces ${downFloors
        .slice(0, 8)
        .map((s) => s.face.number)
        .join(
          ', ',
        )}${downFloors.length > 8 ? ', …' : ''}) are not described: give them with Change.`,
    );
  if (floors.length > 30)
    unresolved.push(`Only 30 of ${floors.length} pocket floors are described.`);
}

/** Whether a side of a loop lies on the outline (its ends and middle within `gap`, mm). */
function reachesOutline(loop: Polygon, outline: Polygon, gap: number): boolean {
  const on = (p: Point2) => distanceToBoundary(p, outline) <= Math.max(gap, 0.01);
  return loop.some((a, i) => {
    const b = loop[(i + 1) % loop.length]!;
    return on(a) && on(b) && on({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  });
}

/** Whether a loop lies within a round hole (or its counterbore), top view. */
function holds(hole: PrismaticDescription['holes'][number], loop: Polygon): boolean {
  const radius = Math.max(hole.diameterMm, hole.counterboreDiameterMm ?? 0) / 2 + 0.05;
  return loop.every((p) => Math.hypot(p.x - hole.x, p.y - hole.y) <= radius);
}

/**
 * Whether material stands inside an inner boundary of a floor: a face across the thickness axis
 * above the floor covers a point inside it (an island's top; over a hole in the floor there is
 * none).
 */
function standsUp(loop: Polygon, above: FaceShape[], top: (p: Vec3) => Point2): boolean {
  const centroid = loop.reduce((sum, p) => ({ x: sum.x + p.x, y: sum.y + p.y }), { x: 0, y: 0 });
  const inside = { x: centroid.x / loop.length, y: centroid.y / loop.length };
  if (pointInPolygon(inside, loop) !== 'inside') return false;
  return above.some((shape) => {
    const { positions, triangles } = shape.face;
    for (let t = 0; t < triangles.length; t += 3) {
      const triangle = [0, 1, 2].map((k) => top(vertexOf(positions, triangles[t + k]!)));
      if (Math.abs(signedArea(triangle)) > 1e-9 && pointInPolygon(inside, triangle) !== 'outside')
        return true;
    }
    return false;
  });
}

/**
 * The boundary loops of a planar face (edges used by one triangle only) in the top view,
 * counter-clockwise, the largest (the outer boundary) first.
 */
export function boundaryLoops(shape: FaceShape, top: (p: Vec3) => Point2): Polygon[] {
  const { positions, triangles } = shape.face;
  const key = (i: number) => {
    const p = top(vertexOf(positions, i));
    return `${p.x},${p.y}`;
  };
  const edges = new Map<string, { from: string; to: string; count: number }>();
  for (let t = 0; t < triangles.length; t += 3)
    for (let k = 0; k < 3; k++) {
      const [a, b] = [key(triangles[t + k]!), key(triangles[t + ((k + 1) % 3)]!)];
      if (a === b) continue;
      const id = a < b ? `${a}|${b}` : `${b}|${a}`;
      const edge = edges.get(id);
      if (edge) edge.count++;
      else edges.set(id, { from: a, to: b, count: 1 });
    }
  const next = new Map<string, string>();
  for (const edge of edges.values()) if (edge.count === 1) next.set(edge.from, edge.to);
  const loops: Polygon[] = [];
  const seen = new Set<string>();
  for (const start of next.keys()) {
    if (seen.has(start)) continue;
    const loop: Point2[] = [];
    let at: string | undefined = start;
    while (at !== undefined && !seen.has(at)) {
      seen.add(at);
      const [x, y] = at.split(',').map(Number);
      loop.push({ x: x!, y: y! });
      at = next.get(at);
    }
    if (loop.length >= 3) loops.push(signedArea(loop) < 0 ? [...loop].reverse() : loop);
  }
  return loops.sort((a, b) => signedArea(b) - signedArea(a));
}
