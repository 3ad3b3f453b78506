/**
 * The hand-over of a reader's description (drawings/hand-over.ts), with random descriptions
 * that fit the contract and random values that do not put in: what comes out always fits and can
 * be stored, and every value taken out is named in `unresolved`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blueprintDescriptionSchema, emptyDescription } from '#contracts/blueprint';
import type { BlueprintDescription } from '#contracts/blueprint';
import { isStorableText } from '#contracts/text';
import { describePath, handOver } from '#drawings/hand-over';

type Path = (string | number)[];

const words = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('Ø15.48 h7', '1 x 45°', 'Ra 0.8 µm', '7/16"-20 UNF'),
);
const positive = fc.double({ min: 0.01, max: 2000, noNaN: true });
const position = fc.double({ min: 0, max: 2000, noNaN: true });
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const point = fc.record({ x: fc.double({ noNaN: true, noDefaultInfinity: true }), y: position });

const diameter = fc.record(
  {
    diameter: words,
    type: words,
    location: words,
    length: words,
    diameterMm: positive,
    lengthMm: positive,
    startMm: position,
    tolerance: fc.record({
      upperMm: position,
      lowerMm: fc.double({ min: -1, max: 0, noNaN: true }),
    }),
    fit: words,
    through: fc.boolean(),
  },
  { requiredKeys: ['diameter', 'type', 'location', 'length'] },
);

const prismatic = fc.record(
  {
    outline: fc.array(point, { minLength: 3, maxLength: 6 }),
    thicknessMm: positive,
    holes: fc.array(
      fc.record(
        {
          diameter: words,
          x: position,
          y: position,
          diameterMm: positive,
          depthMm: positive,
          kind: fc.constantFrom('through', 'blind', 'counterbored', 'tapped'),
        },
        { requiredKeys: ['diameter', 'x', 'y', 'diameterMm'] },
      ),
      { maxLength: 3 },
    ),
    pockets: fc.array(
      fc.record({ label: words, outline: fc.array(point, { minLength: 3, maxLength: 4 }) }),
      { maxLength: 2 },
    ),
    slots: fc.array(fc.record({ label: words, from: point, to: point, widthMm: positive }), {
      maxLength: 2,
    }),
  },
  { requiredKeys: ['outline', 'holes', 'pockets', 'slots'] },
);

/** Random descriptions that fit the contract. */
const validDescription: fc.Arbitrary<BlueprintDescription> = fc
  .record(
    {
      overview: words,
      materialSpecs: fc.record({ material: words, heatTreatment: words, hardness: words }),
      outerDiameters: fc.array(diameter, { maxLength: 4 }),
      innerDiameters: fc.array(diameter, { maxLength: 3 }),
      features: fc.record({
        chamfers: fc.array(
          fc.record(
            {
              dimensions: words,
              location: words,
              sizeMm: positive,
              angleDeg: fc.double({ min: 1, max: 89, noNaN: true }),
            },
            { requiredKeys: ['dimensions', 'location'] },
          ),
          { maxLength: 3 },
        ),
        fillets: fc.array(
          fc.record({ dimensions: words, location: words, radiusMm: optional(positive) }),
          { maxLength: 2 },
        ),
      }),
      dimensions: fc.record(
        { overallLength: words, tolerances: words, overallLengthMm: positive },
        { requiredKeys: ['overallLength', 'tolerances'] },
      ),
      surfaceFinish: fc.record(
        { requirements: words, concentricity: words, raUm: positive },
        { requiredKeys: ['requirements', 'concentricity'] },
      ),
      unresolved: fc.array(words, { maxLength: 3 }),
      source: words,
      readings: fc.array(
        fc.record({
          field: words,
          value: words,
          confidence: fc.double({ min: 0, max: 1, noNaN: true }),
          source: words,
        }),
        { maxLength: 4 },
      ),
      prismatic,
    },
    { requiredKeys: ['overview', 'materialSpecs', 'outerDiameters', 'innerDiameters'] },
  )
  .map((description) => ({
    ...description,
    // fc.record leaves optional keys out; these groups are required by the contract.
    features: description.features ?? { chamfers: [], fillets: [] },
    dimensions: description.dimensions ?? { overallLength: '', tolerances: '' },
    surfaceFinish: description.surfaceFinish ?? { requirements: '', concentricity: '' },
  }));

/** Values a reader must never hand over, at least at some places of a description. */
const badValue = fc.constantFrom<unknown>(
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  0,
  -1,
  2,
  '',
  'Ø12\u0000',
  'broken \ud800 pair',
  '\udc00',
  'x'.repeat(600),
  null,
  {},
  [],
  true,
  'text',
  42,
);

/** Every path into a value: objects' keys and arrays' indices. */
function pathsOf(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value))
    return value.flatMap((entry, index) => [[...path, index], ...pathsOf(entry, [...path, index])]);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, entry]) => [
      [...path, key],
      ...pathsOf(entry, [...path, key]),
    ]);
  return [];
}

