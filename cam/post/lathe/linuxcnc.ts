/**
 * LinuxCNC lathe dialect (also Tormach PathPilot): diameter mode G7 in the XZ plane G18, feed
 * per revolution G95, constant surface speed as "G96 D<max rpm> S<m/min>", tool changes as
 * "T<n> M6 G43" with lengths from the tool table. Per the LinuxCNC G-code reference (G7, G18,
 * G95, G96, M6, G43).
 *
 * Threads: "G76 P<pitch> Z<end> I<crest offset> J<first cut> K<depth> Q<infeed angle> R2 H<spring
 * passes> E0 L0" from the drive line (the tool's X before the cycle), per the LinuxCNC G-code
 * reference "G76 Threading Cycle". Under G7 LinuxCNC's interpreter reads I, J and K as
 * diameters (rs274 halves them, as it halves X), so they are written as diameter values: I is
 * the crest minus the drive line, J and K twice the radial first cut and depth. R2 is constant
 * chip area (depth of pass n = J·√n). The cycle leaves the tool on the drive line at the end Z;
 * a G0 back to the start Z follows.
 *
 * Tapping: rigid tapping "G33.1 Z<depth> K<pitch>" from the start Z on the axis (LinuxCNC G-code
 * reference "G33.1 Rigid Tapping": the spindle-synchronised move to Z, the spindle reversed,
 * the move back to the start, the spindle's direction restored); the spindle at constant rpm.
 *
 * A second setup (the part turned around) starts with M0 and runs under G55.
 */
import type { TapCycle, ThreadCycle } from '../../lathe/program.ts';
import { commentText, formatNumber } from '../common.ts';
import { changePosition, lathePost } from './common.ts';
import type { NumberWriter } from './common.ts';

/** G76 from the drive line, then back to the start Z. */
function threadLines(cycle: ThreadCycle, coordinate: NumberWriter): string[] {
  const first = cycle.passDepthsMm[0]!;
  return [
    [
      'G76',
      `P${formatNumber(cycle.leadMm, 4)}`,
      `Z${coordinate(cycle.endZ)}`,
      `I${coordinate(cycle.majorMm - cycle.driveX)}`,
      `J${coordinate(2 * first)}`,
      `K${coordinate(2 * cycle.depthMm)}`,
      `Q${formatNumber(cycle.infeedAngleDeg, 1)}`,
      'R2',
      `H${cycle.springPasses}`,
      'E0',
      'L0',
    ].join(' '),
    `G0 Z${coordinate(cycle.startZ)}`,
  ];
}

/** G33.1 from the start Z on the axis to the depth and back (the tool is at X0 already). */
function tapLines(cycle: TapCycle, coordinate: NumberWriter): string[] {
  return [`G33.1 Z${coordinate(cycle.depthZ)} K${formatNumber(cycle.pitchMm, 4)}`];
}

export const linuxcncPost = lathePost({
  dialect: 'linuxcnc',
  label: 'LinuxCNC / PathPilot',
  keepPoint: false,
  comment: (text) => `(${commentText(text, false)})`,
  start: () => ['%'],
  setup: (plan, number) => ['G7 G18 G21 G40 G80 G90 G95 G54', `G0 ${changePosition(plan, number)}`],
  toolChange: (tool) => [`T${tool} M6 G43`],
  spindle: (spindle) => [
    spindle.mode === 'css'
      ? `G96 D${Math.round(spindle.maxRpm)} S${Math.round(spindle.surfaceSpeed)} M3`
      : `G97 S${Math.round(spindle.rpm)} M3`,
  ],
  motion: { rapid: 'G0', feed: 'G1' },
  arc: { clockwise: 'G2', counterClockwise: 'G3', centre: 'IK' },
  coolant: { on: 'M8', off: 'M9', onFirstMove: false },
  thread: threadLines,
  tap: tapLines,
  motionAfterThread: (motion) => motion.rapid,
  operationEnd: ['M5'],
  end: (plan, number) => [`G0 ${changePosition(plan, number)}`, 'M30', '%'],
  // M0 pauses the program (LinuxCNC M-code reference "M0, M1 Program Pause"); G55 selects the
  // second coordinate system (G-code reference "G54-G59.3 Select Coordinate System").
  stop: 'M0',
  turnAround: (plan, number) => ['M0', 'G55', `G0 ${changePosition(plan, number)}`],
});
