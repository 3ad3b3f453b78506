import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ArcPrimitive, LinePrimitive, Point, Primitive } from '#drawings/geometry/primitives';
import type { GreyImage } from '#drawings/engines/prepare-image';
import { vectorize } from '#drawings/image/vectorize';
import { arrowOf } from '#drawings/page/arrowheads';
import { primitivesOf } from '#drawings/page/curves';
import { sortPaths } from '#drawings/page/drawing';
import { pairArrows } from '#drawings/page/dimensions';
import { blueprintsDir } from '#tests/helpers/paths';
import { greyForLines } from '#drawings/image/page';
import type { TurnedPart } from '#tests/helpers/drawings/parts';
import { svgToPng } from '#tests/helpers/drawings/raster';
import { buildSheet, plainStyle } from '#tests/helpers/drawings/sheet';
import { sheetToSvg } from '#tests/helpers/drawings/svg';

/** The synthetic sheets are drawn in mm and rendered at 150 dpi. */
const DPI = 150;
const PX_PER_MM = DPI / 25.4;
const PT_PER_MM = 72 / 25.4;
const PT_PER_PX = 72 / DPI;
/** One pixel of the render, in points: the tolerance on every position. */
const PX = PT_PER_PX;
const THICK_MM = 0.5;
const THIN_MM = 0.25;

