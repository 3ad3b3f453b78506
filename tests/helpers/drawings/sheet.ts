/**
 * A neutral engineering drawing built from a generated part (parts.ts) and a drawing style: the
 * views (turned-sheet.ts, plate-sheet.ts) with their dimensions, the notes (material, general
 * tolerance ISO 2768, scale), the DIMSTYLE and header settings, and the truth the sheet shows.
 * dxf.ts and svg.ts write it; the round-trip tests read it back.
 *
 * Styles: a plain one (full side view, axis horizontal, chained lengths, %%c, inline tolerances,
 * mm, texts written in the DIMENSION, no dimension scale) and style groups that each vary one
 * thing from it, so a reader's failure shows against the one thing it does not read.
 */
import fc from 'fast-check';
import type { DrawingValue } from '#tests/helpers/blueprint-scoring';
import {
  mmPerUnit,
  platePartArb,
  turnedPartArb,
  type GeneratedPart,
  type PlatePart,
  type SizeTolerance,
  type TurnedPart,
  type TurnedPartOptions,
} from './parts.ts';
import { plateViews } from './plate-sheet.ts';
import { annotationSizes, choose, formatDeviation, note } from './annotations.ts';
import {
  extentOf,
  turnQuarter,
  type DrawingStyle,
  type Sheet,
  type SheetContent,
  type SheetCurve,
  type SheetFrame,
} from './sheet-model.ts';
import { turnedViews } from './turned-sheet.ts';

export type {
  Arrowhead,
  DiameterSymbol,
  DrawingStyle,
  LineKind,
  Point,
  Sheet,
  SheetCurve,
  SheetDimension,
  SheetFrame,
  SheetHatch,
  SheetNote,
  SheetText,
  TextPiece,
  Vertex,
} from './sheet-model.ts';
export { plainText } from './annotations.ts';

/** The plain style every style group varies one thing of. */
export const plainStyle: DrawingStyle = {
  view: 'side',
  axis: 'horizontal',
  lengths: 'chained',
  diameterSymbol: '%%c',
  toleranceForm: 'inline',
  units: 'mm',
  dimensionText: 'explicit',
  dimensionScale: 'none',
  threadCallout: 'note',
  plateThickness: 'note',
  notesAs: 'text',
  frame: 'none',
  variant: 0,
};

/** For each style field, the values it may take. */
export type StyleChoices = { [K in keyof DrawingStyle]: readonly DrawingStyle[K][] };

/** Every value of each style field, the plain one first (shrinking goes back to it). */
export const STYLE_VALUES: StyleChoices = {
  view: ['side', 'halfSection', 'sideAndEnd'],
  axis: ['horizontal', 'vertical'],
  lengths: ['chained', 'chainedOpen', 'baseline'],
  diameterSymbol: ['%%c', 'U+2300', 'U+00D8', '\\U+2205'],
  toleranceForm: ['inline', 'stacked', 'limits'],
  units: ['mm', 'inch'],
  dimensionText: ['explicit', 'measured', 'blockOnly', 'measuredOnly'],
  dimensionScale: ['none', 'headerDiffers', 'xdataOverride', 'drawn2to1', 'drawn2to1Header'],
  threadCallout: ['note', 'dimension'],
  plateThickness: ['note', 'sideView'],
  notesAs: ['text', 'mtext', 'oneMtext'],
  frame: ['none', 'lines', 'block'],
  variant: Array.from({ length: 100 }, (_, i) => i),
};

/**
 * Random styles: each field in `vary` takes one of the values given (shrinking toward the first),
 * `variant` any value, the other fields are `base`'s; 'all' varies every field over every value.
 */
export function styleArb(
  vary: Partial<StyleChoices> | 'all',
  base: DrawingStyle = plainStyle,
): fc.Arbitrary<DrawingStyle> {
  const choices: Partial<StyleChoices> =
    vary === 'all' ? STYLE_VALUES : { variant: STYLE_VALUES.variant, ...vary };
  const record: Partial<Record<keyof DrawingStyle, fc.Arbitrary<unknown>>> = {};
  for (const [field, values] of Object.entries(choices) as [keyof DrawingStyle, unknown[]][])
    record[field] = fc.constantFrom(...values);
  return fc
    .record(record)
    .map((picked) => ({ ...base, ...(picked as Partial<DrawingStyle>) }) satisfies DrawingStyle);
}

