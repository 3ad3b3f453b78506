/**
 * Values written over one another (decision 065): split into their own values, given no vote on
 * the drawing's scale, and named as uncertain when either could be either line's; a value written
 * upright is not a horizontal line's. Page points, y down.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writingCost, ACROSS_PT } from '#drawings/page/attachment';
import { isCrowded } from '#drawings/page/crowded-texts';
import {
  attachCallouts,
  inferScale,
  MM_PER_PT,
  type DimensionLine,
  type DrawnDimension,
} from '#drawings/page/dimensions';
import type { TextRun } from '#drawings/reading';
import { readTextFindings, type TextCallout } from '#drawings/text/describe';
import { groupTextLines } from '#drawings/text/lines';

const frame = { page: 1, width: 842, height: 595, unit: 'pt' as const };

/** A PDF text run as pdf/text.ts gives it: a box a font size high from the baseline up. */
function run(text: string, x: number, y: number, size = 12, angleDeg = 0): TextRun {
  const length = text.length * size * 0.6;
  const upright = Math.abs(angleDeg) === 90;
  return {
    text,
    x,
    y,
    width: upright ? size : length,
    height: upright ? length : size,
    angleDeg,
    page: 1,
    confidence: 1,
    origin: 'pdf-text',
  };
}

/** A horizontal or vertical dimension line from a point, page points. */
function dimensionLine(from: { x: number; y: number }, lengthPt: number, vertical = false) {
  const direction = vertical ? { x: 0, y: -1 } : { x: 1, y: 0 };
  return {
    from,
    to: { x: from.x + direction.x * lengthPt, y: from.y + direction.y * lengthPt },
    direction,
    lengthPt,
  } satisfies DimensionLine;
}

const decimal = fc
  .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 9999 }))
  .map(([whole, part]) => `${whole}.${part}`);

describe('values written over one another', () => {
  it('stay two values, each its own, however they overlap on one baseline', () => {
    fc.assert(
      fc.property(
        decimal,
        decimal,
        fc.double({ min: 0.1, max: 0.45, noNaN: true }),
        (first, second, overlapShare) => {
          const a = run(first, 300, 200);
          // The second starts inside the first: overlapping by a share of a text height.
          const b = run(second, a.x + a.width - overlapShare * 12, 200);
          const lines = groupTextLines([a, b], [frame]);
          expect(lines.map((line) => line.text).sort()).toEqual([first, second].sort());
          const callouts = readTextFindings([a, b], [frame]).callouts;
          expect(callouts.map((c) => c.text).sort()).toEqual([first, second].sort());
          for (const callout of callouts) expect(isCrowded(callout, [a, b])).toBe(true);
        },
      ),
    );
  });

  it('are crowded only when their boxes overlap, not when lines of text touch', () => {
    fc.assert(
      fc.property(
        decimal,
        decimal,
        fc.double({ min: 0, max: 30, noNaN: true }),
        fc.double({ min: -0.3, max: 0.3, noNaN: true }),
        (first, second, shift, rise) => {
          // At the thresholds themselves (0.03 of a text height down, 0.02 of the narrower width
          // across) either answer is right.
          fc.pre(Math.abs(rise - 0.03) > 0.002);
          const a = run(first, 300, 200);
          // A text height above (a line pitch, touching) or closer (overlapping).
          const b = run(second, 300 + shift, 200 - 12 + rise * 12);
          const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
          const acrossShare = across / Math.min(a.width, b.width);
          fc.pre(Math.abs(acrossShare - 0.02) > 0.002);
          const [callout] = readTextFindings([a], [frame]).callouts;
          expect(isCrowded(callout!, [a, b])).toBe(rise > 0.03 && acrossShare > 0.02);
        },
      ),
    );
  });

  it('have no vote on the scale', () => {
    // An inch part at 1:1 whose stacked '0.1875's sit nearest lines twice their length: without
    // the crowded pairs the drawing measures at 1:1, not 2:1.
    const callout = (text: string, value: number): TextCallout => ({
      kind: 'length',
      text,
      value,
      page: 1,
      x: 0,
      y: 0,
      width: 30,
      height: 12,
      angleDeg: 0,
      confidence: 1,
      source: text,
    });
    const at = (lengthMm: number, value: number, crowded = false): DrawnDimension => ({
      line: dimensionLine({ x: 0, y: 0 }, lengthMm / MM_PER_PT),
      callout: callout(String(value), value * 25.4),
      ...(crowded ? { crowded: true } : {}),
    });
    const dimensions = [
      at(9.525, 0.1875, true),
      at(9.525, 0.1875, true),
      at(9.525, 0.1875, true),
      at(9.525, 0.375),
      at(12.7, 0.5),
    ];
    expect(inferScale(dimensions)).toMatchObject({ ratio: 1, agreeing: 2 });
    const trusting = dimensions.map(({ crowded: _crowded, ...d }) => d);
    expect(inferScale(trusting)).toMatchObject({ ratio: 2, agreeing: 3 });
  });

  it('are uncertain when either could be either line\u2019s, unless they are the same text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('⌀0.1875 +0.003/0', '0.25', '⌀0.19'),
        fc.boolean(),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (other, same, jitter) => {
          // Two equal lines one above the other, the two texts over one another between them
          // (less than half a text height apart).
          const upper = dimensionLine({ x: 300, y: 184 }, 60);
          const lower = dimensionLine({ x: 300, y: 218 }, 60);
          const a = run('0.1875', 310, 193 + jitter);
          const b = run(same ? '0.1875' : other, 312, 197 - jitter);
          const callouts = readTextFindings([a, b], [frame]).callouts;
          const attached = attachCallouts([upper, lower], callouts);
          expect(attached).toHaveLength(2);
          const uncertain = attached.filter((d) => d.uncertain).length;
          expect(uncertain).toBe(same ? 0 : 2);
        },
      ),
    );
  });
});

