/**
 * Loose outline line work inside a plate's top view (drawings/describe/loose-line-work.ts): the
 * broken edge of a cut-out is named and held; a hole's traced circle pieces, a thread's arc and
 * a step's edge are not.
 */
import { describe, expect, it } from 'vitest';
import type { Polygon } from '#cam/geometry/polygon';
import type { PrismaticDescription } from '#contracts/blueprint';
import type { Primitive } from '#drawings/geometry/primitives';
import { looseLineWork } from '#drawings/describe/loose-line-work';

const line = (ax: number, ay: number, bx: number, by: number): Primitive => ({
  kind: 'line',
  a: { x: ax, y: ay },
  b: { x: bx, y: by },
  layer: 'test',
});
const outline: Polygon = [
  { x: 0, y: 0 },
  { x: 80, y: 0 },
  { x: 80, y: 40 },
  { x: 0, y: 40 },
];
const edges = outline.map((p, i) => {
  const q = outline[(i + 1) % 4]!;
  return line(p.x, p.y, q.x, q.y);
});
const none: Pick<PrismaticDescription, 'holes' | 'steps'> = { holes: [] };

describe('loose line work', () => {
  it('names a cut-out whose edge is broken, once, and holds it', () => {
    // A 12 x 12 cut-out with a gap in its top edge (a value written across it).
    const broken = [
      line(50, 14, 62, 14),
      line(62, 14, 62, 26),
      line(62, 26, 58, 26),
      line(54, 26, 50, 26),
      line(50, 26, 50, 14),
    ];
    const found = looseLineWork([...edges, ...broken], [], outline, none, 0.1);
    expect(found.unresolved).toHaveLength(1);
    expect(found.unresolved[0]).toMatch(
      /^The top view draws lines of 12 × 12 mm, .* that close no contour/,
    );
    expect(found.unheld).toMatchObject([{ mm: 12, measures: 'other' }]);
  });

  it('leaves the outline, a hole with its pieces, and a step edge alone', () => {
    const steps: PrismaticDescription['steps'] = [
      {
        label: 'Step 1',
        depthMm: 2,
        outline: [
          { x: 60, y: 0 },
          { x: 80, y: 0 },
          { x: 80, y: 40 },
          { x: 60, y: 40 },
        ],
      },
    ];
    const holes = [
      { diameter: 'Ø6', x: 20, y: 20, diameterMm: 6, through: true, kind: 'through' as const },
    ];
    const primitives = [...edges, line(60, 0, 60, 40), line(17.5, 20, 22.5, 20)];
    expect(looseLineWork(primitives, [], outline, { holes, steps }, 0.1).unresolved).toEqual([]);
  });
});
