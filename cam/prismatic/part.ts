/**
 * The prismatic part model: a plate or block machined from the top, seen in its top view (XY).
 *
 * Work coordinates (G54): X0 Y0 is the lower-left corner of the outline's bounding box, Z0 the
 * finished top face, Z negative into the part down to -thicknessMm. Every length is in mm.
 * Outlines and pockets are closed polygons (arcs as chords within 0.005 mm, cam/geometry).
 *
 * The builder `prismaticPartFromDescription` fills it from `description.prismatic` (written by
 * the DXF reader or an assistant) and the spec's prose fields. The general tolerances it reads
 * are in tolerances.ts, the threads and their tap drills in tap-drills.ts.
 */
import { PrismaticPartError } from '../errors.ts';
import type { BlueprintDescription, PrismaticDescription } from '#contracts/blueprint';
import { stillUnplaced } from '#contracts/concentric';
import { locateThreadCallout, parseDiameterCallout, startsWithDiameterSign } from '../callouts.ts';
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
import { stepsOf, type Step } from './steps.ts';
import { threadSpecOf, type ThreadSpec } from './tap-drills.ts';
import {
  defaultGeneralToleranceMm,
  generalToleranceOf,
  writtenSizeToleranceMm,
} from './tolerances.ts';

export type { Step } from './steps.ts';

export type HoleKind = 'through' | 'blind' | 'counterbored' | 'countersunk' | 'tapped';

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
  /**
   * The cone at the hole's mouth (ISO 15786 ⌵): its diameter at Z0, mm, and its included
   * angle, degrees (90 for ISO 7046 / ISO 10642 screws, 82 for Unified screws).
   */
  countersink?: { diameterMm: number; angleDeg: number };
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
  /**
   * Steps: regions of the top face milled down to a depth, open to the outline (steps.ts).
   * Absent on parts built before steps were read, the same as none.
   */
  steps?: Step[];
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

/**
 * The ± tolerance a plate's program is verified to, mm: the general tolerance (0.1 mm when the
 * part has none), or the tightest tolerance written on the outline or the thickness when tighter.
 */
export function heldToleranceMm(part: PrismaticPart): number {
  const general = part.generalToleranceMm > 0 ? part.generalToleranceMm : defaultGeneralToleranceMm;
  return part.sizeToleranceMm !== undefined ? Math.min(general, part.sizeToleranceMm) : general;
}

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
 * The part's thickness, mm, and where it came from: `prismatic.thicknessMm` ('drawing' when the
 * description came from a DXF reader, else 'description'), else the stock height minus the
 * facing allowance ('stock').
 * @throws PrismaticPartError when neither gives it, or the stock is too thin to face
 */
function thicknessOf(
  description: BlueprintDescription,
  prismatic: PrismaticDescription,
  options: PrismaticPartOptions,
): Pick<PrismaticPart, 'thicknessMm' | 'thicknessSource'> {
  if (prismatic.thicknessMm !== undefined) {
    return {
      thicknessMm: prismatic.thicknessMm,
      thicknessSource: /\bDXF\b/i.test(description.source ?? '') ? 'drawing' : 'description',
    };
  }
  if (options.stockThicknessMm !== undefined && options.stockThicknessMm - facingAllowanceMm > 0) {
    return { thicknessMm: options.stockThicknessMm - facingAllowanceMm, thicknessSource: 'stock' };
  }
  throw new PrismaticPartError(
    options.stockThicknessMm !== undefined
      ? `The stock is ${fmt(options.stockThicknessMm)} mm high: too thin to face ${facingAllowanceMm} mm off the top. Choose a thicker stock, or give the part's thickness with 'Change'.`
      : "The part's thickness is not known: the drawing has no side view or thickness note. Give the plate's thickness with 'Change', or choose the stock size (its height minus 1 mm facing is then used).",
  );
}

/** @throws PrismaticPartError naming `what` when `point` does not lie inside the outline */
function assertInside(point: Point2, outline: Polygon, what: string): void {
  if (pointInPolygon(point, outline) !== 'inside') {
    throw new PrismaticPartError(
      `${what} at X${fmt(point.x)} Y${fmt(point.y)} (from the outline's lower-left corner) lies outside the part's outline. Check its position with 'Change'.`,
    );
  }
}

/** Included angle of a countersink whose angle is not written, degrees (ISO 7046 screws). */
export const defaultCountersinkAngleDeg = 90;

/**
 * The countersink written on a hole, when it can be made: larger than the hole (for a thread,
 * its major diameter), its cone (depth = (D − d) / 2 / tan(angle / 2)) shallower than the
 * plate, its angle between 30° and 150°. A plain or blind hole becomes 'countersunk'; a tapped
 * hole stays tapped. What cannot be made goes to `notModelled`.
 */
