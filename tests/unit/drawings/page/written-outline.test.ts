/**
 * A traced plate outline drawn at its written sizes (drawings/page/written-outline.ts, decision
 * 092): property tests over random rectangles, sharp or rounded, traced with a scan's pixel noise
 * and scale error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Point } from '#drawings/geometry/primitives';
import { writtenRectangle } from '#drawings/page/written-outline';

/** A rounded rectangle's outline, counter-clockwise, its arcs as `steps` chords each. */
function roundedRectangle(
  centre: Point,
  width: number,
  height: number,
  r: number,
  steps = 8,
): Point[] {
  const hx = width / 2 - r;
  const hy = height / 2 - r;
  const corners = [
    { x: centre.x + hx, y: centre.y - hy, from: -Math.PI / 2 },
    { x: centre.x + hx, y: centre.y + hy, from: 0 },
    { x: centre.x - hx, y: centre.y + hy, from: Math.PI / 2 },
    { x: centre.x - hx, y: centre.y - hy, from: Math.PI },
  ];
  if (r === 0) return corners.map(({ x, y }) => ({ x, y }));
  return corners.flatMap(({ x, y, from }) =>
    Array.from({ length: steps + 1 }, (_, s) => ({
      x: x + r * Math.cos(from + (Math.PI / 2) * (s / steps)),
      y: y + r * Math.sin(from + (Math.PI / 2) * (s / steps)),
    })),
  );
}

/** Signed distance to a rounded box's boundary (as the module measures it). */
function offBox(p: Point, centre: Point, width: number, height: number, r: number): number {
  const qx = Math.abs(p.x - centre.x) - (width / 2 - r);
  const qy = Math.abs(p.y - centre.y) - (height / 2 - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

const plateArb = fc.record({
  width: fc.integer({ min: 160, max: 400 }).map((n) => n / 2),
  height: fc.integer({ min: 160, max: 300 }).map((n) => n / 2),
  radius: fc.constantFrom(0, 1, 2, 3, 5, 8),
  centre: fc.record({
    x: fc.double({ min: -300, max: 300, noNaN: true }),
    y: fc.double({ min: -300, max: 300, noNaN: true }),
  }),
  /** The scan's scale error, a share (with the noise, within the 0.5 % a written size confirms). */
  scale: fc.double({ min: -0.001, max: 0.001, noNaN: true }),
  /** Each traced point's error, mm (under a pixel of a 150 dpi scan). */
  noise: fc.array(fc.double({ min: -0.1, max: 0.1, noNaN: true }), {
    minLength: 80,
    maxLength: 80,
  }),
  clockwise: fc.boolean(),
});

type PlateCase = typeof plateArb extends fc.Arbitrary<infer T> ? T : never;

/** The plate as a scan traces it: scaled, every point moved by its noise. */
function traced(plate: PlateCase): Point[] {
  const k = 1 + plate.scale;
  const ring = roundedRectangle(
    plate.centre,
    plate.width * k,
    plate.height * k,
    plate.radius * k,
  ).map((p, i) => ({
    x: p.x + plate.noise[i % plate.noise.length]!,
    y: p.y + plate.noise[(i + 7) % plate.noise.length]!,
  }));
  return plate.clockwise ? ring.reverse() : ring;
}

const signedArea = (ring: Point[]) =>
  ring.reduce((sum, a, i) => {
    const b = ring[(i + 1) % ring.length]!;
    return sum + a.x * b.y - b.x * a.y;
  }, 0);

const NOISE_MM = 0.6;

describe('writtenRectangle', () => {
  it('draws a traced rectangle at its written width, height and corner radius', () => {
    fc.assert(
      fc.property(plateArb, (plate) => {
        fc.pre(2 * plate.radius < Math.min(plate.width, plate.height) - 10);
        const written = [{ mm: plate.width }, { mm: plate.height }, { mm: 12.5 }];
        const radii = plate.radius > 0 ? [plate.radius, plate.radius + 4] : [];
        const ring = traced(plate);
        const rectangle = writtenRectangle(ring, written, radii, NOISE_MM);
        expect(rectangle).toBeDefined();
        const { outline, widthMm, heightMm, radiusMm } = rectangle!;
        expect([widthMm, heightMm, radiusMm]).toEqual([plate.width, plate.height, plate.radius]);
        // Exactly on the written rectangle, about the traced one's centre, turning the same way.
        const xs = outline.map((p) => p.x);
        const ys = outline.map((p) => p.y);
        const centre = {
          x: (Math.min(...xs) + Math.max(...xs)) / 2,
          y: (Math.min(...ys) + Math.max(...ys)) / 2,
        };
        expect(Math.hypot(centre.x - plate.centre.x, centre.y - plate.centre.y)).toBeLessThan(
          0.2 + 0.003 * plate.width,
        );
        for (const p of outline)
          expect(Math.abs(offBox(p, centre, plate.width, plate.height, plate.radius))).toBeLessThan(
            0.006,
          );
        expect(Math.sign(signedArea(outline))).toBe(Math.sign(signedArea(ring)));
      }),
    );
  });

  it('never draws sharp a round corner whose radius the page does not write', () => {
    fc.assert(
      fc.property(plateArb, (plate) => {
        fc.pre(plate.radius >= 2 && 2 * plate.radius < Math.min(plate.width, plate.height) - 10);
        const written = [{ mm: plate.width }, { mm: plate.height }];
        expect(writtenRectangle(traced(plate), written, [], NOISE_MM)).toBeUndefined();
      }),
    );
  });

  it('leaves an outline that is no rectangle, or whose sizes are not written, as traced', () => {
    fc.assert(
      fc.property(plateArb, fc.double({ min: 0.5, max: 5, noNaN: true }), (plate, depth) => {
        fc.pre(2 * plate.radius < Math.min(plate.width, plate.height) - 10);
        const radii = plate.radius > 0 ? [plate.radius] : [];
        const ring = traced({ ...plate, clockwise: false });
        // A step along the bottom edge: from a third to two thirds of the width, `depth` deep.
        const bottom = plate.centre.y - plate.height / 2;
        const third = plate.width / 6;
        const stepped = [
          ...ring,
          { x: plate.centre.x - third, y: bottom },
          { x: plate.centre.x - third, y: bottom + depth },
          { x: plate.centre.x + third, y: bottom + depth },
          { x: plate.centre.x + third, y: bottom },
        ];
        const sizes = [{ mm: plate.width }, { mm: plate.height }];
        expect(writtenRectangle(stepped, sizes, radii, NOISE_MM)).toBeUndefined();
        // Only one side written (the other's value is 3 mm off): the trace is not the drawing's.
        const oneSide = [{ mm: plate.width }, { mm: plate.height + 3 }];
        fc.pre(Math.abs(plate.width - plate.height) > 3.5);
        expect(writtenRectangle(ring, oneSide, radii, NOISE_MM)).toBeUndefined();
      }),
    );
  });
});
