/**
 * Random plates with known truth (parts.ts re-exports them): a rectangle with corner radii,
 * four corner holes and middle holes of another size, a pocket with corner radii (sometimes
 * with an island) left of the middle, and a through cut-out right of it. With `holeKinds` each
 * hole group is plain, tapped, counterbored or countersunk (part-model.ts HoleGroup; drawn by
 * plate-holes.ts), spaced by the widest circle it opens at the top face.
 */
import fc from 'fast-check';
import type { DrawingValue } from '#tests/helpers/blueprint-scoring';
import {
  GENERAL_TOLERANCES,
  MATERIALS,
  fraction,
  grid,
  holeEnvelope,
  lerp,
  mmPerUnit,
  sometimes,
  type HoleGroup,
  type PlateHoleKind,
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
  /**
   * Make each hole group of an mm plate plain, tapped (ISO metric coarse, through or blind),
   * counterbored or countersunk (HoleGroup): drawn from other random numbers, like `steps`, so
   * the plates of a seed differ from those without it. Not with `steps`; inch plates keep plain
   * holes.
   */
  holeKinds?: boolean;
}

const HOLE_KINDS: readonly PlateHoleKind[] = ['plain', 'tapped', 'counterbored', 'countersunk'];
// One integer scattered by a multiplicative hash (Knuth), so that fast-check's bias towards
// small values in the first runs still draws every kind; 0, where it shrinks to, is plain.
const kindRaw = fc.integer({ min: 0, max: 0x7fffffff }).map((n) => {
  const h = Math.imul(n, 2654435761) >>> 0;
  return { kind: HOLE_KINDS[h % HOLE_KINDS.length]!, blind: (h >>> 8) % 2 === 1 };
});
const kindsRaw = fc.record({ corners: kindRaw, middle: kindRaw });
type KindRaw = typeof kindRaw extends fc.Arbitrary<infer T> ? T : never;
type KindsRaw = typeof kindsRaw extends fc.Arbitrary<infer T> ? T : never;

/**
 * What goes with each clearance size (HOLE_SIZES.mm, ISO 273 medium for M4–M10), mm: the
 * thread of that size (ISO 261 coarse pitch, ISO 2306 tap drill), the counterbore for an
 * ISO 4762 socket head cap screw (DIN 974-1: diameter, depth) and the 90° countersink for an
 * ISO 10642 countersunk screw (ISO 15065).
 */
const HOLE_KIND_SIZES = [
  { thread: [4, 0.7, 3.3], counterbore: [8, 4.4], countersink: 9.4 },
  { thread: [5, 0.8, 4.2], counterbore: [10, 5.4], countersink: 10.4 },
  { thread: [6, 1, 5], counterbore: [11, 6.4], countersink: 12.6 },
  { thread: [8, 1.25, 6.8], counterbore: [15, 8.6], countersink: 17.3 },
  { thread: [10, 1.5, 8.5], counterbore: [18, 10.6], countersink: 20 },
] as const;

/**
 * A hole group of the clearance size `index` (without centres) of the kind `raw` asks for, when
 * the plate of `thickness` mm holds it with 2 mm below its counterbore, countersink or blind tap
 * drill's point; else (or without `raw`) plain.
 */
