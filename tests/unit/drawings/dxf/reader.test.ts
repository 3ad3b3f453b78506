import { describe, expect, it } from 'vitest';
import { blueprintDescriptionSchema } from '#contracts/blueprint';
import { DxfReadError, readDxf } from '#drawings/dxf/reader';
import {
  blueprint,
  dimension,
  dimensionStyles,
  dxf,
  line,
  pairs,
  polyline,
  text,
} from '#tests/helpers/dxf-drawings';

/**
 * A stepped shaft drawn with its largest diameter on the left: Ø30 × 40, then Ø20 × 30 with a
 * 1 × 45° chamfer at its right end. In block coordinates, axis on y = 0.
 */
const shaftOutline: [number, number][] = [
  [0, -15],
  [0, 15],
  [40, 15],
  [40, 10],
  [69, 10],
  [70, 9],
  [70, -9],
  [69, -10],
  [40, -10],
  [40, -15],
];

/** A full section of a bushing Ø30 × 40 with a Ø16 through bore: two halves that do not touch. */
const bushSection = [
  line(0, 15, 40, 15),
  line(0, -15, 40, -15),
  line(0, 8, 40, 8),
  line(0, -8, 40, -8),
  line(0, 8, 0, 15),
  line(0, -8, 0, -15),
  line(40, 8, 40, 15),
  line(40, -8, 40, -15),
];

function valid(description: unknown) {
  expect(blueprintDescriptionSchema.safeParse(description).success).toBe(true);
}

describe('readDxf on long_reamer_facer.dxf (LibreCAD, mm, dimensions with written overrides)', () => {
  const reading = readDxf(blueprint('lathe/long_reamer_facer.dxf'), 'long_reamer_facer.dxf');
  const { description } = reading;

  it('is a turned part in mm whose description satisfies the schema', () => {
    expect(reading.isTurnedPart).toBe(true);
    expect(reading.units).toBe('mm');
    expect(description.source).toBe('DXF (offline reader): long_reamer_facer.dxf');
    valid(description);
  });

  it('reads the outer diameters from the free end, with the written sizes and lengths', () => {
    expect(description.outerDiameters).toEqual([
      {
        diameter: 'Ø11.11',
        type: 'thread 7/16"-20 UNF',
        thread: '7/16"-20 UNF',
        location: 'from the free end, 0 to 20 mm',
        length: '20 mm',
        diameterMm: 11.11,
        lengthMm: 20,
        startMm: 0,
      },
      {
        diameter: 'Ø8.85',
        type: 'groove',
        location: 'from the free end, 20 to 25 mm',
        length: '5 mm',
        diameterMm: 8.85,
        lengthMm: 5,
        startMm: 20,
      },
      {
        // Drawn Ø15.875 × 120, dimensioned %%C15.48 and "875mm or longer (not to scale)".
        diameter: 'Ø15.48',
        type: 'cylinder',
        location: 'from the free end, 25 to 900 mm',
        length: '875 mm or longer (not to scale)',
        diameterMm: 15.48,
        lengthMm: 875,
        startMm: 25,
      },
    ]);
    expect(description.innerDiameters).toEqual([]);
    expect(description.dimensions.overallLengthMm).toBe(900);
    expect(description.dimensions.overallLength).toBe('900 mm');
  });

  it('reads the 1 x 45° bevel at the free end', () => {
    expect(description.features.chamfers).toEqual([
      {
        dimensions: '1 x 45°',
        location: 'at the free end, on Ø11.11',
        purpose: 'drawing note: bevel',
        sizeMm: 1,
        angleDeg: 45,
        atMm: 0,
        onDiameterMm: 11.11,
      },
    ]);
    expect(description.features.fillets).toEqual([]);
  });

  it('says which end is free and keeps the notes it could not apply', () => {
    expect(description.overview).toContain(
      'Free end: the Ø11.11 end (left in the drawing), chosen so that the chuck holds the Ø15.48 end',
    );
    expect(description.overview).toContain('Ø15.48 is drawn Ø15.875');
    // The notes and the title block have fields of their own, never the overview (decision 050).
    expect(description.overview).not.toMatch(/Notes:|Title block:/);
    expect(description.notes).toContain('stock ACME 5/8"-8 turned down to 15.48mm');
    expect(description.titleBlock?.other).toEqual(
      expect.arrayContaining(['Troy Sankey', 'Long Facer Reamer']),
    );
    expect(description.titleBlock?.title).toBeUndefined();
    expect(description.readings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'Title block', value: 'Troy Sankey' }),
      ]),
    );
  });

  it('lists what it could not determine', () => {
    expect(description.materialSpecs.material).toBe('steel');
    expect(description.unresolved).toEqual([
      'The Ø15.48 length is written "875mm or longer (not to scale)" (drawn 120 mm): 875 mm is used; check the length you need.',
      'Material grade not given: the drawing only says "steel" ("5/8"-8 ACME steel rod stock").',
      'No tolerances on the drawing: no general tolerance note (such as ISO 2768-mK) and no toleranced sizes.',
      'No surface finish (Ra) on the drawing.',
      'Note kept as text, not applied: "stock ACME 5/8"-8 turned down to 15.48mm".',
    ]);
  });
});

