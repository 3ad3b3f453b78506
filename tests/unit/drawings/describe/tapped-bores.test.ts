/**
 * A tapped hole drawn in section at its tap drill (ISO 6410-1: the thick line of an internal
 * thread in section is its minor diameter), read from a DXF (drawings/describe/tapped-bores.ts):
 * the bore is the thread its callout names, its depth the written thread depth, never the drill's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { threadSpecOf } from '#cam/prismatic/tap-drills';
import { readDxf } from '#drawings/dxf/reader';
import { dimension, dxf, line, text } from '#tests/helpers/dxf-drawings';

/** ISO 261 coarse sizes, mm. */
const sizes = [4, 5, 6, 8, 10, 12, 16];

/**
 * A pin Ø`outer` × `length` in full section with a blind bore from its right end at the tap drill
 * of M`major`, drilled `drill` deep, the callout 'M<major>' beside it, and, when given, the thread
 * depth dimensioned from the right end face.
 */
function tappedPin(major: number, outer: number, length: number, drill: number, thread?: number) {
  const r = threadSpecOf(`M${major}`)!.tapDrillMm / 2;
  const R = outer / 2;
  const bottom = length - drill;
  return dxf(
    [
      line(0, R, length, R),
      line(0, -R, length, -R),
      line(0, R, 0, -R),
      line(length, R, length, r),
      line(length, -r, length, -R),
      line(bottom, r, length, r),
      line(bottom, -r, length, -r),
      line(bottom, r, bottom, -r),
      text(`M${major}`, length + 5, -R - 4),
      dimension(String(length), [0, R], [length, R], 0),
      ...(thread === undefined
        ? []
        : [dimension(String(thread), [length - thread, -r], [length, -r], 0)]),
    ],
    { insunits: 4 },
  );
}

const pinArb = fc
  .record({
    major: fc.constantFrom(...sizes),
    wall: fc.integer({ min: 3, max: 12 }),
    length: fc.integer({ min: 30, max: 80 }),
    // Drill depth and thread depth as shares of what fits.
    drillShare: fc.integer({ min: 40, max: 80 }),
    threadShare: fc.integer({ min: 40, max: 80 }),
  })
  .map(({ major, wall, length, drillShare, threadShare }) => {
    const drill = Math.round((length * drillShare) / 100);
    const thread = Math.max(major, Math.round((drill * threadShare) / 100));
    return { major, outer: major + 2 * wall, length, drill, thread: Math.min(thread, drill - 2) };
  });

describe('a tapped hole drawn in section at its tap drill', () => {
  it('is the thread its callout names, as deep as its written thread depth (random pins)', () => {
    fc.assert(
      fc.property(pinArb, ({ major, outer, length, drill, thread }) => {
        const { description } = readDxf(tappedPin(major, outer, length, drill, thread), 'pin.dxf');
        expect(description.innerDiameters).toHaveLength(1);
        const bore = description.innerDiameters[0]!;
        expect(bore).toMatchObject({ thread: `M${major}`, diameterMm: major, lengthMm: thread });
        // From its mouth: at the free end, or reaching the far end.
        const start = bore.startMm ?? 0;
        if (start > 0) expect(start + thread).toBeCloseTo(length, 6);
        const unresolved = description.unresolved!.join(' ');
        expect(unresolved).not.toContain(`Thread "M${major}" matches no diameter`);
        expect(unresolved).not.toContain(`"${thread}" (drawn`);
        expect(description.readings?.find((r) => r.field === 'Bore 1 thread depth')).toMatchObject({
          value: `${thread} mm deep`,
        });
      }),
      { numRuns: 40 },
    );
  });

  it('asks for the thread depth when no length gives it, and never takes the drill depth', () => {
    fc.assert(
      fc.property(pinArb, ({ major, outer, length, drill }) => {
        const { description } = readDxf(tappedPin(major, outer, length, drill), 'pin.dxf');
        const bore = description.innerDiameters[0]!;
        expect(bore.thread).toBe(`M${major}`);
        expect(bore.lengthMm).toBeUndefined();
        expect(description.unresolved).toContainEqual(
          expect.stringMatching(new RegExp(`^The depth of the thread M${major} \\(its tap drill`)),
        );
      }),
      { numRuns: 20 },
    );
  });

  it('leaves a bore far from the tap drill a plain bore', () => {
    // M8's tap drill is 6.8; a Ø5 bore is no M8.
    const content = dxf(
      [
        line(0, 10, 40, 10),
        line(0, -10, 40, -10),
        line(0, 10, 0, -10),
        line(40, 10, 40, 2.5),
        line(40, -2.5, 40, -10),
        line(25, 2.5, 40, 2.5),
        line(25, -2.5, 40, -2.5),
        line(25, 2.5, 25, -2.5),
        text('M8', 45, -14),
      ],
      { insunits: 4 },
    );
    const { description } = readDxf(content, 'pin.dxf');
    expect(description.innerDiameters.map((d) => [d.diameterMm, d.thread])).toEqual([
      [5, undefined],
    ]);
  });
});
