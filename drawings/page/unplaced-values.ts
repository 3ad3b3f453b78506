/**
 * Values the page writes that its reading may have given to the wrong size, named as not placed
 * (057's rule, decision 065): a value written over another (crowded-texts.ts) that no dimension
 * line measures, and a diameter written with its sign that is attached to no dimension line and
 * that no diameter of the description has. Each is an entry of `unplaced`, so the program says
 * it leaves it and is never called verified on it until the operator gives or removes it.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import type { TextRun } from '../reading.ts';
import type { TextCallout } from '../text/describe.ts';
import { isCrowded } from './crowded-texts.ts';
import { isOblique } from '../text/findings.ts';
import { ON_NO_DIAMETER } from '../describe/turned.ts';
import { MEASURED_SOURCE } from '../describe/readings.ts';
import { chamferText, formatMm, hasDiameterSign } from '#cam/callouts';
import type { DrawnDimension } from './dimensions.ts';

/** Every size of a description in mm (the fields whose names end in 'Mm', or match `key`). */
function sizesOf(value: unknown, key = /Mm$/, out: number[] = []): number[] {
  if (Array.isArray(value)) for (const item of value) sizesOf(item, key, out);
  else if (value && typeof value === 'object') {
    for (const [name, field] of Object.entries(value)) {
      if (key.test(name) && typeof field === 'number') out.push(field);
      else sizesOf(field, key, out);
    }
  }
  return out;
}

/** A dimension line's length on paper, mm. */
export interface MeasuringLine {
  lengthMm: number;
}

/**
 * The crowded values (isCrowded) that nothing corroborates, as not placed: a length or diameter
 * written over another value that no dimension line of the page measures at the drawing's scale
 * (a diameter also at half, drawn from the axis) and that no size of the description has (within
 * 0.01 mm). Which line it gives cannot be told, so the program must not be verified on a reading
 * that may have given it to the wrong one.
 *
 * @param callouts - the page's callouts (values in mm), boxes in page units
 * @param runs - the page's text runs
 * @param lines - the page's dimension lines, their lengths on paper in mm
 * @param ratio - the drawing's scale, drawn / true
 * @param description - the description read from the page, whose `unplaced` and `unresolved`
 *   are added to
 */
export function nameCrowdedValues(
  callouts: TextCallout[],
  runs: TextRun[],
  lines: MeasuringLine[],
  ratio: number,
  description: BlueprintDescription,
): void {
  const sizes = sizesOf(description);
  for (const callout of callouts) {
    if (callout.kind !== 'length' && callout.kind !== 'diameter') continue;
    if (!(callout.value > 0) || callout.count || !isCrowded(callout, runs)) continue;
    const drawnMm = callout.value * ratio;
    const measured = lines.some(
      (line) =>
        Math.abs(line.lengthMm / drawnMm - 1) <= 0.02 ||
        (callout.kind === 'diameter' && Math.abs((2 * line.lengthMm) / drawnMm - 1) <= 0.02),
    );
    if (measured || sizes.some((size) => Math.abs(size - callout.value) <= 0.01)) continue;
    const why =
      "it is written over another dimension's value, and no dimension line measures it, so which size it gives cannot be told";
    description.unplaced = [...(description.unplaced ?? []), { text: callout.text, why }];
    description.unresolved = [
      ...(description.unresolved ?? []),
      `"${callout.text}" is written over another dimension's value and measures no dimension line: check which size it gives, and give it with Change.`,
    ];
  }
}

/** Tolerance within which a written diameter is one of the description's, mm (as turned.ts). */
const SAME_DIAMETER_MM = 0.05;

/**
 * The diameters written with their sign ('⌀0.1875') that no dimension line took and that no
 * diameter of the description has (within 0.05 mm), as not placed. A page reader drops such a
 * text from the notes as a dimension's value; when it is attached to no line (written over
 * another value, or beside a bore the profile did not show), nothing else would say the drawing
 * has that diameter.
 *
 * A plain number written along a leader (oblique, which the text reading takes for a diameter,
 * its sign drawn as lines: Gripper.PDF's 'Ø68.50') counts as written with its sign. One that is
 * the other edge of a chamfer gives the chamfer its size instead (placeOnChamfer).
 *
 * @param callouts - the page's callouts (values in mm)
 * @param dimensions - the page's dimension lines with the callouts attached to them
 * @param description - the description read from the page, whose `unplaced` and `unresolved`
 *   are added to, and whose chamfers may be given their written size
 */