/** A style group of the round-trip tests: the part kind, what varies, what the part must have. */
export interface StyleGroup {
  name: string;
  part: 'turned' | 'plate' | 'any';
  /** Fields that vary from the plain style, with their values ('all': every field, any value). */
  vary: Partial<StyleChoices> | 'all';
  require?: Omit<TurnedPartOptions, 'units'>;
}

/**
 * The style groups: each varies one way of drawing from the plain style (and the small choices
 * of `variant`), so that a reader's failure shows against the one thing it does not read.
 */
export const STYLE_GROUPS: readonly StyleGroup[] = [
  { name: 'plain side view', part: 'turned', vary: { axis: STYLE_VALUES.axis } },
  {
    name: 'half section',
    part: 'turned',
    vary: { view: ['halfSection'], axis: STYLE_VALUES.axis },
    require: { bore: true },
  },
  { name: 'end view beside the side view', part: 'turned', vary: { view: ['sideAndEnd'] } },
  {
    name: 'lengths: open chain or baseline',
    part: 'turned',
    vary: { lengths: ['chainedOpen', 'baseline'] },
  },
  {
    name: 'diameter symbols',
    part: 'turned',
    vary: { diameterSymbol: ['U+2300', 'U+00D8', '\\U+2205'] },
  },
  {
    name: 'tolerances stacked or as limits',
    part: 'turned',
    vary: { toleranceForm: ['stacked', 'limits'] },
    require: { tolerance: true },
  },
  {
    name: "thread written as the diameter's dimension",
    part: 'turned',
    vary: { threadCallout: ['dimension'] },
    require: { thread: true },
  },
  { name: 'inch units', part: 'any', vary: { units: ['inch'] } },
  {
    name: 'dimension texts measured, only in the blocks, or nowhere',
    part: 'any',
    vary: { dimensionText: ['measured', 'blockOnly', 'measuredOnly'] },
  },
  {
    name: 'header $DIMLFAC differs from the dimension style',
    part: 'any',
    vary: {
      dimensionScale: ['headerDiffers', 'xdataOverride'],
      dimensionText: STYLE_VALUES.dimensionText,
    },
  },
  {
    name: 'drawn at 2:1',
    part: 'any',
    vary: {
      dimensionScale: ['drawn2to1', 'drawn2to1Header'],
      dimensionText: STYLE_VALUES.dimensionText,
    },
  },
  { name: 'plates', part: 'plate', vary: { plateThickness: STYLE_VALUES.plateThickness } },
  { name: 'general notes as MTEXT', part: 'any', vary: { notesAs: ['mtext', 'oneMtext'] } },
  { name: 'frame and title block', part: 'any', vary: { frame: ['lines', 'block'] } },
  { name: 'everything mixed', part: 'any', vary: 'all' },
];

/** One generated drawing: a part and the style it is drawn in. */
export interface DrawingCase {
  part: GeneratedPart;
  style: DrawingStyle;
}

/**
 * Random drawings of a style group: the style first (its units decide the part's grid), then a
 * part of the group's kind meeting its requirements.
 */
export function drawingCaseArb(group: StyleGroup): fc.Arbitrary<DrawingCase> {
  return styleArb(group.vary).chain((style) => {
    const kind =
      group.part === 'any'
        ? fc.constantFrom<'turned' | 'plate'>('turned', 'plate')
        : fc.constant(group.part);
    return kind.chain((k) => {
      const part: fc.Arbitrary<GeneratedPart> =
        k === 'plate'
          ? platePartArb({ units: style.units })
          : turnedPartArb({
              units: style.units,
              ...group.require,
              // A half section without a bore shows nothing a side view does not.
              ...(style.view === 'halfSection' ? { bore: true } : {}),
            });
      return part.map((p) => ({ part: p, style }));
    });
  });
}

/** Wordings of the notes, chosen by the style's variant ({} is the value). */
const MATERIAL_NOTES = ['MATERIAL: {}', 'Material {}', 'MATL: {}', 'Werkstoff: {}'];
/** A note that lets the part keep centre holes (ISO 6411, DIN 332), as drafters write it. */
const CENTRE_HOLE_NOTES = [
  'CENTRE HOLES PERMITTED (ISO 6411)',
  'CENTER DRILL BOTH ENDS',
  'Zentrierbohrungen DIN 332 zulässig',
];

