/**
 * The hand-over of a reader's description to the rest of the product: whatever a reader made of
 * a drawing, what leaves drawings/ fits the contract (contracts/blueprint.ts) and can be stored
 * (no NUL, no lone surrogate). Each value that does not fit is taken out of the description and
 * named in `unresolved`, one sentence each, so the user sees what to supply with 'Change' and a
 * response can never fail its own schema.
 */
import { z } from 'zod';
import { blueprintDescriptionSchema, emptyDescription } from '#contracts/blueprint';
import type { BlueprintDescription } from '#contracts/blueprint';
import { isStorableText, toStorableText } from '#contracts/text';

type Path = readonly (string | number)[];

/** A problem with one value: where it is and why it does not fit, in words. */
interface Problem {
  path: Path;
  /** Follows the value's name: 'is not a finite number', 'is not greater than 0'. */
  reason: string;
  /** Arrays with too many entries keep their first `keep`. */
  keep?: number;
}

/** Names of the description's lists, one entry and all of them. */
const lists: Record<string, [one: string, all: string]> = {
  outerDiameters: ['outer diameter', 'the outer diameters'],
  innerDiameters: ['inner diameter', 'the inner diameters'],
  chamfers: ['chamfer', 'the chamfers'],
  fillets: ['fillet', 'the fillets'],
  readings: ['reading', 'the readings'],
  unresolved: ['open question', 'the open questions'],
  holes: ['hole', 'the holes'],
  pockets: ['pocket', 'the pockets'],
  slots: ['slot', 'the slots'],
  steps: ['step', 'the steps'],
  outline: ['outline point', 'the outline'],
};

/** The fields of the description's groups, named without their group. */
const groupFieldNames: Record<string, string> = {
  'surfaceFinish.requirements': 'surface finish requirements',
  'surfaceFinish.concentricity': 'concentricity requirement',
  'dimensions.overallLength': 'overall length as written',
  'dimensions.tolerances': 'tolerances as written',
};

/** Fields whose name in words is not their key split at capitals. */
const fieldNames: Record<string, string> = {
  diameter: 'diameter as written',
  length: 'length as written',
  dimensions: 'size as written',
  upperMm: 'upper deviation in mm',
  lowerMm: 'lower deviation in mm',
  atMm: 'position in mm',
  startMm: 'start in mm',
  raUm: 'roughness Ra in µm',
  angleDeg: 'angle in degrees',
  from: 'start point',
  to: 'end point',
  x: 'x',
  y: 'y',
};

/** The description's groups of fields, named only when a whole group is left out. */
const groups: Record<string, string> = {
  materialSpecs: 'the material specifications',
  features: 'the features',
  dimensions: 'the dimensions',
  surfaceFinish: 'the surface finish',
  prismatic: 'the top view',
};

const fieldName = (key: string): string =>
  fieldNames[key] ??
  key
    .replace(/Mm$/, ' in mm')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/**
 * A value of the description in words, for the sentences of `unresolved`: ['innerDiameters', 0,
 * 'lengthMm'] is 'the length in mm of inner diameter 1'. Indices count from 0 in the path and
 * from 1 in the words.
 */
export function describePath(path: Path): string {
  const parts: string[] = [];
  path.forEach((segment, index) => {
    const next = path[index + 1];
    const last = index === path.length - 1;
    if (typeof segment === 'number') return;
    const list = lists[segment];
    const group = index === 0 ? groups[segment] : undefined;
    const inGroup = index === 1 ? groupFieldNames[`${String(path[0])}.${segment}`] : undefined;
    if (list && typeof next === 'number') parts.push(`${list[0]} ${next + 1}`);
    else if (list && last) parts.push(list[1]);
    else if (group) {
      if (last) parts.push(group);
    } else parts.push(`the ${inGroup ?? fieldName(segment)}`);
  });
  return parts.length > 0 ? parts.reverse().join(' of ') : 'the description';
}

