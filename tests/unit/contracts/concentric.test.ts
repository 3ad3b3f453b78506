/**
 * Circles drawn around plate holes that no callout sizes (decision 073): held as not placed
 * until the hole there has a counterbore, countersink or thread of the circle's size; the part
 * model then names them as not programmed, so the program is never verified without them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prismaticPartFromDescription } from '#cam/prismatic/part';
import {
  emptyDescription,
  type BlueprintDescription,
  type PrismaticDescription,
} from '#contracts/blueprint';
import { holesLeftAround, stillUnplaced } from '#contracts/concentric';
import { valueRows } from '#contracts/values-table';
import { concentricUnplaced, withoutExplainedCircles } from '#drawings/describe/concentric';

type Hole = PrismaticDescription['holes'][number];

const plainHole = (x: number, y: number, diameterMm = 6.6): Hole => ({
  diameter: `Ø${diameterMm}`,
  x,
  y,
  diameterMm,
  through: true,
  kind: 'through',
});

const around = { diameterMm: 11, holeDiameterMm: 6.6, holes: [{ x: 10, y: 10 }] };

describe('holesLeftAround', () => {
  it('keeps a circle around a plain hole', () => {
    expect(holesLeftAround(around, [plainHole(10, 10)])).toEqual([{ x: 10, y: 10 }]);
  });

  it('a counterbore, a countersink or a thread of the circle’s size explains it', () => {
    const counterbored = { ...plainHole(10, 10), counterboreDiameterMm: 11 };
    const countersunk = { ...plainHole(10, 10), countersinkDiameterMm: 11.02 };
    const tapped: Hole = { ...plainHole(10, 10, 11), kind: 'tapped', thread: 'M11' };
    for (const hole of [counterbored, countersunk, tapped])
      expect(holesLeftAround(around, [hole])).toEqual([]);
  });

  it('a counterbore of another size, or at another place, does not', () => {
    expect(holesLeftAround(around, [{ ...plainHole(10, 10), counterboreDiameterMm: 14 }])).toEqual(
      around.holes,
    );
    expect(holesLeftAround(around, [{ ...plainHole(30, 10), counterboreDiameterMm: 11 }])).toEqual(
      around.holes,
    );
  });

  it('an entry is open while any of its holes is unexplained (random plates)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 3, max: 40, noNaN: true }),
        (sized, circleMm) => {
          const places = sized.map((_, i) => ({ x: 20 * i, y: 5 }));
          const holes = places.map((place, i) =>
            sized[i]
              ? { ...plainHole(place.x, place.y, 2), counterboreDiameterMm: circleMm }
              : plainHole(place.x, place.y, 2),
          );
          const entry = {
            text: 'circle',
            why: 'drawn',
            around: { diameterMm: circleMm, holeDiameterMm: 2, holes: places },
          };
          expect(holesLeftAround(entry.around, holes)).toHaveLength(sized.filter((s) => !s).length);
          expect(stillUnplaced(entry, holes)).toBe(sized.some((s) => !s));
        },
      ),
    );
  });
});

/** A 60 × 40 × 10 plate with four Ø6.6 holes drawn inside Ø11 circles that nothing sizes. */
function plateWithDrawnCounterbores(): BlueprintDescription {
  const corners = [
    { x: 10, y: 10 },
    { x: 50, y: 10 },
    { x: 10, y: 30 },
    { x: 50, y: 30 },
  ];
  const description = emptyDescription('A plate');
  description.materialSpecs.material = 'Aluminium 6061';
  description.prismatic = {
    outline: [
      { x: 0, y: 0 },
      { x: 60, y: 0 },
      { x: 60, y: 40 },
      { x: 0, y: 40 },
    ],
    thicknessMm: 10,
    holes: corners.map(({ x, y }) => plainHole(x, y)),
    pockets: [],
    slots: [],
  };
  description.unplaced = concentricUnplaced(
    corners.map((center) => ({ center, diameterMm: 6.6, around: [11] })),
  );
  return description;
}

describe('circles drawn around holes, through the part model and the values table', () => {
  it('are one entry per circle size, and the part model names it as not programmed', () => {
    const description = plateWithDrawnCounterbores();
    expect(description.unplaced).toHaveLength(1);
    expect(description.unplaced![0]!.text).toBe('Ø11 around 4 holes of Ø6.6');
    const part = prismaticPartFromDescription(description);
    expect(part.notModelled.join(' ')).toMatch(/"Ø11 around 4 holes of Ø6\.6"/);
    expect(valueRows(description).some((row) => row.id === 'unplaced.0')).toBe(true);
  });

  it('no longer hold the program back once each hole has its counterbore', () => {
    const description = plateWithDrawnCounterbores();
    for (const hole of description.prismatic!.holes) {
      hole.kind = 'counterbored';
      hole.counterboreDiameterMm = 11;
      hole.counterboreDepthMm = 6.8;
    }
    const part = prismaticPartFromDescription(description);
    expect(part.notModelled.join(' ')).not.toMatch(/around 4 holes/);
    expect(valueRows(description).some((row) => row.id === 'unplaced.0')).toBe(false);
    withoutExplainedCircles(description);
    expect(description.unplaced).toBeUndefined();
  });

  it('stay held while one hole of the four lacks it', () => {
    const description = plateWithDrawnCounterbores();
    for (const hole of description.prismatic!.holes.slice(1)) hole.counterboreDiameterMm = 11;
    withoutExplainedCircles(description);
    expect(description.unplaced).toHaveLength(1);
    const part = prismaticPartFromDescription(description);
    expect(part.notModelled.join(' ')).toMatch(/around 4 holes/);
  });
});
