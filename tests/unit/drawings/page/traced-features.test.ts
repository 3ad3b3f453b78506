/**
 * A scanned plate's cut-outs and pockets held where the scan alone gives them (decision 072,
 * drawings/page/traced-features.ts): line work that closes no contour is named, the outline's
 * own line work is not; a pocket whose size no written length confirms is named. The last two
 * cases are plates of the whole-path PNG test (seed 20261129, 24 runs) that were called verified
 * while the independent check found them wrong.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrismaticDescription } from '#contracts/blueprint';
import type { Primitive } from '#drawings/geometry/primitives';
import {
  looseLineWork,
  unconfirmedFeatures,
  withoutLetterContours,
  unconfirmedOutline,
} from '#drawings/page/traced-features';
import { readDrawing } from '#drawings/read';
import type { PlatePart } from '#tests/helpers/drawings/parts';
import { svgToPng } from '#tests/helpers/drawings/raster';
import { buildSheet, plainStyle } from '#tests/helpers/drawings/sheet';
import { sheetToSvg } from '#tests/helpers/drawings/svg';

type Plate = Pick<PrismaticDescription, 'outline' | 'holes' | 'pockets' | 'slots' | 'steps'>;

const line = (ax: number, ay: number, bx: number, by: number): Primitive => ({
  kind: 'line',
  a: { x: ax, y: ay },
  b: { x: bx, y: by },
  layer: 'traced',
});
const arc = (
  cx: number,
  cy: number,
  radius: number,
  fromDeg: number,
  toDeg: number,
): Primitive => ({
  kind: 'arc',
  center: { x: cx, y: cy },
  radius,
  startRad: (fromDeg * Math.PI) / 180,
  endRad: (toDeg * Math.PI) / 180,
  layer: 'traced',
});
/**
 * A 100 × 60 plate's outline with R5 corners: its traced line work, and its polygon cut across
 * the corners by one chord each (the fillets lie inside it).
 */
const R = 5;
const outlineWork = [
  line(R, 0, 100 - R, 0),
  line(100, R, 100, 60 - R),
  line(100 - R, 60, R, 60),
  line(0, 60 - R, 0, R),
  arc(100 - R, R, R, -90, 0),
  arc(100 - R, 60 - R, R, 0, 90),
  arc(R, 60 - R, R, 90, 180),
  arc(R, R, R, 180, 270),
];
const plate: Plate = {
  outline: [
    { x: R, y: 0 },
    { x: 100 - R, y: 0 },
    { x: 100, y: R },
    { x: 100, y: 60 - R },
    { x: 100 - R, y: 60 },
    { x: R, y: 60 },
    { x: 0, y: 60 - R },
    { x: 0, y: R },
  ],
  holes: [],
  pockets: [],
  slots: [],
};
/** A line's width on a 150 dpi scan and the lettering's height, mm. */
const NOISE_MM = 0.5;
const LETTER_MM = 3.5;

/** A rectangular cut-out's edges, its top edge broken by a value `gapMm` wide at `at` (0..1). */
function brokenCutOut(x: number, y: number, w: number, h: number, at: number, gapMm: number) {
  const gapFrom = x + at * (w - gapMm);
  return [
    line(x, y, x + w, y),
    line(x + w, y, x + w, y + h),
    line(x + w, y + h, gapFrom + gapMm, y + h),
    line(gapFrom, y + h, x, y + h),
    line(x, y + h, x, y),
  ].filter(
    (primitive) =>
      primitive.kind !== 'line' ||
      primitive.a.x !== primitive.b.x ||
      primitive.a.y !== primitive.b.y,
  );
}

