/**
 * Random parts with known truth, for the round-trip property tests of the drawing readers
 * (tests/unit/drawings/round-trip.test.ts, issue 15): turned parts (shoulders in any order,
 * grooves, bores, chamfers, a thread, tolerances) and plates (holes, pockets with islands, a
 * through cut-out, corner radii), as fast-check arbitraries.
 *
 * A part's sizes are in its own units (`units`: mm, or inch for a part designed in inches, whose
 * sizes are then on an inch grid); its `truth` is what a complete drawing of it writes, as
 * blueprint-scoring values, always in mm. A sheet of one style may write less or write it
 * differently (baseline lengths are positions): tests score against the sheet's own truth
 * (sheet.ts `Sheet.truth`).
 */
import fc from 'fast-check';
import type { DrawingValue } from '#tests/helpers/blueprint-scoring';
import {
  GENERAL_TOLERANCES,
  MATERIALS,
  drillPointLength,
  fraction,
  grid,
  lerp,
  mmPerUnit,
  sizeValue,
  sometimes,
  type SizeTolerance,
  type ThreadCallout,
  type TurnedBore,
  type TurnedChamfer,
  type TurnedPart,
  type TurnedStep,
  type Units,
} from './part-model.ts';

export * from './part-model.ts';
export { platePartArb, type PlatePartOptions } from './plate-part.ts';

/** Metric coarse threads (ISO 261/262): major diameter mm → pitch mm. */
const METRIC_COARSE: ReadonlyMap<number, number> = new Map([
  [6, 1],
  [8, 1.25],
  [10, 1.5],
  [12, 1.75],
  [16, 2],
  [20, 2.5],
  [24, 3],
  [30, 3.5],
  [36, 4],
  [42, 4.5],
]);
/** Unified coarse threads (ASME B1.1): major diameter inch → designation and threads per inch. */
const UNIFIED_COARSE: readonly { major: number; name: string; tpi: number }[] = [
  { major: 0.375, name: '3/8', tpi: 16 },
  { major: 0.5, name: '1/2', tpi: 13 },
  { major: 0.625, name: '5/8', tpi: 11 },
  { major: 0.75, name: '3/4', tpi: 10 },
  { major: 1, name: '1', tpi: 8 },
  // 1-1/4-7 UNC is left out: blueprint-scoring's threadKey reads '1-1/4-7' as 1-1 and
  // '1 1/4"-7' as 11/4, so no reading of it could match.
];

const SHAFT_FITS = ['h6', 'h7', 'g6', 'k6', 'f7', 'js6'] as const;
const HOLE_FITS = ['H7', 'H8', 'H6', 'G7'] as const;
/** Deviations [upper, lower] in mm and in inch. */
const DEVIATIONS: Record<Units, readonly [number, number][]> = {
  mm: [
    [0.05, -0.05],
    [0.1, -0.1],
    [0.02, -0.02],
    [0.1, 0],
    [0, -0.1],
    [-0.02, -0.05],
    [0.2, -0.1],
  ],
  inch: [
    [0.002, -0.002],
    [0.005, -0.005],
    [0.001, -0.001],
    [0.003, 0],
    [0, -0.002],
  ],
};

const toleranceRaw = fc.record({
  kind: fc.constantFrom('fit', 'deviations'),
  pick: fc.nat({ max: 100 }),
});
type ToleranceRaw = { kind: 'fit' | 'deviations'; pick: number };

function toleranceOf(raw: ToleranceRaw | undefined, units: Units, inner: boolean) {
  if (!raw) return undefined;
  // Inch drawings give deviations, not ISO fits.
  if (raw.kind === 'fit' && units === 'mm') {
    const fits = inner ? HOLE_FITS : SHAFT_FITS;
    return { kind: 'fit', fit: fits[raw.pick % fits.length]! } satisfies SizeTolerance;
  }
  const [upper, lower] = DEVIATIONS[units][raw.pick % DEVIATIONS[units].length]!;
  return { kind: 'deviations', upper, lower } satisfies SizeTolerance;
}

/** What to require of a generated turned part (a style group may need a bore or a tolerance). */
export interface TurnedPartOptions {
  units?: Units;
  /** At least one bore. */
  bore?: boolean;
  /** At least one toleranced diameter. */
  tolerance?: boolean;
  /** A thread on one diameter. */
  thread?: boolean;
}

