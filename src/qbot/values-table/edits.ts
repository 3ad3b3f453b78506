/**
 * The values table's edits (docs/decisions/049-values-table.md): a row's value typed anew, a row
 * removed, a diameter, bore, chamfer, fillet or hole added. Each returns a new description (the
 * one given is not changed) or one sentence saying what to type. The value typed becomes the
 * row's reading, 'Entered in the values table' with confidence 1. Lengths in mm.
 */
import type { BlueprintDescription, DiameterFeature, Reading } from '#contracts/blueprint';
import { readingFieldsOf, removeUnplaced } from '#contracts/values-table';
import {
  formatMm,
  formatTolerance,
  parseChamferCallout,
  parseDiameterCallout,
  parseRadiusCallout,
  parseThreadCallout,
  roundMm,
} from '#cam/callouts';
import { singleSetter, titleKeys } from './single-setters.ts';
import { NUMBER, PAIR, SIZE, positive, read, sizeWanted } from './typed.ts';
import type { Setter } from './typed.ts';

/** An edit's outcome: the new description, or what to type instead. */
export type EditOutcome = { description: BlueprintDescription } | { error: string };

/** Where a value typed in the table is said to come from. */
export const enteredSource = 'Entered in the values table';

const CB = new RegExp(
  String.raw`^\s*[Ø⌀ø∅]?\s*(${NUMBER})\s*(?:mm)?\s*(?:[x×*]|deep|,)?\s*(${NUMBER})?\s*(?:mm)?\s*(?:deep)?\s*$`,
  'i',
);
const CSK = new RegExp(
  String.raw`^\s*(?:⌵|csk)?\s*[Ø⌀ø∅]?\s*(${NUMBER})\s*(?:mm)?\s*(?:[x×*]\s*(${NUMBER})\s*°?)?\s*$`,
  'i',
);

const throughHint = "Type a depth in mm, or 'through'.";

/** A diameter's words from its numbers: 'Ø40 h7', 'Ø16.5 +0.1/0'. */
function diameterWords(feature: DiameterFeature): string {
  if (feature.diameterMm === undefined) return feature.diameter;
  const tolerance = feature.tolerance ? ` ${formatTolerance(feature.tolerance)}` : '';
  return `Ø${formatMm(feature.diameterMm)}${feature.fit ? ` ${feature.fit}` : ''}${tolerance}`;
}

/** A diameter's place in words, from its start and length. */
function placeWords(feature: DiameterFeature): string {
  if (feature.startMm === undefined) return feature.location;
  const end =
    feature.lengthMm === undefined ? '' : ` to ${formatMm(feature.startMm + feature.lengthMm)}`;
  return `from the free end, ${formatMm(feature.startMm)}${end} mm`;
}

/** The row's reading becomes the value typed, with the operator as its source. */
function markEntered(draft: BlueprintDescription, id: string, value: string) {
  const names = readingFieldsOf(id);
  const lower = new Set(names.map((name) => name.toLowerCase()));
  const kept = (draft.readings ?? []).filter((reading) => !lower.has(reading.field.toLowerCase()));
  if (value)
    kept.push({
      field: names[0]!,
      value: value.slice(0, 500),
      confidence: 1,
      source: enteredSource,
    });
  draft.readings = kept.slice(-500);
}

/** Readings of the items after a removed one move up a number ('Hole 4' becomes 'Hole 3'). */
function renumberReadings(draft: BlueprintDescription, prefixes: string[], removed: number) {
  const pattern = new RegExp(`^(${prefixes.join('|')}) (\\d+)(.*)$`, 'i');
  draft.readings = (draft.readings ?? []).flatMap((reading): Reading[] => {
    const match = pattern.exec(reading.field);
    if (!match) return [reading];
    const n = Number(match[2]) - 1;
    if (n === removed) return [];
    return [n > removed ? { ...reading, field: `${match[1]} ${n}${match[3]}` } : reading];
  });
}

