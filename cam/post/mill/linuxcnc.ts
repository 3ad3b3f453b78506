/**
 * LinuxCNC mill dialect (also Tormach PathPilot mills): "T1 M6" then "G43 H1" with lengths from
 * the tool table, "G53 G0 Z0" to send the spindle home, canned cycles G81/G83/G84/G85 with G98,
 * numbers without a trailing decimal point, comments in parentheses. Per the LinuxCNC G-code
 * reference (G43, G53, G81–G85, G98, M6). LinuxCNC has no mill fine-boring G76 (G76 is lathe
 * threading there): fine boring is written as G85.
 */
import { gCodeCycle, millPost } from './common.ts';
import type { MillFlavour } from './common.ts';

const flavour: MillFlavour = {
  dialect: 'linuxcnc',
  label: 'LinuxCNC / PathPilot',
  keepPoint: false,
  upperCaseComments: false,
  comment: (text) => `(${text})`,
  start: () => ['%', 'G17 G21 G40 G49 G80 G90 G94 G54'],
  home: ['G53 G0 Z0'],
  toolChange: (tool) => [`T${tool.number} M6`, `G43 H${tool.number}`],
  firstZ: (_tool, z) => `G0 Z${z}`,
  motion: (kind) => ({ rapid: 'G0', feed: 'G1', cw: 'G2', ccw: 'G3' })[kind],
  spindle: (rpm) => `S${Math.round(rpm)} M3`,
  coolant: (on) => (on === 'flood' ? 'M8' : on === 'mist' ? 'M7' : undefined),
  coolantOff: 'M9',
  spindleOff: 'M5',
  cycle: (cycle, _operation, number) => {
    switch (cycle.kind) {
      case 'drill':
        return gCodeCycle(cycle, number, { code: 'G81' });
      case 'peck':
        return gCodeCycle(cycle, number, { code: 'G83', extra: [`Q${number(cycle.peckMm!)}`] });
      case 'tap':
        return gCodeCycle(cycle, number, { code: 'G84' });
      case 'bore':
      case 'fineBore':
        return gCodeCycle(cycle, number, { code: 'G85' });
    }
  },
  end: ['M30', '%'],
};

export const linuxcncMillPost = millPost(flavour);
