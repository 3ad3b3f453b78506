/**
 * Tool rows as CSV (issue 35): written and read back unchanged whatever the shop typed (quotes,
 * commas, semicolons, line breaks); a spreadsheet's export with the table's labels and
 * semicolons is read; rows without slot or name are named by their line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readToolCsv, writeToolCsv } from '#cam/tool-library/csv';
import { libraryRow } from '#tests/helpers/library-rows';

describe('tool rows as CSV', () => {
  it('read back every field of the rows they were written from', () => {
    fc.assert(
      fc.property(fc.array(libraryRow(), { maxLength: 20 }), (rows) => {
        const read = readToolCsv(writeToolCsv(rows));
        expect(read.problems).toEqual([]);
        expect(read.tools).toEqual(rows);
      }),
      { numRuns: 200 },
    );
  });

  it("reads a spreadsheet's export with the table's labels and semicolons", () => {
    const text =
      '\uFEFFTool Slot;Tool;Description;Type;Manufacturer;Hint\r\nT1;End mill Ø10;"4FL; carbide";Milling;Sandvik;NOHINT\r\nT2;;x;Milling;y;z\r\nT3;Drill 6.8;;;;\r\n';
    const { tools, problems } = readToolCsv(text);
    expect(tools).toEqual([
      {
        slotNumber: 'T1',
        toolName: 'End mill Ø10',
        toolDescription: '4FL; carbide',
        toolType: 'Milling',
        toolManufacturer: 'Sandvik',
        toolHint: 'NOHINT',
      },
      {
        slotNumber: 'T3',
        toolName: 'Drill 6.8',
        toolDescription: 'Drill 6.8',
        toolType: 'Drilling',
        toolManufacturer: 'Unknown',
        toolHint: 'NOHINT',
      },
    ]);
    expect(problems).toEqual([{ line: 3, message: 'row 3: a tool needs its slot and its name' }]);
  });

  it('names a header without slot and name columns', () => {
    expect(readToolCsv('a,b\n1,2\n').problems[0]!.message).toMatch(/^line 1: the header/);
  });
});
