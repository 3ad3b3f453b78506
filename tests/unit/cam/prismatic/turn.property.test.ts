/**
 * The quarter turn of a prismatic part on the table (cam/prismatic/turn.ts, decision 045):
 * random parts on the part model's 0.0001 mm grid (rectangular or L-shaped outlines anywhere in
 * the plane, holes, pockets with islands, slots) turned four times are the same part again;
 * a turn keeps every area and direction, every hole, pocket and slot, and swaps the bounding
 * box's width and height about its lower-left corner. Then the choice of whether to turn
 * (`placeOnTable`) and the note that says so.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundsOf, pointInPolygon, signedArea } from '#cam/geometry/polygon';
import type { Point2, Polygon } from '#cam/geometry/polygon';
import type { PrismaticPart } from '#cam/prismatic/part';
import { placeOnTable, turnQuarter, turnedNote } from '#cam/prismatic/turn';
import { rectangle } from '#tests/helpers/parts';

/** A length on the 0.0001 mm grid, mm. */
const grid = (min: number, max: number) =>
  fc.integer({ min: min * 10000, max: max * 10000 }).map((value) => value / 10000);

const part = fc
  .record({
    x0: grid(-80, 80),
    y0: grid(-80, 80),
    width: grid(30, 200),
    height: grid(30, 200),
    lShape: fc.boolean(),
    holes: fc.array(
      fc.record({
        u: fc.double({ min: 0.1, max: 0.45, noNaN: true }),
        v: fc.double({ min: 0.1, max: 0.45, noNaN: true }),
      }),
      { maxLength: 4 },
    ),
    island: fc.boolean(),
    slot: fc.boolean(),
  })
  .map(({ x0, y0, width: w, height: h, lShape, holes, island, slot }): PrismaticPart => {
    const at = (u: number, v: number): Point2 => ({
      x: Math.round((x0 + u * w) * 10000) / 10000,
      y: Math.round((y0 + v * h) * 10000) / 10000,
    });
    const box = (u0: number, v0: number, u1: number, v1: number): Polygon => {
      const a = at(u0, v0);
      const b = at(u1, v1);
      return rectangle(a.x, a.y, b.x, b.y);
    };
    const outline: Polygon = lShape
      ? [at(0, 0), at(1, 0), at(1, 0.5), at(0.5, 0.5), at(0.5, 1), at(0, 1)]
      : box(0, 0, 1, 1);
    return {
      outline,
      thicknessMm: 10,
      thicknessSource: 'drawing',
      holes: holes.map(({ u, v }, index) => ({
        label: `Ø5 number ${index + 1}`,
        center: at(u, v),
        diameterMm: 5,
        depthMm: 10,
        through: true,
        kind: 'through' as const,
      })),
      pockets: [
        {
          label: 'Pocket 1',
          outline: box(0.05, 0.05, 0.45, 0.45),
          depthMm: 3,
          through: false,
          islands: island ? [[...box(0.2, 0.2, 0.3, 0.3)].reverse()] : [],
        },
      ],
      slots: slot
        ? [
            {
              label: 'Slot 1',
              from: at(0.1, 0.05),
              to: at(0.4, 0.4),
              widthMm: 2,
              depthMm: 2,
              through: false,
            },
          ]
        : [],
      generalToleranceMm: 0.1,
      notModelled: ['The thread M3 is not modelled.'],
    };
  });

const turns = (start: PrismaticPart, count: number) => {
  let turned = start;
  for (let k = 0; k < count; k += 1) turned = turnQuarter(turned);
  return turned;
};

const length = (a: Point2, b: Point2) => Math.hypot(b.x - a.x, b.y - a.y);

