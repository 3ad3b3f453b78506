/**
 * Change's free text for what the values table shows beyond a turned part's shape (decision 049):
 * a plate's holes, outline, pocket and slot depths, and the title block; and the table's other
 * fields (material, general tolerance, surface finish) on a plate.
 */
import { describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import type { BlueprintDescription } from '#contracts/blueprint';
import { concentricCirclesNote, concentricUnplaced } from '#drawings/describe/concentric';
import { reviseDescription } from '#drawings/revise/revise';

function plate(): BlueprintDescription {
  return {
    ...emptyDescription(
      'Top view for milling and EDM: outline 100 × 60 mm; 2 holes (Ø5 ×1, Ø8 ×1); 1 cut-out; 1 slot.',
    ),
    prismatic: {
      outline: [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 60 },
        { x: 0, y: 60 },
      ],
      holes: [
        { diameter: 'Ø5', x: 10, y: 10, diameterMm: 5, through: true },
        { diameter: 'Ø8', x: 90, y: 50, diameterMm: 8, through: true },
      ],
      pockets: [
        {
          label: 'p',
          outline: [
            { x: 40, y: 20 },
            { x: 60, y: 20 },
            { x: 60, y: 40 },
          ],
          depthMm: 3,
        },
      ],
      slots: [{ label: 's', from: { x: 20, y: 45 }, to: { x: 40, y: 45 }, widthMm: 6 }],
    },
  };
}

describe("Change's free text on a plate and its title block", () => {
  it("threads the holes: 'holes are M6'", () => {
    const { description } = reviseDescription(plate(), 'holes are M6');
    expect(description.prismatic!.holes.map((h) => [h.thread, h.diameterMm, h.kind])).toEqual([
      ['M6', 6, 'tapped'],
      ['M6', 6, 'tapped'],
    ]);
  });

  it('counterbores the holes of one size, and gives depths', () => {
    const { description } = reviseDescription(
      plate(),
      'Ø8 holes counterbore Ø11 x 6.8; Ø5 holes 8 deep; pockets 4 deep; slots through',
    );
    const [small, large] = description.prismatic!.holes;
    expect(large).toMatchObject({
      counterboreDiameterMm: 11,
      counterboreDepthMm: 6.8,
      kind: 'counterbored',
    });
    expect(small).toMatchObject({ depthMm: 8, through: false, kind: 'blind' });
    expect(description.prismatic!.pockets[0]!.depthMm).toBe(4);
    expect(description.prismatic!.slots[0]!.through).toBe(true);
  });

  it('sets the outline and the thickness; the overview follows', () => {
    const { description } = reviseDescription(plate(), 'outline 120 x 80, thickness 10 mm');
    expect(Math.max(...description.prismatic!.outline.map((p) => p.x))).toBe(120);
    expect(description.prismatic!.thicknessMm).toBe(10);
    expect(description.overview).toMatch(
      /^Top view for milling and EDM: outline 120 × 80 mm, 10 mm thick;/,
    );
  });

  it('reads the general tolerance, surface finish, material and title block fields', () => {
    const { description } = reviseDescription(
      plate(),
      'ISO 2768-f; Ra 1.6; material 6061-T6; drawing number FLH-002; revision F; units inch; scale 1:2',
    );
    expect(description.dimensions.generalTolerance).toBe('ISO 2768-f');
    expect(description.surfaceFinish.raUm).toBe(1.6);
    expect(description.materialSpecs.material).toMatch(/6061/);
    expect(description.titleBlock).toMatchObject({
      drawingNumber: 'FLH-002',
      revision: 'F',
      units: 'inch',
      scale: '1:2',
    });
  });

  it('sizes the circles drawn around the holes it counterbores (decision 073)', () => {
    const drawn = plate();
    drawn.unplaced = concentricUnplaced([
      { center: { x: 10, y: 10 }, diameterMm: 5, around: [9] },
      { center: { x: 90, y: 50 }, diameterMm: 8, around: [14] },
    ]);
    drawn.unresolved = [concentricCirclesNote(drawn.unplaced)!];
    const { description } = reviseDescription(drawn, 'Ø5 holes counterbore Ø9 x 5');
    // The Ø9 circle is the Ø5 hole's counterbore now; the Ø14 around the Ø8 hole is still open.
    expect(description.unplaced?.map((item) => item.text)).toEqual(['Ø14 around the Ø8 hole']);
    expect(description.unresolved?.filter((entry) => /Concentric/.test(entry))).toEqual([
      concentricCirclesNote(description.unplaced),
    ]);
    expect(description.unresolved?.join(' ')).not.toMatch(/Ø5 hole/);
  });
});
