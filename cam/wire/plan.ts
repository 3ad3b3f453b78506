/**
 * Plan a wire EDM job on a prismatic part: which contours the wire cuts (the outline when the
 * plate has a margin around it, through cut-outs, through holes and through slots big enough
 * for a start hole and its lead-in), where each start hole and lead-in go, which side the
 * offset is on, the passes (rough and skims, each with its offset register) and the tabs.
 *
 * Every contour runs counter-clockwise from its lead-in point. Inner contours keep the frame:
 * the wire is offset into the slug, on the left (G41). The outline keeps the part: the wire is
 * offset outward, on the right (G42). Lead-ins are perpendicular to the straight segment (or
 * radial to the circle) they meet, at its middle.
 */
import { WirePlanningError } from '../errors.ts';
import {
  boundsOf,
  circlePolygon,
  counterClockwise,
  distanceToBoundary,
  perimeter,
  pointInPolygon,
  signedArea,
} from '../geometry/polygon.ts';
import type { Bounds, Point2, Polygon } from '../geometry/polygon.ts';
import { arcPoints } from '../gcode/arcs.ts';
import { heldToleranceMm, type PrismaticPart } from '../prismatic/part.ts';
import type { ToolRow } from '../tool-row.ts';
import { contourPathMoves } from './contour-moves.ts';
import type { WireContour, WirePass, WirePlan } from './program.ts';
import { wireTechnology } from './technology.ts';
import type { WireTechnology } from './technology.ts';
import { wireFromTools } from './tooling.ts';

export interface WirePlanInput {
  part: PrismaticPart;
  tools: ToolRow[];
  /** Workpiece material, for the cutting speeds. */
  material: string;
  /** The plate's size in X and Y, mm, centred on the part; without it the outline is not cut. */
  stock?: { xMm: number; yMm: number };
  /** Tab length, mm (default: 1 mm up to 20 mm thick, 2 mm above). 0 leaves no tabs. */
  tabMm?: number;
}

/** Largest start hole drilled for the wire, mm (an EDM hole drill's common electrode). */
const startHoleMm = 2;
/** Smallest start hole, mm. */
const smallestStartHoleMm = 0.5;
/** Wall between the start hole and the contour, mm. */
const startHoleWallMm = 0.3;
/** Lead-in lengths tried, longest first, mm. */
const leadInsMm = [3, 2.5, 2, 1.5, 1.2, 1];
/** Space between an outline's start hole and the plate's edge, mm. */
const edgeMarginMm = 0.5;

const round = (value: number, decimals = 4) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

