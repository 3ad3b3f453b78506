import { describe, expect, it } from 'vitest';
import { emptyDescription, type BlueprintDescription } from '#contracts/blueprint';
import { boundsOf, signedArea } from '#cam/geometry/polygon';
import { heldToleranceMm, prismaticPartFromDescription } from '#cam/prismatic/part';
import { threadSpecOf } from '#cam/prismatic/tap-drills';
import { iso2768LinearToleranceMm } from '#cam/prismatic/tolerances';
import { blockStockText, suggestBlockStock } from '#cam/prismatic/stock';
import { suggestedStock, toolsNeeded } from '#cam/analysis';
import { PrismaticPartError } from '#cam/errors';

type Prismatic = NonNullable<BlueprintDescription['prismatic']>;

/** A 100 × 60 plate drawn clockwise at (-50, 20), with what `prismatic` adds. */
function plate(extra: Partial<Prismatic> = {}, source?: string): BlueprintDescription {
  const description = emptyDescription('A plate');
  description.prismatic = {
    outline: [
      { x: -50, y: 20 },
      { x: -50, y: 80 },
      { x: 50, y: 80 },
      { x: 50, y: 20 },
    ],
    holes: [],
    pockets: [],
    slots: [],
    ...extra,
  };
  if (source) description.source = source;
  return description;
}

