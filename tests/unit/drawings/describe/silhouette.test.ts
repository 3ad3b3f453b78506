/**
 * The slivers a traced raster leaves in a turned part's silhouette (describe/silhouette.ts
 * `dropSlivers`): at an end, apart from the part, they are left out; beside a flat piece they
 * are taken into it; a vector drawing (no noise) keeps every piece.
 */
import { describe, expect, it } from 'vitest';
import { dropSlivers, type Piece } from '#drawings/describe/silhouette';

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
