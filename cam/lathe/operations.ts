/**
 * Toolpaths of each lathe operation, as rapid and feed moves in work coordinates (X diameter,
 * Z from the free-end face, mm). Every operation starts with a rapid from the tool change
 * position to a point outside the bar and ends back there, so operations can be written in any
 * order.
 */
import type { ContourPoint, Groove } from './contour.ts';
import { roughingLevels, roughingPassEnd } from './contour.ts';
import type { InnerSection } from './part.ts';
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
const approach = (context: PathContext, z: number): Move[] => [rapid(context.safeX, z)];
const leave = (context: PathContext): Move[] => [
  rapid(context.safeX, context.changePosition.z),
  rapid(context.changePosition.x, context.changePosition.z),
];

/** Face the free end from outside the bar past the centre, in passes of at most `depthOfCutMm`. */
export function facingMoves(
  context: PathContext,
  frontFaceZ: number,
  depthOfCutMm: number,
  f: number,
): Move[] {
  const moves: Move[] = approach(context, frontFaceZ + context.clearZ);
  const passes = Math.max(1, Math.ceil(frontFaceZ / depthOfCutMm - 1e-9));
  for (let pass = 1; pass <= passes; pass += 1) {
    const z = round(frontFaceZ - (frontFaceZ * pass) / passes);
    moves.push(
      rapid(context.safeX, z),
      feed(-0.4, z, f),
      rapid(-0.4, z + context.clearZ),
      rapid(context.safeX, z + context.clearZ),
    );
  }
  return [...moves, ...leave(context)];
}

/**
 * Rough the outer envelope: passes toward the chuck at falling diameters, each stopping short of
 * the outline by the allowances and pulling off at 45°. Passes that meet no shoulder run
 * through the cut-off zone to `endZ`.
 */
export function roughTurningMoves(
  context: PathContext,
  points: ContourPoint[],
  envelope: number[],
  options: {
    depthOfCutMm: number;
    radialAllowanceMm: number;
    axialAllowanceMm: number;
    endZ: number;
    feed: number;
  },
): Move[] {
  const moves: Move[] = approach(context, context.clearZ);
  const levels = roughingLevels(
    context.stockDiameterMm,
    envelope,
    options.depthOfCutMm,
    options.radialAllowanceMm,
  );
  for (const level of levels) {
    const end =
      roughingPassEnd(points, level, options.radialAllowanceMm, options.axialAllowanceMm) ??
      options.endZ;
    if (end > -0.01) continue;
    moves.push(
      rapid(level, context.clearZ),
      feed(level, round(end), options.feed),
      feed(level + 2 * 0.5, round(end + 0.5), options.feed),
      rapid(level + 2 * 0.5, context.clearZ),
    );
  }
  return [...moves, ...leave(context)];
}

/** Finish along the outline from the free-end face, through the cut-off zone to `endZ`. */
export function finishTurningMoves(
  context: PathContext,
  points: ContourPoint[],
  endZ: number,
  f: number,
): Move[] {
  const first = points[0]!;
  const last = points.at(-1)!;
  const moves: Move[] = [
    ...approach(context, context.clearZ),
    rapid(first.x - 1, context.clearZ),
    feed(first.x, 0, f),
  ];
  for (const point of points.slice(1)) moves.push(feed(point.x, round(point.z), f));
  moves.push(
    feed(last.x, round(endZ), f),
    feed(last.x + 1, round(endZ + 0.5), f),
    rapid(last.x + 1, context.clearZ),
  );
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

/** Cut the part off at its length: the blade's free-end corner at -length, down to `endX`. */
export function partingMoves(
  context: PathContext,
  lengthMm: number,
  surfaceMm: number,
  endX: number,
  f: number,
): Move[] {
  const z = round(-lengthMm);
  return [
    ...approach(context, z),
    rapid(surfaceMm + 2 * context.clearRadialMm, z),
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

/**
 * Rough bores from the drilled diameter: passes toward the chuck at rising diameters, each as
 * deep as the bores wide enough for it, pulling off toward the axis at 45°.
 */
export function roughBoringMoves(
  context: PathContext,
  bores: InnerSection[],
  drilledMm: number,
  options: {
    depthOfCutMm: number;
    radialAllowanceMm: number;
    axialAllowanceMm: number;
    throughZ: number;
    feed: number;
  },
): Move[] {
  const moves: Move[] = [
    ...approach(context, context.clearZ),
    rapid(drilledMm - 1, context.clearZ),
  ];
  const levels = new Set<number>();
  const highest = Math.max(...bores.map((bore) => bore.targetMm)) - 2 * options.radialAllowanceMm;
  for (
    let level = drilledMm + 2 * options.depthOfCutMm;
    level < highest - 1e-6;
    level += 2 * options.depthOfCutMm
  ) {
    levels.add(round(level));
  }
  for (const bore of bores) {
    const level = round(bore.targetMm - 2 * options.radialAllowanceMm);
    if (level > drilledMm + 0.02) levels.add(level);
  }
  for (const level of [...levels].sort((a, b) => a - b)) {
    const deepest = bores.filter(
      (bore) => bore.targetMm - 2 * options.radialAllowanceMm >= level - 1e-6,
    );
    if (deepest.length === 0) continue;
    const bore = deepest.reduce((a, b) => (a.depthMm > b.depthMm ? a : b));
    const end = bore.through ? options.throughZ : -bore.depthMm + options.axialAllowanceMm;
    moves.push(
      rapid(level, context.clearZ),
      feed(level, round(end), options.feed),
      feed(level - 1, round(end + 0.5), options.feed),
      rapid(level - 1, context.clearZ),
    );
  }
  return [
    ...moves,
    rapid(drilledMm - 1, context.clearZ),
    rapid(context.safeX, context.clearZ),
    ...leave(context),
  ];
}

/** Finish bores from the mouth (with its chamfer) to the deepest bore, then back out. */
export function finishBoringMoves(
  context: PathContext,
  bores: InnerSection[],
  mouthChamfer: { sizeMm: number; angleDeg: number } | undefined,
  throughZ: number,
  f: number,
): Move[] {
  const widest = bores[0]!;
  const leg = mouthChamfer
    ? mouthChamfer.sizeMm * Math.tan((mouthChamfer.angleDeg * Math.PI) / 180)
    : 0;
  const start = widest.targetMm + 2 * leg;
  const moves: Move[] = [
    ...approach(context, context.clearZ),
    rapid(start + 1, context.clearZ),
    feed(start, 0, f),
  ];
  if (mouthChamfer) moves.push(feed(widest.targetMm, round(-mouthChamfer.sizeMm), f));
  let last = widest;
  bores.forEach((bore, index) => {
    if (index > 0) moves.push(feed(bore.targetMm, round(-bores[index - 1]!.depthMm), f));
    moves.push(feed(bore.targetMm, round(bore.through ? throughZ : -bore.depthMm), f));
    last = bore;
  });
  const end = last.through ? throughZ : -last.depthMm;
  moves.push(
    feed(last.targetMm - 1, round(end + 0.5), f),
    rapid(last.targetMm - 1, context.clearZ),
  );
  return [...moves, rapid(context.safeX, context.clearZ), ...leave(context)];
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
