/**
 * Arc fitting (cam/geometry/arc-fit.ts) on random chains: arcs sampled as chords with the
 * programs' rounding, straight runs and corners between them. Whatever the chain, its pieces
 * cover it in order and every arc stays within the tolerance of the chords it replaces; a chain
 * that is one arc becomes one arc, and a chain with no circle in it stays lines.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { arcPoints } from '#cam/gcode/arcs';
import { fitArcs, type ChainPiece } from '#cam/geometry/arc-fit';
import type { Point2 } from '#cam/geometry/polygon';

const TOLERANCE = 0.003;
const round = (p: Point2) => ({
  x: Math.round(p.x * 1000) / 1000,
  y: Math.round(p.y * 1000) / 1000,
});

/** Points along the arc of `sweep` radians (negative: clockwise), chords `chordError` from it. */
function arcChain(
  center: Point2,
  radius: number,
  start: number,
  sweep: number,
  chordError: number,
) {
  return arcPoints(center, radius, start, sweep, chordError).map(round);
}

/** The greatest distance from the points along each piece to the chain's chords it replaces. */
function worstDeviation(points: Point2[], piece: ChainPiece): number {
  if (piece.kind === 'lines') return 0;
  const { center, radius, from, to } = piece;
  let worst = 0;
  for (let k = from; k <= to; k += 1) {
    const p = points[k]!;
    worst = Math.max(worst, Math.abs(Math.hypot(p.x - center.x, p.y - center.y) - radius));
    if (k < to) {
      const q = points[k + 1]!;
      const chord = Math.hypot(q.x - p.x, q.y - p.y);
      worst = Math.max(worst, radius - Math.sqrt(Math.max(0, radius ** 2 - chord ** 2 / 4)));
    }
  }
  return worst;
}

function expectCovering(points: Point2[], pieces: ChainPiece[]) {
  expect(pieces[0]?.from ?? 0).toBe(0);
  expect(pieces.at(-1)?.to ?? points.length - 1).toBe(points.length - 1);
  for (let i = 1; i < pieces.length; i += 1) expect(pieces[i]!.from).toBe(pieces[i - 1]!.to);
}

const arcArb = fc.record({
  cx: fc.double({ min: -200, max: 200, noNaN: true }),
  cy: fc.double({ min: -200, max: 200, noNaN: true }),
  radius: fc.double({ min: 0.5, max: 300, noNaN: true }),
  start: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
  sweep: fc.double({ min: 0.3, max: 6, noNaN: true }),
  clockwise: fc.boolean(),
  chordError: fc.constantFrom(0.001, 0.002),
});

describe('fitArcs', () => {
  it('makes one arc of a chain that follows one circle, turning its way', () => {
    fc.assert(
      fc.property(arcArb, (a) => {
        const sweep = a.clockwise ? -a.sweep : a.sweep;
        const points = arcChain({ x: a.cx, y: a.cy }, a.radius, a.start, sweep, a.chordError);
        fc.pre(points.length >= 8);
        const pieces = fitArcs(points, TOLERANCE);
        expectCovering(points, pieces);
        const arcs = pieces.filter((piece) => piece.kind === 'arc');
        // Rounding to 0.001 mm can end an arc early on a small circle; never more than two.
        expect(arcs.length).toBeGreaterThanOrEqual(1);
        expect(arcs.length).toBeLessThanOrEqual(2);
        for (const arc of arcs) {
          expect(arc.clockwise).toBe(a.clockwise);
          // The fitted arc lies on the drawn circle, within the tolerance and the rounding.
          const from = points[arc.from]!;
          const to = points[arc.to]!;
          const start = Math.atan2(from.y - arc.center.y, from.x - arc.center.x);
          let sweep = Math.atan2(to.y - arc.center.y, to.x - arc.center.x) - start;
          if (arc.clockwise && sweep > 0) sweep -= 2 * Math.PI;
          if (!arc.clockwise && sweep < 0) sweep += 2 * Math.PI;
          for (const p of arcPoints(arc.center, arc.radius, start, sweep))
            expect(Math.abs(Math.hypot(p.x - a.cx, p.y - a.cy) - a.radius)).toBeLessThanOrEqual(
              2 * TOLERANCE,
            );
        }
        const covered = arcs.reduce((sum, arc) => sum + arc.to - arc.from, 0);
        expect(covered).toBeGreaterThanOrEqual(points.length - 1 - 3);
      }),
    );
  });

  it('keeps every arc within the tolerance of chains of arcs, lines and corners', () => {
    const pieceArb = fc.oneof(
      arcArb.map((a) => ({ kind: 'arc' as const, ...a })),
      fc.record({
        kind: fc.constant('line' as const),
        length: fc.double({ min: 0.5, max: 50, noNaN: true }),
        steps: fc.integer({ min: 1, max: 12 }),
        turn: fc.double({ min: -3, max: 3, noNaN: true }),
      }),
    );
    fc.assert(
      fc.property(fc.array(pieceArb, { minLength: 1, maxLength: 6 }), (parts) => {
        // Each part continues from where the last one ends, heading its own way.
        const points: Point2[] = [{ x: 0, y: 0 }];
        let heading = 0;
        for (const part of parts) {
          const at = points[points.length - 1]!;
          if (part.kind === 'line') {
            heading += part.turn;
            for (let i = 1; i <= part.steps; i += 1)
              points.push(
                round({
                  x: at.x + (Math.cos(heading) * part.length * i) / part.steps,
                  y: at.y + (Math.sin(heading) * part.length * i) / part.steps,
                }),
              );
          } else {
            const sweep = part.clockwise ? -part.sweep : part.sweep;
            const side = heading + (part.clockwise ? -Math.PI / 2 : Math.PI / 2);
            const center = {
              x: at.x + Math.cos(side) * part.radius,
              y: at.y + Math.sin(side) * part.radius,
            };
            const start = Math.atan2(at.y - center.y, at.x - center.x);
            const chain = arcChain(center, part.radius, start, sweep, part.chordError);
            points.push(...chain.slice(1));
            heading += sweep;
          }
        }
        const distinct = points.filter(
          (p, i) => i === 0 || p.x !== points[i - 1]!.x || p.y !== points[i - 1]!.y,
        );
        fc.pre(distinct.length >= 2);
        const pieces = fitArcs(distinct, TOLERANCE);
        expectCovering(distinct, pieces);
        for (const piece of pieces) {
          expect(worstDeviation(distinct, piece)).toBeLessThanOrEqual(TOLERANCE + 1e-9);
          if (piece.kind === 'arc') expect(piece.to - piece.from).toBeGreaterThanOrEqual(3);
        }
      }),
    );
  });

  it('leaves straight runs and zigzags as lines', () => {
    // (Steps of a few hundredths of a millimetre, rounded to 0.001, may fit a circle within the
    // tolerance: that arc is as good as the chords; here the steps are longer.)
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.double({ min: 0.5, max: 5, noNaN: true }),
        fc.double({ min: 0.05, max: 2, noNaN: true }),
        (count, step, amplitude) => {
          const straight = Array.from({ length: count }, (_, i) =>
            round({ x: i * step, y: 2 * i * step }),
          );
          expect(fitArcs(straight, TOLERANCE).every((piece) => piece.kind === 'lines')).toBe(true);
          const zigzag = Array.from({ length: count }, (_, i) =>
            round({ x: i * step, y: i % 2 === 0 ? 0 : amplitude }),
          );
          expect(fitArcs(zigzag, TOLERANCE).every((piece) => piece.kind === 'lines')).toBe(true);
        },
      ),
    );
  });
});
