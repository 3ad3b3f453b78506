/**
 * Toolpaths of each lathe operation, as rapid and feed moves in work coordinates (X diameter,
 * Z from the free-end face, mm). Every operation starts with a rapid from the tool change
 * position to a point outside the bar and ends back there, so operations can be written in any
 * order.
 */
import type { Polygon } from '../geometry/polygon.ts';
import type { Groove } from './contour.ts';
import type { Move, ThreadCycle } from './program.ts';

/** Geometry every toolpath needs. */
export interface PathContext {
  stockDiameterMm: number;
  /** Diameter rapids may travel at outside the bar. */
  safeX: number;
  /** Axial clearance in front of the face for approaches, mm. */
  clearZ: number;
  /** Radial clearance above a surface before a plunge, mm (on the radius). */
  clearRadialMm: number;
  changePosition: { x: number; z: number };
}

const rapid = (x: number, z: number): Move => ({ kind: 'rapid', x, z });
const feed = (x: number, z: number, f: number): Move => ({ kind: 'feed', x, z, feed: f });

/** Rapid from the change position to a point outside the bar at `z`, and back at the end. */
export const approach = (context: PathContext, z: number): Move[] => [rapid(context.safeX, z)];
export const leave = (context: PathContext): Move[] => [
  rapid(context.safeX, context.changePosition.z),
  rapid(context.changePosition.x, context.changePosition.z),
];

/**
 * The lowest radius of a convex tool outline at `z` (x = Z, y = radius, relative to the imaginary
 * tip), mm; the outline's lowest point when `z` lies outside it.
 */
function lowestRadiusAt(shape: Polygon, z: number): number {
  let lowest = Infinity;
  for (const [index, a] of shape.entries()) {
    const b = shape[(index + 1) % shape.length]!;
    if (z < Math.min(a.x, b.x) || z > Math.max(a.x, b.x)) continue;
    const t = b.x === a.x ? 0 : (z - a.x) / (b.x - a.x);
    lowest = Math.min(lowest, a.y + t * (b.y - a.y), ...(b.x === a.x ? [b.y] : []));
  }
  return lowest === Infinity ? Math.min(...shape.map((point) => point.y)) : lowest;
}

/**
 * How far below the axis a facing pass of `depthMm` sends the imaginary tip, mm (on the radius):
 * so far that the tool's lowest edge passes the axis by 0.1 mm over the whole depth the pass
 * cuts, from its face (z = 0 from the tip: the nose, rε above the tip) to the depth behind it
 * (z = depthMm: the edge that leads toward the centre, which slopes back on a 55° or 35° insert
 * in a 93° holder, 0.62 mm or 1.28 mm up per mm of depth). The outline is convex, so the highest
 * of its lowest edge over that span is at one of its ends.
 */
export function facingOvershootMm(shape: Polygon, depthMm: number): number {
  return 0.1 + Math.max(lowestRadiusAt(shape, 0), lowestRadiusAt(shape, depthMm));
}

/**
 * Face the free end from outside the bar past the centre, in passes of at most `depthOfCutMm`.
 * The imaginary tip goes {@link facingOvershootMm} below the axis, so no pip is left at the
 * centre.
 * @param shape - the facing tool's cutting outline (cutters.ts `LatheCutter.shape`)
 * @param finish - a finish face: the passes stop `allowanceMm` in front of Z0 and one more at
 *   `feedPerRev` (mm/rev) faces Z0 (a sawn blank's stub: facing.ts `faceStubOff`)
 */
export function facingMoves(
  context: PathContext,
  frontFaceZ: number,
  depthOfCutMm: number,
  f: number,
  shape: Polygon,
  finish?: { allowanceMm: number; feedPerRev: number },
): Move[] {
  const moves: Move[] = approach(context, frontFaceZ + context.clearZ);
  // With a finish face, the roughing passes stop its allowance in front of Z0.
  const endZ = finish ? finish.allowanceMm : 0;
  const span = frontFaceZ - endZ;
  const passes = Math.max(1, Math.ceil(span / depthOfCutMm - 1e-9));
  const endX = (depthMm: number) => round(-2 * facingOvershootMm(shape, depthMm));
  const pass = (z: number, depthMm: number, feedPerRev: number) =>
    moves.push(
      rapid(context.safeX, z),
      feed(endX(depthMm), z, feedPerRev),
      rapid(endX(depthMm), z + context.clearZ),
      rapid(context.safeX, z + context.clearZ),
    );
  for (let index = 1; index <= passes; index += 1)
    pass(round(frontFaceZ - (span * index) / passes), span / passes, f);
  if (finish) pass(0, finish.allowanceMm, finish.feedPerRev);
  return [...moves, ...leave(context)];
}

