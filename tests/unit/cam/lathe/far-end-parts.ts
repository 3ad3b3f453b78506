/**
 * Turned parts with bores from the far end (issue 33, decision 048), for the second-setup tests:
 * descriptions with their numbers filled in.
 */
import type { BlueprintDescription, DiameterFeature } from '#contracts/blueprint';
import { emptyDescription } from '#contracts/blueprint';
import type { ProgramJob } from '#cam/program';
import { latheTooling } from '#tests/helpers/parts';

/** A diameter of `diameterMm` x `lengthMm`, placed `startMm` from the free end when given. */
export const diameter = (
  diameterMm: number,
  lengthMm: number,
  extra: Partial<DiameterFeature> = {},
): DiameterFeature => ({
  diameter: `Ø${diameterMm}${extra.fit ? ` ${extra.fit}` : ''}`,
  type: 'cylinder',
  location: '',
  length: `${lengthMm} mm`,
  diameterMm,
  lengthMm,
  ...extra,
});

/** A description of outer diameters (from the free end) and bores, in `material`. */
export function turned(
  overview: string,
  material: string,
  outer: DiameterFeature[],
  bores: DiameterFeature[],
): BlueprintDescription {
  const description = emptyDescription(overview);
  description.materialSpecs.material = material;
  description.outerDiameters.push(...outer);
  description.innerDiameters.push(...bores.map((bore) => ({ ...bore, type: 'bore' })));
  const length = outer.reduce((sum, feature) => sum + (feature.lengthMm ?? 0), 0);
  description.dimensions.overallLength = `${length} mm`;
  description.dimensions.overallLengthMm = length;
  return description;
}

/** Bushing Ø40 x 30 in 6061: Ø16 through, Ø22 x 7 deep from each end (stepped from both ends). */
export const doubleCounterbored = turned(
  'Bushing bored from both ends',
  '6061-T6',
  [diameter(40, 30)],
  [
    diameter(16, 30, { through: true }),
    diameter(22, 7, { startMm: 0 }),
    diameter(22, 7, { startMm: 23 }),
  ],
);

/** Cup Ø36 x 40 in 6061: Ø10 x 12 deep at the free end, Ø24 x 15 deep from the far end. */
export const cup = turned(
  'Cup with a seat at the chuck end',
  '6061-T6',
  [diameter(30, 15), diameter(36, 25)],
  [diameter(10, 12), diameter(24, 15, { startMm: 25 })],
);

/** Bush Ø30 x 20 then Ø40 x 25 in 6061, a Ø16 bore through, both its mouths chamfered 1 x 45°. */
export function mouthChamferedBush(): BlueprintDescription {
  const description = turned(
    'Bush',
    '6061-T6',
    [diameter(30, 20), diameter(40, 25)],
    [diameter(16, 45, { through: true })],
  );
  for (const [location, atMm] of [
    ['at the free end, on the bore Ø16', 0],
    ['at the chuck end, on the bore Ø16', 45],
  ] as const)
    description.features.chamfers.push({
      dimensions: '1 x 45°',
      location,
      sizeMm: 1,
      angleDeg: 45,
      atMm,
      onDiameterMm: 16,
      inner: true,
    });
  return description;
}

/**
 * Long bush Ø40 x 100 in 6061 with a Ø8.5 bore through: deeper than the test tooling's Ø8.5
 * drill reaches (DIN 338), so it is drilled from both ends (cam/lathe/both-ends.ts).
 */
export const longBush = turned(
  'Long bush',
  '6061-T6',
  [diameter(40, 100)],
  [diameter(8.5, 100, { through: true })],
);

/** The controller of each lathe dialect the far-end tests write for. */
const controllers = {
  linuxcnc: 'PathPilot',
  fanuc: 'Fanuc 0i-TF Plus',
  haas: 'Haas NGC',
  sinumerik: 'Sinumerik 828D',
} as const;

export type Dialect = keyof typeof controllers;
export const dialects = Object.keys(controllers) as Dialect[];

/**
 * A lathe job for `description` on Ø45 bar with the test tooling (or `tools`), in `material`
 * (the description's own when not given), on a `dialect` lathe.
 */
export function farEndJob(
  description: BlueprintDescription,
  dialect: Dialect = 'linuxcnc',
  tools = latheTooling,
  material = description.materialSpecs.material,
): ProgramJob {
  return {
    description,
    material,
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm: 45 },
    machine: {
      name: 'Lathe',
      serialNumber: 'S1',
      manufacturer: 'Test',
      model: 'Lathe',
      controllerType: controllers[dialect],
      controllerModel: controllers[dialect],
      dialect,
    },
    tools,
    programVersion: 1,
  };
}
