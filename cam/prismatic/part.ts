/**
 * The prismatic part model: a plate or block machined from the top, seen in its top view (XY).
 *
 * Work coordinates (G54): X0 Y0 is the lower-left corner of the outline's bounding box, Z0 the
 * finished top face, Z negative into the part down to -thicknessMm. Every length is in mm.
 * Outlines and pockets are closed polygons (arcs as chords within 0.005 mm, cam/geometry).
 *
 * The builder `prismaticPartFromDescription` fills it from `description.prismatic` (written by
 * the DXF reader or an assistant) and the spec's prose fields.
 */
import { PrismaticPartError } from '../errors.ts';
import type { BlueprintDescription } from '#contracts/blueprint';
import {
  locateThreadCallout,
  parseDiameterCallout,
  parseThreadCallout,
  startsWithDiameterSign,
} from '../callouts.ts';
import {
  boundsOf,
  clockwise,
  counterClockwise,
  pointInPolygon,
  signedArea,
  type Point2,
  type Polygon,
} from '../geometry/polygon.ts';
import { fitLimits } from '../iso286.ts';

export type HoleKind = 'through' | 'blind' | 'counterbored' | 'tapped';

export interface ThreadSpec {
  /** As written: 'M8x1.25', '1/4"-20 UNC'. */
  callout: string;
  /** Nominal (major) diameter, mm. */
  nominalMm: number;
  pitchMm: number;
  /** Tap drill diameter, mm (ISO 261 / ASME B1.1 coarse series: nominal − pitch for metric). */
  tapDrillMm: number;
}

export interface Hole {
  /** As written or generated: 'Ø13 through', 'M8 x 12 deep'. */
  label: string;
  center: Point2;
  /** Finished diameter (tapped holes: the tap drill). */
  diameterMm: number;
  /** Depth of the full diameter from Z0 (through holes: the thickness). */
  depthMm: number;
  through: boolean;
  kind: HoleKind;
  thread?: ThreadSpec;
  /** Thread depth for tapped holes, mm. */
  threadDepthMm?: number;
  counterbore?: { diameterMm: number; depthMm: number };
  /** Size tolerance on the diameter, mm (ISO 286 H7 and such are turned into this). */
  tolerance?: { upperMm: number; lowerMm: number };
}

export interface Pocket {
  label: string;
  /** Counter-clockwise boundary. */
  outline: Polygon;
  depthMm: number;
  /** A through pocket is a cut-out: it goes through the thickness. */
  through: boolean;
  /** Islands left standing inside the pocket (clockwise). */
  islands: Polygon[];
}

export interface Slot {
  label: string;
  /** Centre line from and to, mm. */
  from: Point2;
  to: Point2;
  widthMm: number;
  depthMm: number;
  through: boolean;
}

export interface PrismaticPart {
  /** Counter-clockwise outer boundary, in work coordinates (lower-left of its box at 0,0). */
  outline: Polygon;
  thicknessMm: number;
  /** Where the thickness came from: 'drawing', 'description' or 'stock'. */
  thicknessSource: 'drawing' | 'description' | 'stock';
  holes: Hole[];
  pockets: Pocket[];
  slots: Slot[];
  /** General tolerance on sizes without their own, mm (from ISO 2768 or the drawing; 0.1 default). */
  generalToleranceMm: number;
  /**
   * The tightest tolerance written on the outline's width or height, the thickness or a feature
   * of the top view, mm: the smaller of its two deviations from the nominal size the program
   * cuts. Absent when none is written or the general tolerance is tighter. See
   * {@link heldToleranceMm}.
   */
  sizeToleranceMm?: number;
  /** Finest roughness asked for, Ra µm. */
  raUm?: number;
  /** What the drawing asks for that this part model does not hold (for 'not programmed'). */
  notModelled: string[];
}

/* ------------------------------------------------------------------------------------------- */
/* The builder                                                                                   */
/* ------------------------------------------------------------------------------------------- */

/** Material faced off the top of the stock when the part's thickness comes from the stock, mm. */
export const facingAllowanceMm = 1;

/** General tolerance when the drawing gives none, mm. */
export const defaultGeneralToleranceMm = 0.1;

