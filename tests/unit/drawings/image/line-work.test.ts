/**
 * The raster line work of clean generated scans (decision 056): an edge whose skeleton bends at
 * a corner, or bows between two junctions within its stroke, stays a line, lettering loops beside text are no holes, an extension line whose
 * arrowheads were not found is still an extension line, and an outline split at an arrowhead's
 * tip stays outline.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LinePrimitive, Point } from '#drawings/geometry/primitives';
import { splitChain } from '#drawings/image/fitting';
import { withoutLetterLoops } from '#drawings/image/lettering';
import { dimensionLinesAside } from '#drawings/image/extension-lines';
import type { Arc } from '#drawings/image/types';
import type { PageDrawing } from '#drawings/page/drawing';
import { sortPaths } from '#drawings/page/drawing';
import type { PagePath } from '#drawings/page/paths';

const line = (a: Point, b: Point): LinePrimitive => ({ kind: 'line', a, b, layer: 'pdf' });

describe('splitChain at a corner', () => {
  it('reads an edge whose skeleton rounds into a corner as lines, never a flat arc', () => {
    fc.assert(
      fc.property(
        // Legs at least nine bends long (the bend allowance is 5 px).
        fc.integer({ min: 45, max: 200 }),
        fc.integer({ min: 45, max: 200 }),
        fc.integer({ min: 1, max: 3 }),
        (run, drop, round) => {
          // A skeleton along y = 0, rounding off over `round` px into a face going down (y up).
          const pixels: Point[] = [];
          for (let x = run; x > round; x--) pixels.push({ x: x + 0.5, y: 0.5 });
          for (let k = round; k >= 1; k--) pixels.push({ x: k + 0.5, y: 0.5 + (round - k + 1) });
          for (let y = round + 2; y <= drop; y++) pixels.push({ x: 0.5, y: y + 0.5 });
          const { lines, arcs } = splitChain(
            { pixels, freeStart: true, freeEnd: true, closed: false },
            5,
          );
          expect(arcs).toEqual([]);
          expect(lines.length).toBe(2);
        },
      ),
    );
  });
});

describe('splitChain at a short edge of its own', () => {
  it('reads a wall as short as the bend allowance, square to the edge, as its own line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 45, max: 200 }),
        // The bend allowance is 5.5 px (a 2 px half width); a groove's 1 mm wall is 6 px at
        // 150 dpi.
        fc.integer({ min: 5, max: 7 }),
        (run, leg) => {
          // An edge along y = 0 to a corner, then straight down `leg` px to a junction.
          const pixels: Point[] = [];
          for (let x = run; x >= 0; x--) pixels.push({ x: x + 0.5, y: 0.5 });
          for (let y = 1; y <= leg; y++) pixels.push({ x: 0.5, y: y + 0.5 });
          const { lines, arcs } = splitChain(
            { pixels, freeStart: true, freeEnd: false, closed: false },
            5.5,
          );
          expect(arcs).toEqual([]);
          expect(lines).toHaveLength(2);
          expect(Math.abs(lines[1]!.b.y - lines[1]!.a.y)).toBeGreaterThan(leg - 1.5);
        },
      ),
    );
  });
});

describe('splitChain between two junctions', () => {
  /** Skeleton pixels along a circular arc of `radius` px through `sweepDeg`, centred on x = 0. */
  const arcPixels = (radius: number, sweepDeg: number): Point[] => {
    const half = (sweepDeg * Math.PI) / 360;
    const count = Math.max(8, Math.round(radius * 2 * half));
    return Array.from({ length: count + 1 }, (_, k) => {
      const angle = -half + (2 * half * k) / count;
      return { x: radius * Math.sin(angle), y: radius * (1 - Math.cos(angle)) };
    });
  };

  it('reads an edge bowed within its stroke by the junctions at its ends as a line', () => {
    fc.assert(
      fc.property(
        // An edge 45–80 px long between an arrowhead's tip and a corner, bowed by 1–2.5 px
        // (turning by 6° to 25°).
        fc.integer({ min: 45, max: 80 }),
        fc.double({ min: 1, max: 2.5, noNaN: true }),
        (chord, sagitta) => {
          const radius = (chord * chord) / (8 * sagitta) + sagitta / 2;
          const sweepDeg = (2 * Math.asin(chord / 2 / radius) * 180) / Math.PI;
          const { lines, arcs } = splitChain(
            { pixels: arcPixels(radius, sweepDeg), freeStart: true, freeEnd: true, closed: false },
            11,
          );
          expect(arcs).toEqual([]);
          expect(lines.length).toBe(1);
        },
      ),
    );
  });

  it('keeps a fillet or a rounded end, however small, an arc', () => {
    fc.assert(
      fc.property(
        // From a 1.3 mm radius on a 150 dpi scan traced at twice its size.
        fc.integer({ min: 15, max: 80 }),
        fc.integer({ min: 45, max: 180 }),
        (radius, sweepDeg) => {
          // Bowed by more than a line's tolerance (1.1 px): flatter ones were lines before.
          fc.pre(radius * (1 - Math.cos((sweepDeg * Math.PI) / 360)) > 2);
          const { arcs } = splitChain(
            { pixels: arcPixels(radius, sweepDeg), freeStart: true, freeEnd: true, closed: false },
            11,
          );
          expect(arcs.length).toBe(1);
        },
      ),
    );
  });
});

