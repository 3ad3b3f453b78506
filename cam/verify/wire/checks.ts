/**
 * The wire EDM verifier's check catalogue (cam/verify/wire/): the id and title of every check it
 * reports, in report order (every one reported as a process check), how a check records what
 * failed, and how numbers and points are written in its sentences (mm, rounded to 0.001).
 */
import type { Point2 } from '../../geometry/polygon.ts';

/** The title of every check as the report shows it, in report order. */
export const checkTitles = {
  syntax: 'Every line is code the control runs',
  workOffset: 'The program selects its work offset (G54) before it moves',
  end: 'The program ends with M30',
  compensation:
    'Wire offset on for every cut of a contour, off at the start of each lead-in and the end of each lead-out',
  side: 'The wire is offset to the side that keeps the part (into the slug, or outward from the part)',
  passes:
    "Each contour is cut in the plan's passes, each with its own offset register (rough, then every skim)",
  feeds:
    "No cut is fed faster than its pass's technology speed (x1.5): a wire fed faster shorts and breaks",
  follows: 'The programmed path follows each contour within 0.005 mm',
  closed: 'Each contour is cut all the way round and back to its lead-in point',
  startHoles:
    'Each start hole lies inside its slug (inner contours) or outside the part (the outline)',
  leads: 'Lead-ins and lead-outs stay out of the part',
  rapids: 'The wire moves in rapid only with the offset off and after an M0 to cut it',
  extents: 'Every move stays on the plate',
} as const;

/** The checks a wire EDM program is verified by. */
export type CheckId = keyof typeof checkTitles;

/** Where a check records a problem: its id and the sentence. */
export type Fail = (id: CheckId, message: string) => void;

/** A number in the report's words, rounded to 0.001. */
export const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

/** A point in the report's words: "X12.5 Y4". */
export const at = (point: Point2) => `X${fmt(point.x)} Y${fmt(point.y)}`;
