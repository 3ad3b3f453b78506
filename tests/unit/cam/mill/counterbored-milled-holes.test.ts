/**
 * A hole no drill makes under a counterbore (Adapterplatte's Ø11 under Ø18 x 12 in a 25 mm
 * plate, with end mills of 22 and 13 mm flute): the counterbore is milled first and the hole
 * from its floor, so the shorter end mill reaches with its shank in the counterbore; the plate
 * is verified. Without an end mill that reaches from the floor it stays undone, named.
 */
import { describe, expect, it } from 'vitest';
import { generateMillProgramForPart } from '#cam/jobs/mill';
import type { PrismaticPart } from '#cam/prismatic/part';
import { toolRow } from '#tests/helpers/parts';
import { millJob, rounded } from './plates.ts';

/** 60 x 40 x 25 plate, two Ø11 through counterbored Ø18 x 12 (ISO 4762 M10 seats). */
function counterboredPlate(): PrismaticPart {
  return {
    outline: rounded(0, 0, 60, 40, 3),
    thicknessMm: 25,
    thicknessSource: 'drawing',
    holes: [
      { x: 15, y: 20 },
      { x: 45, y: 20 },
    ].map((center) => ({
      label: `Ø11 counterbore Ø18 x 12 at X${center.x} Y${center.y}`,
      center,
      diameterMm: 11,
      depthMm: 25,
      through: true,
      kind: 'counterbored' as const,
      counterbore: { diameterMm: 18, depthMm: 12 },
    })),
    pockets: [],
    slots: [],
    generalToleranceMm: 0.1,
    notModelled: [],
  };
}

const endMills = [
  toolRow('T1', 'Facing', 'Face mill Ø50', 'Indexable face mill Ø50 mm, 5 inserts'),
  toolRow('T2', 'Milling', 'End mill Ø10', 'Carbide end mill Ø10 mm, 3 flutes, 22 mm flute length'),
  toolRow('T3', 'Milling', 'End mill Ø6', 'Carbide end mill Ø6 mm, 3 flutes, 16 mm flute length'),
  toolRow(
    'T4',
    'Milling',
    'End mill Ø12 long',
    'Carbide end mill Ø12 mm, 3 flutes, 36 mm flute length',
  ),
];

describe('a milled hole under its counterbore', () => {
  it('mills the counterbore first and the hole from its floor: verified', () => {
    const program = generateMillProgramForPart(
      millJob({ tools: endMills, stock: { shape: 'block', xMm: 65, yMm: 45, zMm: 27 } }),
      counterboredPlate(),
    );
    const names = program.plan.operations.map((operation) => operation.name);
    const counterbore = names.findIndex((name) => name.startsWith('Counterbore'));
    const hole = names.findIndex((name) => name.startsWith('Mill hole'));
    expect(counterbore).toBeGreaterThanOrEqual(0);
    expect(hole).toBeGreaterThan(counterbore);
    expect(program.summary.notProgrammed).toEqual([]);
    expect(program.report).toMatchObject({ passed: true, complete: true, verified: true });
  });

  it('leaves the hole undone, named, when no end mill reaches from the floor', () => {
    const short = [
      ...endMills
        .slice(0, 3)
        .map((row) =>
          row.toolName === 'End mill Ø6'
            ? { ...row, toolDescription: 'Carbide end mill Ø6 mm, 3 flutes, 8 mm flute length' }
            : row,
        ),
    ];
    const program = generateMillProgramForPart(
      millJob({ tools: short, stock: { shape: 'block', xMm: 65, yMm: 45, zMm: 27 } }),
      counterboredPlate(),
    );
    expect(program.report.verified).toBe(false);
    expect(program.summary.notProgrammed.join(' ')).toMatch(/Ø11.*add a Ø11 drill/);
  });
});
