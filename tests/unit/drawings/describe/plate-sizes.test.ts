/**
 * The written sizes of a plate (`prismatic.sizes`) on random plates: every linear dimension is
 * kept with its tolerance and told apart as the outline's width or height, a hole's position, the
 * thickness or another size; hole callouts and counted thread callouts are left out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DimensionNote } from '#drawings/describe/content';
import { writtenPlateSizes } from '#drawings/describe/plate-sizes';

const linear = (
  p1: { x: number; y: number },
  p2: { x: number; y: number },
  vertical: boolean,
): DimensionNote => ({
  kind: 'linear',
  p1,
  p2,
  angleRad: vertical ? Math.PI / 2 : 0,
  written: '',
});

const tolerances = fc.option(
  fc.record({
    upperMm: fc.constantFrom(0.05, 0.1, 0.2),
    lowerMm: fc.constantFrom(0, -0.05, -0.1, -0.2),
  }),
  { nil: undefined },
);

const plates = fc.record({
  origin: fc.record({
    x: fc.integer({ min: -200, max: 200 }),
    y: fc.integer({ min: -200, max: 200 }),
  }),
  width: fc.integer({ min: 120, max: 200 }),
  height: fc.integer({ min: 60, max: 100 }),
  thickness: fc.integer({ min: 3, max: 25 }),
  // Holes on distinct columns 20 mm apart, so a callout's ends never meet another hole's centre.
  holes: fc.uniqueArray(
    fc.record({
      column: fc.integer({ min: 1, max: 5 }),
      y: fc.integer({ min: 15, max: 45 }),
      diameter: fc.integer({ min: 3, max: 10 }),
    }),
    { minLength: 1, maxLength: 4, selector: (hole) => hole.column },
  ),
  widthTolerance: tolerances,
  thicknessTolerance: tolerances,
});

const written = (mm: number, tolerance?: { upperMm: number; lowerMm: number }) =>
  tolerance
    ? `${mm} ${tolerance.upperMm === -tolerance.lowerMm ? `±${tolerance.upperMm}` : `+${tolerance.upperMm}/${tolerance.lowerMm}`}`
    : `${mm}`;

describe('writtenPlateSizes', () => {
  it('tells width, height, positions and thickness apart and leaves hole and thread callouts out', () => {
    fc.assert(
      fc.property(plates, (plate) => {
        const { x: x0, y: y0 } = plate.origin;
        const outline = [
          { x: x0, y: y0 },
          { x: x0 + plate.width, y: y0 },
          { x: x0 + plate.width, y: y0 + plate.height },
          { x: x0, y: y0 + plate.height },
        ];
        const holes = plate.holes.map((hole) => ({
          diameter: `Ø${hole.diameter}`,
          x: x0 + 20 * hole.column,
          y: y0 + hole.y,
          diameterMm: hole.diameter,
        }));
        const dimensions: { note: DimensionNote; text: string }[] = [
          {
            note: linear(outline[3]!, outline[2]!, false),
            text: written(plate.width, plate.widthTolerance),
          },
          { note: linear(outline[1]!, outline[2]!, true), text: written(plate.height) },
          // The side view, beside the top view.
          {
            note: linear(
              { x: x0 + plate.width + 30, y: y0 },
              { x: x0 + plate.width + 30 + plate.thickness, y: y0 },
              false,
            ),
            text: written(plate.thickness, plate.thicknessTolerance),
          },
        ];
        for (const hole of holes) {
          dimensions.push({
            note: linear({ x: x0, y: y0 - 10 }, { x: hole.x, y: y0 - 10 }, false),
            text: written(hole.x - x0),
          });
          dimensions.push({
            note: linear(
              { x: hole.x - hole.diameterMm / 2, y: hole.y },
              { x: hole.x + hole.diameterMm / 2, y: hole.y },
              false,
            ),
            text: written(hole.diameterMm, { upperMm: 0.1, lowerMm: -0.1 }),
          });
        }
        dimensions.push({
          note: linear(
            { x: holes[0]!.x, y: holes[0]!.y },
            { x: holes[0]!.x + 5, y: holes[0]!.y },
            false,
          ),
          text: `${holes.length} X M${holes[0]!.diameterMm} X.5`,
        });
        const sizes = writtenPlateSizes(
          dimensions,
          { outline, holes, thicknessMm: plate.thickness },
          1,
        );
        const toleranceOf = (tolerance?: { upperMm: number; lowerMm: number }) =>
          tolerance ? { tolerance } : {};
        const positions = [...new Set(holes.map((hole) => hole.x - x0))];
        expect(sizes).toEqual([
          {
            dimension: written(plate.width, plate.widthTolerance),
            mm: plate.width,
            ...toleranceOf(plate.widthTolerance),
            measures: 'width',
          },
          { dimension: written(plate.height), mm: plate.height, measures: 'height' },
          {
            dimension: written(plate.thickness, plate.thicknessTolerance),
            mm: plate.thickness,
            ...toleranceOf(plate.thicknessTolerance),
            measures: 'thickness',
          },
          ...positions.map((mm) => ({ dimension: written(mm), mm, measures: 'position' })),
        ]);
      }),
    );
  });

  it('keeps a size the model has no place for as other, once', () => {
    const outline = [
      { x: 0, y: 0 },
      { x: 60, y: 0 },
      { x: 60, y: 30 },
      { x: 0, y: 30 },
    ];
    const step = { note: linear({ x: 70, y: 0 }, { x: 70, y: 4 }, true), text: '4.00 +0.10/-0.20' };
    expect(writtenPlateSizes([step, step], { outline, holes: [] }, 1)).toEqual([
      {
        dimension: '4.00 +0.10/-0.20',
        mm: 4,
        tolerance: { upperMm: 0.1, lowerMm: -0.2 },
        measures: 'other',
      },
    ]);
    // Diameters, radii and angles are not linear sizes.
    expect(
      writtenPlateSizes(
        [
          { note: { ...step.note, kind: 'diameter' }, text: 'Ø8' },
          { note: step.note, text: 'R5' },
          { note: { ...step.note, kind: 'angular' }, text: '30°' },
        ],
        { outline, holes: [] },
        1,
      ),
    ).toEqual([]);
  });
});
