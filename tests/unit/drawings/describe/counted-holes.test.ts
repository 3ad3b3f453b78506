/**
 * Counted hole callouts against the holes read (drawings/describe/counted-holes.ts): a callout
 * whose count the top view falls short of is named and held, so no program is verified without
 * the hole the line work lost.
 */
import { describe, expect, it } from 'vitest';
import type { PrismaticDescription } from '#contracts/blueprint';
import fc from 'fast-check';
import type { DimensionNote } from '#drawings/describe/content';
import {
  countedHole,
  missingCountedHoles,
  missingWrittenHoles,
} from '#drawings/describe/counted-holes';

const hole = (diameterMm: number, kind: 'through' | 'tapped' = 'through') =>
  ({
    diameter: kind === 'tapped' ? `M${diameterMm}` : `Ø${diameterMm}`,
    x: 0,
    y: 0,
    diameterMm,
    through: true,
    kind,
  }) as PrismaticDescription['holes'][number];

const mm = { mmPerUnit: 1 };

describe('counted holes', () => {
  it('reads the count and the size of a callout', () => {
    expect(countedHole('4x Ø5.5', 'mm')).toMatchObject({
      count: 4,
      diameterMm: 5.5,
      thread: false,
    });
    expect(countedHole('2 × M6 ↧ 12', 'mm')).toMatchObject({
      count: 2,
      diameterMm: 6,
      thread: true,
    });
    expect(countedHole('6X ⌀.25 THRU', 'inch')).toMatchObject({ count: 6, diameterMm: 6.35 });
    expect(countedHole('Ø5.5', 'mm')).toBeUndefined();
    expect(countedHole('2x 45°', 'mm')).toBeUndefined();
    expect(countedHole('4x 12.5', 'mm')).toBeUndefined();
  });

  it('names a callout the holes read fall short of, once', () => {
    const holes = [hole(5.5), hole(5.5), hole(5.5), hole(9)];
    const found = missingCountedHoles(
      [{ text: '4x Ø5.5' }, { text: '4x  Ø5.5' }],
      [{ text: 'Ø9' }],
      holes,
      mm,
    );
    expect(found.unresolved).toEqual([
      expect.stringMatching(
        /^The drawing writes "4x Ø5\.5" \(4 holes\), and the top view read holds 3 of Ø5\.5/,
      ),
    ]);
    expect(found.unheld).toEqual([
      { dimension: '4x Ø5.5 (1 of 4 not found in the top view)', mm: 5.5, measures: 'other' },
    ]);
  });

  it('passes a callout the holes read meet, and counts tapped holes by their thread', () => {
    const holes = [hole(6, 'tapped'), hole(6, 'tapped'), hole(6)];
    expect(missingCountedHoles([{ text: '2x M6' }], [], holes, mm).unresolved).toEqual([]);
    expect(missingCountedHoles([{ text: '3x M6' }], [], holes, mm).unresolved).toHaveLength(1);
    expect(missingCountedHoles([], [{ text: '3x Ø6' }], holes, mm).unresolved).toEqual([]);
  });
});

/** A diameter dimension across `spanMm` at (x, y), its text as shown. */
const across = (
  text: string,
  spanMm: number,
  x = 50,
  y = 50,
  kind: 'diameter' | 'aligned' = 'diameter',
) => ({
  text,
  note: {
    kind,
    p1: { x: x - spanMm / 2, y },
    p2: { x: x + spanMm / 2, y },
    angleRad: 0,
    written: text,
  } satisfies DimensionNote,
});

/** A 100 × 60 plate with the holes given at their centres. */
const plateWith = (holes: PrismaticDescription['holes']) => ({
  outline: [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 60 },
    { x: 0, y: 60 },
  ],
  holes,
  pockets: [] as PrismaticDescription['pockets'],
});

const at = (diameterMm: number, x: number, y: number) => ({ ...hole(diameterMm), x, y });

describe('diameters written once', () => {
  it('names and holds a bore its line measures that the top view does not hold', () => {
    const found = missingWrittenHoles([across('Ø28', 28.4)], plateWith([at(2, 10, 10)]), mm);
    expect(found.unresolved).toEqual([
      expect.stringMatching(
        /^The drawing writes "Ø28", and the top view read holds no hole or circle of Ø28/,
      ),
    ]);
    expect(found.unheld).toEqual([
      { dimension: 'Ø28 (not found in the top view)', mm: 28, measures: 'other' },
    ]);
  });

  it('passes what the top view holds round of that size, and a value its line does not measure', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 30, max: 400 }).map((tenths) => tenths / 10),
        fc.constantFrom('hole', 'counterbore', 'outline', 'pocket', 'pitch', 'misread'),
        (d, held) => {
          const plate = plateWith([at(2, 10, 10)]);
          let text = `Ø${d}`;
          let span = d;
          if (held === 'hole') plate.holes.push(at(d, 50, 30));
          if (held === 'counterbore')
            plate.holes.push({
              ...at(d / 2, 50, 30),
              counterboreDiameterMm: d,
              counterboreDepthMm: 2,
            });
          if (held === 'outline')
            plate.outline = plate.outline.map((p) => ({ x: (p.x / 100) * d, y: (p.y / 60) * d }));
          if (held === 'pocket')
            plate.pockets.push({
              label: 'Pocket 1',
              outline: [
                { x: 20, y: 10 },
                { x: 20 + d, y: 10 },
                { x: 20 + d, y: 10 + d },
              ],
              depthMm: 3,
            });
          // Four bolt holes on a pitch circle of that diameter, written on its centre line.
          if (held === 'pitch')
            for (const deg of [45, 135, 225, 315]) {
              const a = (deg * Math.PI) / 180;
              plate.holes.push(at(1.5, 50 + (d / 2) * Math.cos(a), 30 + (d / 2) * Math.sin(a)));
            }
          // A scan's '22' read 'Ø2' on a line 22 mm long.
          if (held === 'misread') {
            text = 'Ø2';
            span = 22;
          }
          const found = missingWrittenHoles([across(text, span)], plate, mm);
          expect(found.unresolved, held).toEqual([]);
          expect(found.unheld).toEqual([]);
        },
      ),
    );
  });

  it('leaves radii, lengths and counted callouts to the other checks', () => {
    const plate = plateWith([]);
    const radius = {
      ...across('R5', 5),
      note: { ...across('R5', 5).note, kind: 'radius' as const },
    };
    expect(
      missingWrittenHoles(
        [radius, across('28', 28, 50, 50, 'aligned'), across('4x Ø5.5', 5.5)],
        plate,
        mm,
      ).unheld,
    ).toEqual([]);
  });
});
