/**
 * Fanuc mill dialect (0i-MF Plus, G-code system A), and the Haas NGC variant: program number
 * O, "T1 M06" then "G43 H01 Z…" at the first Z, "G91 G28 Z0." / "G90" to send the spindle home,
 * canned cycles with G98 (rigid tapping "M29 S…" before G84, fine boring G76 with its shift Q),
 * a decimal point on every coordinate and feed, comments in upper case. Per the Fanuc Series
 * 0i-MF Plus operator's manual (machining center system): G43, G28, G73–G89, M29.
 */
import { gCodeCycle, millPost } from './common.ts';
import type { MillFlavour } from './common.ts';

/** The Fanuc-style flavour; Haas changes the program number, the home and the tapping. */
export function fanucStyleFlavour(options: {
  dialect: 'fanuc' | 'haas';
  label: string;
  programNumber: (number: number) => string;
  home: string[];
  rigidTapping: boolean;
}): MillFlavour {
  return {
    dialect: options.dialect,
    label: options.label,
    keepPoint: true,
    upperCaseComments: true,
    comment: (text) => `(${text})`,
    start: (header, postOptions) => [
      '%',
      `${options.programNumber(postOptions.programNumber)} (${header.partName
        .toUpperCase()
        .replace(/[^A-Z0-9 .-]/g, '')
        .trim()
        .slice(0, 30)})`,
      'G17 G21 G40 G49 G80 G90 G94',
      'G54',
    ],
    home: options.home,
    toolChange: (tool) => [`T${tool.number} M06`],
    firstZ: (tool, z) => `G43 H${String(tool.number).padStart(2, '0')} Z${z}`,
    motion: (kind) => ({ rapid: 'G00', feed: 'G01', cw: 'G02', ccw: 'G03' })[kind],
    spindle: (rpm) => `S${Math.round(rpm)} M03`,
    coolant: (on) => (on === 'flood' ? 'M08' : on === 'mist' ? 'M07' : undefined),
    coolantOff: 'M09',
    spindleOff: 'M05',
    cycle: (cycle, operation, number) => {
      switch (cycle.kind) {
        case 'drill':
          return gCodeCycle(cycle, number, { code: 'G81' });
        case 'peck':
          return gCodeCycle(cycle, number, { code: 'G83', extra: [`Q${number(cycle.peckMm!)}`] });
        case 'tap':
          return gCodeCycle(cycle, number, {
            code: 'G84',
            ...(options.rigidTapping ? { before: [`M29 S${Math.round(operation.rpm)}`] } : {}),
          });
        case 'bore':
          return gCodeCycle(cycle, number, { code: 'G85' });
        case 'fineBore':
          return gCodeCycle(cycle, number, {
            code: 'G76',
            extra: [`Q${number(cycle.shiftMm ?? 0.2)}`],
          });
      }
    },
    end: ['M30', '%'],
  };
}

const flavour = fanucStyleFlavour({
  dialect: 'fanuc',
  label: 'Fanuc',
  programNumber: (number) => `O${String(number).padStart(4, '0')}`,
  home: ['G91 G28 Z0.', 'G90'],
  rigidTapping: true,
});

export const fanucMillPost = millPost(flavour);