function holeGroupOf(units: Units, index: number, thickness: number, raw?: KindRaw): HoleGroup {
  const diameter = HOLE_SIZES[units][index]!;
  const sizes = HOLE_KIND_SIZES[index]!;
  if (!raw || units !== 'mm' || raw.kind === 'plain') return { diameter, centres: [] };
  if (raw.kind === 'tapped') {
    const [major, pitch, tapDrill] = sizes.thread;
    // A blind thread 1.5 × its diameter deep (to 0.5 mm), drilled 3 pitches deeper.
    const depth = Math.ceil(major * 1.5 * 2) / 2;
    const blind = raw.blind && depth + 3 * pitch + 0.3 * tapDrill + 2 <= thickness;
    return {
      diameter: tapDrill,
      centres: [],
      kind: 'tapped',
      thread: { designation: `M${major}`, major, pitch, ...(blind ? { depth } : {}) },
    };
  }
  if (raw.kind === 'counterbored') {
    const [cbore, depth] = sizes.counterbore;
    if (depth + 2 > thickness) return { diameter, centres: [] };
    return { diameter, centres: [], kind: 'counterbored', counterbore: { diameter: cbore, depth } };
  }
  const sink = sizes.countersink;
  if ((sink - diameter) / 2 + 2 > thickness) return { diameter, centres: [] };
  return {
    diameter,
    centres: [],
    kind: 'countersunk',
    countersink: { diameter: sink, angleDeg: 90 },
  };
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
  kinds?: KindsRaw,
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
  // Spacing goes by the widest circle a group opens at the top (the hole's own when plain).
  let cornerSize: number | undefined;
  if (raw.corners) {
    const group = holeGroupOf(units, raw.corners.size, thickness * unit, kinds?.corners);
    const diameter = holeEnvelope(group);
    const most = Math.max(
      Math.min(diameter * 1.5 + u(8), Math.min(width, height) / 4),
      diameter + u(3),
    );
    const inset = grid(units, lerp(diameter + u(3), most, raw.corners.inset));
    if (Math.min(width, height) - 2 * inset >= diameter + u(3)) {
      cornerSize = raw.corners.size;
      holes.push({
        ...group,
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
  // the cut-out right of it: 10 mm either side, more for a wide counterbore or countersink.
  let strip = u(10);
  if (raw.middle) {
    // Another size than the corner holes: equal sizes would be one group of holes.
    const sizes = HOLE_SIZES[units].map((_, i) => i).filter((i) => i !== cornerSize);
    const group = holeGroupOf(
      units,
      sizes[raw.middle.size % sizes.length]!,
      thickness * unit,
      kinds?.middle,
    );
    const diameter = holeEnvelope(group);
    const centres =
      raw.middle.count === 1
        ? [{ x: width / 2, y: height / 2 }]
        : [
            { x: width / 2, y: grid(units, height * 0.3) },
            { x: width / 2, y: grid(units, height * 0.7) },
          ];
    // Dropped when a middle hole would come within 2 mm of a corner hole.
    const clear = centres.every((c) =>
      holes.every((other) =>
        other.centres.every(
          (o) => Math.hypot(o.x - c.x, o.y - c.y) >= (holeEnvelope(other) + diameter) / 2 + u(2),
        ),
      ),
    );
    if (clear) {
      holes.push({ ...group, centres });
      strip = Math.max(strip, diameter / 2 + u(3));
    }
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
  for (const group of part.holes) {
    const count = group.centres.length;
    // A tapped hole is written as its thread; the description gives its size as the thread's.
    if (group.thread) {
      values.push({ kind: 'hole', mm: group.thread.major * unit, count });
      values.push({ kind: 'thread', text: group.thread.designation });
    } else values.push({ kind: 'hole', mm: group.diameter * unit, count });
    if (group.counterbore)
      values.push({
        kind: 'counterbore',
        mm: group.counterbore.diameter * unit,
        depthMm: group.counterbore.depth * unit,
      });
    // A countersink has no scoring kind (blueprint-scoring): the whole-path check holds it.
  }
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
 * @param options - units (mm by default), a step, or hole kinds (not both)
 * @throws Error when both `steps` and `holeKinds` are asked for
 * @returns an arbitrary of plates whose `truth` is in mm
 */
export function platePartArb(options: PlatePartOptions = {}): fc.Arbitrary<PlatePart> {
  if (options.steps && options.holeKinds)
    throw new Error('platePartArb: steps and holeKinds are not drawn together');
  if (options.holeKinds)
    return fc
      .tuple(plateRaw, kindsRaw)
      .map(([raw, kinds]) => buildPlate(raw, options, undefined, kinds));
  if (options.steps)
    return fc.tuple(plateRaw, stepRaw).map(([raw, step]) => buildPlate(raw, options, step));
  return plateRaw.map((raw) => buildPlate(raw, options));
}
