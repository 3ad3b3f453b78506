/**
 * The slivers a traced raster leaves in a turned part's silhouette (describe/silhouette.ts
 * `dropSlivers`): at an end, apart from the part, they are left out; beside a flat piece they
 * are taken into it; a vector drawing (no noise) keeps every piece. The dips a broken edge
 * leaves (`withoutDips`, decision 097) are filled; a groove with both walls drawn is kept.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dropSlivers,
  joinBrokenSlopes,
  withoutDips,
  type Piece,
} from '#drawings/describe/silhouette';

const piece = (u0: number, u1: number, r0: number, r1 = r0): Piece => ({
  u0,
  u1,
  r0,
  r1,
  primitive: { kind: 'line', a: { x: u0, y: r0 }, b: { x: u1, y: r1 }, layer: 'pdf' },
});
const spans = (pieces: Piece[]) => pieces.map((p) => [p.u0, p.u1, p.r0, p.r1]);

describe('slivers of a traced silhouette', () => {
  // A Ø11.5 x 8.5 end, a Ø51.45 flange to 117.83, and a stub of a line 0.45 long, 0.67 beyond it.
  const body = [piece(0, 8.5, 5.75), piece(8.5, 117.83, 25.725)];
  const stub = piece(118.5, 118.95, 0.25, 0.6);

  it('leaves out a sliver at an end, apart from the part', () => {
    expect(spans(dropSlivers([...body, stub], 0.5, [0, 8.5]))).toEqual(spans(body));
    const leading = piece(-1.2, -0.8, 0.3);
    expect(spans(dropSlivers([leading, ...body], 0.5, [0, 8.5]))).toEqual(spans(body));
  });

  it('takes a sliver touching the end into the flat piece beside it', () => {
    const touching = piece(117.83, 118.2, 25.6);
    expect(spans(dropSlivers([...body, touching], 0.5, [0, 8.5]))).toEqual([
      [0, 8.5, 5.75, 5.75],
      [8.5, 118.2, 25.725, 25.725],
    ]);
  });

  it('keeps every piece of a vector drawing', () => {
    expect(spans(dropSlivers([...body, stub], 0, [0, 8.5]))).toEqual(spans([...body, stub]));
  });
});

describe('dips of a traced silhouette where an edge is broken', () => {
  /** Flat steps of the given lengths and radii, end to end from u = 0, and their faces. */
  const stepped = (steps: { length: number; r: number }[]) => {
    const pieces: Piece[] = [];
    const faces = [0];
    let u = 0;
    for (const { length, r } of steps) {
      pieces.push(piece(u, u + length, r));
      u += length;
      faces.push(u);
    }
    return { pieces, faces };
  };
  /**
   * The piece of `pieces` at `at`, cut by a dip to radius `r` over `width` whose ends stand more
   * than `margin` from the piece's (a dip within a line's width of both faces is a groove).
   */
  const broken = (pieces: Piece[], at: number, width: number, r: number, margin = 0): Piece[] =>
    pieces.flatMap((p) =>
      at - width / 2 - margin > p.u0 && at + width / 2 + margin < p.u1
        ? [
            piece(p.u0, at - width / 2, p.r0),
            piece(at - width / 2, at + width / 2, r),
            piece(at + width / 2, p.u1, p.r1),
          ]
        : [p],
    );
  const radii = (pieces: Piece[]) =>
    pieces.map((p) => p.r0).filter((r, i, all) => i === 0 || r !== all[i - 1]);

  it('fills a dip down to a bore line where hatching broke the outline', () => {
    // LIU0010's section: the outline Ø19.9 broken for 0.12 mm over its Ø6.75 bore.
    const { pieces, faces } = stepped([{ length: 25, r: 9.95 }]);
    const filled = withoutDips(broken(pieces, 20, 0.12, 3.38), 0.053, faces);
    expect(radii(filled)).toEqual([9.95]);
    expect(filled.at(-1)!.u1).toBe(25);
  });

  it('keeps a groove whose walls are drawn, and a dip longer than three line widths', () => {
    const { pieces } = stepped([{ length: 25, r: 9.95 }]);
    const groove = broken(pieces, 12, 0.12, 8.25);
    expect(radii(withoutDips(groove, 0.053, [0, 11.94, 12.06, 25]))).toEqual([9.95, 8.25, 9.95]);
    const wide = broken(pieces, 12, 0.2, 3.38);
    expect(radii(withoutDips(wide, 0.053, [0, 25]))).toEqual([9.95, 3.38, 9.95]);
  });

  it('gives back the stepped profile for random steps and random dips', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            length: fc.double({ min: 1, max: 40, noNaN: true }),
            r: fc.double({ min: 2, max: 40, noNaN: true }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.double({ min: 0.02, max: 0.3, noNaN: true }),
        fc.array(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { maxLength: 4 }),
        (steps, noise, at) => {
          // Neighbouring steps differ by more than the noise, as traced steps do.
          fc.pre(steps.every((s, i) => i === 0 || Math.abs(s.r - steps[i - 1]!.r) > noise));
          const { pieces, faces } = stepped(steps);
          const total = faces.at(-1)!;
          let dipped = pieces;
          for (const t of at) dipped = broken(dipped, t * total, 2 * noise, 0.5, noise);
          expect(radii(withoutDips(dipped, noise, faces))).toEqual(radii(pieces));
        },
      ),
    );
  });
});

