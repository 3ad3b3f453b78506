/**
 * A turned part's end view keeps the sizes written across it (drawings/describe/end-view-sizes.ts):
 * a cut-out's width and length with their own tolerances, a hole's position; not a size drawn
 * beside the side view, nor one the end view's features do not hold. Units: mm.
 */
import { describe, expect, it } from 'vitest';
import type { PrismaticDescription } from '#contracts/blueprint';
import type { DimensionNote } from '#drawings/describe/content';
import { endViewSizes } from '#drawings/describe/end-view-sizes';

/** A round plate Ø70 centred at (75, 175), a cut-out 15.5 x 8 right of its centre, two holes. */
const plate: PrismaticDescription = {
  outline: Array.from({ length: 72 }, (_, i) => ({
    x: 75 + 35 * Math.cos((i * Math.PI) / 36),
    y: 175 + 35 * Math.sin((i * Math.PI) / 36),
  })),
  thicknessMm: 6,
  holes: [
    { diameter: 'Ø6.6', x: 57.5, y: 192.5, diameterMm: 6.6, through: true },
    { diameter: 'Ø6.6', x: 92.5, y: 192.5, diameterMm: 6.6, through: true },
  ],
  pockets: [
    {
      label: 'Cut-out 15.5 × 8 mm',
      outline: [
        { x: 80, y: 171 },
        { x: 95.5, y: 171 },
        { x: 95.5, y: 179 },
        { x: 80, y: 179 },
      ],
      through: true,
    },
  ],
  slots: [],
};
const endView = { minX: 40, minY: 140, maxX: 110, maxY: 210 };
const sideView = { minX: 150, minY: 140, maxX: 163, maxY: 210 };

const linear = (p1: [number, number], p2: [number, number], text: string) => ({
  note: {
    kind: 'linear',
    p1: { x: p1[0], y: p1[1] },
    p2: { x: p2[0], y: p2[1] },
    angleRad: p1[1] === p2[1] ? 0 : Math.PI / 2,
    written: text,
  } as DimensionNote,
  text,
});

describe("a turned part's end view", () => {
  it('keeps the sizes written across it that its features hold, with their tolerances', () => {
    const sizes = endViewSizes(
      endView,
      sideView,
      [
        // The cut-out's length, its dimension line below the view on the diameter's line.
        linear([80, 125], [95.5, 125], '15.50 +0.5/0'),
        // Its width, the dimension line right of the view, nearer it than the side view.
        linear([125, 171], [125, 179], '8.00 +0.2/0'),
        // The holes' spacing.
        linear([57.5, 215], [92.5, 215], '35.00'),
        // The side view's thickness, and a width beside the side view.
        linear([150, 130], [156, 130], '6.00 +0.15/0'),
        linear([145, 171], [145, 179], '8.00'),
        // Across the end view, but no size of it.
        linear([45, 130], [70, 130], '25.00'),
      ],
      plate,
      1,
    );
    expect(sizes).toEqual([
      {
        dimension: '15.50 +0.5/0',
        mm: 15.5,
        tolerance: { upperMm: 0.5, lowerMm: 0 },
        measures: 'feature',
      },
      {
        dimension: '8.00 +0.2/0',
        mm: 8,
        tolerance: { upperMm: 0.2, lowerMm: 0 },
        measures: 'feature',
      },
      { dimension: '35.00', mm: 35, measures: 'position' },
    ]);
  });
});
