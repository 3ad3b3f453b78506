/**
 * Holding a slender part's free end with the tailstock (docs/decisions/078-tailstock.md): the
 * centre hole the centre seats in, the live centre as a solid the tools must keep clear of, and
 * the rule for when the plan may use it. Shared by the plan (plan.ts) and the verifier
 * (cam/verify/lathe/tailstock.ts), as slenderness.ts is.
 *
 * The centre hole is ISO 6411 form A (DIN 332-1 form A): a pilot of the centre drill's diameter d
 * and a 60° countersink to D1 = 2.12 · d at the face (A2.5/5.3, A2/4.25, A1.6/3.35: D1 / d is
 * 2.12 for every size of the standard's series), drilled with the selected DIN 333 form A centre
 * drill (cutters.ts). It stays in the finished part, so it is made only where the part may keep
 * one: the drawing calls for centre holes, or the operator permits them (the description's
 * `features.centreHoles`).
 *
 * The live centre is modelled as a 60° point on the axis, seated in the countersink (its vertex
 * where the countersink's cone meets the axis), widening to a body of Ø{@link centreBodyMm} and
 * running on as the quill: a tool whose shape comes within {@link centreClearanceMm} of it while
 * the tailstock is up meets it. Units: mm; coordinates as in program.ts (Z0 the free-end face,
 * negative toward the chuck; half-sections are x = Z, y = radius).
 */
import { convexHull, intersection, offsetPolygons, totalArea } from '../geometry/polygon.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';
import { sweptRegion } from './stock-model.ts';
import type { TurnedPart } from './part.ts';
import { latheCutterOf, outlineRadiusAt } from './cutters.ts';
import type { LatheTool } from './tooling.ts';

/** ISO 6411 form A: the countersink's diameter at the face over the pilot's. */
export const seatOverPilot = 2.12;

/**
 * The live centre the program is written for, mm: an extended-point live centre (the kind CNC
 * lathes use for the tools' clearance near the face): a 60° point to a nose of Ø16, the nose 20
 * mm long, then the bearing housing of Ø60 (common MT3/MT4 proportions; the catalog gives no
 * tailstock data). The operator is told to use one (tailstockUpInstructions).
 */
export const centrePointMm = 16;
export const centreNoseLengthMm = 20;
export const centreHousingMm = 60;

/** The least gap between a tool and the live centre, mm. */
export const centreClearanceMm = 0.5;

/** The largest seat diameter as a share of the flat free-end face it is drilled in. */
const seatShareOfFace = 0.5;

const tan30 = Math.tan((30 * Math.PI) / 180);

