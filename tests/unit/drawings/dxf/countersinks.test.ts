/**
 * Countersunk and counterbored plates written as DXF with @tarikjabiri/dxf (decision 047) and
 * read back by the DXF reader: the hole notes (TEXT, MTEXT with \P and \U+2335, %%c, a
 * dimension's text) make the holes countersunk or counterbored, the drawn circle of the
 * countersink or counterbore is no hole of its own, and no concentric-circles note is left.
 */
import { DxfWriter, LWPolylineFlags, Units, point3d } from '@tarikjabiri/dxf';
import { describe, expect, it } from 'vitest';
import { readDxf } from '#drawings/dxf/reader';
import { circle, dxf, pairs, polyline, text } from '#tests/helpers/dxf-drawings';

const CORNERS = [
  [15, 15],
  [85, 15],
  [15, 45],
  [85, 45],
] as const;

/**
 * A 100 × 60 mm plate, THK 10, with four holes of `holeMm` and a concentric circle of `aroundMm`
 * around each, the hole note written as `note` (MTEXT codes allowed) at the plate's top right.
 */
function plateDxf(holeMm: number, aroundMm: number, note: { text: string; mtext?: boolean }) {
  const writer = new DxfWriter();
  writer.setUnits(Units.Millimeters);
  const model = writer.modelSpace;
  model.addLWPolyline(
    [
      { point: { x: 0, y: 0 } },
      { point: { x: 100, y: 0 } },
      { point: { x: 100, y: 60 } },
      { point: { x: 0, y: 60 } },
    ],
    { flags: LWPolylineFlags.Closed },
  );
  for (const [x, y] of CORNERS) {
    model.addCircle(point3d(x, y), holeMm / 2);
    model.addCircle(point3d(x, y), aroundMm / 2);
  }
  if (note.mtext) model.addMText(point3d(105, 70), 3.5, note.text);
  else model.addText(point3d(105, 70), 3.5, note.text);
  model.addText(point3d(0, -20), 3.5, 'THK 10');
  return writer.stringify();
}

const concentricNote = (unresolved: string[] | undefined) =>
  (unresolved ?? []).filter((entry) => /Concentric circles/.test(entry));

describe('DXF reader: countersunk holes', () => {
  it.each([
    { text: '4x %%c6.6 \\U+2335%%c12 x 90%%d', mtext: true },
    { text: '4x %%c6.6 CSK %%c12 x 90%%d' },
    { text: '4x %%c6.6\\P\\U+2335 %%c12 X 90%%d', mtext: true },
  ])('reads $text into four countersunk holes, the Ø12 circles no holes', (note) => {
    const reading = readDxf(plateDxf(6.6, 12, note), 'countersunk-plate.dxf');
    const { description } = reading;
    const holes = description.prismatic?.holes ?? [];
    expect(holes).toHaveLength(4);
    for (const hole of holes) {
      expect(hole).toMatchObject({
        diameterMm: 6.6,
        kind: 'countersunk',
        through: true,
        countersinkDiameterMm: 12,
        countersinkAngleDeg: 90,
      });
    }
    expect(description.readings?.find((r) => r.field === 'Hole size')?.value).toBe(
      '4x Ø6.6 ⌵Ø12 x 90° (4 drawn)',
    );
    expect(concentricNote(description.unresolved)).toEqual([]);
  });

  it('reads the countersink written in a diameter dimension on the hole', () => {
    // DIMENSION type 3 (diameter, bit 32 set): both ends of the diameter in groups 10 and 15.
    const diameter = pairs(
      0,
      'DIMENSION',
      8,
      'dim',
      1,
      '4x <> CSK %%c12 x 90%%d',
      70,
      35,
      10,
      88.3,
      20,
      45,
      15,
      81.7,
      25,
      45,
    );
    const entities = [
      polyline([
        [0, 0],
        [100, 0],
        [100, 60],
        [0, 60],
      ]),
      ...CORNERS.flatMap(([x, y]) => [circle(x, y, 3.3), circle(x, y, 6)]),
      diameter,
      text('THK 10', 0, -20),
    ];
    const { description } = readDxf(dxf(entities, { insunits: 4 }), 'dimensioned.dxf');
    const holes = description.prismatic?.holes ?? [];
    expect(holes).toHaveLength(4);
    for (const hole of holes)
      expect(hole).toMatchObject({ kind: 'countersunk', countersinkDiameterMm: 12 });
    expect(concentricNote(description.unresolved)).toEqual([]);
  });

  it('keeps the concentric-circles note when the countersink is of another size', () => {
    const note = { text: '4x %%c6.6 CSK %%c11 x 90%%d' };
    const { description } = readDxf(plateDxf(6.6, 12, note), 'other-size.dxf');
    expect(concentricNote(description.unresolved)).toHaveLength(1);
    expect(concentricNote(description.unresolved)[0]).toContain('the Ø6.6 hole (Ø12)');
  });

  it('reads a counterbore under its hole into four counterbored through holes', () => {
    const note = { text: '4x %%c11\\P%%c18 \\U+21A7 12', mtext: true };
    const { description } = readDxf(plateDxf(11, 18, note), 'counterbored-plate.dxf');
    const holes = description.prismatic?.holes ?? [];
    expect(holes).toHaveLength(4);
    for (const hole of holes) {
      expect(hole).toMatchObject({
        diameterMm: 11,
        kind: 'counterbored',
        through: true,
        counterboreDiameterMm: 18,
        counterboreDepthMm: 12,
      });
      expect(hole.depthMm).toBeUndefined();
    }
    expect(concentricNote(description.unresolved)).toEqual([]);
  });

  it('leaves a plate without countersink or counterbore notes as it was read', () => {
    const { description } = readDxf(plateDxf(6.6, 12, { text: '4x %%c6.6' }), 'plain.dxf');
    expect(description.prismatic?.holes.every((h) => h.kind === 'through')).toBe(true);
    expect(concentricNote(description.unresolved)).toHaveLength(1);
  });
});
