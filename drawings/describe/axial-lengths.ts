/**
 * A turned part's written axial sizes beyond its shoulders (decision 077): a length dimension may
 * run between a shoulder and the inner step of a bore, across the land left between two bores,
 * between the two top edges of a V groove (its chamfered flanks' feet), or from a face to a
 * groove's centre. Each such size is placed on the profile when its ends stand on such landmarks
 * and the drawing agrees with it, and kept with its own tolerance; a V groove's flanks are named
 * as such and sized from its written top width. Positions in mm from the free end.
 */
import { formatMm, roundMm, type ParsedLength } from '#cam/callouts';
import type { BlueprintDescription, Chamfer } from '#contracts/blueprint';
import type { TurnedProfile } from './profile.ts';

/** A written axial size placed on the drawn profile: u from the free end as drawn, mm. */
export interface AxialLength {
  /** As written: '1 0/-0.08', '4.5 Centered'. */
  text: string;
  written: ParsedLength;
  fromMm: number;
  toMm: number;
  /** 'position' when one end is a centre (a groove's), else 'length'. */
  measures: 'length' | 'position';
}

/** A chamfer or an angle written as a dimension's text ('1x45°', '30°'): no axial size. */
function notAxial(text: string): boolean {
  return /°|\d\s*[x×*]\s*\d/i.test(text);
}

/** A place along the axis a dimension may end at: a face, an edge or a centre. */
interface Landmark {
  u: number;
  centre: boolean;
}

/** Where a chamfer of an outer diameter runs into its cylinder: its foot, mm from the free end. */
function chamferFoot(profile: TurnedProfile, chamfer: TurnedProfile['chamfers'][number]): number {
  const on = profile.outer[chamfer.onIndex];
  if (!on) return chamfer.atMm;
  const atEnd = Math.abs(chamfer.atMm - on.endMm) < Math.abs(chamfer.atMm - on.startMm);
  return atEnd ? chamfer.atMm - chamfer.sizeMm : chamfer.atMm + chamfer.sizeMm;
}

/** The profile's faces, bore steps, outer chamfers' feet and groove centres. */
function landmarksOf(profile: TurnedProfile): Landmark[] {
  const marks: Landmark[] = [];
  for (const d of profile.outer) {
    marks.push({ u: d.startMm, centre: false }, { u: d.endMm, centre: false });
    if (d.kind === 'groove') marks.push({ u: (d.startMm + d.endMm) / 2, centre: true });
  }
  for (const bore of profile.bores)
    marks.push({ u: bore.startMm, centre: false }, { u: bore.endMm, centre: false });
  for (const chamfer of profile.chamfers)
    if (!chamfer.inner) marks.push({ u: chamferFoot(profile, chamfer), centre: false });
  return marks;
}

/**
 * The written axial size a length dimension from `u1` to `u2` gives, when both ends stand on a
 * landmark of the profile (a face, a bore step, an outer chamfer's foot, a groove's centre) within
 * `tolMm` and the drawn distance between them agrees with the written size (within `tolMm`, or
 * within its limits); undefined otherwise.
 *
 * @param profile - the drawn profile (mm from the free end)
 * @param u1 - one end of the dimension, mm from the free end
 * @param u2 - the other end
 * @param written - the parsed written size (mm)
 * @param text - the dimension as written
 * @param tolMm - how far an end may stand from its landmark, mm
 */
export function placeAxialLength(
  profile: TurnedProfile,
  u1: number,
  u2: number,
  written: ParsedLength,
  text: string,
  tolMm: number,
): AxialLength | undefined {
  if (notAxial(text)) return undefined;
  const marks = landmarksOf(profile);
  const nearest = (u: number) =>
    marks
      .filter((m) => Math.abs(m.u - u) <= tolMm)
      .sort((a, b) => Math.abs(a.u - u) - Math.abs(b.u - u))[0];
  const a = nearest(Math.min(u1, u2));
  const b = nearest(Math.max(u1, u2));
  if (!a || !b || b.u - a.u <= tolMm) return undefined;
  const drawn = b.u - a.u;
  const low = written.valueMm + Math.min(0, written.tolerance?.lowerMm ?? 0);
  const high = written.valueMm + Math.max(0, written.tolerance?.upperMm ?? 0);
  if (drawn < low - tolMm || drawn > high + tolMm) return undefined;
  return {
    text,
    written,
    fromMm: a.u,
    toMm: b.u,
    measures: a.centre || b.centre ? 'position' : 'length',
  };
}

