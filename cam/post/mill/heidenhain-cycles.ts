/**
 * The Heidenhain fixed cycles the mill post writes for the plan's drilling cycles, as the TNC
 * writes them: `CYCL DEF nnn NAME ~`, then one Q parameter a line, each but the last ending in
 * `~` (the block's continuation), with the comment names the TNC gives them.
 *
 * Sources: HEIDENHAIN TNC 640 User's Manual Cycle Programming (34059x-05, 1/2015), "Fixed
 * cycles: drilling" (DRILLING cycle 200, REAMING cycle 201, BORING cycle 202), "Fixed cycles:
 * tapping" (RIGID TAPPING cycle 207), "Datum setting" (cycle 247); the TNC 620 User's Manual
 * for Cycle Programming lists the same parameters. Set-up clearance Q200 and the depth Q201 are
 * incremental from the surface coordinate Q203; the 2nd set-up clearance Q204 is incremental
 * from Q203 too, and the tool returns to it after every hole (as G98 returns to the initial
 * level). Cycle 202 lifts the tool off the wall by a fixed 0.2 mm in the direction Q214.
 */
import type { DrillCycle } from '../../mill/program.ts';

/** A Q parameter line: number, value as written, the TNC's comment name. */
type QParameter = [number, string, string];

/** The set-up clearance written above the surface coordinate, mm. */
export const setUpClearanceMm = 2;

/** Block lines of a cycle definition: the CYCL DEF line and its Q lines, joined by `~`. */
function cycleDefinition(title: string, parameters: QParameter[]): string[] {
  return [
    `CYCL DEF ${title} ~`,
    ...parameters.map(
      ([number, value, name], index) =>
        `  Q${number}=${value} ;${name}${index < parameters.length - 1 ? ' ~' : ''}`,
    ),
  ];
}

/**
 * The cycle definition of a drilling cycle: DRILLING 200 (drill; peck with the plunging depth
 * Q202 its peck), RIGID TAPPING NEW 207 (tap), REAMING 201 (bore: in and out at the feed),
 * BORING 202 (fine bore: oriented stop, 0.2 mm off the wall in +X, out at FMAX).
 * @param cycle - the plan's cycle, mm and mm/min; the surface Q203 is set `setUpClearanceMm`
 *   below its R plane, the 2nd set-up clearance Q204 at its clearance height
 * @param signed - a length with its sign, as the TNC writes it ("+2", "-12.5")
 */
export function heidenhainCycle(cycle: DrillCycle, signed: (value: number) => string): string[] {
  const surface = cycle.retractZ - setUpClearanceMm;
  const depth = cycle.bottomZ - surface;
  const feed = signed(cycle.feed);
  const dwell = signed(cycle.dwellS ?? 0);
  const common = {
    clearance: [200, signed(setUpClearanceMm), 'SET-UP CLEARANCE'] as QParameter,
    surface: [203, signed(surface), 'SURFACE COORDINATE'] as QParameter,
    second: [204, signed(cycle.clearanceZ - surface), '2ND SET-UP CLEARANCE'] as QParameter,
  };
  switch (cycle.kind) {
    case 'drill':
    case 'peck':
      return cycleDefinition('200 DRILLING', [
        common.clearance,
        [201, signed(depth), 'DEPTH'],
        [206, feed, 'FEED RATE FOR PLNGNG'],
        [202, signed(cycle.kind === 'peck' ? cycle.peckMm! : -depth), 'PLUNGING DEPTH'],
        [210, signed(0), 'DWELL TIME AT TOP'],
        common.surface,
        common.second,
        [211, dwell, 'DWELL TIME AT DEPTH'],
      ]);
    case 'tap':
      // The feed is the spindle speed of the TOOL CALL times the pitch Q239.
      return cycleDefinition('207 RIGID TAPPING NEW', [
        common.clearance,
        [201, signed(depth), 'DEPTH OF THREAD'],
        [239, signed(cycle.pitchMm!), 'THREAD PITCH'],
        common.surface,
        common.second,
      ]);
    case 'bore':
      return cycleDefinition('201 REAMING', [
        common.clearance,
        [201, signed(depth), 'DEPTH'],
        [206, feed, 'FEED RATE FOR PLNGNG'],
        [211, dwell, 'DWELL TIME AT DEPTH'],
        [208, feed, 'RETRACTION FEED RATE'],
        common.surface,
        common.second,
      ]);
    case 'fineBore':
      return cycleDefinition('202 BORING', [
        common.clearance,
        [201, signed(depth), 'DEPTH'],
        [206, feed, 'FEED RATE FOR PLNGNG'],
        [211, dwell, 'DWELL TIME AT DEPTH'],
        [208, 'MAX', 'RETRACTION FEED RATE'],
        common.surface,
        common.second,
        [214, '+3', 'DISENGAGING DIRECTN'],
        [336, signed(0), 'ANGLE OF SPINDLE'],
      ]);
  }
}
