/**
 * Circles drawn concentric with a plate's hole (a counterbore's, countersink's or chamfer's
 * edge, a step, a thread's major diameter drawn full) that the top view alone does not size
 * (decision 073). The top-view reader (prismatic.ts) carries each as an `unplaced` entry with
 * `around`, so the program is incomplete until a callout or the operator sizes it
 * (contracts/concentric.ts decides when it is), and names them in one note in `unresolved`.
 * Once hole callouts are applied (text/hole-callouts.ts), both are narrowed to what is left.
 */
import { formatMm } from '#cam/callouts';
import type { BlueprintDescription, PrismaticDescription } from '#contracts/blueprint';
import { stillUnplaced, type ConcentricAround } from '#contracts/concentric';

/** A drawn hole: its centre, its diameter and the diameters of the circles around it, mm. */
export interface DrawnHole {
  center: { x: number; y: number };
  diameterMm: number;
  around: number[];
}

type Unplaced = NonNullable<BlueprintDescription['unplaced']>[number];

const key = (value: number) => Math.round(value * 100) / 100;
const diameterText = (value: number) => `Ø${formatMm(key(value))}`;

const START = 'Concentric circles around ';
const END =
  ": counterbores, chamfers or steps whose depth the drawing does not give; they are not programmed. Give their sizes with 'Change'.";
const CIRCLE_WHY =
  'is a circle drawn around a hole (a counterbore, countersink, chamfer or step) that no callout sizes';

/**
 * The circles drawn concentric with holes as `unplaced` entries: one per circle size around
 * holes of one size, with the holes' centres.
 *
 * @param holes - drawn holes with their centres and the circles around them, mm
 */
export function concentricUnplaced(holes: DrawnHole[]): Unplaced[] {
  const groups = new Map<string, ConcentricAround>();
  for (const hole of holes) {
    for (const circle of hole.around) {
      const id = `${key(hole.diameterMm)}|${key(circle)}`;
      const place = { x: hole.center.x, y: hole.center.y };
      const group = groups.get(id);
      if (group) group.holes.push(place);
      else groups.set(id, { diameterMm: circle, holeDiameterMm: hole.diameterMm, holes: [place] });
    }
  }
  return [...groups.values()].map((around) => ({
    text: aroundText(around),
    why: CIRCLE_WHY,
    topView: true as const,
    around,
  }));
}

/** 'Ø30 around the Ø28 hole', 'Ø11 around 4 holes of Ø6.6'. */
function aroundText(around: ConcentricAround): string {
  const count = around.holes.length;
  const hole = diameterText(around.holeDiameterMm);
  const holesText = count === 1 ? `the ${hole} hole` : `${count} holes of ${hole}`;
  return `${diameterText(around.diameterMm)} around ${holesText}`;
}

/**
 * The concentric circles drawn around a hole named by the hole's size once a written size sized
 * it (a traced Ø27.92 bore given the Ø28 written across it): their entries in `unplaced` and the
 * concentric-circles note in `unresolved`.
 *
 * @param description - changed in place
 * @param place - the hole's centre, mm
 * @param diameterMm - its size as written, mm
 */
export function renameCirclesAround(
  description: BlueprintDescription,
  place: { x: number; y: number },
  diameterMm: number,
): void {
  const entries = (description.unplaced ?? []).filter(({ around }) =>
    around?.holes.some((p) => Math.hypot(p.x - place.x, p.y - place.y) <= SAME_PLACE_MM),
  );
  if (entries.length === 0) return;
  for (const entry of entries) {
    entry.around!.holeDiameterMm = diameterMm;
    entry.text = aroundText(entry.around!);
  }
  const note = concentricCirclesNote(description.unplaced);
  description.unresolved = (description.unresolved ?? []).map((entry) =>
    entry.startsWith(START) && entry.endsWith(END) && note ? note : entry,
  );
}

/** A hole's centre within this of a circle's listed place is the hole drawn there, mm. */
const SAME_PLACE_MM = 0.1;

/**
 * The note naming the concentric circles of `unplaced` ('Concentric circles around the Ø28 hole
 * (Ø30, Ø40): counterbores, chamfers or steps …'); undefined when there are none.
 */
export function concentricCirclesNote(
  unplaced: BlueprintDescription['unplaced'],
): string | undefined {
  const byHole = new Map<number, number[]>();
  for (const { around } of unplaced ?? []) {
    if (!around) continue;
    const circles = byHole.get(key(around.holeDiameterMm)) ?? [];
    circles.push(around.diameterMm);
    byHole.set(key(around.holeDiameterMm), circles);
  }
  if (byHole.size === 0) return undefined;
  const entries = [...byHole].map(
    ([hole, circles]) =>
      `the ${diameterText(hole)} hole (${circles
        .sort((a, b) => a - b)
        .map(diameterText)
        .join(', ')})`,
  );
  return `${START}${entries.join(', ')}${END}`;
}

/**
 * The description narrowed, in place, to the concentric circles its holes do not explain (a
 * callout gave a hole a counterbore, countersink or thread of the circle's size): such entries
 * leave `unplaced`, and the concentric-circles note in `unresolved` is written anew from what
 * is left, or left out.
 *
 * @param description - changed in place; nothing happens without `prismatic`
 */
export function withoutExplainedCircles(description: BlueprintDescription): void {
  const holes: PrismaticDescription['holes'] = description.prismatic?.holes ?? [];
  if (!description.prismatic) return;
  const left = (description.unplaced ?? []).filter((item) => stillUnplaced(item, holes));
  if (left.length > 0) description.unplaced = left;
  else delete description.unplaced;
  if (!description.unresolved) return;
  const note = concentricCirclesNote(left);
  description.unresolved = description.unresolved.flatMap((entry) =>
    entry.startsWith(START) && entry.endsWith(END) ? (note ? [note] : []) : [entry],
  );
}
