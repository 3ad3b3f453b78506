/**
 * LinuxCNC tool tables in and out (issue 35): a table the product writes reads back to the same
 * rows, every field unchanged, whatever the shop typed (property test); a table from elsewhere
 * gives its tool numbers, diameters and comments, and names the lines that give no tool.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  guessToolType,
  readToolTable,
  writeToolTable,
  type LibraryTool,
} from '#cam/tool-library/linuxcnc-tbl';
import { libraryRow } from '#tests/helpers/library-rows';

describe('LinuxCNC tool tables', () => {
  it('read back every field of the rows they were written from', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 999 }), { minLength: 1, maxLength: 20 }),
        (numbers) => {
          const rows = fc.sample(
            fc.tuple(...numbers.map((n) => libraryRow(fc.constant(n)))),
            1,
          )[0]!;
          const written = writeToolTable(rows, () => 6.35);
          const read = readToolTable(written);
          expect(read.problems).toEqual([]);
          const byNumber = (a: LibraryTool, b: LibraryTool) =>
            Number(a.slotNumber.slice(1)) - Number(b.slotNumber.slice(1));
          expect(read.tools).toEqual([...rows].sort(byNumber));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("reads a table from elsewhere: numbers, diameters, comments, and the lines it can't use", () => {
    const table = [
      '; a LinuxCNC sim table',
      'T1 P1 D12.0 Z+0.100 ;12 mm 3FL carbide end mill',
      'T2 P2 D6.8 Z+0.2 ;Drill 6.8',
      '',
      'T3 P3 X+0 Z+0 D0.4 I95 J155 Q2 ;CNMG 120408 turning insert',
      'P4 D3 ;no tool number',
      'T2 P5 D1 ;twice',
    ].join('\r\n');
    const { tools, problems } = readToolTable(table);
    expect(tools).toEqual([
      {
        slotNumber: 'T1',
        toolName: '12 mm 3FL carbide end mill',
        toolDescription: 'Ø12 mm',
        toolType: 'Milling',
        toolManufacturer: 'Unknown',
        toolHint: 'NOHINT',
      },
      {
        slotNumber: 'T2',
        toolName: 'Drill 6.8',
        toolDescription: 'Ø6.8 mm',
        toolType: 'Drilling',
        toolManufacturer: 'Unknown',
        toolHint: 'NOHINT',
      },
      {
        slotNumber: 'T3',
        toolName: 'CNMG 120408 turning insert',
        toolDescription: 'Ø0.4 mm',
        toolType: 'Turning',
        toolManufacturer: 'Unknown',
        toolHint: 'NOHINT',
      },
    ]);
    expect(problems.map((problem) => problem.line)).toEqual([6, 7]);
    expect(problems[1]!.message).toBe('line 7: tool T2 is in the table twice');
  });

  it('guesses a type from the name the shop can change', () => {
    expect(guessToolType('Face mill Ø50')).toBe('Facing');
    expect(guessToolType('Tap M8x1.25')).toBe('Drilling');
    expect(guessToolType('Grooving blade 3 mm')).toBe('Cutting');
    expect(guessToolType('Boring bar S16')).toBe('Boring');
    expect(guessToolType('End mill Ø6')).toBe('Milling');
  });
});