/** Renders an SVG drawn in mm (viewBox = mm) at 150 dpi to a grey raster. */
function render(body: string, widthMm = 200, heightMm = 140): GreyImage {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${widthMm}mm" height="${heightMm}mm" viewBox="0 0 ${widthMm} ${heightMm}">
<rect width="${widthMm}" height="${heightMm}" fill="white"/>${body}</svg>`;
  const image = new Resvg(svg, {
    fitTo: { mode: 'width', value: Math.round(widthMm * PX_PER_MM) },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  }).render();
  const data = new Uint8Array(image.width * image.height);
  const pixels = image.pixels;
  for (let i = 0; i < data.length; i++) data[i] = pixels[4 * i]!;
  return { data, width: image.width, height: image.height };
}

const mm = (x: number, y: number): Point => ({ x: x * PT_PER_MM, y: y * PT_PER_MM });
const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Whether a line primitive runs from a to b (either way) within `tol` points at both ends. */
const matches = (line: LinePrimitive, a: Point, b: Point, tol = PX) =>
  (dist(line.a, a) <= tol && dist(line.b, b) <= tol) ||
  (dist(line.a, b) <= tol && dist(line.b, a) <= tol);
const lines = (primitives: Primitive[]) =>
  primitives.filter((p): p is LinePrimitive => p.kind === 'line');

/**
 * A part outline (a 80 × 50 mm rectangle, a Ø24 hole and an oblique edge, 0.5 mm lines), a
 * centre line through the hole (long dash – short dash), a hidden line (short dashes), two
 * dimensions with extension lines, filled arrowheads and a number, and a leader at 45° with its
 * arrowhead (0.25 mm lines).
 */
const SHEET = `
<g fill="none" stroke="black">
  <rect x="40" y="30" width="80" height="50" stroke-width="${THICK_MM}"/>
  <circle cx="80" cy="55" r="12" stroke-width="${THICK_MM}"/>
  <line x1="60" y1="55" x2="100" y2="55" stroke-width="${THIN_MM}" stroke-dasharray="10 1.5 1.5 1.5"/>
  <line x1="44" y1="72" x2="116" y2="72" stroke-width="${THIN_MM}" stroke-dasharray="3 1"/>
  <g stroke-width="${THIN_MM}">
    <line x1="40" y1="82" x2="40" y2="100"/>
    <line x1="120" y1="82" x2="120" y2="100"/>
    <line x1="40" y1="96" x2="120" y2="96"/>
    <line x1="122" y1="30" x2="140" y2="30"/>
    <line x1="122" y1="80" x2="140" y2="80"/>
    <line x1="136" y1="30" x2="136" y2="80"/>
    <line x1="150" y1="100" x2="170" y2="120"/>
  </g>
  <line x1="20" y1="110" x2="60" y2="125" stroke-width="${THICK_MM}"/>
</g>
<g fill="black">
  <path d="M40 96 L43.5 95.4 L43.5 96.6 Z"/>
  <path d="M120 96 L116.5 95.4 L116.5 96.6 Z"/>
  <path d="M136 30 L135.4 33.5 L136.6 33.5 Z"/>
  <path d="M136 80 L135.4 76.5 L136.6 76.5 Z"/>
  <path d="M150 100 L152.05 102.9 L152.9 102.05 Z"/>
</g>
<text x="76" y="94" font-family="DejaVu Sans" font-size="3.5">80</text>`;
/** The number's box, px (OCR gives such boxes). */
const TEXT_BOX = {
  x: 75 * PX_PER_MM,
  y: 90 * PX_PER_MM,
  width: 10 * PX_PER_MM,
  height: 5 * PX_PER_MM,
};

describe('vectorize on a synthetic drawing', () => {
  const image = render(SHEET);
  const { paths, stats } = vectorize(image, { ptPerPx: PT_PER_PX, textBoxes: [TEXT_BOX] });
  const drawing = sortPaths(paths);

  it('finds the outline as part lines and the thin lines as thin, within a pixel', () => {
    const part = lines(drawing.part);
    for (const [a, b] of [
      [mm(40, 30), mm(120, 30)],
      [mm(120, 30), mm(120, 80)],
      [mm(120, 80), mm(40, 80)],
      [mm(40, 80), mm(40, 30)],
      [mm(20, 110), mm(60, 125)],
    ] as const)
      expect(
        part.some((line) => matches(line, a, b)),
        `${JSON.stringify([a, b])}`,
      ).toBe(true);
    for (const [a, b] of [
      [mm(40, 82), mm(40, 100)],
      [mm(120, 82), mm(120, 100)],
      [mm(40, 96), mm(120, 96)],
      [mm(122, 30), mm(140, 30)],
      [mm(122, 80), mm(140, 80)],
      [mm(136, 30), mm(136, 80)],
      [mm(150, 100), mm(170, 120)],
    ] as const)
      expect(
        drawing.thin.some((line) => matches(line, a, b)),
        `${JSON.stringify([a, b])}`,
      ).toBe(true);
    // Lines crossed by others stay whole: one path per drawn line.
    expect(part.filter((line) => dist(line.a, line.b) > 5 * PX)).toHaveLength(5);
  });

  it('measures the widths: outlines 0.5 mm, thin lines 0.25 mm', () => {
    expect(drawing.outlineWidthPt).toBeCloseTo(THICK_MM * PT_PER_MM, 0);
    const widths = paths.filter((p) => p.paint === 'stroke').map((p) => p.lineWidthPt);
    expect(Math.min(...widths)).toBeGreaterThan(0.7 * THIN_MM * PT_PER_MM);
    expect(Math.min(...widths)).toBeLessThan(1.3 * THIN_MM * PT_PER_MM);
    expect(stats.widthClassesPt.length).toBeGreaterThanOrEqual(2);
  });

  it('fits the hole back as a circle within a pixel', () => {
    const circles = drawing.part.filter(
      (p): p is ArcPrimitive => p.kind === 'arc' && p.endRad - p.startRad >= 2 * Math.PI - 1e-6,
    );
    expect(circles).toHaveLength(1);
    expect(dist(circles[0]!.center, mm(80, 55))).toBeLessThanOrEqual(PX);
    expect(Math.abs(circles[0]!.radius - 12 * PT_PER_MM)).toBeLessThanOrEqual(PX);
  });

  it('joins the dashes of the centre line and of the hidden line into one dashed path each', () => {
    expect(drawing.centre).toHaveLength(1);
    // The pattern from 60 mm: dash 10, gap 1.5, dot 1.5, gap 1.5…, the last dash ends at 99 mm.
    expect(matches(drawing.centre[0] as LinePrimitive, mm(60, 55), mm(99, 55), PX)).toBe(true);
    expect(drawing.hidden).toHaveLength(1);
    // Dashes of 3 with gaps of 1 from 44 mm: the last one ends at 115 mm.
    expect(matches(drawing.hidden[0] as LinePrimitive, mm(44, 72), mm(115, 72), PX)).toBe(true);
    const centre = paths.find((p) => p.dash.length === 4)!;
    expect(centre.dash[0]).toBeCloseTo(10 * PT_PER_MM, -0.5);
    expect(centre.dash[2]).toBeCloseTo(1.5 * PT_PER_MM, -0.5);
  });

  it('finds the arrowheads with their tips and directions, and pairs them into dimensions', () => {
    const expected = [
      { tip: mm(40, 96), direction: { x: -1, y: 0 } },
      { tip: mm(120, 96), direction: { x: 1, y: 0 } },
      { tip: mm(136, 30), direction: { x: 0, y: -1 } },
      { tip: mm(136, 80), direction: { x: 0, y: 1 } },
      { tip: mm(150, 100), direction: { x: -Math.SQRT1_2, y: -Math.SQRT1_2 } },
    ];
    expect(drawing.arrows).toHaveLength(5);
    for (const { tip, direction } of expected) {
      const arrow = drawing.arrows.find((a) => dist(a.tip, tip) <= PX);
      expect(arrow, JSON.stringify(tip)).toBeDefined();
      expect(arrow!.direction.x * direction.x + arrow!.direction.y * direction.y).toBeGreaterThan(
        Math.cos((2 * Math.PI) / 180),
      );
    }
    // The fills are what arrowOf reads as arrowheads.
    const fills = paths.filter((p) => p.paint === 'fill');
    expect(fills.every((p) => arrowOf(p) !== undefined)).toBe(true);
    const dimensions = pairArrows(drawing.arrows, drawing.thin);
    expect(dimensions.map((d) => Math.round(d.lengthPt / PT_PER_MM)).sort()).toEqual([50, 80]);
  });

  it('leaves the text inside its box out', () => {
    const box = {
      x0: TEXT_BOX.x * PT_PER_PX,
      y0: TEXT_BOX.y * PT_PER_PX,
      x1: (TEXT_BOX.x + TEXT_BOX.width) * PT_PER_PX,
      y1: (TEXT_BOX.y + TEXT_BOX.height) * PT_PER_PX,
    };
    const inside = (p: Point) => p.x > box.x0 && p.x < box.x1 && p.y > box.y0 && p.y < box.y1 - 1;
    expect(paths.filter((path) => path.points.every(inside))).toEqual([]);
  });
});

describe('vectorize on random line sets', () => {
  /** Horizontal and vertical lines at least 4 mm apart, their ends clear of the other lines. */
  const lineSet = fc
    .array(
      fc.record({
        vertical: fc.boolean(),
        at: fc.integer({ min: 10, max: 130 }),
        from: fc.integer({ min: 10, max: 60 }),
        length: fc.integer({ min: 12, max: 80 }),
        thick: fc.boolean(),
      }),
      { minLength: 2, maxLength: 8 },
    )
    .map((drawn) => {
      const kept: typeof drawn = [];
      for (const line of drawn) {
        const clash = kept.some((other) => {
          if (other.vertical === line.vertical) return Math.abs(other.at - line.at) < 4;
          // Perpendicular: no end of either within 2 mm of the other line.
          const endNear = (
            p: { at: number; from: number; length: number },
            q: { at: number; from: number; length: number },
          ) =>
            [p.from, p.from + p.length].some((end) => Math.abs(end - q.at) < 2) &&
            p.at > q.from - 2 &&
            p.at < q.from + q.length + 2;
          return endNear(line, other) || endNear(other, line);
        });
        if (!clash) kept.push(line);
      }
      return kept;
    });

  it('finds every line whole, within a pixel, with its width class', () => {
    fc.assert(
      fc.property(lineSet, (drawn) => {
        const svg = drawn
          .map(({ vertical, at, from, length, thick }) => {
            const [x1, y1, x2, y2] = vertical
              ? [at, from, at, from + length]
              : [from, at, from + length, at];
            return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="black" stroke-width="${thick ? THICK_MM : THIN_MM}"/>`;
          })
          .join('');
        const { paths } = vectorize(render(svg, 150, 190), { ptPerPx: PT_PER_PX });
        const found = paths.flatMap((path) =>
          primitivesOf(path).map((primitive) => ({ primitive, widthPt: path.lineWidthPt })),
        );
        for (const { vertical, at, from, length, thick } of drawn) {
          const a = vertical ? mm(at, from) : mm(from, at);
          const b = vertical ? mm(at, from + length) : mm(from + length, at);
          const hit = found.find(
            ({ primitive }) => primitive.kind === 'line' && matches(primitive, a, b),
          );
          expect(hit, JSON.stringify({ vertical, at, from, length })).toBeDefined();
          const widthMm = hit!.widthPt / PT_PER_MM;
          if (thick) expect(widthMm).toBeGreaterThan(0.38);
          else expect(widthMm).toBeLessThan(0.35);
        }
        expect(found).toHaveLength(drawn.length);
      }),
      { numRuns: 20 },
    );
  }, 60_000);
});

