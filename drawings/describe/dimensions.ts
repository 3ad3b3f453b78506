/**
 * DIMENSION entities of a turned part: what each one says (the written text wins over the drawn
 * geometry; `<>` is the measured value), which profile feature it measures, and the lengths and
 * positions that follow from the written values.
 *
 * Over 500 lines because matching a dimension to the profile (diameters, shoulder lengths, bore
 * depths, the other axial sizes of axial-lengths.ts), setting aside the lengths OCR misread
 * (misread-values.ts tells them) and solving the lengths share one result and its helpers.
 */
import {
  formatMm,
  hasDiameterSign,
  parseDiameterCallout,
  parseLengthCallout,
  readNumber,
  roundMm,
  type ParsedDiameter,
  type ParsedLength,
} from '#cam/callouts';
import type { Point } from '../geometry/primitives.ts';
import { placeAxialLength, type AxialLength } from './axial-lengths.ts';
import type { DimensionNote } from './content.ts';
import type { TurnedProfile } from './profile.ts';
import { offScale, withoutMisreadDiameters } from './misread-values.ts';
import { floatingConstraints, type FloatingLength, type RunLength } from './floating-lengths.ts';

/** How the drawing states its numbers. */
export interface DrawingUnits {
  units: 'mm' | 'inch';
  mmPerUnit: number;
  /** Decimals the CAD program shows for a measured value ($DIMDEC). */
  decimals: number;
}

/** A dimension as a person reads it. */
export interface ReadDimension {
  kind: DimensionNote['kind'];
  /** The text shown on the drawing, `<>` replaced by the measured value. */
  text: string;
  /** The distance between the definition points, mm. */
  measuredMm: number;
  /** The text is the measured value (no text written and none in the dimension's block). */
  fromMeasurement?: boolean;
}

/** The distance a dimension measures, mm (definition points projected on its direction). */
export function measuredMm(dimension: DimensionNote): number {
  const dx = dimension.p2.x - dimension.p1.x;
  const dy = dimension.p2.y - dimension.p1.y;
  if (dimension.kind === 'linear') {
    return Math.abs(dx * Math.cos(dimension.angleRad) + dy * Math.sin(dimension.angleRad));
  }
  return Math.hypot(dx, dy);
}

/**
 * The text of a dimension as shown: the written text (group 1) when it has no `<>`, else the text
 * the CAD program put in the dimension's block, else the written text with `<>` replaced by the
 * measured value in drawing units (times `measureScale`: 2 for a half dimension from the axis
 * shown as a diameter), rounded to the drawing's decimals.
 */
export function readDimension(
  dimension: DimensionNote,
  units: DrawingUnits,
  measureScale = 1,
): ReadDimension {
  const measured = measuredMm(dimension);
  const prefix = dimension.kind === 'diameter' ? 'Ø' : dimension.kind === 'radius' ? 'R' : '';
  let text: string;
  let fromMeasurement = false;
  if (dimension.written && !dimension.written.includes('<>')) text = dimension.written;
  else if (dimension.displayed) text = dimension.displayed;
  else {
    fromMeasurement = true;
    const factor = 10 ** units.decimals;
    const shown = (measured * measureScale * (dimension.measureFactor ?? 1)) / units.mmPerUnit;
    const value = String(Math.round(shown * factor) / factor);
    text = (dimension.written || `${prefix}<>`).replace('<>', value);
  }
  return {
    kind: dimension.kind,
    text: text.replace(/\s+/g, ' ').trim(),
    measuredMm: measured,
    ...(fromMeasurement ? { fromMeasurement } : {}),
  };
}

