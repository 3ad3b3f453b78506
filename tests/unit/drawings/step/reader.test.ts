import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blueprintDescriptionSchema } from '#contracts/blueprint';
import { turnedPartFromDescription } from '#cam/lathe/part';
import { DrawingReadError } from '#drawings/reading';
import { readStep } from '#drawings/step/reader';
import { findTurningAxis } from '#drawings/step/axis';
import { fitTolerance, shapeOf } from '#drawings/step/faces';
import type { MeshFace } from '#drawings/engines/occt';
import { describeTurnedPart } from '#drawings/step/turned';
import { exactRadiiMm, mmPerFileUnit, snapRadius } from '#drawings/step/text';
import { blueprintsDir } from '#tests/helpers/paths';

const blueprint = (path: string) => readFileSync(new URL(path, blueprintsDir));

/** A STEP file with a header and a DATA section that holds no shape. */
const emptyStep = `ISO-10303-21;
HEADER;
FILE_DESCRIPTION((''),'2;1');
FILE_NAME('empty.step','2024-01-01T00:00:00',(''),(''),'','','');
FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));
ENDSEC;
DATA;
#1 = CARTESIAN_POINT('',(0.,0.,0.));
#2 = PRODUCT('empty','empty','',(#3));
ENDSEC;
END-ISO-10303-21;
`;

describe('readStep on the stepped shaft (lathe/shaft.step)', async () => {
  const stages: string[] = [];
  const description = await readStep(blueprint('lathe/shaft.step'), 'shaft.step', (_, stage) =>
    stages.push(stage),
  );

  it('describes a turned part from the Ø1.9 free end to the Ø5 end, contiguous', () => {
    expect(blueprintDescriptionSchema.parse(description)).toBeTruthy();
    expect(description.prismatic).toBeUndefined();
    const outer = description.outerDiameters;
    expect(outer.map((d) => d.diameterMm)).toEqual([1.9, 3, 4, 5]);
    expect(outer.map((d) => d.lengthMm)).toEqual([3, 14.1, 4.5, 2.5]);
    let position = 0;
    for (const diameter of outer) {
      expect(diameter.startMm).toBeCloseTo(position, 6);
      position += diameter.lengthMm!;
    }
    expect(description.dimensions.overallLengthMm).toBe(24.1);
    expect(position).toBeCloseTo(24.1, 6);
    expect(outer[0]!.location).toContain('free end is the Ø1.9 end');
    expect(description.innerDiameters).toEqual([]);
  });

  it('names its source, its readings and what a STEP model cannot tell', () => {
    expect(description.source).toBe('STEP (offline reader): shaft.step');
    const fields = description.readings!.map((reading) => reading.field);
    expect(fields).toEqual(expect.arrayContaining(['Outer diameter 1', 'Overall length']));
    for (const reading of description.readings!) {
      expect(reading.source).toMatch(/STEP/);
      expect(reading.confidence).toBeGreaterThan(0.5);
    }
    const unresolved = description.unresolved!.join('\n');
    expect(unresolved).toMatch(/material/i);
    expect(unresolved).toMatch(/slot 1 mm wide/);
    // …and names the slot as not placed, so no lathe program is called verified without it.
    expect(description.unplaced?.map((entry) => entry.text)).toEqual([
      'a slot 1 mm wide (faces 10 and 12), 23.1 to 24.1 mm from the free end',
    ]);
    expect(description.unplaced?.[0]?.why).toMatch(/^is not turned/);
    // A STEP model carries no cosmetic threads: the reader says so for a turned part.
    expect(unresolved).toMatch(/^Threads: a STEP model does not carry cosmetic threads/m);
    expect(stages).toEqual(
      expect.arrayContaining(['Reading the STEP model', 'Finding the turning axis']),
    );
  });

  it('is a part the lathe planner can use', () => {
    const part = turnedPartFromDescription(description);
    expect(part.lengthMm).toBe(24.1);
    expect(part.outer.map((section) => section.nominalMm)).toEqual([1.9, 3, 4, 5]);
  });
});

