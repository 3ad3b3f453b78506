/**
 * Holes a plate's drawing counts ('4x Ø5.5', '2x M6 ↧ 12', '6X ⌀3.2 THRU': ISO 129-1 writes how
 * many features a size applies to before it) that the top view read holds fewer of. The line work
 * of a scan can lose a circle, and a hole the reader never saw is not in the description: no
 * check of the program would find it missing. Such a callout is named in `unresolved` and held as
 * a size the top view does not hold, so no program is called verified without the hole. So is a
 * diameter written once that nothing round of a plate's top view is (missingWrittenHoles).
 */
import { formatMm, parseDiameterCallout, parseThreadCallout } from '#cam/callouts';
import type { PrismaticDescription } from '#contracts/blueprint';
import { countPrefix } from '#contracts/written-numbers';
import { boundsOf, type Polygon } from '#cam/geometry/polygon';
import type { PlateSize } from './plate-sizes.ts';
import type { DimensionNote } from './content.ts';
import { measuredMm } from './dimensions.ts';

/** A hole's size within this of the callout's is the hole it counts, mm. */
const SAME_MM = 0.05;
/** A tapped hole's major diameter within this of the thread's, mm. */
const SAME_THREAD_MM = 0.1;

/** What a counted callout asks for: how many holes of which size. */
interface Counted {
  text: string;
  count: number;
  /** The hole's size (a thread's major diameter), mm. */
  diameterMm: number;
  thread: boolean;
}

/** The count and size a callout writes, or undefined when it counts no hole. */
export function countedHole(text: string, units: 'mm' | 'inch'): Counted | undefined {
  const plain = text.replace(/\s+/g, ' ').trim();
  const counted = countPrefix(plain, 'hole');
  if (!counted) return undefined;
  const { rest, count } = counted;
  const thread = parseThreadCallout(rest);
  if (thread && !/^[ØøⲪ⌀∅]/.test(rest))
    return { text: plain, count, diameterMm: thread.majorDiameterMm, thread: true };
  if (!/^[ØøⲪ⌀∅]/.test(rest)) return undefined;
  const diameter = parseDiameterCallout(rest, units);
  if (!diameter) return undefined;
  return { text: plain, count, diameterMm: diameter.nominalMm, thread: false };
}

/** How many of the holes read are the size a callout counts. */
function holesOf(counted: Counted, holes: PrismaticDescription['holes']): number {
  return holes.filter((hole) =>
    counted.thread
      ? hole.kind === 'tapped' && Math.abs(hole.diameterMm - counted.diameterMm) <= SAME_THREAD_MM
      : Math.abs(hole.diameterMm - counted.diameterMm) <= SAME_MM,
  ).length;
}

/**
 * The counted callouts the holes read fall short of, in words and as sizes the top view does
 * not hold.
 * @param notes - the drawing's notes (title block left out)
 * @param dimensions - its dimensions with their text as shown
 * @param holes - the plate's holes as read (diameters in mm; a tapped hole's is its thread's)
 * @param units - `mmPerUnit`: 25.4 for a drawing in inches
 */
export function missingCountedHoles(
  notes: readonly { text: string }[],
  dimensions: readonly { text: string }[],
  holes: PrismaticDescription['holes'],
  units: { mmPerUnit: number },
): { unresolved: string[]; unheld: PlateSize[] } {
  const inch = Math.abs(units.mmPerUnit - 25.4) < 1e-9;
  const texts = [...notes, ...dimensions].map(({ text }) => text);
  const found = { unresolved: [] as string[], unheld: [] as PlateSize[] };
  const seen = new Set<string>();
  for (const text of texts) {
    const counted = countedHole(text, inch ? 'inch' : 'mm');
    if (!counted || seen.has(counted.text)) continue;
    seen.add(counted.text);
    const read = holesOf(counted, holes);
    if (read >= counted.count) continue;
    found.unresolved.push(
      `The drawing writes "${counted.text}" (${counted.count} holes), and the top view read holds ${read} of Ø${formatMm(counted.diameterMm)}: the others are not programmed. Check the drawing, and give the missing holes with 'Change'.`,
    );
    found.unheld.push({
      dimension: `${counted.text} (${counted.count - read} of ${counted.count} not found in the top view)`,
      mm: counted.diameterMm,
      measures: 'other',
    });
  }
  return found;
}

/** A traced size within this share of a written diameter is that diameter (a scan's trace). */
const SAME_SHARE = 0.01;

/** Whether two sizes are one within SAME_MM or SAME_SHARE. */
const sameRound = (a: number, b: number) => Math.abs(a - b) <= Math.max(SAME_MM, SAME_SHARE * b);

/**
 * Whether a dimension's line spans about `mm`: within MEASURED_SHARE, or MEASURED_MM, of what its
 * definition points measure (dimensions.ts measuredMm, times the dimension's own factor).
 */
