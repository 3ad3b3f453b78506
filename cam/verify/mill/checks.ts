/**
 * The milling verifier's check catalogue (cam/verify/mill/): the id and title of every check it
 * reports, process checks first, then the completeness checks (a failure means part of the
 * drawing is left undone). The titles name the machine's travels, top speed (rpm) and spindle
 * power (kW) when they are known, and say the check is not applied when they are not. Also how a
 * check records what failed, and how a point is written in its sentence.
 */
import type { Point2 } from '../../geometry/polygon.ts';
import { round } from '../report.ts';
import type { MillVerificationInput } from './input.ts';

/** The checks a milling program is verified by, in report order. */
export type CheckId =
  | 'syntax'
  | 'end'
  | 'tools'
  | 'setup'
  | 'envelope'
  | 'travels'
  | 'spindle'
  | 'rapids'
  | 'holders'
  | 'gouges'
  | 'ratings'
  | 'slotting'
  | 'chips'
  | 'power'
  | 'faced'
  | 'outline'
  | 'holes'
  | 'threads'
  | 'pockets'
  | 'drawing';

/** Where a check records a problem: its id and the sentence. */
export type Fail = (id: CheckId, message: string) => void;

/** A point in the report's words: "X12.5 Y4" (mm, rounded to 0.001). */
export const at = (point: Point2) => `X${round(point.x)} Y${round(point.y)}`;

/** The checks whose failure means part of the drawing is left undone (the rest are process). */
export const completenessChecks: CheckId[] = [
  'faced',
  'outline',
  'holes',
  'threads',
  'pockets',
  'drawing',
];

/**
 * The title of every check as the report shows it.
 * @param machine - the machine's limits; a check whose limit is absent is titled as not applied
 * @returns one title per check id
 */
export function checkTitles(machine: NonNullable<MillVerificationInput['machine']>) {
  const { travelsMm, maxRpm, spindlePowerKw } = machine;
  const titles: Record<CheckId, string> = {
    syntax: 'Every line is G-code the controller runs',
    end: 'The program ends with M30',
    tools: 'Every tool called is in the selected tooling',
    setup: 'Work offset, tool, length offset, spindle and feed are set before every cut',
    envelope: 'Every move stays in the working envelope',
    travels: travelsMm
      ? `Every move fits the machine's travels (X${travelsMm.x} Y${travelsMm.y} Z${travelsMm.z} mm)`
      : "The machine's travels are not checked: they are not known",
    spindle:
      maxRpm !== undefined
        ? `The spindle stays within the machine's top speed of ${maxRpm} rpm`
        : "The spindle speed is not checked: the machine's top speed is not known",
    rapids: 'No rapid move enters the material',
    holders: 'No tool goes deeper into material than its flute length (shanks stay clear)',
    gouges: 'Nothing is cut into the part outside its features',
    ratings: "Every cut is within its tool's flute length and rated depth of cut",
    slotting: 'Full-width slots are cut at a reduced feed',
    chips: "Chip thickness stays within each tool's range",
    power:
      spindlePowerKw !== undefined
        ? `Cutting power stays within 80 % of the machine's ${spindlePowerKw} kW spindle`
        : "Cutting power is not checked: the machine's spindle power is not known",
    faced: 'The top is faced to Z0',
    outline: 'The outline is cut free within the general tolerance',
    holes: 'Every hole and counterbore is made at its position to its size and depth',
    threads: 'Every tapped hole is tapped to its depth',
    pockets: 'Pockets, slots and cut-outs are cut to their size and depth',
    drawing: 'Everything on the drawing is programmed',
  };
  return titles;
}
