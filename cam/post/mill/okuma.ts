/**
 * Okuma OSP-P300MA machining centre dialect, per the Okuma OSP-P200M / OSP-P300M Programming
 * Manual (Pub. No. 5228-E for the P200M; the P300M keeps its program format and codes): "Program
 * format" (program name "O" and up to four characters alone in its block, at most 158
 * characters a block, main programs stored as <name>.MIN and ended by M02), "Coordinate systems"
 * (work coordinate system selection "G15 H<n>"), "Tool length offset" ("G56 H<n>", not G43),
 * "Fixed cycles" (G73, G76, G81–G89 with R the absolute R point, Q the peck or the shift, the
 * return level "G71 Z<level>" and M53 to return to it, G80 to cancel), "Home position return"
 * ("G30 P<n>"), and the M-code list (M03/M05, M06 tool change, M07/M08/M09). Cross-checked against
 * public OSP-P300 mill posts (Autodesk's "OKUMA OSP-P300" post: O name, G15 H, "G56 Z H",
 * "G71 Z" + M53 on each cycle, "G30 P1" at the end, extension MIN); what could not be confirmed
 * is listed in docs/decisions/106-okuma-osp.md.
 *
 * - Program: "O<4 digits>" alone on the first line, the file named <name>.MIN; ends with M02.
 * - Set-up: "G17 G21 G40 G80 G90 G94" (XY plane, mm, no cutter compensation, no cycle, absolute,
 *   feed per minute), then "G15 H1", work coordinate system 1 (the interpreter's workOffset 54).
 * - Tool change "T<n> M06"; the machine's tool change cycle takes Z to its change position.
 *   The length offset comes with the first Z: "G00 G56 Z<clearance> H<nn>".
 * - Canned cycles: "G71 Z<clearance>" first (the return level), then
 *   "G8x X Y Z<bottom> R<R point> [Q] F<feed> M53" and "X Y" for each further hole, then G80.
 *   Taps: G84 at F = rpm × pitch (feed per minute). Fine boring: G76 with its shift Q.
 * - Home: "G30 P1" (home position 1) at the end only; between tools the M06 cycle retracts Z.
 *
 * Decimal points on every coordinate and feed ("X10."); comments "( … )" in upper case ASCII.
 */
import { controllerLimits } from '../../gcode/limits.ts';
import type { DrillCycle } from '../../mill/program.ts';
import { okumaProgramName } from '../okuma-name.ts';
import { millPost } from './common.ts';
import type { MillFlavour, MillPostProcessor } from './common.ts';

/** The longest block the OSP reads, characters (cam/gcode/limits.ts: 158, program format). */
const OKUMA_MAX_LINE_LENGTH = controllerLimits('okuma').maxLineLength;

/** The cycle code and its extra words (Q) of a drilling cycle kind. */
function cycleWords(cycle: DrillCycle, number: (value: number) => string): string[] {
  switch (cycle.kind) {
    case 'drill':
      return ['G81'];
    case 'peck':
      return ['G83', `Q${number(cycle.peckMm!)}`];
    case 'tap':
      return ['G84'];
    case 'bore':
      return ['G85'];
    case 'fineBore':
      return ['G76', `Q${number(cycle.shiftMm ?? 0.2)}`];
  }
}

/**
 * The OSP canned cycle blocks of a drilling cycle: the return level "G71 Z", the first hole with
 * its words and M53 (return to the G71 level), the further holes' X Y, and G80.
 * @param cycle - the holes (mm, work coordinates), R point, bottom and clearance height
 * @param number - the dialect's number writer (decimal point kept)
 * @returns program lines
 */
export function okumaCycleLines(cycle: DrillCycle, number: (value: number) => string): string[] {
  const [code, ...extra] = cycleWords(cycle, number);
  const [first, ...rest] = cycle.points;
  return [
    `G71 Z${number(cycle.clearanceZ)}`,
    [
      code,
      `X${number(first!.x)}`,
      `Y${number(first!.y)}`,
      `Z${number(cycle.bottomZ)}`,
      `R${number(cycle.retractZ)}`,
      ...extra,
      `F${number(cycle.feed)}`,
      'M53',
    ].join(' '),
    ...rest.map((point) => `X${number(point.x)} Y${number(point.y)}`),
    'G80',
  ];
}

const flavour: MillFlavour = {
  dialect: 'okuma',
  label: 'Okuma OSP-P300M',
  keepPoint: true,
  maxLineLength: OKUMA_MAX_LINE_LENGTH,
  upperCaseComments: true,
  comment: (text) => `(${text})`,
  start: (_header, options) => [
    `O${String(options.programNumber).padStart(4, '0')}`,
    'G17 G21 G40 G80 G90 G94',
    'G15 H1',
  ],
  home: [],
  toolChange: (tool) => [`T${tool.number} M06`],
  firstZ: (tool, z) => `G00 G56 Z${z} H${String(tool.number).padStart(2, '0')}`,
  motion: (kind) => ({ rapid: 'G00', feed: 'G01', cw: 'G02', ccw: 'G03' })[kind],
  spindle: (rpm) => `S${Math.round(rpm)} M03`,
  coolant: (on) => (on === 'flood' ? 'M08' : on === 'mist' ? 'M07' : undefined),
  coolantOff: 'M09',
  spindleOff: 'M05',
  cycle: (cycle, _operation, number) => okumaCycleLines(cycle, number),
  end: ['G30 P1', 'M02'],
};

/** The Okuma OSP-P300M mill post; its programs are main programs, stored as <name>.MIN. */
export const okumaMillPost: MillPostProcessor = {
  ...millPost(flavour),
  fileExtension: '.MIN',
  programName: okumaProgramName,
};
