/**
 * ISO 261 general purpose metric screw threads: the coarse pitch of each nominal size. The one
 * table of the product: thread callouts (cam/callouts/threads.ts), tap sizes (cam/mill/tooling.ts),
 * tap drills (cam/prismatic/tap-drills.ts) and Sinumerik's CYCLE84 MPIT (cam/gcode/cycles.ts) read
 * it.
 */

/**
 * Coarse pitches in mm of ISO general purpose metric screw threads, M1.6 to M64: ISO 261:1998,
 * Table 1 (first, second and third choice sizes; the ISO 262 selection is a subset).
 */
export const isoCoarsePitchMm: ReadonlyMap<number, number> = new Map([
  [1.6, 0.35],
  [1.8, 0.35],
  [2, 0.4],
  [2.2, 0.45],
  [2.5, 0.45],
  [3, 0.5],
  [3.5, 0.6],
  [4, 0.7],
  [4.5, 0.75],
  [5, 0.8],
  [6, 1],
  [7, 1],
  [8, 1.25],
  [9, 1.25],
  [10, 1.5],
  [11, 1.5],
  [12, 1.75],
  [14, 2],
  [16, 2],
  [18, 2.5],
  [20, 2.5],
  [22, 2.5],
  [24, 3],
  [27, 3],
  [30, 3.5],
  [33, 3.5],
  [36, 4],
  [39, 4],
  [42, 4.5],
  [45, 4.5],
  [48, 5],
  [52, 5],
  [56, 5.5],
  [60, 5.5],
  [64, 6],
]);

/** The ISO 261 coarse pitch of a nominal size, mm; undefined for a size outside the table. */
export const coarsePitchOf = (nominalMm: number): number | undefined =>
  isoCoarsePitchMm.get(nominalMm);
