/**
 * LinuxCNC lathe dialect (also Tormach PathPilot): diameter mode G7 in the XZ plane G18, feed
 * per revolution G95, constant surface speed as "G96 D<max rpm> S<m/min>", tool changes as
 * "T<n> M6 G43" with lengths from the tool table. Per the LinuxCNC G-code reference (G7, G18,
 * G95, G96, M6, G43).
 */
import type { Operation } from '../lathe/program.ts';
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