/**
 * Vectorizes a 150 × 140 mm sheet holding one hole and expects that hole back as one whole
 * circle (centre and radius within 2 px) and no piece of it left over beside it.
 */
function expectOneWholeHole(svg: string, c: { x: number; y: number }, radius: number): void {
  const { paths } = vectorize(render(svg, 150, 140), { ptPerPx: PT_PER_PX });
  const arcs = paths
    .flatMap((path) => primitivesOf(path))
    .filter((p): p is ArcPrimitive => p.kind === 'arc');
  const circles = arcs.filter((a) => Math.abs(a.endRad - a.startRad) >= 2 * Math.PI - 1e-6);
  expect(circles, JSON.stringify(arcs)).toHaveLength(1);
  expect(dist(circles[0]!.center, mm(c.x, c.y))).toBeLessThanOrEqual(2 * PX);
  expect(Math.abs(circles[0]!.radius - radius * PT_PER_MM)).toBeLessThanOrEqual(2 * PX);
  expect(arcs, JSON.stringify(arcs)).toHaveLength(1);
}

describe('vectorize with extension lines nearly as heavy as the outline', () => {
  it('finds the arrowheads whose tips touch them, and pairs them into the dimensions', async () => {
    // A shaft drawn by the sheet generator in a half section (its extension lines and leaders
    // twice as heavy as its dimension lines and hatching), scanned at 150 dpi and traced at
    // twice that, as the reader enlarges a small scan. Before, the opening that keeps the
    // arrowheads kept the extension lines too, joining every arrowhead to the outline: one of
    // the eight was found and no dimension line was.
    const part: TurnedPart = {
      kind: 'turned',
      units: 'mm',
      steps: [
        { diameter: 8, length: 40, thread: { designation: 'M8x1.25', minorDiameter: 6.47 } },
        { diameter: 11, length: 40 },
      ],
      bores: [],
      chamfers: [{ size: 0.5, angleDeg: 45, at: 'right', inner: false }],
      material: 'C45',
      generalTolerance: 'ISO 2768-f',
      truth: [],
    };
    const sheet = buildSheet(part, { ...plainStyle, view: 'halfSection' });
    const { image, scale } = await greyForLines(svgToPng(sheetToSvg(sheet), 150), 'shaft.png');
    const { paths } = vectorize(image, { ptPerPx: 72 / 150 / scale });
    const drawing = sortPaths(paths, true);
    const lengths = pairArrows(drawing.arrows, drawing.thin).map((d) =>
      Math.round(d.lengthPt / PT_PER_MM),
    );
    expect(drawing.arrows.length).toBeGreaterThanOrEqual(6);
    expect(lengths).toEqual(expect.arrayContaining([40, 40, 80]));
  }, 60_000);
});

