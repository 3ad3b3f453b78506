/**
 * Positioned text runs (PDF text or OCR) → callouts, notes and title block → description, each
 * value with a reading (confidence, source) and what could not be read in `unresolved`.
 *
 * Steps: lines.ts (runs → lines, stacked tolerances), title.ts (title block), findings.ts
 * (callouts and notes), turned.ts (turned part or plate, diameters, bores).
 */
import { emptyDescription, type BlueprintDescription } from '#contracts/blueprint';
import {
  countersinkText,
  findMaterial,
  formatMm,
  formatTolerance,
  parseGeneralTolerance,
} from '#cam/callouts';
import { fitLimits, standardToleranceMm } from '#cam/iso286';
import { addReading, type TextRun } from '../reading.ts';
import { readTextFindings } from './findings.ts';
import { titleAndNotesFromText } from './title-fields.ts';
import { judgeTurned, looksTurned, nearAxis, type Judged } from './turned.ts';
import type {
  TextCallout,
  TextDescribeContext,
  TextFindings,
  TitleBlockFindings,
} from './types.ts';

export type {
  CalloutKind,
  FoundText,
  TextCallout,
  TextDescribeContext,
  TextFindings,
} from './types.ts';
export { readTextFindings } from './findings.ts';
export { normalizeOcrCallout } from './ocr.ts';

/** German and other generic material words, with the English word the shop uses. */
const MATERIAL_WORDS: [RegExp, string][] = [
  [/^edelstahl$/i, 'stainless steel'],
  [/^stahl$/i, 'steel'],
  [/^messing$/i, 'brass'],
];

/** The material as the drawing writes it, with the English word for a German generic one. */
function materialText(written: string): string {
  const found = findMaterial(written);
  for (const [word, english] of MATERIAL_WORDS) {
    if (found && word.test(found)) return `${written} (${english})`;
  }
  return written;
}

/** 'Ø15.95 ±0.026', 'Ø38 H12', 'M8'. */
function diameterText(callout: TextCallout): string {
  if (callout.kind === 'thread') return callout.thread ?? callout.text;
  const tolerance = callout.tolerance ? ` ${formatTolerance(callout.tolerance)}` : '';
  const fit = callout.fit ? ` ${callout.fit}` : '';
  return `Ø${formatMm(callout.value)}${fit}${tolerance}`;
}

/**
 * The deviations of a fit the lathe's fit table does not give (cam/iso286.ts fitLimits covers
 * IT5–IT11): H and h of the coarser grades, where ISO 286-1 puts the fundamental deviation at
 * zero (H: lower deviation 0, h: upper deviation 0) and the band is the standard tolerance ITn
 * (ISO 286-1 Table 1, standardToleranceMm). Other fits give undefined.
 */
function coarseFitTolerance(
  fit: string | undefined,
  nominalMm: number,
): { upperMm: number; lowerMm: number } | undefined {
  const match = /^(H|h)(\d{1,2})$/.exec(fit ?? '');
  if (!match) return undefined;
  try {
    fitLimits(match[0], nominalMm);
    return undefined;
  } catch {
    try {
      const it = standardToleranceMm(Number(match[2]), nominalMm);
      return match[1] === 'H' ? { upperMm: it, lowerMm: 0 } : { upperMm: 0, lowerMm: -it };
    } catch {
      return undefined;
    }
  }
}

function describeDiameter(judged: Judged, inner: boolean) {
  const c = judged.callout;
  const thread = c.kind === 'thread' ? c.thread : undefined;
  const tolerance = c.tolerance ?? (thread ? undefined : coarseFitTolerance(c.fit, c.value));
  return {
    diameter: diameterText(c),
    type: thread ? `thread ${thread}` : inner ? 'bore' : 'cylinder',
    location: 'not read from the text',
    length: '',
    diameterMm: c.value,
    ...(tolerance ? { tolerance } : {}),
    ...(c.fit ? { fit: c.fit } : {}),
    ...(thread ? { thread } : {}),
  };
}

/** 'Ø18 x 12 deep'. */
export function counterboreText(counterbore: { diameterMm: number; depthMm?: number }): string {
  const depth = counterbore.depthMm === undefined ? '' : ` x ${formatMm(counterbore.depthMm)} deep`;
  return `Ø${formatMm(counterbore.diameterMm)}${depth}`;
}

