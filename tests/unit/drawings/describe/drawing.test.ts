import { describe, expect, it } from 'vitest';
import { readDxf } from '#drawings/dxf/reader';
import { blueprint, circle, dimension, dxf, line, text } from '#tests/helpers/dxf-drawings';

describe('readDxf: axis, bores and readings of the shared pipeline', () => {
  // A wheel Ø60 × 10 seen from the side (60 wide, 10 high: as wide across as it is long the
  // other way, so both middle lines are axes of symmetry) and its end view, larger than the side
  // view and made of full circles only.
  const wheelSide = [
    line(0, -5, 60, -5),
    line(60, -5, 60, 5),
    line(60, 5, 0, 5),
    line(0, 5, 0, -5),
  ];

  it('reads a wheel whose end view (circles only) is larger than its side view', () => {
    const content = dxf([...wheelSide, circle(30, 60, 30), circle(30, 60, 10)], { insunits: 4 });
    const { description, isTurnedPart } = readDxf(content, 'wheel.dxf');
    expect(isTurnedPart).toBe(true);
    // The end view's Ø60 circle says the axis runs across the 60 mm side: vertical.
    expect(description.overview).toContain('Axis of revolution: vertical in the drawing.');
    expect(description.outerDiameters.map((d) => [d.diameterMm, d.lengthMm])).toEqual([[60, 10]]);
  });

  it('takes the axis across which a Ø dimension is written', () => {
    const content = dxf([...wheelSide, dimension('%%C<>', [0, 5], [60, 5], 0)], { insunits: 4 });
    const { description } = readDxf(content, 'wheel.dxf');
    expect(description.overview).toContain('Axis of revolution: vertical in the drawing.');
    expect(description.outerDiameters.map((d) => [d.diameter, d.lengthMm])).toEqual([['Ø60', 10]]);
  });

  it('reads a bore whose mouths are chamfered', () => {
    // Bush Ø30 × 40 in section, bore Ø16 with 1 × 45° chamfers at both ends.
    const half = (s: number) => [
      line(0, 15 * s, 40, 15 * s),
      line(1, 8 * s, 39, 8 * s),
      line(0, 9 * s, 1, 8 * s),
      line(39, 8 * s, 40, 9 * s),
      line(0, 9 * s, 0, 15 * s),
      line(40, 9 * s, 40, 15 * s),
    ];
    const { description } = readDxf(dxf([...half(1), ...half(-1)], { insunits: 4 }), 'bush.dxf');
    expect(description.outerDiameters.map((d) => [d.diameter, d.lengthMm])).toEqual([['Ø30', 40]]);
    expect(description.innerDiameters.map((d) => [d.diameter, d.through])).toEqual([['Ø16', true]]);
    expect(description.overview).toContain('read offline from the DXF');
    // The mouths' chamfers are the bore's, at both end faces, not the outer edges'.
    expect(
      description.features.chamfers.map((c) => [c.dimensions, c.atMm, c.onDiameterMm, c.inner]),
    ).toEqual([
      ['1 x 45°', 0, 16, true],
      ['1 x 45°', 40, 16, true],
    ]);
    expect(description.features.chamfers[0]!.location).toBe('at the free end, on the bore Ø16');
    const reading = description.readings?.find((r) => r.field === 'Chamfer 1');
    expect(reading?.source).toMatch(/^drawn geometry at /);
  });

  it('gives a chamfer note of a drawn bore mouth chamfer to the bore, not to the outer edge', () => {
    // Pin Ø10 × 20 in a half section with a Ø4 through bore, 0.5 × 45° at its left mouth, and
    // the note "0.5x45°" beside the left end. The outer edges are sharp.
    const content = dxf(
      [
        line(0, 5, 20, 5),
        line(0, -5, 20, -5),
        line(0, 5, 0, -5),
        line(20, 5, 20, -5),
        line(0.5, 2, 20, 2),
        line(0, 2.5, 0.5, 2),
        text('0.5x45%%d', -8, 9),
      ],
      { insunits: 4 },
    );
    const { description } = readDxf(content, 'pin.dxf');
    expect(
      description.features.chamfers.map((c) => [c.sizeMm, c.atMm, c.onDiameterMm, c.inner]),
    ).toEqual([[0.5, 0, 4, true]]);
    expect(description.features.chamfers[0]!.purpose).toBe('drawing note: 0.5x45°');
  });

  it("takes a blind bore's depth from the dimension to its bottom", () => {
    // Pin Ø20 × 30 in section, a Ø8 bore from the right end drawn 10.02 deep and dimensioned
    // 10 from the end face to its bottom.
    const content = dxf(
      [
        line(0, 10, 30, 10),
        line(0, -10, 30, -10),
        line(0, 10, 0, -10),
        line(30, 10, 30, 4),
        line(30, -4, 30, -10),
        line(19.98, 4, 30, 4),
        line(19.98, -4, 30, -4),
        line(19.98, 4, 19.98, -4),
        dimension('10', [19.98, 4], [30, 4], 0),
        dimension('30', [0, 10], [30, 10], 0),
      ],
      { insunits: 4 },
    );
    const { description } = readDxf(content, 'pin.dxf');
    expect(description.innerDiameters.map((d) => [d.diameterMm, d.lengthMm])).toEqual([[8, 10]]);
    expect(description.unresolved!.join(' ')).not.toMatch(/"10".*not applied/);
    const reading = description.readings?.find((r) => r.field === 'Bore 1 depth');
    expect(reading).toMatchObject({ value: '10 mm deep', confidence: 1 });
  });

  it('names a cross hole in the side view as not placed: a lathe program does not drill it', () => {
    // Ø20 × 30 with a Ø6 cross hole drawn as a circle on the axis at 15 mm: it was only in the
    // overview, and a program without it was verified.
    const content = dxf(
      [
        line(0, 10, 30, 10),
        line(0, -10, 30, -10),
        line(0, 10, 0, -10),
        line(30, 10, 30, -10),
        circle(15, 0, 3),
        dimension('%%C<>', [25, 10], [25, -10], 90),
      ],
      { insunits: 4 },
    );
    const { description } = readDxf(content, 'pin.dxf');
    expect(description.outerDiameters.map((d) => d.diameterMm)).toEqual([20]);
    expect(description.unplaced?.map((entry) => entry.text)).toEqual(['cross hole Ø6 at 15 mm']);
    expect(description.unplaced?.[0]?.why).toMatch(/^is drilled across the axis/);
  });

  it('names a diameter dimension of the side view that no diameter has as not placed', () => {
    // Ø20 × 30 with a "Ø12" dimension across the view where nothing is Ø12 (a misread view).
    const content = dxf(
      [
        line(0, 10, 30, 10),
        line(0, -10, 30, -10),
        line(0, 10, 0, -10),
        line(30, 10, 30, -10),
        dimension('%%C12', [15, 6], [15, -6], 90),
        dimension('%%C<>', [25, 10], [25, -10], 90),
      ],
      { insunits: 4 },
    );
    const { description } = readDxf(content, 'pin.dxf');
    expect(description.outerDiameters.map((d) => d.diameterMm)).toEqual([20]);
    expect(description.unplaced).toEqual([
      { text: 'Ø12', why: 'is placed on no diameter of the profile' },
    ]);
  });

  it('records a reading for each value of long_reamer_facer.dxf, from its dimension or the drawing', () => {
    const { description } = readDxf(
      blueprint('lathe/long_reamer_facer.dxf'),
      'long_reamer_facer.dxf',
    );
    const reading = (field: string) => description.readings?.find((r) => r.field === field);
    expect(reading('Outer diameter 1')).toMatchObject({ value: 'Ø11.11', confidence: 1 });
    expect(reading('Outer diameter 1')!.source).toMatch(/^DIMENSION \w+ "Ø11\.11mm"$/);
    expect(reading('Outer diameter 3 length')).toMatchObject({ value: '875 mm', confidence: 1 });
    expect(reading('Outer diameter 3 length')!.source).toMatch(
      /"875mm or longer \(not to scale\)"/,
    );
    expect(reading('Chamfer 1')).toMatchObject({ confidence: 0.8 });
    expect(reading('Chamfer 1')!.source).toMatch(/^drawn geometry at -?\d/);
    expect(reading('Thread')!.source).toMatch(/^TEXT \w+ "cut 7\/16"-20 threads"/);
    expect(reading('Material')!.source).toMatch(/steel rod stock/);
    expect(reading('Overall length')).toMatchObject({ value: '900 mm' });
  });
  it('names a radius note that no corner of the profile has as not placed, and no other note', () => {
    // Pin Ø20 × 30 with sharp corners, the notes "2x R0.5" and "R1.5 REF" (a reference size is
    // not made) beside it.
    const pin = (notes: string[]) =>
      readDxf(
        dxf(
          [
            line(0, 10, 30, 10),
            line(0, -10, 30, -10),
            line(0, 10, 0, -10),
            line(30, 10, 30, -10),
            ...notes.map((note, k) => text(note, 40, 12 + 5 * k)),
          ],
          { insunits: 4 },
        ),
        'pin.dxf',
      ).description;
    const held = pin(['2x R0.5', 'R1.5 REF']);
    expect(held.unplaced?.map((entry) => entry.text)).toEqual(['2x R0.5']);
    expect(held.unplaced?.[0]?.why).toMatch(/^is a radius the drawing writes that no corner/);
    expect(pin(['R1.5 REF']).unplaced).toBeUndefined();
  });
});
