/**
 * Lathe toolpaths keep their arcs (cam/lathe/arc-moves.ts): a nose rolling round a corner,
 * traced as chords, becomes one arc move with the corner's centre and direction; straight
 * moves, rapids and moves at another feed are kept as they are.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withLatheArcs } from '#cam/lathe/arc-moves';
import type { Move } from '#cam/lathe/program';

/** Feed moves round a quarter circle about (Ø`cx`, `cz`) of radius `r`, from angle a0 to a1 (Z right, radius up). */
function roundCorner(
  cx: number,
  cz: number,
  r: number,
  a0: number,
  a1: number,
  steps: number,
): Move[] {
  return Array.from({ length: steps }, (_, k) => {
    const angle = a0 + ((a1 - a0) * (k + 1)) / steps;
    return {
      kind: 'feed',
      x: cx + 2 * r * Math.sin(angle),
      z: cz + r * Math.cos(angle),
      feed: 0.1,
    };
  });
}

describe('lathe arc moves', () => {
  it('fit a nose rolling round a convex corner as one counter-clockwise arc', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 4, max: 80, noNaN: true }),
        fc.double({ min: 0.2, max: 1.6, noNaN: true }),
        fc.integer({ min: 4, max: 40 }),
        (diameter, r, drawn) => {
          // As cam/lathe/cutters.ts traces a nose: chords within 0.002 mm of it.
          const steps = Math.max(drawn, Math.ceil(Math.PI / 2 / (2 * Math.acos(1 - 0.002 / r))));
          // Up the face at Z0 to the corner, round it from the face to the diameter, along it.
          const moves: Move[] = [
            { kind: 'rapid', x: diameter - 2 * r - 2, z: 1 },
            { kind: 'feed', x: diameter - 2 * r, z: 0, feed: 0.1 },
            ...roundCorner(diameter - 2 * r, -r, r, 0, Math.PI / 2, steps),
            { kind: 'feed', x: diameter, z: -20, feed: 0.1 },
            { kind: 'rapid', x: diameter + 2, z: -20 },
          ];
          const fitted = withLatheArcs(moves);
          const arcs = fitted.filter((move) => move.kind === 'feed' && move.arc);
          expect(arcs).toHaveLength(1);
          const arc = arcs[0]!;
          if (arc.kind !== 'feed' || !arc.arc) throw new Error('not an arc');
          expect(arc.arc.clockwise).toBe(false);
          expect(arc.arc.center.x).toBeCloseTo(diameter - 2 * r, 2);
          expect(arc.arc.center.z).toBeCloseTo(-r, 2);
          expect([arc.x, arc.z]).toEqual([moves[steps + 1]!.x, moves[steps + 1]!.z]);
          expect(fitted).toHaveLength(5);
          expect(fitted.at(-2)).toEqual(moves.at(-2));
        },
      ),
    );
  });

  it('keeps straight runs, rapids and a run whose feed changes', () => {
    const straight: Move[] = [
      { kind: 'rapid', x: 20, z: 2 },
      { kind: 'feed', x: 20, z: -5, feed: 0.2 },
      { kind: 'feed', x: 20, z: -10, feed: 0.2 },
      { kind: 'feed', x: 24, z: -10, feed: 0.2 },
      { kind: 'rapid', x: 30, z: 2 },
    ];
    expect(withLatheArcs(straight)).toEqual(straight);
    const mixed = [
      { kind: 'rapid', x: 10, z: 1 } as Move,
      { kind: 'feed', x: 10, z: 0, feed: 0.1 } as Move,
      ...roundCorner(10, -1, 1, 0, Math.PI / 2, 8).map((move, k) =>
        move.kind === 'feed' ? { ...move, feed: k % 2 ? 0.1 : 0.12 } : move,
      ),
    ];
    expect(withLatheArcs(mixed)).toEqual(mixed);
  });
});
