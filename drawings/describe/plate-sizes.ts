/**
 * The linear sizes a plate's drawing writes, with their own tolerances (`prismatic.sizes`): the
 * outline's width and height, the thickness, and the sizes of steps and ribs the top-view model
 * has no place for (a U-holder's arm width, an extrusion's base). The CAM core holds the outline
 * and the thickness to the tightest of these tolerances (cam/prismatic/tolerances.ts).
 */
import { locateThreadCallout, parseLengthCallout, startsWithDiameterSign } from '#cam/callouts';
import type { PrismaticDescription } from '#contracts/blueprint';
import type { DimensionNote } from './content.ts';

export type PlateSize = NonNullable<PrismaticDescription['sizes']>[number];

/** Whether a written size is a measured one: within its limits, or 0.5 % (at least 0.02 mm). */
function sameSize(size: PlateSize, measuredMm: number): boolean {
  const low = size.mm + Math.min(0, size.tolerance?.lowerMm ?? 0);
  const high = size.mm + Math.max(0, size.tolerance?.upperMm ?? 0);
  const slack = Math.max(0.02, 0.005 * size.mm);
  return measuredMm >= low - slack && measuredMm <= high + slack;
}

/**
 * The linear sizes written on a plate's drawing.
 *
 * @param dimensions - the drawing's dimensions with their text as shown
 * @param plate - the top view read (outline in mm, thickness, holes with their callouts)
 * @param mmPerUnit - millimetres per drawing unit (numbers without a unit are in drawing units)
 * @returns one entry per distinct size and what it measures, in drawing order (diameter, radius,
 *   angle and ordinate dimensions, counted and thread callouts and the holes' own callouts left
 *   out): `width` or `height` when it is the outline's box size (in the dimension's direction
 *   first), `position` when one end lies on a hole's or slot's centre and it is a distance along
 *   its direction from another centre or a straight outline edge, `thickness` when it is the
 *   plate's thickness, `feature` when it is a slot's width or length, a cut-out's or pocket's
 *   box size or the distance between parallel straight outline edges, else `other` (a size the
 *   top view does not hold: a step, a depth, a side view's size)
 */
