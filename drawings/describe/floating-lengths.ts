/**
 * Written lengths a traced raster gives no dimension line for (its arrowheads not found), placed
 * on a turned profile by their value alone (decision 081): a shaft's lengths are measured from
 * its lines no closer than the lines are wide, and its written values say what they are.
 */
import type { ParsedLength } from '#cam/callouts';
import type { Point } from '../geometry/primitives.ts';
import type { AxialLength } from './axial-lengths.ts';
import type { TurnedProfile } from './profile.ts';

/** A written length no dimension line was found for (a scan's): as written, in mm, and where. */
export interface FloatingLength {
  text: string;
  written: ParsedLength;
  /** The middle of the written value, drawing mm (the frame of the drawing's content). */
  at: Point;
}

/**
 * A run of segments a written length sets (dimensions.ts solves the profile's lengths from these):
 * boundary indices from and to, the written value in mm, and its text.
 */
export interface RunLength {
  from: number;
  to: number;
  valueMm: number;
  text: string;
}

/** What the placed lengths are written into (dimensions.ts DimensionedProfile). */
export interface PlacedLengths {
  axial: AxialLength[];
  writtenLengths: Map<number, ParsedLength & { text: string }>;
}

/**
 * How far beyond the run it measures a value may be written along the axis: a fixed 5 mm (a
 * narrow dimension's value written past its arrowhead) and a tenth of the run.
 */
const BESIDE_MM = 5;
const BESIDE_SHARE = 0.1;

/**
 * The written lengths no dimension line was found for, each given to the one run of segments
 * between two shoulders or ends that it is written over (along the axis, within BESIDE_MM and a
 * tenth of the run) and whose drawn length it is within half the drawing's line noise
 * (a traced line's width; at least 0.05 mm), when no other run and no other such length is, and
 * no dimension already sets that run. A scan whose dimension line lost its arrowheads still writes
 * its value beside the part: the drawn length is measured no closer than the lines are wide.
 */
export function floatingConstraints(
  profile: TurnedProfile,
  boundaries: number[],
  set: RunLength[],
  floating: FloatingLength[],
  result: PlacedLengths,
): RunLength[] {
  if (floating.length === 0) return [];
  const tol = Math.max(0.05, profile.noiseMm / 2);
  const runs: { from: number; to: number; drawnMm: number }[] = [];
  for (let from = 0; from < boundaries.length; from++)
    for (let to = from + 1; to < boundaries.length; to++)
      if (!set.some((c) => c.from === from && c.to === to))
        runs.push({ from, to, drawnMm: boundaries[to]! - boundaries[from]! });
  // ISO 129-1 writes a value along its dimension line, over the run it measures (a number
  // elsewhere on the sheet, in the title block or by another view, is no length of this run).
  const over = (run: (typeof runs)[number], length: FloatingLength) => {
    const u = profile.locate(length.at).u;
    const slack = BESIDE_MM + BESIDE_SHARE * run.drawnMm;
    return u >= boundaries[run.from]! - slack && u <= boundaries[run.to]! + slack;
  };
  const fits = (length: FloatingLength) =>
    runs.filter(
      (run) => Math.abs(run.drawnMm - length.written.valueMm) <= tol && over(run, length),
    );
  const out: RunLength[] = [];
  for (const length of floating) {
    const [run, ...others] = fits(length);
    if (!run || others.length > 0) continue;
    const rivals = floating.filter((other) => other !== length && fits(other).includes(run));
    if (rivals.length > 0) continue;
    const { written } = length;
    out.push({ from: run.from, to: run.to, valueMm: written.valueMm, text: length.text });
    result.axial.push({
      text: length.text,
      written,
      fromMm: boundaries[run.from]!,
      toMm: boundaries[run.to]!,
      measures: 'length',
    });
    const feature = profile.outer.findIndex(
      (d) =>
        Math.abs(d.startMm - boundaries[run.from]!) <= 1e-6 &&
        Math.abs(d.endMm - boundaries[run.to]!) <= 1e-6,
    );
    if (feature !== -1) result.writtenLengths.set(feature, { ...written, text: length.text });
  }
  return out;
}
