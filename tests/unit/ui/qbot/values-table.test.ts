/**
 * The values table (decision 049): its rows from a description, the edits made through them, and
 * the server's check of an edited description (a property test: any set of edited values is either
 * taken and comes back as it went, or refused with one sentence).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import type { BlueprintDescription } from '#contracts/blueprint';
import { checkDescriptionValues } from '#contracts/description-values';
import { maxValueRows, valueRows } from '#contracts/values-table';
import { addItem, removeRow, setRowValue } from '#src/qbot/values-table/edits.ts';

/** A turned part: Ø20 x 30, Ø15.48 x 30 with a bore Ø8 x 16 deep, 1 x 45° chamfer. */
function shaft(): BlueprintDescription {
  return {
    ...emptyDescription(
      'Turned part, 60 mm long: 2 outer diameters (Ø20, Ø15.48) and 1 bore (Ø8).',
    ),
    outerDiameters: [
      {
        diameter: 'Ø20 h7',
        type: 'cylinder',
        location: '',
        length: '30 mm',
        diameterMm: 20,
        lengthMm: 30,
        startMm: 0,
        fit: 'h7',
      },
      {
        diameter: 'Ø15.48',
        type: 'cylinder',
        location: '',
        length: '30 mm',
        diameterMm: 15.48,
        lengthMm: 30,
        startMm: 30,
      },
    ],
    innerDiameters: [
      {
        diameter: 'Ø8',
        type: 'bore',
        location: '',
        length: '16 mm',
        diameterMm: 8,
        lengthMm: 16,
        startMm: 0,
      },
    ],
    features: {
      chamfers: [
        { dimensions: '1 x 45°', location: 'at the free end', sizeMm: 1, angleDeg: 45, atMm: 0 },
      ],
      fillets: [],
    },
    dimensions: { overallLength: '60 mm', tolerances: '', overallLengthMm: 60 },
    readings: [
      {
        field: 'Outer diameter 1',
        value: 'Ø20 h7',
        confidence: 0.97,
        source: 'DIMENSION entity 2F',
      },
      { field: 'Outer diameter 2', value: 'Ø15.48', confidence: 0.5, source: 'OCR at 812, 440 px' },
      { field: 'Material', value: 'C45', confidence: 0.9, source: 'title block' },
    ],
  };
}

/** A plate 100 x 60 x 10 with two holes Ø6.6, one pocket and one slot. */
function plate(): BlueprintDescription {
  return {
    ...emptyDescription(
      'Top view for milling and EDM: outline 100 × 60 mm, 10 mm thick; 2 holes (Ø6.6 ×2); 1 cut-out; 1 slot.',
    ),
    prismatic: {
      outline: [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 60 },
        { x: 0, y: 60 },
      ],
      thicknessMm: 10,
      holes: [
        { diameter: 'Ø6.6', x: 10, y: 10, diameterMm: 6.6, through: true },
        { diameter: 'Ø6.6', x: 90, y: 50, diameterMm: 6.6, through: true },
      ],
      pockets: [
        {
          label: 'pocket',
          outline: [
            { x: 40, y: 20 },
            { x: 60, y: 20 },
            { x: 60, y: 40 },
          ],
          depthMm: 3,
        },
      ],
      slots: [{ label: 'slot', from: { x: 20, y: 45 }, to: { x: 40, y: 45 }, widthMm: 6 }],
    },
    titleBlock: { title: 'Flange', drawingNumber: 'FLH-001', units: 'mm' },
  };
}

const ok = (outcome: ReturnType<typeof setRowValue>) => {
  if ('error' in outcome) throw new Error(outcome.error);
  return outcome.description;
};
const rowOf = (description: BlueprintDescription, id: string) =>
  valueRows(description).find((row) => row.id === id);