/** What the dimensions make of the profile. */
export interface DimensionedProfile {
  /** Written diameters by index in `profile.outer`. */
  outerDiameters: Map<number, ParsedDiameter>;
  /** Written diameters by index in `profile.bores`. */
  boreDiameters: Map<number, ParsedDiameter>;
  /** Length of each outer diameter after the written lengths, mm. */
  lengthsMm: number[];
  /** Written lengths by index in `profile.outer`, with their qualifiers and the text as written. */
  writtenLengths: Map<number, ParsedLength & { text: string }>;
  /** Every written axial size placed on the profile, as drawn (axial-lengths.ts). */
  axial: AxialLength[];
  overallMm: number;
  /** Written fillet radii by index in `profile.fillets`, mm. */
  filletRadii: Map<number, number>;
  /**
   * Written depths of blind bores by index in `profile.bores`, mm: a length dimension from the
   * end face a bore opens at to its bottom.
   */
  boreDepths: Map<number, number>;
  /**
   * Written lengths from the end face a blind bore opens at to a place inside it, short of its
   * bottom, by index in `profile.bores`, each with the note that says it is not applied: a tapped
   * hole's thread depth in section (ISO 6410-1), taken once the bore is known to be threaded
   * (turned.ts applyThreads).
   */
  boreInnerLengths: Map<number, { valueMm: number; dimension: DimensionNote; note: string }[]>;
  /** A drawn position (mm from the free end) moved to where the written lengths put it. */
  moved(u: number): number;
  /** Written values that differ from the drawing, in words. */
  differences: string[];
  /** What could not be used, in words. */
  unresolved: string[];
  /** Diameter dimensions that match no diameter of the profile: as written, and their size in mm. */
  unplacedDiameters: { text: string; nominalMm: number }[];
  /**
   * Toleranced diameter dimensions placed nowhere along the side view (an end view's) that match
   * more than one diameter of their size not dimensioned otherwise: which one they give cannot be
   * told (a bore of that size at each end, the end view showing either end).
   */
  ambiguousDiameters: { text: string; nominalMm: number }[];
  /** Toleranced diameter dimensions placed nowhere along the side view, matched after the others. */
  deferred: { dimension: DimensionNote; read: ReadDimension; a: AxisPoint; b: AxisPoint }[];
  /** The dimension that gave each written value, by index as above, and the overall length's. */
  sources: {
    outer: Map<number, DimensionNote>;
    bores: Map<number, DimensionNote>;
    lengths: Map<number, DimensionNote>;
    fillets: Map<number, DimensionNote>;
    boreDepths: Map<number, DimensionNote>;
    overall?: DimensionNote;
  };
}

/**
 * Matches each dimension to the profile feature it measures and applies the written values.
 *
 * @param profile - the drawn profile (mm, from the free end)
 * @param dimensions - the drawing's dimensions
 * @param units - drawing units, to read numbers without a unit
 * @returns written diameters and lengths, recomputed lengths and positions, and notes
 */
