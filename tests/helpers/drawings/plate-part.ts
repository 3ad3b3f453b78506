/**
 * Random plates with known truth (parts.ts re-exports them): a rectangle with corner radii,
 * four corner holes and middle holes of another size, a pocket with corner radii (sometimes
 * with an island) left of the middle, and a through cut-out right of it.
 */
import fc from 'fast-check';
import type { DrawingValue } from '#tests/helpers/blueprint-scoring';
import {
  GENERAL_TOLERANCES,
  MATERIALS,
  fraction,
  grid,
  lerp,
  mmPerUnit,
  sometimes,
  type HoleGroup,
  type PlatePart,
  type PlatePocket,
  type RoundedRectangle,
  type Units,
} from './part-model.ts';

/** What to require of a generated plate. */
export interface PlatePartOptions {
  units?: Units;
  /**
   * Draw a step at the right end (decision 066): with it the generator draws from other random
   * numbers, so the plates of a seed differ from those without it.
   */
  steps?: boolean;
}

const stepRaw = fc.record({ width: fraction, depth: fraction });

const rectangleRaw = fc.record({ width: fraction, height: fraction, radius: fc.nat({ max: 3 }) });

const plateRaw = fc.record({
  width: fraction,
  height: fraction,
  thickness: fraction,
  cornerRadius: fc.nat({ max: 3 }),
  corners: sometimes(fc.record({ size: fc.nat({ max: 4 }), inset: fraction }), 1, 3),
  middle: sometimes(fc.record({ size: fc.nat({ max: 3 }), count: fc.constantFrom(1, 2) })),
  pocket: sometimes(
    fc.record({ box: rectangleRaw, depth: fraction, island: sometimes(rectangleRaw) }),
    1,
    2,
  ),
  cutOut: sometimes(rectangleRaw, 1, 2),
  material: fc.nat({ max: 100 }),
  generalTolerance: fc.constantFrom(...GENERAL_TOLERANCES),
});
type PlateRaw = typeof plateRaw extends fc.Arbitrary<infer T> ? T : never;

/** Hole sizes: clearance holes for M4–M10 and dowel sizes; inch fractions. */
const HOLE_SIZES: Record<Units, readonly number[]> = {
  mm: [4.5, 5.5, 6.6, 9, 11],
  inch: [0.1875, 0.25, 0.3125, 0.375, 0.5],
};
const CORNER_RADII: Record<Units, readonly number[]> = {
  mm: [0, 2, 3, 5],
  inch: [0, 0.0625, 0.125, 0.1875],
};
const INNER_RADII: Record<Units, readonly number[]> = {
  mm: [1, 2, 3, 4],
  inch: [0.0625, 0.09375, 0.125, 0.15625],
};