describe('a slanted edge the tracing broke, and a corner traced as a slope', () => {
  const noise = 0.1;

  it('joins the pieces of a chamfer broken by a gap into one slope, for random chamfers and breaks', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 3, noNaN: true }),
        fc.integer({ min: 15, max: 60 }),
        fc.double({ min: 0.2, max: 0.6, noNaN: true }),
        // Up to (almost) three line widths, each piece keeping at least a fifth of the leg.
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: -0.9, max: 0.9, noNaN: true }),
        (leg, angleDeg, share, gapShare, w) => {
          const gap = gapShare * Math.min(2.9 * noise, 0.2 * leg);
          const r = 10;
          const drop = leg * Math.tan((angleDeg * Math.PI) / 180);
          const at = (u: number) => r - drop + (drop * u) / leg;
          const cut = share * leg;
          // The break's end traced up to half a line's width off, the piece still rising.
          const wobble = w * Math.min(noise / 2, (at(cut) - at(0)) / 2);
          const pieces = [
            piece(0, cut, at(0), at(cut) + wobble),
            piece(cut + gap, leg, at(cut + gap), r),
            piece(leg, 20, r),
          ];
          const joined = joinBrokenSlopes(pieces, noise);
          expect(spans(joined)).toEqual([
            [0, leg, at(0), r],
            [leg, 20, r, r],
          ]);
        },
      ),
    );
  });

  it('keeps a taper and a steeper chamfer after it as two slopes', () => {
    // A 5° taper over 10 mm, then a 45° chamfer of 1 mm: the joint lies far off the line.
    const taper = piece(1, 11, 9, 9 + 10 * Math.tan((5 * Math.PI) / 180));
    const chamfer = piece(0, 1, 8, 9);
    expect(joinBrokenSlopes([chamfer, taper], noise)).toHaveLength(2);
  });

  it("takes a groove's corner traced as a slope from its wall into the groove's floor", () => {
    // A Ø20 land, a groove Ø16.5 from 12.5 to 15 whose corner at 15 is traced as a slope that
    // rises 0.17 (less than two line widths) over 0.7 mm to the wall.
    const faces = [0, 12.5, 15, 25];
    const pieces = [
      piece(0, 12.5, 10),
      piece(12.5, 14.3, 8.25),
      piece(14.3, 15, 8.25, 8.42),
      piece(15, 25, 10),
    ];
    expect(spans(dropSlivers(pieces, noise, faces))).toEqual([
      [0, 12.5, 10, 10],
      [12.5, 15, 8.25, 8.25],
      [15, 25, 10, 10],
    ]);
    // Rising three line widths, it is a step of the part, kept.
    const step = [...pieces.slice(0, 2), piece(14.3, 15, 8.25, 8.55), pieces[3]!];
    expect(dropSlivers(step, noise, faces)).toHaveLength(4);
  });
});
