/**
 * The real cutting shape of every lathe tool, in the half-section plane, for the stock model
 * (cam/lathe/stock-model.ts), the planner's reach (cam/lathe/section.ts) and the verifier.
 *
 * Plane: points are (x = Z, y = radius), mm, Z negative toward the chuck. A cutter's `shape` is
 * the cutting part (it removes what it sweeps), given relative to the point the program moves
 * (the control point): for turning and boring tools the imaginary tip (the corner of the square
 * around the nose radius that the tool offset is touched off at: tip directions 3 and 2 of
 * ISO 6983/Fanuc), for blades their free-end corner, for drills their point on the axis.
 * `holder` is the part behind the cutting edge that must never touch the stock.
 *
 * Insert geometry follows ISO 1832: shape letter → nose angle ε (C 80°, D 55°, V 35°, W 80°,
 * T 60°, S 90°, R round, K 55°), size digits → cutting edge length l (metric "CNMG 120408":
 * 12 mm, nose radius 08 = 0.8 mm; ANSI "CNMG 432": inscribed circle 4/8 in, nose radius 2/64 in).
 * Each shape sits in the standard holder for external turning and boring toward the chuck,
 * with its entering angle κr (ISO 5608 holder styles: C in L-style 95°, D and V in J-style 93°,
 * W in L-style 95°, T in J-style 93°, S and K in K-style 75°).
 *
 * Ratings (start values, docs/decisions/019-verified-means-complete.md):
 * - largest roughing depth of cut: a share of the cutting edge length by shape, as insert makers'
 *   selection guides give it (Sandvik Coromant, "Turning: choose the insert size"): 80° rhombic,
 *   80° trigon and square 2/3 · l; 55° rhombic and triangular 1/2 · l; 35° rhombic 1/4 · l;
 *   round 0.4 · d;
 * - largest feed: the nose radius must be at least 1.6 × the feed for C, S, W and R inserts and
 *   2.5 × the feed for D, T, V and K inserts (the nose-radius rule of insert makers' turning
 *   guides), so fmax = rε / 1.6 or rε / 2.5;
 * - grooving and parting blades: lateral depth of cut at most 0.8 × the width, lateral feed at
 *   most 0.075 × the width, and a cutting depth (reach) of at most 8 × the width in steel, unless
 *   the tool row states its depth (Ingersoll, General Technical Information, Parting and
 *   grooving, 2011);
 * - twist drills: flute length by diameter per DIN 338 (jobber length) unless the row states it.
 */
import { maxDrillFeedPerRevMm } from '../drilling-data.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';
import type { LatheTool } from './tooling.ts';

/** ISO 1832 insert geometry read from a tool row. */
export interface InsertGeometry {
  /** Shape letter: C, D, V, W, T, S, R, K… */
  letter: string;
  /** Included angle at the nose, degrees (round inserts: 180). */
  noseAngleDeg: number;
  /** Cutting edge length, mm (round inserts: the diameter). */
  edgeLengthMm: number;
  noseRadiusMm: number;
  /** Entering angle κr of the standard holder, degrees. */
  enteringAngleDeg: number;
}

/**
 * A grooving or parting blade's largest plunge feed as a share of its width, mm/rev per mm: the
 * top of the makers' feed ranges for blades of 2 to 4 mm (Sandvik Coromant CoroCut 1-2 and QD
 * cutting data, up to 0.25-0.3 mm/rev at 3 mm wide).
 */
export const plungeFeedShare = 0.1;

/** What a lathe tool is rated for (undefined: not rated, not checked). */
export interface CutterRating {
  /** Largest depth of cut (turning, boring), or lateral depth (blades), mm. */
  maxDepthOfCutMm?: number;
  /** Largest feed, mm/rev (blades: sideways). */
  maxFeedPerRevMm?: number;
  /** Blades: largest feed plunging (radially), mm/rev. */
  maxPlungeFeedMm?: number;
  /** Blades: deepest cut below the surface the blade can reach; drills: flute length, mm. */
  reachMm?: number;
  /** Where the ratings come from, for messages. */
  source: string;
}