describe('the values table rows', () => {
  it('has a row per value of a turned part, with the readings that name them', () => {
    const rows = valueRows(shaft());
    expect(rows.filter((row) => row.group === 'Outer diameter 1').map((row) => row.label)).toEqual([
      'Ø',
      'Length',
      'Start from the free end',
      'Tolerance / fit',
      'Thread',
    ]);
    expect(rowOf(shaft(), 'outer.0.diameter')).toMatchObject({
      value: 'Ø20',
      reading: { source: 'DIMENSION entity 2F', confidence: 0.97 },
    });
    expect(rowOf(shaft(), 'outer.0.tolerance')?.value).toBe('h7');
    expect(rowOf(shaft(), 'inner.0.depth')?.value).toBe('16 mm');
    expect(rowOf(shaft(), 'chamfer.0')?.value).toBe('1 x 45° at the free end');
    expect(rowOf(shaft(), 'overallLength')?.value).toBe('60 mm');
    expect(rowOf(shaft(), 'material')?.reading?.source).toBe('title block');
    expect(rows.map((row) => row.id)).toContain('drawingNumber');
  });

  it("has a plate's outline, thickness, each hole's six values, pockets and slots", () => {
    const rows = valueRows(plate());
    expect(rowOf(plate(), 'outline')).toMatchObject({ value: '100 × 60 mm', removable: false });
    expect(rowOf(plate(), 'thickness')?.value).toBe('10 mm');
    expect(rows.filter((row) => row.group === 'Hole 2').map((row) => row.id)).toEqual([
      'hole.1.diameter',
      'hole.1.position',
      'hole.1.depth',
      'hole.1.thread',
      'hole.1.counterbore',
      'hole.1.countersink',
    ]);
    expect(rowOf(plate(), 'hole.1.position')?.value).toBe('90, 50 mm');
    expect(rowOf(plate(), 'pocket.0.depth')?.value).toBe('3 mm');
    expect(rowOf(plate(), 'slot.0.depth')?.value).toBe('');
    expect(rowOf(plate(), 'title')?.value).toBe('Flange');
    expect(rows.some((row) => row.id.startsWith('outer.'))).toBe(false);
  });
});

describe("a plate's steps (decision 066)", () => {
  it('asks for a step depth not read by name, and takes it, never as through', () => {
    const stepped = plate();
    stepped.prismatic!.steps = [
      {
        label: 'Step 1',
        outline: [
          { x: 80, y: 0 },
          { x: 100, y: 0 },
          { x: 100, y: 60 },
          { x: 80, y: 60 },
        ],
      },
    ];
    expect(rowOf(stepped, 'step.0.depth')).toMatchObject({
      group: 'Step 1',
      label: 'Depth',
      value: '',
      hint: 'mm',
    });
    expect(setRowValue(stepped, 'step.0.depth', 'through')).toEqual({
      error: 'Type a depth in mm.',
    });
    const given = ok(setRowValue(stepped, 'step.0.depth', '4'));
    expect(given.prismatic!.steps![0]).not.toHaveProperty('through');
    given.prismatic!.steps![0]!.tolerance = { upperMm: 0.1, lowerMm: -0.2 };
    expect(rowOf(given, 'step.0.depth')?.value).toBe('4 mm +0.1/-0.2');
    expect(removeRow(given, 'step.0.depth').prismatic!.steps).toEqual([]);
  });
});

describe('what the drawing writes and the description does not place', () => {
  it('is a row each, on a turned part and on a plate, removed once checked', () => {
    const turned = shaft();
    turned.unplaced = [
      { text: 'M10x1.5', why: 'matches no diameter of the profile' },
      { text: 'Ø13.5', why: "is drawn Ø10, while the drawing's other sizes are drawn 1:1" },
    ];
    expect(rowOf(turned, 'unplaced.0')).toMatchObject({
      group: 'Not placed',
      label: 'M10x1.5',
      value: 'matches no diameter of the profile',
      removable: true,
    });
    const checked = removeRow(turned, 'unplaced.0');
    expect(checked.unplaced).toEqual([turned.unplaced[1]]);
    expect(removeRow(checked, 'unplaced.0').unplaced).toBeUndefined();

    const drawn = plate();
    drawn.prismatic!.sizes = [
      { dimension: '40', mm: 40, measures: 'width' },
      { dimension: 'a circle Ø8 drawn hidden (centred at X30 Y40)', mm: 8, measures: 'other' },
    ];
    expect(rowOf(drawn, 'other.1')).toMatchObject({
      group: 'Not held by the top view',
      label: 'a circle Ø8 drawn hidden (centred at X30 Y40)',
      removable: true,
    });
    expect(rowOf(drawn, 'other.0')).toBeUndefined();
    expect(removeRow(drawn, 'other.1').prismatic!.sizes).toEqual([drawn.prismatic!.sizes[0]]);
  });
});

