/**
 * The holes of a plate traced from a scan (decision 093): sized by the hole note on its leader
 * (its Ø sign read as a digit mended by the count of holes that agree), by a dimension line drawn
 * across the hole, or held for the operator; and the leader shelves whose note is read again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyDescription, type BlueprintDescription } from '#contracts/blueprint';
import { applyHoleCallouts } from '#drawings/page/merge';
import { dimensionLine } from '#drawings/page/dimensions';
import { sizeTracedHoles, TRACED_HOLE_WHY } from '#drawings/page/traced-holes';
import { withoutPlacedLengths } from '#drawings/page/unplaced-values';
import { unreadShelves } from '#drawings/image/leader-shelves';
import { concentricCirclesNote, concentricUnplaced } from '#drawings/describe/concentric';
import type { LinePrimitive } from '#drawings/geometry/primitives';
import { readTextFindings } from '#drawings/text/describe';

const frame = { page: 1, width: 1000, height: 1000, unit: 'px' as const };

/** A plate 100 × 60 mm with holes of the given traced sizes at the given places. */
function plate(holes: { d: number; x: number; y: number }[]): BlueprintDescription {
  const description = emptyDescription();
  description.prismatic = {
    outline: [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 60 },
      { x: 0, y: 60 },
    ],
    holes: holes.map(({ d, x, y }) => ({
      diameter: `Ø${d}`,
      x,
      y,
      diameterMm: d,
      through: true,
      kind: 'through' as const,
    })),
    pockets: [],
    slots: [],
  };
  return description;
}

/** The page's callouts read from runs of OCR text. */
const calloutsOf = (...texts: string[]) =>
  readTextFindings(
    texts.map((text, i) => ({
      text,
      x: 600,
      y: 100 + 40 * i,
      width: 12 * text.length,
      height: 20,
      angleDeg: 0,
      page: 1,
      confidence: 0.4,
      origin: 'ocr' as const,
    })),
    [frame],
  );

/** The description's mm as page points: 1 mm is 2 pt, y up the page. */
const toPage = (p: { x: number; y: number }) => ({ x: 100 + 2 * p.x, y: 500 - 2 * p.y });

describe('a hole note whose Ø sign OCR read as a digit', () => {
  it('sizes the holes when exactly as many as it counts have the size without that digit', () => {
    const description = plate([
      { d: 4.45, x: 10, y: 10 },
      { d: 4.5, x: 90, y: 10 },
      { d: 9.05, x: 50, y: 30 },
    ]);
    const sized = applyHoleCallouts(description, calloutsOf('2X24.5'));
    const holes = description.prismatic!.holes;
    expect(holes.slice(0, 2).map((h) => [h.diameter, h.diameterMm])).toEqual([
      ['Ø4.5', 4.5],
      ['Ø4.5', 4.5],
    ]);
    expect([...sized]).toEqual(holes.slice(0, 2));
    expect(holes[2]!.diameterMm).toBe(9.05);
  });

  it('sizes none when the count does not agree, nor when a hole has the size as read', () => {
    const three = plate([
      { d: 4.5, x: 10, y: 10 },
      { d: 4.5, x: 90, y: 10 },
      { d: 4.5, x: 50, y: 30 },
    ]);
    expect(applyHoleCallouts(three, calloutsOf('2X24.5')).size).toBe(0);
    expect(three.prismatic!.holes.every((h) => h.diameter === 'Ø4.5')).toBe(true);
    const large = plate([
      { d: 24.5, x: 30, y: 30 },
      { d: 24.5, x: 70, y: 30 },
      { d: 4.5, x: 10, y: 10 },
      { d: 4.5, x: 90, y: 10 },
    ]);
    const sized = applyHoleCallouts(large, calloutsOf('2X24.5'));
    expect([...sized].map((h) => h.diameterMm)).toEqual([24.5, 24.5]);
  });
});