/** A lathe tool as the stock model sweeps it. */
export interface LatheCutter {
  number: number;
  kind: LatheTool['kind'];
  label: string;
  /** The cutting part, convex, relative to the control point (x = Z, y = radius). */
  shape: Polygon;
  /** The holder or shank near the cut, convex, relative to the control point; never cuts. */
  holder?: Polygon;
  insert?: InsertGeometry;
  /** Blades: width, mm. Drills: diameter, mm. */
  widthMm?: number;
  diameterMm?: number;
  /** Entering angle used for chip thickness (h = f · sin κr), degrees. */
  enteringAngleDeg: number;
  rating: CutterRating;
}

const noseAngles: Record<string, number> = {
  A: 85,
  B: 82,
  C: 80,
  D: 55,
  E: 75,
  K: 55,
  L: 90,
  M: 86,
  S: 90,
  T: 60,
  V: 35,
  W: 80,
};

/** Entering angle of the standard holder of each shape (ISO 5608 styles L, J, K). */
const enteringAngles: Record<string, number> = {
  C: 95,
  D: 93,
  V: 93,
  W: 95,
  T: 93,
  S: 75,
  K: 75,
};

/** Largest roughing depth of cut as a share of the edge length, by shape. */
const depthShare: Record<string, number> = {
  C: 2 / 3,
  S: 2 / 3,
  W: 2 / 3,
  L: 2 / 3,
  M: 2 / 3,
  A: 2 / 3,
  B: 2 / 3,
  D: 1 / 2,
  T: 1 / 2,
  K: 1 / 2,
  E: 1 / 2,
  V: 1 / 4,
};

/** Nose radius over feed, by shape: fmax = rε / factor. */
const feedFactor = (letter: string) => (/[DTVK]/.test(letter) ? 2.5 : 1.6);

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The ISO 1832 geometry in a tool row's text ("CNMG 120408", "DCMT 11T304", "VNMG 160404",
 * "CNMG 432", "RCMT 1204M0").
 * @returns undefined when the text holds no insert designation
 */
export function insertGeometryFrom(
  text: string,
  fallbackNoseRadiusMm?: number,
): InsertGeometry | undefined {
  const metric = /\b([A-HK-MO-PR-TVW])[A-Z]{2,3}\s*-?\s*(\d{2})\s*([T\d]\d)\s*(\d{2}|M0|00)/i.exec(
    text,
  );
  if (metric) {
    const letter = metric[1]!.toUpperCase();
    const size = Number(metric[2]);
    const radiusCode = metric[4]!.toUpperCase();
    const noseRadiusMm =
      radiusCode === 'M0' || radiusCode === '00' ? 0 : Number(radiusCode) / 10 || 0;
    return geometry(letter, size, noseRadiusMm || fallbackNoseRadiusMm || 0.4);
  }
  const ansi = /\b([A-HK-MO-PR-TVW])[A-Z]{2,3}\s*-?\s*(\d)(\d|\.\d)(\d)\b/i.exec(text);
  if (ansi) {
    const letter = ansi[1]!.toUpperCase();
    const inscribedMm = (Number(ansi[2]) / 8) * 25.4;
    const noseRadiusMm = (Number(ansi[4]) / 64) * 25.4;
    const angle = noseAngles[letter];
    // The inscribed circle of a rhombus of side l and angle ε is l · sin ε.
    const edge =
      letter === 'R'
        ? inscribedMm
        : letter === 'T' || letter === 'W'
          ? inscribedMm * Math.sqrt(3)
          : inscribedMm / Math.sin(((angle ?? 80) * Math.PI) / 180);
    return geometry(letter, edge, round3(noseRadiusMm || fallbackNoseRadiusMm || 0.4));
  }
  return undefined;
}

function geometry(letter: string, edgeLengthMm: number, noseRadiusMm: number): InsertGeometry {
  return {
    letter,
    noseAngleDeg: letter === 'R' ? 180 : (noseAngles[letter] ?? 80),
    edgeLengthMm: round3(edgeLengthMm),
    noseRadiusMm,
    enteringAngleDeg: letter === 'R' ? 90 : (enteringAngles[letter] ?? 93),
  };
}

/** Unit vector at `deg` degrees counter-clockwise from +Z in the (Z, r) plane. */
const direction = (deg: number): Point2 => ({
  x: Math.cos((deg * Math.PI) / 180),
  y: Math.sin((deg * Math.PI) / 180),
});
const add = (a: Point2, b: Point2, scale = 1): Point2 => ({
  x: a.x + b.x * scale,
  y: a.y + b.y * scale,
});