describe('readDxf on drawings that are not turned parts', () => {
  it('makerslide_b17022.dxf: reads inches, applies the dimension scale ($DIMLFAC 0.5) and converts them', () => {
    const reading = readDxf(blueprint('mill-edm/makerslide_b17022.dxf'), 'makerslide_b17022.dxf');
    expect(reading.units).toBe('inch');
    expect(reading.isTurnedPart).toBe(false);
    // 3.617 × 1.7618 inch in the file, drawn at 2:1: the PDF of the same part gives 45.9358 mm.
    expect(reading.description.overview).toContain('bounding box 45.94 × 22.37 mm');
    expect(reading.description.overview).toContain(
      '4 closed profiles; outer contour 45.94 × 22.37 mm; cut-outs 22 × 16 mm; holes and circles Ø4.2 ×2',
    );
    expect(reading.description.unresolved).toContainEqual(
      expect.stringContaining('($DIMLFAC 0.5) says the part is drawn at 2:1'),
    );
    expect(reading.description.overview).toContain('Drawing units: inches, converted to mm.');
    expect(reading.description.outerDiameters).toEqual([]);
    expect(reading.description.innerDiameters).toEqual([]);
    expect(reading.description.unresolved).toContainEqual(
      expect.stringMatching(/^Not a turned part \(no view is symmetric/),
    );
    valid(reading.description);
  });

  it('FLH-001.dxf: says the units are not given and assumes mm', () => {
    const reading = readDxf(blueprint('mill-edm/FLH-001.dxf'), 'FLH-001.dxf');
    expect(reading.units).toBe('mm');
    expect(reading.isTurnedPart).toBe(false);
    expect(reading.description.unresolved?.[0]).toBe(
      'The DXF does not say its units ($INSUNITS missing or 0, unitless): millimetres assumed. Check the sizes.',
    );
    expect(reading.description.overview).toContain(
      'Largest view (175.5 × 74.4 mm): 3 closed profiles; outer contour 175.5 × 74.4 mm; cut-outs 79.68 × 56 mm; holes and circles Ø13.',
    );
    expect(reading.description.outerDiameters).toEqual([]);
    valid(reading.description);
  });

  it('flange.dxf: lists its holes; its oval view means it is not a turned part', () => {
    const reading = readDxf(blueprint('mill-edm/flange.dxf'), 'flange.dxf');
    expect(reading.units).toBe('mm');
    expect(reading.isTurnedPart).toBe(false);
    const { overview, unresolved } = reading.description;
    expect(overview).toMatch(
      /^Not a turned part: .*the view of 70 × 42 mm is neither round nor a side view/,
    );
    expect(overview).toContain('holes and circles Ø2 ×8, Ø28, Ø30, Ø40, Ø42');
    expect(overview).toContain('Pitch circles: Ø35.');
    expect(overview).toContain('Dimensions on the drawing: 42, 60, 2, 6, R5, Ø28.');
    expect(unresolved?.some((entry) => entry.startsWith('Not a turned part'))).toBe(true);
    expect(unresolved?.some((entry) => entry.includes('units'))).toBe(false);
    valid(reading.description);
  });
});

describe('readDxf on small drawings', () => {
  it('places an INSERTed block (rotated, scaled) and picks the free end away from the largest diameter', () => {
    const block = pairs(
      0,
      'BLOCK',
      8,
      '0',
      2,
      'SHAFT',
      70,
      0,
      10,
      0,
      20,
      0,
      3,
      'SHAFT',
      polyline(shaftOutline.map(([x, y]) => [x / 2, y / 2])),
      0,
      'ENDBLK',
      8,
      '0',
    );
    const content = dxf(
      [
        pairs(0, 'INSERT', 8, 'part', 2, 'SHAFT', 10, 100, 20, 50, 41, 2, 42, 2, 50, 90),
        line(100, 40, 100, 130, 'CENTER'),
        text('MATERIAL: 42CrMo4', 140, 60),
        text('ISO 2768-mK', 140, 55),
        text('Ra 1.6', 140, 50),
      ],
      { insunits: 4, blocks: block },
    );
    const { description, isTurnedPart } = readDxf(content, 'shaft.dxf');
    expect(isTurnedPart).toBe(true);
    expect(
      description.outerDiameters.map((d) => [d.diameter, d.type, d.startMm, d.lengthMm]),
    ).toEqual([
      ['Ø20', 'cylinder', 0, 30],
      ['Ø30', 'cylinder', 30, 40],
    ]);
    expect(
      description.features.chamfers.map((c) => [c.dimensions, c.atMm, c.onDiameterMm]),
    ).toEqual([['1 x 45°', 0, 20]]);
    expect(description.overview).toContain('Axis of revolution: vertical in the drawing.');
    expect(description.overview).toContain('Free end: the Ø20 end (top in the drawing)');
    expect(description.materialSpecs.material).toBe('42CrMo4');
    expect(description.dimensions.generalTolerance).toBe('ISO 2768-mK');
    expect(description.dimensions.tolerances).toBe('general tolerances ISO 2768-mK');
    expect(description.surfaceFinish).toEqual({
      requirements: 'Ra 1.6',
      concentricity: '',
      raUm: 1.6,
    });
    expect(description.unresolved).toEqual([]);
    valid(description);
  });

  it('converts an inch drawing and applies written fits; keeps the drawn length when the text has no number', () => {
    const inch = (points: [number, number][]) =>
      points.map(([x, y]) => [x / 25.4, y / 25.4] as [number, number]);
    const content = dxf(
      [
        polyline(inch(shaftOutline)),
        dimension('%%C<> h7', [60 / 25.4, 10 / 25.4], [60 / 25.4, -10 / 25.4], 90),
        dimension('see note', [0, 15 / 25.4], [40 / 25.4, 15 / 25.4], 0),
      ],
      { insunits: 1 },
    );
    const reading = readDxf(content, 'shaft-inch.dxf');
    expect(reading.units).toBe('inch');
    const [small, large] = reading.description.outerDiameters;
    // Ø20 mm drawn is 0.7874 in; the written "%%C<> h7" reads back 0.7874 in = 20.0000 mm.
    expect(small).toMatchObject({ diameter: 'Ø20 h7', fit: 'h7', diameterMm: 20, lengthMm: 30 });
    expect(large).toMatchObject({ diameter: 'Ø30', diameterMm: 30, lengthMm: 40, startMm: 30 });
    expect(reading.description.dimensions.tolerances).toBe('Ø20 h7');
    expect(reading.description.unresolved).toContain(
      'Length dimension "see note" has no number I can use; the drawn 40 mm is kept.',
    );
    expect(reading.description.overview).toContain('Drawing units: inches, converted to mm.');
  });

  it("takes the dimension scale from each dimension's style and overrides, not the header", () => {
    const measured = (at: number, half: number, k: number, extra: string) =>
      `${dimension('%%C<>', [at * k, half * k], [at * k, -half * k], 90)}\n${extra}`;
    const scaled = (k: number) => shaftOutline.map(([x, y]) => [x * k, y * k] as [number, number]);
    // As ezdxf writes it: $DIMLFAC 100 in the header, each dimension overriding it to 1.
    const override = pairs(1001, 'ACAD', 1000, 'DSTYLE', 1002, '{', 1070, 144, 1040, 1, 1002, '}');
    const ezdxf = readDxf(
      dxf([polyline(scaled(1)), measured(20, 15, 1, override), measured(60, 10, 1, override)], {
        insunits: 4,
        header: pairs(9, '$DIMLFAC', 40, 100),
        tables: dimensionStyles({ Standard: 100 }),
      }),
      'ezdxf.dxf',
    );
    expect(ezdxf.description.outerDiameters.map((d) => d.diameterMm)).toEqual([20, 30]);
    expect((ezdxf.description.unresolved ?? []).join(' ')).not.toMatch(/drawn at|DIMLFAC/);
    // Drawn at 2:1: its dimension style shows every length at half (DIMLFAC 0.5).
    const styled = pairs(3, 'HALF');
    const twice = readDxf(
      dxf([polyline(scaled(2)), measured(20, 15, 2, styled), measured(60, 10, 2, styled)], {
        insunits: 4,
        tables: dimensionStyles({ Standard: 1, HALF: 0.5 }),
      }),
      'twice.dxf',
    );
    expect(twice.description.outerDiameters.map((d) => [d.diameterMm, d.lengthMm])).toEqual([
      [20, 30],
      [30, 40],
    ]);
    expect(twice.description.unresolved).toContainEqual(
      expect.stringContaining('DIMLFAC 0.5) says the part is drawn at 2:1'),
    );
    // The same drawing without the style table is read at its drawn size, not scaled.
    const plain = readDxf(
      dxf([polyline(scaled(2)), measured(20, 15, 2, styled), measured(60, 10, 2, styled)], {
        insunits: 4,
      }),
      'plain.dxf',
    );
    expect(plain.description.outerDiameters.map((d) => d.diameterMm)).toEqual([40, 60]);
  });

  it('reads a through bore from a section view', () => {
    const { description } = readDxf(dxf(bushSection, { insunits: 4 }), 'bush.dxf');
    expect(description.outerDiameters.map((d) => [d.diameter, d.lengthMm])).toEqual([['Ø30', 40]]);
    expect(description.innerDiameters).toEqual([
      {
        diameter: 'Ø16',
        type: 'bore',
        location: 'from the free end, 0 to 40 mm',
        length: 'through',
        diameterMm: 16,
        lengthMm: 40,
        startMm: 0,
        through: true,
      },
    ]);
  });

  it('keeps a blind bore deep when its step is written shorter than drawn', () => {
    // Ø30 × 40 and Ø20 drawn 30 long but written 10; a Ø8 bore drawn 20 deep from the free end.
    const section = [
      line(0, -15, 0, 15),
      ...[1, -1].flatMap((side) => [
        line(0, 15 * side, 40, 15 * side),
        line(40, 15 * side, 40, 10 * side),
        line(40, 10 * side, 70, 10 * side),
        line(70, 10 * side, 70, 4 * side),
        line(50, 4 * side, 70, 4 * side),
      ]),
      line(50, -4, 50, 4),
      dimension('10', [40, 10], [70, 10], 0),
    ];
    const { description } = readDxf(dxf(section, { insunits: 4 }), 'stepped-bore.dxf');
    valid(description);
    expect(description.outerDiameters.map((d) => [d.diameter, d.lengthMm])).toEqual([
      ['Ø20', 10],
      ['Ø30', 40],
    ]);
    // The drawn 20 of 30 mm, squeezed into the written 10 mm: deeper than nothing, within the step.
    expect(description.innerDiameters).toMatchObject([
      { diameter: 'Ø8', type: 'bore', startMm: 0, lengthMm: 6, length: '6 mm deep' },
    ]);
  });

  it('leaves out an entity whose coordinates are not numbers, and says so', () => {
    const damaged = pairs(0, 'LINE', 8, '0', 10, 'x', 20, 0, 11, 5, 21, 5);
    const { description } = readDxf(dxf([...bushSection, damaged], { insunits: 4 }), 'bush.dxf');
    expect(description.unresolved?.[0]).toBe(
      '1 entity was left out: a coordinate is not a number (the file may be damaged).',
    );
    expect(description.innerDiameters.map((d) => d.diameter)).toEqual(['Ø16']);
  });
});

describe('readDxf on input that is not a usable DXF', () => {
  const reamer = blueprint('lathe/long_reamer_facer.dxf');

  it.each([
    ['empty', '', 'empty.dxf is empty: there is no drawing to read.'],
    ['blank', ' \n \n', 'empty.dxf is empty: there is no drawing to read.'],
  ])('%s input', (_name, content, message) => {
    expect(() => readDxf(content, 'empty.dxf')).toThrow(new DxfReadError(message));
  });

  it('random text', () => {
    expect(() => readDxf('hello world\nthis is not dxf', 'notes.dxf')).toThrow(
      new DxfReadError(
        'notes.dxf is not a DXF file: a DXF starts with numbered group codes ("0", "SECTION"…), this file starts with "hello world". Export the drawing as DXF from the CAD program.',
      ),
    );
  });

  it('a truncated copy of a real DXF', () => {
    const truncated = reamer.slice(0, Math.floor(reamer.length / 2));
    expect(() => readDxf(truncated, 'cut.dxf')).toThrow(
      new DxfReadError(
        'cut.dxf is truncated: it ends before the DXF end marker (EOF). Export it again from the CAD program.',
      ),
    );
  });

  it('a POLYLINE cut before its SEQEND (dxf-parser would loop forever on it)', () => {
    const flh = blueprint('mill-edm/FLH-001.dxf');
    // Cut right after a "  0" group code: the parser would read an empty entity name and never stop.
    expect(() => readDxf(flh.slice(0, 158855), 'FLH-cut.dxf')).toThrow(
      /^FLH-cut\.dxf is damaged: the POLYLINE at line \d+ is not closed by a SEQEND/,
    );
    const unclosed = dxf([
      pairs(0, 'POLYLINE', 8, '0', 66, 1, 70, 0),
      pairs(0, 'VERTEX', 8, '0', 10, 0, 20, 0),
      pairs(0, 'VERTEX', 8, '0', 10, 10, 20, 0),
      line(0, 0, 10, 10),
    ]);
    expect(() => readDxf(unclosed, 'open.dxf')).toThrow(
      /^open\.dxf is damaged: the POLYLINE at line \d+ is not closed by a SEQEND \(line \d+ holds "LINE"\)/,
    );
  });

  it('a LAYER table cut before its ENDTAB (dxf-parser would loop forever on it)', () => {
    const flange = blueprint('mill-edm/flange.dxf');
    expect(() => readDxf(flange.slice(0, 29609), 'flange-cut.dxf')).toThrow(
      /^flange-cut\.dxf is damaged: the LAYER table at line \d+ is not closed by an ENDTAB \(line \d+ holds ""\)/,
    );
  });

  it('a DXF with text and no geometry', () => {
    expect(() => readDxf(dxf([text('hello', 0, 0)]), 'text.dxf')).toThrow(
      new DxfReadError(
        'text.dxf has no geometry: no lines, arcs, circles or polylines outside the title block, frame and dimensions.',
      ),
    );
  });
});