/**
 * ISO 2768-1:1989, Table 1: permissible deviations (±mm) for linear dimensions without their own
 * tolerance, by tolerance class, for nominal sizes over 0.5 mm up to the given bounds.
 * `undefined`: the class gives no value for that range (class v below 3 mm).
 */
const iso2768RangeUpperMm = [3, 6, 30, 120, 400, 1000, 2000, 4000] as const;
const iso2768LinearMm: Record<'f' | 'm' | 'c' | 'v', readonly (number | undefined)[]> = {
  f: [0.05, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, undefined],
  m: [0.1, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2],
  c: [0.2, 0.3, 0.5, 0.8, 1.2, 2, 3, 4],
  v: [undefined, 0.5, 1, 1.5, 2.5, 4, 6, 8],
};

/**
 * The ISO 2768-1 general tolerance (±mm) of a linear size (Table 1).
 * @param toleranceClass - f (fine), m (medium), c (coarse) or v (very coarse)
 * @returns undefined for a size outside 0.5–4000 mm or a range the class leaves open
 */
export function iso2768LinearToleranceMm(
  toleranceClass: 'f' | 'm' | 'c' | 'v',
  sizeMm: number,
): number | undefined {
  if (!(sizeMm >= 0.5 && sizeMm <= 4000)) return undefined;
  const index = iso2768RangeUpperMm.findIndex((upper) => sizeMm <= upper);
  return iso2768LinearMm[toleranceClass][index];
}

/**
 * The general tolerance of a part from its note: 'ISO 2768-mK' gives the ISO 2768-1 value for the
 * part's largest size (the loosest that applies to it); '±0.05' gives 0.05.
 */
function generalToleranceOf(note: string | undefined, largestSizeMm: number): number | undefined {
  if (!note) return undefined;
  const iso = /2768(?:\s*-\s*1)?\s*[-–:]?\s*([fmcv])(?![a-z]{2})/i.exec(note);
  if (iso) {
    const toleranceClass = iso[1]!.toLowerCase() as 'f' | 'm' | 'c' | 'v';
    return iso2768LinearToleranceMm(toleranceClass, Math.max(0.5, largestSizeMm));
  }
  const plusMinus = /(?:±|\+\/-)\s*(\d*[.,]?\d+)/.exec(note);
  if (plusMinus) return Number(plusMinus[1]!.replace(',', '.'));
  return undefined;
}

/**
 * The ± tolerance a plate's program is verified to, mm: the general tolerance (0.1 mm when the
 * part has none), or the tightest tolerance written on the outline or the thickness when tighter.
 */
export function heldToleranceMm(part: PrismaticPart): number {
  const general = part.generalToleranceMm > 0 ? part.generalToleranceMm : defaultGeneralToleranceMm;
  return part.sizeToleranceMm !== undefined ? Math.min(general, part.sizeToleranceMm) : general;
}

const SIZE_NAMES = {
  width: 'outline width',
  height: 'outline height',
  thickness: 'thickness',
  feature: 'size',
};

/**
 * The tightest deviation allowed from the nominal size on the written sizes of the outline, the
 * thickness and the top view's features (`prismatic.sizes`), mm. A size whose nominal is a limit
 * of its tolerance ('8 +0.2/0') cannot be held by a program that cuts the nominal size, and a
 * size the top view does not hold (`other`: a step) is not made at all: both go to `notModelled`.
 */
function writtenSizeToleranceMm(
  sizes: NonNullable<NonNullable<BlueprintDescription['prismatic']>['sizes']>,
  notModelled: string[],
): number | undefined {
  let tightest: number | undefined;
  // Sizes the top view does not hold (a step, a depth): the part model has no feature for them.
  const unheld = sizes.filter((size) => size.measures === 'other').map((size) => size.dimension);
  if (unheld.length > 0) {
    notModelled.push(
      `The drawing writes ${unheld.join(', ')}, which the top view does not hold (a step, a depth or a size in another view): not programmed. Check the drawing, or give the feature with 'Change'.`,
    );
  }
  for (const size of sizes) {
    if (!size.tolerance || size.measures === 'other' || size.measures === 'position') continue;
    const allowed = Math.min(size.tolerance.upperMm, -size.tolerance.lowerMm);
    if (allowed <= 1e-9) {
      const middle = size.mm + (size.tolerance.upperMm + size.tolerance.lowerMm) / 2;
      notModelled.push(
        `The ${SIZE_NAMES[size.measures]} ${size.dimension}: the program cuts the nominal size, which is a limit of this tolerance; offset the cut to the middle of the tolerance (${fmt(middle)} mm) on the machine.`,
      );
      continue;
    }
    tightest = tightest === undefined ? allowed : Math.min(tightest, allowed);
  }
  return tightest;
}

