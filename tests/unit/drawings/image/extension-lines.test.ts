/**
 * Dimension and extension lines a scan traced at outline width (drawings/image/extension-lines.ts)
 * and stray lines among the views (describe/view-kinds.ts isStrayLine): property tests over random
 * rectangles turned and placed anywhere, dimensioned below as ISO 129-1 draws it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LinePrimitive, Point } from '#drawings/geometry/primitives';
import type { Arrow } from '#drawings/page/arrowheads';
import type { PageDrawing } from '#drawings/page/drawing';
import { dimensionLinesAside } from '#drawings/image/extension-lines';
import { findTurnedPart } from '#drawings/describe/turned-part';
import { isStrayLine } from '#drawings/describe/view-kinds';
import { groupViews } from '#drawings/geometry/shapes';

const line = (a: Point, b: Point): LinePrimitive => ({ kind: 'line', a, b, layer: 'pdf' });

/** A scene: a rectangle's outline and its width dimensioned below it, all traced as outline. */
interface Scene {
  drawing: PageDrawing;
  outline: LinePrimitive[];
  dimension: LinePrimitive[];
}

const sceneArb = fc.record({
  width: fc.double({ min: 20, max: 300, noNaN: true }),
  height: fc.double({ min: 10, max: 200, noNaN: true }),
  /** Distance of the dimension line below the outline, pt. */
  below: fc.double({ min: 8, max: 40, noNaN: true }),
  /** How far the extension lines run past the arrow tips, in arrowhead lengths. */
  overshoot: fc.double({ min: 0.2, max: 2, noNaN: true }),
  /** Gap between the outline and the extension lines' start, pt (0: they touch). */
  gap: fc.constantFrom(0, 1.5),
  arrowPt: fc.double({ min: 6, max: 14, noNaN: true }),
  turnRad: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
  at: fc.record({
    x: fc.double({ min: -500, max: 500, noNaN: true }),
    y: fc.double({ min: -500, max: 500, noNaN: true }),
  }),
});

function scene(s: Params): Scene {
  const cos = Math.cos(s.turnRad);
  const sin = Math.sin(s.turnRad);
  const p = (x: number, y: number): Point => ({
    x: s.at.x + x * cos - y * sin,
    y: s.at.y + x * sin + y * cos,
  });
  const dir = (x: number, y: number): Point => ({ x: x * cos - y * sin, y: x * sin + y * cos });
  const { width: w, height: h, below, arrowPt } = s;
  const outline = [
    line(p(0, 0), p(w, 0)),
    line(p(w, 0), p(w, h)),
    line(p(w, h), p(0, h)),
    line(p(0, h), p(0, 0)),
  ];
  // y grows downwards on the page: the dimension sits below the bottom edge (y = h).
  const tipY = h + below;
  const endY = tipY + s.overshoot * arrowPt;
  const dimension = [
    line(p(0, h + s.gap), p(0, endY)),
    line(p(w, h + s.gap), p(w, endY)),
    line(p(0, tipY), p(w, tipY)),
  ];
  const arrows: Arrow[] = [
    { tip: p(0, tipY), direction: dir(-1, 0), sizePt: arrowPt },
    { tip: p(w, tipY), direction: dir(1, 0), sizePt: arrowPt },
  ];
  return {
    drawing: {
      part: [...outline, ...dimension],
      centre: [],
      hidden: [],
      thin: [],
      arrows,
      outlineWidthPt: 0.7,
    },
    outline,
    dimension,
  };
}

interface Params {
  width: number;
  height: number;
  below: number;
  overshoot: number;
  gap: number;
  arrowPt: number;
  turnRad: number;
  at: Point;
}