/**
 * Names the chamfers that are a V groove's flanks (a groove between two outer chamfers of one
 * angle, each on the diameter beside it at the groove's wall) and sizes them from the groove's
 * written top width: each flank is (width − groove bottom) / 2 along the axis when the drawing
 * agrees within `tolMm`.
 *
 * @param profile - the drawn profile (mm from the free end)
 * @param chamfers - the description's chamfers of `profile.chamfers`, in the same order (changed)
 * @param axial - the written axial sizes placed on the profile (as drawn)
 * @param grooveLengthsMm - each outer diameter's length after the written lengths, mm
 * @param tolMm - how far drawn and written may differ, mm
 * @returns the number of V grooves found
 */
export function nameVGrooves(
  profile: TurnedProfile,
  chamfers: Chamfer[],
  axial: readonly AxialLength[],
  grooveLengthsMm: readonly number[],
  tolMm: number,
): number {
  let found = 0;
  profile.outer.forEach((groove, k) => {
    if (groove.kind !== 'groove') return;
    const flankAt = (onIndex: number, u: number) =>
      profile.chamfers.findIndex(
        (c) => !c.inner && c.onIndex === onIndex && Math.abs(c.atMm - u) <= tolMm,
      );
    const before = flankAt(k - 1, groove.startMm);
    const after = flankAt(k + 1, groove.endMm);
    if (before === -1 || after === -1) return;
    const [first, second] = [profile.chamfers[before]!, profile.chamfers[after]!];
    if (Math.abs(first.angleDeg - second.angleDeg) > 0.5) return;
    found += 1;
    const included = roundMm(180 - first.angleDeg - second.angleDeg);
    const feet = [chamferFoot(profile, first), chamferFoot(profile, second)];
    const top = axial.find(
      (size) =>
        size.measures === 'length' &&
        Math.abs(size.fromMm - feet[0]!) <= tolMm &&
        Math.abs(size.toMm - feet[1]!) <= tolMm,
    );
    const flankMm = top ? roundMm((top.written.valueMm - grooveLengthsMm[k]!) / 2) : undefined;
    const width = top ? `, ${formatMm(top.written.valueMm)} mm wide at the top` : '';
    for (const index of [before, after]) {
      const chamfer = chamfers[index]!;
      const drawn = profile.chamfers[index]!;
      if (flankMm !== undefined && flankMm > 0 && Math.abs(flankMm - drawn.sizeMm) <= tolMm) {
        chamfer.sizeMm = flankMm;
        chamfer.dimensions = `${formatMm(flankMm)} x ${formatMm(drawn.angleDeg)}°`;
      }
      chamfer.purpose = `flank of the ${formatMm(included)}° V groove down to Ø${formatMm(roundMm(groove.diameterMm))}${width}`;
    }
  });
  return found;
}

/**
 * The written axial sizes for the description (`dimensions.lengths`), each once, in order from
 * the free end: positions moved where the written lengths put them (`moved`), mm.
 */
export function describedLengths(
  axial: readonly AxialLength[],
  moved: (u: number) => number,
): NonNullable<BlueprintDescription['dimensions']['lengths']> {
  const seen = new Set<string>();
  const out: NonNullable<BlueprintDescription['dimensions']['lengths']> = [];
  for (const size of [...axial].sort((a, b) => a.fromMm - b.fromMm || a.toMm - b.toMm)) {
    const [fromMm, toMm] = [moved(size.fromMm), moved(size.toMm)].sort((a, b) => a - b) as [
      number,
      number,
    ];
    const key = `${size.text}|${fromMm}|${toMm}`;
    if (seen.has(key) || !(size.written.valueMm > 0) || notAxial(size.text)) continue;
    seen.add(key);
    out.push({
      dimension: size.text.slice(0, 100),
      mm: size.written.valueMm,
      ...(size.written.tolerance ? { tolerance: { ...size.written.tolerance } } : {}),
      fromMm,
      toMm,
      measures: size.measures,
    });
  }
  return out;
}