const turnedRaw = (options: TurnedPartOptions) =>
  fc.record({
    steps: fc.array(
      fc.record({
        size: fraction,
        length: fraction,
        tolerance: sometimes(toleranceRaw, 2),
      }),
      { minLength: 2, maxLength: 6 },
    ),
    groove: sometimes(
      fc.record({ after: fc.nat({ max: 4 }), depth: fraction, width: fraction }),
      2,
    ),
    thread: options.thread ? fc.nat({ max: 5 }) : sometimes(fc.nat({ max: 5 })),
    bores: fc.record({
      kind: options.bore
        ? fc.constantFrom('through', 'blind', 'counterbored', 'bothEnds')
        : fc.constantFrom('none', 'through', 'blind', 'counterbored', 'bothEnds'),
      from: fc.constantFrom('left', 'right'),
      size: fraction,
      depth: fraction,
      second: fraction,
      drillPoint: fc.boolean(),
      tolerance: sometimes(toleranceRaw),
    }),
    chamfers: fc.record({
      left: sometimes(fc.nat({ max: 3 })),
      right: sometimes(fc.nat({ max: 3 })),
      bore: sometimes(fc.nat({ max: 3 }), 2),
    }),
    forcedTolerance: toleranceRaw,
    material: fc.nat({ max: 100 }),
    generalTolerance: fc.constantFrom(...GENERAL_TOLERANCES),
  });
type TurnedRaw = ReturnType<typeof turnedRaw> extends fc.Arbitrary<infer T> ? T : never;

/** Chamfer legs: mm 0.5–2, inch 0.02–0.06. */
const CHAMFERS: Record<Units, readonly number[]> = {
  mm: [0.5, 1, 1.5, 2],
  inch: [0.02, 0.03, 0.04, 0.06],
};

/**
 * Builds a consistent turned part from raw random numbers: diameters in any order with a
 * visible shoulder between neighbours, the thread's diameter snapped to a standard size,
 * bores that leave a wall, chamfers that fit. Pure; throws nothing.
 */
function buildTurnedPart(raw: TurnedRaw, options: TurnedPartOptions): TurnedPart {
  const units = options.units ?? 'mm';
  const unit = mmPerUnit(units);
  const [minD, maxD] = units === 'inch' ? [0.375, 2.5] : [8, 80];
  const [minL, maxL] = units === 'inch' ? [0.1875, 1.5] : [4, 40];
  const shoulder = units === 'inch' ? 0.125 : 3;
  const steps: TurnedStep[] = raw.steps.map((step) => ({
    diameter: grid(units, lerp(minD, maxD, step.size)),
    length: grid(units, lerp(minL, maxL, step.length)),
  }));
  const threadIndex = raw.thread === undefined ? undefined : raw.thread % steps.length;
  if (threadIndex !== undefined) {
    const step = steps[threadIndex]!;
    step.diameter = nearestThreadMajor(units, step.diameter);
    // At least as long as the thread is wide (a nut's height is about 0.8 d), 10 mm or ½ in.
    step.length = Math.max(step.length, units === 'inch' ? 0.5 : 10, step.diameter);
  }
  // Neighbours differ by a visible shoulder; the threaded step keeps its standard size. A step
  // that moves takes the nearest size clear of both its neighbours.
  const clearOf = (i: number, candidate: number) =>
    [steps[i - 1], steps[i + 1]].every(
      (n) => n === undefined || Math.abs(n.diameter - candidate) >= shoulder,
    );
  for (let i = 1; i < steps.length; i++) {
    const [a, b] = [steps[i - 1]!, steps[i]!];
    if (Math.abs(a.diameter - b.diameter) >= shoulder) continue;
    const moved = i === threadIndex ? i - 1 : i;
    const from = steps[moved]!.diameter;
    const sizes = [1, -1, 2, -2, 3, -3].map((k) => from + k * shoulder);
    steps[moved]!.diameter =
      sizes.find((d) => d >= minD && d <= maxD && clearOf(moved, d)) ?? from + 4 * shoulder;
  }
  if (threadIndex !== undefined) {
    const step = steps[threadIndex]!;
    const thread = threadOf(units, step.diameter);
    if (thread) step.thread = thread;
  }
  raw.steps.forEach((rawStep, i) => {
    const step = steps[i]!;
    if (step.thread) return;
    const tolerance = toleranceOf(rawStep.tolerance, units, false);
    if (tolerance) step.tolerance = tolerance;
  });
  if (raw.groove && steps.length >= 2) {
    const after = raw.groove.after % (steps.length - 1);
    const beside = Math.min(steps[after]!.diameter, steps[after + 1]!.diameter);
    const depth = grid(units, lerp(units === 'inch' ? 0.0625 : 1, shoulder, raw.groove.depth));
    const diameter = beside - 2 * depth;
    if (diameter >= minD * 0.75) {
      const width = grid(units, lerp(units === 'inch' ? 0.09375 : 2, shoulder, raw.groove.width));
      steps.splice(after + 1, 0, { diameter, length: Math.max(width, minL / 2), groove: true });
    }
  }
  if (options.tolerance && !steps.some((s) => s.tolerance)) {
    const plain = steps.find((s) => !s.thread && !s.groove);
    const tolerance = toleranceOf(raw.forcedTolerance, units, false);
    if (plain && tolerance) plain.tolerance = tolerance;
  }
  // A thread a nut can reach: every step on one side of it is under its minor diameter. One
  // between larger diameters (a drafter would not draw it) stays a plain diameter.
  const threaded = steps.find((step) => step.thread);
  if (threaded) {
    const at = steps.indexOf(threaded);
    const open = (side: TurnedStep[]) =>
      side.every((step) => step.diameter < threaded.thread!.minorDiameter);
    if (!open(steps.slice(0, at)) && !open(steps.slice(at + 1))) delete threaded.thread;
  }
  const overall = steps.reduce((sum, s) => sum + s.length, 0);
  const chamfers: TurnedChamfer[] = [];
  for (const at of ['left', 'right'] as const) {
    const pick = raw.chamfers[at];
    const step = at === 'left' ? steps[0]! : steps[steps.length - 1]!;
    if (pick === undefined) continue;
    const size = CHAMFERS[units][pick]!;
    if (size <= step.diameter / 8 && size <= step.length / 3)
      chamfers.push({ size, angleDeg: 45, at, inner: false });
  }
  const bores = boresOf(raw, steps, overall, units);
  const mouth = bores.find((b) => b.through || b.depth > 0);
  if (mouth && raw.chamfers.bore !== undefined) {
    const size = CHAMFERS[units][raw.chamfers.bore]!;
    const endStep = mouth.from === 'left' ? steps[0]! : steps[steps.length - 1]!;
    const wall = (endStep.diameter - mouth.diameter) / 2;
    const sameEnd = chamfers.some((c) => c.at === mouth.from);
    if (size <= wall / 3 && size <= mouth.depth / 4 && !sameEnd)
      chamfers.push({ size, angleDeg: 45, at: mouth.from, inner: true });
  }
  const materials = MATERIALS[units];
  const part: TurnedPart = {
    kind: 'turned',
    units,
    steps,
    bores,
    chamfers,
    material: materials[raw.material % materials.length]!,
    generalTolerance: raw.generalTolerance,
    truth: [],
  };
  part.truth = turnedTruth(part, unit);
  return part;
}