export function writtenPlateSizes(
  dimensions: readonly { note: DimensionNote; text: string }[],
  plate: Pick<PrismaticDescription, 'outline' | 'thicknessMm' | 'holes'> &
    Partial<Pick<PrismaticDescription, 'slots' | 'pockets' | 'steps'>>,
  mmPerUnit: number,
): PlateSize[] {
  const xs = plate.outline.map((p) => p.x);
  const ys = plate.outline.map((p) => p.y);
  const widthMm = Math.max(...xs) - Math.min(...xs);
  const heightMm = Math.max(...ys) - Math.min(...ys);
  const units = mmPerUnit > 20 ? 'inch' : 'mm';
  // Edges a hole is located from: the sides of the outline's box, and the outline's straight
  // edges along x or y (at least 5 % of the outline's size; arcs drawn as short chords are not).
  const edges = { x: [Math.min(...xs), Math.max(...xs)], y: [Math.min(...ys), Math.max(...ys)] };
  const shortest = 0.05 * Math.max(widthMm, heightMm);
  for (const [i, a] of plate.outline.entries()) {
    const b = plate.outline[(i + 1) % plate.outline.length]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length < shortest) continue;
    if (Math.abs(b.x - a.x) <= 1e-3 * length) edges.x.push(a.x);
    if (Math.abs(b.y - a.y) <= 1e-3 * length) edges.y.push(a.y);
  }
  // Distances along x and y from each hole or slot centre to the others and to those edges.
  const centres = [
    ...plate.holes,
    ...(plate.slots ?? []).flatMap((slot) => [
      slot.from,
      slot.to,
      { x: (slot.from.x + slot.to.x) / 2, y: (slot.from.y + slot.to.y) / 2 },
    ]),
  ];
  const along = { x: [] as number[], y: [] as number[] };
  for (const [i, hole] of centres.entries()) {
    for (const other of centres.slice(i + 1)) {
      along.x.push(Math.abs(hole.x - other.x));
      along.y.push(Math.abs(hole.y - other.y));
    }
    for (const x of edges.x) along.x.push(Math.abs(hole.x - x));
    for (const y of edges.y) along.y.push(Math.abs(hole.y - y));
  }
  // A position: the written value is such a distance, and one end of the dimension lies on a
  // hole's centre line across its direction.
  const near = Math.max(0.05, 0.002 * Math.max(widthMm, heightMm));
  const endsAtHole = (note: DimensionNote, axis: 'x' | 'y') =>
    centres.some((centre) =>
      [note.p1, note.p2].some((end) => Math.abs(end[axis] - centre[axis]) <= near),
    );
  const locates = (size: PlateSize, note: DimensionNote, horizontal: boolean, vertical: boolean) =>
    (horizontal && endsAtHole(note, 'x') && along.x.some((mm) => mm > 0 && sameSize(size, mm))) ||
    (vertical && endsAtHole(note, 'y') && along.y.some((mm) => mm > 0 && sameSize(size, mm)));
  // Sizes the top view holds besides its box: slots' widths and lengths, cut-outs' and pockets'
  // boxes, and the distances between parallel straight edges of the outline (an arm's width).
  const featureSizes: number[] = [];
  for (const slot of plate.slots ?? []) {
    featureSizes.push(
      slot.widthMm,
      Math.hypot(slot.to.x - slot.from.x, slot.to.y - slot.from.y) + slot.widthMm,
    );
  }
  for (const pocket of plate.pockets ?? []) {
    const px = pocket.outline.map((p) => p.x);
    const py = pocket.outline.map((p) => p.y);
    featureSizes.push(Math.max(...px) - Math.min(...px), Math.max(...py) - Math.min(...py));
    // A pocket's depth, read from a side or section view or a note (side-views.ts).
    if (pocket.depthMm !== undefined) featureSizes.push(pocket.depthMm);
  }
  // A step's depth and its region's box (the step's width from the outline).
  for (const step of plate.steps ?? []) {
    const px = step.outline.map((p) => p.x);
    const py = step.outline.map((p) => p.y);
    featureSizes.push(Math.max(...px) - Math.min(...px), Math.max(...py) - Math.min(...py));
    if (step.depthMm !== undefined) featureSizes.push(step.depthMm);
  }
  for (const list of [edges.x, edges.y])
    for (const [i, a] of list.entries())
      for (const b of list.slice(i + 1))
        if (Math.abs(a - b) > 0) featureSizes.push(Math.abs(a - b));
  const sizes: PlateSize[] = [];
  const seen = new Set<string>();
  for (const { note, text } of dimensions) {
    if (note.kind !== 'linear' && note.kind !== 'aligned') continue;
    const written = text.replace(/\s+/g, ' ').trim();
    if (!written || startsWithDiameterSign(written) || /^R\s?\d/i.test(written)) continue;
    // A feature callout with a count or a thread ('6 X M3 X.5', '4x Ø6.6').
    if (/^\d+\s*[x×]\s*\D/i.test(written) || locateThreadCallout(written)) continue;
    const parsed = parseLengthCallout(written, units);
    if (!parsed) continue;
    // A plain number across a hole, as wide as the hole: its diameter.
    const acrossHole = plate.holes.some(
      (hole) =>
        Math.hypot((note.p1.x + note.p2.x) / 2 - hole.x, (note.p1.y + note.p2.y) / 2 - hole.y) <=
          hole.diameterMm / 4 &&
        Math.abs(parsed.valueMm - hole.diameterMm) <= 0.005 * hole.diameterMm + 0.02,
    );
    if (acrossHole) continue;
    const size: PlateSize = {
      dimension: written,
      mm: parsed.valueMm,
      ...(parsed.tolerance
        ? { tolerance: { upperMm: parsed.tolerance.upperMm, lowerMm: parsed.tolerance.lowerMm } }
        : {}),
      measures: 'other',
    };
    // Direction of a linear dimension: along x (0 or 180°) or y (90°); aligned: either.
    const cosine = Math.abs(Math.cos(note.angleRad));
    const horizontal = note.kind === 'aligned' || cosine > 0.9;
    const vertical = note.kind === 'aligned' || cosine < 0.1;
    if (horizontal && sameSize(size, widthMm)) size.measures = 'width';
    else if (vertical && sameSize(size, heightMm)) size.measures = 'height';
    else if (locates(size, note, horizontal, vertical)) size.measures = 'position';
    // The outline's size written in another view (a side view's width).
    else if (sameSize(size, widthMm)) size.measures = 'width';
    else if (sameSize(size, heightMm)) size.measures = 'height';
    else if (plate.thicknessMm !== undefined && sameSize(size, plate.thicknessMm))
      size.measures = 'thickness';
    else if (featureSizes.some((mm) => sameSize(size, mm))) size.measures = 'feature';
    // A plain number on a hole's diameter ('3.40 ±0.10': the hole's callout).
    else if (plate.holes.some((hole) => sameSize(size, hole.diameterMm))) continue;
    // The same size written twice (in two views) is one size.
    const key = `${size.mm}|${size.tolerance?.upperMm}|${size.tolerance?.lowerMm}|${size.measures}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sizes.push(size);
  }
  return sizes;
}