describe('prismaticPartFromDescription', () => {
  it('moves the outline to X0 Y0 at its lower-left corner and runs it counter-clockwise', () => {
    const part = prismaticPartFromDescription(
      plate({ thicknessMm: 10, holes: [{ diameter: 'Ø13', x: 0, y: 50, diameterMm: 13 }] }),
    );
    expect(boundsOf([part.outline])).toEqual({ minX: 0, minY: 0, maxX: 100, maxY: 60 });
    expect(signedArea(part.outline)).toBeCloseTo(6000, 6);
    expect(part.holes[0]).toMatchObject({
      center: { x: 50, y: 30 },
      diameterMm: 13,
      depthMm: 10,
      through: true,
      kind: 'through',
    });
    expect(part.generalToleranceMm).toBe(0.1);
    expect(part.notModelled).toEqual([]);
  });

  it('taps M8 with a 6.8 mm drill and 1.25 mm pitch (ISO 261 coarse, nominal − pitch)', () => {
    const part = prismaticPartFromDescription(
      plate({
        thicknessMm: 20,
        holes: [
          { diameter: 'M8', x: -40, y: 30, diameterMm: 8, depthMm: 12, kind: 'tapped' },
          { diameter: '4x M8x1', x: 40, y: 30, diameterMm: 8 },
        ],
      }),
    );
    const [coarse, fine] = part.holes;
    expect(coarse).toMatchObject({
      kind: 'tapped',
      diameterMm: 6.8,
      threadDepthMm: 12,
      depthMm: 15.75,
      through: false,
      thread: { nominalMm: 8, pitchMm: 1.25, tapDrillMm: 6.8 },
    });
    expect(fine).toMatchObject({
      kind: 'tapped',
      diameterMm: 7,
      through: true,
      thread: { pitchMm: 1 },
    });
  });

  it('names a hole marked tapped whose thread is not given, never drilling it as finished', () => {
    const part = prismaticPartFromDescription(
      plate({
        thicknessMm: 20,
        holes: [{ diameter: 'Ø8', x: -40, y: 30, diameterMm: 8, kind: 'tapped' }],
      }),
    );
    expect(part.notModelled).toEqual([
      "The hole Ø8 is tapped, but no thread is given for it: drilled to Ø8 only. Give its thread with Change, for example 'holes are M6'.",
    ]);
  });

  it('names a size the top view does not hold by its value when its text is empty', () => {
    const part = prismaticPartFromDescription(
      plate({ thicknessMm: 20, sizes: [{ dimension: ' ', mm: 12.5, measures: 'other' }] }),
    );
    expect(part.notModelled.join(' ')).toMatch(/^The drawing writes 12\.5 mm, which the top view/);
  });

  it('takes tap drills: metric M12 10.2, M10 8.5, M3 2.5, M10x1.25 8.8; unified 1/4-20 UNC #7', () => {
    expect(threadSpecOf('M12')?.tapDrillMm).toBe(10.2);
    expect(threadSpecOf('M10')?.tapDrillMm).toBe(8.5);
    expect(threadSpecOf('M3')?.tapDrillMm).toBe(2.5);
    expect(threadSpecOf('M10x1.25')?.tapDrillMm).toBe(8.8);
    expect(threadSpecOf('1/4-20 UNC')).toMatchObject({ pitchMm: 1.27, tapDrillMm: 5.105 });
    expect(threadSpecOf('Ø10')).toBeUndefined();
  });

  it('turns an H7 fit into its ISO 286 limits, and reads counterbores and blind holes', () => {
    const part = prismaticPartFromDescription(
      plate({
        thicknessMm: 15,
        holes: [
          { diameter: 'Ø10 H7', x: 0, y: 50, diameterMm: 10, fit: 'H7' },
          { diameter: 'Ø12 H7', x: 10, y: 50, diameterMm: 12 },
          {
            diameter: 'Ø6.6 counterbore Ø11 x 6.8',
            x: 20,
            y: 50,
            diameterMm: 6.6,
            counterboreDiameterMm: 11,
            counterboreDepthMm: 6.8,
          },
          { diameter: 'Ø5 x 8 deep', x: 30, y: 50, diameterMm: 5, depthMm: 8 },
          { diameter: 'Ø5 x 20 deep', x: 40, y: 50, diameterMm: 5, depthMm: 20 },
        ],
      }),
    );
    const [h7, h7Written, counterbored, blind, past] = part.holes;
    expect(h7!.tolerance).toEqual({ upperMm: 0.015, lowerMm: 0 });
    expect(h7Written!.tolerance).toEqual({ upperMm: 0.018, lowerMm: 0 });
    expect(counterbored).toMatchObject({
      kind: 'counterbored',
      counterbore: { diameterMm: 11, depthMm: 6.8 },
      through: true,
    });
    expect(blind).toMatchObject({ kind: 'blind', depthMm: 8, through: false });
    expect(past).toMatchObject({ kind: 'through', depthMm: 15, through: true });
  });

  it('keeps through pockets as cut-outs, blind pockets with their depth, islands and slots', () => {
    const square = (x: number, y: number, size: number) => [
      { x, y },
      { x: x + size, y },
      { x: x + size, y: y + size },
      { x, y: y + size },
    ];
    const part = prismaticPartFromDescription(
      plate({
        thicknessMm: 12,
        pockets: [
          { label: 'Cut-out', outline: square(-40, 30, 20).reverse(), through: true },
          { label: 'Pocket', outline: square(0, 30, 30), depthMm: 5 },
          { label: 'Island', outline: square(10, 40, 10) },
        ],
        slots: [
          { label: 'Slot 8 wide', from: { x: -40, y: 70 }, to: { x: -20, y: 70 }, widthMm: 8 },
        ],
      }),
    );
    expect(part.pockets).toHaveLength(2);
    const [cutOut, pocket] = part.pockets;
    expect(cutOut).toMatchObject({ through: true, depthMm: 12, islands: [] });
    expect(signedArea(cutOut!.outline)).toBeGreaterThan(0);
    expect(pocket).toMatchObject({ through: false, depthMm: 5 });
    expect(pocket!.islands).toHaveLength(1);
    expect(signedArea(pocket!.islands[0]!)).toBeLessThan(0);
    expect(part.slots[0]).toMatchObject({
      from: { x: 10, y: 50 },
      to: { x: 30, y: 50 },
      widthMm: 8,
      depthMm: 12,
      through: true,
    });
  });

  it('says where the thickness came from: the DXF, the description, or the stock less 1 mm', () => {
    expect(
      prismaticPartFromDescription(plate({ thicknessMm: 8 }, 'DXF (offline reader): p.dxf')),
    ).toMatchObject({ thicknessMm: 8, thicknessSource: 'drawing' });
    expect(prismaticPartFromDescription(plate({ thicknessMm: 8 }))).toMatchObject({
      thicknessMm: 8,
      thicknessSource: 'description',
    });
    expect(prismaticPartFromDescription(plate(), { stockThicknessMm: 13 })).toMatchObject({
      thicknessMm: 12,
      thicknessSource: 'stock',
    });
  });

  it('reads the general tolerance (ISO 2768-1 by the largest size) and Ra', () => {
    const description = plate({ thicknessMm: 10 });
    description.dimensions.generalTolerance = 'ISO 2768-mK';
    description.surfaceFinish.raUm = 1.6;
    const part = prismaticPartFromDescription(description);
    // 100 mm is in the 30–120 mm range of class m: ±0.3.
    expect(part.generalToleranceMm).toBe(0.3);
    expect(part.raUm).toBe(1.6);
    expect(iso2768LinearToleranceMm('f', 2)).toBe(0.05);
    expect(iso2768LinearToleranceMm('c', 500)).toBe(2);
    expect(iso2768LinearToleranceMm('v', 1)).toBeUndefined();
  });

  it('holds the outline and thickness to their tightest written tolerance, and says what it cannot hold', () => {
    const size = (
      dimension: string,
      mm: number,
      measures: 'width' | 'height' | 'thickness' | 'position' | 'feature' | 'other',
      upperMm?: number,
      lowerMm?: number,
    ) => ({
      dimension,
      mm,
      measures,
      ...(upperMm !== undefined ? { tolerance: { upperMm, lowerMm: lowerMm! } } : {}),
    });
    const description = plate({
      thicknessMm: 10,
      holes: [{ diameter: 'Ø6 ±0.3', x: 0, y: 50, diameterMm: 6 }],
      sizes: [
        size('100 ±0.1', 100, 'width', 0.1, -0.1),
        size('10 +0.1/-0.05', 10, 'thickness', 0.1, -0.05),
        size('20 ±0.01', 20, 'position', 0.01, -0.01),
        size('12 ±0.3', 12, 'feature', 0.3, -0.3),
      ],
    });
    description.dimensions.tolerances = '100 ±0.1; 10 +0.1/-0.05; Ø6 ±0.3';
    const part = prismaticPartFromDescription(description);
    // The written sizes' ±0.1 is not the general tolerance: the default 0.1 stays.
    expect(part.generalToleranceMm).toBe(0.1);
    expect(part.sizeToleranceMm).toBe(0.05);
    expect(heldToleranceMm(part)).toBe(0.05);
    expect(part.notModelled).toEqual([]);

    description.prismatic!.sizes = [size('60 +0.2/0', 60, 'height', 0.2, 0)];
    const limit = prismaticPartFromDescription(description);
    expect(limit.sizeToleranceMm).toBeUndefined();
    expect(heldToleranceMm(limit)).toBe(0.1);
    expect(limit.notModelled).toEqual([
      expect.stringMatching(
        /^The outline height 60 \+0\.2\/0: .*middle of the tolerance \(60\.1 mm\)/,
      ),
    ]);

    // A step the top view has no feature for is not made: never silently.
    description.prismatic!.sizes = [
      size('4 +0.1/-0.2', 4, 'other', 0.1, -0.2),
      size('7', 7, 'other'),
    ];
    expect(prismaticPartFromDescription(description).notModelled).toEqual([
      expect.stringMatching(
        /^The drawing writes 4 \+0\.1\/-0\.2, 7, which the top view does not hold/,
      ),
    ]);
  });

  it('refuses a description without an outline, without a thickness, or with a hole outside', () => {
    expect(() => prismaticPartFromDescription(emptyDescription())).toThrow(PrismaticPartError);
    expect(() => prismaticPartFromDescription(emptyDescription())).toThrow(
      /^The description has no top-view outline of the part: .*use 'Change' to give the plate's outline and thickness/,
    );
    expect(() => prismaticPartFromDescription(plate())).toThrow(
      /^The part's thickness is not known/,
    );
    // A turned part whose end view's holes were read along: not a plate to mill from a block.
    const turned = plate({ thicknessMm: 10 });
    turned.outerDiameters = [
      { diameter: 'Ø60', type: 'cylinder', location: '', length: '', diameterMm: 60 },
    ];
    expect(() => prismaticPartFromDescription(turned)).toThrow(/^The drawing is a turned part/);
    expect(() => prismaticPartFromDescription(plate(), { stockThicknessMm: 1 })).toThrow(
      /too thin/,
    );
    expect(() =>
      prismaticPartFromDescription(
        plate({ thicknessMm: 5, holes: [{ diameter: 'Ø5', x: 60, y: 50, diameterMm: 5 }] }),
      ),
    ).toThrow(/^The hole Ø5 at X110 Y30 .* lies outside the part's outline/);
  });
});

describe('suggestBlockStock', () => {
  it('leaves 2 mm a side and 1 mm facing, in EN 10058 flat bar sizes', () => {
    const part = prismaticPartFromDescription(plate({ thicknessMm: 10 }));
    const block = suggestBlockStock(part);
    expect(block).toEqual({ xMm: 104, yMm: 65, zMm: 12, form: 'flat bar' });
    expect(blockStockText(block)).toBe('Plate 104 x 65 x 12 mm');
  });

  it('saws plate in whole mm beyond the widest flat bar', () => {
    const description = plate({ thicknessMm: 30 });
    description.prismatic!.outline = [
      { x: 0, y: 0 },
      { x: 300.2, y: 0 },
      { x: 300.2, y: 199.5 },
      { x: 0, y: 199.5 },
    ];
    expect(suggestBlockStock(prismaticPartFromDescription(description))).toEqual({
      xMm: 305,
      yMm: 204,
      zMm: 35,
      form: 'plate',
    });
  });

  it('is the suggested stock and the tools of the offline analysis', () => {
    const description = plate({
      thicknessMm: 10,
      holes: [{ diameter: 'M8', x: 0, y: 50, diameterMm: 8, thread: 'M8' }],
    });
    expect(suggestedStock(description)).toBe('Plate 104 x 65 x 12 mm');
    expect(toolsNeeded(description)).toEqual(
      expect.arrayContaining(['Spot drill', 'Twist drill Ø6.8 mm', 'Tap M8']),
    );
    expect(suggestedStock(plate())).toBe(
      "Plate 104 x 65 mm, thickness not on the drawing (give it with 'Change')",
    );
  });
});
