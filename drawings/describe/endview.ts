/**
 * What the end view of a turned part says about its side view: a diameter of the side view is
 * turned only when the end view draws a circle of that size around the axis. Bosses, pins or
 * lugs standing beside the axis look like a diameter in the side view (their outer edges are
 * symmetric about the axis), but the end view shows them as circles away from the centre.
 */
import { formatMm } from '#cam/callouts';
import { isFullCircle, type Point, type Primitive } from '../geometry/primitives.ts';
import { toAxisFrame, type Axis } from './axis.ts';
import type { TurnedProfile } from './profile.ts';
import { boxOf, heightOf, unionBox, widthOf, type View } from '../geometry/shapes.ts';

/** Circles of an end view: about its centre (diameters) and away from it (their outer reach). */
interface EndViewCircles {
  concentric: number[];
  /**
   * How far each off-centre circle reaches, as a diameter: across the side view's axis (its
   * centre's offset measured across the axis, the end view being projected beside the side
   * view, plus its radius, twice: what the side view shows of it), and from the centre in any
   * direction (its centre's distance plus its radius, twice: what a lathe must leave for it).
   */
  offCentre: { acrossMm: number; radialMm: number }[];
}

function circlesOf(view: View, hidden: Primitive[], axis: Axis): EndViewCircles {
  const size = Math.max(widthOf(view.box), heightOf(view.box));
  const cx = (view.box.minX + view.box.maxX) / 2;
  const cy = (view.box.minY + view.box.maxY) / 2;
  const inBox = (p: Primitive) => {
    const b = boxOf(p);
    return (
      b.minX >= view.box.minX - 0.01 * size &&
      b.maxX <= view.box.maxX + 0.01 * size &&
      b.minY >= view.box.minY - 0.01 * size &&
      b.maxY <= view.box.maxY + 0.01 * size
    );
  };
  const circles = [...view.primitives, ...hidden.filter(inBox)].filter(
    (p) => p.kind === 'arc' && isFullCircle(p),
  );
  const concentric: number[] = [];
  const offCentre: EndViewCircles['offCentre'] = [];
  for (const circle of circles) {
    if (circle.kind !== 'arc') continue;
    const off = Math.hypot(circle.center.x - cx, circle.center.y - cy);
    if (off <= 0.01 * size) concentric.push(2 * circle.radius);
    else {
      const across = axis.horizontal ? circle.center.y - cy : circle.center.x - cx;
      offCentre.push({
        acrossMm: 2 * (Math.abs(across) + circle.radius),
        radialMm: 2 * (off + circle.radius),
      });
    }
  }
  return { concentric, offCentre };
}

/** What trimOffAxisEnds found: the side view without them, and what was left out, in words. */
export interface OffAxisTrim {
  view: View;
  note: string;
}

/**
 * Outer diameters at the ends of the profile that are features beside the axis: their end face
 * does not cross the axis in the side view, no end view has a circle of that size about its
 * centre (within 1 % + 0.05 mm), and one has circles away from the centre reaching 90 % to
 * 102 % as far across the axis (holes or bosses there). Their geometry is replaced in the side
 * view by their envelope: a cylinder about the axis over their length, as far out as the end
 * view's off-centre circles that the side view shows there reach from the centre (bosses off the
 * view's plane reach further than their projection), never past the turned body. The lathe turns
 * that, and the bosses are milled from it; turning the body alone would face their material
 * away.
 *
 * @param profile - the profile read from the side view
 * @param view - the side view (mm)
 * @param axis - its axis
 * @param endViews - the round views of the drawing
 * @param hidden - hidden lines of the drawing (hidden circles of the end views count)
 * @returns the side view with the envelopes and a note for `unresolved`, or undefined when
 *   nothing is off-axis
 */