describe('readStep on the base plate (mill-edm/P0011_REV_E.step)', async () => {
  const description = await readStep(blueprint('mill-edm/P0011_REV_E.step'), 'P0011_REV_E.step');
  const plate = description.prismatic!;

  it('describes a 41.44 x 47.1 mm plate, 6 mm thick', () => {
    expect(blueprintDescriptionSchema.parse(description)).toBeTruthy();
    expect(description.outerDiameters).toEqual([]);
    expect(plate.thicknessMm).toBe(6);
    const xs = plate.outline.map((p) => p.x);
    const ys = plate.outline.map((p) => p.y);
    expect(Math.min(...xs)).toBeCloseTo(-20.72, 2);
    expect(Math.max(...xs)).toBeCloseTo(20.72, 2);
    expect(Math.min(...ys)).toBeCloseTo(-12.9, 2);
    expect(Math.max(...ys)).toBeCloseTo(34.2, 2);
  });

  it('finds the six M3 holes at their modelled minor diameter, and says they may be tapped', () => {
    const small = plate.holes.filter((hole) => hole.diameterMm === 2.529);
    expect(small).toHaveLength(6);
    const centres = small.map(
      (hole) => `${Math.round(hole.x * 10) / 10},${Math.round(hole.y * 10) / 10}`,
    );
    expect(centres).toEqual(expect.arrayContaining(['0,-8', '-16,17.5', '16,17.5', '0,22']));
    expect(plate.holes.filter((hole) => hole.diameterMm === 3.2)).toHaveLength(4);
    expect(description.unresolved!.join('\n')).toMatch(/6 holes Ø2\.529.*M3x0\.5/);
    expect(description.readings!.filter((r) => r.field.startsWith('Hole'))).toHaveLength(10);
  });

  it('finds the through cut-outs as pockets', () => {
    expect(plate.pockets.filter((pocket) => pocket.through).length).toBeGreaterThanOrEqual(4);
  });
});

describe('readStep refuses what it cannot read', () => {
  it('a text file renamed .step', async () => {
    const bytes = Buffer.from('Part list\nØ40 h7 x 85\n');
    await expect(readStep(bytes, 'notes.step')).rejects.toThrow(
      new DrawingReadError(
        'notes.step could not be read as a STEP model: it does not start with the ISO-10303-21 header. Export the part from your CAD system as STEP (AP203 or AP214) and upload that file.',
      ),
    );
  });

  it('a STEP file with no solid', async () => {
    await expect(readStep(Buffer.from(emptyStep), 'empty.step')).rejects.toThrow(
      /^empty\.step holds no solid .*export the part as a solid \(AP203\/AP214\)/,
    );
  });

  it('a damaged STEP file, without printing the kernel errors', async () => {
    const damaged = emptyStep.replace(
      "#1 = CARTESIAN_POINT('',(0.,0.,0.));",
      '#1 = ADVANCED_FACE((((( broken',
    );
    await expect(readStep(Buffer.from(damaged), 'damaged.step')).rejects.toBeInstanceOf(
      DrawingReadError,
    );
  });
});

describe('STEP text', () => {
  it('reads the length unit', () => {
    expect(mmPerFileUnit('#5=( LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.MILLI.,.METRE.) );')).toBe(1);
    expect(
      mmPerFileUnit("#5=( CONVERSION_BASED_UNIT('INCH',#6) LENGTH_UNIT() NAMED_UNIT(#7) );"),
    ).toBe(25.4);
    expect(mmPerFileUnit('#5=( LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT($,.METRE.) );')).toBe(1000);
    expect(mmPerFileUnit('#1=CARTESIAN_POINT((0.,0.,0.));')).toBeUndefined();
  });

  it('snaps fitted radii to the exact radii the file defines', () => {
    const radii = exactRadiiMm("#31 = CYLINDRICAL_SURFACE('',#32,0.375);", 25.4);
    expect(radii).toEqual([9.525]);
    expect(snapRadius(9.5251, radii, 0.002)).toBe(9.525);
    expect(snapRadius(9.53, radii, 0.002)).toBe(9.53);
  });
});