/** A dropped value as the sentence shows it: numbers and short texts, never objects. */
function shown(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return ` (${String(value)})`;
  if (typeof value !== 'string') return '';
  const cut = [...value].slice(0, 40).join('');
  return ` ('${toStorableText(cut)}${cut.length < value.length ? '…' : ''}')`;
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/** Why `value` does not fit, from its zod issue, as the end of a sentence about it. */
function reasonOf(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined) return 'is missing';
      if (typeof value === 'number' && issue.expected === 'number') return 'is not a finite number';
      return `is not ${article(issue.expected)}`;
    }
    case 'too_small': {
      const minimum = String(issue.minimum);
      if (issue.origin === 'array') return `has fewer than ${minimum} entries`;
      if (issue.origin === 'string') return `is shorter than ${minimum} characters`;
      return issue.inclusive ? `is less than ${minimum}` : `is not greater than ${minimum}`;
    }
    case 'too_big': {
      const maximum = String(issue.maximum);
      if (issue.origin === 'array') return `has more than ${maximum} entries`;
      if (issue.origin === 'string') return `is longer than ${maximum} characters`;
      return issue.inclusive ? `is greater than ${maximum}` : `is not less than ${maximum}`;
    }
    case 'invalid_value':
      return `is not one of ${issue.values.map(String).join(', ')}`;
    default:
      return 'does not fit a blueprint description';
  }
}

const unstorableReason = `holds a character that cannot be stored (NUL or a broken surrogate)`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema of the value at `path`, through objects, optionals and arrays. */
function schemaAt(schema: z.core.$ZodType, path: Path): z.core.$ZodType | undefined {
  let current: z.core.$ZodType | undefined = schema;
  for (const segment of path) {
    while (current instanceof z.ZodOptional || current instanceof z.ZodNullable)
      current = current.unwrap();
    if (current instanceof z.ZodArray && typeof segment === 'number') current = current.element;
    else if (current instanceof z.ZodObject && typeof segment === 'string')
      current = (current.shape as Record<string, z.core.$ZodType>)[segment];
    else return undefined;
    if (!current) return undefined;
  }
  return current;
}

/** The strings at the schema's own keys that PostgreSQL cannot store. */
function unstorableStrings(schema: z.core.$ZodType, value: unknown, path: Path): Problem[] {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable)
    current = current.unwrap();
  if (typeof value === 'string')
    return isStorableText(value) ? [] : [{ path, reason: unstorableReason }];
  if (current instanceof z.ZodArray && Array.isArray(value))
    return value.flatMap((entry, index) =>
      unstorableStrings(current.element, entry, [...path, index]),
    );
  if (current instanceof z.ZodObject && isRecord(value))
    return Object.entries(current.shape as Record<string, z.core.$ZodType>).flatMap(
      ([key, field]) =>
        Object.hasOwn(value, key) ? unstorableStrings(field, value[key], [...path, key]) : [],
    );
  return [];
}

/** A copy of plain data (objects and arrays), so the reader's own value is never changed. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (!isRecord(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value))
    Object.defineProperty(result, key, {
      value: copy(entry),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return result;
}

function valueAt(root: unknown, path: Path): unknown {
  let current = root;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isRecord(current) && typeof segment === 'string' && Object.hasOwn(current, segment))
      current = current[segment];
    else return undefined;
  }
  return current;
}

const accepts = (schema: z.core.$ZodType, value: unknown) => z.safeParse(schema, value).success;

const isPrefix = (prefix: Path, path: Path) =>
  prefix.length <= path.length && prefix.every((segment, index) => segment === path[index]);

/** How many times the description is checked again after values were taken out. */
const maxPasses = 20;

/**
 * The description a reader hands over, made to fit the contract: each value that does not fit
 * (a length of 0, a number that is not finite, a text too long, a NUL…) is taken out, or its
 * entry or group when the contract requires it, and named in `unresolved`.
 * @param description - what the reader made of the drawing
 * @param fileName - the drawing's name, for the sentence when nothing of the description fits
 * @returns a description that `blueprintDescriptionSchema` accepts, with nothing unstorable
 */