export function applyDimensions(
  profile: TurnedProfile,
  dimensions: DimensionNote[],
  units: DrawingUnits,
  floating: FloatingLength[] = [],
): DimensionedProfile {
  const result: DimensionedProfile = {
    outerDiameters: new Map(),
    boreDiameters: new Map(),
    lengthsMm: [],
    writtenLengths: new Map(),
    axial: [],
    overallMm: profile.lengthMm,
    filletRadii: new Map(),
    boreDepths: new Map(),
    boreInnerLengths: new Map(),
    moved: (u) => u,
    differences: [],
    unresolved: [],
    unplacedDiameters: [],
    ambiguousDiameters: [],
    deferred: [],
    sources: {
      outer: new Map(),
      bores: new Map(),
      lengths: new Map(),
      fillets: new Map(),
      boreDepths: new Map(),
    },
  };
  const boundaries = [
    ...new Set(profile.outer.flatMap((d) => [d.startMm, d.endMm]).map((u) => roundMm(u))),
  ].sort((a, b) => a - b);
  const snapTol = Math.max(0.05, 0.002 * profile.lengthMm, profile.noiseMm);
  const snap = (u: number) => {
    const index = boundaries.findIndex((b) => Math.abs(b - u) <= snapTol);
    return index === -1 ? undefined : index;
  };
  const constraints: RunLength[] = [];
  const axisDir = profile.axis.horizontal ? { x: 1, y: 0 } : { x: 0, y: 1 };
  const misread = misreadLengths(dimensions, units, axisDir);

  for (const dimension of dimensions) {
    const read = readDimension(dimension, units);
    const a = profile.locate(dimension.p1);
    const b = profile.locate(dimension.p2);
    if (dimension.kind === 'radius') {
      const index = profile.fillets.findIndex(
        (fillet) => Math.abs(fillet.radiusMm - read.measuredMm) <= 0.01,
      );
      const written = /R\s*(\d+(?:[.,]\d+)?|[.,]\d+)/i.exec(read.text);
      if (index !== -1 && written) {
        result.filletRadii.set(index, roundMm(readNumber(written[1]!) * scaleOf(read.text, units)));
        result.sources.fillets.set(index, dimension);
      } else {
        result.unresolved.push(
          `Radius dimension "${read.text}" does not match a fillet of the profile.`,
        );
      }
      continue;
    }
    if (dimension.kind === 'angular' || dimension.kind === 'ordinate') {
      result.unresolved.push(`The ${dimension.kind} dimension "${read.text}" was not applied.`);
      continue;
    }
    const direction =
      dimension.kind === 'linear'
        ? { x: Math.cos(dimension.angleRad), y: Math.sin(dimension.angleRad) }
        : unit(dimension.p1, dimension.p2);
    const along = Math.abs(direction.x * axisDir.x + direction.y * axisDir.y);
    if (dimension.kind === 'diameter' || along < 0.2) {
      matchDiameter(profile, dimension, read, a, b, units, result);
    } else if (along > 0.98) {
      const expectedMm = misread.get(dimension);
      if (expectedMm !== undefined) {
        result.unresolved.push(misreadLengthNote(read.text, expectedMm));
        continue;
      }
      const from = snap(Math.min(a.u, b.u));
      const to = snap(Math.max(a.u, b.u));
      const written = parseLengthCallout(read.text, units.units);
      if (from === undefined || to === undefined || from === to) {
        const bore = boreDepthOf(profile, a.u, b.u, snapTol);
        if (bore !== undefined && written) {
          result.boreDepths.set(bore, written.valueMm);
          result.sources.boreDepths.set(bore, dimension);
          const [from, to] = [Math.min(a.u, b.u), Math.max(a.u, b.u)];
          result.axial.push({
            text: read.text,
            written,
            fromMm: from,
            toMm: to,
            measures: 'length',
          });
          continue;
        }
        // Between a bore's step, a chamfer's foot or a groove's centre: kept, as drawn.
        const placed = written && placeAxialLength(profile, a.u, b.u, written, read.text, snapTol);
        if (placed) {
          result.axial.push(placed);
          continue;
        }
        const note = `Length dimension "${read.text}" (drawn ${formatMm(read.measuredMm)} mm) does not run between two shoulders or ends; not applied.`;
        notApplied(result, profile, a.u, b.u, written?.valueMm, dimension, note);
        continue;
      }
      if (!written) {
        result.unresolved.push(
          `Length dimension "${read.text}" has no number I can use; the drawn ${formatMm(read.measuredMm)} mm is kept.`,
        );
        constraints.push({ from, to, valueMm: read.measuredMm, text: read.text });
        continue;
      }
      constraints.push({ from, to, valueMm: written.valueMm, text: read.text });
      result.axial.push({
        text: read.text,
        written,
        fromMm: boundaries[from]!,
        toMm: boundaries[to]!,
        measures: 'length',
      });
      const feature = profile.outer.findIndex(
        (d) => snap(d.startMm) === from && snap(d.endMm) === to,
      );
      if (feature !== -1) {
        result.writtenLengths.set(feature, { ...written, text: read.text });
        result.sources.lengths.set(feature, dimension);
      }
      if (from === 0 && to === boundaries.length - 1) result.sources.overall = dimension;
      if (Math.abs(written.valueMm - read.measuredMm) > 0.01) {
        result.differences.push(
          `the length "${read.text}" is drawn ${formatMm(read.measuredMm)} mm`,
        );
      }
    } else {
      result.unresolved.push(
        `Dimension "${read.text}" is neither along nor across the axis; not applied.`,
      );
    }
  }
  for (const { dimension, read, a, b } of result.deferred.splice(0))
    matchDiameter(profile, dimension, read, a, b, units, result, true);
  withoutMisreadDiameters(
    profile.outer.map((d) => d.diameterMm),
    profile.bores.map((d) => d.diameterMm),
    result,
  );
  constraints.push(...floatingConstraints(profile, boundaries, constraints, floating, result));
  solveLengths(profile, boundaries, constraints, result);
  return result;
}

/** Why a length dimension misreadLengths names is not applied. */
const misreadLengthNote = (text: string, expectedMm: number) =>
  `Length dimension "${text}" does not agree with its line, which measures ${formatMm(roundMm(expectedMm))} at the scale the other lengths agree on: it is taken for a misreading (or its line for one whose middle arrowhead was lost) and not applied.`;

/**
 * The length dimensions along the axis read by OCR whose written value the page's scale
 * contradicts (misread-values.ts offScale), with the length their line measures at that scale.
 */