/**
 * A face of revolution about the X axis between profile points (t, r), meshed like OpenCascade
 * does: rings of vertices on the surface, normals out of the material (`outward`: away from the
 * axis; planes: `sign` along +X or −X).
 */
function revolvedFace(
  number: number,
  from: [number, number],
  to: [number, number],
  side: 1 | -1,
): MeshFace {
  const steps = 48;
  const positions: number[] = [];
  const normals: number[] = [];
  const triangles: number[] = [];
  const [dt, dr] = [to[0] - from[0], to[1] - from[1]];
  const length = Math.hypot(dt, dr);
  // Normal in the meridian plane, perpendicular to the profile, then oriented by `side`.
  let [nt, nr] = [-dr / length, dt / length];
  if (dt === 0) [nt, nr] = [side, 0];
  else if (nr * side < 0) [nt, nr] = [-nt, -nr];
  for (const [t, r] of [from, to])
    for (let k = 0; k < steps; k++) {
      const angle = (2 * Math.PI * k) / steps;
      positions.push(t, r * Math.cos(angle), r * Math.sin(angle));
      normals.push(nt, nr * Math.cos(angle), nr * Math.sin(angle));
    }
  for (let k = 0; k < steps; k++) {
    const next = (k + 1) % steps;
    triangles.push(k, next, steps + k, next, steps + next, steps + k);
  }
  return { number, positions, normals, triangles };
}

describe('describeTurnedPart on a modelled bush (synthetic mesh along X)', () => {
  const drillPoint = 3 / Math.tan((59 * Math.PI) / 180);
  const faces: MeshFace[] = [
    revolvedFace(1, [0, 3], [0, 4.5], -1), // free end face
    revolvedFace(2, [0, 4.5], [0.5, 5], 1), // chamfer 0.5 x 45°
    revolvedFace(3, [0.5, 5], [20, 5], 1), // Ø10
    revolvedFace(4, [20, 5], [20, 8], -1), // shoulder
    revolvedFace(5, [20, 8], [35, 8], 1), // Ø16
    revolvedFace(6, [35, 0.001], [35, 8], 1), // chuck end face
    revolvedFace(7, [0, 3], [12, 3], -1), // bore Ø6
    revolvedFace(8, [12, 3], [12 + drillPoint, 0.001], -1), // 118° drill point
  ];
  const tolMm = fitTolerance(35);
  const shapes = faces.map((face) => shapeOf(face, tolMm));
  const turning = findTurningAxis(shapes, tolMm)!;
  const description = describeTurnedPart(turning, shapes, {
    fileName: 'bush.step',
    exactRadii: [3, 5, 8],
    tolMm,
    names: ['bush'],
  });

  it('finds the X axis and a turned part', () => {
    expect(turning.turned).toBe(true);
    expect(Math.abs(turning.axis.direction[0])).toBeCloseTo(1, 6);
  });

  it('puts the free end where the bore opens, with the chamfer on the Ø10', () => {
    expect(description.outerDiameters.map((d) => [d.diameterMm, d.startMm, d.lengthMm])).toEqual([
      [10, 0, 20],
      [16, 20, 15],
    ]);
    expect(description.features.chamfers).toEqual([
      expect.objectContaining({ sizeMm: 0.5, angleDeg: 45, atMm: 0, onDiameterMm: 10 }),
    ]);
    expect(description.innerDiameters).toEqual([
      expect.objectContaining({
        diameterMm: 6,
        startMm: 0,
        lengthMm: 12,
        through: false,
        type: 'bore, drill point 118°',
      }),
    ]);
  });

  it('gives the lathe planner its chamfer and bore', () => {
    const part = turnedPartFromDescription(description);
    expect(part.chamfers).toEqual([
      expect.objectContaining({ atMm: 0, sizeMm: 0.5, inner: false }),
    ]);
    expect(part.inner).toEqual([expect.objectContaining({ depthMm: 12, nominalMm: 6 })]);
  });
});