describe('looseLineWork: outline line work that closes no contour on a scan', () => {
  it('names a cut-out whose edge a written value broke, once, wherever it lies', () => {
    fc.assert(
      fc.property(
        fc.record({
          x: fc.double({ min: 15, max: 50, noNaN: true }),
          y: fc.double({ min: 10, max: 25, noNaN: true }),
          w: fc.double({ min: 8, max: 35, noNaN: true }),
          h: fc.double({ min: 8, max: 25, noNaN: true }),
          at: fc.double({ min: 0, max: 1, noNaN: true }),
          gap: fc.double({ min: 2, max: 6, noNaN: true }),
        }),
        ({ x, y, w, h, at, gap }) => {
          const work = [...outlineWork, ...brokenCutOut(x, y, w, h, at, Math.min(gap, w - 2))];
          const doubts = looseLineWork(work, plate, NOISE_MM, LETTER_MM);
          expect(doubts).toHaveLength(1);
          expect(doubts[0]!.text).toMatch(/^lines of [\d.]+ × [\d.]+ mm at X[\d.]+ Y[\d.]+$/);
          expect(doubts[0]!.why).toMatch(/^closes no contour the reader placed/);
        },
      ),
    );
  });

  it("leaves the outline's fillets alone, though the outline's polygon cuts across them", () => {
    expect(looseLineWork(outlineWork, plate, NOISE_MM, LETTER_MM)).toEqual([]);
  });

  it('leaves what the plate read explains: holes with their marks, pockets, slots, a step edge', () => {
    const read: Plate = {
      ...plate,
      holes: [{ diameter: 'Ø6', x: 20, y: 20, diameterMm: 6, through: true, kind: 'through' }],
      pockets: [
        {
          label: 'Cut-out 20 × 10 mm',
          through: true,
          outline: [
            { x: 40, y: 20 },
            { x: 60, y: 20 },
            { x: 60, y: 30 },
            { x: 40, y: 30 },
          ],
        },
      ],
      slots: [{ label: 'Slot', from: { x: 20, y: 45 }, to: { x: 40, y: 45 }, widthMm: 6 }],
      steps: [
        {
          label: 'Step 1',
          outline: [
            { x: 85, y: 0 },
            { x: 100, y: 0 },
            { x: 100, y: 60 },
            { x: 85, y: 60 },
          ],
        },
      ],
    };
    const work = [
      ...outlineWork,
      // Pieces of the hole's circle and its centre mark, traced apart.
      arc(20, 20, 3, 0, 120),
      line(16, 20, 24, 20),
      line(20, 16, 20, 24),
      // The cut-out's edges, broken, along the cut-out read.
      line(40, 20, 52, 20),
      line(55, 20, 60, 20),
      // The slot's sides.
      line(20, 42, 40, 42),
      line(20, 48, 40, 48),
      // The step's edge across the face.
      line(85, 0, 85, 60),
    ];
    expect(looseLineWork(work, read, NOISE_MM, LETTER_MM)).toEqual([]);
  });

  it('takes a cluster of short strokes for lettering the OCR left, not a feature', () => {
    // 'THRU' traced as strokes 3.5 mm tall.
    const letters = [
      line(30, 30, 32.5, 30),
      line(31.25, 30, 31.25, 26.5),
      line(33, 30, 33, 26.5),
      line(35, 30, 35, 26.5),
      line(33, 28.2, 35, 28.2),
      line(36, 30, 36, 26.5),
    ];
    expect(looseLineWork([...outlineWork, ...letters], plate, NOISE_MM, LETTER_MM)).toEqual([]);
  });
});

describe('unconfirmedFeatures: a traced pocket whose size nothing written confirms', () => {
  const pocket = (w: number, h: number, depthMm?: number) => ({
    label: 'Pocket',
    outline: [
      { x: 10, y: 10 },
      { x: 10 + w, y: 10 },
      { x: 10 + w, y: 10 + h },
      { x: 10, y: 10 + h },
    ],
    ...(depthMm === undefined ? { through: true } : { depthMm }),
  });

  it('names a pocket one of whose sizes no written length confirms', () => {
    const doubts = unconfirmedFeatures({ pockets: [pocket(22.63, 31.61, 10.5)] }, [{ mm: 31.5 }]);
    expect(doubts).toEqual([
      {
        text: 'pocket 22.6 × 31.6 mm',
        why: "is traced from the scan with a width no written size confirms (a scan traces a wall only to within a line's width)",
      },
    ]);
  });

  it('names a cut-out traced a millimetre small although its size is written', () => {
    const doubts = unconfirmedFeatures({ pockets: [pocket(33, 12)] }, [{ mm: 34 }, { mm: 12 }]);
    expect(doubts.map((doubt) => doubt.text)).toEqual(['cut-out 33 × 12 mm']);
  });

  it('keeps a pocket whose width and height are written, within 0.5 % or their tolerance', () => {
    const written = [{ mm: 40 }, { mm: 20, tolerance: { upperMm: 0.2, lowerMm: 0 } }];
    expect(unconfirmedFeatures({ pockets: [pocket(40.15, 20.18, 3)] }, written)).toEqual([]);
  });
});