describe('the direction a value is written in', () => {
  it('costs nothing horizontal or along its line, and a line across it otherwise', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: Math.PI, noNaN: true }),
        fc.integer({ min: -179, max: 180 }),
        (lineAngle, textDeg) => {
          const direction = { x: Math.cos(lineAngle), y: -Math.sin(lineAngle) };
          const text = (textDeg * Math.PI) / 180;
          const horizontal = Math.abs(Math.sin(text)) <= Math.sin((5 * Math.PI) / 180);
          const along = Math.abs(Math.sin(text - lineAngle)) <= Math.sin((5 * Math.PI) / 180);
          expect(writingCost(direction, textDeg)).toBe(horizontal || along ? 0 : ACROSS_PT);
        },
      ),
    );
  });

  it('gives an upright Ø value to the upright line beside it, not a horizontal one it crosses', () => {
    // The blind bore's '⌀0.1875 +0.003/0' written upright across its depth's line, the depth's
    // '0.1875' beside both lines: the Ø is the upright line's (whole-path seed 20261129, run 34).
    const across = dimensionLine({ x: 176, y: 149 }, 13.5, true);
    const depth = dimensionLine({ x: 165, y: 145.7 }, 13.5);
    const diameter = run('⌀0.1875 +0.003/0', 161, 86.6, 12.3, 90);
    const length = run('0.1875', 150.5, 119, 12.3);
    const callouts = readTextFindings([diameter, length], [frame]).callouts;
    const attached = attachCallouts([across, depth], callouts);
    const on = (line: DimensionLine) => attached.find((d) => d.line === line)?.callout.text;
    expect(on(across)).toBe('⌀0.1875 +0.003/0');
    expect(on(depth)).toBe('0.1875');
  });

  it('gives a value written square to a line far out in line with it to no line of that kind', () => {
    // A shaft's overall length written above the view, straight over a diameter's upright
    // dimension line whose own value OCR missed: it was read as that diameter (a scan of the
    // whole-path test, seed 20261129, run 6: "151.5" given to the Ø38's line). Written square
    // to the line beside it or just past its arrowhead, a value is still the line's.
    fc.assert(
      fc.property(
        fc.double({ min: 40, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.double({ min: 6, max: 20, noNaN: true }),
        fc.double({ min: 8, max: 14, noNaN: true }),
        (lengthPt, near, far, size) => {
          const line = dimensionLine({ x: 300, y: 400 }, lengthPt, true);
          const top = 400 - lengthPt;
          // Upright on the page (angle 0) above the line's top end, centred on it.
          const above = (gap: number) => run('151.5', 300 - 1.5 * size, top - gap - size, size);
          const callouts = (gap: number) => readTextFindings([above(gap)], [frame]).callouts;
          expect(attachCallouts([line], callouts(far * size))).toEqual([]);
          expect(attachCallouts([line], callouts(near * size))).toHaveLength(1);
        },
      ),
    );
  });
});