/**
 * Tap drills of Unified threads, mm, keyed by designation without series ('1/4"-20'): the
 * customary drill for about 75 % thread depth (Machinery's Handbook, 'Tap drill sizes for
 * Unified threads'), which lies within the internal minor diameter limits of ASME B1.1 class 2B.
 */
const unifiedTapDrillMm: ReadonlyMap<string, number> = new Map([
  ['#2-56', 1.778], // #50
  ['#4-40', 2.261], // #43
  ['#4-48', 2.375], // #42
  ['#5-40', 2.54], // #38
  ['#6-32', 2.705], // #36
  ['#6-40', 2.87], // #33
  ['#8-32', 3.454], // #29
  ['#8-36', 3.569], // #29 / #28
  ['#10-24', 3.797], // #25
  ['#10-32', 4.039], // #21
  ['#12-24', 4.496], // #16
  ['1/4"-20', 5.105], // #7
  ['1/4"-28', 5.41], // #3
  ['5/16"-18', 6.528], // F
  ['5/16"-24', 6.909], // I
  ['3/8"-16', 7.938], // 5/16
  ['3/8"-24', 8.433], // Q
  ['7/16"-14', 9.347], // U
  ['7/16"-20', 9.922], // 25/64
  ['1/2"-13', 10.716], // 27/64
  ['1/2"-20', 11.509], // 29/64
  ['9/16"-12', 12.303], // 31/64
  ['9/16"-18', 13.097], // 33/64
  ['5/8"-11', 13.494], // 17/32
  ['5/8"-18', 14.684], // 37/64
  ['3/4"-10', 16.669], // 21/32
  ['3/4"-16', 17.462], // 11/16
  ['7/8"-9', 19.447], // 49/64
  ['7/8"-14', 20.638], // 13/16
  ['1"-8', 22.225], // 7/8
  ['1"-12', 23.416], // 59/64
]);

/**
 * Tap drills of ISO metric coarse threads, mm, by nominal size: ISO 2306:1972 / DIN 336
 * recommendations as tabulated in the handbooks (about nominal − pitch).
 */
const metricCoarseTapDrillMm: ReadonlyMap<number, number> = new Map([
  [1.6, 1.25],
  [2, 1.6],
  [2.5, 2.05],
  [3, 2.5],
  [3.5, 2.9],
  [4, 3.3],
  [5, 4.2],
  [6, 5],
  [8, 6.8],
  [10, 8.5],
  [12, 10.2],
  [14, 12],
  [16, 14],
  [18, 15.5],
  [20, 17.5],
  [22, 19.5],
  [24, 21],
  [27, 24],
  [30, 26.5],
  [33, 29.5],
  [36, 32],
  [39, 35],
  [42, 37.5],
  [45, 40.5],
  [48, 43],
]);

/**
 * The thread of a callout with its tap drill.
 *
 * Metric (ISO 261 coarse pitch unless written): the ISO 2306 / DIN 336 drill for coarse threads
 * (M8 → 6.8, M12 → 10.2); otherwise nominal − pitch rounded to the 0.1 mm drill series (0.05 mm
 * under 3 mm), halves up (M10x1.25 → 8.8, M8x1 → 7). Unified (ASME B1.1): the customary 75 %
 * drill of the table above, else major − 0.9743 × pitch (75 % of the basic thread height).
 * @returns undefined when the callout names no thread this reader knows
 */