describe('vectorize with an extension line ending just past an arrowhead', () => {
  it('finds the arrowhead, whose tip reads as wide as its base on the line', async () => {
    // A pin on a disc in a side view: its overall length's arrowheads touch extension lines
    // that end 2 mm past them. Scanned across the tip, such a line's stub reads as wide as the
    // arrowhead's base; the fit took it for the base, and the 25 was left without its line.
    const part: TurnedPart = {
      kind: 'turned',
      units: 'mm',
      steps: [
        { diameter: 8, length: 10, thread: { designation: 'M8x1.25', minorDiameter: 6.47 } },
        { diameter: 80, length: 15 },
      ],
      bores: [],
      chamfers: [{ size: 0.5, angleDeg: 45, at: 'left', inner: false }],
      material: 'POM',
      generalTolerance: 'ISO 2768-mK',
      truth: [],
    };
    const sheet = buildSheet(part, { ...plainStyle, view: 'side' });
    const { image, scale } = await greyForLines(svgToPng(sheetToSvg(sheet), 150), 'pin.png');
    const { paths } = vectorize(image, { ptPerPx: 72 / 150 / scale });
    const drawing = sortPaths(paths, true);
    const lengths = pairArrows(drawing.arrows, drawing.thin).map((d) =>
      Math.round(d.lengthPt / PT_PER_MM),
    );
    expect(lengths).toEqual(expect.arrayContaining([10, 15, 25]));
  }, 60_000);
});

