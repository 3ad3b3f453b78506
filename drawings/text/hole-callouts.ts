/**
 * Hole callouts applied to the holes drawn in a plate's top view, for every reader (PDF pages
 * and traced rasters through page/merge.ts, DXF notes through dxf/hole-notes.ts): the written
 * size, thread, fit, counterbore or countersink (ISO 15786) goes to the drawn holes of the
 * callout's size, and the counterbore's or countersink's drawn circle is no hole of its own.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import {
  countersinkText,
  formatMm,
  formatTolerance,
  parseThreadCallout,
  roundMm,
} from '#cam/callouts';
import { addReading } from '../reading.ts';
import { withoutExplainedCircles } from '../describe/concentric.ts';
import { isCounterboreOnly } from './counterbores.ts';
import { isCountersinkOnly } from './countersinks.ts';
import { counterboreText } from './describe.ts';
import type { TextCallout, TextFindings } from './types.ts';
import { SIGN_READ_AS_DIGIT } from './ocr.ts';

/** A drawn diameter within this share of a written one is taken to be it (drawings are drawn to size within the line width). */
export const SNAP_SHARE = 0.015;

/** A drawn hole within this share of a thread's major diameter or tap drill is the tapped hole. */
const THREAD_SHARE = 0.05;
/** Centres closer than this (mm) are one hole (a counterbore's circle around its hole). */
const CONCENTRIC_MM = 0.1;

type PlateHole = NonNullable<BlueprintDescription['prismatic']>['holes'][number];

/** Whether a drawn hole is the one a callout gives: its size, or for a thread its major or tap drill. */
function holeMatches(hole: PlateHole, callout: TextCallout, plainSizes: number[]): boolean {
  const d = hole.diameterMm;
  if (callout.kind === 'thread') {
    const thread = callout.thread ? parseThreadCallout(callout.thread) : undefined;
    if (!thread) return false;
    const major = thread.majorDiameterMm;
    // Tapped holes are drawn at the major diameter (the thin 3/4 circle) or at the tap drill,
    // major less one pitch (ISO 2306 / shop practice for a 75 % thread), unless a plain hole
    // callout writes the circle's own size ('4x Ø6.6' beside '2x M8', whose drill is 6.75).
    if (Math.abs(d - major) <= THREAD_SHARE * major) return true;
    const ownSize = plainSizes.some((size) => Math.abs(d - size) <= SNAP_SHARE * size);
    return !ownSize && Math.abs(d - (major - thread.pitchMm)) <= THREAD_SHARE * major;
  }
  return Math.abs(d - callout.value) <= SNAP_SHARE * callout.value;
}

/**
 * A counted size OCR read without its diameter sign, the sign taken for a digit with a bowl
 * ('2X24.5' for '2xØ4.5', SIGN_READ_AS_DIGIT), where no drawn hole has the size as read: the
 * callout without that digit (its sign read), and its holes, when exactly as many drawn holes as
 * it counts have that size.
 *
 * @param callout - a counted diameter without a sign (`inferred`)
 * @param holes - the drawn holes no callout has sized yet
 * @param plainSizes - the sizes plain diameter callouts write
 */
function signReadAsDigit(
  callout: TextCallout,
  holes: PlateHole[],
  plainSizes: number[],
): { callout: TextCallout; matched: PlateHole[] } | undefined {
  if (callout.kind !== 'diameter' || !callout.inferred || (callout.count ?? 1) < 2)
    return undefined;
  const counted = /^(\d+\s*[xX×]\s*)(.*)$/.exec(callout.text.trim());
  const read = counted && SIGN_READ_AS_DIGIT.exec(counted[2]!);
  const whole = read && /\d+(?:[.,]\d+)?/.exec(counted[2]!)?.[0];
  if (!read || !whole) return undefined;
  const rest = Number(read[2]!.replace(',', '.'));
  const wholeValue = Number(whole.replace(',', '.'));
  if (!(rest > 0) || !(wholeValue > 0)) return undefined;
  const { inferred: _inferred, ...written } = callout;
  const signed: TextCallout = {
    ...written,
    text: `${counted[1]}Ø${read[2]}${read[3]}`,
    value: roundMm(callout.value * (rest / wholeValue)),
  };
  const matched = holes.filter((h) => holeMatches(h, signed, plainSizes));
  return matched.length === callout.count ? { callout: signed, matched } : undefined;
}

/**
 * The holes without the drawn circles of `diameterMm` concentric with a matched hole (the
 * counterbore's or countersink's circle around it in the top view).
 */
function withoutCircleAround(
  holes: PlateHole[],
  matched: PlateHole[],
  diameterMm: number,
): PlateHole[] {
  return holes.filter(
    (h) =>
      matched.includes(h) ||
      Math.abs(h.diameterMm - diameterMm) > SNAP_SHARE * diameterMm ||
      !matched.some((m) => Math.hypot(m.x - h.x, m.y - h.y) <= CONCENTRIC_MM),
  );
}

/**
 * The hole callouts of the text ('6 X M3 X.5', '4 x Ø11' with counterbore 'Ø18 ↧12', '2x Ø3.40
 * ±0.10') applied to the holes drawn in a plate's top view: a drawn hole of the callout's size
 * (for a thread: of its major diameter or tap drill) takes the written size, thread, counterbore
 * and through; a drawn circle around it of the counterbore's or countersink's size is the
 * counterbore or countersink (ISO 15786 ⌵Ø12 x 90°: kind 'countersunk', `countersinkDiameterMm`,
 * `countersinkAngleDeg`), not a hole of its own, and leaves the concentric-circles note
 * (describe/concentric.ts). Holes are never added without a drawn place: when fewer are drawn
 * than the callout counts, `unresolved` says so. Holes already given a callout are left alone,
 * so the findings of several pages can be applied in turn.
 *
 * @param description - a description (changed in place); nothing happens without `prismatic`
 * @param findings - what the text of one page says
 * @returns the holes a callout sized
 */