/** The centre hole at the free end and how the program makes it. */
export interface CentreSupport {
  /** The centre drill that sinks it (its tool number). */
  toolNumber: number;
  /** The centre drill's pilot diameter d, mm. */
  pilotMm: number;
  /** The countersink's diameter D1 at the face, mm. */
  seatDiameterMm: number;
  /** How deep the centre drill's point goes below the face, mm. */
  depthMm: number;
  /**
   * The diameter at the face that the stock model's sweep of the centre drill (its convex hull,
   * which bridges the step from pilot to countersink) cuts at that depth, mm: wider than D1, and
   * what must lie inside a bore the centre hole is drilled where.
   */
  sweptFaceMm: number;
  /** 'ISO 6411-A2.5/5.3'. */
  label: string;
  /**
   * The free end's bores take the centre hole away: they are drilled after the tailstock is
   * retracted, and the finished part keeps no centre hole.
   */
  inBore?: true;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The middle of a centre hole's 60° countersink: how deep below the face (mm, positive) and its
 * radius there (mm), where the live centre bears.
 */
export function seatMiddle(support: CentreSupport): { depthMm: number; radiusMm: number } {
  const coneDepth = (support.seatDiameterMm - support.pilotMm) / 2 / tan30;
  return {
    depthMm: coneDepth / 2,
    radiusMm: support.seatDiameterMm / 2 - (coneDepth / 2) * tan30,
  };
}

/** The flat of the free-end face: the first diameter less its free-end chamfer, mm. */
function faceFlatMm(part: TurnedPart): number {
  const first = part.outer[0];
  if (!first) return 0;
  const chamfer = part.chamfers.find((entry) => !entry.inner && entry.atMm < 0.06);
  const leg = chamfer ? chamfer.sizeMm * Math.tan((chamfer.angleDeg * Math.PI) / 180) : 0;
  return first.targetMm - 2 * leg;
}

/** The centre hole a centre drill sinks to its seat, or undefined when it cannot. */
function centreHoleOf(drill: LatheTool): CentreSupport | undefined {
  const cutter = latheCutterOf(drill);
  if (!cutter || drill.diameterMm === undefined) return undefined;
  const pilot = drill.diameterMm;
  const seat = round2(seatOverPilot * pilot);
  // The drill's own profile (pilot, then countersink), not the convex hull the stock model
  // sweeps (which reaches the seat's diameter sooner): the seat is sunk to D1 for real.
  const profile = cutter.shape;
  const length = Math.max(...profile.map((point) => point.x));
  if (outlineRadiusAt(profile, length) < seat / 2) return undefined;
  let low = 0;
  let high = length;
  for (let step = 0; step < 50; step += 1) {
    const middle = (low + high) / 2;
    if (outlineRadiusAt(profile, middle) < seat / 2) low = middle;
    else high = middle;
  }
  return {
    toolNumber: drill.number,
    pilotMm: pilot,
    seatDiameterMm: seat,
    depthMm: round2(high),
    sweptFaceMm: Math.ceil(200 * outlineRadiusAt(convexHull(profile), round2(high))) / 100,
    label: `ISO 6411-A${pilot}/${seat}`,
  };
}

/**
 * The centre hole the tailstock may hold the part by, or why it may not: the largest a selected
 * centre drill sinks (D1 = 2.12 · d) that either lies inside the free end's bores, as the stock
 * model sweeps it (`sweptFaceMm`) with 0.1 mm a side to spare (drilled after the tailstock is
 * retracted, so the part keeps none: `inBore`), or, where the part may keep a centre hole
 * (`part.centreHoles`), is at most half the free-end face's flat.
 * @returns the support, or a sentence naming what is missing (undefined when the part has no
 *   bore at its free end and does not permit centre holes: nothing to say)
 */
export function centreSupportFor(
  part: TurnedPart,
  tools: LatheTool[],
): { support: CentreSupport } | { missing: string } | undefined {
  const bored = part.inner.length > 0;
  if (!bored && part.centreHoles !== 'permitted') return undefined;
  const holes = tools
    .filter((tool) => tool.kind === 'centreDrill')
    .flatMap((tool) => centreHoleOf(tool) ?? [])
    .sort((a, b) => b.seatDiameterMm - a.seatDiameterMm);
  if (holes.length === 0)
    return {
      missing: "select a centre drill (for example 'Centre drill A2.5') for its centre hole",
    };
  const smallest = holes.at(-1)!;
  if (bored) {
    const narrowest = Math.min(...part.inner.map((bore) => bore.targetMm));
    const deepest = Math.max(...part.inner.map((bore) => bore.depthMm));
    const fits = holes.find(
      (hole) => hole.sweptFaceMm + 0.2 <= narrowest && hole.depthMm + 0.2 <= deepest,
    );
    if (fits) return { support: { ...fits, inBore: true } };
    return {
      missing: `the centre hole ${smallest.label} of T${smallest.toolNumber} would not lie inside the free end's bore (Ø${round2(narrowest)}, ${round2(deepest)} deep), which the centre would have to seat in`,
    };
  }
  const flat = faceFlatMm(part);
  const fits = holes.find((hole) => hole.seatDiameterMm <= seatShareOfFace * flat + 1e-9);
  if (fits) return { support: fits };
  return {
    missing: `the centre hole ${smallest.label} of T${smallest.toolNumber} is too large for the Ø${round2(flat)} free-end face; select a smaller centre drill`,
  };
}

/**
 * The live centre seated in the centre hole, as a half-section (x = Z, y = radius), grown by
 * {@link centreClearanceMm}: its 60° point from where the countersink's cone meets the axis to
 * Ø{@link centrePointMm}, its nose, and its housing running on as the quill (300 mm).
 */
export function liveCentre(support: CentreSupport): Polygon[] {
  const vertexZ = -support.seatDiameterMm / 2 / tan30;
  const pointR = centrePointMm / 2;
  const pointZ = vertexZ + pointR / tan30;
  const housingZ = pointZ + centreNoseLengthMm;
  const point: Polygon = [
    { x: vertexZ, y: 0 },
    { x: 300, y: 0 },
    { x: 300, y: pointR },
    { x: pointZ, y: pointR },
  ];
  const housing: Polygon = [
    { x: housingZ, y: 0 },
    { x: 300, y: 0 },
    { x: 300, y: centreHousingMm / 2 },
    { x: housingZ, y: centreHousingMm / 2 },
  ];
  return offsetPolygons([point, housing], centreClearanceMm, 0.01);
}

/**
 * The centre hole as a half-section region that may be cut or not (for the verifier's `either`):
 * what the centre drill's shape sweeps from the face to its depth, within the part.
 */
export function centreHoleRegion(support: CentreSupport, drill: LatheTool): Polygon[] {
  const cutter = latheCutterOf(drill);
  if (!cutter) return [];
  const swept = sweptRegion(
    convexHull(cutter.shape),
    { x: 1, y: 0 },
    { x: -support.depthMm, y: 0 },
  );
  const window: Polygon = [
    { x: -support.depthMm - 1, y: 0 },
    { x: 0, y: 0 },
    { x: 0, y: support.seatDiameterMm },
    { x: -support.depthMm - 1, y: support.seatDiameterMm },
  ];
  return offsetPolygons(intersection([swept], [window]), 0.01, 0.002);
}

/**
 * Whether a tool's shape (its cutting part or holder, relative to its control point) moving
 * from `from` to `to` (x = Z, y = radius) meets the live centre.
 */
export function meetsCentre(centre: Polygon[], shape: Polygon, from: Point2, to: Point2): boolean {
  return totalArea(intersection([sweptRegion(shape, from, to)], centre)) > 1e-4;
}

/** What the operator does at the stop before the tailstock holds the part, one sentence a line. */
export function tailstockUpInstructions(support: CentreSupport): string[] {
  return [
    `Bring the tailstock up: a live centre with an extended point (nose Ø${centrePointMm} or less for ${centreNoseLengthMm} mm) into the centre hole ${support.label} at the free end, and lock the quill.`,
    'Then press cycle start: the outside is turned with the part held between chuck and centre.',
  ];
}

/** What the operator does at the stop before the tailstock lets go, one sentence a line. */
export const tailstockBackInstructions: string[] = [
  'Retract the tailstock clear of the part, then press cycle start.',
];