/**
 * Plunge a groove with a blade of `widthMm` whose reference corner is on the free-end side:
 * plunges overlap by at least 20 % of the width and each goes to the finished diameter.
 */
export function groovingMoves(
  context: PathContext,
  groove: Groove,
  widthMm: number,
  f: number,
): Move[] {
  const span = groove.zFreeSide - groove.zChuckSide;
  const steps = Math.max(1, Math.ceil((span - widthMm) / (0.8 * widthMm) - 1e-9) + 1);
  const above = groove.surfaceMm + 2 * context.clearRadialMm;
  const moves: Move[] = approach(context, groove.zFreeSide);
  for (let step = 0; step < steps; step += 1) {
    const z =
      steps === 1 ? groove.zFreeSide : groove.zFreeSide - ((span - widthMm) * step) / (steps - 1);
    moves.push(
      rapid(above, round(z)),
      feed(groove.section.targetMm, round(z), f),
      rapid(above, round(z)),
    );
  }
  moves.push(rapid(context.safeX, groove.zFreeSide));
  return [...moves, ...leave(context)];
}

/**
 * Cut a thread: to its start in front of the thread, down to the drive line, the threading
 * cycle (which leaves the tool back at the drive line and the start), and away.
 */
export function threadingMoves(context: PathContext, cycle: ThreadCycle): Move[] {
  return [
    ...approach(context, cycle.startZ),
    rapid(cycle.driveX, cycle.startZ),
    { kind: 'thread', x: cycle.driveX, z: cycle.startZ, thread: cycle },
    ...leave(context),
  ];
}

/**
 * The blade's chamfer on the parted-off end's edge, before the part off (parting.ts): a plunge at
 * the part-off position to `plungeX`, just below the chamfer's small diameter, then each pass of
 * the blade's free-end corner (its reference corner, on the part side) from its `start` outside
 * the bar down a line parallel to the chamfer to its `end` at the part-off position, `f` along
 * it, the last on the chamfer's line.
 */
export interface PartOffChamferPath {
  plungeX: number;
  passes: { start: { x: number; z: number }; end: { x: number; z: number } }[];
  f: number;
}

/**
 * Cut the part off at its length: the blade's free-end corner at -length, down to `endX`; with a
 * `chamfer`, its plunge and its move first.
 */
export function partingMoves(
  context: PathContext,
  lengthMm: number,
  surfaceMm: number,
  endX: number,
  f: number,
  chamfer?: PartOffChamferPath,
): Move[] {
  const z = round(-lengthMm);
  const above = surfaceMm + 2 * context.clearRadialMm;
  const chamfering: Move[] = chamfer
    ? [
        rapid(above, z),
        feed(chamfer.plungeX, z, f),
        ...chamfer.passes.flatMap(({ start, end }) => [
          rapid(above, z),
          rapid(start.x, start.z),
          feed(end.x, end.z, chamfer.f),
        ]),
      ]
    : [];
  return [
    ...approach(context, z),
    ...chamfering,
    rapid(above, z),
    feed(endX, z, f),
    rapid(surfaceMm + 2 * context.clearRadialMm, z),
    rapid(context.safeX, z),
    ...leave(context),
  ];
}

/** Drill on the axis to `depthZ` (negative), in pecks with full retracts clear of the face. */
export function drillingMoves(
  context: PathContext,
  depthZ: number,
  peckMm: number,
  f: number,
): Move[] {
  const moves: Move[] = [...approach(context, context.clearZ), rapid(0, context.clearZ)];
  let bottom = 0;
  while (bottom > depthZ + 1e-9) {
    const next = Math.max(depthZ, bottom - peckMm);
    if (bottom < 0) moves.push(rapid(0, round(bottom + 0.5)));
    moves.push(feed(0, round(next), f), rapid(0, context.clearZ));
    bottom = next;
  }
  return [...moves, rapid(context.safeX, context.clearZ), ...leave(context)];
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
