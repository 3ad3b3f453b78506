/**
 * Turned parts with bores from the far end (issue 33, decision 048), for the second-setup tests:
 * descriptions with their numbers filled in.
 */
import type { BlueprintDescription, DiameterFeature } from '#contracts/blueprint';
import { emptyDescription } from '#contracts/blueprint';

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