function misreadLengths(
  dimensions: DimensionNote[],
  units: DrawingUnits,
  axisDir: Point,
): Map<DimensionNote, number> {
  const read = dimensions.flatMap((dimension) => {
    if (!dimension.ocr || (dimension.kind !== 'linear' && dimension.kind !== 'aligned')) return [];
    const direction =
      dimension.kind === 'linear'
        ? { x: Math.cos(dimension.angleRad), y: Math.sin(dimension.angleRad) }
        : unit(dimension.p1, dimension.p2);
    if (Math.abs(direction.x * axisDir.x + direction.y * axisDir.y) <= 0.98) return [];
    const shown = readDimension(dimension, units);
    const written = parseLengthCallout(shown.text, units.units);
    return written ? [{ dimension, writtenMm: written.valueMm, drawnMm: shown.measuredMm }] : [];
  });
  return new Map(offScale(read).map(({ entry, expectedMm }) => [entry.dimension, expectedMm]));
}

/**
 * The blind bore whose depth a length dimension from `u1` to `u2` (mm from the free end) gives:
 * one end at the end face the bore opens at, the other at its bottom, each within `tolMm`.
 * Its index in `profile.bores`, or undefined.
 */
function boreDepthOf(
  profile: TurnedProfile,
  u1: number,
  u2: number,
  tolMm: number,
): number | undefined {
  const [near, far] = [Math.min(u1, u2), Math.max(u1, u2)];
  const at = (u: number, target: number) => Math.abs(u - target) <= tolMm;
  const index = profile.bores.findIndex((bore) => {
    if (bore.through) return false;
    const fromFree = bore.startMm <= tolMm;
    const fromFar = bore.endMm >= profile.lengthMm - tolMm;
    if (fromFree === fromFar) return false;
    return fromFree
      ? at(near, 0) && at(far, bore.endMm)
      : at(near, bore.startMm) && at(far, profile.lengthMm);
  });
  return index === -1 ? undefined : index;
}

/**
 * A length dimension between no two shoulders or ends: `note` says it is not applied; one that
 * runs from a blind bore's mouth to a place inside it (boreInsideOf) is also kept in
 * `result.boreInnerLengths`, a thread depth once the bore is known to be tapped.
 */
function notApplied(
  result: DimensionedProfile,
  profile: TurnedProfile,
  u1: number,
  u2: number,
  valueMm: number | undefined,
  dimension: DimensionNote,
  note: string,
): void {
  result.unresolved.push(note);
  if (valueMm === undefined) return;
  const tolMm = Math.max(0.05, 0.002 * profile.lengthMm, profile.noiseMm);
  const inside = boreInsideOf(profile, u1, u2, tolMm);
  if (inside === undefined) return;
  const list = result.boreInnerLengths.get(inside) ?? [];
  result.boreInnerLengths.set(inside, [...list, { valueMm, dimension, note }]);
}

/**
 * The blind bore a length dimension runs into from the end face it opens at, ending inside it at
 * least `tolMm` short of its bottom (index in `profile.bores`), or undefined.
 */
function boreInsideOf(
  profile: TurnedProfile,
  u1: number,
  u2: number,
  tolMm: number,
): number | undefined {
  const [near, far] = [Math.min(u1, u2), Math.max(u1, u2)];
  const index = profile.bores.findIndex((bore) => {
    if (bore.through) return false;
    const fromFree = bore.startMm <= tolMm;
    if (fromFree === bore.endMm >= profile.lengthMm - tolMm) return false;
    return fromFree
      ? Math.abs(near) <= tolMm && far > tolMm && far < bore.endMm - tolMm
      : Math.abs(far - profile.lengthMm) <= tolMm &&
          near < profile.lengthMm - tolMm &&
          near > bore.startMm + tolMm;
  });
  return index === -1 ? undefined : index;
}

function unit(p1: Point, p2: Point): Point {
  const length = Math.hypot(p2.x - p1.x, p2.y - p1.y) || 1;
  return { x: (p2.x - p1.x) / length, y: (p2.y - p1.y) / length };
}

/** mm per written unit: inch when the text or the drawing says so. */
function scaleOf(text: string, units: DrawingUnits): number {
  if (/mm\b/.test(text)) return 1;
  return /"|\bin\b|inch/.test(text) || units.units === 'inch' ? 25.4 : 1;
}

/** A point in the profile's frame: u along the axis from the free end, v across it, mm. */
type AxisPoint = { u: number; v: number };

/**
 * Of the diameters as large as a toleranced dimension placed nowhere along the side view, the one
 * it gives: the one not dimensioned otherwise (the one found when all are); 'ambiguous' when more
 * than one is not.
 */
