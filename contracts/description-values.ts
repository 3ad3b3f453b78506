/**
 * What the server takes as an edited description from the values table (POST
 * /api/qbot/descriptionValues, docs/decisions/049-values-table.md): the description contract,
 * then the sanity of its values, each refusal one sentence naming the value. The UI checks the
 * same before it sends, so the operator reads the sentence at once.
 */
import type { z } from 'zod';
import { blueprintDescriptionSchema } from './blueprint.ts';
import { isStorableText } from './storable-text.ts';
import type { BlueprintDescription } from './blueprint.ts';
import { maxValueRows, outlineSize, valueRows } from './values-table.ts';
import { formatMm } from './written-numbers.ts';

/** The outcome of {@link checkDescriptionValues}: the description, or why it is refused. */
export type ValuesCheck =
  { ok: true; description: BlueprintDescription } | { ok: false; message: string };

const groups: Record<string, string> = {
  outerDiameters: 'Outer diameter',
  innerDiameters: 'Inner diameter',
  chamfers: 'Chamfer',
  fillets: 'Fillet',
  holes: 'Hole',
  pockets: 'Pocket',
  slots: 'Slot',
  steps: 'Step',
  readings: 'Reading',
  notes: 'Note',
};

const fields: Record<string, string> = {
  diameterMm: 'Ø',
  lengthMm: 'length',
  startMm: 'start',
  depthMm: 'depth',
  thicknessMm: 'thickness',
  overallLengthMm: 'overall length',
  raUm: 'Ra',
  sizeMm: 'size',
  angleDeg: 'angle',
  radiusMm: 'radius',
  counterboreDiameterMm: 'counterbore Ø',
  counterboreDepthMm: 'counterbore depth',
  countersinkDiameterMm: 'countersink Ø',
  countersinkAngleDeg: 'countersink angle',
  widthMm: 'width',
  outline: 'outline',
};

/** A zod issue's path in the table's words: 'Outer diameter 2 length', 'Plate thickness'. */
function whereOf(path: readonly PropertyKey[]): string {
  const words: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const key = String(path[i]);
    const next = path[i + 1];
    if (groups[key] && typeof next === 'number') {
      words.push(`${groups[key]} ${next + 1}`);
      i++;
    } else if (fields[key]) words.push(fields[key]);
    else if (key === 'prismatic') words.push('Plate');
    else if (!['features', 'dimensions', 'surfaceFinish', 'materialSpecs'].includes(key))
      words.push(key);
  }
  const where = words.join(' ');
  return where ? where[0]!.toUpperCase() + where.slice(1) : 'The description';
}

/** The requirement a zod issue states, in words. */
function requirementOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small' && issue.origin === 'number')
    return issue.inclusive ? `${String(issue.minimum)} or more` : 'more than 0';
  if (issue.code === 'too_big' && issue.origin === 'number')
    return `at most ${String(issue.maximum)}`;
  if (issue.code === 'too_small') return `at least ${String(issue.minimum)} long`;
  if (issue.code === 'too_big') return `at most ${String(issue.maximum)} long`;
  if (issue.code === 'invalid_type') return `a ${issue.expected}`;
  return issue.message.replace(/^Invalid input: /, '').toLowerCase();
}

/** Whether a point is inside a closed polygon or on its boundary (within `tolMm`). */
export function insideOutline(
  point: { x: number; y: number },
  outline: { x: number; y: number }[],
  tolMm = 1e-6,
): boolean {
  let inside = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const a = outline[i]!;
    const b = outline[j]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length2 = dx * dx + dy * dy;
    const t =
      length2 === 0
        ? 0
        : Math.max(0, Math.min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length2));
    if (Math.hypot(point.x - (a.x + t * dx), point.y - (a.y + t * dy)) <= tolMm) return true;
    if (a.y > point.y !== b.y > point.y && point.x < (dx * (point.y - a.y)) / dy + a.x)
      inside = !inside;
  }
  return inside;
}

/** The axial span of a diameter, mm from the free end, when its place is known. */
function spanOf(
  feature: { startMm?: number; lengthMm?: number; through?: boolean },
  overallMm: number | undefined,
): [number, number] | undefined {
  const start = feature.startMm ?? 0;
  if (feature.through && overallMm !== undefined) return [0, overallMm];
  if (feature.lengthMm === undefined) return undefined;
  return [start, start + feature.lengthMm];
}

