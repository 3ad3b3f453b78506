/**
 * A tapped hole of a turned part drawn in section the standard way (ISO 6410-1: the thick line of
 * an internal thread in section is its minor diameter, the thin one its major, and the drill goes
 * on past the thread's limit at the tap drill's size): the profile traces a bore at the tap drill,
 * not at the thread's size, and the thread callout ('M8') matches no diameter of the profile.
 * Such a bore is the thread: its size becomes the thread's, and its depth the thread's own, from
 * a written length from the face the bore opens at to the thread's limit inside it. Without such
 * a length the depth is asked for: the drill's depth is no thread depth (a tap run to the bottom
 * of a blind hole breaks, and one run deeper breaks through).
 */
import { formatMm, roundMm, type ParsedThread } from '#cam/callouts';
import { threadSpecOf } from '#cam/prismatic/tap-drills';
import type { DiameterFeature } from '#contracts/blueprint';
import type { DimensionedProfile } from './dimensions.ts';

/**
 * A bore traced this far, on the diameter, outside the thread's minor diameter to tap drill span
 * still matches it (mm): a scan measures no closer than a line is wide.
 */
const MATCH_MM = 0.15;

/** ISO 724 basic minor diameter of an internal thread: D1 = D − 1.082532 P. */
const minorOf = (thread: ParsedThread) => thread.majorDiameterMm - 1.082532 * thread.pitchMm;

/**
 * Makes the bore drawn at a thread's tap drill or minor diameter that thread, or does nothing.
 *
 * @param thread - the thread callout, matched to no diameter at its major diameter
 * @param inner - the inner diameters, by index in `profile.bores` (changed in place)
 * @param dims - the applied dimensions; a written length into the bore is taken as the thread's
 *   depth and its 'not applied' note removed from `dims.unresolved`
 * @param noiseMm - how far a traced diameter may be off (the profile's noise), mm
 * @param unresolved - receives the question for the thread's depth when no length gives it
 * @returns the inner diameter made the thread, or undefined when none is drawn at its size
 */
export function threadDrawnAtMinor(
  thread: ParsedThread,
  inner: DiameterFeature[],
  dims: DimensionedProfile,
  noiseMm: number,
  unresolved: string[],
): DiameterFeature | undefined {
  const spec = threadSpecOf(thread.designation);
  if (!spec) return undefined;
  const tol = Math.max(MATCH_MM, noiseMm);
  const low = Math.min(minorOf(thread), spec.tapDrillMm) - tol;
  const high = Math.max(minorOf(thread), spec.tapDrillMm) + tol;
  const k = inner.findIndex(
    (d) => !d.thread && d.diameterMm !== undefined && d.diameterMm >= low && d.diameterMm <= high,
  );
  const bore = inner[k];
  if (!bore) return undefined;
  bore.thread = thread.designation;
  bore.type = `thread ${thread.designation}`;
  bore.diameter = thread.designation;
  bore.diameterMm = thread.majorDiameterMm;
  if (bore.through) return bore;
  const lengths = dims.boreInnerLengths.get(k) ?? [];
  const drilled = bore.lengthMm;
  if (lengths.length === 1) {
    const [{ valueMm, note }] = lengths as [(typeof lengths)[number]];
    const start = bore.startMm ?? 0;
    // A bore from the far end keeps its mouth there: the thread starts its depth from it.
    if (start > 0 && drilled !== undefined) bore.startMm = roundMm(start + drilled - valueMm);
    bore.lengthMm = roundMm(valueMm);
    bore.length = `${formatMm(bore.lengthMm)} mm deep`;
    bore.location = `from the free end, ${formatMm(bore.startMm ?? 0)} to ${formatMm(roundMm((bore.startMm ?? 0) + valueMm))} mm`;
    const at = dims.unresolved.indexOf(note);
    if (at !== -1) dims.unresolved.splice(at, 1);
    return bore;
  }
  delete bore.lengthMm;
  bore.length = '';
  const drill =
    drilled !== undefined ? ` (its tap drill is drawn ${formatMm(drilled)} mm deep)` : '';
  unresolved.push(
    `The depth of the thread ${thread.designation}${drill}: give it with Change, e.g. "${thread.designation} x ${formatMm(Math.round(2 * thread.majorDiameterMm))} deep".`,
  );
  return bore;
}
