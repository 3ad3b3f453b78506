import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offSquareMm } from '#drawings/page/traced-outline';

const turned = (points: [number, number][], deg: number) => {
  const r = (deg * Math.PI) / 180;
  return points.map(([x, y]) => ({
    x: x * Math.cos(r) - y * Math.sin(r),
    y: x * Math.sin(r) + y * Math.cos(r),
  }));
};

describe('offSquareMm: a scan-traced outline that does not keep square', () => {
  it('keeps a plate turned by the scan, with chamfered and rounded corners, whole', () => {
    // A 60 × 40 plate with a 2 × 45° chamfer and a corner arc traced as short edges.
    const plate: [number, number][] = [
      [0, 0],
      [58, 0],
      [60, 2],
      [60, 40],
      [1.5, 40],
      [0.4, 39.6],
      [0, 38.5],
    ];
    fc.assert(
      fc.property(fc.double({ min: -3, max: 3, noNaN: true }), (deg) => {
        expect(offSquareMm(turned(plate, deg))).toBeUndefined();
      }),
    );
  });

  it('names the offset of an edge traced from a corner arc to the middle of the next edge', () => {
    // The outline of a 60.5 × 40.5 plate whose R2 corner was cut: the bottom edge runs from the
    // arc's end 1.87 mm up to the middle of the edge (a scan of the whole-path test).
    const outline = [
      { x: 40.1496, y: 79.0004 },
      { x: 70.4427, y: 77.1297 },
      { x: 100.6263, y: 78.1457 },
      { x: 99.6386, y: 117.6145 },
      { x: 90.1594, y: 117.6145 },
      { x: 41.3678, y: 117.6145 },
    ];
    expect(offSquareMm(outline)).toBeCloseTo(1.87, 1);
  });

  it('counts one pixel of tilt over an edge as the scan, more as a fault', () => {
    const bent = (rise: number) => [
      { x: 0, y: 0 },
      { x: 80, y: rise },
      { x: 80, y: 50 },
      { x: 0, y: 50 },
    ];
    expect(offSquareMm(bent(0.17))).toBeUndefined();
    expect(offSquareMm(bent(0.6))).toBeCloseTo(0.6, 1);
  });
});

describe('offSquareMm on curved outlines', () => {
  it('takes a large arc flattened into 5 mm chords for a curve, not for edges off square', () => {
    // A 140 × 100 flange-like plate: straight bottom, an R70 arc over the top in 5.3 mm chords.
    const arc = Array.from({ length: 40 }, (_, k) => {
      const angle = (k / 39) * Math.PI;
      return { x: 70 + 70 * Math.cos(angle), y: 30 + 70 * Math.sin(angle) };
    });
    expect(offSquareMm([{ x: 0, y: 0 }, { x: 140, y: 0 }, ...arc])).toBeUndefined();
  });
});
