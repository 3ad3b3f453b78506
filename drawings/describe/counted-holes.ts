/**
 * Holes a plate's drawing counts ('4x Ø5.5', '2x M6 ↧ 12', '6X ⌀3.2 THRU': ISO 129-1 writes how
 * many features a size applies to before it) that the top view read holds fewer of. The line work
 * of a scan can lose a circle, and a hole the reader never saw is not in the description: no
 * check of the program would find it missing. Such a callout is named in `unresolved` and held as
 * a size the top view does not hold, so no program is called verified without the hole.
 */
import { formatMm, parseDiameterCallout, parseThreadCallout } from '#cam/callouts';
import type { PrismaticDescription } from '#contracts/blueprint';
import { countPrefix } from '#contracts/written-numbers';
import type { PlateSize } from './plate-sizes.ts';

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
