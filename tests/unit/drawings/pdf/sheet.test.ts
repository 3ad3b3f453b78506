/**
 * What a page shows besides its part: the sheet frame drawn in pieces and what lies outside it,
 * section hatching among the thin lines, the line work kept under a text box, and a scan's thin
 * outline lines.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LinePrimitive, Primitive } from '#drawings/geometry/primitives';
import { bridgesAsOutline } from '#drawings/image/page';
import type { PageDrawing } from '#drawings/pdf/drawing';
import { clearBox } from '#drawings/image/raster-ops';
import { hatchingOf, sheetFrame } from '#drawings/pdf/content';

const L = (x1: number, y1: number, x2: number, y2: number): Primitive => ({
  kind: 'line',
  a: { x: x1, y: y1 },
  b: { x: x2, y: y2 },
  layer: 'pdf',
});

/** A horizontal or vertical border line cut into pieces at the given shares of its length. */
function pieces(from: number, to: number, at: number, horizontal: boolean, cuts: number[]) {
  const stops = [from, ...cuts.map((c) => from + c * (to - from)).sort((a, b) => a - b), to];
  const out: Primitive[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    // A tick mark's width lost at each cut, as a scan's zone marks leave it.
    const a = stops[i]! + (i > 0 ? 0.6 : 0);
    const b = stops[i + 1]!;
    if (b - a <= 0) continue;
    out.push(horizontal ? L(a, at, b, at) : L(at, a, at, b));
  }
  return out;
}

describe('sheetFrame', () => {
  const width = 842;
  const height = 595;

  it('finds a border cut into pieces on all four sides and the drawing area inside it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { maxLength: 8 }),
        fc.double({ min: 8, max: 30, noNaN: true }),
        (cuts, margin) => {
          const border = [
            ...pieces(margin, width - margin, margin, true, cuts),
            ...pieces(margin, width - margin, height - margin, true, cuts),
            ...pieces(margin, height - margin, margin, false, cuts),
            ...pieces(margin, height - margin, width - margin, false, cuts),
          ];
          // A part's long outline inside the area, and a zone tick outside it.
          const outline = L(100, 300, 700, 300);
          const tick = L(width / 2, 0, width / 2, margin - 2);
          const { lines, area } = sheetFrame([...border, outline, tick], width, height);
          expect(border.every((p) => lines.has(p))).toBe(true);
          expect(lines.has(outline)).toBe(false);
          expect(area).toBeDefined();
          expect(area!.minX).toBeCloseTo(margin, 6);
          expect(area!.maxY).toBeCloseTo(height - margin, 6);
        },
      ),
    );
  });

  it('gives no drawing area when a side has no border line', () => {
    const three = [
      L(20, 20, 822, 20),
      L(20, 575, 822, 575),
      L(20, 20, 20, 575),
      // The fourth side is too short to be a border (under 40 % of the sheet's height).
      L(822, 20, 822, 200),
    ];
    const { area, lines } = sheetFrame(three, width, height);
    expect(area).toBeUndefined();
    expect(lines.size).toBe(3);
  });
});

describe('hatchingOf', () => {
  it('takes four or more parallel slanted lines as hatching, and leaves dimension lines', () => {
    const hatch = [0, 6, 12, 18].map((x) => L(100 + x, 100, 110 + x, 90));
    const dimension = [L(50, 50, 250, 50), L(50, 40, 50, 60)];
    const leader = L(300, 300, 310, 283);
    const found = hatchingOf([...hatch, ...dimension, leader]);
    expect(found).toEqual(hatch);
  });

  it('takes three parallel slanted lines as no hatching (leaders)', () => {
    expect(hatchingOf([0, 6, 12].map((x) => L(100 + x, 100, 110 + x, 90)))).toEqual([]);
  });
});

describe('clearBox', () => {
  it('clears the text and keeps a line that runs straight through its box', () => {
    const w = 40;
    const h = 30;
    const ink = new Uint8Array(w * h);
    // A line 2 px thick along rows 14 and 15, across the whole image.
    for (const y of [14, 15]) for (let x = 0; x < w; x++) ink[y * w + x] = 1;
    // Glyph strokes inside the box (x 10–29, y 5–24), some touching the line.
    for (let y = 6; y < 24; y++) ink[y * w + 12] = 1;
    for (let x = 18; x < 26; x++) ink[8 * w + x] = 1;
    clearBox(ink, w, h, { x: 10, y: 5, width: 20, height: 20 });
    for (let x = 0; x < w; x++) expect(ink[14 * w + x] && ink[15 * w + x]).toBe(1);
    expect(ink[8 * w + 20]).toBe(0);
    expect(ink[20 * w + 12]).toBe(0);
  });
});

describe('bridgesAsOutline', () => {
  const line = (x1: number, y1: number, x2: number, y2: number): LinePrimitive => ({
    kind: 'line',
    a: { x: x1, y: y1 },
    b: { x: x2, y: y2 },
    layer: 'pdf',
  });
  /** Two lands of a shaft, the groove between them drawn with thin walls. */
  const drawing = (): PageDrawing => ({
    part: [line(0, 0, 40, 0), line(0, 20, 40, 20), line(0, 26, 40, 26), line(0, 46, 40, 46)],
    centre: [],
    hidden: [],
    thin: [
      // The groove's wall, corner to corner.
      line(0, 20, 0, 26),
      // A dimension line between the other corners, ending at arrow tips.
      line(40, 20, 40, 26),
      // Hatching: four parallel slanted lines, the first from corner to corner.
      ...[0, 6, 12, 18].map((x) => line(x, 20, x + 40, 46)),
    ],
    arrows: [
      { tip: { x: 40, y: 20 }, direction: { x: 0, y: -1 }, sizePt: 3 },
      { tip: { x: 40, y: 26 }, direction: { x: 0, y: 1 }, sizePt: 3 },
    ],
    outlineWidthPt: 0.7,
  });

  it('takes thin lines from one outline corner to another as outline', () => {
    const read = bridgesAsOutline(drawing());
    expect(read.part).toContainEqual(line(0, 20, 0, 26));
    expect(read.thin).not.toContainEqual(line(0, 20, 0, 26));
  });

  it('leaves dimension lines ending at arrow tips and hatching thin', () => {
    const read = bridgesAsOutline(drawing());
    expect(read.thin).toContainEqual(line(40, 20, 40, 26));
    for (const x of [0, 6, 12, 18]) expect(read.thin).toContainEqual(line(x, 20, x + 40, 46));
    expect(read.part).toHaveLength(5);
  });
});