function amongEqual(
  profile: TurnedProfile,
  drawn: number,
  tol: number,
  outer: number | undefined,
  bore: number | undefined,
  result: DimensionedProfile,
): { outer?: number; bore?: number } | 'ambiguous' {
  const inOuter = outer !== undefined;
  const list: { diameterMm: number }[] = inOuter ? profile.outer : profile.bores;
  const taken = inOuter ? result.outerDiameters : result.boreDiameters;
  const equal = list.flatMap((d, i) => (Math.abs(d.diameterMm - drawn) <= tol ? [i] : []));
  const free = equal.filter((i) => !taken.has(i));
  if (free.length === 0) return { outer, bore };
  if (free.length > 1) return 'ambiguous';
  return inOuter ? { outer: free[0] } : { bore: free[0] };
}

function matchDiameter(
  profile: TurnedProfile,
  dimension: DimensionNote,
  read: ReadDimension,
  a: AxisPoint,
  b: AxisPoint,
  units: DrawingUnits,
  result: DimensionedProfile,
  deferred = false,
): void {
  let drawn: number | undefined;
  let at: number | undefined;
  const kind = dimension.kind;
  if (kind === 'diameter') {
    drawn = read.measuredMm;
    // Across the side view (a page's Ø dimension line): it measures the diameter where it stands.
    const margin = 0.05 * profile.lengthMm;
    const inSide = (u: number) => u >= -margin && u <= profile.lengthMm + margin;
    if (inSide(a.u) && inSide(b.u) && Math.abs(a.u - b.u) <= 0.2 * drawn) at = (a.u + b.u) / 2;
  } else if (a.v * b.v < 0) {
    drawn = Math.abs(a.v - b.v);
    at = (a.u + b.u) / 2;
  } else if (hasDiameterSign(read.text) && Math.min(Math.abs(a.v), Math.abs(b.v)) < 0.01) {
    // Half dimension from the axis, written as a diameter: a measured value shows the diameter.
    drawn = 2 * Math.max(Math.abs(a.v), Math.abs(b.v));
    at = (a.u + b.u) / 2;
    if (read.fromMeasurement) read = readDimension(dimension, units, 2);
  }
  if (drawn === undefined) {
    result.unresolved.push(
      `Dimension "${read.text}" measures across the axis but not a whole diameter; not applied.`,
    );
    return;
  }
  const tol = 0.01 + 0.002 * drawn;
  const near = (start: number, end: number) =>
    at === undefined || (at >= start - 0.05 && at <= end + 0.05);
  const best = <T extends { diameterMm: number; startMm: number; endMm: number }>(list: T[]) => {
    let found: number | undefined;
    list.forEach((feature, index) => {
      const diff = Math.abs(feature.diameterMm - drawn);
      if (diff <= tol && near(feature.startMm, feature.endMm)) {
        if (found === undefined || diff < Math.abs(list[found]!.diameterMm - drawn)) found = index;
      }
    });
    return found;
  };
  const written = parseDiameterCallout(read.text, units.units);
  // A toleranced one placed nowhere along the side view (an end view's) is matched once the side
  // view's own dimensions have taken their diameters (applyDimensions), to one they left.
  const telling = Boolean(written?.tolerance || written?.fit);
  if (at === undefined && telling && !deferred) {
    result.deferred.push({ dimension, read, a, b });
    return;
  }
  let outer = best(profile.outer);
  let bore = outer === undefined ? best(profile.bores) : undefined;
  if (at === undefined && telling) {
    const choice = amongEqual(profile, drawn, tol, outer, bore, result);
    if (choice === 'ambiguous') {
      result.ambiguousDiameters.push({ text: read.text, nominalMm: written!.nominalMm });
      return;
    }
    ({ outer, bore } = choice);
  }
  if (outer === undefined && bore === undefined) {
    result.unresolved.push(
      `Diameter dimension "${read.text}" (drawn Ø${formatMm(drawn)}) does not match a diameter of the profile.`,
    );
    // Only a dimension across the side view itself: one in an end view or a detail is not the
    // profile's.
    const margin = 0.05 * profile.lengthMm;
    const inSideView = at !== undefined && at >= -margin && at <= profile.lengthMm + margin;
    // Written with its own diameter sign, wherever it stands.
    const writtenAsDiameter = dimension.signWritten ?? hasDiameterSign(dimension.written ?? '');
    if (written && (inSideView || writtenAsDiameter))
      result.unplacedDiameters.push({ text: read.text, nominalMm: written.nominalMm });
    return;
  }
  if (!written) {
    result.unresolved.push(
      `Diameter dimension "${read.text}" has no number I can use; the drawn Ø${formatMm(drawn)} is kept.`,
    );
    return;
  }
  if (outer !== undefined) {
    result.outerDiameters.set(outer, written);
    result.sources.outer.set(outer, dimension);
  } else {
    result.boreDiameters.set(bore!, written);
    result.sources.bores.set(bore!, dimension);
  }
  if (Math.abs(written.nominalMm - drawn) > 0.01) {
    result.differences.push(`${written.text} is drawn Ø${formatMm(drawn)}`);
  }
}

