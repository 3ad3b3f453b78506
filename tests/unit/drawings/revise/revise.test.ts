import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blueprintDescriptionSchema,
  emptyDescription,
  type BlueprintDescription,
} from '#contracts/blueprint';
import {
  RevisionError,
  nothingUnderstoodMessage,
  reviseDescription,
} from '#drawings/revise/revise';

/** The long reamer facer as the DXF reader describes it. */
function reamer(): BlueprintDescription {
  return {
    ...emptyDescription('Turned part, 900 mm long.'),
    materialSpecs: { material: 'steel', heatTreatment: '', hardness: '' },
    outerDiameters: [
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
        diameter: 'Ø15.48',
        type: 'cylinder',
        location: 'from the free end, 25 to 900 mm',
        length: '875 mm or longer (not to scale)',
        diameterMm: 15.48,
        lengthMm: 875,
        startMm: 25,
      },
    ],
    features: {
      chamfers: [
        {
          dimensions: '1 x 45°',
          location: 'at the free end, on Ø11.11',
          sizeMm: 1,
          angleDeg: 45,
          atMm: 0,
          onDiameterMm: 11.11,
        },
        {
          dimensions: '0.5 x 45°',
          location: 'at the chuck end, on Ø15.48',
          sizeMm: 0.5,
          angleDeg: 45,
          atMm: 900,
          onDiameterMm: 15.48,
        },
      ],
      fillets: [],
    },
    dimensions: { overallLength: '900 mm', tolerances: '', overallLengthMm: 900 },
    unresolved: [
      'The Ø15.48 length is written "875mm or longer (not to scale)" (drawn 120 mm): 875 mm is used; check the length you need.',
      'Material grade not given: the drawing only says "steel".',
      'No tolerances on the drawing: no general tolerance note (such as ISO 2768-mK) and no toleranced sizes.',
      'No surface finish (Ra) on the drawing.',
    ],
  };
}

const layout = (d: BlueprintDescription) =>
  d.outerDiameters.map((o) => [o.diameter, o.type, o.startMm, o.lengthMm, o.location]);

describe('reviseDescription from an empty description', () => {
  it('reads the example sentence', () => {
    const { description, changes } = reviseDescription(
      emptyDescription(),
      'Ø40 h7 x 85 long, bore Ø20 x 30 deep, chamfer 1x45 both ends, 4140 steel',
    );
    expect(description.outerDiameters).toEqual([
      {
        diameter: 'Ø40 h7',
        type: 'cylinder',
        location: 'from the free end, 0 to 85 mm',
        length: '85 mm',
        diameterMm: 40,
        lengthMm: 85,
        startMm: 0,
        fit: 'h7',
      },
    ]);
    expect(description.innerDiameters).toEqual([
      {
        diameter: 'Ø20',
        type: 'bore',
        location: 'from the free end, 0 to 30 mm',
        length: '30 mm deep',
        diameterMm: 20,
        lengthMm: 30,
        startMm: 0,
        through: false,
      },
    ]);
    expect(description.features.chamfers).toEqual([
      {
        dimensions: '1 x 45°',
        location: 'at the free end, on Ø40 h7',
        sizeMm: 1,
        angleDeg: 45,
        atMm: 0,
        onDiameterMm: 40,
      },
      {
        dimensions: '1 x 45°',
        location: 'at the chuck end, on Ø40 h7',
        sizeMm: 1,
        angleDeg: 45,
        atMm: 85,
        onDiameterMm: 40,
      },
    ]);
    expect(description.materialSpecs.material).toBe('4140 steel');
    expect(description.dimensions).toEqual({
      overallLength: '85 mm',
      tolerances: '',
      overallLengthMm: 85,
    });
    expect(changes).toEqual([
      'Added Ø40 h7, 85 mm long, at the free end.',
      'Added bore Ø20, 30 mm deep.',
      'Overall length 85 mm, the sum of the outer diameters.',
      'Added chamfer 1 x 45° at the free end, on Ø40 h7.',
      'Added chamfer 1 x 45° at the chuck end, on Ø40 h7.',
      'Material: 4140 steel.',
    ]);
    expect(blueprintDescriptionSchema.safeParse(description).success).toBe(true);
  });

  it('keeps a list of diameters in order from the free end, end to end', () => {
    const { description } = reviseDescription(
      emptyDescription(),
      'Ø40 x 20, Ø30 h6 x 50 long, Ø 20,5 x 15',
    );
    expect(layout(description)).toEqual([
      ['Ø40', 'cylinder', 0, 20, 'from the free end, 0 to 20 mm'],
      ['Ø30 h6', 'cylinder', 20, 50, 'from the free end, 20 to 70 mm'],
      ['Ø20.5', 'cylinder', 70, 15, 'from the free end, 70 to 85 mm'],
    ]);
    expect(description.dimensions.overallLengthMm).toBe(85);
  });

  it('gives a tapped hole already read its depth', () => {
    const read = reviseDescription(emptyDescription(), 'Ø20 x 25 long, tapped M8').description;
    expect(read.innerDiameters[0]?.lengthMm).toBeUndefined();
    const { description } = reviseDescription(read, 'tapped M8 x 16 deep');
    expect(description.innerDiameters).toHaveLength(1);
    expect(description.innerDiameters[0]).toMatchObject({ thread: 'M8', lengthMm: 16, startMm: 0 });
  });

  it('takes a size given a length twice as two sections, and a size named again without a length as the same one', () => {
    const read = reviseDescription(emptyDescription(), 'Ø19.9, Ø16.5').description;
    const { description } = reviseDescription(
      read,
      'Ø19.9 x 12.5 long, Ø16.5 x 2.5 long, Ø19.9 x 10 long, Ø16.5 h7',
    );
    expect(layout(description)).toEqual([
      ['Ø19.9', 'cylinder', 0, 12.5, 'from the free end, 0 to 12.5 mm'],
      ['Ø16.5 h7', 'cylinder', 12.5, 2.5, 'from the free end, 12.5 to 15 mm'],
      ['Ø19.9', 'cylinder', 15, 10, 'from the free end, 15 to 25 mm'],
    ]);
    expect(description.dimensions.overallLengthMm).toBe(25);
  });
});

