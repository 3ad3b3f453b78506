/**
 * The second OCR engine's own pre- and post-processing (drawings/engines/paddle-ops.ts) on small
 * synthetic inputs: the CTC decode of made-up recognizer outputs, text boxes of made-up
 * probability maps, the detector's and recognizer's input sizes, the dictionary's classes and the
 * quarter turn.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOX_THRESHOLD,
  ctcDecode,
  detectorInput,
  detectorSize,
  joinLineBoxes,
  RECOGNIZER_HEIGHT,
  recognizerClasses,
  recognizerInput,
  textBoxes,
  turnQuarter,
  UNCLIP_RATIO,
} from '#drawings/engines/paddle-ops';

/** Classes: blank, the dictionary 'a', 'b', '1', '.', and the space. */
const CLASSES = recognizerClasses('a\nb\n1\n.\n');

/** A recognizer output whose most probable class at each step is `steps[t]`, at `p`. */
function output(steps: number[], p = 0.9): Float32Array {
  const out = new Float32Array(steps.length * CLASSES.length);
  steps.forEach((best, t) => {
    for (let c = 0; c < CLASSES.length; c++)
      out[t * CLASSES.length + c] = c === best ? p : (1 - p) / (CLASSES.length - 1);
  });
  return out;
}

describe('recognizerClasses', () => {
  it('puts the blank first and the space last, one class a dictionary line', () => {
    expect(CLASSES).toEqual(['', 'a', 'b', '1', '.', ' ']);
    expect(recognizerClasses('x\r\ny')).toEqual(['', 'x', 'y', ' ']);
  });
});

describe('ctcDecode', () => {
  it('drops blanks, counts repeats once, and keeps letters a blank separates', () => {
    // a a _ b b _ b 1 . 1 → 'abb1.1'
    const decoded = ctcDecode(output([1, 1, 0, 2, 2, 0, 2, 3, 4, 3]), CLASSES);
    expect(decoded.text).toBe('abb1.1');
    expect(decoded.confidence).toBeCloseTo(0.9, 5);
  });

  it('gives the mean probability of the characters kept, blanks not counted', () => {
    const out = output([0, 1, 0, 3]);
    out[1 * CLASSES.length + 1] = 0.6;
    out[3 * CLASSES.length + 3] = 0.8;
    const decoded = ctcDecode(out, CLASSES);
    expect(decoded.text).toBe('a1');
    expect(decoded.confidence).toBeCloseTo(0.7, 5);
  });

  it('reads nothing from blanks alone, and trims the spaces at the ends', () => {
    expect(ctcDecode(output([0, 0, 0]), CLASSES)).toEqual({ text: '', confidence: 0 });
    expect(ctcDecode(output([5, 1, 5, 2, 5]), CLASSES).text).toBe('a b');
  });

  it('decodes any label sequence written with blanks between repeats', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 20 }), (labels) => {
        // Each label held 1..2 steps, a blank after each label followed by the same one.
        const steps: number[] = [];
        labels.forEach((label, i) => {
          steps.push(label, label);
          if (labels[i + 1] === label) steps.push(0);
        });
        const text = labels.map((label) => CLASSES[label]).join('');
        expect(ctcDecode(output(steps), CLASSES).text).toBe(text);
      }),
    );
  });

  it('refuses an output that is not whole rows of the classes', () => {
    expect(() => ctcDecode(new Float32Array(7), CLASSES)).toThrow(/classes/);
  });
});

/** A probability map of `w` × `h` at `background`, with rectangles at `p`. */
function map(
  w: number,
  h: number,
  rects: { x: number; y: number; width: number; height: number; p: number }[],
  background = 0.01,
): Float32Array {
  const out = new Float32Array(w * h).fill(background);
  for (const r of rects)
    for (let y = r.y; y < r.y + r.height; y++)
      for (let x = r.x; x < r.x + r.width; x++) out[y * w + x] = r.p;
  return out;
}

describe('textBoxes', () => {
  it('boxes each region of text apart, grown by its area × 1.5 / perimeter', () => {
    const boxes = textBoxes(
      map(100, 60, [
        { x: 10, y: 10, width: 30, height: 10, p: 0.9 },
        { x: 60, y: 40, width: 20, height: 8, p: 0.8 },
      ]),
      100,
      60,
    );
    expect(boxes).toHaveLength(2);
    const [first, second] = boxes;
    const grow1 = (30 * 10 * UNCLIP_RATIO) / (2 * 40);
    expect(first!.score).toBeCloseTo(0.9, 5);
    expect(first!.box.x0).toBeCloseTo(10 - grow1, 5);
    expect(first!.box.y0).toBeCloseTo(10 - grow1, 5);
    expect(first!.box.x1).toBeCloseTo(40 + grow1, 5);
    expect(first!.box.y1).toBeCloseTo(20 + grow1, 5);
    const grow2 = (20 * 8 * UNCLIP_RATIO) / (2 * 28);
    expect(second!.box.x0).toBeCloseTo(60 - grow2, 5);
    expect(second!.box.y1).toBeCloseTo(Math.min(60, 48 + grow2), 5);
  });

  it('drops regions under the box threshold and slivers under 3 px', () => {
    const boxes = textBoxes(
      map(80, 40, [
        { x: 5, y: 5, width: 20, height: 10, p: BOX_THRESHOLD - 0.05 },
        { x: 40, y: 5, width: 30, height: 2, p: 0.95 },
        { x: 40, y: 20, width: 30, height: 10, p: 0.95 },
      ]),
      80,
      40,
    );
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.box.x0).toBeLessThan(40);
    expect(boxes[0]!.box.y0).toBeLessThan(20);
    expect(boxes[0]!.box.y0).toBeGreaterThan(10);
  });

  it('keeps boxes inside the map and finds none in an empty one', () => {
    expect(textBoxes(map(50, 50, []), 50, 50)).toEqual([]);
    const [edge] = textBoxes(map(50, 50, [{ x: 0, y: 0, width: 10, height: 5, p: 0.9 }]), 50, 50);
    expect(edge!.box).toMatchObject({ x0: 0, y0: 0 });
  });
});