function diameterSetter(
  list: 'outerDiameters' | 'innerDiameters',
  index: number,
  part: string,
): Setter {
  return (draft, text) => {
    const feature = draft[list][index];
    if (!feature) return 'That value is no longer in the description.';
    if (part === 'diameter' || part === 'length' || part === 'start') {
      const value = part === 'start' ? nonNegative(text) : positive(text);
      if (value === undefined)
        return part === 'start' ? 'Type a distance in mm, 0 or more.' : sizeWanted;
      if (part === 'diameter') feature.diameterMm = value;
      if (part === 'length') {
        feature.lengthMm = value;
        feature.length = `${formatMm(value)} mm`;
        delete feature.through;
      }
      if (part === 'start') feature.startMm = value;
    } else if (part === 'depth') {
      if (/^\s*(?:through|thru)\s*$/i.test(text)) {
        feature.through = true;
        delete feature.lengthMm;
        feature.length = 'through';
      } else return diameterSetter(list, index, 'length')(draft, text);
    } else if (part === 'tolerance') {
      const parsed = parseDiameterCallout(`Ø${formatMm(feature.diameterMm ?? 10)} ${text}`);
      if (!parsed || (!parsed.fit && !parsed.tolerance))
        return "Type a fit such as 'h7', or deviations such as '+0.1/0' or '±0.05'.";
      delete feature.fit;
      delete feature.tolerance;
      if (parsed.fit) feature.fit = parsed.fit;
      if (parsed.tolerance) feature.tolerance = parsed.tolerance;
    } else if (part === 'thread') {
      const thread = parseThreadCallout(text);
      if (!thread) return "Type a thread such as 'M8x1.25' or '1/4-20 UNC'.";
      feature.thread = thread.designation;
      feature.type = `thread ${thread.designation}`;
    }
    feature.diameter = diameterWords(feature);
    feature.location = placeWords(feature);
    return undefined;
  };
}

function nonNegative(text: string): number | undefined {
  const match = SIZE.exec(text);
  if (!match) return undefined;
  const value = read(match[1]!);
  return value >= 0 ? value : undefined;
}

function holeSetter(index: number, part: string): Setter {
  return (draft, text) => {
    const hole = draft.prismatic?.holes[index];
    if (!hole) return 'That value is no longer in the description.';
    if (part === 'diameter') {
      const value = positive(text);
      if (value === undefined) return sizeWanted;
      hole.diameterMm = value;
      hole.diameter = hole.thread ?? `Ø${formatMm(value)}`;
    } else if (part === 'position') {
      const match = PAIR.exec(text);
      if (!match) return "Type the position as x, y in mm, such as '20, 15'.";
      hole.x = read(match[1]!);
      hole.y = read(match[2]!);
    } else if (part === 'depth') {
      if (/^\s*(?:through|thru)\s*$/i.test(text)) {
        hole.through = true;
        delete hole.depthMm;
        if (hole.kind === 'blind') hole.kind = 'through';
      } else {
        const value = positive(text);
        if (value === undefined) return throughHint;
        hole.depthMm = value;
        hole.through = false;
        if (hole.kind === 'through' || hole.kind === undefined) hole.kind = 'blind';
      }
    } else if (part === 'thread') {
      const thread = parseThreadCallout(text);
      if (!thread) return "Type a thread such as 'M6' or '1/4-20 UNC'.";
      hole.thread = thread.designation;
      hole.diameterMm = thread.majorDiameterMm;
      hole.diameter = thread.designation;
      hole.kind = 'tapped';
    } else if (part === 'counterbore') {
      const match = CB.exec(text);
      const diameter = match ? read(match[1]!) : 0;
      const depth = match?.[2] ? read(match[2]) : undefined;
      if (!(diameter > 0) || !(depth === undefined || depth > 0))
        return "Type the counterbore as Ø and depth in mm, such as 'Ø11 x 6.8'.";
      hole.counterboreDiameterMm = diameter;
      if (depth === undefined) delete hole.counterboreDepthMm;
      else hole.counterboreDepthMm = depth;
      hole.kind = 'counterbored';
    } else if (part === 'countersink') {
      const match = CSK.exec(text);
      const diameter = match ? read(match[1]!) : 0;
      const angle = match?.[2] ? read(match[2]) : 90;
      if (!(diameter > 0) || !(angle > 0 && angle < 180))
        return "Type the countersink as Ø in mm and angle, such as 'Ø12 x 90°'.";
      hole.countersinkDiameterMm = diameter;
      hole.countersinkAngleDeg = angle;
      hole.kind = 'countersunk';
    }
    return undefined;
  };
}

function depthSetter(list: 'pockets' | 'slots' | 'steps', index: number): Setter {
  return (draft, text) => {
    const item = draft.prismatic?.[list]?.[index];
    if (!item) return 'That value is no longer in the description.';
    if (list !== 'steps' && /^\s*(?:through|thru)\s*$/i.test(text)) {
      Object.assign(item, { through: true }); // a step is open to the outline: never through
      delete item.depthMm;
      return undefined;
    }
    item.depthMm = positive(text);
    if (item.depthMm === undefined) return list === 'steps' ? 'Type a depth in mm.' : throughHint;
    if (list !== 'steps') Object.assign(item, { through: false });
    return undefined;
  };
}