export function applyHoleCallouts(
  description: BlueprintDescription,
  findings: TextFindings,
): Set<PlateHole> {
  const plate = description.prismatic;
  if (!plate) return new Set();
  // A countersink or counterbore written on its own names no hole of its size.
  const holeCallouts = findings.callouts.filter(
    (c) => !isCountersinkOnly(c) && !isCounterboreOnly(c),
  );
  const hinted = holeCallouts.filter(
    (c) =>
      (c.kind === 'thread' && (c.holeHint || (c.count ?? 1) > 1 || c.through)) ||
      (c.kind === 'diameter' && c.countersink !== undefined) ||
      // '2x 3.40' names holes even when its Ø glyph is drawn rather than written.
      (c.kind === 'diameter' && ((c.count ?? 1) > 1 || (!c.inferred && c.holeHint))),
  );
  // Then a plain written diameter ('Ø15' on a leader to one of several equal holes) gives its
  // size to the drawn holes that measure it.
  const plain = holeCallouts.filter(
    (c) => c.kind === 'diameter' && !c.thread && !c.inferred && !hinted.includes(c),
  );
  const callouts = [...hinted, ...plain];
  const plainSizes = holeCallouts
    .filter((c) => c.kind === 'diameter' && !c.thread && !c.inferred)
    .map((c) => c.value);
  const applied = new Set<PlateHole>();
  for (const read of callouts) {
    const free = plate.holes.filter((h) => !applied.has(h) && !h.thread);
    let callout = read;
    let matched = free.filter((h) => holeMatches(h, callout, plainSizes));
    if (matched.length === 0) {
      const signed = signReadAsDigit(read, free, plainSizes);
      if (signed) ({ callout, matched } = signed);
    }
    if (matched.length === 0) continue;
    const { counterbore, countersink } = callout;
    // The counterbore's or countersink's own circle, concentric with a matched hole, is no hole.
    for (const around of [counterbore, countersink])
      if (around) plate.holes = withoutCircleAround(plate.holes, matched, around.diameterMm);
    const thread = callout.kind === 'thread' ? callout.thread : undefined;
    const written =
      (thread ?? `Ø${formatMm(callout.value)}`) +
      (callout.tolerance && !thread ? ` ${formatTolerance(callout.tolerance)}` : '') +
      (counterbore ? ` counterbore ${counterboreText(counterbore)}` : '') +
      (countersink ? ` ${countersinkText(countersink)}` : '');
    for (const hole of matched) {
      applied.add(hole);
      hole.diameter = written;
      hole.diameterMm = callout.value;
      if (thread) {
        hole.thread = thread;
        hole.kind = 'tapped';
      }
      if (callout.fit) hole.fit = callout.fit;
      if (counterbore) {
        hole.kind = 'counterbored';
        hole.counterboreDiameterMm = counterbore.diameterMm;
        if (counterbore.depthMm !== undefined) hole.counterboreDepthMm = counterbore.depthMm;
      }
      if (countersink) {
        // A tapped hole keeps its kind: the part model countersinks it around its major diameter.
        if (!thread) hole.kind = 'countersunk';
        hole.countersinkDiameterMm = countersink.diameterMm;
        hole.countersinkAngleDeg = countersink.angleDeg;
      }
      if (callout.through) {
        hole.through = true;
        delete hole.depthMm;
      }
    }
    const count = callout.count ?? 1;
    addReading(
      description,
      thread ? 'Tapped holes' : 'Hole size',
      `${count > 1 ? `${count}x ` : ''}${written} (${matched.length} drawn)`,
      callout.confidence,
      callout.source,
    );
    if (matched.length < count) {
      description.unresolved ??= [];
      description.unresolved.push(
        `"${callout.text}" calls for ${count} holes, ${matched.length} ${matched.length === 1 ? 'was' : 'were'} found in the drawn lines: give the places of the others with Change.`,
      );
      holdMissingHoles(description, callout.text, count, matched.length);
    }
  }
  if (applied.size > 0) withoutExplainedCircles(description);
  return applied;
}

/**
 * A counted callout ('4x Ø5.5', '6 X M3 X.5') of which the top view holds some holes but fewer
 * than it counts: the others were lost from the line work, and no check of the program would
 * miss them. Held as not placed (decision 071's net, for the callouts of a page's text), so the
 * program is incomplete until the operator gives them; not when the top view reader named the
 * callout already (drawings/describe/counted-holes.ts), nor when it holds none of them (the
 * callout is then another page's or another view's).
 */
function holdMissingHoles(
  description: BlueprintDescription,
  text: string,
  count: number,
  found: number,
): void {
  if (found === 0) return;
  const named = [
    ...(description.prismatic?.sizes ?? []).map((size) => size.dimension),
    ...(description.unplaced ?? []).map((entry) => entry.text),
  ].some((entry) => entry.startsWith(text));
  if (named) return;
  description.unplaced = [
    ...(description.unplaced ?? []),
    {
      text,
      why: `counts ${count} holes, and the top view read holds ${found} of them`,
      topView: true,
    },
  ];
}