describe('the values table edits', () => {
  it('changes a diameter, its fit and its thread, and marks the value as entered', () => {
    let d = ok(setRowValue(shaft(), 'outer.1.diameter', '16'));
    d = ok(setRowValue(d, 'outer.1.tolerance', '+0.1/0'));
    d = ok(setRowValue(d, 'outer.1.thread', 'M16x1.5'));
    expect(d.outerDiameters[1]).toMatchObject({
      diameterMm: 16,
      diameter: 'Ø16 +0.1/0',
      tolerance: { upperMm: 0.1, lowerMm: 0 },
      thread: 'M16x1.5',
    });
    expect(rowOf(d, 'outer.1.diameter')?.reading).toEqual({
      source: 'Entered in the values table',
      confidence: 1,
    });
    expect(shaft().outerDiameters[1]!.diameterMm).toBe(15.48);
  });

  it('refuses what is not a value, with what to type', () => {
    expect(setRowValue(shaft(), 'overallLength', 'long')).toEqual({
      error: 'Type a size in mm, such as 12.5.',
    });
    expect(setRowValue(shaft(), 'outer.0.thread', 'fine')).toHaveProperty('error');
    expect(setRowValue(plate(), 'hole.0.position', '12')).toHaveProperty('error');
  });

  it('gives a bore through, a hole a thread, counterbore and depth, a plate its outline', () => {
    expect(ok(setRowValue(shaft(), 'inner.0.depth', 'through')).innerDiameters[0]).toMatchObject({
      through: true,
      length: 'through',
    });
    let p = ok(setRowValue(plate(), 'hole.0.thread', 'M6'));
    p = ok(setRowValue(p, 'hole.1.counterbore', 'Ø11 x 6.8'));
    p = ok(setRowValue(p, 'hole.1.depth', '8'));
    p = ok(setRowValue(p, 'outline', '120 x 80'));
    p = ok(setRowValue(p, 'thickness', '12'));
    expect(p.prismatic!.holes[0]).toMatchObject({ thread: 'M6', diameterMm: 6, kind: 'tapped' });
    expect(p.prismatic!.holes[1]).toMatchObject({
      counterboreDiameterMm: 11,
      counterboreDepthMm: 6.8,
      depthMm: 8,
      through: false,
    });
    expect(rowOf(p, 'outline')?.value).toBe('120 × 80 mm');
    expect(p.prismatic!.thicknessMm).toBe(12);
  });

  it('removes an item, renumbering the readings after it, and clears a single value', () => {
    const d = removeRow(shaft(), 'outer.0.diameter');
    expect(d.outerDiameters.map((f) => f.diameterMm)).toEqual([15.48]);
    expect(rowOf(d, 'outer.0.diameter')?.reading?.source).toBe('OCR at 812, 440 px');
    expect(removeRow(shaft(), 'overallLength').dimensions.overallLengthMm).toBeUndefined();
    expect(ok(setRowValue(shaft(), 'material', '')).materialSpecs.material).toBe('');
    expect(removeRow(plate(), 'outline')).toEqual(plate());
  });

  it('adds a diameter, a chamfer and a hole in the middle of the plate', () => {
    expect(ok(addItem(shaft(), 'outer', 'Ø12')).outerDiameters[2]).toMatchObject({
      diameterMm: 12,
    });
    expect(ok(addItem(shaft(), 'chamfer', '0.5 x 30')).features.chamfers[1]).toMatchObject({
      sizeMm: 0.5,
      angleDeg: 30,
    });
    expect(ok(addItem(plate(), 'hole', '5')).prismatic!.holes[2]).toMatchObject({ x: 50, y: 30 });
    expect(addItem(shaft(), 'hole', '5')).toHaveProperty('error');
  });
});

