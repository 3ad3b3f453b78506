/**
 * A plate's pockets and cut-outs traced from a scan, held where the scan alone gives them
 * (decision 072). Two faults of the tracing keep a feature wrong without anything saying so:
 *
 * - a value written across a cut-out's edge breaks its contour, which then closes no loop and
 *   the cut-out is not in the description at all (`looseLineWork`);
 * - a pocket whose size the drawing writes but OCR did not read is programmed at its traced size,
 *   which can be a millimetre off (`unconfirmedFeatures`).
 *
 * Each is named in decision 057's `unplaced`, so no program is called verified over it. Vector
 * pages, DXF and STEP are exact and are not checked.
 */
import { formatMm } from '#cam/callouts';
import { distanceToBoundary, type Point2, type Polygon } from '#cam/geometry/polygon';
import type { PrismaticDescription } from '#contracts/blueprint';
import { insidePolygon } from '../geometry/outline.ts';
import { distanceToSegment } from '../geometry/plane.ts';
import type { Primitive } from '../geometry/primitives.ts';
import {
  boxOf,
  endpoints,
  heightOf,
  lengthOf,
  midpointOf,
  unionBox,
  widthOf,
  type Box,
} from '../geometry/shapes.ts';

/** What the description says the scan does not settle: as `unplaced` and `unresolved`. */
export interface TracedDoubt {
  /** What the drawing shows, in words ('cut-out 34 × 12 mm'). */
  text: string;
  /** Why it is not programmed. */
  why: string;
}

/** A written size confirms a traced one within this share of it, at least 0.02 mm. */
const CONFIRM_SHARE = 0.005;

/**
 * The written length that confirms a traced size: within `CONFIRM_SHARE` of it (at least
 * 0.02 mm) or within its own tolerance; the nearest when several do, undefined when none does.
 *
 * @param written - the lengths the page writes (mm), with their tolerances
 * @param tracedMm - a size measured on the scan, mm
 */
export function confirmingLength(
  written: readonly WrittenLength[],
  tracedMm: number,
): WrittenLength | undefined {
  let best: WrittenLength | undefined;
  for (const length of written) {
    const { mm, tolerance } = length;
    const slack = Math.max(0.02, CONFIRM_SHARE * mm);
    const low = mm + Math.min(0, tolerance?.lowerMm ?? 0) - slack;
    const high = mm + Math.max(0, tolerance?.upperMm ?? 0) + slack;
    if (tracedMm < low || tracedMm > high) continue;
    if (!best || Math.abs(mm - tracedMm) < Math.abs(best.mm - tracedMm)) best = length;
  }
  return best;
}

/** Whether a written length confirms a traced size (confirmingLength). */
function confirmedBy(written: readonly WrittenLength[]): (tracedMm: number) => boolean {
  return (traced) => confirmingLength(written, traced) !== undefined;
}

/** A length the page writes, mm, with its own tolerance. */
export interface WrittenLength {
  mm: number;
  tolerance?: { upperMm: number; lowerMm: number };
}

/**
 * The traced outline when neither its width nor its height is a length the page writes: the
 * contour taken for the outline is then not the plate's (a hole's or a letter's, on a sheet whose
 * dimension lines were not measured), or its scale is wrong.
 *
 * @param plate - the traced plate's outline (mm)
 * @param written - the lengths the page writes (mm), with their tolerances
 * @returns the doubt, or none
 */
export function unconfirmedOutline(
  plate: Pick<PrismaticDescription, 'outline'>,
  written: readonly WrittenLength[],
): TracedDoubt[] {
  const box = boxOfPoints(plate.outline);
  const sizes = [widthOf(box), heightOf(box)];
  if (sizes.some(confirmedBy(written))) return [];
  return [
    {
      text: `outline ${sizes.map(tenth).join(' × ')} mm`,
      why: 'is traced from the scan with a width and height no written size confirms (the contour taken for the outline may be another, or the scale wrong)',
    },
  ];
}

