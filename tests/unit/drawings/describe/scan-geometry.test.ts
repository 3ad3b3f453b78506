/**
 * The shared pipeline on geometry as a traced scan gives it: end views with milled flats, views
 * not projected from the side view, corner slivers and gaps of the outline, bores shown by their
 * section's hatching.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeDrawing } from '#drawings/describe/drawing';
import type { DrawingContent } from '#drawings/describe/content';
import { extractProfile } from '#drawings/describe/profile';
import { readDxf } from '#drawings/dxf/reader';
import type { Primitive } from '#drawings/geometry/primitives';
import { boxOf, unionBox } from '#drawings/geometry/shapes';
import { circle, dimension, dxf, line, pairs } from '#tests/helpers/dxf-drawings';

/** An ARC on layer 0 from `start` to `end` degrees, counter-clockwise. */
const arc = (x: number, y: number, r: number, start: number, end: number) =>
  pairs(0, 'ARC', 8, '0', 10, x, 20, y, 40, r, 50, start, 51, end);

/**
 * A flanged bush in section, horizontal axis at y = 0: Ø60 spigot 40 long, Ø140 flange 20 long,
 * Ø40 bore through (end faces stop at the bore).
 */
const bushSection = [
  line(0, 30, 40, 30),
  line(40, 30, 40, 70),
  line(40, 70, 60, 70),
  line(60, 70, 60, 20),
  line(60, -20, 60, -70),
  line(60, -70, 40, -70),
  line(40, -70, 40, -30),
  line(40, -30, 0, -30),
  line(0, 30, 0, 20),
  line(0, -20, 0, -30),
  line(0, 20, 60, 20),
  line(0, -20, 60, -20),
];

/** Its end view at (150, 0), lined up across the axis: the Ø140 flange with two flats 100 apart. */
const flatsDeg = (Math.acos(50 / 70) * 180) / Math.PI;
const flangeWithFlats = [
  circle(150, 0, 20),
  arc(150, 0, 70, flatsDeg, 180 - flatsDeg),
  arc(150, 0, 70, 180 + flatsDeg, 360 - flatsDeg),
  line(100, -48.99, 100, 48.99),
  line(200, -48.99, 200, 48.99),
  ...[-1, 1].flatMap((sx) => [-1, 1].map((sy) => circle(150 + 30 * sx, 35 * sy, 7.5))),
];

describe('turned parts whose other views are not round', () => {
  it('reads a flange with flats as a turned part and says the flats are milled', () => {
    const { description, isTurnedPart } = readDxf(
      dxf([...bushSection, ...flangeWithFlats], { insunits: 4 }),
      'bush.dxf',
    );
    expect(isTurnedPart).toBe(true);
    expect(description.outerDiameters.map((d) => d.diameterMm)).toEqual([60, 140]);
    expect(description.innerDiameters.map((d) => [d.diameterMm, d.through])).toEqual([[40, true]]);
    expect(description.unresolved!.join(' ')).toContain(
      'The end view (100 × 140 mm) is not round: flats, straight sides or holes off the axis are milled after turning',
    );
  });

  it('reads a square block with a centred bore as no turned part', () => {
    const square = [
      line(80, -70, 220, -70),
      line(220, -70, 220, 70),
      line(220, 70, 80, 70),
      line(80, 70, 80, -70),
      circle(150, 0, 20),
    ];
    const { isTurnedPart } = readDxf(
      dxf([...bushSection, ...square], { insunits: 4 }),
      'block.dxf',
    );
    expect(isTurnedPart).toBe(false);
  });

  // A shaft Ø30 × 50 and, away from it and lined up with nothing, a pictorial sketch of it.
  const shaft = [
    line(0, -15, 50, -15),
    line(50, -15, 50, 15),
    line(50, 15, 0, 15),
    line(0, 15, 0, -15),
  ];
  const sketch = [
    line(120, 60, 165, 86),
    line(165, 86, 165, 116),
    line(165, 116, 120, 90),
    line(120, 90, 120, 60),
    line(120, 90, 140, 100),
  ];

  it('leaves a view projected from nothing aside when a Ø dimension says the part is turned', () => {
    const { isTurnedPart, description } = readDxf(
      dxf([...shaft, ...sketch, dimension('%%C30', [25, -15], [25, 15], 90)], { insunits: 4 }),
      'shaft.dxf',
    );
    expect(isTurnedPart).toBe(true);
    expect(description.outerDiameters.map((d) => [d.diameter, d.lengthMm])).toEqual([['Ø30', 50]]);
  });

  it('keeps such a view as evidence against a turned part when nothing says it is turned', () => {
    const { isTurnedPart } = readDxf(dxf([...shaft, ...sketch], { insunits: 4 }), 'shaft.dxf');
    expect(isTurnedPart).toBe(false);
  });
});

const L = (x1: number, y1: number, x2: number, y2: number): Primitive => ({
  kind: 'line',
  a: { x: x1, y: y1 },
  b: { x: x2, y: y2 },
  layer: '0',
});

