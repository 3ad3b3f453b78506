/**
 * Siemens Sinumerik 840D sl / 828D mill dialect: ";" comments, G71 (metric), "T1 D1" then "M6"
 * (D1 applies the tool length), "SUPA G0 Z0 D0" to send the spindle home (machine zero without
 * offsets), and one standard drilling cycle call per hole after a G0 to it: CYCLE81 (drill),
 * CYCLE83 (deep hole), CYCLE84 (rigid tapping), CYCLE85 (bore/ream), CYCLE86 (fine bore). Per
 * the SINUMERIK 840D sl / 828D programming manual (fundamentals) and the measuring/technology
 * cycles manual (CYCLE81–CYCLE86 parameter lists as in the classic cycle interface).
 * Numbers without a trailing decimal point.
 */
import type { DrillCycle, MillOperation } from '../../mill/program.ts';
import { millPost } from './common.ts';
import type { MillFlavour } from './common.ts';

function cycleCall(
  cycle: DrillCycle,
  operation: MillOperation,
  number: (value: number) => string,
): string {
  const rtp = number(cycle.clearanceZ);
  const rfp = number(0);
  const sdis = number(cycle.retractZ);
  const dp = number(cycle.bottomZ);
  const dpr = number(-cycle.bottomZ);
  switch (cycle.kind) {
    case 'drill':
      return `CYCLE81(${rtp},${rfp},${sdis},${dp},${dpr})`;
    case 'peck': {
      const peck = cycle.peckMm!;
      return `CYCLE83(${rtp},${rfp},${sdis},${dp},${dpr},${number(-peck)},${number(peck)},${number(peck)},0,0,1,1)`;
    }
    case 'tap': {
      const rpm = Math.round(operation.rpm);
      return `CYCLE84(${rtp},${rfp},${sdis},${dp},${dpr},0,3,0,${number(cycle.pitchMm!)},0,${rpm},${rpm})`;
    }
    case 'bore':
      return `CYCLE85(${rtp},${rfp},${sdis},${dp},${dpr},0,${number(cycle.feed)},${number(cycle.feed)})`;
    case 'fineBore':
      return `CYCLE86(${rtp},${rfp},${sdis},${dp},${dpr},0,3,${number(-(cycle.shiftMm ?? 0.2))},0,0,0)`;
  }
}

const flavour: MillFlavour = {
  dialect: 'sinumerik',
  label: 'Sinumerik 840D sl / 828D',
  keepPoint: false,
  upperCaseComments: false,
  comment: (text) => `; ${text}`,
  start: () => ['G17 G71 G40 G90 G94', 'G54'],
  home: ['SUPA G0 Z0 D0'],
  toolChange: (tool) => [`T${tool.number} D1`, 'M6'],
  firstZ: (_tool, z) => `G0 Z${z}`,
  motion: (kind) => ({ rapid: 'G0', feed: 'G1', cw: 'G2', ccw: 'G3' })[kind],
  spindle: (rpm) => `S${Math.round(rpm)} M3`,
  coolant: (on) => (on === 'flood' ? 'M8' : on === 'mist' ? 'M7' : undefined),
  coolantOff: 'M9',
  spindleOff: 'M5',
  cycle: (cycle, operation, number) => [
    `F${number(cycle.feed)}`,
    ...cycle.points.flatMap((point) => [
      `G0 X${number(point.x)} Y${number(point.y)}`,
      cycleCall(cycle, operation, number),
    ]),
  ],
  end: ['M30'],
};

export const sinumerikMillPost = millPost(flavour);