export function nameUnattachedDiameters(
  callouts: TextCallout[],
  dimensions: DrawnDimension[],
  description: BlueprintDescription,
): void {
  const attached = new Set(dimensions.map((d) => d.callout));
  const diameters = sizesOf(description, /iameterMm$/);
  const named = new Set((description.unplaced ?? []).map((entry) => entry.text));
  for (const callout of callouts) {
    if (callout.kind !== 'diameter' || attached.has(callout) || named.has(callout.text)) continue;
    const alongLeader = callout.inferred === true && isOblique(callout.angleDeg);
    if (!hasDiameterSign(callout.text) && !alongLeader) continue;
    if (diameters.some((d) => Math.abs(d - callout.value) <= SAME_DIAMETER_MM)) continue;
    if (placeOnChamfer(callout, description)) continue;
    named.add(callout.text);
    description.unplaced = [
      ...(description.unplaced ?? []),
      { text: callout.text, why: ON_NO_DIAMETER },
    ];
    description.unresolved = [
      ...(description.unresolved ?? []),
      `"${callout.text}" is written beside no dimension line and matches no diameter read: give it with Change, or remove it once checked.`,
    ];
  }
}

/**
 * A chamfer's other edge within this of a written diameter is that diameter: CHAMFER_EDGE_MM
 * plus CHAMFER_SHARE of the chamfer's radial depth (a vector page measures its legs to 0.01 mm).
 */
const CHAMFER_EDGE_MM = 0.1;
const CHAMFER_SHARE = 0.1;

/**
 * Gives a chamfer its size from a diameter written at its other edge: the end of an outer
 * chamfer on a smaller diameter, of a bore's chamfer on a larger one (a chamfer dimensioned by
 * the diameter it ends at, or by its edge's circle in the end view: Gripper.PDF writes Ø68.50
 * on the edge of its Ø70.50 plate's 45° chamfer, which its lines measure 1.02 long). Its leg
 * becomes |D − d| ÷ 2 ÷ tan(angle), its text and reading say so.
 *
 * @returns whether the diameter was placed on a chamfer
 */
function placeOnChamfer(callout: TextCallout, description: BlueprintDescription): boolean {
  for (const [index, chamfer] of description.features.chamfers.entries()) {
    const { sizeMm, angleDeg, onDiameterMm } = chamfer;
    if (!sizeMm || !angleDeg || !onDiameterMm) continue;
    const slope = Math.tan((angleDeg * Math.PI) / 180);
    const depth = sizeMm * slope;
    const edge = chamfer.inner ? onDiameterMm + 2 * depth : onDiameterMm - 2 * depth;
    if (Math.abs(edge - callout.value) > CHAMFER_EDGE_MM + CHAMFER_SHARE * depth) continue;
    const leg = Math.abs(onDiameterMm - callout.value) / 2 / slope;
    if (!(leg > 0)) continue;
    const before = chamfer.dimensions;
    chamfer.sizeMm = Math.round(leg * 1000) / 1000;
    chamfer.dimensions = chamferText({ sizeMm: chamfer.sizeMm, angleDeg });
    const reading = description.readings?.find((r) => r.field === `Chamfer ${index + 1}`);
    if (reading) {
      reading.value = reading.value.replace(before, chamfer.dimensions);
      reading.source = `${callout.source} (Ø${formatMm(callout.value)} at the chamfer's ${chamfer.inner ? 'large' : 'small'} end)`;
      reading.confidence = callout.confidence;
    }
    return true;
  }
  return false;
}

/**
 * The values whose line cannot be told (DrawnDimension `uncertain`: two different values written
 * over one another, either of which could be either line's), as not placed.
 *
 * @param dimensions - the page's dimension lines with their callouts
 * @param description - the description read from the page, whose `unplaced` and `unresolved`
 *   are added to
 */
export function nameUncertainValues(
  dimensions: DrawnDimension[],
  description: BlueprintDescription,
): void {
  const named = new Set((description.unplaced ?? []).map((entry) => entry.text));
  for (const { callout, uncertain } of dimensions) {
    if (!uncertain || named.has(callout.text)) continue;
    named.add(callout.text);
    description.unplaced = [
      ...(description.unplaced ?? []),
      {
        text: callout.text,
        why: "is written over another value that could as well be its dimension line's, so which size it gives cannot be told",
      },
    ];
    description.unresolved = [
      ...(description.unresolved ?? []),
      `"${callout.text}" is written over another value and either could be either dimension line's: check which size it gives, and give it with Change.`,
    ];
  }
}

