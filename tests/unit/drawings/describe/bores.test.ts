/**
 * Bores of a side view (drawings/describe/bores.ts): the lines of one bore on both sides of the
 * axis are one bore, also where its radius lies on a rounding boundary.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findBores, type FoundBore } from '#drawings/describe/bores';
import { unreadBores } from '#drawings/describe/profile';
import type { Primitive } from '#drawings/geometry/primitives';

const line = (x0: number, y0: number, x1: number, y1: number): Primitive => ({
  kind: 'line',
  a: { x: x0, y: y0 },
  b: { x: x1, y: y1 },
  layer: 'HIDDEN',
});

/** A through bore drawn hidden, its two lines `above` and `below` the axis, 50 mm long. */
const boresOf = (above: number, below: number) =>
  findBores([], [line(0, above, 50, above), line(0, -below, 50, -below)], () => 15, 0, 50);

describe('findBores', () => {
  it('reads an inch Ø.250 bore drawn 3.1750001 above and 3.1749999 below the axis as one bore', () => {
    const bores = boresOf(3.1750001, 3.1749999);
    expect(bores).toHaveLength(1);
    expect(bores[0]).toMatchObject({ u0: 0, u1: 50, through: true });
    expect(bores[0]!.diameterMm).toBeCloseTo(6.35, 1);
  });

  it('reads one bore for any radius drawn a hair apart on the two sides (random radii)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 12, noNaN: true }),
        fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
        (radius, hair) => {
          expect(boresOf(radius + hair, radius - hair)).toHaveLength(1);
        },
      ),
    );
  });

  it('keeps two bores 0.1 mm apart in radius as two', () => {
    expect(boresOf(3, 3).map((b) => b.diameterMm)).toEqual([6]);
    const two = findBores(
      [],
      [line(0, 3, 50, 3), line(0, -3, 50, -3), line(0, 3.1, 20, 3.1), line(0, -3.1, 20, -3.1)],
      () => 15,
      0,
      50,
    );
    expect(two.map((b) => b.diameterMm)).toEqual([6.2, 6]);
  });
});

describe('findBores in a half section', () => {
  /** Hatch lines at 45° every 3 mm over u 0–50, between radii `from` and `to` above the axis. */
  const hatch = (from: number, to: number): Primitive[] =>
    Array.from({ length: 17 }, (_, k) => line(k * 3, from, k * 3 + (to - from), to));
  /** A visible line at `radius` above the axis over the whole 50 mm, and the end faces. */
  const drawn = (radius: number): Primitive[] => [
    line(0, radius, 50, radius),
    line(0, 0, 0, 15),
    line(50, 0, 50, 15),
  ];

  it('reads a visible line with hatching only outside it as a bore, and one hatched on both sides as none', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 120 }), (tenths) => {
        const radius = tenths / 10;
        const bore = findBores(drawn(radius), [], () => 15, 0, 50, {
          hatching: hatch(radius, 15),
        });
        expect(bore.map((b) => b.diameterMm)).toEqual([2 * radius]);
        // A thread's minor diameter drawn thin in the section: material on both sides.
        const thread = findBores(drawn(radius), [], () => 15, 0, 50, {
          hatching: [...hatch(0, radius), ...hatch(radius, 15)],
        });
        expect(thread).toEqual([]);
      }),
    );
  });
});

describe('findBores on a traced scan', () => {
  it('takes a line within the line noise of the axis for the axis, not a bore', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.006, max: 0.3, noNaN: true }),
        fc.double({ min: 0.31, max: 0.6, noNaN: true }),
        (offset, noiseMm) => {
          // A section's boundary along the axis, traced a little off it, across the whole part.
          const along = [line(0, offset, 50, offset)];
          expect(findBores([], along, () => 15, 0, 50, { noiseMm })).toEqual([]);
          // On a vector drawing (no noise) such a line is a bore of that size.
          expect(findBores([], along, () => 15, 0, 50)).toHaveLength(1);
        },
      ),
    );
  });
});

/** The hidden lines of a Ø30 part 50 mm long that no bore in `bores` accounts for. */
const unread = (hidden: Primitive[], bores: FoundBore[] = [], radius = 15) =>
  unreadBores(hidden, bores, () => radius, { uMin: 0, uMax: 50, noiseMm: 0 });

describe('unreadBores', () => {
  it('names hidden lines of a bore that no bore found accounts for, and no others', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 12, noNaN: true }),
        fc.double({ min: 5, max: 45, noNaN: true }),
        fc.boolean(),
        (radius, length, found) => {
          // Hidden lines on both sides of the axis from the free end, inside a Ø30 part 50 long.
          const hidden = [line(0, radius, length, radius), line(0, -radius, length, -radius)];
          const bores = found ? findBores([], hidden, () => 15, 0, 50) : [];
          const named = unread(hidden, bores);
          if (bores.length > 0) expect(named).toEqual([]);
          else {
            expect(named).toHaveLength(1);
            expect(named[0]!.diameterMm).toBeCloseTo(2 * radius, 6);
            expect(named[0]).toMatchObject({ u0: 0, u1: length });
          }
          // A single hidden line (a mark, a cosmetic edge) or one outside the part is no bore.
          expect(unread([line(0, radius, length, radius)])).toEqual([]);
          expect(unread(hidden, [], radius - 0.5)).toEqual([]);
        },
      ),
    );
  });
});