describe('splitChain on a short edge hooked toward a junction', () => {
  it('reads it as a line, not an arc, however short beside the bend allowance', () => {
    fc.assert(
      fc.property(
        // An outline piece between two hatch lines, or an extension line running into a corner:
        // 16–40 px, its last 1–2 pixels stepping toward the line that meets it (decision 097).
        fc.integer({ min: 16, max: 40 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        (run, hookEnd, hookStart, freeStart) => {
          const pixels: Point[] = [];
          for (let k = hookStart; k >= 1; k--) pixels.push({ x: -k + 0.5, y: k + 0.5 });
          for (let x = 0; x <= run; x++) pixels.push({ x: x + 0.5, y: 0.5 });
          for (let k = 1; k <= hookEnd; k++) pixels.push({ x: run + k + 0.5, y: k + 0.5 });
          const { lines, arcs } = splitChain(
            { pixels, freeStart: freeStart && hookStart === 0, freeEnd: false, closed: false },
            5,
          );
          expect(arcs).toEqual([]);
          expect(lines).toHaveLength(1);
          expect(Math.abs(lines[0]!.b.y - lines[0]!.a.y)).toBeLessThan(1);
        },
      ),
    );
  });
});

describe('withoutLetterLoops', () => {
  const arc = (x: number, y: number, radius: number): Arc => ({
    center: { x, y },
    radius,
    startRad: 0,
    sweepRad: 2 * Math.PI,
    pixels: [],
    widthPx: 2,
  });

  it('drops loops no larger than the lettering beside a text box, and keeps holes', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 12, max: 40, noNaN: true }),
        fc.double({ min: 0.1, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 0.45, noNaN: true }),
        (textHeight, share, off) => {
          const box = { x: 100, y: 100, width: 4 * textHeight, height: textHeight };
          // A Ø sign just left of the box the engine read, on the text's line.
          const sign = arc(box.x - off * textHeight, box.y + textHeight / 2, share * textHeight);
          // A hole larger than the lettering, and a small circle far from any text.
          const hole = arc(box.x - textHeight, box.y, 2 * textHeight);
          const far = arc(box.x + 20 * textHeight, box.y + 20 * textHeight, share * textHeight);
          expect(withoutLetterLoops([sign, hole, far], [box], textHeight)).toEqual([hole, far]);
        },
      ),
    );
  });
});

describe('dimensionLinesAside without arrowheads', () => {
  it('moves an extension line that runs just past a dimension line ending on it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 20, max: 200, noNaN: true }),
        fc.double({ min: 10, max: 100, noNaN: true }),
        fc.double({ min: 8, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 4, noNaN: true }),
        (width, height, above, past) => {
          // A rectangle (y down) and its width dimensioned above it; the dimension line's
          // arrowheads were not found, only one of another dimension's.
          const outline = [
            line({ x: 0, y: 0 }, { x: width, y: 0 }),
            line({ x: width, y: 0 }, { x: width, y: height }),
            line({ x: width, y: height }, { x: 0, y: height }),
            line({ x: 0, y: height }, { x: 0, y: 0 }),
          ];
          const extensions = [
            line({ x: 0, y: 0 }, { x: 0, y: -above - past }),
            line({ x: width, y: 0 }, { x: width, y: -above - past }),
          ];
          const dimension = line({ x: 0, y: -above }, { x: width, y: -above });
          const other = line({ x: width + 30, y: 0 }, { x: width + 30, y: height });
          const drawing: PageDrawing = {
            part: [...outline, ...extensions],
            centre: [],
            hidden: [],
            thin: [dimension, other],
            arrows: [{ tip: { x: width + 30, y: 0 }, direction: { x: 0, y: -1 }, sizePt: 8 }],
            outlineWidthPt: 0.7,
          };
          const read = dimensionLinesAside(drawing);
          expect(new Set(read.part)).toEqual(new Set(outline));
          expect(read.thin).toEqual(expect.arrayContaining(extensions));
        },
      ),
    );
  });
});

describe('sortPaths on a traced raster', () => {
  const stroke = (a: Point, b: Point, widthPt: number): PagePath => ({
    points: [a, b],
    closed: false,
    paint: 'stroke',
    lineWidthPt: widthPt,
    dash: [],
    color: '#000000',
    curves: [],
  });
  const arrowhead = (tip: Point, length: number): PagePath => ({
    // Pointing down (y down) onto the edge, from a vertical dimension line above it.
    points: [
      tip,
      { x: tip.x - 1.5, y: tip.y - length },
      { x: tip.x + 1.5, y: tip.y - length },
      tip,
    ],
    closed: true,
    paint: 'fill',
    lineWidthPt: 0,
    dash: [],
    color: '#000000',
    curves: [],
  });

  it('keeps an outline split at the tip of an arrowhead pointing at it as outline', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 20, max: 200, noNaN: true }),
        fc.double({ min: 0.2, max: 0.8, noNaN: true }),
        (length, at) => {
          const tip = { x: at * length, y: 50 };
          const left = stroke({ x: 0, y: 50 }, tip, 1.4);
          const right = stroke(tip, { x: length, y: 50 }, 1.4);
          const dimension = stroke({ x: tip.x, y: 0 }, { x: tip.x, y: 50 }, 0.7);
          const paths = [left, right, dimension, arrowhead(tip, 8)];
          const traced = sortPaths(paths, true);
          expect(traced.part).toHaveLength(2);
          expect(traced.thin).toHaveLength(1);
          // A vector page keeps its rule: a line ending at a tip is a dimension or leader line.
          expect(sortPaths(paths).part).toHaveLength(0);
        },
      ),
    );
  });
});
