/**
 * The note on circles drawn concentric with a plate's hole (a counterbore's, countersink's or
 * chamfer's edge, a step) that the top view alone does not size: written by the top-view reader
 * (prismatic.ts), and narrowed once a hole callout explains a circle as the hole's counterbore
 * or countersink (text/hole-callouts.ts).
 */
import { formatMm } from '#cam/callouts';
import type { PrismaticDescription } from '#contracts/blueprint';

/** A drawn hole and the diameters of the circles concentric with it, mm. */
export interface ConcentricCircles {
  diameterMm: number;
  around: number[];
}

const key = (value: number) => Math.round(value * 100) / 100;
const diameterText = (value: number) => `Ø${formatMm(key(value))}`;

const START = 'Concentric circles around ';
const END =
  ": counterbores, chamfers or steps whose depth the drawing does not give; only the holes are programmed. Give their sizes with 'Change'.";
/** One hole of the note: 'the Ø6.6 hole (Ø12, Ø14)'. */
const ENTRY = /the Ø(\d+(?:\.\d+)?) hole \(([^)]*)\)/g;

/** A counterbore or countersink within this of a drawn circle is that circle, mm. */
const SAME_CIRCLE_MM = 0.05;
/** A hole's written size within this share of the note's drawn size is that hole. */
const SAME_HOLE_SHARE = 0.015;

/**
 * The note for holes with concentric circles ('Concentric circles around the Ø28 hole (Ø30,
 * Ø40): counterbores, chamfers or steps …'), diameters rounded to 0.01 mm; undefined when no
 * hole has any.
 *
 * @param holes - drawn holes with the diameters of the circles around them, mm
 */
export function concentricCirclesNote(holes: ConcentricCircles[]): string | undefined {
  const concentric = holes.filter((h) => h.around.length > 0);
  if (concentric.length === 0) return undefined;
  const entries = concentric.map(
    (h) => `the ${diameterText(h.diameterMm)} hole (${h.around.map(diameterText).join(', ')})`,
  );
  return `${START}${entries.join(', ')}${END}`;
}

/** The holes and circles a note written by concentricCirclesNote names; undefined for others. */
function parseConcentricNote(note: string): ConcentricCircles[] | undefined {
  if (!note.startsWith(START) || !note.endsWith(END)) return undefined;
  return [...note.slice(START.length, -END.length).matchAll(ENTRY)].map((m) => ({
    diameterMm: Number(m[1]),
    around: [...m[2]!.matchAll(/Ø(\d+(?:\.\d+)?)/g)].map((d) => Number(d[1])),
  }));
}

/** Whether a hole of the plate of about `diameterMm` has a counterbore or countersink of `circleMm`. */
function explained(
  holes: PrismaticDescription['holes'],
  diameterMm: number,
  circleMm: number,
): boolean {
  return holes.some(
    (h) =>
      Math.abs(h.diameterMm - diameterMm) <= SAME_HOLE_SHARE * diameterMm &&
      [h.counterboreDiameterMm, h.countersinkDiameterMm].some(
        (d) => d !== undefined && Math.abs(d - circleMm) <= SAME_CIRCLE_MM,
      ),
  );
}

/**
 * `unresolved` with the concentric-circles note narrowed to the circles no callout explains: a
 * circle is explained when a hole of the note's size (within 1.5 %) has a counterbore or
 * countersink of its diameter (within 0.05 mm). The note is left out when every circle is.
 *
 * @param unresolved - the description's open questions (not changed)
 * @param holes - the plate's holes, their callouts applied
 * @returns the entries, the note narrowed or left out; the others as they were
 */
export function withoutExplainedCircles(
  unresolved: string[],
  holes: PrismaticDescription['holes'],
): string[] {
  const out: string[] = [];
  for (const entry of unresolved) {
    const named = parseConcentricNote(entry);
    if (!named) {
      out.push(entry);
      continue;
    }
    const left = named.map((h) => ({
      ...h,
      around: h.around.filter((d) => !explained(holes, h.diameterMm, d)),
    }));
    const note = concentricCirclesNote(left);
    if (note) out.push(note);
  }
  return out;
}
