/**
 * What a page shows besides its part: the sheet frame drawn in pieces and what lies outside it,
 * section hatching among the thin lines, the line work kept under a text box, a scan's thin
 * outline lines, title blocks with a logo, the zone numbers outside the frame, diameter signs
 * OCR read as a '2', the hole sizes of a traced page, and the plate sizes its dimensions write.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LinePrimitive, Primitive } from '#drawings/geometry/primitives';
import { bridgesAsOutline, diameterSignsRead, pxCalibrated } from '#drawings/image/page';
import type { PageDrawing } from '#drawings/page/drawing';
import { clearBox } from '#drawings/image/raster-ops';
import { hatchingOf, sheetFrame } from '#drawings/page/content';
import { roundHoles } from '#drawings/page/drawn-part';
import { addPlateReadings } from '#drawings/page/merge';
import type { PageReading } from '#drawings/page/reading';
import type { BlueprintDescription } from '#contracts/blueprint';
import { calloutsFromRuns, pairArrows } from '#drawings/page/dimensions';
import { isTable } from '#drawings/geometry/frames';
import { groupViews } from '#drawings/geometry/shapes';
import type { TextRun } from '#drawings/reading';

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

  it("takes no edge of a part's closed outline for a border, however near the sheet's edge", () => {
    // A page cut close to a tall plate's view (60 x 111 mm with R5 corners, 10 pt from the left):
    // its left edge runs along the sheet's edge over 70 % of its height.
    const arc = (x: number, y: number, startRad: number): Primitive => ({
      kind: 'arc',
      center: { x, y },
      radius: 5,
      startRad,
      endRad: startRad + Math.PI / 2,
      layer: 'pdf',
    });
    const plate = [
      L(15, 40, 65, 40),
      arc(65, 45, -Math.PI / 2),
      L(70, 45, 70, 350),
      arc(65, 350, 0),
      L(65, 355, 15, 355),
      arc(15, 350, Math.PI / 2),
      L(10, 350, 10, 45),
      arc(15, 45, Math.PI),
    ];
    expect(sheetFrame(plate, 300, 450).lines.size).toBe(0);
    // A frame spanning the sheet, with a title block's lines ending on it, is still a frame.
    const frame = [
      L(20, 20, 822, 20),
      L(822, 20, 822, 575),
      L(822, 575, 20, 575),
      L(20, 575, 20, 20),
    ];
    const titleBlock = [L(600, 575, 600, 500), L(600, 500, 822, 500)];
    const { lines, area } = sheetFrame([...frame, ...titleBlock], width, height);
    expect(frame.every((p) => lines.has(p))).toBe(true);
    expect(area).toEqual({ minX: 20, minY: 20, maxX: 822, maxY: 575 });
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

  /**
   * A corner at (30, 30) under a text box (x 20–39, y 20–39): its top edge from x 0, its side
   * down to the image's foot, lines two pixels wide; a glyph's strokes in the box (10 px at
   * most), one across the side; lines run 12 px or more outside the box.
   */
  function cornerUnderText(extension: boolean) {
    const w = 60;
    const h = 60;
    const ink = new Uint8Array(w * h);
    for (const y of [30, 31]) for (let x = 0; x <= 31; x++) ink[y * w + x] = 1;
    for (const x of [30, 31]) for (let y = 30; y < h; y++) ink[y * w + x] = 1;
    // A stub of line running on up from the corner, inside the box.
    if (extension) for (const x of [30, 31]) for (let y = 24; y < 30; y++) ink[y * w + x] = 1;
    for (let y = 21; y < 28; y++) ink[y * w + 35] = 1;
    for (let x = 22; x < 28; x++) ink[24 * w + x] = 1;
    for (let x = 26; x < 36; x++) ink[36 * w + x] = 1;
    clearBox(ink, w, h, { x: 20, y: 20, width: 20, height: 20 }, 12);
    return { ink, w };
  }

  it("keeps an outline's corner under the text: both edges run into the box and meet there", () => {
    const { ink, w } = cornerUnderText(false);
    for (let x = 0; x <= 31; x++) expect(ink[30 * w + x] && ink[31 * w + x], `x ${x}`).toBe(1);
    for (let y = 30; y < 60; y++) expect(ink[y * w + 30] && ink[y * w + 31], `y ${y}`).toBe(1);
    expect(ink[24 * w + 35]).toBe(0);
    expect(ink[24 * w + 25]).toBe(0);
    // The glyph's stroke across the side is cleared beside it.
    expect(ink[36 * w + 27]).toBe(0);
  });

  it('keeps the side up to the corner and no further: a stub past it goes with the text', () => {
    const { ink, w } = cornerUnderText(true);
    for (let y = 30; y < 60; y++) expect(ink[y * w + 30], `y ${y}`).toBe(1);
    for (let y = 24; y < 30; y++) expect(ink[y * w + 30], `y ${y}`).toBe(0);
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

  it('takes no corner from a scrap of lettering left on the outline work', () => {
    // A thin extension line from the land's corner up to a letter's stroke (shorter than three
    // outline widths) traced as outline where a value is written across its end.
    const page = drawing();
    page.part.push(line(40, 60, 40.5, 61.5));
    page.thin.push(line(40, 46, 40, 60));
    const read = bridgesAsOutline(page);
    expect(read.thin).toContainEqual(line(40, 46, 40, 60));
    // A stroke three outline widths long is a corner of the part.
    const longer = drawing();
    longer.part.push(line(40, 60, 40, 60 + 3 * longer.outlineWidthPt));
    longer.thin.push(line(40, 46, 40, 60));
    expect(bridgesAsOutline(longer).part).toContainEqual(line(40, 46, 40, 60));
  });

  it('leaves dimension lines ending at arrow tips and hatching thin', () => {
    const read = bridgesAsOutline(drawing());
    expect(read.thin).toContainEqual(line(40, 20, 40, 26));
    for (const x of [0, 6, 12, 18]) expect(read.thin).toContainEqual(line(x, 20, x + 40, 46));
    expect(read.part).toHaveLength(5);
  });
});