function buildPlate(
  raw: PlateRaw,
  options: PlatePartOptions,
  stepAt?: { width: number; depth: number },
): PlatePart {
  const units = options.units ?? 'mm';
  const unit = mmPerUnit(units);
  const u = (mm: number) => grid(units, mm / unit);
  const width = u(lerp(60, 160, raw.width));
  const height = u(lerp(40, 120, raw.height));
  const thickness = u(lerp(5, 25, raw.thickness));
  const cornerRadius = CORNER_RADII[units][raw.cornerRadius]!;
  const holes: HoleGroup[] = [];
  let margin = u(8);
  // Corner holes well inside the edge, a quarter of the plate in at most, and only where their
  // rows and columns stay a hole and 3 mm apart.
  if (raw.corners) {
    const diameter = HOLE_SIZES[units][raw.corners.size]!;
    const most = Math.max(
      Math.min(diameter * 1.5 + u(8), Math.min(width, height) / 4),
      diameter + u(3),
    );
    const inset = grid(units, lerp(diameter + u(3), most, raw.corners.inset));
    if (Math.min(width, height) - 2 * inset >= diameter + u(3)) {
      holes.push({
        diameter,
        centres: [
          { x: inset, y: inset },
          { x: width - inset, y: inset },
          { x: width - inset, y: height - inset },
          { x: inset, y: height - inset },
        ],
      });
      margin = inset + diameter / 2 + u(4);
    }
  }
  // The middle strip (x around width/2) holds the middle holes; the pocket is left of it and
  // the cut-out right of it.
  const strip = u(10);
  if (raw.middle) {
    // Another size than the corner holes: equal sizes would be one group of holes.
    const sizes = HOLE_SIZES[units].filter((d) => d !== holes[0]?.diameter);
    const diameter = sizes[raw.middle.size % sizes.length]!;
    const centres =
      raw.middle.count === 1
        ? [{ x: width / 2, y: height / 2 }]
        : [
            { x: width / 2, y: grid(units, height * 0.3) },
            { x: width / 2, y: grid(units, height * 0.7) },
          ];
    // Dropped when a middle hole would come within 2 mm of a corner hole.
    const clear = centres.every((c) =>
      holes.every((group) =>
        group.centres.every(
          (o) => Math.hypot(o.x - c.x, o.y - c.y) >= (group.diameter + diameter) / 2 + u(2),
        ),
      ),
    );
    if (clear) holes.push({ diameter, centres });
  }
  const region = (left: boolean) => {
    const x0 = left ? margin : width / 2 + strip;
    const x1 = left ? width / 2 - strip : width - margin;
    return { x0, x1, y0: margin, y1: height - margin };
  };
  const rectangleIn = (
    box: { x0: number; x1: number; y0: number; y1: number },
    r: { width: number; height: number; radius: number },
    smallest = u(12),
  ): RoundedRectangle | undefined => {
    const w = grid(units, lerp(0.5, 1, r.width) * (box.x1 - box.x0));
    const h = grid(units, lerp(0.5, 1, r.height) * (box.y1 - box.y0));
    if (w < smallest || h < smallest) return undefined;
    const radius = Math.min(INNER_RADII[units][r.radius]!, grid(units, Math.min(w, h) / 4));
    return {
      x: grid(units, (box.x0 + box.x1 - w) / 2),
      y: grid(units, (box.y0 + box.y1 - h) / 2),
      width: w,
      height: h,
      cornerRadius: radius,
    };
  };
  const pockets: PlatePocket[] = [];
  if (raw.pocket) {
    const box = rectangleIn(region(true), raw.pocket.box);
    if (box) {
      const depth = grid(units, lerp(u(2), thickness - u(2), raw.pocket.depth));
      const pocket: PlatePocket = { ...box, depth: Math.max(depth, u(1)) };
      if (raw.pocket.island) {
        const inner = {
          x0: box.x + box.width * 0.25,
          x1: box.x + box.width * 0.75,
          y0: box.y + box.height * 0.25,
          y1: box.y + box.height * 0.75,
        };
        const island = rectangleIn(inner, { ...raw.pocket.island, radius: 0 }, u(5));
        if (island && island.width < box.width - u(8) && island.height < box.height - u(8))
          pocket.island = island;
      }
      pockets.push(pocket);
    }
  }
  const cutOut = raw.cutOut ? rectangleIn(region(false), raw.cutOut) : undefined;
  // A step at the right end: its edge clear of the holes (3 mm) and right of the cut-out and
  // the middle holes; the corner holes may stand in its floor.
  let step: PlatePart['step'];
  if (stepAt) {
    const least = Math.max(u(6), cornerRadius + u(3));
    const spans = holes.flatMap((group) =>
      group.centres.map((c) => [c.x - group.diameter / 2 - u(3), c.x + group.diameter / 2 + u(3)]),
    );
    const lowest = Math.max(
      width / 2 + u(3),
      cutOut ? cutOut.x + cutOut.width + u(3) : 0,
      ...holes
        .filter((group) => group.centres.length !== 4)
        .flatMap((group) => group.centres.map((c) => c.x + group.diameter / 2 + u(3))),
    );
    const edges: number[] = [];
    for (let x = width - least; x >= lowest; x -= units === 'inch' ? 0.0625 : 0.5)
      if (spans.every(([a, b]) => x < a! || x > b!)) edges.push(grid(units, x));
    const edge = edges[Math.floor(stepAt.width * (edges.length - 1))];
    if (edge !== undefined)
      step = {
        width: grid(units, width - edge),
        depth: Math.max(u(2), grid(units, lerp(u(2), thickness - u(2), stepAt.depth))),
      };
  }
  const materials = MATERIALS[units];
  const part: PlatePart = {
    kind: 'plate',
    units,
    width,
    height,
    thickness,
    cornerRadius,
    holes,
    pockets,
    ...(cutOut ? { cutOut } : {}),
    ...(step ? { step } : {}),
    material: materials[raw.material % materials.length]!,
    generalTolerance: raw.generalTolerance,
    truth: [],
  };
  part.truth = plateTruth(part, unit);
  return part;
}

function plateTruth(part: PlatePart, unit: number): DrawingValue[] {
  const values: DrawingValue[] = [
    { kind: 'length', mm: part.width * unit },
    { kind: 'length', mm: part.height * unit },
    { kind: 'thickness', mm: part.thickness * unit },
  ];
  for (const group of part.holes)
    values.push({ kind: 'hole', mm: group.diameter * unit, count: group.centres.length });
  values.push({ kind: 'material', text: part.material });
  values.push({ kind: 'generalTolerance', text: part.generalTolerance });
  return values;
}

/**
 * Random plates: 60–160 × 40–120 mm, 5–25 thick (inch parts on a 1/16 grid), outer corner radius
 * 0–5, four corner holes and one or two middle holes (clearance sizes 4.5–11 mm, 3/16–1/2 in), a
 * rectangular pocket with corner radii left of the middle (sometimes with an island), and a
 * rectangular through cut-out right of it.
 *
 * @param options - units (mm by default)
 * @returns an arbitrary of plates whose `truth` is in mm
 */
export function platePartArb(options: PlatePartOptions = {}): fc.Arbitrary<PlatePart> {
  if (options.steps)
    return fc.tuple(plateRaw, stepRaw).map(([raw, step]) => buildPlate(raw, options, step));
  return plateRaw.map((raw) => buildPlate(raw, options));
}
