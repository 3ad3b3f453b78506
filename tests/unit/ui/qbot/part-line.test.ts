import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstSentence, partLine } from '#src/qbot/part-line.ts';

describe("the job summary's Part line", () => {
  it("is the overview's first sentence and the file's name, without notes or title-block text", () => {
    expect(
      partLine(
        "Turned part, 60 mm long: 3 outer diameters (Ø11.11, Ø8.85, Ø15.48), read offline from the DXF. Axis of revolution: horizontal in the drawing. Notes: C; D; A; B; APPV'D.",
        'long_reamer_facer.dxf',
      ),
    ).toBe(
      'Turned part, 60 mm long: 3 outer diameters (Ø11.11, Ø8.85, Ø15.48), read offline from the DXF. (long_reamer_facer.dxf)',
    );
  });

  it('keeps decimals and falls back to the file name', () => {
    expect(firstSentence('Plate 175.5 x 74.4 mm, 10 mm thick')).toBe(
      'Plate 175.5 x 74.4 mm, 10 mm thick',
    );
    expect(partLine('', 'flange.png')).toBe('flange.png');
    expect(partLine(undefined, null)).toBe('');
    expect(partLine('A shaft.', null)).toBe('A shaft.');
  });

  it('is never longer than the overview and the name, and starts the overview', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (overview, fileName) => {
        const line = partLine(overview, fileName);
        expect(line.length).toBeLessThanOrEqual(overview.trim().length + fileName.length + 3);
        if (overview.trim()) expect(overview.trim().startsWith(firstSentence(overview))).toBe(true);
      }),
    );
  });
});
