/**
 * Siemens SINUMERIK 840D sl / 828D turning dialect (ISO dialect off, Siemens mode), per the
 * SINUMERIK 840D sl / 828D Programming Manual "Fundamentals" (plane G18, metric G71, absolute
 * G90, feed per revolution G95, diameter programming DIAMON, work offset G54, constant cutting
 * rate "G96 S<m/min> LIMS=<max rpm>", G97 for constant rpm, spindle M3/M4/M5, coolant M8/M9,
 * comments after ";", program end M30) and decision 013:
 *
 * - Tool change "T<n> D1": on a turret lathe the T word itself indexes the turret (tool change
 *   with T, machine data $MC_TOOL_CHANGE_MODE = 0, the Fundamentals manual's "Tool change with
 *   T command", typical of turning machines with a turret); M6 is the magazine form of milling
 *   machines and is not written. D1 activates the tool's offsets (lengths and cutting edge).
 * - Home: the tool change position in work coordinates ("G0 X… Z…"), as the LinuxCNC post
 *   writes it, not "SUPA G0 X0 Z0 D0": machine zero of X on many lathes is the spindle axis or a
 *   position inside the working area, so a move there is not safe without knowing the machine.
 * - Threads as explicit passes "G33 Z<end> K<lead>" between G0 moves (CYCLE99's parameter list
 *   differs between software versions; G33 runs on every 840D sl and 828D), at constant rpm,
 *   each pass's start moved along the flank at the infeed angle, then a spring pass.
 *
 * - Tapping with CYCLE84 (rigid tapping, SINUMERIK 840D sl / 828D Programming Manual "Cycles",
 *   CYCLE84 "Tapping without compensating chuck": RTP, RFP, SDIS, DP, DPR, DTB, SDAC, MPIT, PIT,
 *   POSS, SST, SST1), drilling along the plane's infeed axis: so "G17" before it (Z the tool
 *   axis, the centric drilling of a turning machine) and "G18" after.
 *
 * A second setup (the part turned around) starts with M0 and runs under G55.
 *
 * Numbers without a decimal point where whole ("X20"), like LinuxCNC. G96 assumes X is the
 * channel's transverse axis ($MC_DIAMETER_AX_DEF = "X", the norm on turning machines; otherwise
 * the machine needs SCC[X]).
 */
import type { TapCycle, ThreadCycle } from '../../lathe/program.ts';
import { commentText, formatNumber } from '../common.ts';
import { changePosition, lathePost, threadPasses } from './common.ts';
import type { NumberWriter } from './common.ts';

/** Explicit G33 passes from the drive line at the start Z, ending there. */
function threadLines(cycle: ThreadCycle, coordinate: NumberWriter): string[] {
  const lines: string[] = [];
  for (const pass of threadPasses(cycle)) {
    lines.push(
      `G0 X${coordinate(pass.x)} Z${coordinate(pass.startZ)}`,
      `G33 Z${coordinate(pass.endZ)} K${formatNumber(cycle.leadMm, 4)}`,
      `G0 X${coordinate(cycle.driveX)}`,
      `Z${coordinate(cycle.startZ)}`,
    );
  }
  return lines;
}

/**
 * CYCLE84 on the axis in G17: retraction and safety plane at the start Z, reference plane the
 * face (Z0), the tap's depth absolute (DP), pitch PIT, spindle SST (in and out), spindle on
 * clockwise after (SDAC 3); then back to G18.
 */
function tapLines(cycle: TapCycle, coordinate: NumberWriter): string[] {
  const start = coordinate(cycle.startZ);
  const rpm = Math.round(cycle.rpm);
  return [
    'G17',
    `CYCLE84(${start},0,${start},${coordinate(cycle.depthZ)},,0,3,,${formatNumber(cycle.pitchMm, 4)},0,${rpm},${rpm})`,
    'G18',
  ];
}

export const sinumerikPost = lathePost({
  dialect: 'sinumerik',
  label: 'Sinumerik 840D sl / 828D',
  keepPoint: false,
  comment: (text) => `; ${commentText(text, false)}`,
  start: () => [],
  setup: (plan, number) => ['G18 G71 G90 G95 DIAMON', 'G54', `G0 ${changePosition(plan, number)}`],
  toolChange: (tool) => [`T${tool} D1`],
  spindle: (spindle) => [
    spindle.mode === 'css'
      ? `G96 S${Math.round(spindle.surfaceSpeed)} LIMS=${Math.round(spindle.maxRpm)} M3`
      : `G97 S${Math.round(spindle.rpm)} M3`,
  ],
  motion: { rapid: 'G0', feed: 'G1' },
  arc: { clockwise: 'G2', counterClockwise: 'G3', centre: 'CR' },
  coolant: { on: 'M8', off: 'M9', onFirstMove: false },
  thread: threadLines,
  tap: tapLines,
  motionAfterThread: (motion) => motion.rapid,
  operationEnd: ['M5'],
  end: (plan, number) => [`G0 ${changePosition(plan, number)}`, 'M30'],
  // M0 programmed stop (Fundamentals "M functions"); G55 the second settable zero offset
  // (Fundamentals "Settable zero offset (G54 to G57, …)").
  stop: 'M0',
  turnAround: (plan, number) => ['M0', 'G55', `G0 ${changePosition(plan, number)}`],
});