function setterOf(id: string): Setter | undefined {
  const [kind, at, part = ''] = id.split('.');
  const index = Number(at);
  if (kind === 'outer') return diameterSetter('outerDiameters', index, part);
  if (kind === 'inner') return diameterSetter('innerDiameters', index, part);
  if (kind === 'hole') return holeSetter(index, part);
  if (kind === 'pocket' || kind === 'slot' || kind === 'step')
    return depthSetter(`${kind}s`, index);
  if (kind === 'chamfer')
    return (draft, text) => {
      const chamfer = draft.features.chamfers[index];
      const parsed = parseChamferCallout(/x|×|°/i.test(text) ? text : `${text} x 45°`);
      if (!chamfer || !parsed) return "Type a chamfer such as '1 x 45°'.";
      chamfer.sizeMm = parsed.sizeMm;
      chamfer.angleDeg = parsed.angleDeg;
      chamfer.dimensions = `${formatMm(parsed.sizeMm)} x ${formatMm(parsed.angleDeg)}°`;
      return undefined;
    };
  if (kind === 'fillet')
    return (draft, text) => {
      const fillet = draft.features.fillets[index];
      const parsed = parseRadiusCallout(/R/i.test(text) ? text : `R${text.trim()}`);
      if (!fillet || !parsed || !(parsed.radiusMm > 0)) return "Type a radius such as 'R0.5'.";
      fillet.radiusMm = parsed.radiusMm;
      fillet.dimensions = `R${formatMm(parsed.radiusMm)}`;
      return undefined;
    };
  return singleSetter(id);
}

/**
 * Set one row's value from what the operator typed; an empty entry removes the row's value
 * ({@link removeRow}).
 * @param id - the row's id (contracts/values-table.ts)
 * @returns the new description, or a sentence saying what to type
 */
export function setRowValue(
  description: BlueprintDescription,
  id: string,
  typed: string,
): EditOutcome {
  if (typed.trim() === '') return { description: removeRow(description, id) };
  const setter = setterOf(id);
  if (!setter) return { error: 'That value cannot be changed here.' };
  const draft = structuredClone(description);
  const error = setter(draft, typed);
  if (error) return { error };
  markEntered(draft, id, typed.trim());
  return { description: draft };
}

function removeItem(draft: BlueprintDescription, kind: string, index: number) {
  const lists: Record<string, [unknown[] | undefined, string[]]> = {
    outer: [draft.outerDiameters, ['Outer diameter']],
    inner: [draft.innerDiameters, ['Bore', 'Inner diameter']],
    chamfer: [draft.features.chamfers, ['Chamfer']],
    fillet: [draft.features.fillets, ['Fillet']],
    hole: [draft.prismatic?.holes, ['Hole']],
    pocket: [draft.prismatic?.pockets, ['Pocket', 'Cut-out']],
    slot: [draft.prismatic?.slots, ['Slot']],
    step: [draft.prismatic?.steps, ['Step']],
  };
  const [list, prefixes] = lists[kind] ?? [undefined, []];
  if (!list || index >= list.length) return;
  list.splice(index, 1);
  renumberReadings(draft, prefixes, index);
}

function clearPart(draft: BlueprintDescription, kind: string, index: number, part: string) {
  const feature = kind === 'outer' ? draft.outerDiameters[index] : draft.innerDiameters[index];
  if (feature) {
    if (part === 'length' || part === 'depth') {
      delete feature.lengthMm;
      delete feature.through;
      feature.length = '';
    }
    if (part === 'start') delete feature.startMm;
    if (part === 'tolerance') {
      delete feature.tolerance;
      delete feature.fit;
    }
    if (part === 'thread') {
      delete feature.thread;
      if (/^thread/i.test(feature.type)) feature.type = 'cylinder';
    }
    feature.diameter = diameterWords(feature);
    feature.location = placeWords(feature);
    return;
  }
  const hole = kind === 'hole' ? draft.prismatic?.holes[index] : undefined;
  if (!hole) return;
  if (part === 'depth') {
    delete hole.depthMm;
    hole.through = true;
  }
  if (part === 'thread') {
    delete hole.thread;
    hole.diameter = `Ø${formatMm(hole.diameterMm)}`;
    if (hole.kind === 'tapped') delete hole.kind;
  }
  if (part === 'counterbore') {
    delete hole.counterboreDiameterMm;
    delete hole.counterboreDepthMm;
    if (hole.kind === 'counterbored') delete hole.kind;
  }
  if (part === 'countersink') {
    delete hole.countersinkDiameterMm;
    delete hole.countersinkAngleDeg;
    if (hole.kind === 'countersunk') delete hole.kind;
  }
}

