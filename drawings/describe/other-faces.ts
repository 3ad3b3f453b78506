/**
 * What a plate's top view draws hidden. ISO 128-2 (type 02.1 dashed lines) draws the edges a
 * view does not see as hidden lines: in the top view these are features opened from the bottom
 * face, cut into a side face, or inside the plate, which a program that machines from the top
 * cannot reach. They are named, one sentence each, and held as sizes the top view does not hold
 * (`measures: 'other'`), so the program says it leaves them and is never called verified; a
 * further setup (the plate turned over, or on its side) makes them.
 *
 * Two kinds of hidden line in a top view are not such features and are left out: one that runs
 * over a visible edge (the same edge seen through), and a hidden circle around a hole a little
 * larger than it (up to 1.3 times), which is how ASME Y14.6's simplified representation draws a
 * tapped hole's major diameter in its circular view.
 */
import { formatMm } from '#cam/callouts';
import type { PrismaticDescription } from '#contracts/blueprint';
import type { Primitive } from '../geometry/primitives.ts';
import {
  boxOf,
  closedLoops,
  distanceTo,
  endpoints,
  groupViews,
  heightOf,
  midpointOf,
  unionBox,
  widthOf,
  type Box,
} from '../geometry/shapes.ts';
import { placeWords } from './top-contours.ts';

/** A hidden circle around a hole up to this many times its diameter is its thread's major diameter. */
const THREAD_MAJOR_MAX_RATIO = 1.3;

/**
 * Open hidden lines this close are one feature, mm (the two sides of a hole drilled into a side
 * face are a hole's diameter apart and stay two: each is named).
 */
const OPEN_GROUP_GAP_MM = 2;

/** What the top view's hidden features add to the description. */
export interface HiddenFeatures {
  /** One sentence per feature, for `unresolved`. */
  unresolved: string[];
  /** The same features as sizes the top view does not hold. */
  unheld: NonNullable<PrismaticDescription['sizes']>;
}

const r2 = (mm: number) => Math.round(mm * 100) / 100;
const sizeOf = (box: Box) => `${formatMm(r2(widthOf(box)))} × ${formatMm(r2(heightOf(box)))} mm`;

/** Whether the box lies within `outer`, `gap` allowed. */
const within = (box: Box, outer: Box, gap: number) =>
  box.minX >= outer.minX - gap &&
  box.maxX <= outer.maxX + gap &&
  box.minY >= outer.minY - gap &&
  box.maxY <= outer.maxY + gap;

/** Whether a hidden primitive runs over a visible one (its ends and middle on it). */
function overVisible(primitive: Primitive, visible: Primitive[], tolMm: number): boolean {
  const points = [...(endpoints(primitive) ?? []), midpointOf(primitive)];
  return visible.some((edge) => points.every((p) => distanceTo(p, edge) <= tolMm));
}

/** Whether a hidden circle is a thread's major diameter around one of the holes. */
function threadMajor(
  circle: { center: { x: number; y: number }; diameterMm: number },
  holes: { x: number; y: number; diameterMm: number }[],
  tolMm: number,
): boolean {
  return holes.some(
    (hole) =>
      Math.hypot(hole.x - circle.center.x, hole.y - circle.center.y) <= tolMm &&
      circle.diameterMm > hole.diameterMm &&
      circle.diameterMm <= THREAD_MAJOR_MAX_RATIO * hole.diameterMm,
  );
}

/**
 * The features the top view draws hidden, named.
 *
 * @param top - the top view's visible primitives and the outline's box, mm
 * @param hidden - every hidden line of the drawing, mm (those outside the outline's box belong to
 *   other views and are left out)
 * @param holes - the holes read in the top view (centres and diameters, mm)
 * @param tolMm - distance within which ends meet and lines coincide, mm
 */
export function hiddenFeatures(
  top: { primitives: Primitive[]; outlineBox: Box },
  hidden: Primitive[],
  holes: { x: number; y: number; diameterMm: number }[],
  tolMm: number,
): HiddenFeatures {
  const found: HiddenFeatures = { unresolved: [], unheld: [] };
  const inView = hidden.filter(
    (primitive) =>
      within(boxOf(primitive), top.outlineBox, tolMm) &&
      !overVisible(primitive, top.primitives, tolMm),
  );
  if (inView.length === 0) return found;
  const origin = { x: top.outlineBox.minX, y: top.outlineBox.minY };
  const name = (box: Box, what: string) => {
    const where = placeWords(box, origin);
    found.unresolved.push(
      `The top view draws ${what}, ${where}, hidden: a feature of the bottom face, a side or the inside of the plate, which a program from the top does not reach. It is not programmed: make it in a further setup (the plate turned over or on its side), or give it with 'Change' if it is reached from the top.`,
    );
    found.unheld.push({
      dimension: `${what} drawn hidden (${where})`,
      mm: r2(Math.max(widthOf(box), heightOf(box))),
      measures: 'other',
    });
  };
  const loops = closedLoops(inView, tolMm);
  const looped = new Set(loops.flatMap((loop) => loop.primitives));
  for (const loop of loops) {
    const box = loop.box;
    const center = { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
    if (loop.circleDiameterMm !== undefined) {
      const circle = { center, diameterMm: loop.circleDiameterMm };
      if (!threadMajor(circle, holes, tolMm))
        name(box, `a circle Ø${formatMm(r2(circle.diameterMm))}`);
    } else name(box, `a contour ${sizeOf(box)}`);
  }
  // Open hidden lines (a hole drilled into a side, a step seen through): one feature per group
  // of lines that touch.
  const open = inView.filter((primitive) => !looped.has(primitive));
  for (const group of groupViews(open, Math.max(tolMm, OPEN_GROUP_GAP_MM))) {
    const box = unionBox(group.primitives.map(boxOf));
    name(box, `lines over ${sizeOf(box)}`);
  }
  return found;
}