export function threadSpecOf(callout: string): ThreadSpec | undefined {
  const thread = parseThreadCallout(callout);
  if (!thread) return undefined;
  const nominalMm = thread.majorDiameterMm;
  const pitchMm = thread.pitchMm;
  let tapDrillMm: number;
  if (thread.standard === 'ISO metric') {
    const coarse = metricCoarseTapDrillMm.get(nominalMm);
    const raw = nominalMm - pitchMm;
    const step = raw < 3 ? 0.05 : 0.1;
    tapDrillMm =
      coarse !== undefined && Math.abs(coarsePitch(nominalMm) - pitchMm) < 1e-9
        ? coarse
        : Math.round(Math.round(raw / step + 1e-6) * step * 1000) / 1000;
  } else {
    const key = thread.designation.split(' ')[0]!;
    tapDrillMm =
      unifiedTapDrillMm.get(key) ?? Math.round((nominalMm - 0.9743 * pitchMm) * 1000) / 1000;
  }
  return { callout: callout.trim(), nominalMm, pitchMm, tapDrillMm };
}

/** The ISO 261 coarse pitch of a nominal size (NaN when the table has none). */
const coarsePitch = (nominalMm: number) => parseThreadCallout(`M${nominalMm}`)?.pitchMm ?? NaN;

export interface PrismaticPartOptions {
  /** Height of the stock block, mm: the thickness is this minus the facing allowance when the
   * description gives none. */
  stockThicknessMm?: number;
}

const round4 = (value: number) => Math.round(value * 10000) / 10000;

/** Drops a closing vertex that repeats the first, and consecutive duplicates. */
function cleanPolygon(points: readonly Point2[]): Polygon {
  const out: Polygon = [];
  for (const { x, y } of points) {
    const last = out[out.length - 1];
    if (last && Math.abs(last.x - x) < 1e-9 && Math.abs(last.y - y) < 1e-9) continue;
    out.push({ x, y });
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && Math.hypot(first.x - last.x, first.y - last.y) < 1e-9)
    out.pop();
  return out;
}