describe('turnQuarter', () => {
  it('gives the part back after four turns', () => {
    fc.assert(
      fc.property(part, (drawn) => {
        const copy = structuredClone(drawn);
        expect(turns(drawn, 4)).toEqual(drawn);
        expect(drawn).toEqual(copy);
      }),
      { numRuns: 200, seed: 20250401 },
    );
  });

  it('swaps the bounding box about its lower-left corner and keeps areas, directions and features', () => {
    fc.assert(
      fc.property(part, (drawn) => {
        const turned = turnQuarter(drawn);
        const before = boundsOf([drawn.outline]);
        const after = boundsOf([turned.outline]);
        expect(after.minX).toBeCloseTo(before.minX, 9);
        expect(after.minY).toBeCloseTo(before.minY, 9);
        expect(after.maxX - after.minX).toBeCloseTo(before.maxY - before.minY, 9);
        expect(after.maxY - after.minY).toBeCloseTo(before.maxX - before.minX, 9);
        const area = (polygon: Polygon) => signedArea(polygon);
        expect(area(turned.outline)).toBeCloseTo(area(drawn.outline), 6);
        expect(area(turned.outline)).toBeGreaterThan(0);
        expect(turned.pockets).toHaveLength(drawn.pockets.length);
        drawn.pockets.forEach((pocket, index) => {
          const other = turned.pockets[index]!;
          expect(area(other.outline)).toBeCloseTo(area(pocket.outline), 6);
          expect(other.islands).toHaveLength(pocket.islands.length);
          pocket.islands.forEach((island, k) => {
            expect(area(other.islands[k]!)).toBeCloseTo(area(island), 6);
            expect(area(island)).toBeLessThan(0);
          });
          expect({ ...other, outline: [], islands: [] }).toEqual({
            ...pocket,
            outline: [],
            islands: [],
          });
        });
        expect(turned.holes).toHaveLength(drawn.holes.length);
        drawn.holes.forEach((hole, index) => {
          const other = turned.holes[index]!;
          expect({ ...other, center: null }).toEqual({ ...hole, center: null });
          expect(pointInPolygon(other.center, turned.outline)).toBe(
            pointInPolygon(hole.center, drawn.outline),
          );
        });
        drawn.slots.forEach((slot, index) => {
          const other = turned.slots[index]!;
          expect(length(other.from, other.to)).toBeCloseTo(length(slot.from, slot.to), 6);
          expect(other.widthMm).toBe(slot.widthMm);
        });
        const shapes = { outline: [], holes: [], pockets: [], slots: [] };
        expect({ ...turned, ...shapes }).toEqual({ ...drawn, ...shapes });
      }),
      { numRuns: 200, seed: 20250402 },
    );
  });

  it("turns +90° about Z: the drawing's X runs along the machine's Y, its Y along -X", () => {
    const drawn: PrismaticPart = {
      outline: rectangle(0, 0, 100, 175),
      thicknessMm: 12,
      thicknessSource: 'drawing',
      holes: [
        {
          label: 'Ø6',
          center: { x: 10, y: 20 },
          diameterMm: 6,
          depthMm: 12,
          through: true,
          kind: 'through',
        },
      ],
      pockets: [],
      slots: [
        {
          label: 'Slot 1',
          from: { x: 50, y: 20 },
          to: { x: 50, y: 70 },
          widthMm: 10,
          depthMm: 3,
          through: false,
        },
      ],
      generalToleranceMm: 0.1,
      notModelled: [],
    };
    const turned = turnQuarter(drawn);
    expect(boundsOf([turned.outline])).toEqual({ minX: 0, minY: 0, maxX: 175, maxY: 100 });
    // A hole 10 mm along the drawing's X and 20 along its Y: 10 along the machine's Y, 20 in
    // from the machine's +X end.
    expect(turned.holes[0]!.center).toEqual({ x: 155, y: 10 });
    expect(turned.slots[0]).toMatchObject({ from: { x: 155, y: 50 }, to: { x: 105, y: 50 } });
  });
});

describe('placeOnTable', () => {
  const plate = (width: number, height: number): PrismaticPart => ({
    outline: rectangle(0, 0, width, height),
    thicknessMm: 12,
    thicknessSource: 'drawing',
    holes: [],
    pockets: [],
    slots: [],
    generalToleranceMm: 0.1,
    notModelled: [],
  });

  it('leaves a part that fits as drawn as it is', () => {
    const drawn = plate(175, 100);
    const placement = placeOnTable(drawn, { xMm: 185, yMm: 110 });
    expect(placement).toEqual({ part: drawn, stock: { xMm: 185, yMm: 110 } });
    expect(placement.part).toBe(drawn);
    expect(turnedNote(placement)).toBeUndefined();
    // A square part fits either way: not turned.
    expect(placeOnTable(plate(100, 100), { xMm: 100, yMm: 100 }).turned).toBeUndefined();
  });

  it('turns a 100 x 175 part to fit a 185 x 110 stock, and says how to clamp it', () => {
    const placement = placeOnTable(plate(100.013, 175.006), { xMm: 185, yMm: 110 });
    expect(placement.turned).toBe('stock');
    expect(placement.stock).toEqual({ xMm: 185, yMm: 110 });
    expect(boundsOf([placement.part.outline])).toEqual({
      minX: 0,
      minY: 0,
      maxX: 175.006,
      maxY: 100.013,
    });
    expect(turnedNote(placement)).toBe(
      "The part is turned 90° on the table to fit the stock: the drawing's X runs along the machine's Y and its Y along the machine's -X. Clamp the 185 x 110 mm stock with its 185 mm side along X.",
    );
  });

  it('leaves a part that fits neither way as drawn, for the planner to refuse', () => {
    const drawn = plate(100, 175);
    expect(placeOnTable(drawn, { xMm: 170, yMm: 110 })).toEqual({
      part: drawn,
      stock: { xMm: 170, yMm: 110 },
    });
  });

  it("turns part and stock together when only so the stock fits the machine's travels", () => {
    const drawn = plate(100, 300);
    const travels = { x: 457, y: 279 };
    const placement = placeOnTable(drawn, { xMm: 110, yMm: 310 }, travels);
    expect(placement.turned).toBe('travels');
    expect(placement.stock).toEqual({ xMm: 310, yMm: 110 });
    expect(boundsOf([placement.part.outline])).toMatchObject({ maxX: 300, maxY: 100 });
    expect(turnedNote(placement, travels)).toMatch(
      /^The part is turned 90° on the table to fit the machine's travels \(X457 Y279 mm\): .* Clamp the 310 x 110 mm stock with its 310 mm side along X\.$/,
    );
    // Within the travels as given, or beyond them either way: as drawn.
    expect(placeOnTable(drawn, { xMm: 110, yMm: 310 }, { x: 500, y: 400 }).turned).toBeUndefined();
    expect(placeOnTable(drawn, { xMm: 110, yMm: 310 }, { x: 300, y: 279 }).turned).toBeUndefined();
    // Fitting the stock comes first: turned to fit the stock even where the travels are short.
    expect(placeOnTable(plate(100, 175), { xMm: 185, yMm: 110 }, { x: 150, y: 150 }).turned).toBe(
      'stock',
    );
  });
});