function list(values: string[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
}

/** Readings of the part name and drawing number from the title block (PDF and OCR readers). */
export function addIdentityReadings(
  findings: TitleBlockFindings,
  description: BlueprintDescription,
): void {
  for (const [field, found] of [
    ['Part name', findings.partName],
    ['Drawing number', findings.drawingNumber],
  ] as const) {
    if (found) addReading(description, field, found.text, found.confidence, found.source);
  }
}

/** The title block, material, finish and tolerance findings into the description. */
function describeCommon(findings: TextFindings, d: BlueprintDescription): void {
  if (findings.material) {
    const material = materialText(findings.material.text);
    d.materialSpecs.material = material;
    addReading(d, 'Material', material, findings.material.confidence, findings.material.source);
  } else {
    d.unresolved!.push('The material: give it with Change, e.g. "material 6082-T6".');
  }
  addIdentityReadings(findings, d);
  if (findings.scale) {
    addReading(d, 'Scale', findings.scale.text, findings.scale.confidence, findings.scale.source);
  }
  if (findings.units) {
    addReading(d, 'Units', findings.units.units, findings.units.confidence, findings.units.source);
  }
  if (findings.roughness) {
    d.surfaceFinish.raUm = findings.roughness.raUm;
    d.surfaceFinish.requirements = `Ra ${findings.roughness.raUm} µm (${findings.roughness.text})`;
    addReading(
      d,
      'Surface finish',
      `Ra ${findings.roughness.raUm} µm`,
      findings.roughness.confidence,
      findings.roughness.source,
    );
  }
  const tolerances: string[] = [];
  if (findings.generalTolerance) {
    const iso = parseGeneralTolerance(findings.generalTolerance.text);
    if (iso) d.dimensions.generalTolerance = iso;
    tolerances.push(`General: ${findings.generalTolerance.text}`);
    addReading(
      d,
      'General tolerance',
      findings.generalTolerance.text,
      findings.generalTolerance.confidence,
      findings.generalTolerance.source,
    );
  }
  for (const c of findings.callouts) {
    if (c.tolerance || c.fit) tolerances.push(c.text);
  }
  d.dimensions.tolerances = [...new Set(tolerances)].join('; ');
  const edges = findings.edgeNotes?.map((n) => n.text) ?? [];
  if (edges.length > 0) {
    d.surfaceFinish.requirements = [d.surfaceFinish.requirements, ...edges]
      .filter(Boolean)
      .join('; ');
  }
}

/** Why a length the text alone reads is not placed on a one-diameter part (decision 088). */
export const TEXT_ONLY_LENGTH_WHY =
  "is written on the drawing but the text alone does not place it: the drawing's lines were not read, so the one diameter read is not known to run the whole length";

/**
 * The written lengths other than the overall length, named as not placed, when the text alone
 * gives one diameter and that diameter is taken to run the part's whole length: another length
 * on the drawing says the part has more than that diameter (a step, a neck, a thread's length)
 * whose diameter OCR did not read. Each entry carries `lengthMm`, so a change that gives the
 * part that length settles it (page/unplaced-values.ts withoutPlacedLengths).
 */
function holdOtherLengths(
  lengths: TextCallout[],
  overall: TextCallout,
  d: BlueprintDescription,
): void {
  const named = new Set<string>();
  for (const c of lengths) {
    if (!(c.value > 0) || Math.abs(c.value - overall.value) <= 0.01 || c.value > overall.value)
      continue;
    if (/cent(?:er|re)d|max|min/i.test(c.qualifier ?? '') || named.has(c.text)) continue;
    named.add(c.text);
    d.unplaced = [
      ...(d.unplaced ?? []),
      { text: c.text, why: TEXT_ONLY_LENGTH_WHY, lengthMm: c.value },
    ];
    d.unresolved!.push(
      `"${c.text}" is a length the text alone does not place on the part: give the diameters with their lengths with Change, or remove it once checked.`,
    );
  }
}

function describeTurned(findings: TextFindings, d: BlueprintDescription): string[] {
  const judged = judgeTurned(findings);
  const summary: string[] = [];
  judged.outer.forEach((j, i) => {
    d.outerDiameters.push(describeDiameter(j, false));
    addReading(
      d,
      `Outer diameter ${i + 1}`,
      diameterText(j.callout),
      j.callout.confidence * j.factor,
      j.callout.source,
    );
  });
  judged.inner.forEach((j, i) => {
    d.innerDiameters.push(describeDiameter(j, true));
    addReading(
      d,
      `Inner diameter ${i + 1}`,
      diameterText(j.callout),
      j.callout.confidence * j.factor,
      j.callout.source,
    );
  });
  const overall = judged.lengths
    .filter((c) => !/cent(?:er|re)d|max|min/i.test(c.qualifier ?? ''))
    .sort((a, b) => b.value - a.value)[0];
  if (overall) {
    d.dimensions.overallLength = `${formatMm(overall.value)} mm`;
    d.dimensions.overallLengthMm = overall.value;
    addReading(
      d,
      'Overall length',
      `${formatMm(overall.value)} mm`,
      overall.confidence * 0.7,
      overall.source,
    );
    if (d.outerDiameters.length === 1) {
      const only = d.outerDiameters[0]!;
      only.lengthMm = overall.value;
      only.length = `${formatMm(overall.value)} mm`;
      only.startMm = 0;
      only.location = `from the free end, 0 to ${formatMm(overall.value)} mm`;
      holdOtherLengths(judged.lengths, overall, d);
    }
  } else {
    d.unresolved!.push(
      'The overall length of the part: give it with Change, e.g. "overall length 40".',
    );
  }
  for (const c of findings.callouts.filter((c) => c.kind === 'chamfer')) {
    const dimensions = `${formatMm(c.value)} x ${c.chamferAngleDeg ?? 45}°`;
    if (d.features.chamfers.some((f) => f.dimensions === dimensions)) continue;
    d.features.chamfers.push({
      dimensions,
      location: c.typical ? 'both ends (typical)' : 'both ends (where is not read from the text)',
      sizeMm: c.value,
      angleDeg: c.chamferAngleDeg ?? 45,
    });
    addReading(d, 'Chamfer', dimensions, c.confidence, c.source);
  }
  for (const c of findings.callouts.filter((c) => c.kind === 'radius')) {
    d.features.fillets.push({
      dimensions: c.text,
      location: 'not read from the text',
      radiusMm: c.value,
    });
    addReading(d, 'Radius', `R${formatMm(c.value)}`, c.confidence, c.source);
  }
  const sized = [...judged.outer, ...judged.inner];
  if (sized.length === 0) {
    d.unresolved!.push(
      'The diameters: give them with Change, e.g. "Ø42 x 20 long, Ø38 x 18 long".',
    );
  } else if (d.outerDiameters.length + d.innerDiameters.length > 1 || !overall) {
    const example = judged.outer
      .slice(0, 2)
      .map((j, i) => `${diameterText(j.callout)} x ${i === 0 ? 20 : 18} long`)
      .join(', ');
    d.unresolved!.push(
      `The length and place of each diameter: give them with Change, e.g. "${example || 'Ø42 x 20 long, Ø38 x 18 long'}".`,
    );
  }
  for (const j of sized.filter((j) => j.factor < 0.95 && j.why)) {
    const check = `Check ${diameterText(j.callout)}: ${j.why}; Change it if that is wrong.`;
    if (!d.unresolved!.includes(check)) d.unresolved!.push(check);
  }
  if (judged.inner.length > 0) {
    const bores = judged.inner.map((j) => diameterText(j.callout));
    const example = judged.inner
      .map((j, i) => `bore ${diameterText(j.callout)} ${i === 0 ? 'x 16 deep' : 'through'}`)
      .join(', ');
    d.unresolved!.push(
      `The depth of ${bores.length === 1 ? 'the bore' : 'each bore'} (${list(bores)}): give it with Change, e.g. "${example}".`,
    );
  }
  if (overall && overall.confidence < 0.6) {
    d.unresolved!.push(
      `Check the overall length ${formatMm(overall.value)} mm (read at ${Math.round(overall.confidence * 100)} % confidence): Change it if that is wrong.`,
    );
  }
  for (const t of judged.unsureThreads) {
    d.unresolved!.push(
      `Is the ${t.thread ?? t.text} thread outside or inside (tapped)? Say which with Change.`,
    );
  }
  for (const h of judged.crossHoles) {
    d.unresolved!.push(
      `${h.text}: holes off the axis; their places are not read, give them with Change.`,
    );
  }
  summary.push(
    `a turned part with ${judged.outer.length} outer diameter${judged.outer.length === 1 ? '' : 's'} (${list(judged.outer.map((j) => diameterText(j.callout)))})`,
  );
  if (judged.inner.length > 0) {
    summary.push(
      `bore${judged.inner.length === 1 ? '' : 's'} ${list(judged.inner.map((j) => diameterText(j.callout)))}`,
    );
  }
  if (overall) summary.push(`overall length ${formatMm(overall.value)} mm`);
  if (d.features.chamfers.length > 0) {
    summary.push(
      `chamfer${d.features.chamfers.length === 1 ? '' : 's'} ${list(d.features.chamfers.map((f) => f.dimensions))}`,
    );
  }
  return summary;
}

function describePlate(findings: TextFindings, d: BlueprintDescription): string[] {
  const summary: string[] = ['a plate or prismatic part'];
  const holes = findings.callouts.filter((c) => c.kind === 'diameter' || c.kind === 'thread');
  const holeText = (c: TextCallout) =>
    `${(c.count ?? 1) > 1 ? `${c.count}x ` : ''}${diameterText(c)}` +
    (c.extraValues?.length ? ` (then ${c.extraValues.map(formatMm).join(', ')})` : '') +
    (c.counterbore ? `, counterbore ${counterboreText(c.counterbore)}` : '') +
    (c.countersink ? `, countersink ${countersinkText(c.countersink)}` : '') +
    (c.kind === 'thread' && c.qualifier ? ` ${c.qualifier}` : c.through ? ' through' : '');
  for (const h of holes) {
    addReading(
      d,
      h.kind === 'thread' ? 'Thread' : 'Hole diameter',
      holeText(h),
      h.confidence * (h.inferred ? 0.5 : 1),
      h.source,
    );
  }
  if (holes.length > 0) {
    summary.push(`holes ${list(holes.map(holeText))}`);
    d.unresolved!.push(
      `The hole positions (${list(holes.map(holeText))}) are not read from the text: give them with Change.`,
    );
  }
  const lengths = findings.callouts.filter(
    (c) => c.kind === 'length' && c.value > 0 && !c.reference,
  );
  const horizontal = (c: TextCallout) => nearAxis(c.angleDeg, 0);
  const vertical = (c: TextCallout) => nearAxis(c.angleDeg, 90);
  const zeros = findings.callouts.filter((c) => c.kind === 'length' && c.value === 0);
  const widest = lengths.filter(vertical).sort((a, b) => b.value - a.value)[0];
  const tallest = lengths.filter(horizontal).sort((a, b) => b.value - a.value)[0];
  // Ordinate dimensions from a corner in both directions: the largest of each is the overall size.
  if (widest && tallest && zeros.some(horizontal) && zeros.some(vertical)) {
    const w = widest.value;
    const h = tallest.value;
    d.prismatic = {
      outline: [
        { x: 0, y: 0 },
        { x: w, y: 0 },
        { x: w, y: h },
        { x: 0, y: h },
      ],
      holes: [],
      pockets: [],
      slots: [],
    };
    addReading(d, 'Outline width', `${formatMm(w)} mm`, widest.confidence * 0.5, widest.source);
    addReading(d, 'Outline height', `${formatMm(h)} mm`, tallest.confidence * 0.5, tallest.source);
    summary.push(`outline taken as a ${formatMm(w)} x ${formatMm(h)} mm rectangle`);
    d.unresolved!.push(
      `The outline was taken as a ${formatMm(w)} x ${formatMm(h)} mm rectangle from the largest ordinate dimensions: Change it if the shape is different.`,
    );
  } else {
    d.unresolved!.push(
      'The outline of the part: give its size with Change, e.g. "plate 200 x 200".',
    );
  }
  d.unresolved!.push('The plate thickness: give it with Change, e.g. "thickness 20".');
  return summary;
}

/**
 * Reads the callouts, notes and title block in text runs into a description, each value with
 * a reading (confidence, source), and lists what could not be read in `unresolved`.
 *
 * @param runs - text runs of all pages (reading.ts TextRun: PDF points or image pixels, y down)
 * @param context - file name and kind for the overview and source; page frames
 * @returns the description; numbers in mm (inch drawings are converted by the callout parser)
 */
export function describeFromText(
  runs: TextRun[],
  context: TextDescribeContext,
): BlueprintDescription {
  const findings = readTextFindings(runs, context.frames);
  const d = emptyDescription();
  d.source = `${context.kind} (offline reader): ${context.fileName}`;
  describeCommon(findings, d);
  const turned = looksTurned(findings);
  const summary = turned ? describeTurned(findings, d) : describePlate(findings, d);
  const name = findings.partName?.text;
  const number = findings.drawingNumber?.text;
  const heading = [name, number ? `drawing ${number}` : ''].filter(Boolean).join(', ');
  const facts = [
    ...summary,
    d.materialSpecs.material ? `material ${d.materialSpecs.material}` : '',
    d.dimensions.generalTolerance ? `general tolerance ${d.dimensions.generalTolerance}` : '',
    d.surfaceFinish.raUm ? `Ra ${d.surfaceFinish.raUm} µm` : '',
  ].filter(Boolean);
  d.overview =
    `Read offline from the text of ${context.kind} ${context.fileName}` +
    (heading ? ` (${heading})` : '') +
    `: ${facts.join('; ')}.`;
  titleAndNotesFromText(d, findings);
  if (findings.callouts.length === 0) {
    d.unresolved!.push(
      'No dimension callouts were found in the text: give the sizes with Change, or upload the DXF or STEP file.',
    );
  }
  return d;
}