describe('a traced outline: slivers and gaps within the noise', () => {
  /** Steps of a shaft: diameters at least 4 apart, lengths at least 3 mm. */
  const stepsArb = fc
    .array(
      fc.record({
        diameter: fc.integer({ min: 4, max: 40 }),
        length: fc.integer({ min: 3, max: 30 }),
      }),
      { minLength: 2, maxLength: 5 },
    )
    .map((steps) =>
      steps.map((s, i) => ({ diameter: 2 * s.diameter + (i % 2) * 0, length: s.length })),
    )
    .filter((steps) =>
      steps.every((s, i) => i === 0 || Math.abs(s.diameter - steps[i - 1]!.diameter) >= 4),
    );

  it('reads the same diameters and lengths with corner stubs and gaps up to the noise', () => {
    fc.assert(
      fc.property(
        stepsArb,
        fc.array(fc.double({ min: 0.05, max: 0.4, noNaN: true }), { minLength: 12, maxLength: 12 }),
        (steps, cuts) => {
          const noiseMm = 0.5;
          const primitives: Primitive[] = [];
          let u = 0;
          steps.forEach((step, i) => {
            const r = step.diameter / 2;
            // Each step's line stops short of its shoulders; a stub or a gap is left there.
            const c0 = cuts[(2 * i) % cuts.length]!;
            const c1 = cuts[(2 * i + 1) % cuts.length]!;
            for (const side of [1, -1]) {
              primitives.push(L(u + c0, side * r, u + step.length - c1, side * r));
              if (i === 0) primitives.push(L(u, side * (r - c0), u + c0, side * r));
            }
            const next = steps[i + 1];
            const end = u + step.length;
            for (const side of [1, -1]) {
              if (next) {
                const low = Math.min(r, next.diameter / 2);
                const high = Math.max(r, next.diameter / 2);
                primitives.push(L(end, side * (low - c1), end, side * high));
                // The stub: the traced corner, a short slope into the shoulder.
                primitives.push(L(end - c1, side * r, end, side * (r - c1 / 2)));
              } else {
                primitives.push(L(end, -r, end, r));
              }
            }
            u = end;
          });
          primitives.push(L(0, -steps[0]!.diameter / 2, 0, steps[0]!.diameter / 2));
          const view = { primitives, box: unionBox(primitives.map(boxOf)) };
          const profile = extractProfile(view, { horizontal: true, offset: 0 }, [], { noiseMm });
          const cylinders = profile.outer.filter((d) => d.kind !== 'taper');
          // Listed from the free end: the chuck holds the largest diameter's end.
          const expected = profile.freeEndAtMin ? steps : [...steps].reverse();
          expect(cylinders.map((d) => d.diameterMm)).toEqual(expected.map((s) => s.diameter));
          cylinders.forEach((d, i) => {
            const length = d.endMm - d.startMm;
            expect(Math.abs(length - expected[i]!.length)).toBeLessThanOrEqual(noiseMm + 1e-9);
          });
          expect(profile.outer.length).toBe(steps.length);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('bores of a section shown by its hatching', () => {
  // Bush Ø30 × 40 in section, bore Ø16, end faces drawn right across the bore (its far edge).
  const outline = [
    L(0, 15, 40, 15),
    L(0, -15, 40, -15),
    L(0, -15, 0, 15),
    L(40, -15, 40, 15),
    L(0, 8, 40, 8),
    L(0, -8, 40, -8),
  ];
  const hatching = [-1, 1].flatMap((side) =>
    [4, 10, 16, 22, 28, 34].map((u) => L(u, side * 8, u + 6, side * 14)),
  );
  const content = (withHatching: boolean): DrawingContent => ({
    primitives: outline,
    centreLines: [L(-5, 0, 45, 0)],
    hidden: [],
    ...(withHatching ? { hatching } : {}),
    notes: [],
    dimensions: [],
    unreadable: 0,
  });
  const read = (withHatching: boolean) =>
    describeDrawing(
      content(withHatching),
      { units: 'mm', mmPerUnit: 1, decimals: 2, name: 'millimetres' },
      'bush.pdf',
      'PDF',
      {
        sources: {
          dimension: () => ({ source: 'd', confidence: 1 }),
          note: () => ({ source: 'n', confidence: 1 }),
          place: () => 'p',
        },
      },
    ).description;

  it('reads the lines of a hatched section as a through bore', () => {
    expect(read(true).innerDiameters.map((d) => [d.diameterMm, d.through])).toEqual([[16, true]]);
  });

  it("reads the same lines without hatching as no bore (an outside view's cosmetic lines)", () => {
    expect(read(false).innerDiameters).toEqual([]);
  });
});

describe('a line along the axis past an end face', () => {
  it('is no diameter of the part (it made a Ø0 step beyond the end)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom(0, 0.3),
        (radius, past, noiseMm) => {
          // Ø(2r) × 40 with a solid line along the axis from its end face, `past` mm beyond it.
          const primitives: Primitive[] = [
            L(0, radius, 40, radius),
            L(0, -radius, 40, -radius),
            L(0, -radius, 0, radius),
            L(40, -radius, 40, radius),
            L(40, 0, 40 + past, 0),
          ];
          const view = { primitives, box: unionBox(primitives.map(boxOf)) };
          const profile = extractProfile(view, { horizontal: true, offset: 0 }, [], { noiseMm });
          expect(profile.outer.map((d) => d.diameterMm)).toEqual([2 * radius]);
          expect(profile.lengthMm).toBeCloseTo(40, 6);
        },
      ),
    );
  });
});
