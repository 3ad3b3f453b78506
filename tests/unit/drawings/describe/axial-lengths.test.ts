import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDxf } from '#drawings/dxf/reader';
import { dimension, dxf, line } from '#tests/helpers/dxf-drawings';

/** A V wheel drawn in full section, in mm: its truth and its DXF. */
interface VWheel {
  /** Width along the axis, outer diameter. */
  width: number;
  outer: number;
  /** The 45° flanks' size along the axis, the groove's bottom width, its slot's depth. */
  flank: number;
  bottom: number;
  slot: number;
  /** Bearing seat diameter, the land's diameter and width between the two seats. */
  seat: number;
  land: number;
  landWidth: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

const vWheelArb: fc.Arbitrary<VWheel> = fc
  .record({
    // Each side of the V keeps a cylinder 3 mm or longer (shorter ones, 8 mm wide with a 4.6 mm
    // V, leave the axis finder no side view: a limit of its own, not of the sizes here).
    shoulder: fc.integer({ min: 30, max: 60 }),
    outer: fc.integer({ min: 240, max: 400 }),
    flank: fc.integer({ min: 10, max: 30 }),
    bottom: fc.integer({ min: 4, max: 15 }),
    slot: fc.integer({ min: 3, max: 10 }),
    landWidth: fc.integer({ min: 8, max: 20 }),
  })
  // The land's edges and the groove's walls 0.15 mm or more apart along the axis: a length
  // dimension's ends are matched to shoulders within 0.05 mm before bore steps are looked at.
  .filter((raw) => Math.abs(raw.landWidth - raw.bottom) >= 3)
  .map((raw) => {
    const outer = raw.outer / 10;
    const flank = raw.flank / 10;
    const slot = raw.slot / 10;
    // The seat stays 3 mm inside the groove's bottom; the land 1.5 mm inside the seat.
    const seat = round(outer - 2 * (flank + slot) - 6);
    return {
      width: round((2 * raw.shoulder + 2 * raw.flank + raw.bottom) / 10),
      outer,
      flank,
      bottom: raw.bottom / 10,
      slot,
      seat,
      land: round(seat - 3),
      landWidth: raw.landWidth / 10,
    };
  });

/**
 * The wheel's section (both halves), with its dimensions: overall width, the V's top width, the
 * groove's bottom width, the groove's centre from the left face, and the land's width written
 * with stacked limit deviations 0 over −0.08 (`\S0^-0.08;`, as a CAD program writes them).
 */
function vWheelDxf(w: VWheel): string {
  const c = w.width / 2;
  const R = w.outer / 2;
  const foot = R - w.flank;
  const rb = foot - w.slot;
  const depth = (w.width - w.landWidth) / 2;
  const half = (s: number) => [
    // Outer: face, cylinder, V flank, slot, bottom, slot, V flank, cylinder, face.
    line(0, (w.seat / 2) * s, 0, R * s),
    line(0, R * s, c - w.bottom / 2 - w.flank, R * s),
    line(c - w.bottom / 2 - w.flank, R * s, c - w.bottom / 2, foot * s),
    line(c - w.bottom / 2, foot * s, c - w.bottom / 2, rb * s),
    line(c - w.bottom / 2, rb * s, c + w.bottom / 2, rb * s),
    line(c + w.bottom / 2, rb * s, c + w.bottom / 2, foot * s),
    line(c + w.bottom / 2, foot * s, c + w.bottom / 2 + w.flank, R * s),
    line(c + w.bottom / 2 + w.flank, R * s, w.width, R * s),
    line(w.width, R * s, w.width, (w.seat / 2) * s),
    // Inner: seat, step down to the land, land, step up, seat.
    line(0, (w.seat / 2) * s, depth, (w.seat / 2) * s),
    line(depth, (w.seat / 2) * s, depth, (w.land / 2) * s),
    line(depth, (w.land / 2) * s, w.width - depth, (w.land / 2) * s),
    line(w.width - depth, (w.land / 2) * s, w.width - depth, (w.seat / 2) * s),
    line(w.width - depth, (w.seat / 2) * s, w.width, (w.seat / 2) * s),
  ];
  return dxf(
    [
      ...half(1),
      ...half(-1),
      line(-2, 0, w.width + 2, 0, 'CENTER'),
      dimension('<>', [0, R], [w.width, R], 0),
      dimension('<>', [c - w.bottom / 2 - w.flank, R], [c + w.bottom / 2 + w.flank, R], 0),
      dimension('<>', [c - w.bottom / 2, rb], [c + w.bottom / 2, rb], 0),
      dimension('<>', [0, R], [c, rb], 0),
      dimension('<>\\S0^-0.08;', [depth, w.land / 2], [w.width - depth, w.land / 2], 0),
      dimension('%%C<>', [1, R], [1, -R], 90),
    ],
    { insunits: 4 },
  );
}

describe('a turned part’s axial sizes off its shoulders (decision 077)', () => {
  it('names a V groove’s flanks and places its top width, centre and the land between two seats', () => {
    fc.assert(
      fc.property(vWheelArb, (wheel) => {
        const { description, isTurnedPart } = readDxf(vWheelDxf(wheel), 'vwheel.dxf');
        expect(isTurnedPart).toBe(true);
        const top = round(wheel.bottom + 2 * wheel.flank);
        // The flanks: two 45° chamfers named as the V groove's, each (top − bottom) / 2 long.
        const flanks = description.features.chamfers.filter((c) =>
          /V groove/.test(c.purpose ?? ''),
        );
        expect(flanks.map((c) => [c.sizeMm, c.angleDeg])).toEqual([
          [wheel.flank, 45],
          [wheel.flank, 45],
        ]);
        expect(flanks[0]!.purpose).toContain(`90° V groove`);
        expect(flanks[0]!.purpose).toContain(`${top} mm wide at the top`);
        // The written sizes, each where it runs, the land's with its stacked deviations.
        const lengths = description.dimensions.lengths ?? [];
        const find = (mm: number, measures: string) =>
          lengths.find((l) => Math.abs(l.mm - mm) < 1e-6 && l.measures === measures);
        expect(find(top, 'length')).toMatchObject({
          fromMm: expect.closeTo(wheel.width / 2 - top / 2, 2) as number,
        });
        expect(find(wheel.width / 2, 'position')).toMatchObject({ fromMm: 0 });
        // The groove's bottom may be as wide: the land is the toleranced one.
        expect(lengths.filter((l) => l.tolerance)).toHaveLength(1);
        expect(lengths.find((l) => l.tolerance)).toMatchObject({
          mm: wheel.landWidth,
          measures: 'length',
          tolerance: { upperMm: 0, lowerMm: -0.08 },
          fromMm: expect.closeTo((wheel.width - wheel.landWidth) / 2, 2) as number,
        });
        expect(find(wheel.width, 'length')).toMatchObject({ fromMm: 0, toMm: wheel.width });
        expect(
          description.unresolved!.filter((entry) => /does not run between/.test(entry)),
        ).toEqual([]);
      }),
      { numRuns: 25, seed: 77 },
    );
  });

  it('keeps a dimension whose drawing disagrees with its written size out', () => {
    const wheel: VWheel = {
      width: 10,
      outer: 30,
      flank: 2,
      bottom: 1,
      slot: 0.5,
      seat: 19,
      land: 16,
      landWidth: 1.5,
    };
    // The land written 2.5 but drawn 1.5: not placed, and said so.
    const drawing = vWheelDxf(wheel).replace('<>\\S0^-0.08;', '2.5\\S0^-0.08;');
    const { description } = readDxf(drawing, 'vwheel.dxf');
    expect(description.dimensions.lengths!.some((l) => l.mm === 2.5)).toBe(false);
    expect(description.unresolved!.some((entry) => /"2\.5.*does not run between/.test(entry))).toBe(
      true,
    );
  });
});
