/**
 * Bosses standing on a turned plate beside its axis (describe/endview.ts `trimOffAxisEnds`): the
 * side view draws them like a diameter, the end view as circles away from the centre. They are
 * milled after turning, so the lathe must leave their material: the turned part carries their
 * envelope, a cylinder about the axis as far out as the farthest boss reaches in the end view
 * (their projection in the side view reaches less far when they stand off the view's plane).
 */
import { describe, expect, it } from 'vitest';
import { readDxf } from '#drawings/dxf/reader';
import { circle, dxf, line } from '#tests/helpers/dxf-drawings';

/**
 * A Ø70 plate 6 thick with four Ø10 bosses 7 high on a Ø40 circle at 45° (side view on the
 * axis y = 0 from x 0 to 13; the end view centred at (100, 0)): in the side view the bosses
 * reach 14.14 + 5 = 19.14 from the axis, in the end view 20 + 5 = 25.
 */
function plateWithBosses(): string {
  const reach = 20 * Math.SQRT1_2 + 5;
  const low = 20 * Math.SQRT1_2 - 5;
  const side = [
    line(0, -35, 6, -35),
    line(6, -35, 6, 35),
    line(6, 35, 0, 35),
    line(0, 35, 0, -35),
    ...[1, -1].flatMap((sign) => [
      line(6, sign * low, 13, sign * low),
      line(13, sign * low, 13, sign * reach),
      line(13, sign * reach, 6, sign * reach),
    ]),
  ];
  const end = [
    circle(100, 0, 35),
    ...[45, 135, 225, 315].map((deg) => {
      const rad = (deg * Math.PI) / 180;
      return circle(100 + 20 * Math.cos(rad), 20 * Math.sin(rad), 5);
    }),
  ];
  return dxf([...side, ...end], { insunits: 4 });
}

describe('bosses beside the axis of a turned plate', () => {
  const { description, isTurnedPart } = readDxf(plateWithBosses(), 'plate.dxf');

  it('turns their envelope, so that the mill finds their material', () => {
    expect(isTurnedPart).toBe(true);
    const diameters = description.outerDiameters.map((d) => [d.diameterMm, d.lengthMm]);
    expect(diameters).toContainEqual([70, 6]);
    const envelope = description.outerDiameters.find((d) => d.diameterMm !== 70);
    expect(envelope?.diameterMm).toBeCloseTo(50, 1);
    expect(envelope?.lengthMm).toBeCloseTo(7, 2);
    expect(description.outerDiameters.reduce((sum, d) => sum + (d.lengthMm ?? 0), 0)).toBeCloseTo(
      13,
      2,
    );
  });

  it('says the bosses are milled from that envelope', () => {
    expect(description.unresolved).toContainEqual(
      expect.stringMatching(
        /bosses or lugs off the axis, not turned: the lathe turns their envelope Ø50 × 7 mm, from which they are milled/,
      ),
    );
  });
});