describe('sizeTracedHoles', () => {
  const across = (value: string, from: { x: number; y: number }, to: { x: number; y: number }) => {
    const callout = calloutsOf(value).callouts[0]!;
    return { line: dimensionLine(toPage(from), toPage(to)), callout };
  };

  it('gives a hole the value of the dimension line drawn across it through its centre', () => {
    // flange.png: the Ø28 bore traced Ø27.92, '28' written along the slanted line across it.
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: Math.PI, noNaN: true }),
        fc.double({ min: -0.3, max: 0.3, noNaN: true }),
        (angle, traced) => {
          const description = plate([{ d: 28 + traced, x: 50, y: 30 }]);
          const u = { x: 14 * Math.cos(angle), y: 14 * Math.sin(angle) };
          const line = across('28', { x: 50 - u.x, y: 30 - u.y }, { x: 50 + u.x, y: 30 + u.y });
          sizeTracedHoles(description, new Set(), [line], toPage);
          expect(description.prismatic!.holes[0]).toMatchObject({
            diameter: 'Ø28',
            diameterMm: 28,
          });
          expect(description.unplaced).toBeUndefined();
        },
      ),
      { numRuns: 50, seed: 20261201 },
    );
  });

  it('names the circles drawn around the hole by its written size', () => {
    const description = plate([{ d: 27.9, x: 50, y: 30 }]);
    const hole = description.prismatic!.holes[0]!;
    description.unplaced = concentricUnplaced([
      { center: { x: hole.x, y: hole.y }, diameterMm: 27.92, around: [29.95, 39.91] },
    ]);
    description.unresolved = [concentricCirclesNote(description.unplaced)!];
    const line = across('28', { x: 36, y: 30 }, { x: 64, y: 30 });
    sizeTracedHoles(description, new Set(), [line], toPage);
    expect(description.unplaced.map((entry) => entry.text)).toEqual([
      'Ø29.95 around the Ø28 hole',
      'Ø39.91 around the Ø28 hole',
    ]);
    expect(description.unresolved[0]).toMatch(
      /^Concentric circles around the Ø28 hole \(Ø29\.95, Ø39\.91\)/,
    );
  });

  it('holds a hole that no written size gives, once per size, and keeps the holes a callout sized', () => {
    const description = plate([
      { d: 1.65, x: 20, y: 10 },
      { d: 1.65, x: 80, y: 10 },
      { d: 6.6, x: 50, y: 30 },
      { d: 28, x: 50, y: 45 },
    ]);
    const holes = description.prismatic!.holes;
    // A line beside the Ø28 hole, not through its centre, and one through it with another value.
    const beside = across('28', { x: 36, y: 55 }, { x: 64, y: 55 });
    const otherValue = across('30', { x: 36, y: 45 }, { x: 64, y: 45 });
    sizeTracedHoles(description, new Set([holes[2]!]), [beside, otherValue], toPage);
    expect(description.unplaced).toEqual([
      { text: 'Ø1.65', why: TRACED_HOLE_WHY, diameterMm: 1.65, topView: true },
      { text: 'Ø28', why: TRACED_HOLE_WHY, diameterMm: 28, topView: true },
    ]);
    expect(description.unresolved).toContain(
      '2 holes Ø1.65 are traced from the scan, no written size was read for them: give the written size with Change, or remove Ø1.65 from the values not placed once checked.',
    );
    // The operator gives the bolt holes' written size: their hold goes, the bore's stays.
    for (const hole of holes.slice(0, 2)) {
      hole.diameterMm = 2;
      hole.diameter = 'Ø2';
    }
    withoutPlacedLengths(description);
    expect(description.unplaced?.map((entry) => entry.text)).toEqual(['Ø28']);
  });
});

describe('unreadShelves', () => {
  const line = (ax: number, ay: number, bx: number, by: number): LinePrimitive => ({
    kind: 'line',
    a: { x: ax, y: ay },
    b: { x: bx, y: by },
    layer: 'pdf',
  });
  const letter = 10;

  it('finds a shelf a leader meets at either end, from above or below, with no text on it', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 20, max: 70 }),
        (atLeft, fromBelow, angleDeg) => {
          const shelf = line(200, 300, 260, 300);
          const knee = atLeft ? shelf.a : shelf.b;
          const rise = 60 * Math.sin((angleDeg * Math.PI) / 180) * (fromBelow ? 1 : -1);
          const run = 60 * Math.cos((angleDeg * Math.PI) / 180) * (atLeft ? -1 : 1);
          const leader = line(knee.x + run, knee.y + rise, knee.x + 2, knee.y + 1);
          expect(unreadShelves([shelf, leader], [], letter)).toEqual([
            { from: shelf.a, to: shelf.b },
          ]);
          // A note read standing on it: nothing to read again.
          const note = { x: 205, y: 286, width: 50, height: 12 };
          expect(unreadShelves([shelf, leader], [note], letter)).toEqual([]);
        },
      ),
      { numRuns: 40, seed: 20261201 },
    );
  });

  it('finds no shelf in a horizontal line no leader meets, nor in a leader square to it', () => {
    const shelf = line(200, 300, 260, 300);
    expect(unreadShelves([shelf, line(100, 400, 150, 400)], [], letter)).toEqual([]);
    expect(unreadShelves([shelf, line(200, 300, 200, 380)], [], letter)).toEqual([]);
  });
});