/**
 * Lengths of the segments between boundaries from the length dimensions: a dimension over one
 * segment sets it; one over several sets the only unknown one among them, else scales the unknown
 * ones in proportion. Segments no dimension reaches keep their drawn length.
 */
function solveLengths(
  profile: TurnedProfile,
  boundaries: number[],
  constraints: RunLength[],
  result: DimensionedProfile,
): void {
  const drawn = boundaries.slice(1).map((b, k) => b - boundaries[k]!);
  const known = new Map<number, number>();
  const pending = [...constraints].sort((x, y) => x.to - x.from - (y.to - y.from));
  for (let progress = true; progress;) {
    progress = false;
    for (const constraint of [...pending]) {
      const segments = range(constraint.from, constraint.to);
      const unknown = segments.filter((k) => !known.has(k));
      const knownSum = segments.reduce((sum, k) => sum + (known.get(k) ?? 0), 0);
      if (unknown.length > 1) continue;
      pending.splice(pending.indexOf(constraint), 1);
      progress = true;
      const rest = constraint.valueMm - knownSum;
      if (unknown.length === 0) {
        if (Math.abs(rest) > 0.01) {
          result.unresolved.push(
            `Dimension "${constraint.text}" disagrees with the other lengths (they add up to ${formatMm(knownSum)} mm).`,
          );
        }
      } else if (rest > 0) {
        known.set(unknown[0]!, rest);
      } else {
        result.unresolved.push(
          `Dimension "${constraint.text}" leaves no length for a segment; not applied.`,
        );
      }
    }
  }
  for (const constraint of pending) {
    const segments = range(constraint.from, constraint.to);
    const unknown = segments.filter((k) => !known.has(k));
    const rest = constraint.valueMm - segments.reduce((sum, k) => sum + (known.get(k) ?? 0), 0);
    const drawnSum = unknown.reduce((sum, k) => sum + drawn[k]!, 0);
    if (rest > 0 && drawnSum > 0)
      unknown.forEach((k) => known.set(k, (drawn[k]! * rest) / drawnSum));
  }
  const lengths = drawn.map((length, k) => known.get(k) ?? length);
  const starts = lengths.reduce<number[]>(
    (acc, length) => [...acc, acc[acc.length - 1]! + length],
    [0],
  );
  const moved = (u: number) => {
    let k = boundaries.findIndex(
      (b, i) => i + 1 < boundaries.length && u <= boundaries[i + 1]! + 1e-9,
    );
    if (k === -1) k = lengths.length - 1;
    const fromStart = u - boundaries[k]!;
    const fromEnd = boundaries[k + 1]! - u;
    const written = lengths[k]!;
    if (written < drawn[k]! - 1e-9) {
      // Written shorter than drawn: a quarter of the written length at each end keeps its
      // distance to that end, the middle is squeezed evenly, so that positions keep their order
      // and never meet (a bore ending past the middle used to end where it starts).
      const kept = written / 4;
      if (fromStart <= kept) return roundMm(starts[k]! + fromStart);
      if (fromEnd <= kept) return roundMm(starts[k + 1]! - fromEnd);
      const squeeze = (written - 2 * kept) / (drawn[k]! - 2 * kept);
      return roundMm(starts[k]! + kept + (fromStart - kept) * squeeze);
    }
    if (Math.abs(written - drawn[k]!) < 1e-9 || fromStart <= fromEnd) {
      return roundMm(starts[k]! + Math.min(fromStart, lengths[k]!));
    }
    return roundMm(starts[k + 1]! - Math.min(fromEnd, lengths[k]!));
  };
  result.moved = moved;
  result.lengthsMm = profile.outer.map((d) => roundMm(moved(d.endMm) - moved(d.startMm)));
  result.overallMm = roundMm(starts[starts.length - 1]!);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}
