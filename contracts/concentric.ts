/**
 * Circles a plate's top view draws concentric with its holes that no callout sizes: a
 * counterbore's, countersink's or chamfer's edge, or a thread's major diameter drawn as a full
 * circle (ISO 6410-1 draws it as a 3/4 arc). The drawing reader carries each such circle as an
 * `unplaced` entry with `around` (decision 073); it is explained, and no longer holds the program
 * back, once a hole at its place has a counterbore, a countersink or a thread of its size. The
 * CAM core (what is not programmed), the values table (which rows it shows) and the reader (after
 * applying callouts) decide it with this one function.
 */
import type { BlueprintDescription, PrismaticDescription } from './blueprint.ts';

/** A circle of `diameterMm` drawn concentric with the holes at `holes` (top view, mm). */
export type ConcentricAround = NonNullable<
  NonNullable<BlueprintDescription['unplaced']>[number]['around']
>;

/** A hole's centre within this of a listed place is the hole drawn there, mm. */
const SAME_PLACE_MM = 0.1;

/**
 * A written size within this of the drawn circle is that circle, mm: 0.05 mm on a vector
 * drawing's exact circles, 3 % of the diameter on a scan's traced ones.
 */
const sameCircle = (writtenMm: number, drawnMm: number) =>
  Math.abs(writtenMm - drawnMm) <= Math.max(0.05, 0.03 * drawnMm);

/** Whether `hole` has a counterbore, countersink or thread whose size is the circle's. */
function explains(hole: PrismaticDescription['holes'][number], circleMm: number): boolean {
  const sizes = [hole.counterboreDiameterMm, hole.countersinkDiameterMm];
  // A tapped hole's size is its thread's major diameter: a full circle drawn there is the thread.
  if (hole.thread !== undefined || hole.kind === 'tapped') sizes.push(hole.diameterMm);
  return sizes.some((size) => size !== undefined && sameCircle(size, circleMm));
}

/**
 * The places of `around` whose hole does not explain the circle.
 *
 * @param around - the circle's diameter and the hole centres it is drawn around, mm
 * @param holes - the plate's holes as they stand (callouts and the operator's changes applied)
 * @returns the centres still unexplained; empty when every hole explains the circle
 */
export function holesLeftAround(
  around: ConcentricAround,
  holes: PrismaticDescription['holes'],
): ConcentricAround['holes'] {
  return around.holes.filter(
    (place) =>
      !holes.some(
        (hole) =>
          Math.hypot(hole.x - place.x, hole.y - place.y) <= SAME_PLACE_MM &&
          explains(hole, around.diameterMm),
      ),
  );
}

/**
 * Whether an `unplaced` entry still holds the program back: every entry does, except a
 * concentric circle every hole of which now explains it.
 */
export function stillUnplaced(
  item: NonNullable<BlueprintDescription['unplaced']>[number],
  holes: PrismaticDescription['holes'] | undefined,
): boolean {
  if (!item.around) return true;
  return holesLeftAround(item.around, holes ?? []).length > 0;
}