/**
 * Remove a row: the main row of a diameter, bore, hole, chamfer, fillet, pocket, slot or step
 * removes it (the readings of later ones move up a number); any other row clears its value. The
 * outline and a hole's position cannot be removed (the description is given back unchanged).
 */
export function removeRow(description: BlueprintDescription, id: string): BlueprintDescription {
  const draft = structuredClone(description);
  const [kind = '', at, part = ''] = id.split('.');
  const index = Number(at);
  if (removeUnplaced(draft, kind, index)) return draft;
  if (['chamfer', 'fillet', 'pocket', 'slot', 'step'].includes(kind) || part === 'diameter') {
    removeItem(draft, kind, index);
    return draft;
  }
  if (kind === 'outer' || kind === 'inner' || kind === 'hole') clearPart(draft, kind, index, part);
  else if (id === 'overallLength') {
    delete draft.dimensions.overallLengthMm;
    draft.dimensions.overallLength = '';
  } else if (id === 'thickness' && draft.prismatic) delete draft.prismatic.thicknessMm;
  else if (id === 'roughness') delete draft.surfaceFinish.raUm;
  else if (id === 'centreHoles') delete draft.features.centreHoles;
  else if (id === 'material' || id === 'heatTreatment' || id === 'hardness')
    draft.materialSpecs[id] = '';
  else if (id === 'generalTolerance') {
    delete draft.dimensions.generalTolerance;
    if (draft.titleBlock) delete draft.titleBlock.generalTolerance;
  } else if ((titleKeys as readonly string[]).includes(id) && draft.titleBlock)
    delete draft.titleBlock[id as (typeof titleKeys)[number]];
  else return draft;
  markEntered(draft, id, '');
  return draft;
}

/** What the table can add, with the main value each needs. */
export const addableItems = [
  { kind: 'outer', label: 'Outer diameter', hint: 'Ø in mm' },
  { kind: 'inner', label: 'Inner diameter (bore)', hint: 'Ø in mm' },
  { kind: 'chamfer', label: 'Chamfer', hint: "'1 x 45°'" },
  { kind: 'fillet', label: 'Fillet', hint: "'R0.5'" },
  { kind: 'hole', label: 'Hole', hint: 'Ø in mm' },
] as const;
export type AddableKind = (typeof addableItems)[number]['kind'];

/**
 * Add a diameter, bore, chamfer, fillet or hole from its main value: a diameter goes after the
 * last one (at the chuck end), a hole to the middle of the plate's outline, through. Its other
 * rows are then given one by one.
 */
export function addItem(
  description: BlueprintDescription,
  kind: AddableKind,
  typed: string,
): EditOutcome {
  const draft = structuredClone(description);
  if (kind === 'outer' || kind === 'inner') {
    const value = positive(typed);
    if (value === undefined) return { error: sizeWanted };
    const list = kind === 'outer' ? draft.outerDiameters : draft.innerDiameters;
    list.push({
      diameter: `Ø${formatMm(value)}`,
      type: kind === 'outer' ? 'cylinder' : 'bore',
      location: '',
      length: '',
      diameterMm: value,
    });
    markEntered(draft, `${kind}.${list.length - 1}.diameter`, `Ø${formatMm(value)}`);
    return { description: draft };
  }
  if (kind === 'hole') {
    const plate = draft.prismatic;
    const value = positive(typed);
    if (!plate) return { error: 'Holes are added to a plate: this part has no top-view outline.' };
    if (value === undefined) return { error: sizeWanted };
    const xs = plate.outline.map((p) => p.x);
    const ys = plate.outline.map((p) => p.y);
    const x = roundMm((Math.min(...xs) + Math.max(...xs)) / 2);
    const y = roundMm((Math.min(...ys) + Math.max(...ys)) / 2);
    plate.holes.push({
      diameter: `Ø${formatMm(value)}`,
      x,
      y,
      diameterMm: value,
      through: true,
      kind: 'through',
    });
    markEntered(draft, `hole.${plate.holes.length - 1}.diameter`, `Ø${formatMm(value)}`);
    return { description: draft };
  }
  const list = kind === 'chamfer' ? draft.features.chamfers : draft.features.fillets;
  list.push({ dimensions: typed.trim(), location: '' });
  const outcome = setRowValue(draft, `${kind}.${list.length - 1}`, typed);
  return outcome;
}