/** A full circle of radius r at (x, y). */
const C = (x: number, y: number, r: number): Primitive => ({
  kind: 'arc',
  center: { x, y },
  radius: r,
  startRad: 0,
  endRad: 2 * Math.PI,
  layer: 'pdf',
});

describe('isTable', () => {
  /** A ruled table of `rows` × `cols` cells of the given size, its texts at the cells' centres. */
  function table(rows: number, cols: number, cellW: number, cellH: number) {
    const lines: Primitive[] = [];
    for (let r = 0; r <= rows; r++) lines.push(L(0, r * cellH, cols * cellW, r * cellH));
    for (let c = 0; c <= cols; c++) lines.push(L(c * cellW, 0, c * cellW, rows * cellH));
    const texts = [];
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) texts.push({ x: (c + 0.5) * cellW, y: (r + 0.5) * cellH });
    return { lines, texts };
  }
  const tableArb = fc.record({
    rows: fc.integer({ min: 2, max: 6 }),
    cols: fc.integer({ min: 2, max: 6 }),
    cellW: fc.double({ min: 20, max: 80, noNaN: true }),
    cellH: fc.double({ min: 6, max: 15, noNaN: true }),
  });

  it('takes a ruled table, with or without a logo drawn in one of its cells', () => {
    fc.assert(
      fc.property(tableArb, fc.boolean(), ({ rows, cols, cellW, cellH }, logo) => {
        const { lines, texts } = table(rows, cols, cellW, cellH);
        // A maker's logo: two rings in the first cell, as QCAD's title block draws it.
        const r = 0.3 * Math.min(cellW, cellH);
        const drawn = logo ? [C(cellW / 2, cellH / 2, r), C(cellW / 2, cellH / 2, 0.6 * r)] : [];
        const views = groupViews([...lines, ...drawn], 1);
        expect(views).toHaveLength(1);
        expect(isTable(views[0]!, texts, 0.05)).toBe(true);
      }),
    );
  });

  it('leaves a plate with holes over it, and a plate with texts but no rule across it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 40, max: 200, noNaN: true }),
        fc.double({ min: 30, max: 120, noNaN: true }),
        fc.double({ min: 1.5, max: 5, noNaN: true }),
        (w, h, r) => {
          const outline = [L(0, 0, w, 0), L(w, 0, w, h), L(w, h, 0, h), L(0, h, 0, 0)];
          // Pocket sizes written inside a rectangular pocket, as some drawings place them.
          const pocket = [
            L(0.3 * w, 0.3 * h, 0.7 * w, 0.3 * h),
            L(0.7 * w, 0.3 * h, 0.7 * w, 0.7 * h),
            L(0.7 * w, 0.7 * h, 0.3 * w, 0.7 * h),
            L(0.3 * w, 0.7 * h, 0.3 * w, 0.3 * h),
          ];
          const texts = [0.4, 0.5, 0.6].map((t) => ({ x: t * w, y: 0.5 * h }));
          const holes = [C(0.1 * w, 0.1 * h, r), C(0.9 * w, 0.9 * h, r)];
          const withHoles = groupViews([...outline, ...pocket, ...holes], 1);
          expect(isTable(withHoles[0]!, texts, 0.05)).toBe(false);
          // Without holes only ruled lines are left: the pocket has no rule across the plate,
          // and a ruled shape with three texts is a table only when every line is ruled.
          const corner = [C(0.1 * w, 0.1 * h, r)];
          const oneHole = groupViews([...outline, ...pocket, ...corner], 1);
          expect(isTable(oneHole[0]!, texts, 0.05)).toBe(false);
        },
      ),
    );
  });

  it('needs three texts inside', () => {
    const { lines, texts } = table(2, 2, 40, 10);
    const [view] = groupViews(lines, 1);
    expect(isTable(view!, texts.slice(0, 2), 0.05)).toBe(false);
  });
});

