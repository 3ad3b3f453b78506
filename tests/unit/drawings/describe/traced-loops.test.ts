/**
 * A scan's outline as the tracer leaves it: each edge broken into pieces with gaps, some pieces
 * shorter than the join tolerance, each corner cut by a short chord that stops short of both
 * edges, all in any order and direction. closedLoops (drawings/geometry/shapes.ts) must find
 * the one closed chain, and loopPolygon (drawings/geometry/outline.ts) must keep every edge
 * square: before, a piece shorter than the tolerance left its chain open (its ends at one
 * node), a chord with both ends near the last end was walked backwards, and the first point of
 * a piece that starts a gap away was dropped, tilting the edge after a corner (0.9 to 1.9 mm off
 * square on the generated plates of whole-path-plates.test.ts, read as a tracing fault).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loopPolygon } from '#drawings/geometry/outline';
import type { LinePrimitive, Point } from '#drawings/geometry/primitives';
import { closedLoops } from '#drawings/geometry/shapes';

const line = (a: Point, b: Point): LinePrimitive => ({ kind: 'line', a, b, layer: 'part' });

/** Pieces of the segment a→b (axis-aligned) with gaps, cut at the given fractions. */
function broken(a: Point, b: Point, cuts: number[], gap: number): LinePrimitive[] {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const ux = (b.x - a.x) / length;
  const uy = (b.y - a.y) / length;
  const at = (s: number) => ({ x: a.x + ux * s, y: a.y + uy * s });
  const stops = [0, ...[...cuts].sort((p, q) => p - q).map((f) => f * length), length];
  const pieces: LinePrimitive[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const from = stops[i]! + (i === 0 ? 0 : gap / 2);
    const to = stops[i + 1]! - (i + 1 === stops.length - 1 ? 0 : gap / 2);
    if (to - from > 1e-3) pieces.push(line(at(from), at(to)));
  }
  return pieces;
}

const traced = fc.record({
  width: fc.double({ min: 40, max: 150, noNaN: true }),
  height: fc.double({ min: 40, max: 150, noNaN: true }),
  /** Join tolerance, mm (two line widths of a 150 dpi scan and more). */
  tol: fc.double({ min: 0.5, max: 2.5, noNaN: true }),
  /**
   * Corner chords: their legs (how far from the sharp corner they start), share of tol; with
   * the gaps, a corner's ends lie within 0.8 of the tolerance of one another (ends spread wider
   * fall into one junction or two as the clustering's order falls).
   */
  legs: fc.array(fc.double({ min: 0.2, max: 0.4, noNaN: true }), { minLength: 4, maxLength: 4 }),
  /** Gaps between the pieces, share of tol. */
  gap: fc.double({ min: 0, max: 0.15, noNaN: true }),
  /**
   * Where each edge breaks, share of its length: pieces well over the tolerance long (a piece
   * about as long as the tolerance may join its ends or not, as the clustering falls).
   */
  cuts: fc.array(fc.array(fc.double({ min: 0.15, max: 0.35, noNaN: true }), { maxLength: 1 }), {
    minLength: 4,
    maxLength: 4,
  }),
  /** Whether an edge holds a piece shorter than the tolerance. */
  crumbs: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  order: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
  reversed: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
});

describe('a scan-traced outline as one closed loop', () => {
  it('is found whole and its polygon keeps its edges square', () => {
    fc.assert(
      fc.property(traced, (t) => {
        const { width: w, height: h, tol } = t;
        const gap = t.gap * tol;
        const leg = t.legs.map((l) => l * tol);
        // Corners counter-clockwise from the origin; each edge runs between two corner chords.
        const corners = [
          { x: 0, y: 0 },
          { x: w, y: 0 },
          { x: w, y: h },
          { x: 0, y: h },
        ];
        const pieces: LinePrimitive[] = [];
        for (let i = 0; i < 4; i++) {
          const c = corners[i]!;
          const n = corners[(i + 1) % 4]!;
          const ux = Math.sign(n.x - c.x);
          const uy = Math.sign(n.y - c.y);
          const start = { x: c.x + ux * (leg[i]! + gap), y: c.y + uy * (leg[i]! + gap) };
          const endLeg = leg[(i + 1) % 4]! + gap;
          const end = { x: n.x - ux * endLeg, y: n.y - uy * endLeg };
          const span = Math.hypot(end.x - start.x, end.y - start.y);
          const cuts = t.crumbs[i] ? [...t.cuts[i]!, 0.5, 0.5 + (0.35 * tol) / span] : t.cuts[i]!;
          pieces.push(...broken(start, end, cuts, gap));
          // The chord across the next corner, from this edge's line to the next one's.
          const m = corners[(i + 2) % 4]!;
          const vx = Math.sign(m.x - n.x);
          const vy = Math.sign(m.y - n.y);
          const l = leg[(i + 1) % 4]!;
          pieces.push(
            line({ x: n.x - ux * l, y: n.y - uy * l }, { x: n.x + vx * l, y: n.y + vy * l }),
          );
        }
        const shuffled = pieces
          .map((p, i) => ({ p, key: t.order[i % t.order.length]! + i / 1000 }))
          .sort((a, b) => a.key - b.key)
          .map(({ p }, i) => (t.reversed[i % t.reversed.length] ? line(p.b, p.a) : p));
        const loops = closedLoops(shuffled, tol);
        expect(loops).toHaveLength(1);
        const polygon = loopPolygon(loops[0]!.primitives, 2 * tol);
        expect(polygon).toBeDefined();
        const ring = polygon!;
        // Every edge longer than the corners' chords runs along an axis, and the ring spans
        // the rectangle.
        ring.forEach((a, i) => {
          const b = ring[(i + 1) % ring.length]!;
          if (Math.hypot(b.x - a.x, b.y - a.y) <= 2 * tol) return;
          expect(Math.min(Math.abs(b.x - a.x), Math.abs(b.y - a.y))).toBeLessThan(1e-9);
        });
        const xs = ring.map((p) => p.x);
        const ys = ring.map((p) => p.y);
        expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(w, 6);
        expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(h, 6);
      }),
      { numRuns: 300 },
    );
  });
});
