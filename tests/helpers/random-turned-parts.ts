/**
 * Random turned parts for property tests (fast-check): 2 to 6 diameters in any order (grooves
 * and recesses where a smaller one follows a larger), random lengths and tolerances within sane
 * limits, sometimes a metric thread on the first diameter, a free-end chamfer, one or two bores
 * (through or blind), six materials, four dialects, and a lathe of unknown limits, a 1.1 kW or
 * an 11 kW one.
 */
import fc from 'fast-check';
import type { BlueprintDescription, DiameterFeature } from '#contracts/blueprint';
import { emptyDescription } from '#contracts/blueprint';
import type { MachineLimits } from '#cam/program';

const tolerance = fc.oneof(
  fc.constant({}),
  fc
    .constantFrom('h6', 'h7', 'g6', 'f7', 'k6', 'js7', 'm6', 'n6', 'p6', 'h11')
    .map((fit) => ({ fit })),
  fc
    .record({ upper: fc.integer({ min: 0, max: 100 }), lower: fc.integer({ min: -100, max: -10 }) })
    .map(({ upper, lower }) => ({ tolerance: { upperMm: upper / 1000, lowerMm: lower / 1000 } })),
);

const section = fc.record({
  diameterMm: fc.integer({ min: 12, max: 160 }).map((value) => value / 2),
  lengthMm: fc.integer({ min: 8, max: 80 }).map((value) => value / 2),
  extra: tolerance,
});

/** A bore: its diameter as a share of the room inside the smallest diameter, and its depth. */
const bore = fc.record({
  share: fc.integer({ min: 0, max: 100 }).map((value) => value / 100),
  depthShare: fc.integer({ min: 20, max: 100 }).map((value) => value / 100),
  through: fc.boolean(),
});

export const machines = {
  unknown: undefined,
  small: {
    maxRpm: 2500,
    spindlePowerKw: 1.1,
    travelsMm: { x: 254, y: 0, z: 305 },
    toolPositions: 8,
    maxTurningDiameterMm: 152,
    barCapacityMm: 28.5,
    source: 'Tormach 15L figures',
  },
  production: {
    maxRpm: 4500,
    spindlePowerKw: 11,
    travelsMm: { x: 205, y: 0, z: 330 },
    toolPositions: 12,
    maxTurningDiameterMm: 300,
    barCapacityMm: 51,
    source: 'DN Lynx 2100 figures',
  },
} satisfies Record<string, MachineLimits | undefined>;

export const turnedPart = fc.record({
  sections: fc.array(section, { minLength: 2, maxLength: 6 }),
  bores: fc.array(bore, { maxLength: 2 }),
  machine: fc.constantFrom<keyof typeof machines>('unknown', 'small', 'production'),
  chamfer: fc.option(fc.constantFrom(0.5, 1), { nil: undefined }),
  /** A 45° chamfer at the mouth of the first bore (a 2 mm one is more than one roughing cut). */
  mouthChamfer: fc.option(fc.constantFrom(0.5, 1, 2), { nil: undefined }),
  /** A metric thread on the first diameter (ISO 261 coarse or fine pitch). */
  thread: fc.option(fc.constantFrom('M8', 'M10x1', 'M12', 'M16x1.5', 'M20', 'M24x2', 'M30'), {
    nil: undefined,
  }),
  material: fc.constantFrom('AISI 4140', '6061-T6', '12L14', 'CuZn39Pb3', '1018', '316L'),
  dialect: fc.constantFrom('linuxcnc', 'fanuc', 'haas', 'sinumerik'),
});

/** A random turned part with its machine and dialect, as `turnedPart` draws it. */
export type RandomLathePart = typeof turnedPart extends fc.Arbitrary<infer T> ? T : never;

/** A random turned part as the arbitraries draw it. */
export interface RandomTurnedPart {
  sections: { diameterMm: number; lengthMm: number; extra: Partial<DiameterFeature> }[];
  bores: { share: number; depthShare: number; through: boolean }[];
  chamfer: number | undefined;
  mouthChamfer?: number | undefined;
  thread: string | undefined;
  material: string;
}

/**
 * The description of a random turned part: its diameters from the free end, its bores inside
 * the smallest diameter with a 3 mm wall, Ø`minBoreMm` at least (10 by default: the drills and
 * bar of `latheTooling` make them; smaller ones may need a drill it lacks), widest first, each
 * deeper than the one before, its free-end chamfer and the first bore's mouth chamfer.
 */
export function randomDescription(part: RandomTurnedPart, minBoreMm = 10): BlueprintDescription {
  const result = emptyDescription('Random shaft');
  result.materialSpecs.material = part.material;
  part.sections.forEach(({ diameterMm, lengthMm, extra }, index) => {
    const thread = index === 0 ? part.thread : undefined;
    const major = thread ? Number(/^M(\d+)/.exec(thread)![1]) : diameterMm;
    result.outerDiameters.push({
      diameter: thread ?? `Ø${diameterMm}`,
      type: thread ? 'thread' : 'cylinder',
      location: '',
      length: `${lengthMm} mm`,
      diameterMm: major,
      lengthMm,
      ...(thread ? { thread } : extra),
    });
  });
  const length = part.sections.reduce((sum, entry) => sum + entry.lengthMm, 0);
  const smallest = Math.min(...result.outerDiameters.map((entry) => entry.diameterMm!));
  let widest = smallest - 6;
  let depth = 0;
  for (const entry of part.bores) {
    if (widest < minBoreMm) break;
    const diameterMm = Math.round((minBoreMm + entry.share * (widest - minBoreMm)) * 2) / 2;
    const through = entry.through || entry === part.bores.at(-1) ? entry.through : false;
    const depthMm = Math.max(depth + 2, Math.round(entry.depthShare * length * 2) / 2);
    if (!through && depthMm >= length - 2) break;
    result.innerDiameters.push({
      diameter: `Ø${diameterMm}`,
      type: 'bore',
      location: '',
      length: through ? 'through' : `${depthMm} mm deep`,
      diameterMm,
      ...(through ? { through: true } : { lengthMm: depthMm }),
    });
    if (through) break;
    widest = diameterMm - 2;
    depth = depthMm;
  }
  const mouth = result.innerDiameters[0];
  const size = part.mouthChamfer;
  // Within the wall: 2 mm of face left between it and the free-end chamfer (or a thread's root).
  const faceLeftMm =
    smallest - 2 * (part.chamfer ?? 0) - (mouth?.diameterMm ?? 0) - 2 * (size ?? 0);
  if (mouth && size !== undefined && faceLeftMm >= 4) {
    if (mouth.through || mouth.lengthMm! > size + 1)
      result.features.chamfers.push({
        dimensions: `${size} x 45°`,
        location: 'bore mouth',
        sizeMm: size,
        angleDeg: 45,
        atMm: 0,
        inner: true,
      });
  }
  if (part.chamfer !== undefined && part.chamfer < part.sections[0]!.lengthMm) {
    result.features.chamfers.push({
      dimensions: `${part.chamfer} x 45°`,
      location: 'free end',
      sizeMm: part.chamfer,
      angleDeg: 45,
      atMm: 0,
    });
  }
  return result;
}