describe('vectorize with slender arrowheads on the outline they measure', () => {
  it('finds both arrowheads of a diameter written inside a cylinder, and none where the outline only touches one', () => {
    // ISO 129-1 arrowheads about 1:3 (a 2.5 mm arrowhead is 5 px wide at 150 dpi), their tips on
    // a 0.5 mm outline (3 px): the opening that finds filled regions leaves such an arrowhead
    // joined to the outline, and before it was read along its line only 1 in 5 was found.
    // A leader's arrowhead touching the outline from outside is no arrowhead of the outline's.
    fc.assert(
      fc.property(
        fc.record({
          diameter: fc.double({ min: 20, max: 90, noNaN: true }),
          length: fc.double({ min: 30, max: 120, noNaN: true }),
          arrow: fc.double({ min: 2.5, max: 3.5, noNaN: true }),
          at: fc.double({ min: 0.2, max: 0.8, noNaN: true }),
        }),
        ({ diameter, length, arrow, at }) => {
          const [x0, y0] = [20, 20];
          const [x1, y1] = [x0 + length, y0 + diameter];
          const x = x0 + at * length;
          const half = arrow / 6;
          const leader = x0 + 0.5 * at * length;
          // The leader runs down and right from its tip on the outline; its arrowhead's base.
          const [ux, uy] = [10 / Math.hypot(10, 15), 15 / Math.hypot(10, 15)];
          const [bx, by] = [leader + arrow * ux, y1 + arrow * uy];
          const body = `
<g fill="none" stroke="black">
  <rect x="${x0}" y="${y0}" width="${length}" height="${diameter}" stroke-width="${THICK_MM}"/>
  <line x1="${x}" y1="${y0}" x2="${x}" y2="${y1}" stroke-width="${THIN_MM}"/>
  <line x1="${leader}" y1="${y1}" x2="${leader + 10}" y2="${y1 + 15}" stroke-width="${THIN_MM}"/>
</g>
<g fill="black">
  <path d="M${x} ${y0} L${x - half} ${y0 + arrow} L${x + half} ${y0 + arrow} Z"/>
  <path d="M${x} ${y1} L${x - half} ${y1 - arrow} L${x + half} ${y1 - arrow} Z"/>
  <path d="M${leader} ${y1} L${bx - half * uy} ${by + half * ux} L${bx + half * uy} ${by - half * ux} Z"/>
</g>`;
          const image = render(body, x1 + 40, y1 + 40);
          const drawing = sortPaths(vectorize(image, { ptPerPx: PT_PER_PX }).paths, true);
          const across = pairArrows(drawing.arrows, drawing.thin).filter(
            (d) => Math.abs(d.from.x - x * PT_PER_MM) <= 2 * PX,
          );
          expect(across.map((d) => d.lengthPt / PT_PER_MM)).toEqual([
            expect.closeTo(diameter, 0.5),
          ]);
          // The outline the leader's arrowhead touches stays outline: no arrowhead on its corner.
          const corners = [mm(x0, y1), mm(x1, y1), mm(x0, y0), mm(x1, y0)];
          for (const arrowhead of drawing.arrows)
            expect(corners.every((c) => dist(c, arrowhead.tip) > 3 * PX)).toBe(true);
        },
      ),
      { numRuns: 8, seed: 20261130 },
    );
  }, 120_000);
});