describe('reviseDescription of the reamer', () => {
  it('sets the length of a named diameter, recomputes the overall length and moves the chuck-end chamfer', () => {
    const { description, changes } = reviseDescription(reamer(), 'Ø15.48 is 100 long');
    expect(layout(description)).toEqual([
      ['Ø11.11', 'thread 7/16"-20 UNF', 0, 20, 'from the free end, 0 to 20 mm'],
      ['Ø8.85', 'groove', 20, 5, 'from the free end, 20 to 25 mm'],
      ['Ø15.48', 'cylinder', 25, 100, 'from the free end, 25 to 125 mm'],
    ]);
    expect(description.outerDiameters[2]!.length).toBe('100 mm');
    expect(description.dimensions.overallLengthMm).toBe(125);
    expect(description.dimensions.overallLength).toBe('125 mm');
    expect(description.features.chamfers.map((c) => [c.atMm, c.location])).toEqual([
      [0, 'at the free end, on Ø11.11'],
      [125, 'at the chuck end, on Ø15.48'],
    ]);
    expect(description.unresolved).not.toContain(reamer().unresolved![0]);
    expect(changes).toEqual([
      'Ø15.48: length 100 mm (was 875 mm or longer (not to scale)).',
      'Overall length 125 mm, the sum of the outer diameters (was 900 mm).',
    ]);
  });

  it('takes a given overall length and says when the diameters do not add up to it', () => {
    const { description, changes } = reviseDescription(reamer(), 'overall length 120');
    expect(description.dimensions.overallLengthMm).toBe(120);
    expect(description.dimensions.overallLength).toBe('120 mm');
    expect(changes).toEqual(['Overall length 120 mm (was 900 mm).']);
    expect(description.unresolved).toContain(
      'The outer diameters add up to 900 mm, but the overall length is 120 mm.',
    );
  });

  it('puts a thread on a named diameter', () => {
    const { description, changes } = reviseDescription(
      reamer(),
      'the Ø11.11 diameter has thread M8',
    );
    expect(description.outerDiameters[0]).toMatchObject({
      thread: 'M8',
      type: 'thread M8',
      diameterMm: 11.11,
    });
    expect(changes).toEqual([
      'Ø11.11: thread M8 (check the size: M8 has a major diameter of 8 mm).',
    ]);
  });

  it('sets material, finish and general tolerance, resolving what they answer', () => {
    const { description, changes } = reviseDescription(
      reamer(),
      'material 6061-T6; Ra 1,6; ISO 2768-mK',
    );
    expect(description.materialSpecs.material).toBe('6061-T6');
    expect(description.surfaceFinish.raUm).toBe(1.6);
    expect(description.dimensions.generalTolerance).toBe('ISO 2768-mK');
    expect(description.dimensions.tolerances).toBe('general tolerances ISO 2768-mK');
    expect(description.unresolved).toEqual([reamer().unresolved![0]]);
    expect(changes).toEqual([
      'Material: 6061-T6 (was steel).',
      'Surface finish: Ra 1.6 µm.',
      'General tolerances: ISO 2768-mK.',
    ]);
  });

  it('adds a through bore over the whole length', () => {
    const { description } = reviseDescription(reamer(), 'bore Ø10 through');
    expect(description.innerDiameters).toEqual([
      {
        diameter: 'Ø10',
        type: 'bore',
        location: 'from the free end, 0 to 900 mm',
        length: 'through',
        diameterMm: 10,
        lengthMm: 900,
        startMm: 0,
        through: true,
      },
    ]);
  });

  it('removes the groove and closes the gap', () => {
    const { description, changes } = reviseDescription(reamer(), 'remove the groove');
    expect(layout(description)).toEqual([
      ['Ø11.11', 'thread 7/16"-20 UNF', 0, 20, 'from the free end, 0 to 20 mm'],
      ['Ø15.48', 'cylinder', 20, 875, 'from the free end, 20 to 895 mm'],
    ]);
    expect(description.features.chamfers.map((c) => c.atMm)).toEqual([0, 895]);
    expect(changes[0]).toBe('Removed groove Ø8.85.');
  });

  it('replaces the free-end chamfer', () => {
    const { description, changes } = reviseDescription(reamer(), 'free end chamfer 0.5x45');
    expect(description.features.chamfers.map((c) => [c.dimensions, c.sizeMm, c.atMm])).toEqual([
      ['0.5 x 45°', 0.5, 0],
      ['0.5 x 45°', 0.5, 900],
    ]);
    expect(changes).toEqual(['Chamfer 0.5 x 45° at the free end, on Ø11.11 (was 1 x 45°).']);
  });

  it('updates a diameter within 0.05 mm instead of adding one, and adds new ones after the last named', () => {
    const { description } = reviseDescription(reamer(), 'Ø15.5 h9, Ø12 x 10 long');
    expect(description.outerDiameters.map((o) => [o.diameter, o.startMm, o.lengthMm])).toEqual([
      ['Ø11.11', 0, 20],
      ['Ø8.85', 20, 5],
      ['Ø15.48 h9', 25, 875],
      ['Ø12', 900, 10],
    ]);
    expect(description.dimensions.overallLengthMm).toBe(910);
  });

  it('reports the clauses it did not understand beside those it did', () => {
    const { changes } = reviseDescription(reamer(), 'make it shiny, 4140 steel');
    expect(changes).toEqual([
      'Material: 4140 steel (was steel).',
      'Not understood, nothing changed: "make it shiny".',
    ]);
  });

  it('never mutates its input', () => {
    const input = reamer();
    const before = structuredClone(input);
    reviseDescription(
      input,
      'Ø15.48 is 100 long, remove the groove, 4140 steel, Ra 0.8, chamfer C1 both ends',
    );
    expect(input).toEqual(before);
  });
});

