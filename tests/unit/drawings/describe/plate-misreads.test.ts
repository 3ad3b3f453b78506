/**
 * Misreads of generated plates that the whole-path test (tests/integration/whole-path-plates)
 * showed, each pinned down where it happened: a corner's radius written beside a hole's diameter
 * read as the hole's fit, a counted hole callout taken for a length, and a counted callout on a
 * hole's diameter dimension read as the diameter.
 */
import { describe, expect, it } from 'vitest';
import { holeOf } from '#drawings/describe/plate-holes';
import type { LinePrimitive } from '#drawings/geometry/primitives';
import { calloutsFromRuns, pairArrows } from '#drawings/page/dimensions';
import type { TextRun } from '#drawings/reading';
import { groupTextLines } from '#drawings/text/lines';

const run = (text: string, x: number, y: number, width = 8): TextRun => ({
  text,
  x,
  y,
  width,
  height: 10,
  angleDeg: 0,
  page: 1,
  confidence: 1,
  origin: 'pdf-text',
});
const frame = [{ page: 1, width: 842, height: 595, unit: 'pt' as const }];

describe('text lines: two callouts side by side stay two', () => {
  it("keeps a corner's radius apart from a hole's diameter on the same baseline", () => {
    // The PDF of a plate: '⌀5.5' on the hole's leader, 'R2' on the corner's, 8 pt apart.
    const lines = groupTextLines([run('⌀5.5', 100, 200, 26), run('R2', 134, 201, 14)], frame);
    expect(lines.map((line) => line.text)).toEqual(['⌀5.5', 'R2']);
    const turned = groupTextLines([run('R2', 100, 200, 14), run('⌀5.5', 120, 200, 26)], frame);
    expect(turned.map((line) => line.text)).toEqual(['R2', '⌀5.5']);
  });

  it('still joins a diameter with its fit and a count with its diameter', () => {
    const fit = groupTextLines([run('⌀20', 100, 200, 20), run('H7', 124, 200, 14)], frame);
    expect(fit.map((line) => line.text)).toEqual(['⌀20 H7']);
    const counted = groupTextLines([run('4x', 100, 200, 12), run('⌀5.5', 114, 200, 26)], frame);
    expect(counted.map((line) => line.text)).toEqual(['4x ⌀5.5']);
  });
});

describe('dimension values from text runs', () => {
  const arrows = [
    { tip: { x: 300, y: 200 }, direction: { x: -1, y: 0 }, sizePt: 6 },
    { tip: { x: 340, y: 200 }, direction: { x: 1, y: 0 }, sizePt: 6 },
  ];
  const line: LinePrimitive = {
    kind: 'line',
    a: { x: 300, y: 200 },
    b: { x: 340, y: 200 },
    layer: '0',
  };

  it("takes no counted hole callout for a length (its count is no size: '4x⌀5.5' is not 4)", () => {
    const lines = pairArrows(arrows, [line]);
    expect(lines).toHaveLength(1);
    expect(calloutsFromRuns(lines, [], [run('4x⌀5.5', 305, 186, 30)])).toEqual([]);
    expect(calloutsFromRuns(lines, [], [run('2 x M6', 305, 186, 30)])).toEqual([]);
    const beside = calloutsFromRuns(lines, [], [run('4x⌀5.5', 305, 186, 30), run('8.5', 318, 187)]);
    expect(beside.map((d) => d.callout.value)).toEqual([8.5]);
  });
});

describe("a hole's diameter dimension", () => {
  it("reads '4x Ø5.5' as Ø5.5, not as Ø4", () => {
    const hole = holeOf({ center: { x: 10, y: 10 }, diameterMm: 5.5 }, [], {
      dimensions: [
        {
          note: {
            kind: 'diameter',
            p1: { x: 10 - 2.75, y: 10 },
            p2: { x: 10 + 2.75, y: 10 },
            angleRad: 0,
            written: '4x Ø5.5',
          },
          text: '4x Ø5.5',
        },
      ],
      mmPerUnit: 1,
    });
    expect(hole.diameter).toBe('Ø5.5');
    expect(hole.diameterMm).toBe(5.5);
    expect(hole.fit).toBeUndefined();
  });
});

describe('a thread note beside plain holes near its tap drill', () => {
  const note = (text: string) => ({ text, at: { x: 0, y: 0 }, layer: '0', inTitleBlock: false });
  const notes = [note('4x Ø6.6'), note('2x M8')];
  const extras = { dimensions: [], mmPerUnit: 1 };

  it("leaves a Ø6.6 hole the notes write plain, though M8's tap drill 6.75 is 0.15 mm away", () => {
    const hole = holeOf({ center: { x: 10, y: 10 }, diameterMm: 6.6 }, notes, extras);
    expect(hole).toMatchObject({ diameterMm: 6.6, kind: 'through' });
    expect(hole.thread).toBeUndefined();
  });

  it('taps a circle drawn at the tap drill that no plain note writes', () => {
    for (const diameterMm of [6.8, 6.92]) {
      const hole = holeOf({ center: { x: 10, y: 10 }, diameterMm }, notes, extras);
      expect(hole).toMatchObject({ diameterMm: 8, kind: 'tapped', thread: 'M8' });
    }
  });
});