const TOLERANCE_NOTES = [
  'GENERAL TOLERANCES {}',
  '{}',
  'UNLESS OTHERWISE SPECIFIED: {}',
  'Allgemeintoleranzen {}',
];

/**
 * The sheet of a part in a style: its views and dimensions (turned for a vertical axis), the
 * notes under them, the DIMSTYLE and header settings, and the truth it shows (mm).
 *
 * @param part - a generated part; its units must be the style's
 * @param style - how to draw it
 * @returns the sheet; `truth` holds every value a dimension or note shows, and the values an
 *   open chain implies (`derived`)
 */
export function buildSheet(part: GeneratedPart, style: DrawingStyle): Sheet {
  const sizes = annotationSizes(style.units);
  const drawn = style.dimensionScale === 'drawn2to1' || style.dimensionScale === 'drawn2to1Header';
  const scale = drawn ? 2 : 1;
  let content: SheetContent =
    part.kind === 'turned'
      ? turnedViews(part, { style, scale, sizes })
      : plateViews(part, { style, scale, sizes });
  if (part.kind === 'turned' && style.axis === 'vertical') content = turnQuarter(content);
  const extent = extentOf(content);
  const framed = style.frame !== 'none';
  const material: DrawingValue = { kind: 'material', text: part.material };
  const lines: { text: string; shows: DrawingValue[] }[] = [];
  // With a title block the material is one of its entries.
  if (!framed)
    lines.push({
      text: choose(style.variant, 9, MATERIAL_NOTES).replace('{}', part.material),
      shows: [material],
    });
  lines.push({
    text: choose(style.variant, 10, TOLERANCE_NOTES).replace('{}', part.generalTolerance),
    shows: [{ kind: 'generalTolerance', text: part.generalTolerance }],
  });
  if (part.kind === 'turned' && part.centreHoles)
    lines.push({ text: choose(style.variant, 11, CENTRE_HOLE_NOTES), shows: [] });
  if (drawn) lines.push({ text: 'SCALE 2:1', shows: [] });
  lines.forEach((line, i) =>
    content.notes.push({
      ...note(
        { x: extent.minX, y: extent.minY - sizes.row * (1.5 + i) },
        line.text,
        sizes,
        line.shows,
      ),
      general: true,
    }),
  );
  const frame = framed ? frameOf(extentOf(content), part, style, sizes, material) : undefined;
  const lengthFactor = drawn ? 0.5 : style.dimensionScale === 'xdataOverride' ? 100 : 1;
  const sheet: Sheet = {
    ...content,
    part,
    style,
    drawnScale: scale,
    dimensionStyle: {
      name: style.units === 'inch' ? 'ANSI' : 'ISO-25',
      textHeight: sizes.height,
      arrowSize: sizes.arrow,
      decimals: style.units === 'inch' ? 4 : 3,
      lengthFactor,
    },
    truth: [
      ...content.dimensions.flatMap((d) => d.shows),
      ...content.notes.flatMap((n) => n.shows),
      ...content.derived,
    ],
  };
  if (frame) {
    sheet.frame = frame;
    sheet.truth.push(...frame.notes.flatMap((n) => n.shows));
  }
  if (style.dimensionScale === 'headerDiffers' || style.dimensionScale === 'xdataOverride')
    sheet.headerLengthFactor = 100;
  if (style.dimensionScale === 'drawn2to1Header') sheet.headerLengthFactor = 0.5;
  if (style.dimensionScale === 'xdataOverride') sheet.overrideLengthFactor = 1;
  return sheet;
}

/**
 * A frame around the content and a title block in its lower right corner (ISO 7200 in spirit):
 * title, material, scale and drawing number, each a label and an entry; sizes in paper mm turned
 * into drawing units.
 */
