/**
 * The description step's values table (docs/decisions/049-values-table.md): one row per value of
 * a blueprint description, each with what to type to change it and, where a reading gives them,
 * where on the drawing it was read and how sure the reader was. Built here, in contracts/, so the
 * UI shows the rows and the server counts them with the same function.
 */
import type { BlueprintDescription, Reading } from './blueprint.ts';
import { stillUnplaced } from './concentric.ts';
import { formatMm, formatTolerance } from './written-numbers.ts';

/** The most rows a description may have when the operator saves the table. */
export const maxValueRows = 400;

/** One row of the values table. */
export interface ValueRow {
  /** Stable address of the value: 'outer.0.diameter', 'hole.3.position', 'material'. */
  id: string;
  /** What the value belongs to: 'Outer diameter 1', 'Hole 4', 'Plate', 'Material'. */
  group: string;
  /** Which value of it: 'Ø', 'Length', 'Position x, y'; '' when the group is the value. */
  label: string;
  /** The value as shown, '' when there is none yet (the operator may give it). */
  value: string;
  /** What the edit box starts with (the value in the form it is typed). */
  input: string;
  /** What may be typed: 'mm', "mm, or 'through'", "'M8x1.25'". */
  hint: string;
  /** Where the value was read and how sure the reader was, when a reading names it. */
  reading?: Pick<Reading, 'source' | 'confidence'>;
  /** False for a value the part cannot lose (the plate's outline). */
  removable: boolean;
}

const mm = (value: number | undefined) => (value === undefined ? '' : `${formatMm(value)} mm`);
const num = (value: number | undefined) => (value === undefined ? '' : formatMm(value));

/** The readings' field names a row stands for (compared without case). */
export function readingFieldsOf(id: string): string[] {
  const [kind, index, part] = id.split('.');
  const n = Number(index) + 1;
  switch (kind) {
    case 'outer':
      return part === 'diameter'
        ? [`Outer diameter ${n}`]
        : part === 'length'
          ? [`Outer diameter ${n} length`]
          : part === 'thread'
            ? [`Outer diameter ${n} thread`]
            : [`Outer diameter ${n} ${part}`];
    case 'inner':
      return part === 'diameter'
        ? [`Bore ${n}`, `Inner diameter ${n}`]
        : [`Bore ${n} ${part}`, `Inner diameter ${n} ${part}`];
    case 'chamfer':
      return [`Chamfer ${n}`];
    case 'fillet':
      return [`Fillet ${n}`];
    case 'hole':
      return part === 'diameter' ? [`Hole ${n}`] : [`Hole ${n} ${part}`];
    case 'pocket':
      return [`Pocket ${n} depth`, `Cut-out ${n} depth`];
    case 'slot':
      return [`Slot ${n} depth`];
    case 'step':
      return [`Step ${n} depth`];
    default:
      return [fieldNames[kind ?? ''] ?? kind ?? ''];
  }
}

const fieldNames: Record<string, string> = {
  overallLength: 'Overall length',
  thickness: 'Thickness',
  outline: 'Outline',
  material: 'Material',
  heatTreatment: 'Heat treatment',
  hardness: 'Hardness',
  generalTolerance: 'General tolerance',
  roughness: 'Surface finish',
  centreHoles: 'Centre holes',
  units: 'Units',
  title: 'Title',
  drawingNumber: 'Drawing number',
  revision: 'Revision',
  scale: 'Scale',
  projection: 'Projection',
};

/** The reading of a row: the last reading whose field is one of the row's. */
function readingOf(readings: Reading[], id: string): ValueRow['reading'] {
  const names = new Set(readingFieldsOf(id).map((name) => name.toLowerCase()));
  const found = readings.findLast((reading) => names.has(reading.field.toLowerCase()));
  return found ? { source: found.source, confidence: found.confidence } : undefined;
}

type RowDraft = Omit<ValueRow, 'reading' | 'removable'> & { removable?: boolean };

const row = (
  id: string,
  group: string,
  label: string,
  value: string,
  input: string,
  hint: string,
  removable = true,
): RowDraft => ({ id, group, label, value, input, hint, removable });

