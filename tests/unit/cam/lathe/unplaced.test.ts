/**
 * What the drawing writes that the description does not place (decision 057) leaves a lathe
 * program undone, except what concerns a plate's top view (a traced outline, a circle around a
 * hole): an operator who describes the drawing as a turned part leaves those aside.
 */
import { describe, expect, it } from 'vitest';
import { turnedPartFromDescription } from '#cam/lathe/part';
import { diameter, turned } from './far-end-parts.ts';

describe('the lathe part model and what is not placed', () => {
  it("names a callout placed on no diameter, and leaves a plate's top view aside", () => {
    const description = turned('Shaft', '6061-T6', [diameter(40, 85)], []);
    description.unplaced = [
      { text: 'M10x1.5', why: 'matches no diameter of the profile' },
      { text: 'lines of 42 × 42 mm at X35 Y21', why: 'closes no contour', topView: true },
      {
        text: 'Ø30 around the Ø28 hole',
        why: 'is a circle drawn around a hole',
        topView: true,
        around: { diameterMm: 30, holeDiameterMm: 28, holes: [{ x: 0, y: 0 }] },
      },
    ];
    const part = turnedPartFromDescription(description);
    expect(part.notProgrammed).toEqual([
      'what the drawing writes as "M10x1.5": it matches no diameter of the profile; give it with Change, or remove it from the values once checked',
    ]);
  });
});