function addCountersink(
  hole: Hole,
  written: PrismaticDescription['holes'][number],
  thicknessMm: number,
  notModelled: string[],
): void {
  const diameterMm = written.countersinkDiameterMm;
  if (diameterMm === undefined) return;
  const angleDeg = written.countersinkAngleDeg ?? defaultCountersinkAngleDeg;
  const inner = hole.thread?.nominalMm ?? hole.diameterMm;
  const what = `The countersink Ø${fmt(diameterMm)} x ${fmt(angleDeg)}° of the hole ${written.diameter}`;
  const depth = (diameterMm - inner) / 2 / Math.tan((angleDeg * Math.PI) / 360);
  if (diameterMm <= inner) notModelled.push(`${what} is not larger than the hole.`);
  else if (angleDeg < 30 || angleDeg > 150)
    notModelled.push(`${what}: its angle is not one countersinks are made with (30° to 150°).`);
  else if (depth >= thicknessMm) notModelled.push(`${what} is deeper than the plate.`);
  else {
    hole.countersink = { diameterMm, angleDeg };
    if (hole.kind === 'through' || hole.kind === 'blind') hole.kind = 'countersunk';
  }
}

/**
 * A written hole in work coordinates (`shift` moves a point there), classified: tapped (drilled
 * to its tap drill, three pitches deeper than a blind thread), counterbored, blind or through,
 * with its fit or written tolerance. What it cannot hold goes to `notModelled`.
 * @throws PrismaticPartError when the hole lies outside the outline
 */
function holeOf(
  written: PrismaticDescription['holes'][number],
  shift: (point: Point2) => Point2,
  outline: Polygon,
  thicknessMm: number,
  notModelled: string[],
): Hole {
  const center = shift({ x: written.x, y: written.y });
  const parsed = parseDiameterCallout(written.diameter);
  const threadCallout = written.thread ?? locateThreadCallout(written.diameter)?.written;
  const thread = threadCallout ? threadSpecOf(threadCallout) : undefined;
  if (threadCallout && !thread) {
    notModelled.push(
      `The thread "${threadCallout}" of the hole ${written.diameter} is not an ISO metric or Unified thread: drilled to Ø${fmt(written.diameterMm)} only.`,
    );
  } else if (!threadCallout && written.kind === 'tapped') {
    // Tapped, but no thread is written: drilling it at its size would leave it untapped.
    notModelled.push(
      `The hole ${written.diameter} is tapped, but no thread is given for it: drilled to Ø${fmt(written.diameterMm)} only. Give its thread with Change, for example 'holes are M6'.`,
    );
  }
  const what = `The hole ${written.diameter}`;
  assertInside(center, outline, what);
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
  addCountersink(hole, written, thicknessMm, notModelled);
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
}

/**
 * The written pockets in work coordinates: through ones (or those without a depth) as cut-outs,
 * those labelled 'island' or 'boss' inside another pocket as its islands (clockwise). A pocket
 * that encloses no area goes to `notModelled`.
 * @throws PrismaticPartError when a pocket reaches outside the outline
 */
function pocketsOf(
  written: PrismaticDescription['pockets'],
  shift: (point: Point2) => Point2,
  outline: Polygon,
  thicknessMm: number,
  notModelled: string[],
): Pocket[] {
  // Pockets; those labelled as islands inside another pocket become its islands.
  const pocketShapes = written.map((pocket) => ({
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

  return pockets;
}

/**
 * The written slots in work coordinates; through ones (or those without a depth) go through.
 * @throws PrismaticPartError when a slot's end lies outside the outline
 */
function slotsOf(
  written: PrismaticDescription['slots'],
  shift: (point: Point2) => Point2,
  outline: Polygon,
  thicknessMm: number,
): Slot[] {
  return written.map((slot) => {
    const from = shift(slot.from);
    const to = shift(slot.to);
    assertInside(from, outline, `The slot "${slot.label}"`);
    assertInside(to, outline, `The slot "${slot.label}"`);
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
}

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

  const { thicknessMm, thicknessSource } = thicknessOf(description, prismatic, options);
  const holes = prismatic.holes.map((written) =>
    holeOf(written, shift, outline, thicknessMm, notModelled),
  );
  const pockets = pocketsOf(prismatic.pockets, shift, outline, thicknessMm, notModelled);
  const slots = slotsOf(prismatic.slots, shift, outline, thicknessMm);
  const stepped = stepsOf(prismatic.steps ?? [], shift, outline, thicknessMm, notModelled);

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
  const sizeToleranceMm = [
    writtenSizeToleranceMm(prismatic.sizes ?? [], notModelled),
    stepped.toleranceMm,
  ].reduce<number | undefined>(
    (tightest, value) =>
      value === undefined ? tightest : tightest === undefined ? value : Math.min(tightest, value),
    undefined,
  );
  // A circle drawn around holes is no longer open once each hole has its size (decision 073).
  for (const item of (description.unplaced ?? []).filter((u) => stillUnplaced(u, prismatic.holes)))
    notModelled.push(
      `The drawing writes "${item.text}", which ${item.why}: not programmed. Give it with Change, or remove it from the values once checked.`,
    );

  return {
    outline,
    thicknessMm,
    thicknessSource,
    holes,
    pockets,
    slots,
    steps: stepped.steps,
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