describe('reviseDescription with nothing it understands', () => {
  it.each([['make it nice'], [''], ['please hurry']])('%j throws RevisionError', (feedback) => {
    expect(() => reviseDescription(reamer(), feedback)).toThrow(
      new RevisionError(nothingUnderstoodMessage),
    );
  });

  it('uses the message of the spec', () => {
    expect(nothingUnderstoodMessage).toBe(
      'I could not find any dimensions or materials in your feedback. Write, for example: "Ø40 h7 x 85 long, bore Ø20 x 30 deep, chamfer 1x45 both ends, 4140 steel".',
    );
  });
});

describe('reviseDescription with sizes at the edge of sense', () => {
  const size = fc.constantFrom(
    '0',
    '0.00001',
    '.5',
    '1',
    '12.5',
    '89',
    '89.99',
    '90',
    '1e308',
    '1e400',
    '99999999999999999999',
  );
  const clause = fc.oneof(
    fc.tuple(size, size).map(([d, l]) => `Ø${d} x ${l}`),
    fc.tuple(size, size).map(([d, l]) => `bore Ø${d} x ${l} deep`),
    size.map((d) => `bore Ø${d} through`),
    fc.tuple(size, size).map(([s, a]) => `chamfer ${s}x${a} both ends`),
    fc.tuple(size, size).map(([s, a]) => `free end chamfer ${s}x${a}`),
    fc.tuple(size, size).map(([r, d]) => `R${r} on Ø${d}`),
    size.map((l) => `overall length ${l}`),
    size.map((l) => `Ø15.48 is ${l} long`),
    size.map((d) => `Ø40 to Ø${d}`),
    size.map((r) => `Ra ${r}`),
    fc.constantFrom(
      'remove the groove',
      '4140 steel',
      'ISO 2768-mK',
      'the Ø11.11 diameter has thread M8',
    ),
  );

  it('always gives a description that fits the contract', () => {
    fc.assert(
      fc.property(fc.array(clause, { minLength: 1, maxLength: 4 }), (clauses) => {
        let description: BlueprintDescription;
        try {
          ({ description } = reviseDescription(reamer(), clauses.join(', ')));
        } catch (error) {
          // Feedback with nothing understood is refused with the spec's message (above).
          if (error instanceof RevisionError) return;
          throw error;
        }
        const parsed = blueprintDescriptionSchema.safeParse(description);
        expect(parsed.error?.issues ?? []).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('names a chamfer angle it cannot keep instead of handing it over', () => {
    const { description } = reviseDescription(reamer(), 'chamfer 1x89.99 both ends');
    expect(blueprintDescriptionSchema.safeParse(description).success).toBe(true);
    expect(description.unresolved).toContainEqual(
      expect.stringMatching(
        /^Left out the angle in degrees of chamfer \d+ \(89\.99\), because it is greater than 89\.$/,
      ),
    );
  });
});

/** A plate read without its thickness, as a DXF top view gives it. */
function plate(): BlueprintDescription {
  return {
    ...emptyDescription('Plate 175.5 x 74.4 mm'),
    prismatic: {
      outline: [
        { x: 0, y: 0 },
        { x: 175.5, y: 0 },
        { x: 175.5, y: 74.4 },
        { x: 0, y: 74.4 },
      ],
      holes: [],
      pockets: [],
      slots: [],
    },
    unresolved: [
      'No plate thickness on the drawing: give it with Change, such as "thickness 10 mm".',
    ],
  };
}

describe('reviseDescription of a plate', () => {
  it.each([
    ['thickness 10 mm', 10],
    ['10 mm thick', 10],
    ['THK 10', 10],
    ['T=12,5', 12.5],
    ['plate thickness is 8', 8],
    ['plate 175.5 x 74.4 x 10', 10],
    ['Plate 175,5 x 74,4 x 0.5"', 12.7],
    ['the plate is 3/8" thick', 9.525],
  ])('reads "%s" as the thickness', (feedback, thicknessMm) => {
    const { description, changes } = reviseDescription(plate(), feedback);
    expect(description.prismatic?.thicknessMm).toBe(thicknessMm);
    expect(changes).toEqual([`Plate thickness: ${thicknessMm} mm.`]);
    expect(description.unresolved).toEqual([]);
    expect(blueprintDescriptionSchema.safeParse(description).success).toBe(true);
  });

  it('says what the thickness was when it changes it', () => {
    const thick = plate();
    thick.prismatic!.thicknessMm = 12;
    expect(reviseDescription(thick, 'thickness 10').changes).toEqual([
      'Plate thickness: 10 mm (was 12 mm).',
    ]);
  });

  it('does not give a turned part a thickness, and says so', () => {
    const { description, changes } = reviseDescription(reamer(), '10 mm thick');
    expect(description.prismatic).toBeUndefined();
    expect(changes).toEqual([
      "The description holds no plate, so the thickness 10 mm is not used: give a turned part's sizes as diameters and lengths.",
    ]);
  });
});

/** What the reamer's drawing (not to scale) leaves to the operator: only its end is turned. */
const reamerEndChangeText = 'Ø15.48 is 35 long, overall length 60';

describe('the overview after a change', () => {
  it("states the part's new length and diameters, keeping the rest of what the reader wrote", () => {
    const read = reamer();
    read.overview =
      'Turned part, 900 mm long: 3 outer diameters (Ø11.11, Ø8.85, Ø15.48), read offline from the DXF. Axis of revolution: horizontal in the drawing.';
    const { description } = reviseDescription(read, reamerEndChangeText);
    expect(description.overview).toBe(
      'Turned part, 60 mm long: 3 outer diameters (Ø11.11, Ø8.85, Ø15.48), read offline from the DXF. Axis of revolution: horizontal in the drawing.',
    );
    const bored = reviseDescription(description, 'bore Ø8 x 20 deep').description;
    expect(bored.overview).toMatch(
      /^Turned part, 60 mm long: 3 outer diameters \(Ø11\.11, Ø8\.85, Ø15\.48\) and 1 bore \(Ø8\), read offline/,
    );
  });

  it('leaves an overview in other words as it is', () => {
    const { description } = reviseDescription(reamer(), reamerEndChangeText);
    expect(description.overview).toBe('Turned part, 900 mm long.');
  });
});
