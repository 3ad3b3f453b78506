/**
 * Fusion 360 tool libraries (issue 35): a library (JSON, or the .tools zip around it) the
 * product writes reads back to the same rows; a library from Fusion gives each tool's number,
 * name, a description the tool readers understand (inches as mm), its type, vendor and product
 * id; what is not a library is named.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import {
  readFusionLibrary,
  readFusionTools,
  writeFusionLibrary,
  writeFusionTools,
} from '#cam/tool-library/fusion';
import { classifyMillTool } from '#cam/mill/tooling';
import { libraryRow } from '#tests/helpers/library-rows';

const rows = fc.array(libraryRow(), { maxLength: 15 });

const fusion = {
  data: [
    {
      type: 'flat end mill',
      description: '10mm 4FL carbide',
      vendor: 'Sandvik Coromant',
      'product-id': '2P342-1000-PA 1730',
      unit: 'millimeters',
      BMC: 'carbide',
      geometry: { DC: 10, LCF: 22, NOF: 4, OAL: 72 },
      'post-process': { number: 3, 'length-offset': 3 },
    },
    {
      type: 'drill',
      description: '',
      unit: 'inches',
      geometry: { DC: 0.25, LCF: 1.5, SIG: 118 },
      'post-process': { number: 7 },
    },
    { type: 'probe', description: 'no number' },
  ],
  version: 2,
};

describe('Fusion 360 tool libraries', () => {
  it('read back every field of the rows they were written from, as JSON and as .tools', () => {
    fc.assert(
      fc.property(rows, (written) => {
        expect(readFusionLibrary(writeFusionLibrary(written))).toEqual({
          tools: written,
          problems: [],
        });
        expect(readFusionTools(writeFusionTools(written)).tools).toEqual(written);
      }),
      { numRuns: 100 },
    );
  });

  it('reads a Fusion library: numbers, names, inch sizes as mm, types, vendors and product ids', () => {
    const { tools, problems } = readFusionLibrary(JSON.stringify(fusion));
    expect(tools).toEqual([
      {
        slotNumber: 'T3',
        toolName: '10mm 4FL carbide',
        toolDescription:
          'flat end mill, Ø10 mm, 4 flutes, flute length 22 mm, overall length 72 mm, carbide',
        toolType: 'Milling',
        toolManufacturer: 'Sandvik Coromant',
        toolHint: '2P342-1000-PA 1730',
      },
      {
        slotNumber: 'T7',
        toolName: 'drill Ø6.35',
        toolDescription: 'drill, Ø6.35 mm, flute length 38.1 mm, 118° point',
        toolType: 'Drilling',
        toolManufacturer: 'Unknown',
        toolHint: 'NOHINT',
      },
    ]);
    expect(problems).toEqual([{ line: 3, message: 'tool 3 (no number) has no tool number' }]);
    // The product's own reader understands the description it wrote.
    const endMill = classifyMillTool({ id: 'x', ...tools[0]! });
    expect(endMill).toMatchObject({ kind: 'endMill', diameterMm: 10, flutes: 4 });
  });

  it('reads the .tools zip and names what is not a library', () => {
    const zipped = zipSync({ 'tools.json': strToU8(JSON.stringify(fusion)) });
    expect(readFusionTools(zipped).tools).toHaveLength(2);
    expect(readFusionTools(strToU8('not a zip')).problems[0]!.message).toBe(
      'not a Fusion 360 .tools file (not a zip)',
    );
    expect(readFusionLibrary('{"tools": []}').problems[0]!.message).toBe(
      'not a Fusion 360 tool library (no "data" list of tools)',
    );
  });
});
