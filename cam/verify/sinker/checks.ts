/**
 * The sinker EDM verifier's check catalogue (cam/verify/sinker/): the id and title of every
 * check it reports, in report order (every one reported as a process check), how a check records
 * what failed, and how numbers are written in its sentences (mm, rounded to 0.001).
 */

/** The title of every check as the report shows it, in report order. */
export const checkTitles = {
  syntax: 'Every line is code the control runs',
  workOffset: 'The program selects its work offset (G54) before it moves',
  end: 'The program ends with M30',
  electrodes: 'Each cavity is burned with its own electrode, mounted before its first burn',
  conditions:
    "A condition (E number) is set before every burn: one of the cavity's, burning no deeper than it is planned to",
  feeds: "No burn is fed faster than its condition's down feed (x1.5)",
  plane: 'Orbits are cut in the XY plane (G17)',
  rapids: 'Rapid moves stay above the part, sideways only at the clearance height',
  burns: 'Every burn is over a cavity and stays within its finished size',
  depth: 'Each cavity is burned to its depth within 0.005 mm',
  walls: 'The last condition orbits out to the finished wall',
  extents: 'Every move stays over the plate',
} as const;

/** The checks a sinker EDM program is verified by. */
export type CheckId = keyof typeof checkTitles;

/** Where a check records a problem: its id and the sentence. */
export type Fail = (id: CheckId, message: string) => void;

/** A number in the report's words, rounded to 0.001. */
export const fmt = (value: number) => String(Math.round(value * 1000) / 1000);
