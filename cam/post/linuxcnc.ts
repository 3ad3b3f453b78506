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
 */
import type { Operation, ThreadCycle } from '../lathe/program.ts';
import { commentText, formatNumber, headerLines, operationTitle } from './common.ts';
import type { LathePostProcessor } from './common.ts';

const coordinate = (value: number) => formatNumber(value, 3);

function operationLines(operation: Operation): string[] {
  const lines = [
    `(${commentText(operationTitle(operation), false)})`,
    `T${operation.tool.number} M6 G43`,
  ];
  lines.push(
    operation.spindle.mode === 'css'
      ? `G96 D${Math.round(operation.spindle.maxRpm)} S${Math.round(operation.spindle.surfaceSpeed)} M3`
      : `G97 S${Math.round(operation.spindle.rpm)} M3`,
  );
  if (operation.coolant) lines.push('M8');
  let motion = '';
  let feed = NaN;
  for (const move of operation.moves) {
    if (move.kind === 'thread') {
      lines.push(...threadLines(move.thread));
      motion = 'G0';
      continue;
    }
    const word = move.kind === 'rapid' ? 'G0' : 'G1';
    const parts = [word === motion ? '' : word, `X${coordinate(move.x)}`, `Z${coordinate(move.z)}`];
    if (move.kind === 'feed' && move.feed !== feed) {
      parts.push(`F${formatNumber(move.feed!, 3)}`);
      feed = move.feed!;
    }
    motion = word;
    lines.push(parts.filter(Boolean).join(' '));
  }
  if (operation.coolant) lines.push('M9');
  lines.push('M5');
  return lines;
}

/** G76 from the drive line, then back to the start Z. */
function threadLines(cycle: ThreadCycle): string[] {
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

export const linuxcncPost: LathePostProcessor = {
  dialect: 'linuxcnc',
  label: 'LinuxCNC / PathPilot',
  write(plan, header) {
    const change = plan.changePosition;
    return [
      '%',
      ...headerLines(plan, header).map((line) => `(${commentText(line, false)})`),
      'G7 G18 G21 G40 G80 G90 G95 G54',
      `G0 X${coordinate(change.x)} Z${coordinate(change.z)}`,
      ...plan.operations.flatMap(operationLines),
      `G0 X${coordinate(change.x)} Z${coordinate(change.z)}`,
      'M30',
      '%',
      '',
    ].join('\n');
  },
};