describe('the sheet area and dimension values', () => {
  /** A horizontal dimension line from x 300 to 340 at y 200, with arrowheads at both ends. */
  const arrows = [
    { tip: { x: 300, y: 200 }, direction: { x: -1, y: 0 }, sizePt: 6 },
    { tip: { x: 340, y: 200 }, direction: { x: 1, y: 0 }, sizePt: 6 },
  ];
  const run = (text: string, x: number, y: number): TextRun => ({
    text,
    x,
    y,
    width: 8,
    height: 10,
    angleDeg: 0,
    page: 1,
    confidence: 0.9,
    origin: 'ocr',
  });

  it('takes no zone number from the border as a value, and a text beside the line inside it', () => {
    const lines = pairArrows(arrows, [L(300, 200, 340, 200) as LinePrimitive]);
    expect(lines).toHaveLength(1);
    // A zone number in line with the dimension, in the border left of the frame.
    const zone = run('3', 130, 195);
    const area = { minX: 150, minY: 30, maxX: 812, maxY: 565 };
    expect(calloutsFromRuns(lines, [], [zone])).toHaveLength(1);
    expect(calloutsFromRuns(lines, [], [zone], 'mm', area)).toHaveLength(0);
    const beside = calloutsFromRuns(lines, [], [zone, run('40', 316, 186)], 'mm', area);
    expect(beside.map((d) => d.callout.value)).toEqual([40]);
  });
});

