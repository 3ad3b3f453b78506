/**
 * Arcs of a traced raster joined into circles (drawings/image/circles.ts joinArcs), on arcs
 * and ink made here: two concentric circles a few pixels apart (a bore inside its step), broken
 * where lines cross them, with an arc fitted between them at a crossing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinArcs } from '#drawings/image/circles';
import type { Arc } from '#drawings/image/types';

const W = 400;
const H = 400;
const C = { x: 200.5, y: 200.5 };

/** The pixels of a circle's arc, one every half pixel of its length. */
function pixelsOf(center: typeof C, radius: number, from: number, sweep: number) {
  const steps = Math.ceil((Math.abs(sweep) * radius) / 0.5);
  return Array.from({ length: steps + 1 }, (_, k) => {
    const angle = from + (sweep * k) / steps;
    return {
      x: Math.round(center.x + radius * Math.cos(angle) - 0.5) + 0.5,
      y: Math.round(center.y + radius * Math.sin(angle) - 0.5) + 0.5,
    };
  });
}

/** An arc as the skeleton's fit gives it: its circle, its span and its pixels. */
function arcOf(center: typeof C, radius: number, from: number, sweep: number): Arc {
  return {
    center,
    radius,
    startRad: from,
    sweepRad: sweep,
    pixels: pixelsOf(center, radius, from, sweep),
    widthPx: 0,
  };
}

/** Ink of both circles, a pixel wide, all round. */
function inkOf(radii: number[]): Uint8Array {
  const ink = new Uint8Array(W * H);
  for (const radius of radii)
    for (const p of pixelsOf(C, radius, 0, 2 * Math.PI))
      ink[Math.floor(p.y) * W + Math.floor(p.x)] = 1;
  return ink;
}

const full = (arc: Arc) => Math.abs(arc.sweepRad) >= 2 * Math.PI - 1e-9;

describe('joinArcs on a bore inside its step', () => {
  it('makes both circles whole when an arc fitted between them chains their arcs', () => {
    // flange.png: the Ø28 bore 3 px inside its Ø30 step (7 px at the 2× trace); the arcs fitted
    // where the Ø28 line and the centre lines cross both circles fall between them and were
    // joined to both, and no one circle fits the set: neither circle came back whole.
    const cases = fc.record({
      radius: fc.integer({ min: 40, max: 120 }),
      gap: fc.integer({ min: 5, max: 8 }),
      /** Where the first of the four crossings is, radians. */
      turn: fc.double({ min: 0, max: Math.PI / 2, noNaN: true }),
    });
    fc.assert(
      fc.property(cases, ({ radius, gap, turn }) => {
        const outer = radius + gap;
        // Each circle in four arcs of 80°, 10° gaps where lines cross; one arc of the
        // crossing's pixels fitted half way between them.
        const quarter = Math.PI / 2;
        const span = (80 * Math.PI) / 180;
        const arcs: Arc[] = [];
        for (let k = 0; k < 4; k++) {
          const from = turn + k * quarter + (5 * Math.PI) / 180;
          arcs.push(arcOf(C, radius, from, span), arcOf(C, outer, from, span));
        }
        arcs.push(arcOf(C, radius + gap / 2, turn - (6 * Math.PI) / 180, (12 * Math.PI) / 180));
        const joined = joinArcs(arcs, inkOf([radius, outer]), W, H);
        for (const r of [radius, outer]) {
          const whole = joined.filter(
            (arc) =>
              full(arc) &&
              Math.hypot(arc.center.x - C.x, arc.center.y - C.y) <= 1 &&
              Math.abs(arc.radius - r) <= 1,
          );
          expect(whole, `r ${r}`).toHaveLength(1);
        }
      }),
      { numRuns: 30, seed: 20261201 },
    );
  });
});