/** A diameter's deviations and fit as typed: 'h7', '+0.1/0', '±0.05 H7'. */
export function toleranceText(feature: {
  tolerance?: { upperMm: number; lowerMm: number };
  fit?: string;
}): string {
  return [feature.tolerance ? formatTolerance(feature.tolerance) : '', feature.fit ?? '']
    .filter(Boolean)
    .join(' ');
}

/** Depth of a bore, hole, pocket or slot as typed: 'through', '12' or ''. */
const depthText = (item: { through?: boolean; depthMm?: number; lengthMm?: number }) =>
  item.through ? 'through' : num(item.depthMm ?? item.lengthMm);

const DEPTH_HINT = "mm, or 'through'";

function turnedRows(description: BlueprintDescription): RowDraft[] {
  const rows: RowDraft[] = [];
  description.outerDiameters.forEach((d, i) => {
    const group = `Outer diameter ${i + 1}`;
    const id = `outer.${i}`;
    rows.push(
      row(
        `${id}.diameter`,
        group,
        'Ø',
        d.diameterMm ? `Ø${num(d.diameterMm)}` : d.diameter,
        num(d.diameterMm),
        'mm',
      ),
      row(
        `${id}.length`,
        group,
        'Length',
        d.lengthMm ? mm(d.lengthMm) : d.length,
        num(d.lengthMm),
        'mm',
      ),
      row(`${id}.start`, group, 'Start from the free end', mm(d.startMm), num(d.startMm), 'mm'),
      row(
        `${id}.tolerance`,
        group,
        'Tolerance / fit',
        toleranceText(d),
        toleranceText(d),
        "'h7', '+0.1/0', '±0.05'",
      ),
      row(`${id}.thread`, group, 'Thread', d.thread ?? '', d.thread ?? '', "'M8x1.25'"),
    );
  });
  description.innerDiameters.forEach((d, i) => {
    const group = `Inner diameter ${i + 1}`;
    const id = `inner.${i}`;
    const depth = depthText(d);
    rows.push(
      row(
        `${id}.diameter`,
        group,
        'Ø',
        d.diameterMm ? `Ø${num(d.diameterMm)}` : d.diameter,
        num(d.diameterMm),
        'mm',
      ),
      row(
        `${id}.depth`,
        group,
        'Depth',
        depth === 'through' || depth === '' ? depth : `${depth} mm`,
        depth,
        DEPTH_HINT,
      ),
      row(`${id}.start`, group, 'Start from the free end', mm(d.startMm), num(d.startMm), 'mm'),
      row(
        `${id}.tolerance`,
        group,
        'Tolerance / fit',
        toleranceText(d),
        toleranceText(d),
        "'H7', '+0.1/0'",
      ),
    );
  });
  // Chamfers and fillets: one row each, its size and where it is.
  const edges = [
    ['chamfer', 'Chamfer', description.features.chamfers, "'1 x 45°'"],
    ['fillet', 'Fillet', description.features.fillets, "'R0.5'"],
  ] as const;
  for (const [id, label, items, hint] of edges)
    items.forEach((item, i) =>
      rows.push(
        row(
          `${id}.${i}`,
          `${label} ${i + 1}`,
          '',
          `${item.dimensions} ${item.location}`.trim(),
          item.dimensions,
          hint,
        ),
      ),
    );
  const { dimensions } = description;
  const overall = dimensions.overallLengthMm
    ? mm(dimensions.overallLengthMm)
    : dimensions.overallLength;
  rows.push(
    row('overallLength', 'Overall length', '', overall, num(dimensions.overallLengthMm), 'mm'),
  );
  const centreHoles = description.features.centreHoles ?? '';
  rows.push(row('centreHoles', 'Centre holes', '', centreHoles, centreHoles, CENTRE_HOLES_HINT));
  return rows;
}

const CENTRE_HOLES_HINT = "'permitted' (the tailstock may hold the free end), 'not permitted'";

/**
 * Whether a value typed in the Centre holes row permits them (ISO 6411): 'permitted' for
 * 'permitted', 'allowed', 'yes'; 'not permitted' for 'not permitted', 'no', 'forbidden';
 * undefined for anything else.
 */