function nearestThreadMajor(units: Units, diameter: number): number {
  const majors = units === 'inch' ? UNIFIED_COARSE.map((t) => t.major) : [...METRIC_COARSE.keys()];
  return majors.reduce((best, d) =>
    Math.abs(d - diameter) < Math.abs(best - diameter) ? d : best,
  );
}

function threadOf(units: Units, major: number): ThreadCallout | undefined {
  if (units === 'inch') {
    const thread = UNIFIED_COARSE.find((t) => t.major === major);
    return thread
      ? {
          designation: `${thread.name}-${thread.tpi} UNC`,
          minorDiameter: major - 1.299 / thread.tpi,
        }
      : undefined;
  }
  const pitch = METRIC_COARSE.get(major);
  return pitch === undefined
    ? undefined
    : { designation: `M${major}x${pitch}`, minorDiameter: major - 1.2269 * pitch };
}

/** Smallest outer (or thread minor) diameter over [from, to] along the axis, part units. */
function smallestDiameter(steps: TurnedStep[], from: number, to: number): number {
  let start = 0;
  let smallest = Infinity;
  for (const step of steps) {
    const end = start + step.length;
    if (end > from && start < to)
      smallest = Math.min(smallest, step.thread ? step.thread.minorDiameter : step.diameter);
    start = end;
  }
  return smallest;
}