/**
 * The pockets, cut-outs and islands of a traced plate whose box width or height no written
 * length confirms: within 0.5 % of it (at least 0.02 mm), or within its written tolerance. A
 * 150 dpi scan traces a wall to within about a pixel (0.17 mm), so only a written size holds a
 * pocket to the drawing.
 *
 * @param plate - the traced plate's pockets (mm)
 * @param written - the lengths the page writes (mm), with their tolerances
 * @returns one doubt per pocket not confirmed, in the pockets' order
 */
export function unconfirmedFeatures(
  plate: Pick<PrismaticDescription, 'pockets'>,
  written: readonly WrittenLength[],
): TracedDoubt[] {
  const confirmed = confirmedBy(written);
  const doubts: TracedDoubt[] = [];
  for (const pocket of plate.pockets) {
    const box = boxOfPoints(pocket.outline);
    const sizes = [widthOf(box), heightOf(box)];
    const open = sizes.filter((size) => !confirmed(size));
    if (open.length === 0) continue;
    const kind = /^Island\b/.test(pocket.label)
      ? 'island'
      : pocket.depthMm === undefined
        ? 'cut-out'
        : 'pocket';
    const which =
      open.length === 2 ? 'width and height' : open[0] === sizes[0] ? 'width' : 'height';
    doubts.push({
      text: `${kind} ${sizes.map(tenth).join(' × ')} mm`,
      why: `is traced from the scan with a ${which} no written size confirms (a scan traces a wall only to within a line's width)`,
    });
  }
  return doubts;
}

/**
 * The traced plate without the pockets and cut-outs that are letters' loops the OCR left (the
 * bowls of an '8' or a '0' of a value it did not read): no side longer than the lettering's
 * height, and neither side a length the page writes. A drawn feature that small is dimensioned,
 * so its written size keeps it (decision 085).
 *
 * @param plate - the traced plate (its pockets changed in place)
 * @param written - the lengths the page writes (mm), with their tolerances
 * @param letterMm - the dimension lettering's height on the part, mm (0: nothing is dropped)
 */
export function withoutLetterContours(
  plate: Pick<PrismaticDescription, 'pockets'>,
  written: readonly WrittenLength[],
  letterMm: number,
): void {
  if (!(letterMm > 0)) return;
  const confirmed = confirmedBy(written);
  plate.pockets = plate.pockets.filter((pocket) => {
    const box = boxOfPoints(pocket.outline);
    const sizes = [widthOf(box), heightOf(box)];
    return sizes.some((size) => size > letterMm || confirmed(size));
  });
}

/** Least length of a cluster of loose line work that is a feature's, not a mark, mm. */
const LEAST_CLUSTER_MM = 4;

/**
 * Outline line work inside a traced plate's outline that no feature of the description
 * explains: the pieces of a cut-out or pocket whose contour a value written across its edge
 * broke. Left out: the outline's own line work (what lies on the outline, and every line joined
 * to it, such as a corner's fillet inside the outline's polygon), what lies on or inside a hole,
 * on a pocket's, slot's or step's boundary, and clusters that are marks or lettering (none of
 * their lines longer than `letterMm` × 1.5).
 *
 * @param primitives - the page's outline-width line work, mm (centre lines, dimension lines,
 *   hatching and text are apart from it)
 * @param plate - the plate read from it (mm)
 * @param noiseMm - how far the traced line work strays: a line's width, mm
 * @param letterMm - the lettering's height on the part's scale, mm
 * @returns one doubt per cluster of loose line work
 */