export function handOver(description: unknown, fileName: string): BlueprintDescription {
  const schema = blueprintDescriptionSchema;
  const root = copy(description);
  const sentences: string[] = [];
  /** The original index of each entry of the arrays compacted so far. */
  const origins = new WeakMap<unknown[], number[]>();

  /** `path` with each index as it was in the reader's description. */
  const originalPath = (path: Path): Path => {
    let current: unknown = root;
    return path.map((segment) => {
      const mapped =
        Array.isArray(current) && typeof segment === 'number'
          ? (origins.get(current)?.[segment] ?? segment)
          : segment;
      current = valueAt(current, [segment]);
      return mapped;
    });
  };

  const unusable = (reason: string): BlueprintDescription => ({
    ...emptyDescription(),
    unresolved: [
      `Nothing of what was read from ${toStorableText(fileName)} could be used: the description ${reason}.`,
    ],
  });
  if (!isRecord(root)) return unusable(reasonOf(z.safeParse(schema, root).error!.issues[0]!, root));

  for (let pass = 0; pass < maxPasses; pass += 1) {
    const parsed = z.safeParse(schema, root);
    const problems: Problem[] = parsed.success
      ? unstorableStrings(schema, root, [])
      : parsed.error.issues.map((issue) => {
          const path = issue.path.filter(
            (segment): segment is string | number => typeof segment !== 'symbol',
          );
          return {
            path,
            reason: reasonOf(issue, valueAt(root, path)),
            ...(issue.code === 'too_big' && issue.origin === 'array'
              ? { keep: Number(issue.maximum) }
              : {}),
          };
        });
    if (problems.length === 0) {
      const result = parsed.data!;
      const unresolved = result.unresolved ?? [];
      const added = [...new Set(sentences)].filter((sentence) => !unresolved.includes(sentence));
      return { ...result, unresolved: [...unresolved, ...added] };
    }

    const dropped: Path[] = [];
    const removed = new Map<unknown[], Set<number>>();
    // Lists too long first: the entries past their limit go, and nothing is said about them twice.
    for (const { path, keep } of problems) {
      const list = valueAt(root, path);
      if (keep === undefined || !Array.isArray(list)) continue;
      const what = describePath(originalPath(path));
      sentences.push(`Left out ${list.length - keep} of ${what}, past the first ${keep}.`);
      for (let index = keep; index < list.length; index += 1) dropped.push([...path, index]);
      removed.set(list, new Set(Array.from(list.keys()).filter((index) => index >= keep)));
    }
    for (const problem of problems) {
      if (problem.keep !== undefined) continue;
      if (dropped.some((path) => isPrefix(path, problem.path))) continue;
      const value = valueAt(root, problem.path);
      const what = describePath(originalPath(problem.path));
      let done = false;
      for (let depth = problem.path.length; depth >= 1 && !done; depth -= 1) {
        const target = problem.path.slice(0, depth);
        const key = target[depth - 1]!;
        const parent = valueAt(root, target.slice(0, -1));
        const field = schemaAt(schema, target);
        const sentence =
          depth === problem.path.length
            ? `Left out ${what}${shown(value)}, because it ${problem.reason}.`
            : `Left out ${describePath(originalPath(target))}, because ${describePath(problem.path.slice(depth))}${shown(value)} ${problem.reason}.`;
        if (Array.isArray(parent) && typeof key === 'number') {
          removed.set(parent, (removed.get(parent) ?? new Set()).add(key));
        } else if (isRecord(parent) && typeof key === 'string') {
          // Leave the field out when it may be, else empty it: '' for a text, [] for a list.
          const empties = [undefined, '', [], valueAt(emptyDescription(), target)];
          const empty = empties.findIndex((candidate) => !field || accepts(field, candidate));
          if (empty < 0) continue;
          if (empty === 0) delete parent[key];
          else parent[key] = empties[empty];
        } else continue;
        dropped.push(target);
        sentences.push(sentence);
        done = true;
      }
      if (!done) return unusable(problem.reason);
    }
    for (const [array, indices] of removed) {
      const before = origins.get(array);
      const kept = array.flatMap((_, index) => (indices.has(index) ? [] : [index]));
      const compacted = kept.map((index) => array[index]);
      origins.set(
        compacted,
        kept.map((index) => before?.[index] ?? index),
      );
      replaceArray(root, array, compacted);
    }
  }
  return unusable('does not fit a blueprint description');
}

/** Put `replacement` where `array` is in `root` (arrays are found by identity). */
function replaceArray(root: unknown, array: unknown[], replacement: unknown[]): boolean {
  if (Array.isArray(root)) {
    return root.some((entry, index) => {
      if (entry === array) {
        root[index] = replacement;
        return true;
      }
      return replaceArray(entry, array, replacement);
    });
  }
  if (!isRecord(root)) return false;
  return Object.entries(root).some(([key, entry]) => {
    if (entry === array) {
      root[key] = replacement;
      return true;
    }
    return replaceArray(entry, array, replacement);
  });
}