describe('dimensionLinesAside', () => {
  it('moves dimension and extension lines traced as outline to the thin lines, and only them', () => {
    fc.assert(
      fc.property(sceneArb, (params) => {
        const { drawing, outline, dimension } = scene(params);
        const read = dimensionLinesAside(drawing);
        expect(new Set(read.part)).toEqual(new Set(outline));
        expect(new Set(read.thin)).toEqual(new Set(dimension));
      }),
    );
  });

  it('keeps the faces an arrowhead touches from inside the part', () => {
    fc.assert(
      fc.property(sceneArb, (params) => {
        const { drawing, outline } = scene(params);
        // The width dimensioned inside the outline: the tips lie on the closed outline's sides.
        const { width: w, height: h, turnRad, at, arrowPt } = params;
        const cos = Math.cos(turnRad);
        const sin = Math.sin(turnRad);
        const p = (x: number, y: number) => ({
          x: at.x + x * cos - y * sin,
          y: at.y + x * sin + y * cos,
        });
        drawing.part = [...outline];
        drawing.arrows = [
          { tip: p(0, h / 2), direction: { x: -cos, y: -sin }, sizePt: arrowPt },
          { tip: p(w, h / 2), direction: { x: cos, y: sin }, sizePt: arrowPt },
        ];
        const read = dimensionLinesAside(drawing);
        expect(new Set(read.part)).toEqual(new Set(outline));
        expect(read.thin).toEqual([]);
      }),
    );
  });

  it('takes a line along an arrowhead through its tip as the dimension line, however long', () => {
    fc.assert(
      fc.property(sceneArb, fc.double({ min: 0, max: 300, noNaN: true }), (params, run) => {
        const { drawing, outline } = scene(params);
        const tip = drawing.arrows[1]!;
        // A running dimension's line: from past the tip back along the arrowhead.
        const base = {
          x: tip.tip.x - tip.direction.x * (tip.sizePt + run),
          y: tip.tip.y - tip.direction.y * (tip.sizePt + run),
        };
        const shaft = line(base, tip.tip);
        drawing.part = [...outline, shaft];
        const read = dimensionLinesAside(drawing);
        expect(read.thin).toContain(shaft);
        expect(new Set(read.part)).toEqual(new Set(outline));
      }),
    );
  });

  /** The scene's frame: its points and directions turned and placed. */
  const frameOf = ({ turnRad, at }: Params) => {
    const cos = Math.cos(turnRad);
    const sin = Math.sin(turnRad);
    return {
      p: (x: number, y: number): Point => ({
        x: at.x + x * cos - y * sin,
        y: at.y + x * sin + y * cos,
      }),
      dir: (x: number, y: number): Point => ({ x: x * cos - y * sin, y: x * sin + y * cos }),
    };
  };
  const near = (q: Point, r: Point) => Math.hypot(q.x - r.x, q.y - r.y) < 1e-6;
  const joins = (l: LinePrimitive, q: Point, r: Point) =>
    (near(l.a, q) && near(l.b, r)) || (near(l.a, r) && near(l.b, q));

  it('keeps as outline the side an extension line was traced on from, and moves the rest', () => {
    fc.assert(
      fc.property(sceneArb, (params) => {
        const { p } = frameOf(params);
        const { drawing, outline, dimension } = scene({ ...params, gap: 0 });
        const { width: w, height: h, below, overshoot, arrowPt } = params;
        const endY = h + below + overshoot * arrowPt;
        // The right side and the extension line below it traced as one line.
        const traced = line(p(w, 0), p(w, endY));
        drawing.part = [
          outline[0]!,
          traced,
          outline[2]!,
          outline[3]!,
          dimension[0]!,
          dimension[2]!,
        ];
        const read = dimensionLinesAside(drawing);
        expect(
          read.part.filter((l) => l.kind === 'line' && joins(l, p(w, h), p(w, 0))),
        ).toHaveLength(1);
        expect(read.thin.filter((l) => joins(l, p(w, endY), p(w, h)))).toHaveLength(1);
        expect(read.part).toHaveLength(4);
      }),
    );
  });

  it('takes no piece of a centre line traced solid for a dimension line an edge ends on', () => {
    fc.assert(
      fc.property(sceneArb, (params) => {
        const { p, dir } = frameOf(params);
        const { width: w, height: h, arrowPt } = params;
        // The half below the axis (y = 0) of a side view: its edges end on the axis, where a piece
        // of the centre line was traced as a solid line; the rest was found as a centre line.
        const half = [line(p(0, 0), p(0, h)), line(p(0, h), p(w, h)), line(p(w, h), p(w, 0))];
        const drawing: PageDrawing = {
          part: [...half],
          centre: [line(p(0.6 * w, 0), p(1.5 * w, 0))],
          hidden: [],
          thin: [line(p(0, 0), p(0.5 * w, 0))],
          arrows: [{ tip: p(-3 * w, -3 * h), direction: dir(1, 0), sizePt: arrowPt }],
          outlineWidthPt: 0.7,
        };
        expect(new Set(dimensionLinesAside(drawing).part)).toEqual(new Set(half));
      }),
    );
  });

  it('takes no stub shorter than an arrowhead for a dimension line', () => {
    fc.assert(
      fc.property(sceneArb, (params) => {
        const { p, dir } = frameOf(params);
        const { width: w, height: h, arrowPt } = params;
        // An outline whose right side a value's box erased, and the stub a dimension line's
        // arrowhead left where it meets the top edge, an arrowhead's length from its free end.
        const open = [line(p(w, 0), p(0, 0)), line(p(0, 0), p(0, h)), line(p(0, h), p(w, h))];
        const x = Math.max(0.5 * w, w - arrowPt);
        const drawing: PageDrawing = {
          part: [...open],
          centre: [],
          hidden: [],
          thin: [line(p(x, -0.1), p(x, 0.6 * arrowPt))],
          arrows: [{ tip: p(-3 * w, -3 * h), direction: dir(1, 0), sizePt: arrowPt }],
          outlineWidthPt: 0.7,
        };
        expect(new Set(dimensionLinesAside(drawing).part)).toEqual(new Set(open));
      }),
    );
  });
});

describe('isStrayLine', () => {
  it('tells a lone straight line from a view, and lets the side view be found beside it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 20, max: 100, noNaN: true }),
        fc.double({ min: 6, max: 40, noNaN: true }),
        fc.double({ min: 120, max: 400, noNaN: true }),
        (length, diameter, ruleLength) => {
          // A plain shaft's side view (axis horizontal, y up) and a frame's rule far above it.
          const r = diameter / 2;
          const shaft = [
            line({ x: 0, y: -r }, { x: length, y: -r }),
            line({ x: length, y: -r }, { x: length, y: r }),
            line({ x: length, y: r }, { x: 0, y: r }),
            line({ x: 0, y: r }, { x: 0, y: -r }),
          ];
          const rule = line({ x: -10, y: 300 }, { x: ruleLength - 10, y: 300 });
          const views = groupViews([...shaft, rule], 0.5);
          const stray = views.filter(isStrayLine);
          expect(stray.map((v) => v.primitives)).toEqual([[rule]]);
          const verdict = findTurnedPart(views, [], []);
          expect(verdict.turned).toBe(true);
        },
      ),
    );
  });
});