function frameOf(
  extent: { minX: number; minY: number; maxX: number; maxY: number },
  part: GeneratedPart,
  style: DrawingStyle,
  sizes: ReturnType<typeof annotationSizes>,
  material: DrawingValue,
): SheetFrame {
  const paper = 1 / mmPerUnit(style.units);
  const [width, row, margin] = [110 * paper, 7 * paper, 12 * paper];
  const right = Math.max(extent.maxX + margin, extent.minX + width + margin);
  const bottom = extent.minY - margin - 4 * row;
  const [left, top] = [extent.minX - margin, extent.maxY + margin];
  const line = (x0: number, y0: number, x1: number, y1: number): SheetCurve => ({
    kind: 'line',
    from: { x: x0, y: y0 },
    to: { x: x1, y: y1 },
    line: 'visible',
  });
  const x0 = right - width;
  const split = x0 + 28 * paper;
  const curves: SheetCurve[] = [
    line(left, bottom, right, bottom),
    line(right, bottom, right, top),
    line(right, top, left, top),
    line(left, top, left, bottom),
    line(x0, bottom, x0, bottom + 4 * row),
    line(x0, bottom + 4 * row, right, bottom + 4 * row),
    line(split, bottom, split, bottom + 4 * row),
    ...[1, 2, 3].map((k) => line(x0, bottom + k * row, right, bottom + k * row)),
  ];
  const scale =
    style.dimensionScale === 'drawn2to1' || style.dimensionScale === 'drawn2to1Header'
      ? '2:1'
      : '1:1';
  const entries: [string, string, DrawingValue[]][] = [
    ['TITLE', part.kind === 'turned' ? 'SHAFT' : 'PLATE', []],
    ['MATERIAL', part.material, [material]],
    ['SCALE', scale, []],
    ['DRAWING NO.', `QB-${1000 + style.variant}`, []],
  ];
  const labelSizes = { ...sizes, height: sizes.height * 0.6 };
  const notes = entries.flatMap(([label, entry, shows], k) => {
    const y = bottom + (3 - k) * row + row * 0.3;
    return [
      note({ x: x0 + 1.5 * paper, y }, label, labelSizes, []),
      note({ x: split + 2 * paper, y }, entry, sizes, shows),
    ];
  });
  return { curves, notes };
}

/** A tolerance as written in a summary: ' h7', ' +0.1/0'. */
const toleranceText = (tolerance: SizeTolerance | undefined) =>
  !tolerance
    ? ''
    : tolerance.kind === 'fit'
      ? ` ${tolerance.fit}`
      : ` ${formatDeviation(tolerance.upper, 'mm')}/${formatDeviation(tolerance.lower, 'mm')}`;

/** A turned part in a line: steps left to right, then bores and chamfers. */
function turnedSummary(part: TurnedPart): string {
  const steps = part.steps.map(
    (s) =>
      `Ø${s.diameter}x${s.length}${s.thread ? ` ${s.thread.designation}` : ''}${toleranceText(s.tolerance)}${s.groove ? ' groove' : ''}`,
  );
  const bores = part.bores.map(
    (b) =>
      `bore Ø${b.diameter}${toleranceText(b.tolerance)} ${b.through ? 'through' : `x${b.depth} from ${b.from}${b.drillPoint ? ' drill point' : ''}`}`,
  );
  const chamfers = part.chamfers.map(
    (c) => `chamfer ${c.size}x45 ${c.at}${c.inner ? ' inner' : ''}`,
  );
  return [`turned ${steps.join(' | ')}`, ...bores, ...chamfers].join('; ');
}

/** A plate in a line: size, hole groups, pocket and cut-out. */
function plateSummary(part: PlatePart): string {
  return [
    `plate ${part.width}x${part.height}x${part.thickness}`,
    ...part.holes.map((h) => `${h.centres.length}x Ø${h.diameter}`),
    ...(part.pockets.length > 0 ? ['pocket'] : []),
    ...(part.cutOut ? ['cut-out'] : []),
  ].join('; ');
}

/**
 * A one-line summary of a drawing case for messages: the part's sizes in its units and the
 * style's fields that differ from the plain style.
 */
export function describeCase({ part, style }: DrawingCase): string {
  const changed = (Object.keys(style) as (keyof DrawingStyle)[])
    .filter((k) => style[k] !== plainStyle[k])
    .map((k) => `${k}=${String(style[k])}`)
    .join(', ');
  const shape = part.kind === 'turned' ? turnedSummary(part) : plateSummary(part);
  const units = part.units === 'inch' ? 'inch, truth in mm' : 'mm';
  return `${shape} (${units}); style: ${changed || 'plain'}`;
}
