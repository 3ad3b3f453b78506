/**
 * A checked program's operations named as its programmer named them (cam/check/operations.ts):
 * the comment on the tool call or the comment line beside it, else the tool's number and name
 * from the machine's tooling pairs.
 */
import { describe, expect, it } from 'vitest';
import { operationNames } from '#cam/check/operations';
import { interpretProgram } from '#cam/gcode/interpreter';
import { latheTooling } from '#tests/helpers/parts';

const fanucLathe = [
  'O1000',
  'G21 G18 G40 G80 G99',
  'T0101 (OD ROUGH)',
  'G97 S800 M3',
  'G0 X32 Z2',
  '(FINISH PASS: 0.4 NOSE)',
  'T0202',
  'G0 X30 Z2',
  'T0300',
  'G0 X40 Z5',
  'M30',
];

describe('operationNames', () => {
  it('takes the comment on the tool call, or beside it, else the tool from the tooling pairs', () => {
    const events = [...interpretProgram(fanucLathe, { dialect: 'fanuc', machine: 'lathe' })];
    const names = operationNames(fanucLathe, events, latheTooling);
    const t3 = latheTooling.find((row) => row.slotNumber === 'T3')!.toolName;
    expect(names).toEqual([
      { name: 'OD ROUGH', tool: expect.stringMatching(/^T1 /) as unknown },
      { name: 'FINISH PASS', tool: expect.stringMatching(/^T2 /) as unknown },
      { name: `T3 ${t3}`, tool: `T3 ${t3}` },
    ]);
  });

  it('names a tool the machine does not hold by its number', () => {
    const lines = ['T0909', 'M30'];
    const events = [...interpretProgram(lines, { dialect: 'fanuc', machine: 'lathe' })];
    expect(operationNames(lines, events, latheTooling)).toEqual([{ name: 'T9', tool: 'T9' }]);
  });
});