/**
 * The lengths a traced page writes that no length of a turned part's description has (within
 * 0.01 mm: a segment, a bore's depth, the overall length, a written axial size, or a run of
 * neighbouring segments measured from one face), as not placed: those no dimension line took
 * (no longer than the part), and those a dimension line took that are a little longer than the
 * part read (lostEnd). On a scan a dimension line whose arrowheads were not found leaves its
 * value to no line, and the length it gives is measured from the lines instead, no closer than
 * they are wide; an end face the tracing lost (a chamfered end's) leaves the overall length
 * written on its line unapplied and the part that much short: a program on either measure must
 * not be called verified while the drawing writes another.
 *
 * @param callouts - the page's callouts (values in mm)
 * @param dimensions - the page's dimension lines with the callouts attached to them
 * @param description - a turned part's description read from the page, whose `unplaced` and
 *   `unresolved` are added to
 */
export function nameUnattachedLengths(
  callouts: TextCallout[],
  dimensions: DrawnDimension[],
  description: BlueprintDescription,
): void {
  const attached = new Set(dimensions.map((d) => d.callout));
  const lengths = lengthsOf(description);
  const named = new Set((description.unplaced ?? []).map((entry) => entry.text));
  // Longer than the part, a number is no length of it (a plate's reference size, a grid number).
  const longest = description.dimensions.overallLengthMm ?? Math.max(0, ...lengths);
  for (const callout of callouts) {
    if (callout.kind !== 'length' || named.has(callout.text)) continue;
    if (!(callout.value > 0) || callout.count || callout.reference) continue;
    const onLine = attached.has(callout);
    // A line's value a little longer than the part read is the part's length, of which the
    // tracing lost an end (a chamfered end's face); shorter ones on lines the part has no place
    // for are another view's (an end view's hole positions and widths).
    if (onLine ? !lostEnd(callout.value, longest) : callout.value > longest + SAME_LENGTH_MM)
      continue;
    if (placedIn(lengths, callout.value)) continue;
    named.add(callout.text);
    description.unplaced = [
      ...(description.unplaced ?? []),
      {
        text: callout.text,
        why: onLine ? UNAPPLIED_LENGTH_WHY : UNATTACHED_LENGTH_WHY,
        lengthMm: callout.value,
      },
    ];
    description.unresolved = [
      ...(description.unresolved ?? []),
      onLine
        ? `"${callout.text}" is written on a dimension line, but the part read from the scan's lines has no length of ${formatMm(callout.value)} mm: check its lengths, and give the one it dimensions with Change, or remove it once checked.`
        : `"${callout.text}" is written beside no dimension line found on the scan: give the length it dimensions with Change, or remove it once checked.`,
    ];
  }
}

/**
 * Whether a length written on a dimension line is the part's, of which the tracing lost an end:
 * longer than the part read, by at most a tenth of it and a millimetre (a chamfered end's face,
 * a facing allowance's line).
 */
const lostEnd = (mm: number, longest: number) =>
  mm > longest + SAME_LENGTH_MM && mm <= 1.1 * longest + 1;

/** Lengths within this of each other are one length, mm. */
const SAME_LENGTH_MM = 0.01;

const UNATTACHED_LENGTH_WHY =
  'is written beside no dimension line found on the scan, and no length of the part read from its lines is that long';

const UNAPPLIED_LENGTH_WHY =
  "is written on a dimension line, but no length of the part read from the scan's lines is that long (a face the tracing lost, or a line between no two faces)";

/**
 * Every size of a turned part's description and every run of its neighbouring segments, mm; not
 * the values named as not placed.
 */
function lengthsOf(description: BlueprintDescription): number[] {
  const { unplaced, ...placed } = description;
  void unplaced;
  // A start at the free-end face (0) is no length.
  return [...sizesOf(placed), ...runsOf(description.outerDiameters)].filter((mm) => mm > 0);
}

/** Whether one of `lengths` is `mm` long. */
const placedIn = (lengths: number[], mm: number) =>
  lengths.some((length) => Math.abs(length - mm) <= SAME_LENGTH_MM);

export const TEXT_ONLY_PROFILE_WHY =
  "is read from the drawing's text alone: its lines were not read as a turned part, so where each diameter runs, and the steps, bores and grooves whose values the text does not give, are not seen";

/**
 * A turned part read from a drawing's text alone (a scan, or a PDF whose lines show no part),
 * held as not placed (decision 088): the text gives diameters and lengths but not where they
 * lie, and the values it does not give (a step, a bore OCR missed) leave nothing in it, so a program made from it is never called verified until the operator has
 * checked the profile against the drawing (and removed the entry) or given it with Change.
 *
 * @param description - the text's description (changed in place)
 */