/**
 * Points along an arc, counter-clockwise from `fromDeg` to `toDeg` (degrees from +Z), within
 * 0.002 mm of the true arc.
 */
function arc(center: Point2, radius: number, fromDeg: number, toDeg: number): Point2[] {
  let sweep = toDeg - fromDeg;
  while (sweep < 0) sweep += 360;
  const maxStep = radius <= 0.002 ? 90 : ((2 * Math.acos(1 - 0.002 / radius)) / Math.PI) * 180;
  const step = Math.min(maxStep, 10);
  // Every multiple of 90° inside the arc is a vertex: the nose's lowest and frontmost points are
  // where the tool touches a diameter and a face, and must be exact.
  const angles = [fromDeg];
  for (
    let quarter = Math.ceil(fromDeg / 90 + 1e-9) * 90;
    quarter < fromDeg + sweep - 1e-9;
    quarter += 90
  )
    angles.push(quarter);
  angles.push(fromDeg + sweep);
  const points: Point2[] = [];
  angles.forEach((angle, index) => {
    if (index === 0) {
      points.push(add(center, direction(angle), radius));
      return;
    }
    const start = angles[index - 1]!;
    const steps = Math.max(1, Math.ceil((angle - start) / step - 1e-9));
    for (let k = 1; k <= steps; k += 1)
      points.push(add(center, direction(start + ((angle - start) * k) / steps), radius));
  });
  return points;
}

/**
 * The outline of an external insert in its holder, relative to the imaginary tip (tip direction
 * 3: the nose centre is at (+rε, +rε)); the tool cuts toward −Z with its main edge rising at the
 * entering angle and its trailing edge toward +Z.
 */
export function externalInsertOutline(insert: InsertGeometry): Polygon {
  const r = insert.noseRadiusMm;
  const center = { x: r, y: r };
  if (insert.letter === 'R') {
    return arc(center, insert.edgeLengthMm / 2, 0, 359.999).map((point) => ({
      x: point.x + insert.edgeLengthMm / 2 - r,
      y: point.y + insert.edgeLengthMm / 2 - r,
    }));
  }
  const kappa = insert.enteringAngleDeg;
  const epsilon = insert.noseAngleDeg;
  // Directions away from the nose: the main edge at 180° − κr from +Z, the trailing edge at
  // 180° − κr − ε.
  const mainDeg = 180 - kappa;
  const trailDeg = 180 - kappa - epsilon;
  const main = direction(mainDeg);
  const trail = direction(trailDeg);
  // The sharp corner: on the bisector, rε / sin(ε/2) from the nose centre.
  const bisector = direction((mainDeg + trailDeg) / 2);
  const corner = add(center, bisector, -r / Math.sin((epsilon * Math.PI) / 360));
  const l = insert.edgeLengthMm;
  // Tangent points of the nose arc: the arc runs from the trailing edge's normal, clockwise
  // round the nose, to the main edge's normal (outward normals point away from the insert).
  const trailNormal = trailDeg - 90;
  const mainNormal = mainDeg + 90;
  const nose = arc(center, r, mainNormal, trailNormal + 360);
  const far = insert.letter === 'T' ? [] : [add(add(corner, main, l), trail, l)];
  return [...nose, add(corner, trail, l), ...far, add(corner, main, l)];
}

/** The same outline for a boring bar (tip direction 2): mirrored across the tip's radius. */
const mirrored = (polygon: Polygon): Polygon =>
  polygon.map((point) => ({ x: point.x, y: -point.y })).reverse();

/**
 * The holder head of an external tool: above the insert from 60 % of its height, flush with the
 * main edge there, 25 mm wide toward +Z and 40 mm high. Convex.
 */
function externalHolder(insert: InsertGeometry, outline: Polygon): Polygon {
  const top = Math.max(...outline.map((point) => point.y));
  const bottom = Math.min(...outline.map((point) => point.y));
  const height = bottom + 0.6 * (top - bottom);
  // The main edge's Z at that height: it leaves the nose at its tangent point and rises at κr.
  const mainDeg = 180 - insert.enteringAngleDeg;
  const r = insert.noseRadiusMm;
  const tangent = add({ x: r, y: r }, direction(mainDeg + 90), r);
  const main = direction(mainDeg);
  const edgeZ = tangent.x + ((height - tangent.y) * main.x) / main.y;
  const front = Math.max(edgeZ, Math.min(...outline.map((point) => point.x)));
  return [
    { x: front, y: height },
    { x: front + 25, y: height },
    { x: front + 25, y: height + 40 },
    { x: front, y: height + 40 },
  ];
}