function boresOf(raw: TurnedRaw, steps: TurnedStep[], overall: number, units: Units) {
  const b = raw.bores;
  if (b.kind === 'none') return [];
  const wall = units === 'inch' ? 0.125 : 3;
  const minBore = units === 'inch' ? 0.1875 : 4;
  const span = (from: 'left' | 'right', depth: number): [number, number] =>
    from === 'left' ? [0, depth] : [overall - depth, overall];
  /** A bore of `from`, depth and diameter picked in what the wall leaves; undefined if none fits. */
  const bore = (
    from: 'left' | 'right',
    depthFraction: number,
    sizeFraction: number,
    through: boolean,
    smallest = minBore,
  ): TurnedBore | undefined => {
    const depth = through
      ? overall
      : grid(units, lerp(overall * 0.15, overall * 0.4, depthFraction));
    if (depth < minBore) return undefined;
    // The bore and a wall's thickness beyond its bottom: a bore as deep as a wide section with a
    // thinner one behind it would leave the section's ring unattached.
    const [from0, to0] = span(from, Math.min(overall, depth + (through ? 0 : wall)));
    const room = smallestDiameter(steps, from0, to0) - 2 * wall;
    if (room < smallest) return undefined;
    const diameter = grid(units, lerp(smallest, room, sizeFraction));
    if (diameter < smallest || diameter > room) return undefined;
    const drillPoint = !through && b.drillPoint && diameter <= (units === 'inch' ? 1 : 25);
    // The drill point stays inside the part, under a wall as well.
    if (drillPoint) {
      const [p0, p1] = span(from, depth + drillPointLength(diameter));
      if (p0 < 0 || p1 > overall || smallestDiameter(steps, p0, p1) - 2 * wall < diameter)
        return { diameter, depth, through, from, drillPoint: false };
    }
    return { diameter, depth, through, from, drillPoint };
  };
  const reach = (x: TurnedBore) => x.depth + (x.drillPoint ? drillPointLength(x.diameter) : 0);
  const list: (TurnedBore | undefined)[] = [];
  if (b.kind === 'through') list.push(bore('left', 1, b.size, true));
  else if (b.kind === 'blind') list.push(bore(b.from, b.depth, b.size, false));
  else if (b.kind === 'counterbored') {
    const through = bore('left', 1, b.size * 0.6, true);
    list.push(through);
    if (through) {
      const counter = bore(b.from, b.depth, b.second, false, through.diameter + wall);
      if (counter) list.push({ ...counter, drillPoint: false });
    }
  } else {
    const first = bore(b.from, b.depth, b.size, false);
    const second = bore(b.from === 'left' ? 'right' : 'left', b.second, b.size, false);
    list.push(first);
    if (first && second && reach(first) + reach(second) + 2 * wall < overall) list.push(second);
  }
  const bores = list.filter((x): x is TurnedBore => x !== undefined);
  const tolerance = toleranceOf(raw.bores.tolerance, units, true);
  if (tolerance && bores[0]) bores[0].tolerance = tolerance;
  // Left bores first, largest first; then right bores.
  return bores.sort(
    (x, y) => (x.from === 'left' ? 0 : 1) - (y.from === 'left' ? 0 : 1) || y.diameter - x.diameter,
  );
}

function turnedTruth(part: TurnedPart, unit: number): DrawingValue[] {
  const values: DrawingValue[] = [];
  for (const step of part.steps) {
    values.push(sizeValue('outerDiameter', step.diameter, step.tolerance, unit));
    values.push({ kind: 'length', mm: step.length * unit });
    if (step.thread) values.push({ kind: 'thread', text: step.thread.designation });
  }
  values.push({ kind: 'length', mm: part.steps.reduce((s, x) => s + x.length, 0) * unit });
  for (const bore of part.bores) {
    values.push(sizeValue('innerDiameter', bore.diameter, bore.tolerance, unit));
    if (!bore.through) values.push({ kind: 'length', mm: bore.depth * unit });
  }
  for (const chamfer of part.chamfers)
    values.push({ kind: 'chamfer', mm: chamfer.size * unit, angleDeg: chamfer.angleDeg });
  values.push({ kind: 'material', text: part.material });
  values.push({ kind: 'generalTolerance', text: part.generalTolerance });
  return values;
}

/**
 * Random turned parts: 2–6 outer diameters in any order (mm 8–80 on a 0.5 grid, inch 3/8–2 1/2
 * on a 1/16 grid; neighbours differ by a shoulder), lengths (mm 4–40, inch 3/16–1 1/2), an
 * optional groove, none / through / blind / counterbored / both-end bores (a wall of 3 mm or
 * 1/8 in left), 45° chamfers on the end faces and a bore mouth, an optional thread (ISO metric
 * coarse M6–M42, or UNC 3/8–1 for inch parts) on one diameter, and tolerances (ISO fits on mm
 * parts, deviations on both).
 *
 * @param options - units (mm by default) and what every part must have
 * @returns an arbitrary of parts whose `truth` is in mm
 */
export function turnedPartArb(options: TurnedPartOptions = {}): fc.Arbitrary<TurnedPart> {
  return turnedRaw(options).map((raw) => buildTurnedPart(raw, options));
}