export function trimOffAxisEnds(
  profile: TurnedProfile,
  view: View,
  axis: Axis,
  endViews: View[],
  hidden: Primitive[],
): OffAxisTrim | undefined {
  if (endViews.length === 0 || profile.outer.length < 2) return undefined;
  const circles = endViews.map((end) => circlesOf(end, hidden, axis));
  const same = (a: number, b: number) => Math.abs(a - b) <= 0.01 * b + 0.05;
  const offAxis = (diameter: number) =>
    !circles.some((c) => c.concentric.some((d) => same(d, diameter))) &&
    circles.some((c) =>
      c.offCentre.some(({ acrossMm }) => acrossMm >= 0.9 * diameter && acrossMm <= 1.02 * diameter),
    );
  const outer = profile.outer;
  // The end face of a turned diameter crosses the axis in the side view (unless bored, when the
  // end view has the bore's circle); bosses beside the axis end in faces away from it.
  const framed = toAxisFrame(view.primitives, axis);
  const crossesAxisAt = (u: number) => {
    const p = profile.place(u, 0);
    const at = axis.horizontal ? p.x : p.y;
    const tol = 0.01 * profile.lengthMm + 0.01;
    return framed.some((q) => {
      const b = boxOf(q);
      return b.minX >= at - tol && b.maxX <= at + tol && b.minY < 0 && b.maxY > 0;
    });
  };
  const offAxisEnd = (k: number, end: number) =>
    offAxis(outer[k]!.diameterMm) && !crossesAxisAt(end);
  let first = 0;
  while (first < outer.length - 1 && offAxisEnd(first, outer[first]!.startMm)) first++;
  let last = outer.length - 1;
  while (last > first && offAxisEnd(last, outer[last]!.endMm)) last--;
  if (first === 0 && last === outer.length - 1) return undefined;
  const keepFrom = outer[first]!.startMm;
  const keepTo = outer[last]!.endMm;
  // Profile positions back to the axis frame of the view.
  const uOf = (u: number) => {
    const p = profile.place(u, 0);
    return axis.horizontal ? p.x : p.y;
  };
  const [lo, hi] = [uOf(keepFrom), uOf(keepTo)].sort((a, b) => a - b) as [number, number];
  const tol = 1e-3 * (hi - lo) + 1e-3;
  const primitives = view.primitives.filter((p) => {
    const b = unionBox(toAxisFrame([p], axis).map(boxOf));
    // Left out: geometry reaching only into the part beyond the turned body (a face at the cut stays).
    const before = b.minX < lo - tol && b.maxX <= lo + tol;
    const after = b.maxX > hi + tol && b.minX >= hi - tol;
    return !before && !after;
  });
  if (primitives.length === 0) return undefined;
  const left = outer.filter((_, k) => k < first || k > last);
  const largestKept = Math.max(...outer.slice(first, last + 1).map((d) => d.diameterMm));
  // What the lathe leaves for them: as far out as the end view's circles that the side view
  // shows there reach from the centre, never past the turned body.
  const envelopeOf = (sections: typeof outer) => {
    const seen = Math.max(...sections.map((d) => d.diameterMm));
    const reach = circles
      .flatMap((c) => c.offCentre)
      .filter(({ acrossMm }) => acrossMm <= 1.02 * seen)
      .map(({ radialMm }) => radialMm);
    return Math.min(largestKept, Math.max(seen, ...reach));
  };
  const envelopes: Envelope[] = [];
  if (first > 0)
    envelopes.push({
      fromMm: outer[0]!.startMm,
      toMm: keepFrom,
      faceMm: outer[0]!.startMm,
      diameterMm: envelopeOf(outer.slice(0, first)),
    });
  if (last < outer.length - 1)
    envelopes.push({
      fromMm: keepTo,
      toMm: outer.at(-1)!.endMm,
      faceMm: outer.at(-1)!.endMm,
      diameterMm: envelopeOf(outer.slice(last + 1)),
    });
  const drawn = envelopes.flatMap((envelope) => envelopeLines(envelope, profile));
  const sizes = left
    .map((d) => `Ø${formatMm(round2(d.diameterMm))} × ${formatMm(round2(d.endMm - d.startMm))} mm`)
    .join(', ');
  const turned = envelopes
    .map((e) => `Ø${formatMm(round2(e.diameterMm))} × ${formatMm(round2(e.toMm - e.fromMm))} mm`)
    .join(' and ');
  const all = [...primitives, ...drawn];
  return {
    view: { primitives: all, box: unionBox(all.map(boxOf)) },
    note: `The side view shows ${sizes} beside the axis, but the end view draws no circle of that size around the centre: they are bosses or lugs off the axis, not turned: the lathe turns their envelope ${turned}, from which they are milled. Make them on the mill, or describe them with 'Change'.`,
  };
}

/** A cylinder about the axis that holds bosses beside it, in profile positions (mm). */
interface Envelope {
  fromMm: number;
  toMm: number;
  /** Where its end face stands: the end of the part it is at. */
  faceMm: number;
  diameterMm: number;
}

const round2 = (mm: number) => Math.round(mm * 100) / 100;

/** The envelope drawn into the side view: its two edges and its end face (mm). */
function envelopeLines(envelope: Envelope, profile: TurnedProfile): Primitive[] {
  const r = envelope.diameterMm / 2;
  const at = (u: number, v: number) => profile.place(u, v);
  const line = (a: Point, b: Point): Primitive => ({ kind: 'line', a, b, layer: 'envelope' });
  return [
    line(at(envelope.fromMm, r), at(envelope.toMm, r)),
    line(at(envelope.fromMm, -r), at(envelope.toMm, -r)),
    line(at(envelope.faceMm, r), at(envelope.faceMm, -r)),
  ];
}