/** Flute length of a jobber twist drill (DIN 338) by diameter, mm. */
export function jobberFluteLengthMm(diameterMm: number): number {
  const table: [number, number][] = [
    [1, 12],
    [2, 24],
    [3, 33],
    [4, 43],
    [5, 52],
    [6, 57],
    [8, 75],
    [10, 87],
    [12, 101],
    [14, 108],
    [16, 120],
    [20, 140],
  ];
  for (const [upTo, flute] of table) if (diameterMm <= upTo + 1e-9) return flute;
  return 140 + (diameterMm - 20) * 4;
}

const numberPattern = '(\\d+(?:[.,]\\d+)?)';
/** A length the tool row states next to `words`: "depth 19 mm", "flute length: 60mm", "19 mm max depth". */
const statedMm = (text: string, words: string): number | undefined => {
  const match =
    new RegExp(`(?:${words})\\s*[=:]?\\s*${numberPattern}\\s*mm`, 'i').exec(text) ??
    new RegExp(`${numberPattern}\\s*mm\\s*(?:max(?:imum)?\\.?\\s*)?(?:${words})\\b`, 'i').exec(
      text,
    );
  return match ? Number(match[1]!.replace(',', '.')) : undefined;
};

/**
 * The cutter of a lathe tool, with its shape, holder and ratings.
 * @returns undefined for tools that are not modelled (chamfer tools, 'other')
 */
