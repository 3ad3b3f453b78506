/**
 * A STEP plate's floors (drawings/step/floors.ts, decision 066): a face facing up below the top
 * that reaches the outline, with nothing standing on it, is a step with its depth; one closed
 * all round is a pocket, as before. Faces are given as OpenCascade meshes them (two triangles a
 * rectangle), Z the thickness axis.
 */
import { describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import type { FaceShape } from '#drawings/step/faces';
import { addPocketFloors, type Plate } from '#drawings/step/floors';

/** A rectangle facing up at height z, meshed as two triangles. */
function upFace(number: number, x0: number, y0: number, x1: number, y1: number, z: number) {
  const positions = [x0, y0, z, x1, y0, z, x1, y1, z, x0, y1, z];
  return {
    face: { number, positions, normals: [], triangles: [0, 1, 2, 0, 2, 3] },
    areaMm2: (x1 - x0) * (y1 - y0),
    min: [x0, y0, z],
    max: [x1, y1, z],
    kind: 'plane',
    normal: [0, 0, 1],
  } as unknown as FaceShape;
}

function plate(): Plate {
  const description = emptyDescription('STEP test');
  description.unresolved = [];
  return {
    d: [0, 0, 1],
    top: ([x, y]) => ({ x, y }),
    tol: 1e-4,
    hMin: 0,
    hMax: 12,
    prismatic: {
      outline: [
        { x: 0, y: 0 },
        { x: 80, y: 0 },
        { x: 80, y: 50 },
        { x: 0, y: 50 },
      ],
      thicknessMm: 12,
      holes: [],
      pockets: [],
      slots: [],
    },
    description,
  };
}

describe("a STEP plate's floors", () => {
  it('reads a floor that reaches the outline as a step with its depth', () => {
    const stepped = plate();
    addPocketFloors(stepped, [upFace(1, 0, 0, 60, 50, 12), upFace(2, 60, 0, 80, 50, 8)]);
    expect(stepped.prismatic.pockets).toEqual([]);
    expect(stepped.prismatic.steps).toHaveLength(1);
    const step = stepped.prismatic.steps![0]!;
    expect(step).toMatchObject({ label: 'Step 1', depthMm: 4 });
    expect(Math.min(...step.outline.map((p) => p.x))).toBe(60);
    expect(Math.max(...step.outline.map((p) => p.x))).toBe(80);
  });

  it('reads a floor closed all round as a pocket, as before', () => {
    const pocketed = plate();
    addPocketFloors(pocketed, [upFace(1, 0, 0, 80, 50, 12), upFace(2, 20, 10, 40, 30, 9)]);
    expect(pocketed.prismatic.steps).toBeUndefined();
    expect(pocketed.prismatic.pockets).toMatchObject([{ label: 'Pocket 1', depthMm: 3 }]);
  });
});
