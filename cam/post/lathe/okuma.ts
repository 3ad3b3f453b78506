/**
 * Okuma OSP-P300LA lathe dialect, per the Okuma OSP-P200L / OSP-P300L Programming Manual (Pub.
 * No. 5238-E; the P300L keeps the P200L's program format and codes): section 1 "Program format"
 * (program name "O" and up to four characters, alone in its block; at most 158 characters a
 * block; main programs end with M02 and are stored as <name>.MIN), section 4 "Preparatory
 * functions" (G00/G01, G90, G94/G95 with G95 at power-on, "G50 S<max rpm>" the spindle limit,
 * G96 S<m/min> / G97 S<rpm>, G15 H<n> work coordinate system), section 5 "Tool functions" and
 * section 6 "Offset function" (the six-digit T word "T <nose R comp. no.><tool no.><tool offset
 * no.>"), section 7 "Fixed cycles" ("Fixed thread cutting cycle: longitudinal (G31, G33)",
 * "G33 X<pass diameter> Z<end> F<lead>", M22 thread chamfer off; the tapping cycle
 * "G77 X Z F"), and the M-code list (M00, M02, M03/M04/M05, M08/M09). Cross-checked against
 * public OSP lathe programs and notes (docs/decisions/106-okuma-osp.md, which lists what could
 * not be confirmed).
 *
 * - Program: "O<4 digits>" alone on the first line, the file named <name>.MIN; ends with M02.
 * - Units: OSP controls read mm or inch by a parameter, not by a G code (G20/G21 are home
 *   position returns on OSP lathes): the header says the program is in mm.
 * - Work coordinate system: "G15 H1" (system 1, the interpreter's workOffset 54); the second
 *   setup "G15 H2". G15 is the OSP's optional "work coordinate system selection": on a control
 *   without it the zero offset is set at the control, and the header says so. G15 is refused
 *   under G96, so the second setup writes "G97 S0" before it (the spindle is stopped then).
 * - Tools: "T<nn><nn><nn>": the same number for the nose radius compensation number, the tool
 *   (turret station) number and the tool offset number, so the word reads the same whichever
 *   outer pair a manual edition names first (T030303 for tool 3).
 * - Home: "G00 X… Z…" to the plan's tool change position in work coordinates, as the Sinumerik
 *   and LinuxCNC posts do (the OSP's own G20 home position return is an option).
 * - Threads: one G33 cycle per pass at constant rpm, each started from the drive line at its
 *   flank-shifted start Z; "M22" first so no thread-end chamfer changes the pass end.
 * - Tapping on the axis: "G77 X0. Z<depth> F<lead>" from the start Z under G95 (F the lead); no
 *   G80 after it (G80 ends a LAP contour on OSP lathes).
 *
 * Decimal points on every coordinate and feed ("X20."); comments "( … )" in upper case ASCII.
 */
import { controllerLimits } from '../../gcode/limits.ts';
import type { LathePlan, TapCycle, ThreadCycle } from '../../lathe/program.ts';
import { okumaProgramName } from '../okuma-name.ts';
import { commentText, formatNumber } from '../common.ts';
import { changePosition, lathePost, threadPasses } from './common.ts';
import type { LathePostProcessor, NumberWriter } from './common.ts';

/** The longest block the OSP reads, characters (cam/gcode/limits.ts: 158, manual section 1). */
const OKUMA_MAX_LINE_LENGTH = controllerLimits('okuma').maxLineLength;

/**
 * The six-digit OSP lathe T word of a tool: nose radius compensation number, tool number and
 * tool offset number, all three the tool's number.
 * @param tool - the turret station, 1 to 99
 * @returns e.g. "T030303" for tool 3
 * @throws RangeError for a tool number outside 1 to 99 (two digits per pair)
 */
export function okumaToolWord(tool: number): string {
  if (!(Number.isInteger(tool) && tool >= 1 && tool <= 99))
    throw new RangeError(`Okuma lathe tool numbers are 1 to 99, not ${tool}`);
  const pair = String(tool).padStart(2, '0');
  return `T${pair}${pair}${pair}`;
}

/**
 * The thread as one OSP G33 cycle per pass (the tool on the drive line at the start Z before and
 * after): each pass starts at its flank-shifted Z, cuts its diameter to its end Z and returns to
 * its start point; the last line brings the tool back to the start Z.
 * @returns program lines; X diameters and Z in mm, F the lead in mm/rev
 */
export function okumaThreadLines(cycle: ThreadCycle, number: NumberWriter): string[] {
  const lead = formatNumber(cycle.leadMm, 4, true);
  return [
    'M22',
    ...threadPasses(cycle).flatMap((pass) => [
      `G00 X${number(cycle.driveX)} Z${number(pass.startZ)}`,
      `G33 X${number(pass.x)} Z${number(pass.endZ)} F${lead}`,
    ]),
    `G00 X${number(cycle.driveX)} Z${number(cycle.startZ)}`,
  ];
}

/**
 * Tapping on the axis with the OSP tapping cycle G77 from the tool's start Z (X0): F the lead in
 * mm/rev under G95; the spindle runs at the cycle's rpm before it (set by the operation).
 * @returns one program line
 */
export function okumaTapLines(cycle: TapCycle, number: NumberWriter): string[] {
  return [`G77 X${number(0)} Z${number(cycle.depthZ)} F${formatNumber(cycle.pitchMm, 4, true)}`];
}

/** "G00 X… Z…" to the tool change position. */
const home = (plan: LathePlan, number: NumberWriter) => `G00 ${changePosition(plan, number)}`;

const comment = (text: string) => `(${commentText(text, true)})`;

const post = lathePost({
  dialect: 'okuma',
  label: 'Okuma OSP-P300L',
  keepPoint: true,
  maxLineLength: OKUMA_MAX_LINE_LENGTH,
  threadSetsFeed: true,
  comment,
  start: (_header, options) => [`O${String(options.programNumber).padStart(4, '0')}`],
  setup: (plan, number) => [
    comment('Units: mm, set by the control parameter; work zero: coordinate system 1 (G15 H1)'),
    comment('Without the work coordinate system option, set the zero offset at the control'),
    'G18 G40 G90 G95',
    'G15 H1',
    home(plan, number),
  ],
  toolChange: (tool) => [okumaToolWord(tool)],
  spindle: (spindle) =>
    spindle.mode === 'css'
      ? [`G50 S${Math.round(spindle.maxRpm)}`, `G96 S${Math.round(spindle.surfaceSpeed)} M03`]
      : [`G97 S${Math.round(spindle.rpm)} M03`],
  motion: { rapid: 'G00', feed: 'G01' },
  arc: { clockwise: 'G02', counterClockwise: 'G03', centre: 'IK' },
  coolant: { on: 'M08', off: 'M09', onFirstMove: false },
  thread: okumaThreadLines,
  tap: okumaTapLines,
  motionAfterThread: () => '',
  operationEnd: ['M05'],
  end: (plan, number) => [home(plan, number), 'M02'],
  // M00 program stop; G97 S0 so G15 is taken (refused under G96); coordinate system 2 for the
  // turned-around part, then to the tool change position in it.
  stop: 'M00',
  turnAround: (plan, number) => ['M00', 'G97 S0', 'G15 H2', home(plan, number)],
});

/** The Okuma OSP-P300L lathe post; its programs are main programs, stored as <name>.MIN. */
export const okumaPost: LathePostProcessor = {
  ...post,
  fileExtension: '.MIN',
  programName: okumaProgramName,
};