/** A bore not smaller than an outer diameter it runs in, in words; undefined when none is. */
function boreProblem(description: BlueprintDescription): string | undefined {
  const overall = description.dimensions.overallLengthMm;
  const outer = description.outerDiameters;
  for (const [k, bore] of description.innerDiameters.entries()) {
    if (bore.diameterMm === undefined) continue;
    const span = spanOf(bore, overall);
    for (const [i, shaft] of outer.entries()) {
      if (shaft.diameterMm === undefined || shaft.diameterMm > bore.diameterMm) continue;
      const placed = spanOf(shaft, undefined);
      const overlaps =
        span === undefined || placed === undefined
          ? // Without places, a bore must at least be smaller than the largest diameter.
            shaft.diameterMm === Math.max(...outer.map((d) => d.diameterMm ?? 0))
          : placed[0] < span[1] - 1e-6 && span[0] < placed[1] - 1e-6;
      if (overlaps)
        return `Inner diameter ${k + 1} (Ø${formatMm(bore.diameterMm)}) must be smaller than outer diameter ${i + 1} (Ø${formatMm(shaft.diameterMm)}), which it runs in.`;
    }
  }
  return undefined;
}

/** A hole or slot outside the plate's outline, or a counterbore not larger than its hole. */
function plateProblem(description: BlueprintDescription): string | undefined {
  const plate = description.prismatic;
  if (!plate) return undefined;
  const xs = plate.outline.map((p) => p.x);
  const ys = plate.outline.map((p) => p.y);
  const { widthMm, heightMm } = outlineSize(plate.outline);
  const tol = Math.max(widthMm, heightMm) * 1e-6;
  const box = `x ${formatMm(Math.min(...xs))} to ${formatMm(Math.max(...xs))}, y ${formatMm(Math.min(...ys))} to ${formatMm(Math.max(...ys))} mm`;
  for (const [i, hole] of plate.holes.entries()) {
    if (!insideOutline(hole, plate.outline, tol))
      return `Hole ${i + 1} at ${formatMm(hole.x)}, ${formatMm(hole.y)} mm is outside the plate's outline (${box}).`;
    for (const [what, value] of [
      ['counterbore', hole.counterboreDiameterMm],
      ['countersink', hole.countersinkDiameterMm],
    ] as const) {
      if (value !== undefined && value <= hole.diameterMm)
        return `Hole ${i + 1}: the ${what} (Ø${formatMm(value)}) must be larger than the hole (Ø${formatMm(hole.diameterMm)}).`;
    }
  }
  for (const [i, slot] of plate.slots.entries()) {
    if (![slot.from, slot.to].every((end) => insideOutline(end, plate.outline, tol)))
      return `Slot ${i + 1} reaches outside the plate's outline (${box}).`;
  }
  return undefined;
}

/**
 * Check an edited description: the contract (blueprintDescriptionSchema: sizes positive, angles
 * in range, texts within their lengths), texts PostgreSQL can store (no NUL, no lone surrogate), at most {@link maxValueRows} rows in the values table,
 * each bore smaller than the outer diameters it runs in (by their places from the free end when
 * known, else than the largest), each hole and slot inside the plate's outline, and each
 * counterbore or countersink larger than its hole.
 * @param input - the description as sent (unknown)
 * @returns the parsed description, or the first problem as one sentence naming the value
 */
export function checkDescriptionValues(input: unknown): ValuesCheck {
  const parsed = blueprintDescriptionSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      ok: false,
      message: `${whereOf(issue.path)} must be ${requirementOf(issue)}: the values were not saved.`,
    };
  }
  const description = parsed.data;
  const rows = valueRows(description).length;
  if (rows > maxValueRows)
    return {
      ok: false,
      message: `The description has ${rows} values; at most ${maxValueRows} can be saved.`,
    };
  const problem =
    unstorableProblem(description) ?? boreProblem(description) ?? plateProblem(description);
  return problem ? { ok: false, message: problem } : { ok: true, description };
}

/**
 * The first text of a description that PostgreSQL cannot store (a NUL or a lone surrogate,
 * storable-text.ts), as a sentence naming the value; undefined when every text can be stored.
 */
export function unstorableProblem(value: unknown, path: PropertyKey[] = []): string | undefined {
  if (typeof value === 'string')
    return isStorableText(value)
      ? undefined
      : `${whereOf(path)} holds a character that cannot be stored (NUL or a broken surrogate): the values were not saved.`;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = unstorableProblem(item, [...path, index]);
      if (problem) return problem;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = unstorableProblem(item, [...path, key]);
      if (problem) return problem;
    }
  }
  return undefined;
}
