/**
 * Section hatching a scan traced at outline width (drawings/image/hatching.ts): property tests
 * over random hatched sections (a rectangle hatched at a random slant and pitch, its hatch lines
 * broken into pieces whose traced direction wavers, some traced as outline and some as thin
 * lines), and the slanted edges of a part that are no hatching (chamfers at uneven spacing).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LinePrimitive, Point } from '#drawings/geometry/primitives';
import type { PageDrawing } from '#drawings/page/drawing';
import { hatchingAside } from '#drawings/image/hatching';

const WIDTH_PT = 0.7;
const line = (a: Point, b: Point): LinePrimitive => ({ kind: 'line', a, b, layer: 'pdf' });

const drawingOf = (part: LinePrimitive[], thin: LinePrimitive[] = []): PageDrawing => ({
  part: [...part],
  centre: [],
  hidden: [],
  thin: [...thin],
  arrows: [],
  outlineWidthPt: WIDTH_PT,
});

/** The rectangle's four edges, page points. */
function rectangle(x: number, y: number, width: number, height: number): LinePrimitive[] {
  return [
    line({ x, y }, { x: x + width, y }),
    line({ x: x + width, y }, { x: x + width, y: y + height }),
    line({ x: x + width, y: y + height }, { x, y: y + height }),
    line({ x, y: y + height }, { x, y }),
  ];
}

/**
 * The hatch lines of a rectangle at `deg` (direction on the page) and `pitch` apart, each clipped
 * to it: c · n + t · d inside the rectangle, for c on the pitch's grid.
 */
function hatchLines(
  box: { x: number; y: number; width: number; height: number },
  deg: number,
  pitch: number,
  phase: number,
): [Point, Point][] {
  const rad = (deg * Math.PI) / 180;
  const d = { x: Math.cos(rad), y: Math.sin(rad) };
  const n = { x: -d.y, y: d.x };
  const corners = [
    { x: box.x, y: box.y },
    { x: box.x + box.width, y: box.y },
    { x: box.x, y: box.y + box.height },
    { x: box.x + box.width, y: box.y + box.height },
  ];
  const across = corners.map((c) => c.x * n.x + c.y * n.y);
  const lines: [Point, Point][] = [];
  const first = Math.ceil(Math.min(...across) / pitch) * pitch + phase * pitch;
  for (let c = first; c < Math.max(...across); c += pitch) {
    // t such that the point stays within x and y bounds.
    let low = -Infinity;
    let high = Infinity;
    for (const [origin, step, min, max] of [
      [c * n.x, d.x, box.x, box.x + box.width],
      [c * n.y, d.y, box.y, box.y + box.height],
    ] as const) {
      const a = (min - origin) / step;
      const b = (max - origin) / step;
      low = Math.max(low, Math.min(a, b));
      high = Math.min(high, Math.max(a, b));
    }
    // Lines that only clip a corner are shorter than a pitch: a scan keeps them as specks.
    if (high - low < pitch) continue;
    const at = (t: number) => ({ x: c * n.x + t * d.x, y: c * n.y + t * d.y });
    lines.push([at(low), at(high)]);
  }
  return lines;
}

const sectionArb = fc.record({
  x: fc.double({ min: -200, max: 200, noNaN: true }),
  y: fc.double({ min: -200, max: 200, noNaN: true }),
  width: fc.double({ min: 40, max: 250, noNaN: true }),
  height: fc.double({ min: 30, max: 150, noNaN: true }),
  /** ISO 128-50: 45° preferred, any slant from the edges allowed; either way. */
  deg: fc.oneof(
    fc.double({ min: 25, max: 65, noNaN: true }),
    fc.double({ min: 115, max: 155, noNaN: true }),
  ),
  pitchWidths: fc.double({ min: 5, max: 20, noNaN: true }),
  phase: fc.double({ min: 0, max: 0.99, noNaN: true }),
  /** Per hatch line: where the trace broke it, the wander of each piece, outline or thin. */
  pieces: fc.array(
    fc.record({
      breakAt: fc.option(fc.double({ min: 0.2, max: 0.8, noNaN: true }), { nil: undefined }),
      wanderDeg: fc.double({ min: -2.5, max: 2.5, noNaN: true }),
      outline: fc.boolean(),
    }),
    { minLength: 200, maxLength: 200 },
  ),
});

