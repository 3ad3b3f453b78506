import { describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import type { BlueprintDescription } from '#contracts/blueprint';
import {
  flattenDescription,
  sameMaterial,
  sameMm,
  sameThread,
  scoreDescription,
  valuesMatch,
  type BlueprintFixture,
} from '#tests/helpers/blueprint-scoring';

/** The V wheel as a person reads it (a subset of the real fixture). */
const wheel: BlueprintFixture = {
  file: 'lathe/wheel.pdf',
  kind: 'turned',
  values: [
    { kind: 'outerDiameter', mm: 23.5 },
    { kind: 'innerDiameter', mm: 15.95, tolerance: [0.026, -0.026] },
    { kind: 'length', mm: 7.5 },
    { kind: 'chamfer', mm: 0.3, angleDeg: 45 },
    { kind: 'material', text: 'Acetal Copolymer (Delrin)' },
    { kind: 'roughness', um: 0.8 },
    { kind: 'roughness', um: 3.2 },
    { kind: 'length', mm: 900, derived: true },
  ],
  floor: { recall: 0, precision: 0 },
  notes: '',
};

function wheelDescription(): BlueprintDescription {
  const d = emptyDescription('wheel');
  d.outerDiameters.push({
    diameter: 'Ø23.5',
    type: 'cylinder',
    location: '',
    length: '7.5 mm',
    diameterMm: 23.5,
    lengthMm: 7.5,
    startMm: 0,
  });
  d.innerDiameters.push({
    diameter: 'Ø15.95 ±0.026',
    type: 'bore',
    location: '',
    length: 'through',
    diameterMm: 15.95,
    through: true,
    tolerance: { upperMm: 0.026, lowerMm: -0.026 },
  });
  d.dimensions.overallLengthMm = 7.5;
  d.features.chamfers.push({ dimensions: '0.3 x 45°', location: '', sizeMm: 0.3, angleDeg: 45 });
  d.materialSpecs.material = 'POM';
  d.surfaceFinish.raUm = 3.2;
  return d;
}

describe('blueprint scoring', () => {
  it("counts a turned part's end-view holes with their written tolerance, not its diameter twice", () => {
    const d = wheelDescription();
    d.prismatic = {
      outline: [
        { x: 0, y: 0 },
        { x: 23.5, y: 0 },
        { x: 23.5, y: 18 },
        { x: 0, y: 18 },
      ],
      thicknessMm: 7.5,
      holes: [1, 2].map((i) => ({
        diameter: 'Ø3.4 +0.1/-0.1',
        x: 5 * i,
        y: 9,
        diameterMm: 3.4,
      })),
      pockets: [],
      slots: [],
    };
    const values = flattenDescription(d);
    expect(values).toContainEqual({ kind: 'hole', mm: 3.4, count: 2, tolerance: [0.1, -0.1] });
    // 23.5 is the turned diameter seen end on, 7.5 the length: not the plate's own sizes.
    expect(values).toContainEqual({ kind: 'length', mm: 18 });
    expect(values.filter((v) => v.kind === 'length' && v.mm === 23.5)).toEqual([]);
    expect(values.filter((v) => v.kind === 'thickness')).toEqual([]);
  });

  it('matches sizes within 0.01 mm or 0.5 %', () => {
    expect(sameMm(23.5, 23.51)).toBe(true);
    expect(sameMm(23.5, 23.65)).toBe(false);
    expect(sameMm(0.3, 0.31)).toBe(true);
    expect(sameMm(0.3, 0.32)).toBe(false);
    expect(sameMm(200, 200.9)).toBe(true);
    expect(sameMm(200, 201.1)).toBe(false);
  });

  it('matches threads by designation and materials by synonym', () => {
    expect(sameThread('M3x0.5', '6 X M3 X.5')).toBe(true);
    expect(sameThread('M3x0.5', 'M3')).toBe(true);
    expect(sameThread('M3x0.5', 'M4x0.7')).toBe(false);
    expect(sameThread('7/16"-20', '7/16"-20 UNF')).toBe(true);
    expect(sameThread('7/16"-20', '5/8"-8 ACME')).toBe(false);
    expect(sameMaterial('Acetal Copolymer (Delrin)', 'POM')).toBe(true);
    expect(sameMaterial('Stahl', 'steel')).toBe(true);
    expect(sameMaterial('EN AW-6082', 'Aluminium')).toBe(true);
    expect(sameMaterial('PLA', 'steel')).toBe(false);
  });

  it('asks the reader for the tolerance a person reads, but not for one it leaves out', () => {
    const fixture = wheel.values[1]!;
    expect(valuesMatch(fixture, { kind: 'innerDiameter', mm: 15.95 }, true)).toBe(false);
    expect(valuesMatch(fixture, { kind: 'innerDiameter', mm: 15.95 }, false)).toBe(true);
    const wrongTolerance = { kind: 'innerDiameter', mm: 15.95, tolerance: [0.1, 0] } as const;
    expect(valuesMatch(fixture, { ...wrongTolerance, tolerance: [0.1, 0] }, false)).toBe(false);
    // A through bore is also a hole.
    expect(
      valuesMatch(fixture, { kind: 'hole', mm: 15.95, tolerance: [0.026, -0.026] }, true),
    ).toBe(true);
    expect(valuesMatch(fixture, { kind: 'outerDiameter', mm: 15.95 }, false)).toBe(false);
  });

  it('flattens a description into value kinds, each value once', () => {
    const values = flattenDescription(wheelDescription());
    const kinds = values.filter((v) => v.kind !== 'position').map((v) => v.kind);
    expect(kinds.sort()).toEqual(
      ['chamfer', 'innerDiameter', 'length', 'material', 'outerDiameter', 'roughness'].sort(),
    );
  });

  it('scores a complete reading 1 and 1', () => {
    const score = scoreDescription(wheel, wheelDescription());
    expect(score.recall).toBe(1);
    expect(score.precision).toBe(1);
    expect(score.fixtureCount).toBe(6);
  });

  it('lowers recall for what is missing and precision for what is wrong', () => {
    const d = wheelDescription();
    d.features.chamfers = [];
    d.materialSpecs.material = 'steel';
    d.outerDiameters.push({
      diameter: 'Ø30',
      type: 'cylinder',
      location: '',
      length: '',
      diameterMm: 30,
    });
    const score = scoreDescription(wheel, d);
    expect(score.recall).toBeCloseTo(4 / 6);
    expect(score.precision).toBeCloseTo(4 / 6);
    expect(score.missed.map((v) => v.kind).sort()).toEqual(['chamfer', 'material']);
    expect(score.wrong.map((v) => v.kind).sort()).toEqual(['material', 'outerDiameter']);
  });

  it('scores plates: outline size, thickness, holes with their count and positions', () => {
    const fixture: BlueprintFixture = {
      file: 'mill-edm/plate.pdf',
      kind: 'prismatic',
      values: [
        { kind: 'length', mm: 200 },
        { kind: 'thickness', mm: 20 },
        { kind: 'hole', mm: 11, count: 4 },
        { kind: 'position', mm: 25 },
      ],
      floor: { recall: 0, precision: 0 },
      notes: '',
    };
    const d = emptyDescription('plate');
    const hole = (x: number, y: number) => ({ diameter: 'Ø11', x, y, diameterMm: 11 });
    d.prismatic = {
      outline: [
        { x: 0, y: 0 },
        { x: 200, y: 0 },
        { x: 200, y: 200 },
        { x: 0, y: 200 },
      ],
      thicknessMm: 20,
      holes: [hole(25, 25), hole(175, 25), hole(25, 175)],
      pockets: [],
      slots: [],
    };
    const three = scoreDescription(fixture, d);
    expect(three.recall).toBeCloseTo(3 / 4);
    expect(three.missed[0]).toMatchObject({ kind: 'hole', count: 4 });
    d.prismatic.holes.push(hole(175, 175));
    expect(scoreDescription(fixture, d).recall).toBe(1);
    expect(scoreDescription(fixture, d).precision).toBe(1);
  });
});