export function centreHolesTyped(text: string): 'permitted' | 'not permitted' | undefined {
  const typed = text.trim().toLowerCase();
  if (/^(?:not\b|no\b|forbidden|prohibited|none)/.test(typed)) return 'not permitted';
  if (/^(?:permitted|allowed|yes|ok)\b/.test(typed)) return 'permitted';
  return undefined;
}

/** The outline's width and height, mm. */
export function outlineSize(outline: { x: number; y: number }[]): {
  widthMm: number;
  heightMm: number;
} {
  const xs = outline.map((p) => p.x);
  const ys = outline.map((p) => p.y);
  return {
    widthMm: Math.max(...xs) - Math.min(...xs),
    heightMm: Math.max(...ys) - Math.min(...ys),
  };
}

function prismaticRows(description: BlueprintDescription): RowDraft[] {
  const plate = description.prismatic;
  if (!plate) return [];
  const { widthMm, heightMm } = outlineSize(plate.outline);
  const size = `${num(widthMm)} × ${num(heightMm)}`;
  const rows: RowDraft[] = [
    row(
      'outline',
      'Plate',
      'Outline width × height',
      `${size} mm`,
      size,
      "'175 x 100' (mm)",
      false,
    ),
    row('thickness', 'Plate', 'Thickness', mm(plate.thicknessMm), num(plate.thicknessMm), 'mm'),
  ];
  plate.holes.forEach((h, i) => {
    const group = `Hole ${i + 1}`;
    const id = `hole.${i}`;
    const depth = depthText(h);
    const counterbore =
      h.counterboreDiameterMm !== undefined
        ? `Ø${num(h.counterboreDiameterMm)}${h.counterboreDepthMm ? ` x ${num(h.counterboreDepthMm)}` : ''}`
        : '';
    const countersink =
      h.countersinkDiameterMm !== undefined
        ? `Ø${num(h.countersinkDiameterMm)} x ${num(h.countersinkAngleDeg ?? 90)}°`
        : '';
    rows.push(
      row(`${id}.diameter`, group, 'Ø', `Ø${num(h.diameterMm)}`, num(h.diameterMm), 'mm'),
      row(
        `${id}.position`,
        group,
        'Position x, y',
        `${num(h.x)}, ${num(h.y)} mm`,
        `${num(h.x)}, ${num(h.y)}`,
        "'20, 15' (mm)",
        false,
      ),
      row(
        `${id}.depth`,
        group,
        'Depth',
        depth === 'through' || depth === '' ? depth : `${depth} mm`,
        depth,
        DEPTH_HINT,
      ),
      row(`${id}.thread`, group, 'Thread', h.thread ?? '', h.thread ?? '', "'M6'"),
      row(`${id}.counterbore`, group, 'Counterbore', counterbore, counterbore, "'Ø11 x 6.8' (mm)"),
      row(`${id}.countersink`, group, 'Countersink', countersink, countersink, "'Ø12 x 90°'"),
    );
  });
  plate.pockets.forEach((p, i) => {
    const depth = depthText(p);
    rows.push(
      row(
        `pocket.${i}.depth`,
        `Pocket ${i + 1}${p.label ? ` (${p.label})` : ''}`,
        'Depth',
        depth === 'through' || depth === '' ? depth : `${depth} mm`,
        depth,
        DEPTH_HINT,
      ),
    );
  });
  (plate.steps ?? []).forEach((s, i) => {
    // A step's depth not read is asked for by name: an empty row to give it.
    rows.push(
      row(
        `step.${i}.depth`,
        `Step ${i + 1}${s.label && s.label !== `Step ${i + 1}` ? ` (${s.label})` : ''}`,
        'Depth',
        s.depthMm === undefined
          ? ''
          : `${num(s.depthMm)} mm${s.tolerance ? ` ${formatTolerance(s.tolerance)}` : ''}`,
        num(s.depthMm),
        'mm',
      ),
    );
  });
  plate.slots.forEach((s, i) => {
    const depth = depthText(s);
    rows.push(
      row(
        `slot.${i}.depth`,
        `Slot ${i + 1}${s.label ? ` (${s.label})` : ''}`,
        'Depth',
        depth === 'through' || depth === '' ? depth : `${depth} mm`,
        depth,
        DEPTH_HINT,
      ),
    );
  });
  return rows;
}