const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * The prismatic part of a description: `description.prismatic` moved to work coordinates (the
 * lower-left corner of the outline's bounding box at X0 Y0), with its holes classified (tapped,
 * counterbored, blind, through), hole fits turned into tolerances (ISO 286), through pockets as
 * cut-outs, pockets labelled 'island' inside another pocket as its islands, and the thickness,
 * general tolerance and roughness read.
 *
 * Thickness: `prismatic.thicknessMm` ('drawing' when the description came from a DXF reader,
 * else 'description'), else the stock height minus 1 mm facing allowance ('stock').
 *
 * @throws PrismaticPartError when there is no outline, the description is a turned part (its
 *   end view's milled features ride along), the thickness is unknown and no stock is given, the outline is degenerate, or a hole, pocket or slot lies outside the outline
 */
export function prismaticPartFromDescription(
  description: BlueprintDescription,
  options: PrismaticPartOptions = {},
): PrismaticPart {
  const prismatic = description.prismatic;
  if (!prismatic || prismatic.outline.length < 3) {
    throw new PrismaticPartError(
      "The description has no top-view outline of the part: milling and EDM programs are made from the plate's outline seen from the top. Upload a DXF of the top view, or use 'Change' to give the plate's outline and thickness.",
    );
  }
  if (description.outerDiameters.length > 0) {
    // A turned part whose end view has milled features (flats, a flange's holes): its stock is
    // the turned part, which the plate model cannot hold.
    throw new PrismaticPartError(
      "The drawing is a turned part: its end view's flats and holes off the axis are milled after turning, on the turned part, which is not programmed yet. Make the turned part with a Lathe job, or use 'Change' to describe a plate.",
    );
  }
  const notModelled: string[] = [];
  const raw = cleanPolygon(prismatic.outline);
  if (raw.length < 3 || Math.abs(signedArea(raw)) < 1e-6) {
    throw new PrismaticPartError(
      "The part's top-view outline encloses no area. Use 'Change' to give the plate's outline.",
    );
  }
  const box = boundsOf([raw]);
  const shift = (p: Point2): Point2 => ({ x: round4(p.x - box.minX), y: round4(p.y - box.minY) });
  const outline = counterClockwise(raw.map(shift));

  // Thickness.
  let thicknessMm: number;
  let thicknessSource: PrismaticPart['thicknessSource'];
  if (prismatic.thicknessMm !== undefined) {
    thicknessMm = prismatic.thicknessMm;
    thicknessSource = /\bDXF\b/i.test(description.source ?? '') ? 'drawing' : 'description';
  } else if (
    options.stockThicknessMm !== undefined &&
    options.stockThicknessMm - facingAllowanceMm > 0
  ) {
    thicknessMm = options.stockThicknessMm - facingAllowanceMm;
    thicknessSource = 'stock';
  } else {
    throw new PrismaticPartError(
      options.stockThicknessMm !== undefined
        ? `The stock is ${fmt(options.stockThicknessMm)} mm high: too thin to face ${facingAllowanceMm} mm off the top. Choose a thicker stock, or give the part's thickness with 'Change'.`
        : "The part's thickness is not known: the drawing has no side view or thickness note. Give the plate's thickness with 'Change', or choose the stock size (its height minus 1 mm facing is then used).",
    );
  }

  const inside = (point: Point2, what: string) => {
    if (pointInPolygon(point, outline) !== 'inside') {
      throw new PrismaticPartError(
        `${what} at X${fmt(point.x)} Y${fmt(point.y)} (from the outline's lower-left corner) lies outside the part's outline. Check its position with 'Change'.`,
      );
    }
  };

  // Holes.
  const holes: Hole[] = prismatic.holes.map((written) => {
    const center = shift({ x: written.x, y: written.y });
    const parsed = parseDiameterCallout(written.diameter);
    const threadCallout = written.thread ?? locateThreadCallout(written.diameter)?.written;
    const thread = threadCallout ? threadSpecOf(threadCallout) : undefined;
    if (threadCallout && !thread) {
      notModelled.push(
        `The thread "${threadCallout}" of the hole ${written.diameter} is not an ISO metric or Unified thread: drilled to Ø${fmt(written.diameterMm)} only.`,
      );
    }
    const what = `The hole ${written.diameter}`;
    inside(center, what);
    const requestedDepth = written.through ? undefined : written.depthMm;
    const blindDepth =
      requestedDepth !== undefined && requestedDepth < thicknessMm ? requestedDepth : undefined;
    const hole: Hole = {
      label: written.diameter,
      center,
      diameterMm: written.diameterMm,
      depthMm: thicknessMm,
      through: true,
      kind: 'through',
    };
    if (thread) {
      // Blind taps: drill deeper than the thread by three pitches for the tap's lead chamfer.
      const drillDepth =
        blindDepth === undefined
          ? thicknessMm
          : Math.min(thicknessMm, round4(blindDepth + 3 * thread.pitchMm));
      Object.assign(hole, {
        label: `${thread.callout} tapped${blindDepth === undefined ? ' through' : ` ${fmt(blindDepth)} deep`}, tap drill Ø${fmt(thread.tapDrillMm)}`,
        diameterMm: thread.tapDrillMm,
        depthMm: drillDepth,
        through: drillDepth >= thicknessMm,
        kind: 'tapped',
        thread,
        threadDepthMm: blindDepth ?? thicknessMm,
      });
    } else if (written.counterboreDiameterMm !== undefined) {
      if (written.counterboreDepthMm === undefined || written.counterboreDepthMm >= thicknessMm) {
        notModelled.push(
          `The counterbore Ø${fmt(written.counterboreDiameterMm)} of the hole ${written.diameter} has no depth (or one past the thickness): give it with 'Change'.`,
        );
      } else if (written.counterboreDiameterMm <= written.diameterMm) {
        notModelled.push(
          `The counterbore Ø${fmt(written.counterboreDiameterMm)} of the hole ${written.diameter} is not larger than the hole.`,
        );
      } else {
        hole.kind = 'counterbored';
        hole.counterbore = {
          diameterMm: written.counterboreDiameterMm,
          depthMm: written.counterboreDepthMm,
        };
      }
    }
    if (!thread && blindDepth !== undefined) {
      hole.depthMm = blindDepth;
      hole.through = false;
      if (hole.kind === 'through') hole.kind = 'blind';
    }
    const fit = written.fit ?? parsed?.fit;
    if (fit && !thread) {
      try {
        hole.tolerance = fitLimits(fit, written.diameterMm);
      } catch (error) {
        notModelled.push(
          `The fit ${fit} of the hole ${written.diameter}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    } else if (parsed?.tolerance && !thread) {
      hole.tolerance = { ...parsed.tolerance };
    }
    return hole;
  });

  // Pockets; those labelled as islands inside another pocket become its islands.
  const pocketShapes = prismatic.pockets.map((pocket) => ({
    pocket,
    polygon: cleanPolygon(pocket.outline).map(shift),
  }));
  const isIsland = (label: string) => /\b(?:island|boss)\b/i.test(label);
  const pockets: Pocket[] = [];
  const owners = new Map<number, number>();
  pocketShapes.forEach(({ pocket, polygon }, i) => {
    if (!isIsland(pocket.label)) return;
    const owner = pocketShapes.findIndex(
      (other, j) =>
        j !== i &&
        !isIsland(other.pocket.label) &&
        polygon.every((p) => pointInPolygon(p, other.polygon) !== 'outside'),
    );
    if (owner >= 0) owners.set(i, owner);
  });
  pocketShapes.forEach(({ pocket, polygon }, i) => {
    if (owners.has(i)) return;
    if (polygon.length < 3 || Math.abs(signedArea(polygon)) < 1e-6) {
      notModelled.push(`The pocket "${pocket.label}" encloses no area.`);
      return;
    }
    for (const point of polygon) {
      if (pointInPolygon(point, outline) === 'outside') {
        throw new PrismaticPartError(
          `The pocket "${pocket.label}" reaches outside the part's outline at X${fmt(point.x)} Y${fmt(point.y)}. Check it with 'Change'.`,
        );
      }
    }
    const through =
      pocket.through === true || pocket.depthMm === undefined || pocket.depthMm >= thicknessMm;
    pockets.push({
      label: pocket.label,
      outline: counterClockwise(polygon),
      depthMm: through ? thicknessMm : pocket.depthMm!,
      through,
      islands: [...owners.entries()]
        .filter(([, owner]) => owner === i)
        .map(([island]) => clockwise(pocketShapes[island]!.polygon)),
    });
  });

  const slots: Slot[] = prismatic.slots.map((slot) => {
    const from = shift(slot.from);
    const to = shift(slot.to);
    inside(from, `The slot "${slot.label}"`);
    inside(to, `The slot "${slot.label}"`);
    const through =
      slot.through === true || slot.depthMm === undefined || slot.depthMm >= thicknessMm;
    return {
      label: slot.label,
      from,
      to,
      widthMm: slot.widthMm,
      depthMm: through ? thicknessMm : slot.depthMm!,
      through,
    };
  });

  const largest = Math.max(box.maxX - box.minX, box.maxY - box.minY, thicknessMm);
  // The tolerances line lists toleranced sizes too ('60.00 ±0.10', 'Ø3.4 ±0.1'): those are
  // not the general tolerance, only what is written without a size of its own.
  const otherTolerances = description.dimensions.tolerances
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !/^(?:\d|[.,]\d)/.test(part) && !startsWithDiameterSign(part))
    .join('; ');
  const generalToleranceMm =
    generalToleranceOf(description.dimensions.generalTolerance, largest) ??
    generalToleranceOf(otherTolerances, largest) ??
    defaultGeneralToleranceMm;
  const sizeToleranceMm = writtenSizeToleranceMm(prismatic.sizes ?? [], notModelled);

  return {
    outline,
    thicknessMm,
    thicknessSource,
    holes,
    pockets,
    slots,
    generalToleranceMm,
    ...(sizeToleranceMm !== undefined && sizeToleranceMm < generalToleranceMm
      ? { sizeToleranceMm }
      : {}),
    ...(description.surfaceFinish.raUm !== undefined
      ? { raUm: description.surfaceFinish.raUm }
      : {}),
    notModelled,
  };
}