describe('diameterSignsRead', () => {
  const basePtPerPx = 0.48;
  /** A value written at (x, y) px over a horizontal dimension line `drawnMm` long. */
  function dimension(text: string, value: number, drawnMm: number, ptPerMm: number) {
    const run: TextRun = {
      text,
      x: 100,
      y: 100,
      width: 40,
      height: 20,
      angleDeg: 0,
      page: 1,
      confidence: 0.9,
      origin: 'ocr',
    };
    const lengthPt = drawnMm * ptPerMm;
    const line = {
      from: { x: 40, y: 130 * basePtPerPx },
      to: { x: 40 + lengthPt, y: 130 * basePtPerPx },
      direction: { x: 1, y: 0 },
      lengthPt,
    };
    const callout = {
      kind: 'length' as const,
      text,
      value,
      page: 1,
      x: run.x * basePtPerPx,
      y: run.y * basePtPerPx,
      width: run.width * basePtPerPx,
      height: run.height * basePtPerPx,
      angleDeg: 0,
      confidence: 0.9,
      source: 'test',
    };
    return { run, dimension: { line, callout } };
  }
  const sizeArb = fc.integer({ min: 1, max: 3000 }).map((tenths) => tenths / 10);
  const ptPerMmArb = fc.double({ min: 1, max: 6, noNaN: true });

  it('reads a leading digit with a bowl as the diameter sign when the rest is what the line measures', () => {
    fc.assert(
      fc.property(
        sizeArb,
        ptPerMmArb,
        fc.constantFrom('', ' 0/-0.1', ' h6'),
        fc.constantFrom('2', '5', '6', '8', '9'),
        fc.constantFrom('', '| '),
        (size, k, tail, sign, bar) => {
          const text = `${bar}${sign}${size}${tail}`;
          const { run, dimension: d } = dimension(text, Number(`${sign}${size}`), size, k);
          const [mended] = diameterSignsRead([run], [d], k, basePtPerPx);
          expect(mended!.text).toBe(`${bar}Ø${size}${tail}`);
        },
      ),
    );
  });

  it('leaves a leading digit that is no sign-like shape', () => {
    const { run, dimension: d } = dimension('142', 142, 42, 3);
    expect(diameterSignsRead([run], [d], 3, basePtPerPx)[0]!.text).toBe('142');
  });

  it('leaves a value its line measures, and a 2 whose rest the line does not measure', () => {
    fc.assert(
      fc.property(sizeArb, ptPerMmArb, (size, k) => {
        const value = Number(`2${size}`);
        const kept = dimension(`2${size}`, value, value, k);
        expect(diameterSignsRead([kept.run], [kept.dimension], k, basePtPerPx)[0]!.text).toBe(
          `2${size}`,
        );
        const other = dimension(`2${size}`, value, size * 1.5 + 3, k);
        expect(diameterSignsRead([other.run], [other.dimension], k, basePtPerPx)[0]!.text).toBe(
          `2${size}`,
        );
      }),
    );
  });
});

describe('pxCalibrated', () => {
  it('takes the dimension lines for millimetres or inches, whichever a scan can be', () => {
    // A sheet scanned at `dpi`, read at 0.48 pt per pixel (150 dpi assumed).
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 600 }), fc.constantFrom(1, 2), (dpi, ratio) => {
        const basePtPerPx = 0.48;
        const truePtPerPx = 72 / dpi;
        // Drawn at `ratio`:1, a written millimetre is `ratio` mm on the sheet.
        const pxPerMm = (dpi / 25.4) * ratio;
        const perMm = pxPerMm * basePtPerPx;
        expect(pxCalibrated(perMm, basePtPerPx, ratio, undefined)).toBeCloseTo(truePtPerPx, 6);
        expect(pxCalibrated(perMm * 25.4, basePtPerPx, ratio, undefined)).toBeCloseTo(
          truePtPerPx,
          6,
        );
        expect(pxCalibrated(perMm * 25.4, basePtPerPx, ratio, 'inch')).toBeCloseTo(truePtPerPx, 6);
        // Millimetres named in the title block: the lines per inch are no scan's.
        expect(pxCalibrated(perMm * 25.4, basePtPerPx, ratio, 'mm')).toBeUndefined();
      }),
    );
  });
});