function setAt(root: unknown, path: Path, value: unknown): void {
  let current = root as Record<string | number, unknown>;
  for (const segment of path.slice(0, -1))
    current = current[segment] as Record<string | number, unknown>;
  current[path.at(-1)!] = value;
}

const valueAt = (root: unknown, path: Path): unknown =>
  path.reduce<unknown>(
    (value, key) => (value as Record<string | number, unknown> | undefined)?.[key],
    root,
  );

/** Every string in a value, keys included. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, entry]) => [key, ...stringsOf(entry)])
      : [];

/** True when the description fits the contract and can be stored. */
const fits = (description: unknown) =>
  blueprintDescriptionSchema.safeParse(description).success &&
  stringsOf(description).every(isStorableText);

/** The description with random bad values put at random places, and those places. */
const spoiled = validDescription.chain((description) => {
  const paths = pathsOf(description);
  return fc
    .uniqueArray(fc.record({ at: fc.nat(Math.max(0, paths.length - 1)), value: badValue }), {
      minLength: paths.length > 0 ? 1 : 0,
      maxLength: 6,
      selector: (entry) => entry.at,
    })
    .map((changes) => ({
      description,
      changes: changes.map((change) => ({ path: paths[change.at]!, value: change.value })),
    }));
});

describe('handOver', () => {
  it('hands over a description that fits unchanged', () => {
    fc.assert(
      fc.property(validDescription, (description) => {
        expect(handOver(description, 'part.dxf')).toEqual({
          ...description,
          unresolved: description.unresolved ?? [],
        });
      }),
      { numRuns: 300 },
    );
  });

  it('always hands over a description that fits, and names each value taken out', () => {
    fc.assert(
      fc.property(spoiled, ({ description, changes }) => {
        const reader = structuredClone(description) as unknown;
        // Outer places first; a place inside a value changed before it is left alone.
        const applied: typeof changes = [];
        for (const change of [...changes].sort((a, b) => a.path.length - b.path.length)) {
          if (applied.some(({ path }) => path.every((key, index) => change.path[index] === key)))
            continue;
          setAt(reader, change.path, change.value);
          applied.push(change);
        }
        const before = JSON.stringify(reader);

        const result = handOver(reader, 'part.dxf');

        expect(fits(result)).toBe(true);
        expect(JSON.stringify(reader)).toBe(before);
        const added = (result.unresolved ?? []).filter(
          (sentence) => !description.unresolved?.includes(sentence),
        );
        for (const { path, value } of applied) {
          const alone = structuredClone(description) as unknown;
          setAt(alone, path, value);
          if (fits(alone)) continue;
          // The place itself, a value around it or a value it replaced is named.
          const places = [
            ...path.map((_, index) => path.slice(0, index + 1)),
            ...pathsOf(valueAt(description, path), path),
          ];
          const named = places.some((place) =>
            added.some((sentence) => sentence.includes(describePath(place))),
          );
          expect(named, `${path.join('.')} = ${String(value)} in ${added.join(' | ')}`).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('hands over something that fits whatever the reader returns', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true }), (anything) => {
        expect(fits(handOver(anything, 'part.dxf'))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('takes a bore of length 0 out of a stepped shaft and says so', () => {
    const shaft = {
      ...emptyDescription('Stepped shaft with a bore'),
      innerDiameters: [
        {
          diameter: 'Ø8',
          type: 'bore',
          location: 'from the free end',
          length: '0 mm',
          lengthMm: 0,
        },
      ],
    };
    const result = handOver(shaft, 'shaft.dxf');
    expect(result.innerDiameters).toEqual([
      { diameter: 'Ø8', type: 'bore', location: 'from the free end', length: '0 mm' },
    ]);
    expect(result.unresolved).toEqual([
      'Left out the length in mm of inner diameter 1 (0), because it is not greater than 0.',
    ]);
  });

  it('keeps the first 500 readings and says how many more there were', () => {
    const reading = { field: 'Note', value: 'x', confidence: 1, source: 'TEXT entity' };
    const result = handOver(
      { ...emptyDescription(), readings: Array.from({ length: 503 }, () => reading) },
      'plate.dxf',
    );
    expect(result.readings).toHaveLength(500);
    expect(result.unresolved).toEqual(['Left out 3 of the readings, past the first 500.']);
  });

  it('names a text that cannot be stored without repeating its broken characters', () => {
    const result = handOver(
      {
        ...emptyDescription(),
        materialSpecs: { material: 'AISI\u0000 304', heatTreatment: '', hardness: '' },
      },
      'part.pdf',
    );
    expect(result.materialSpecs.material).toBe('');
    expect(result.unresolved).toEqual([
      "Left out the material ('AISI\ufffd 304'), because it holds a character that cannot be stored (NUL or a broken surrogate).",
    ]);
  });

  it('gives an empty description with one sentence when nothing fits', () => {
    expect(handOver('garbage', 'scan\u0000.png')).toEqual({
      ...emptyDescription(),
      unresolved: [
        'Nothing of what was read from scan\ufffd.png could be used: the description is not an object.',
      ],
    });
  });
});
