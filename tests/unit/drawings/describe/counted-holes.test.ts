/**
 * Counted hole callouts against the holes read (drawings/describe/counted-holes.ts): a callout
 * whose count the top view falls short of is named and held, so no program is verified without
 * the hole the line work lost.
 */
import { describe, expect, it } from 'vitest';
import type { PrismaticDescription } from '#contracts/blueprint';
import { countedHole, missingCountedHoles } from '#drawings/describe/counted-holes';

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
