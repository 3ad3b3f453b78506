/**
 * The turned part as regions of its half-section (x = Z, y = radius, mm; Z0 the finished
 * free-end face, Z negative toward the chuck), for the planner's reach (cam/lathe/section.ts)
 * and the verifier's comparison of the simulated part with the drawing.
 *
 * - `outsideKeep`: what an external tool must leave: the turnable envelope (the running largest
 *   diameter from the free end, with its chamfers: recesses behind a larger diameter are the
 *   grooving blade's), continued at its last diameter through the cut-off zone to `endZ`, then
 *   the bar toward the chuck.
 * - `boreKeep`: what a boring bar must leave: everything outside the bores (with the mouth
 *   chamfer), solid beyond the deepest bore.
 * - `finishedPart`: the part as drawn: every outer diameter (grooves included), chamfers, bores
 *   (the far-end bores of a second setup among them: `farBoreRegion`).
 */
import { difference, offsetPolygons, union } from '../geometry/polygon.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';
import { outerContour } from './contour.ts';
import type { TurnedPart } from './part.ts';
import { regionUnder } from './section.ts';

const rect = (z1: number, z2: number, r1: number, r2: number): Polygon => [
  { x: Math.min(z1, z2), y: Math.min(r1, r2) },
  { x: Math.max(z1, z2), y: Math.min(r1, r2) },
  { x: Math.max(z1, z2), y: Math.max(r1, r2) },
  { x: Math.min(z1, z2), y: Math.max(r1, r2) },
];

/** The turnable outside from the free end to −length: (Z, radius) points, chamfers included. */
export function outsideTop(part: TurnedPart): Point2[] {
  return outerContour(part).points.map((point) => ({ x: point.z, y: point.x / 2 }));
}

/**
 * What an external tool must leave: the envelope to −length, the last radius on to `endZ`, and
 * from there the bar (`barRadiusMm` plus a margin) 60 mm on toward the chuck.
 */
export function outsideKeep(part: TurnedPart, endZ: number, barRadiusMm: number): Polygon[] {
  const top = outsideTop(part);
  const last = top.at(-1)!;
  const wall = barRadiusMm + 20;
  return [
    regionUnder([...top, { x: endZ, y: last.y }, { x: endZ, y: wall }, { x: endZ - 60, y: wall }]),
  ];
}

/** The radial leg of a chamfer of axial size `sizeMm` at `angleDeg` to the axis. */
export const radialLeg = (sizeMm: number, angleDeg: number) =>
  sizeMm * Math.tan((angleDeg * Math.PI) / 180);

/**
 * The bores as one region (the hole), from the mouth (with its chamfer) to `throughZ` for
 * through bores or each bore's depth; empty for a solid part.
 */
export function boreRegion(part: TurnedPart, throughZ: number): Polygon[] {
  if (part.inner.length === 0) return [];
  const holes: Polygon[] = part.inner.map((bore) =>
    rect(5, bore.through ? throughZ : -bore.depthMm, 0, bore.targetMm / 2),
  );
  const mouth = part.chamfers.find((chamfer) => chamfer.inner);
  if (mouth) {
    const r = part.inner[0]!.targetMm / 2;
    const leg = radialLeg(mouth.sizeMm, mouth.angleDeg);
    holes.push([
      { x: -mouth.sizeMm, y: 0 },
      { x: 5, y: 0 },
      { x: 5, y: r + leg },
      { x: 0, y: r + leg },
      { x: -mouth.sizeMm, y: r },
    ]);
  }
  return union(holes);
}

/**
 * The far-end bores as one region, in the first setup's coordinates: each from the far end
 * (−length, and 5 mm beyond it) to its depth from there, with the far mouth chamfer (a through
 * bore's, when the part has no far-end bore); empty when the part has neither.
 */
export function farBoreRegion(part: TurnedPart): Polygon[] {
  const far = part.farInner ?? [];
  const mouth = part.farChamfers?.[0];
  // Without far-end bores, a far mouth chamfer is a through bore's (its `diameterMm`).
  if (far.length === 0 && !mouth) return [];
  const end = -part.lengthMm;
  const holes: Polygon[] = far.map((bore) =>
    rect(end - 5, end + bore.depthMm, 0, bore.targetMm / 2),
  );
  if (mouth) {
    const r = (far[0]?.targetMm ?? mouth.diameterMm) / 2;
    const leg = radialLeg(mouth.sizeMm, mouth.angleDeg);
    holes.push([
      { x: end - 5, y: 0 },
      { x: end + mouth.sizeMm, y: 0 },
      { x: end + mouth.sizeMm, y: r },
      { x: end, y: r + leg },
      { x: end - 5, y: r + leg },
    ]);
  }
  return union(holes);
}

/**
 * What a boring bar must leave: the material around the bores from 60 mm beyond `throughZ` to
 * the free end, up to `outerRadiusMm`; through bores stay open beyond `throughZ` (the passes end
 * there), blind bores end at their bottom face.
 */
export function boreKeep(part: TurnedPart, throughZ: number, outerRadiusMm: number): Polygon[] {
  const solid = rect(throughZ - 60, 0, 0, outerRadiusMm + 20);
  // Through bores run on through the cut-off zone: no wall at `throughZ`.
  return difference([solid], boreRegion(part, throughZ - 70));
}

/**
 * The part as drawn, from Z0 to −length: every outer diameter at its target (grooves and thread
 * blanks included), the chamfers on edges that step up from the free end and at the parted-off
 * end, and the bores.
 */
export function finishedPart(part: TurnedPart): Polygon[] {
  const sections = part.outer.map((section) =>
    rect(-section.startMm, -section.endMm, 0, section.targetMm / 2),
  );
  const cuts: Polygon[] = [];
  for (const chamfer of part.chamfers) {
    if (chamfer.inner) continue;
    const r = chamfer.diameterMm / 2;
    const leg = radialLeg(chamfer.sizeMm, chamfer.angleDeg);
    const z = -chamfer.atMm;
    cuts.push([
      { x: z, y: r - leg },
      { x: z + 5, y: r - leg },
      { x: z + 5, y: r + 5 },
      { x: z - chamfer.sizeMm, y: r + 5 },
      { x: z - chamfer.sizeMm, y: r },
    ]);
  }
  // The chamfer at the parted-off end: the parting blade's, or the second setup's.
  const end = part.partOffChamfer ?? part.farOuterChamfer;
  if (end) {
    const r = end.diameterMm / 2;
    const z = -end.atMm;
    cuts.push([
      {
        x: z - 5,
        y: r - radialLeg(end.sizeMm, end.angleDeg) - 5 * Math.tan((end.angleDeg * Math.PI) / 180),
      },
      { x: z + end.sizeMm, y: r },
      { x: z + end.sizeMm, y: r + 5 },
      { x: z - 5, y: r + 5 },
    ]);
  }
  const solid = difference(union(sections), cuts);
  const bored = difference(solid, boreRegion(part, -part.lengthMm - 5));
  return (part.farInner ?? []).length > 0 || (part.farChamfers ?? []).length > 0
    ? difference(bored, farBoreRegion(part))
    : bored;
}

/**
 * The part with its inside corners filled to a radius (the finishing tool's nose radius): what
 * a turned part can be at best with that tool. A morphological closing (grow, then shrink).
 */
export function withCornerRadius(region: Polygon[], radiusMm: number): Polygon[] {
  if (radiusMm <= 0) return region;
  return offsetPolygons(offsetPolygons(region, radiusMm, 0.002), -radiusMm, 0.002);
}