function commonRows(description: BlueprintDescription): RowDraft[] {
  const { materialSpecs, dimensions, surfaceFinish } = description;
  const block = description.titleBlock ?? {};
  const text = (id: string, group: string, value: string | undefined, hint: string) =>
    row(id, group, '', value ?? '', value ?? '', hint);
  return [
    text('material', 'Material', materialSpecs.material, "'6061-T6', 'C45'"),
    text('heatTreatment', 'Heat treatment', materialSpecs.heatTreatment, "'hardened'"),
    text('hardness', 'Hardness', materialSpecs.hardness, "'58-62 HRC'"),
    text(
      'generalTolerance',
      'General tolerance',
      dimensions.generalTolerance ?? block.generalTolerance,
      "'ISO 2768-mK'",
    ),
    row(
      'roughness',
      'Surface finish',
      'Ra',
      surfaceFinish.raUm ? `Ra ${num(surfaceFinish.raUm)} µm` : '',
      num(surfaceFinish.raUm),
      'µm',
    ),
    text('units', 'Units', block.units, "'mm', 'inch'"),
    titleRow('title', 'Title', block.title, "the part's name"),
    titleRow('drawingNumber', 'Drawing number', block.drawingNumber, "'FLH-001'"),
    titleRow('revision', 'Revision', block.revision, "'E'"),
    titleRow('scale', 'Scale', block.scale, "'1:1'"),
    titleRow('projection', 'Projection', block.projection, "'first angle'"),
  ];
}

/** What a row of something not placed says it wants. */
const CHECK_HINT = 'give it with Change, or remove this row once checked';

/**
 * What the drawing writes that the description does not place (`unplaced`) and, on a plate, the
 * sizes the top view does not hold: each leaves the program incomplete until it is given with
 * Change or removed here once checked.
 */
function unplacedRows(description: BlueprintDescription): RowDraft[] {
  const rows: RowDraft[] = [];
  // A circle drawn around holes that now have its size is no longer open (decision 073).
  (description.unplaced ?? []).forEach((item, index) => {
    if (stillUnplaced(item, description.prismatic?.holes))
      rows.push(row(`unplaced.${index}`, 'Not placed', item.text, item.why, '', CHECK_HINT));
  });
  (description.prismatic?.sizes ?? []).forEach((size, index) => {
    if (size.measures === 'other')
      rows.push(
        row(
          `other.${index}`,
          'Not held by the top view',
          size.dimension,
          'not programmed',
          '',
          CHECK_HINT,
        ),
      );
  });
  return rows;
}

/**
 * Remove, in place, the row `kind`.`index` of something not placed (unplacedRows); false when
 * the row is of another kind.
 */
export function removeUnplaced(draft: BlueprintDescription, kind: string, index: number): boolean {
  if (kind === 'unplaced') {
    draft.unplaced?.splice(index, 1);
    if (draft.unplaced?.length === 0) delete draft.unplaced;
    return true;
  }
  if (kind !== 'other') return false;
  draft.prismatic?.sizes?.splice(index, 1);
  return true;
}

const titleRow = (id: string, label: string, value: string | undefined, hint: string): RowDraft =>
  row(id, 'Title block', label, value ?? '', value ?? '', hint);

/**
 * The values table of a description: a turned part's diameters (Ø, length, start, tolerance or
 * fit, thread; bores with depth or 'through'), chamfers, fillets and overall length; a plate's
 * outline, thickness, holes (Ø, position, depth, thread, counterbore, countersink), pockets,
 * slots and steps with their depths; then material, heat treatment, hardness, general tolerance, Ra, units
 * and the title block. Lengths in mm, Ra in µm. A value not given yet has a row with an empty
 * value, for the operator to give it.
 */
export function valueRows(description: BlueprintDescription): ValueRow[] {
  const turned = description.outerDiameters.length > 0 || !description.prismatic;
  const drafts = [
    ...(turned ? turnedRows(description) : []),
    ...prismaticRows(description),
    ...unplacedRows(description),
    ...commonRows(description),
  ];
  const readings = description.readings ?? [];
  return drafts.map((draft) => {
    const reading = readingOf(readings, draft.id);
    return { ...draft, removable: draft.removable ?? true, ...(reading ? { reading } : {}) };
  });
}