export function looseLineWork(
  primitives: readonly Primitive[],
  plate: Pick<PrismaticDescription, 'outline' | 'holes' | 'pockets' | 'slots' | 'steps'>,
  noiseMm: number,
  letterMm: number,
): TracedDoubt[] {
  const outline: Polygon = plate.outline;
  const gap = 2 * noiseMm;
  const onOutline = (p: Point2) => distanceToBoundary(p, outline) <= gap;
  const boundaries = [
    ...plate.pockets.map((pocket) => pocket.outline),
    ...(plate.steps ?? []).map((step) => step.outline),
  ];
  const explained = (p: Point2) =>
    plate.holes.some(
      (hole) => Math.hypot(hole.x - p.x, hole.y - p.y) <= hole.diameterMm / 2 + gap,
    ) ||
    plate.slots.some(
      (slot) => distanceToSegment(p, slot.from, slot.to) <= slot.widthMm / 2 + gap,
    ) ||
    boundaries.some((boundary) => distanceToBoundary(p, boundary) <= gap);
  const inside = primitives.filter((primitive) => {
    const mid = midpointOf(primitive);
    if (!insidePolygon(mid, outline) || onOutline(mid)) return false;
    if (explained(mid)) return false;
    return !(primitive.kind === 'arc' && explained(primitive.center));
  });
  // Line work joined to the outline (a fillet the outline's polygon cuts across) is the outline's.
  const groups = joinedGroups(inside, gap).filter(
    (group) => !group.some((primitive) => (endpoints(primitive) ?? []).some(onOutline)),
  );
  const doubts: TracedDoubt[] = [];
  const origin = boxOfPoints(outline);
  for (const cluster of clusters(groups.flat(), LEAST_CLUSTER_MM)) {
    const lengths = cluster.map(lengthOf);
    const total = lengths.reduce((sum, length) => sum + length, 0);
    if (total < LEAST_CLUSTER_MM || Math.max(...lengths) < 1.5 * letterMm) continue;
    const box = unionBox(cluster.map(boxOf));
    const x = (box.minX + box.maxX) / 2 - origin.minX;
    const y = (box.minY + box.maxY) / 2 - origin.minY;
    doubts.push({
      text: `lines of ${tenth(widthOf(box))} × ${tenth(heightOf(box))} mm at X${tenth(x)} Y${tenth(y)}`,
      why: "closes no contour the reader placed (centred there from the outline's lower-left corner: a cut-out, pocket or hole whose line a value written across it broke on the scan)",
    });
  }
  return doubts;
}

/** Primitives joined end to end (ends within `gap`), as groups. */
function joinedGroups(primitives: readonly Primitive[], gap: number): Primitive[][] {
  const parent = primitives.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const ends = primitives.map((primitive) => endpoints(primitive) ?? []);
  for (let i = 0; i < primitives.length; i++)
    for (let j = i + 1; j < primitives.length; j++)
      if (ends[i]!.some((p) => ends[j]!.some((q) => Math.hypot(p.x - q.x, p.y - q.y) <= gap)))
        parent[find(i)] = find(j);
  const groups = new Map<number, Primitive[]>();
  primitives.forEach((primitive, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), primitive]);
  });
  return [...groups.values()];
}

/** Primitives whose boxes come within `gap` of one another, as clusters. */
function clusters(primitives: readonly Primitive[], gap: number): Primitive[][] {
  const out: { box: Box; members: Primitive[] }[] = [];
  for (const primitive of primitives) {
    let cluster = { box: boxOf(primitive), members: [primitive] };
    for (let i = out.length - 1; i >= 0; i--) {
      const other = out[i]!;
      const apart =
        other.box.minX - gap > cluster.box.maxX ||
        cluster.box.minX > other.box.maxX + gap ||
        other.box.minY - gap > cluster.box.maxY ||
        cluster.box.minY > other.box.maxY + gap;
      if (apart) continue;
      cluster = {
        box: unionBox([other.box, cluster.box]),
        members: [...other.members, ...cluster.members],
      };
      out.splice(i, 1);
    }
    out.push(cluster);
  }
  return out.map((cluster) => cluster.members);
}

function boxOfPoints(points: readonly Point2[]): Box {
  return unionBox(points.map((p) => ({ minX: p.x, minY: p.y, maxX: p.x, maxY: p.y })));
}

const tenth = (mm: number) => formatMm(Math.round(mm * 10) / 10);