function measuresAbout(note: DimensionNote, mm: number): boolean {
  const span = measuredMm(note) * (note.measureFactor ?? 1);
  return Math.abs(span - mm) <= Math.max(MEASURED_MM, MEASURED_SHARE * mm);
}

/** A written diameter its line measures within this share or this many mm (a scan's trace). */
const MEASURED_SHARE = 0.05;
const MEASURED_MM = 0.3;

/** Width and height of a polygon's box. */
function boxSizes(points: Polygon): number[] {
  const { minX, minY, maxX, maxY } = boundsOf([points]);
  return [maxX - minX, maxY - minY];
}

/**
 * Whether holes of one size lie on a circle of `diameterMm` (a pitch circle, written as a
 * diameter on its centre line): two of them that far apart, or three or more that far across
 * about their centroid.
 */
function pitchCircle(diameterMm: number, holes: PrismaticDescription['holes']): boolean {
  const bySize = new Map<number, PrismaticDescription['holes']>();
  for (const hole of holes) {
    const key = Math.round(hole.diameterMm * 100);
    bySize.set(key, [...(bySize.get(key) ?? []), hole]);
  }
  for (const group of bySize.values()) {
    if (group.length < 2) continue;
    const apart = group.some((a, i) =>
      group.slice(i + 1).some((b) => sameRound(Math.hypot(a.x - b.x, a.y - b.y), diameterMm)),
    );
    if (apart) return true;
    if (group.length < 3) continue;
    const cx = group.reduce((sum, h) => sum + h.x, 0) / group.length;
    const cy = group.reduce((sum, h) => sum + h.y, 0) / group.length;
    if (group.every((h) => sameRound(2 * Math.hypot(h.x - cx, h.y - cy), diameterMm))) return true;
  }
  return false;
}

/**
 * Whether the top view holds something round of a written diameter: a hole (its size, its
 * counterbore or its countersink), a pitch circle of its holes, the outline, a pocket or a step
 * as wide.
 */
function holdsRound(
  diameterMm: number,
  plate: Pick<PrismaticDescription, 'holes' | 'outline' | 'pockets'> &
    Partial<Pick<PrismaticDescription, 'steps'>>,
): boolean {
  const sizes = [
    ...plate.holes.flatMap((hole) => [
      hole.diameterMm,
      hole.counterboreDiameterMm ?? 0,
      hole.countersinkDiameterMm ?? 0,
    ]),
    ...boxSizes(plate.outline),
    ...plate.pockets.flatMap((pocket) => boxSizes(pocket.outline)),
    ...(plate.steps ?? []).flatMap((step) => boxSizes(step.outline)),
  ];
  return (
    sizes.some((mm) => mm > 0 && sameRound(mm, diameterMm)) || pitchCircle(diameterMm, plate.holes)
  );
}

/**
 * Diameters a plate's dimensions write once ('Ø28', 'Ø8 H7', without a count) that nothing round
 * of the top view read is: a bore whose circle the line work of a scan did not close. Named in
 * words and held as sizes the top view does not hold, so no program is verified without it.
 * Only for a plate's own top view: a turned part's end view shows its diameters as circles the
 * turned reading places.
 * @param dimensions - the drawing's dimensions with their text as shown
 * @param plate - the top view as read
 * @param units - `mmPerUnit`: 25.4 for a drawing in inches
 */
export function missingWrittenHoles(
  dimensions: readonly { note: DimensionNote; text: string }[],
  plate: Pick<PrismaticDescription, 'holes' | 'outline' | 'pockets'> &
    Partial<Pick<PrismaticDescription, 'steps'>>,
  units: { mmPerUnit: number },
): { unresolved: string[]; unheld: PlateSize[] } {
  const inch = Math.abs(units.mmPerUnit - 25.4) < 1e-9;
  const found = { unresolved: [] as string[], unheld: [] as PlateSize[] };
  const seen = new Set<string>();
  for (const { note, text } of dimensions) {
    const plain = text.replace(/\s+/g, ' ').trim();
    if (note.kind === 'radius' || !/^[ØøⲪ⌀∅]/.test(plain) || seen.has(plain)) continue;
    const diameter = parseDiameterCallout(plain, inch ? 'inch' : 'mm');
    if (!diameter || holdsRound(diameter.nominalMm, plate)) continue;
    // A value its own line does not measure is a misreading (a scan's '22' read 'Ø2'), no bore.
    if (!measuresAbout(note, diameter.nominalMm)) continue;
    seen.add(plain);
    found.unresolved.push(
      `The drawing writes "${plain}", and the top view read holds no hole or circle of Ø${formatMm(diameter.nominalMm)}: it is not programmed. Check the drawing, and give the hole with 'Change'.`,
    );
    found.unheld.push({
      dimension: `${plain} (not found in the top view)`,
      mm: diameter.nominalMm,
      measures: 'other',
    });
  }
  return found;
}