export function holdTextOnlyProfile(description: BlueprintDescription): void {
  if (description.outerDiameters.length === 0) return;
  const profile = description.outerDiameters
    .map((d) => (d.lengthMm ? `${d.diameter} x ${formatMm(d.lengthMm)}` : d.diameter))
    .join(', ');
  const text = `profile ${profile}`.slice(0, 200);
  description.unplaced = [...(description.unplaced ?? []), { text, why: TEXT_ONLY_PROFILE_WHY }];
  description.unresolved = [
    ...(description.unresolved ?? []),
    `The profile (${profile}) is read from the drawing's text alone, not from its lines: check every diameter, length, bore and groove against the drawing, then give what differs with Change or remove the entry.`,
  ];
}

/**
 * The description without the hold of a profile read from the text alone
 * (holdTextOnlyProfile), once the operator's change gives the diameters with their lengths.
 *
 * @param description - changed in place
 */
export function withoutTextOnlyProfile(description: BlueprintDescription): void {
  if (!description.unplaced?.some((entry) => entry.why === TEXT_ONLY_PROFILE_WHY)) return;
  const left = description.unplaced.filter((entry) => entry.why !== TEXT_ONLY_PROFILE_WHY);
  if (left.length > 0) description.unplaced = left;
  else delete description.unplaced;
}

export const TRACED_DIAMETER_WHY =
  "is traced from the scan: no written size was read for it, and a scan measures a diameter only to within a line's width";

/**
 * A traced turned part's diameters that only its lines give, as not placed: a diameter whose
 * written size OCR did not read is measured on the scan to within a line's width (0.1 to 0.2 mm
 * at 150 dpi) and its fit or tolerance is lost, so no program is called verified on it until the
 * operator gives its written size or removes the entry once checked. A thread's written callout
 * sizes its diameter; a taper's ends are its neighbours' (snapToCallouts leaves them too). A vector page's or a DXF's
 * lines are exact and are not held.
 *
 * @param description - a turned part read from a traced raster (changed in place)
 */
export function holdTracedDiameters(description: BlueprintDescription): void {
  const measured = new Set(
    (description.readings ?? [])
      .filter((r) => r.source.includes(MEASURED_SOURCE))
      .map((r) => r.field),
  );
  const traced = [
    ...description.outerDiameters.filter((_, i) => measured.has(`Outer diameter ${i + 1}`)),
    ...description.innerDiameters.filter((_, i) => measured.has(`Bore ${i + 1}`)),
  ].flatMap((d) =>
    d.diameterMm === undefined || d.thread || d.type === 'taper' ? [] : [d.diameterMm],
  );
  for (const diameterMm of new Set(traced)) {
    const text = `Ø${formatMm(diameterMm)}`;
    description.unplaced = [
      ...(description.unplaced ?? []),
      { text, why: TRACED_DIAMETER_WHY, diameterMm },
    ];
    description.unresolved = [
      ...(description.unresolved ?? []),
      `${text} is traced from the scan, no written size was read for it: give its written size (with its fit or tolerance) with Change, or remove it from the values not placed once checked.`,
    ];
  }
}

/**
 * The description without the values named as not placed that it now settles: the written
 * lengths (nameUnattachedLengths) it has, and the traced diameters (holdTracedDiameters) and
 * plate holes (traced-holes.ts) it no longer has: the operator gave them with Change.
 *
 * @param description - changed in place
 */
export function withoutPlacedLengths(description: BlueprintDescription): void {
  if (
    !description.unplaced?.some(
      (entry) => entry.lengthMm !== undefined || entry.diameterMm !== undefined,
    )
  )
    return;
  const lengths = lengthsOf(description);
  // A traced plate hole held (traced-holes.ts) stays held while a hole of its size is there.
  const diameters = [
    ...description.outerDiameters,
    ...description.innerDiameters,
    ...(description.prismatic?.holes ?? []),
  ].map((d) => d.diameterMm);
  const left = description.unplaced.filter(
    (entry) =>
      (entry.lengthMm === undefined || !placedIn(lengths, entry.lengthMm)) &&
      (entry.diameterMm === undefined ||
        diameters.some(
          (d) => d !== undefined && Math.abs(d - entry.diameterMm!) <= SAME_LENGTH_MM,
        )),
  );
  if (left.length > 0) description.unplaced = left;
  else delete description.unplaced;
}

/** The lengths of every run of neighbouring segments (a size from one shoulder to another), mm. */
function runsOf(segments: { lengthMm?: number }[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < segments.length; i++) {
    let sum = 0;
    for (let j = i; j < segments.length; j++) {
      sum += segments[j]!.lengthMm ?? Number.NaN;
      out.push(sum);
    }
  }
  return out;
}