/** A piece from a to b turned by `deg` about its middle (a short piece's traced direction). */
function wander(a: Point, b: Point, deg: number): LinePrimitive {
  const rad = (deg * Math.PI) / 180;
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const turn = (p: Point) => ({
    x: mid.x + (p.x - mid.x) * Math.cos(rad) - (p.y - mid.y) * Math.sin(rad),
    y: mid.y + (p.x - mid.x) * Math.sin(rad) + (p.y - mid.y) * Math.cos(rad),
  });
  return line(turn(a), turn(b));
}

describe('hatching traced as outline', () => {
  it('moves every hatch line of a section to the thin lines and keeps its outline', () => {
    fc.assert(
      fc.property(sectionArb, (s) => {
        const outline = rectangle(s.x, s.y, s.width, s.height);
        const pitch = s.pitchWidths * WIDTH_PT;
        const part: LinePrimitive[] = [...outline];
        const thin: LinePrimitive[] = [];
        const hatch: LinePrimitive[] = [];
        const lines = hatchLines(s, s.deg, pitch, s.phase);
        // A pattern is four lines or more: a section too small for them keeps its few.
        fc.pre(lines.length >= 4);
        lines.forEach(([a, b], index) => {
          const piece = s.pieces[index % s.pieces.length]!;
          const split = piece.breakAt;
          const ends: [Point, Point][] =
            split === undefined
              ? [[a, b]]
              : [
                  [a, { x: a.x + (b.x - a.x) * split, y: a.y + (b.y - a.y) * split }],
                  [
                    {
                      x: a.x + (b.x - a.x) * (split + 0.05),
                      y: a.y + (b.y - a.y) * (split + 0.05),
                    },
                    b,
                  ],
                ];
          for (const [from, to] of ends) {
            const traced = wander(from, to, piece.wanderDeg);
            hatch.push(traced);
            (piece.outline ? part : thin).push(traced);
          }
        });
        const drawing = hatchingAside(drawingOf(part, thin));
        expect(drawing.part).toEqual(outline);
        expect(drawing.thin).toHaveLength(hatch.length);
        for (const traced of hatch) expect(drawing.thin).toContain(traced);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps the chamfers of a shaft, four to one side at uneven spacing', () => {
    // A Ø40 shaft stepping down four times to the right, each shoulder chamfered 1 x 45°.
    const shoulders = [20, 31, 47, 55];
    const radii = [20, 17, 14, 12, 9];
    const part: LinePrimitive[] = [];
    let from = 0;
    shoulders.forEach((at, index) => {
      const [r, next] = [radii[index]!, radii[index + 1]!];
      part.push(line({ x: from, y: -r }, { x: at - 1, y: -r }));
      part.push(line({ x: at - 1, y: -r }, { x: at, y: -r + 1 }));
      part.push(line({ x: at, y: -r + 1 }, { x: at, y: -next }));
      from = at;
    });
    part.push(line({ x: from, y: -radii.at(-1)! }, { x: 70, y: -radii.at(-1)! }));
    const drawing = hatchingAside(drawingOf(part));
    expect(drawing.part).toEqual(part);
    expect(drawing.thin).toEqual([]);
  });

  it('keeps tapers and chamfers at one slant, off any even pitch', () => {
    // Two tapers and two chamfers at about one slant, nowhere on an even pitch.
    const part = [
      line({ x: 0, y: 0 }, { x: 10, y: 10 }),
      line({ x: 13, y: 0 }, { x: 23.2, y: 10.4 }),
      line({ x: 40, y: 0 }, { x: 41, y: 1 }),
      line({ x: 41.5, y: 0 }, { x: 43, y: 1.6 }),
      line({ x: 90, y: 0 }, { x: 95, y: 5 }),
    ];
    const drawing = hatchingAside(drawingOf(part));
    expect(drawing.part).toEqual(part);
  });
});