describe('the check of an edited description', () => {
  it('takes a sound description and names the value it refuses', () => {
    expect(checkDescriptionValues(shaft())).toEqual({ ok: true, description: shaft() });
    const wide = ok(setRowValue(shaft(), 'inner.0.diameter', '22'));
    expect(checkDescriptionValues(wide)).toEqual({
      ok: false,
      message:
        'Inner diameter 1 (Ø22) must be smaller than outer diameter 1 (Ø20), which it runs in.',
    });
    const outside = ok(setRowValue(plate(), 'hole.0.position', '150, 10'));
    expect(checkDescriptionValues(outside)).toMatchObject({
      ok: false,
      message: "Hole 1 at 150, 10 mm is outside the plate's outline (x 0 to 100, y 0 to 60 mm).",
    });
    const negative = structuredClone(shaft());
    negative.outerDiameters[1]!.lengthMm = -3;
    expect(checkDescriptionValues(negative)).toEqual({
      ok: false,
      message: 'Outer diameter 2 length must be more than 0: the values were not saved.',
    });
  });

  it('refuses a text PostgreSQL cannot store, in any field, naming the value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('\u0000', '\ud800', 'a\udc00b', 'x\u0000y'),
        fc.constantFrom('chamfer', 'material', 'title'),
        (bad, where) => {
          const description = structuredClone(shaft());
          if (where === 'chamfer')
            description.features.chamfers.push({ dimensions: bad, location: 'here', inner: false });
          if (where === 'material') description.materialSpecs.material = bad;
          if (where === 'title') description.titleBlock = { title: bad };
          const check = checkDescriptionValues(description);
          expect(check).toMatchObject({ ok: false });
          expect((check as { message: string }).message).toMatch(
            /holds a character that cannot be stored \(NUL or a broken surrogate\): the values were not saved\.$/,
          );
        },
      ),
    );
  });

  it('refuses more than the most rows', () => {
    const many = plate();
    many.prismatic!.holes = Array.from({ length: 70 }, (_, i) => ({
      diameter: 'Ø3',
      x: 1 + (i % 90),
      y: 5,
      diameterMm: 3,
    }));
    const check = checkDescriptionValues(many);
    expect(check).toMatchObject({ ok: false });
    expect(valueRows(many).length).toBeGreaterThan(maxValueRows);
  });

  it('takes any edited values and keeps them as they are, or refuses them with one sentence', () => {
    const size = fc.oneof(
      fc.double({ min: -50, max: 200, noNaN: true }),
      fc.constantFrom(0, 1, 5, 8, 20, 60),
    );
    const edits = fc.record({
      outer: fc.array(fc.record({ d: size, l: size, s: size }), { maxLength: 4 }),
      bore: fc.option(fc.record({ d: size, l: size }), { nil: undefined }),
      overall: fc.option(size, { nil: undefined }),
      holes: fc.array(fc.record({ d: size, x: size, y: size }), { maxLength: 6 }),
      thickness: fc.option(size, { nil: undefined }),
      ra: fc.option(size, { nil: undefined }),
    });
    fc.assert(
      fc.property(edits, fc.boolean(), (e, turned) => {
        const d = turned ? shaft() : plate();
        if (turned) {
          d.outerDiameters = e.outer.map((o) => ({
            diameter: `Ø${o.d}`,
            type: 'cylinder',
            location: '',
            length: '',
            diameterMm: o.d,
            lengthMm: o.l,
            startMm: o.s,
          }));
          d.innerDiameters = e.bore
            ? [
                {
                  diameter: '',
                  type: 'bore',
                  location: '',
                  length: '',
                  diameterMm: e.bore.d,
                  lengthMm: e.bore.l,
                },
              ]
            : [];
          if (e.overall !== undefined) d.dimensions.overallLengthMm = e.overall;
        } else {
          d.prismatic!.holes = e.holes.map((h) => ({
            diameter: '',
            x: h.x,
            y: h.y,
            diameterMm: h.d,
          }));
          if (e.thickness !== undefined) d.prismatic!.thicknessMm = e.thickness;
        }
        if (e.ra !== undefined) d.surfaceFinish.raUm = e.ra;
        const sent = JSON.parse(JSON.stringify(d)) as unknown;
        const check = checkDescriptionValues(sent);
        if (check.ok) {
          expect(check.description).toEqual(sent);
          const sizes = [
            ...check.description.outerDiameters.flatMap((o) => [o.diameterMm!, o.lengthMm!]),
            ...(check.description.prismatic?.holes.map((h) => h.diameterMm) ?? []),
          ];
          expect(sizes.every((value) => value > 0)).toBe(true);
        } else {
          expect(check.message).toMatch(/^[A-Z].*\.$/);
          expect(check.message.length).toBeLessThan(300);
        }
      }),
      { numRuns: 300 },
    );
  });
});