describe('unconfirmedOutline: a traced outline whose size nothing written confirms', () => {
  const square = (w: number, h: number) => [
    { x: 50, y: 84 },
    { x: 50 + w, y: 84 },
    { x: 50 + w, y: 84 + h },
    { x: 50, y: 84 + h },
  ];

  it("names a hole's contour taken for a 153.5 × 47 plate's outline (seed 7, case 1)", () => {
    const doubts = unconfirmedOutline({ outline: square(6.6, 6.6) }, [{ mm: 6.6 * 10 }]);
    expect(doubts.map((doubt) => doubt.text)).toEqual(['outline 6.6 × 6.6 mm']);
  });

  it('keeps an outline one of whose sizes is written, though OCR lost the other', () => {
    expect(unconfirmedOutline({ outline: square(159.6, 40.02) }, [{ mm: 40 }])).toEqual([]);
  });
});

describe('scanned plates of the whole-path test (PNG, 150 dpi)', () => {
  const readScan = async (plate: PlatePart) => {
    const sheet = buildSheet(plate, { ...plainStyle, units: plate.units });
    const bytes = svgToPng(sheetToSvg(sheet), 150);
    return readDrawing({ fileName: 'generated.png', type: 'png', bytes });
  };
  const base = {
    kind: 'plate' as const,
    units: 'mm' as const,
    cornerRadius: 0,
    material: 'EN AW-6082',
    truth: [],
  };

  it('names the cut-out whose edge the value "12" broke (was verified with it uncut)', async () => {
    const description = await readScan({
      ...base,
      width: 156,
      height: 40,
      thickness: 8,
      holes: [],
      pockets: [],
      cutOut: { x: 101, y: 14, width: 34, height: 12, cornerRadius: 2 },
      generalTolerance: 'ISO 2768-f',
    });
    expect(description.prismatic?.pockets).toEqual([]);
    expect(description.unplaced?.map((item) => item.text)).toEqual([
      expect.stringMatching(/^lines of 3\d(\.\d)? × 1[23](\.\d)? mm at X11\d(\.\d)? Y20(\.\d)?$/),
    ]);
  }, 60_000);

  it('names the pocket whose width the scan did not read (was verified 0.13 mm wide)', async () => {
    const centres = [
      { x: 8.5, y: 8.5 },
      { x: 109.5, y: 8.5 },
      { x: 109.5, y: 85 },
      { x: 8.5, y: 85 },
    ];
    const description = await readScan({
      ...base,
      width: 118,
      height: 93.5,
      thickness: 12.5,
      holes: [{ diameter: 5.5, centres }],
      pockets: [{ x: 21, y: 31, width: 22.5, height: 31.5, cornerRadius: 1, depth: 10.5 }],
      generalTolerance: 'ISO 2768-c',
    });
    expect(description.unplaced?.map((item) => item.text)).toEqual([
      expect.stringMatching(/^pocket 22\.\d × 31\.\d mm$/),
    ]);
  }, 60_000);
});

describe('withoutLetterContours: a traced contour no larger than the lettering', () => {
  const pocket = (w: number, h: number) => ({
    label: 'Cut-out',
    through: true,
    outline: [
      { x: 10, y: 10 },
      { x: 10 + w, y: 10 },
      { x: 10 + w, y: 10 + h },
      { x: 10, y: 10 + h },
    ],
  });

  it("is a letter's bowl unless a written length gives one of its sides", () => {
    const plate = { pockets: [pocket(2.1, 2.1), pocket(1, 1), pocket(3, 3), pocket(2, 12)] };
    withoutLetterContours(plate, [{ mm: 3 }], 3.5);
    expect(plate.pockets.map((p) => p.outline[2])).toEqual([
      { x: 13, y: 13 },
      { x: 12, y: 22 },
    ]);
  });

  it('keeps every contour when the lettering is not known', () => {
    const plate = { pockets: [pocket(1, 1)] };
    withoutLetterContours(plate, [], 0);
    expect(plate.pockets).toHaveLength(1);
  });
});