export function latheCutterOf(tool: LatheTool): LatheCutter | undefined {
  const text = `${tool.row.toolName} ${tool.row.toolDescription} ${tool.row.toolHint}`;
  const base = { number: tool.number, kind: tool.kind, label: tool.label };
  switch (tool.kind) {
    case 'turning':
    case 'boring': {
      const insert = insertGeometryFrom(text, tool.noseRadiusMm) ?? {
        // No designation: an 80° rhombic insert of 12 mm in a 95° holder, with the row's nose radius.
        ...geometry('C', 12, tool.noseRadiusMm ?? 0.4),
      };
      const outline = externalInsertOutline(insert);
      const holder = externalHolder(insert, outline);
      const rating: CutterRating = {
        maxDepthOfCutMm: round3(
          insert.letter === 'R'
            ? 0.4 * insert.edgeLengthMm
            : (depthShare[insert.letter] ?? 1 / 2) *
                insert.edgeLengthMm *
                Math.sin((insert.enteringAngleDeg * Math.PI) / 180),
        ),
        maxFeedPerRevMm: round3(insert.noseRadiusMm / feedFactor(insert.letter)),
        source: `ISO 1832 ${insert.letter} insert, ${insert.edgeLengthMm} mm edge, nose radius ${insert.noseRadiusMm} mm`,
      };
      if (tool.kind === 'turning')
        return {
          ...base,
          shape: outline,
          holder,
          insert,
          enteringAngleDeg: insert.enteringAngleDeg,
          rating,
        };
      // A boring bar: the insert mirrored below the tip, the bar's shank behind it toward +Z,
      // inside the smallest bore it enters.
      const shape = mirrored(outline);
      const depth = Math.max(...outline.map((point) => point.y));
      const minBore = tool.minBoreMm;
      const length = Math.max(...outline.map((point) => point.x));
      return {
        ...base,
        shape,
        ...(minBore
          ? {
              holder: [
                { x: length + 0.5, y: -0.6 * depth },
                { x: length + 0.5, y: -minBore + 0.5 },
                { x: length + 300, y: -minBore + 0.5 },
                { x: length + 300, y: -0.6 * depth },
              ],
            }
          : {}),
        insert,
        enteringAngleDeg: insert.enteringAngleDeg,
        rating,
      };
    }
    case 'grooving':
    case 'parting': {
      const width = tool.widthMm ?? 3;
      const reach = statedMm(text, 'depth|reach|max\\.? depth|ar') ?? 8 * width;
      return {
        ...base,
        shape: [
          { x: -width, y: 0 },
          { x: 0, y: 0 },
          { x: 0, y: reach },
          { x: -width, y: reach },
        ],
        holder: [
          { x: -width - 3, y: reach },
          { x: 3, y: reach },
          { x: 3, y: reach + 30 },
          { x: -width - 3, y: reach + 30 },
        ],
        widthMm: width,
        enteringAngleDeg: 90,
        rating: {
          maxDepthOfCutMm: round3(0.8 * width),
          maxFeedPerRevMm: round3(0.075 * width),
          maxPlungeFeedMm: round3(plungeFeedShare * width),
          reachMm: reach,
          source: `blade ${width} mm wide: lateral ap ≤ 0.8 × width, lateral feed ≤ 0.075 × width, plunge feed ≤ ${plungeFeedShare} × width, reach ${reach} mm${statedMm(text, 'depth|reach|max\\.? depth|ar') ? '' : ' (8 × width)'}`,
        },
      };
    }
    case 'drill':
    case 'centreDrill': {
      const diameter = tool.diameterMm ?? 2.5;
      if (tool.kind === 'centreDrill') {
        // DIN 333 form A: the pilot with a 118° point, then a 60° countersink to the body.
        const body = Math.max(diameter * 2.5, diameter + 2);
        const pilotLength = 1.2 * diameter;
        const cone = 0.3 * diameter;
        const sink = (body / 2 - diameter / 2) / Math.tan((30 * Math.PI) / 180);
        return {
          ...base,
          shape: [
            { x: 0, y: 0 },
            { x: cone, y: diameter / 2 },
            { x: pilotLength, y: diameter / 2 },
            { x: pilotLength + sink, y: body / 2 },
            { x: pilotLength + sink + 20, y: body / 2 },
            { x: pilotLength + sink + 20, y: 0 },
          ],
          diameterMm: diameter,
          enteringAngleDeg: 59,
          rating: {
            maxFeedPerRevMm: maxDrillFeedPerRevMm(diameter, true),
            source: `centre drill, pilot Ø${diameter}, feed ≤ ${maxDrillFeedPerRevMm(diameter, true)} mm/rev`,
          },
        };
      }
      const flute = statedMm(text, 'flute length|flute') ?? jobberFluteLengthMm(diameter);
      const cone = (diameter / 2) * Math.tan((31 * Math.PI) / 180);
      return {
        ...base,
        shape: [
          { x: 0, y: 0 },
          { x: round3(cone), y: diameter / 2 },
          { x: flute + 40, y: diameter / 2 },
          { x: flute + 40, y: 0 },
        ],
        diameterMm: diameter,
        enteringAngleDeg: 59,
        rating: {
          reachMm: flute,
          maxFeedPerRevMm: maxDrillFeedPerRevMm(diameter),
          source: `twist drill Ø${diameter}, flute length ${flute} mm${statedMm(text, 'flute length|flute') ? '' : ' (DIN 338)'}, feed ≤ ${maxDrillFeedPerRevMm(diameter)} mm/rev`,
        },
      };
    }
    case 'threading':
      // A 60° profile; threads are checked by their passes, the helix is not simulated.
      return {
        ...base,
        shape: [
          { x: 0, y: 0 },
          { x: 1, y: Math.sqrt(3) },
          { x: -1, y: Math.sqrt(3) },
        ],
        enteringAngleDeg: 60,
        rating: { source: 'threading insert' },
      };
    default:
      return undefined;
  }
}

/**
 * The radius of a tool's outline (x = along the axis, y = radius, mm) at `x` along it: the
 * highest of its edges there, 0 outside it. For a convex hull, its largest y there; for a centre
 * drill's own profile, the pilot's or the countersink's radius.
 */
export function outlineRadiusAt(outline: Polygon, x: number): number {
  let radius = 0;
  outline.forEach((a, index) => {
    const b = outline[(index + 1) % outline.length]!;
    const [low, high] = a.x <= b.x ? [a, b] : [b, a];
    if (x < low.x - 1e-12 || x > high.x + 1e-12) return;
    const y =
      high.x - low.x < 1e-12
        ? Math.max(a.y, b.y)
        : low.y + ((high.y - low.y) * (x - low.x)) / (high.x - low.x);
    radius = Math.max(radius, y);
  });
  return radius;
}