describe('joinLineBoxes', () => {
  const box = (x0: number, y0: number, x1: number, y1: number, score = 0.8) => ({
    box: { x0, y0, x1, y1 },
    score,
  });

  it('joins a line cut at a narrow gap, and chains of such cuts', () => {
    const joined = joinLineBoxes([
      box(1400, 710, 1464, 738, 0.9),
      box(1470, 711, 1566, 743, 0.6),
      box(1575, 712, 1600, 742, 0.6),
    ]);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.box).toEqual({ x0: 1400, y0: 710, x1: 1600, y1: 743 });
    // By width: the first two (0.72 over 166 px of the union), then the third.
    const firstTwo = (0.9 * 64 + 0.6 * 96) / 160;
    expect(joined[0]!.score).toBeCloseTo((firstTwo * 166 + 0.6 * 25) / 191, 5);
  });

  it('joins a thinner piece within the line’s height', () => {
    const joined = joinLineBoxes([box(1408, 716, 1459, 730, 0.6), box(1479, 711, 1564, 743)]);
    expect(joined.map((b) => b.box)).toEqual([{ x0: 1408, y0: 711, x1: 1564, y1: 743 }]);
  });

  it('leaves values two letters apart, other baselines and other sizes apart', () => {
    const apart = [
      box(0, 0, 60, 30),
      box(120, 0, 180, 30),
      box(62, 25, 100, 55),
      box(185, 20, 260, 80),
    ];
    expect(joinLineBoxes(apart)).toEqual(apart);
    // A region of the drawing 1300 px tall does not swallow the texts beside it.
    const tall = [box(0, 0, 40, 1300), box(60, 500, 120, 530), box(130, 500, 200, 530)];
    expect(joinLineBoxes(tall)).toHaveLength(2);
  });
});

describe('detector and recognizer inputs', () => {
  it('sizes the detector input in multiples of 32, never up, at most 1600 px long', () => {
    expect(detectorSize(1000, 700)).toEqual({ width: 992, height: 704 });
    expect(detectorSize(3308, 2339)).toEqual({ width: 1600, height: 1120 });
    expect(detectorSize(3308, 2339, 2000)).toEqual({ width: 1984, height: 1408 });
    expect(detectorSize(10, 10)).toEqual({ width: 32, height: 32 });
  });

  it('normalizes grey into three ImageNet channels', () => {
    const input = detectorInput({ data: new Uint8Array([0, 255]), width: 2, height: 1 });
    expect(input).toHaveLength(6);
    expect(input[0]).toBeCloseTo(-0.485 / 0.229, 5);
    expect(input[1]).toBeCloseTo((1 - 0.485) / 0.229, 5);
    expect(input[5]).toBeCloseTo((1 - 0.406) / 0.225, 5);
  });

  it('scales a box to 48 px high, padded with zeros to 96 px, white at 1 and black at -1', () => {
    // A 20 × 10 image: left half black, right half white.
    const data = new Uint8Array(200);
    for (let y = 0; y < 10; y++) for (let x = 0; x < 10; x++) data[y * 20 + x] = 0;
    for (let y = 0; y < 10; y++) for (let x = 10; x < 20; x++) data[y * 20 + x] = 255;
    const image = { data, width: 20, height: 10 };
    // A 10 × 10 box across the edge: 48 px wide, black then white, then padding.
    const { data: input, width } = recognizerInput(image, { x0: 5, y0: 0, x1: 15, y1: 10 });
    expect(width).toBe(96);
    expect(input).toHaveLength(3 * RECOGNIZER_HEIGHT * 96);
    const row = 20 * 96;
    expect(input[row + 10]).toBeCloseTo(-1, 5);
    expect(input[row + 40]).toBeCloseTo(1, 5);
    expect(input[row + 60]).toBe(0);
    // The same in all three channels.
    expect(input[RECOGNIZER_HEIGHT * 96 + row + 10]).toBeCloseTo(-1, 5);
    expect(input[2 * RECOGNIZER_HEIGHT * 96 + row + 40]).toBeCloseTo(1, 5);
    // A long box keeps its proportion: 48 / 10 × 100 px wide.
    expect(
      recognizerInput(
        { data: new Uint8Array(1000).fill(255), width: 100, height: 10 },
        { x0: 0, y0: 0, x1: 100, y1: 10 },
      ).width,
    ).toBe(480);
  });

  it('turns an image a quarter clockwise', () => {
    // 3 × 2: a b c / d e f → turned: d a / e b / f c
    const turned = turnQuarter({ data: new Uint8Array([1, 2, 3, 4, 5, 6]), width: 3, height: 2 });
    expect(turned).toEqual({ data: new Uint8Array([4, 1, 5, 2, 6, 3]), width: 2, height: 3 });
  });
});