describe('roundHoles', () => {
  const hole = (diameterMm: number) => ({
    diameter: `Ø${diameterMm}`,
    diameterMm,
    x: 0,
    y: 0,
    through: true,
    kind: 'through' as const,
  });
  const plate = (sizes: number[]) =>
    ({ outline: [], holes: sizes.map(hole), pockets: [], slots: [] }) as unknown as Parameters<
      typeof roundHoles
    >[0];

  it('gives holes a scan measures within its resolution one size, on the 0.05 mm step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 600 }).map((tenths) => tenths / 10),
        fc.array(fc.double({ min: -0.04, max: 0.04, noNaN: true }), {
          minLength: 2,
          maxLength: 8,
        }),
        (size, noise) => {
          const read = plate(noise.map((n) => Math.round((size + n) * 100) / 100));
          roundHoles(read);
          const sizes = new Set(read.holes.map((h) => h.diameterMm));
          expect(sizes.size).toBe(1);
          const [only] = [...sizes];
          expect(Math.abs(only! / 0.05 - Math.round(only! / 0.05))).toBeLessThan(1e-6);
          // The mean is within the noise (0.04, and 0.005 of the measurement's rounding) of
          // the size, and the 0.05 mm step moves it by half a step at most.
          expect(Math.abs(only! - size)).toBeLessThanOrEqual(0.04 + 0.005 + 0.025 + 1e-9);
          for (const h of read.holes) expect(h.diameter).toBe(`Ø${only}`);
        },
      ),
    );
  });

  it('keeps sizes a scan tells apart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 600 }).map((tenths) => tenths / 10),
        (size) => {
          const larger = Math.round(size * 1.05 * 10) / 10 + 0.2;
          const read = plate([size, larger, size, larger]);
          roundHoles(read);
          expect(new Set(read.holes.map((h) => h.diameterMm)).size).toBe(2);
        },
      ),
    );
  });
});

describe('addPlateReadings', () => {
  /** A written length dimension on a traced page. */
  const written = (value: number) => ({
    line: { from: { x: 0, y: 0 }, to: { x: 10, y: 0 }, direction: { x: 1, y: 0 }, lengthPt: 10 },
    callout: {
      kind: 'length' as const,
      text: String(value),
      value,
      page: 1,
      x: 0,
      y: 0,
      width: 10,
      height: 5,
      angleDeg: 0,
      confidence: 0.9,
      source: 'test',
    },
  });
  const reading = { page: 1, ocr: true, findings: { callouts: [] } } as unknown as PageReading;
  const plateOf = (length: number, width: number, thicknessMm: number) =>
    ({
      readings: [],
      prismatic: {
        outline: [
          { x: 0, y: 0 },
          { x: length, y: 0 },
          { x: length, y: width },
          { x: 0, y: width },
        ],
        thicknessMm,
        holes: [],
        pockets: [],
        slots: [],
      },
    }) as unknown as BlueprintDescription;
  const size = fc.integer({ min: 20, max: 4000 }).map((tenths) => tenths / 10);

  it('reads the sizes a dimension writes when both sides of the outline are written', () => {
    fc.assert(
      fc.property(size, size, size, (length, width, thickness) => {
        const plate = plateOf(length, width, thickness);
        addPlateReadings(plate, reading, 0.7, [length, width, thickness].map(written));
        const fields = plate.readings!.map((r) => r.field);
        expect(fields).toEqual(
          expect.arrayContaining(['Plate length', 'Plate width', 'Plate thickness']),
        );
        expect(
          plate.readings!.every((r) => r.field === 'Plate outline' || /dimension/.test(r.source)),
        ).toBe(true);
      }),
    );
  });

  it('reads none when only one side is written (a turned part taken for a plate)', () => {
    fc.assert(
      fc.property(size, size, size, (length, width, thickness) => {
        fc.pre(
          Math.abs(width - length) > 0.01 * width && Math.abs(width - thickness) > 0.01 * width,
        );
        const plate = plateOf(length, width, thickness);
        addPlateReadings(plate, reading, 0.7, [length, thickness].map(written));
        expect(plate.readings!.map((r) => r.field)).toEqual(['Plate outline']);
      }),
    );
  });
});