describe('vectorize on holes with a leader', () => {
  it('reads a hole that a leader crosses, its arrowhead on the circle, as one whole circle', () => {
    const hole = fc.record({
      radius: fc.integer({ min: 3, max: 12 }),
      /** Where the leader comes from, degrees (y down). */
      angleDeg: fc.integer({ min: 0, max: 359 }),
      /** Whether the leader's arrowhead touches the near side (from outside) or the far side. */
      far: fc.boolean(),
    });
    fc.assert(
      fc.property(hole, ({ radius, angleDeg, far }) => {
        const c = { x: 75, y: 70 };
        const u = {
          x: Math.cos((angleDeg * Math.PI) / 180),
          y: Math.sin((angleDeg * Math.PI) / 180),
        };
        // The tip on the circle, the leader from 25 mm out through the centre for the far side.
        const tip = far
          ? { x: c.x - radius * u.x, y: c.y - radius * u.y }
          : { x: c.x + radius * u.x, y: c.y + radius * u.y };
        const start = { x: c.x + (radius + 25) * u.x, y: c.y + (radius + 25) * u.y };
        // The arrowhead points along the leader, towards the centre and beyond it.
        const d = { x: -u.x, y: -u.y };
        const base = { x: tip.x - 3.5 * d.x, y: tip.y - 3.5 * d.y };
        const n = { x: -d.y * 0.6, y: d.x * 0.6 };
        const svg = `<circle cx="${c.x}" cy="${c.y}" r="${radius}" fill="none" stroke="black" stroke-width="${THICK_MM}"/>
<line x1="${start.x}" y1="${start.y}" x2="${base.x}" y2="${base.y}" stroke="black" stroke-width="${THIN_MM}"/>
<path d="M${tip.x} ${tip.y} L${base.x + n.x} ${base.y + n.y} L${base.x - n.x} ${base.y - n.y} Z" fill="black"/>`;
        expectOneWholeHole(svg, c, radius);
      }),
      { numRuns: 20, seed: 20261126 },
    );
  }, 60_000);
});

describe('vectorize on holes dimensioned across', () => {
  it('reads a hole with a centre cross and a diameter leader across it, both arrowheads on the circle, as one whole circle', () => {
    const hole = fc.record({
      // Ø8 mm and up: in a smaller hole the two 2.5 mm arrowheads fill most of the diameter, and
      // drafters put them outside.
      radius: fc.integer({ min: 4, max: 9 }),
      /** Direction of the leader across the hole, degrees (y down), away from the axes. */
      angleDeg: fc
        .integer({ min: 20, max: 70 })
        .chain((a) => fc.constantFrom(a, a + 90, a + 180, a + 270)),
    });
    fc.assert(
      fc.property(hole, ({ radius, angleDeg }) => {
        const c = { x: 75, y: 70 };
        const u = {
          x: Math.cos((angleDeg * Math.PI) / 180),
          y: Math.sin((angleDeg * Math.PI) / 180),
        };
        const at = (s: number) => ({ x: c.x + s * u.x, y: c.y + s * u.y });
        // Arrowheads inside the hole, tips on the circle, pointing out along the leader.
        const arrow = (sign: number) => {
          const tip = at(sign * radius);
          const base = at(sign * (radius - 2.5));
          const n = { x: -u.y * 0.45, y: u.x * 0.45 };
          return `<path d="M${tip.x} ${tip.y} L${base.x + n.x} ${base.y + n.y} L${base.x - n.x} ${base.y - n.y} Z" fill="black"/>`;
        };
        const from = at(-radius + 2.5);
        const to = at(radius + 20);
        const svg = `<circle cx="${c.x}" cy="${c.y}" r="${radius}" fill="none" stroke="black" stroke-width="${THICK_MM}"/>
<g stroke="black" stroke-width="${THIN_MM}">
<line x1="${c.x - radius - 2}" y1="${c.y}" x2="${c.x + radius + 2}" y2="${c.y}"/>
<line x1="${c.x}" y1="${c.y - radius - 2}" x2="${c.x}" y2="${c.y + radius + 2}"/>
<line x1="${from.x}" y1="${from.y}" x2="${to.x}" y2="${to.y}"/>
</g>${arrow(1)}${arrow(-1)}`;
        expectOneWholeHole(svg, c, radius);
      }),
      { numRuns: 20, seed: 20261127 },
    );
  }, 60_000);
});

