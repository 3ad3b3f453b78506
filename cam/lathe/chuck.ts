/**
 * The chuck's safe speed: a lathe's spindle limit for a blank is the least of the machine's top
 * speed and what its chuck may turn with jaws gripping that blank. The jaws' centrifugal force
 * F = m·r·ω² pulls them outward and takes from the gripping force (VDI 3106, "Determination of
 * permissible speed of lathe chucks"); at the maker's rated top speed a power chuck keeps about a
 * third of its static grip with its standard jaws. Jaws opened further for a larger blank sit
 * further out (larger r), so the same loss of grip comes at a lower speed: for the same F, ω
 * falls with the square root of the radius of the jaws' centre of gravity.
 *
 * The rated speed is the machine's top speed: its maker's spec sheet gives that speed with its
 * standard chuck (db/seed/catalog.json, the chuck's size with it), so the chuck is rated for it
 * with its standard jaws gripping small work. The shop's own chuck's rating, where lower,
 * governs: the header says which limit was applied so the operator can hold it to the chuck on
 * the machine.
 */

import type { MachineInfo } from '../program.ts';

/**
 * The jaws' centre of gravity lies about this share of the chuck's diameter outside the face
 * they grip with (standard hard top jaws of a 210 mm chuck are about 50 mm tall).
 */
const JAW_CENTRE_SHARE = 0.12;

export interface ChuckLimit {
  /** The safe speed for the blank, rpm (whole rpm, rounded down to 10). */
  rpm: number;
  /** Why, in a sentence's words: "the 210 mm chuck's safe speed gripping Ø150 (rated 5000 rpm)". */
  reason: string;
}

/**
 * The speed a chuck may turn at while its jaws grip a blank (VDI 3106: the same centrifugal
 * force as at its rating, with the jaws' centre of gravity further out).
 *
 * The rating holds for blanks up to half the chuck's diameter (jaws near mid-stroke); a larger
 * blank opens the jaws to radius r = D/2 + 0.12·chuck, and the safe speed is the rating times
 * √(r_rated / r).
 * @param chuckDiameterMm - the chuck's body diameter, mm
 * @param ratedRpm - its rated top speed, rpm (the machine's, with its standard chuck)
 * @param blankDiameterMm - the diameter gripped, mm
 */
export function chuckSafeRpm(
  chuckDiameterMm: number,
  ratedRpm: number,
  blankDiameterMm: number,
): ChuckLimit {
  const offset = JAW_CENTRE_SHARE * chuckDiameterMm;
  const ratedRadius = chuckDiameterMm / 4 + offset;
  const radius = blankDiameterMm / 2 + offset;
  const rpm =
    radius <= ratedRadius
      ? ratedRpm
      : Math.floor((ratedRpm * Math.sqrt(ratedRadius / radius)) / 10) * 10;
  const size = Math.round(chuckDiameterMm);
  return {
    rpm,
    reason:
      rpm < ratedRpm
        ? `the ${size} mm chuck's safe speed gripping Ø${Math.round(blankDiameterMm * 10) / 10} (rated ${ratedRpm} rpm with its jaws at mid-stroke; VDI 3106)`
        : `the ${size} mm chuck's rated top speed`,
  };
}

/**
 * The spindle limit of a lathe job: the machine's top speed, or its chuck's safe speed for the
 * bar when lower (cam/lathe/chuck.ts, VDI 3106), with the header's note saying why and the
 * machine as the verifier holds it (its top speed the same limit).
 * @param barDiameterMm - the bar or blank gripped, mm
 * @param defaultMaxRpm - the top speed taken when the machine's is not known, rpm
 */
export function spindleLimitFor(
  machine: MachineInfo,
  barDiameterMm: number,
  defaultMaxRpm: number,
): { maxRpm: number; note?: string; machine: MachineInfo } {
  const top = machine.maxRpm ?? machine.limits?.maxRpm ?? defaultMaxRpm;
  const chuck = machine.limits?.chuckDiameterMm;
  const safe = chuck !== undefined ? chuckSafeRpm(chuck, top, barDiameterMm) : undefined;
  if (!safe || safe.rpm >= top || !machine.limits) return { maxRpm: top, machine };
  return {
    maxRpm: safe.rpm,
    note: `Spindle limited to ${safe.rpm} rpm: ${safe.reason}; ${machine.name} turns ${top} rpm. Hold the limit lower if the chuck on the machine is rated lower.`,
    machine: {
      ...machine,
      limits: { ...machine.limits, maxRpm: safe.rpm },
      spindleLimitReason: safe.reason,
    },
  };
}
