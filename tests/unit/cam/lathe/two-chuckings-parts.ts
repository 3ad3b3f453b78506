/**
 * Slender turned parts for the two-chuckings tests (decision 064): descriptions with their
 * numbers filled in, and the program of a plan changed on purpose (a seeded fault).
 */
import { diameter } from './far-end-parts.ts';
import { farOutside } from './far-outside-parts.ts';

/**
 * A shaft in 6061 that sticks out too far turned whole: Ø20 x 30 at the free end, a Ø40 x 20
 * collar, a Ø12 x 40 neck at the far end (a thin neck at the jaws counts most), 0.5 x 45° at the
 * far end. On Ø45 bar it sticks out 99 mm, about 8 times its stiffness diameter; split after the
 * collar, the first chucking keeps the bar's Ø45 behind it and the second holds the collar.
 */
export const slenderShaft = farOutside(
  [diameter(20, 30), diameter(40, 20), diameter(12, 40)],
  0.5,
  '6061-T6',
);

/** A Ø10 x 60 pin: one diameter, no shoulder to split at, so it stays named (decision 063). */
export const slenderPin = farOutside([diameter(10, 60)], undefined, '6061-T6');