describe('vectorize input', () => {
  it('refuses a buffer that does not match the size', () => {
    expect(() =>
      vectorize({ data: new Uint8Array(10), width: 4, height: 4 }, { ptPerPx: 1 }),
    ).toThrow(RangeError);
  });

  // Its time is the readers benchmark's (npm run bench: LIU0010.jpg read whole), not a test's.
  it('reads a real scan: its part lines and arrowheads', async () => {
    const { data, info } = await sharp(readFileSync(new URL('lathe/LIU0010.jpg', blueprintsDir)))
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { paths, stats } = vectorize(
      { data: new Uint8Array(data), width: info.width, height: info.height },
      { ptPerPx: 72 / 200 },
    );
    const drawing = sortPaths(paths);
    expect(drawing.part.length).toBeGreaterThan(50);
    expect(stats.arrows).toBeGreaterThan(10);
    expect(pairArrows(drawing.arrows, drawing.thin).length).toBeGreaterThanOrEqual(5);
  }, 120_000);
});

describe('vectorize on a narrow groove whose diameter is dimensioned on its floor', () => {
  it("keeps the groove's floor, which the arrowheads' tips touch, as outline", async () => {
    // A neck 2.5–4 mm wide and 1–3 mm deep between two shoulders, drawn by the sheet generator
    // with its diameter's dimension line across it, both arrowheads on the floor (ISO 129-1),
    // scanned at 150 dpi: the floor is 15–24 px long. Clearing the arrowheads cut it into stubs
    // the skeleton dropped, and the side view fell apart at the groove (whole-path seed
    // 20261129, case 12).
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          width: fc.integer({ min: 5, max: 8 }).map((halves) => halves / 2),
          depth: fc.integer({ min: 2, max: 6 }).map((halves) => halves / 2),
        }),
        async ({ width, depth }) => {
          const part: TurnedPart = {
            kind: 'turned',
            units: 'mm',
            steps: [
              { diameter: 42, length: 40 },
              { diameter: 42 - 2 * depth, length: width, groove: true },
              { diameter: 78.5, length: 25 },
            ],
            bores: [],
            chamfers: [],
            material: 'C45',
            generalTolerance: 'ISO 2768-m',
            truth: [],
          };
          const sheet = buildSheet(part, { ...plainStyle, view: 'side' });
          // Traced at the scan's own pixels, as a sheet this size is (greyForLines enlarges
          // only small images).
          const { data, info } = await sharp(svgToPng(sheetToSvg(sheet), DPI))
            .greyscale()
            .raw()
            .toBuffer({ resolveWithObject: true });
          const image = { data: new Uint8Array(data), width: info.width, height: info.height };
          const { paths } = vectorize(image, { ptPerPx: PT_PER_PX });
          const outline = lines(sortPaths(paths, true).part);
          // Two outline lines across the neck, one on each side of the axis, its diameter apart.
          const floors = outline.filter(
            (l) =>
              Math.abs(l.a.y - l.b.y) <= PX &&
              Math.abs(Math.abs(l.a.x - l.b.x) - width * PT_PER_MM) <= 3 * PX,
          );
          const neck = (42 - 2 * depth) * PT_PER_MM;
          expect(
            floors.some((f) =>
              floors.some((g) => Math.abs(Math.abs(g.a.y - f.a.y) - neck) <= 2 * PX),
            ),
            `a ${width} mm neck ${depth} mm deep`,
          ).toBe(true);
        },
      ),
      { numRuns: 10, seed: 20261201 },
    );
  }, 120_000);
});