const unit = (a: Point2, b: Point2): Point2 => {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  return { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
};

/** The plate around the part: centred on the part's bounding box. */
export function stockBoundsOf(part: PrismaticPart, stock: { xMm: number; yMm: number }): Bounds {
  const box = boundsOf([part.outline]);
  const marginX = (stock.xMm - (box.maxX - box.minX)) / 2;
  const marginY = (stock.yMm - (box.maxY - box.minY)) / 2;
  return {
    minX: round(box.minX - marginX),
    minY: round(box.minY - marginY),
    maxX: round(box.maxX + marginX),
    maxY: round(box.maxY + marginY),
  };
}

/** A counter-clockwise stadium (a slot with round ends) as a polygon. */
export function stadiumPolygon(from: Point2, to: Point2, widthMm: number): Polygon {
  const radius = widthMm / 2;
  const direction = unit(from, to);
  const normal = { x: -direction.y, y: direction.x };
  const angle = Math.atan2(-normal.y, -normal.x);
  const points = [
    ...arcPoints(to, radius, angle, Math.PI),
    ...arcPoints(from, radius, angle + Math.PI, Math.PI),
  ];
  const polygon: Polygon = [];
  for (const point of points) {
    const last = polygon[polygon.length - 1];
    if (!last || Math.hypot(last.x - point.x, last.y - point.y) > 1e-7)
      polygon.push({ x: round(point.x), y: round(point.y) });
  }
  return counterClockwise(polygon);
}

interface Entry {
  path: Polygon;
  leadIn: Point2;
  startHole: Point2;
  startHoleDiameterMm: number;
  tabStart?: Point2;
  tabMm: number;
}

/** The polygon rotated to start at a new vertex in the middle of edge `index`. */
function startAtEdge(polygon: Polygon, index: number): { path: Polygon; leadIn: Point2 } {
  const a = polygon[index]!;
  const b = polygon[(index + 1) % polygon.length]!;
  const leadIn = { x: round((a.x + b.x) / 2), y: round((a.y + b.y) / 2) };
  const path = [leadIn, ...polygon.slice(index + 1), ...polygon.slice(0, index + 1)];
  return { path, leadIn };
}

/** Edge indices by length, longest first, keeping those long enough for the lead-in and tab. */
function candidateEdges(polygon: Polygon, tabMm: number): number[] {
  return polygon
    .map((point, index) => ({
      index,
      length: Math.hypot(
        polygon[(index + 1) % polygon.length]!.x - point.x,
        polygon[(index + 1) % polygon.length]!.y - point.y,
      ),
    }))
    .filter((edge) => edge.length >= 2 * tabMm + 0.5)
    .sort((a, b) => b.length - a.length || a.index - b.index)
    .map((edge) => edge.index);
}

function tabOf(path: Polygon, tabMm: number): Point2 | undefined {
  if (tabMm <= 0) return undefined;
  const leadIn = path[0]!;
  const previous = path[path.length - 1]!;
  const direction = unit(previous, leadIn);
  return { x: round(leadIn.x - direction.x * tabMm), y: round(leadIn.y - direction.y * tabMm) };
}

/** Start hole diameter for a lead-in of `leadInMm` (the hole and a wall fit inside it). */
const startHoleFor = (leadInMm: number) =>
  Math.min(startHoleMm, Math.floor(2 * (leadInMm - startHoleWallMm) * 10) / 10);

/** An inner polygon contour: lead-in from a start hole inside the slug. */
function innerPolygonEntry(polygon: Polygon, tabMm: number): Entry | undefined {
  for (const tab of tabMm > 0 ? [tabMm, 0] : [0]) {
    for (const index of candidateEdges(polygon, tab)) {
      const { path, leadIn } = startAtEdge(polygon, index);
      const a = polygon[index]!;
      const b = polygon[(index + 1) % polygon.length]!;
      const direction = unit(a, b);
      const inward = { x: -direction.y, y: direction.x };
      for (const length of leadInsMm) {
        const startHole = {
          x: round(leadIn.x + inward.x * length, 3),
          y: round(leadIn.y + inward.y * length, 3),
        };
        const diameter = startHoleFor(length);
        if (diameter < smallestStartHoleMm) continue;
        if (pointInPolygon(startHole, polygon) !== 'inside') continue;
        if (distanceToBoundary(startHole, polygon) < length - 1e-3) continue;
        const tabStart = tabOf(path, tab);
        return {
          path,
          leadIn,
          startHole,
          startHoleDiameterMm: diameter,
          tabMm: tabStart ? tab : 0,
          ...(tabStart ? { tabStart } : {}),
        };
      }
    }
  }
  return undefined;
}

/** The outline: lead-in from a start hole outside the part, inside the plate's margin. */
function outlineEntry(polygon: Polygon, tabMm: number, stock: Bounds): Entry | undefined {
  for (const tab of tabMm > 0 ? [tabMm, 0] : [0]) {
    for (const index of candidateEdges(polygon, tab)) {
      const { path, leadIn } = startAtEdge(polygon, index);
      const a = polygon[index]!;
      const b = polygon[(index + 1) % polygon.length]!;
      const direction = unit(a, b);
      const outward = { x: direction.y, y: -direction.x };
      for (const length of leadInsMm) {
        const startHole = {
          x: round(leadIn.x + outward.x * length, 3),
          y: round(leadIn.y + outward.y * length, 3),
        };
        const diameter = startHoleFor(length);
        if (diameter < smallestStartHoleMm) continue;
        const clearance = diameter / 2 + edgeMarginMm;
        if (
          startHole.x - clearance < stock.minX ||
          startHole.x + clearance > stock.maxX ||
          startHole.y - clearance < stock.minY ||
          startHole.y + clearance > stock.maxY
        )
          continue;
        if (pointInPolygon(startHole, polygon) !== 'outside') continue;
        if (distanceToBoundary(startHole, polygon) < length - 1e-3) continue;
        const tabStart = tabOf(path, tab);
        return {
          path,
          leadIn,
          startHole,
          startHoleDiameterMm: diameter,
          tabMm: tabStart ? tab : 0,
          ...(tabStart ? { tabStart } : {}),
        };
      }
    }
  }
  return undefined;
}

/** A round hole: start hole at the centre, radial lead-in to the point at 0° (+X). */
function circleEntry(center: Point2, radiusMm: number, tabMm: number): Entry | undefined {
  const diameter = startHoleFor(radiusMm);
  if (diameter < smallestStartHoleMm) return undefined;
  const path = circlePolygon(center, radiusMm).map((point) => ({
    x: round(point.x),
    y: round(point.y),
  }));
  const leadIn = path[0]!;
  const tab = tabMm > 0 && 2 * Math.PI * radiusMm >= 4 * tabMm ? tabMm : 0;
  const angle = -tab / radiusMm;
  const tabStart = tab
    ? {
        x: round(center.x + radiusMm * Math.cos(angle)),
        y: round(center.y + radiusMm * Math.sin(angle)),
      }
    : undefined;
  return {
    path,
    leadIn,
    startHole: { x: round(center.x, 3), y: round(center.y, 3) },
    startHoleDiameterMm: diameter,
    tabMm: tab,
    ...(tabStart ? { tabStart } : {}),
  };
}

/** The tightest ± tolerance on the contours the wire cuts, mm. */
function tightestTolerance(part: PrismaticPart): number {
  let tightest = heldToleranceMm(part);
  for (const hole of part.holes) {
    if (!hole.through || !hole.tolerance) continue;
    tightest = Math.min(tightest, (hole.tolerance.upperMm - hole.tolerance.lowerMm) / 2);
  }
  return round(tightest, 4);
}

/** Nearest-neighbour order from the origin (the wire travels least between start holes). */
function nearestFirst(contours: WireContour[]): WireContour[] {
  const left = [...contours];
  const ordered: WireContour[] = [];
  let at: Point2 = { x: 0, y: 0 };
  while (left.length > 0) {
    let best = 0;
    for (let index = 1; index < left.length; index += 1) {
      const distance = (contour: WireContour) =>
        Math.hypot(contour.startHole.x - at.x, contour.startHole.y - at.y);
      if (distance(left[index]!) < distance(left[best]!) - 1e-9) best = index;
    }
    const [next] = left.splice(best, 1);
    ordered.push(next!);
    at = next!.startHole;
  }
  return ordered;
}

/**
 * The outline, cut last from a start hole in the plate's margin: its contour, unless the plate
 * size is not known or leaves no room around the part for a start hole (then said in
 * `notProgrammed`), and the plate's bounds when its size is known. `noTab` warns when the
 * outline is too small for a tab.
 * @throws WirePlanningError when the plate is smaller than the part
 */
function outlineContour(
  part: PrismaticPart,
  stock: WirePlanInput['stock'],
  tabMm: number,
  passes: WirePass[],
  notProgrammed: string[],
  noTab: (label: string) => void,
): { contour?: WireContour; stockBounds?: Bounds } {
  let stockBounds: Bounds | undefined;
  const box = boundsOf([part.outline]);
  if (!stock) {
    notProgrammed.push('Outline: the plate size is not known, so the outline is not cut.');
  } else if (stock.xMm < box.maxX - box.minX - 1e-6 || stock.yMm < box.maxY - box.minY - 1e-6) {
    throw new WirePlanningError(
      `The plate (${fmt(stock.xMm)} x ${fmt(stock.yMm)} mm) is smaller than the part (${fmt(box.maxX - box.minX)} x ${fmt(box.maxY - box.minY)} mm). Choose a larger stock.`,
    );
  } else {
    stockBounds = stockBoundsOf(part, stock);
    const outline = counterClockwise(part.outline);
    const entry = outlineEntry(outline, tabMm, stockBounds);
    if (entry) {
      if (tabMm > 0 && entry.tabMm === 0) noTab('Outline');
      return {
        stockBounds,
        contour: {
          label: 'Outline',
          kind: 'outline',
          path: entry.path,
          startHole: entry.startHole,
          startHoleDiameterMm: entry.startHoleDiameterMm,
          side: 'right',
          passes,
          tabMm: entry.tabMm,
          ...(entry.tabStart ? { tabStart: entry.tabStart } : {}),
          moves: contourPathMoves({ path: entry.path }),
        },
      };
    } else {
      notProgrammed.push(
        `Outline: the plate leaves no room around the part for a start hole (the stock is ${fmt(stock.xMm)} x ${fmt(stock.yMm)} mm, the part ${fmt(box.maxX - box.minX)} x ${fmt(box.maxY - box.minY)} mm), so the outline is not cut.`,
      );
    }
  }
  return stockBounds ? { stockBounds } : {};
}

/**
 * Plan the wire EDM program of a part.
 * @throws WireToolingError when no wire with a diameter is selected; WirePlanningError when the
 *   part has nothing the wire can cut
 */
export function planWire(input: WirePlanInput): WirePlan & { technology: WireTechnology } {
  const { part } = input;
  const { wire, warnings: toolWarnings } = wireFromTools(input.tools);
  const warnings = [...toolWarnings];
  const notProgrammed: string[] = [...part.notModelled];
  const thicknessMm = part.thicknessMm;
  const tabMm = input.tabMm ?? (thicknessMm <= 20 ? 1 : 2);
  const technology = wireTechnology({
    diameterMm: wire.diameterMm,
    wireMaterial: wire.material,
    workpieceMaterial: input.material,
    thicknessMm,
    toleranceMm: tightestTolerance(part),
    ...(part.raUm !== undefined ? { raUm: part.raUm } : {}),
  });
  warnings.push(...technology.warnings);
  const passes: WirePass[] = technology.passes;
  const contours: WireContour[] = [];
  const add = (
    label: string,
    kind: WireContour['kind'],
    entry: Entry,
    circle?: WireContour['circle'],
  ) =>
    contours.push({
      label,
      kind,
      path: entry.path,
      startHole: entry.startHole,
      startHoleDiameterMm: entry.startHoleDiameterMm,
      side: kind === 'outline' ? 'right' : 'left',
      passes,
      tabMm: entry.tabMm,
      ...(entry.tabStart ? { tabStart: entry.tabStart } : {}),
      ...(circle ? { circle } : {}),
      moves: contourPathMoves({ path: entry.path, ...(circle ? { circle } : {}) }),
    });
  const noTab = (label: string) =>
    warnings.push(
      `${label}: too small for a ${fmt(tabMm)} mm tab; it is cut without one (the slug drops).`,
    );

  for (const step of part.steps ?? [])
    notProgrammed.push(
      `${step.label}: a step (${fmt(step.depthMm)} mm deep) is not a wire EDM feature; mill it.`,
    );
  for (const pocket of part.pockets) {
    if (!pocket.through) {
      notProgrammed.push(
        `${pocket.label}: a blind pocket (${fmt(pocket.depthMm)} mm deep) is not a wire EDM feature; mill it or sink it.`,
      );
      continue;
    }
    if (pocket.islands.length > 0)
      notProgrammed.push(
        `${pocket.label}: its ${pocket.islands.length} island${pocket.islands.length > 1 ? 's' : ''} would be loose parts; cut each island as an outline of its own.`,
      );
    const polygon = counterClockwise(pocket.outline);
    const entry = innerPolygonEntry(polygon, tabMm);
    if (!entry) {
      notProgrammed.push(
        `${pocket.label}: too narrow for a Ø${smallestStartHoleMm} mm start hole and its lead-in.`,
      );
      continue;
    }
    if (tabMm > 0 && entry.tabMm === 0) noTab(pocket.label);
    add(pocket.label, 'inner', entry);
  }

  for (const hole of part.holes) {
    if (!hole.through) {
      notProgrammed.push(
        `${hole.label}: a blind hole (${fmt(hole.depthMm)} mm deep) is not a wire EDM feature; drill it or sink it.`,
      );
      continue;
    }
    if (hole.kind === 'tapped') {
      notProgrammed.push(`${hole.label}: tapped holes are drilled and tapped, not wire cut.`);
      continue;
    }
    if (hole.kind === 'counterbored') {
      notProgrammed.push(
        `${hole.label}: the counterbore is blind; drill and counterbore it (or wire the through hole and mill the counterbore).`,
      );
      continue;
    }
    if (hole.countersink) {
      notProgrammed.push(
        `${hole.label}: the countersink is a cone; drill and countersink it (or wire the through hole and countersink it on the mill).`,
      );
      continue;
    }
    const middle = hole.tolerance ? (hole.tolerance.upperMm + hole.tolerance.lowerMm) / 2 : 0;
    const radiusMm = round((hole.diameterMm + middle) / 2);
    const entry = circleEntry(hole.center, radiusMm, tabMm);
    if (!entry) {
      notProgrammed.push(
        `${hole.label}: smaller than a Ø${smallestStartHoleMm} mm start hole with its lead-in; drill or ream it.`,
      );
      continue;
    }
    if (tabMm > 0 && entry.tabMm === 0) noTab(hole.label);
    add(hole.label, 'inner', entry, { center: hole.center, radiusMm });
  }

  for (const slot of part.slots) {
    if (!slot.through) {
      notProgrammed.push(
        `${slot.label}: a blind slot (${fmt(slot.depthMm)} mm deep) is not a wire EDM feature; mill it.`,
      );
      continue;
    }
    const entry = innerPolygonEntry(stadiumPolygon(slot.from, slot.to, slot.widthMm), tabMm);
    if (!entry) {
      notProgrammed.push(
        `${slot.label}: too narrow for a Ø${smallestStartHoleMm} mm start hole and its lead-in.`,
      );
      continue;
    }
    if (tabMm > 0 && entry.tabMm === 0) noTab(slot.label);
    add(slot.label, 'inner', entry);
  }

  const ordered = nearestFirst(contours);
  const outline = outlineContour(part, input.stock, tabMm, passes, notProgrammed, noTab);
  if (outline.contour) ordered.push(outline.contour);
  const { stockBounds } = outline;
  if (ordered.length === 0) {
    throw new WirePlanningError(
      `Nothing on this part can be wire cut: ${notProgrammed.join(' ') || 'it has no through contours.'}`,
    );
  }
  for (const contour of ordered) {
    if (Math.abs(signedArea(contour.path)) < 1e-6 || perimeter(contour.path) <= 0)
      throw new WirePlanningError(`${contour.label}: the contour encloses no area.`);
  }
  return {
    part,
    wire,
    thicknessMm,
    contours: ordered,
    ...(stockBounds ? { stockBounds } : {}),
    warnings,
    notProgrammed,
    technology,
  };
}
