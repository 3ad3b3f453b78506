/**
 * Lines of drawing text → callouts (one callout parser for every reader: cam/callouts.ts), title
 * block entries and notes.
 */
import {
  decodeDxfText,
  findMaterial,
  locateThreadCallout,
  parseChamferCallout,
  parseCountersinkCallout,
  parseDiameterCallout,
  parseGeneralTolerance,
  parseLengthCallout,
  parseRadiusCallout,
  parseRoughness,
  readNumber,
} from '#cam/callouts';
import type { PageFrame, TextRun } from '../reading.ts';
import { afterCounterboreMark, counterboreOnLine, isCounterboreOnly } from './counterbores.ts';
import { attachCountersinks } from './countersinks.ts';
import { writtenUnder } from './stacked-lines.ts';
import { groupTextLines, sourceOfLine, type TextLine } from './lines.ts';
import {
  findRevisionLines,
  findTitleBlocks,
  inTitleBlock,
  isFurniture,
  isTitleBlockWord,
  readTitleBlock,
} from './title.ts';
import type { FoundText, TextCallout, TextFindings, TitleBlockFindings } from './types.ts';

/** Words that may stand in a callout without making it a note. */
const CALLOUT_WORDS =
  /^(?:typ\.?|typical|cham\.?|chamfer|csk\.?|c'?sink|countersink|countersunk|centered|centred|max\.?|min\.?|thru|through|deep|tief|dia\.?|bore|gewinde|durchgehend|x|places|plcs?\.?|holes?|bohrung(?:en)?|ref\.?|basic|[A-Za-z]{1,2}\d{1,2})$/i;
const TYPICAL = /^\(?(?:typ\.?|typical|TYP)\)?$/i;
/** Words and symbols that name a hole or bore. */
export const HOLE_WORDS =
  /\b(?:bore|I\.?D\.?|bohrung|thru|through|durch\w*|deep|tief|c'?bore|counterbore|senkung|csk|c'?sink|countersink|countersunk)\b|[↧⌴⌵]/i;
const EDGE_NOTE =
  /break\s+(?:all\s+)?(?:sharp\s+)?edges?|deburr|entgraten|kanten\s+brechen|remove\s+burrs/i;
const NOT_A_CALLOUT =
  /^(?:SECTION|SCHNITT|DETAIL|VIEW|ANSICHT|NOTES?|HINWEISE?)\b|^[A-Z](?:\s*-\s*[A-Z])?$|^[A-Z]?\s*\d+\s*:\s*\d+$|^\[[\d.,\s]+\]$/i;
/** The label of a section view: 'SECTION A-A', 'SCHNITT B-B', 'SNITT A-A', 'A-A', 'A - A'. */
const SECTION_LABEL = /^(?:(?:SECTION|SCHNITT|SNITT|CUT)\s+)?([A-Z])\s*-\s*\1$/i;
const COUNT = /^(\d{1,3})\s*[xX×]\s*(?=[ØR⌀øM\d.,(]|$)/;

function wordsOf(text: string): string[] {
  return text.match(/[A-Za-zÄÖÜäöüß.']{2,}/g) ?? [];
}

/** A line with two or more words that are not callout words is a note, not a callout. */
function isNoteLike(text: string): boolean {
  return (
    wordsOf(text).filter((w) => w.replace(/\./g, '').length >= 3 && !CALLOUT_WORDS.test(w))
      .length >= 2
  );
}

function numbersAfter(text: string): number[] {
  return [...text.matchAll(/(?<![\w.,/])(\d+(?:[.,]\d+)?|[.,]\d+)(?![\d°])/g)]
    .map((m) => readNumber(m[1]!))
    .filter((n) => n > 0);
}

/** Oblique text: written along a leader or a diametral dimension line, not a horizontal or vertical one. */
export function isOblique(angleDeg: number): boolean {
  const a = ((angleDeg % 90) + 90) % 90;
  return a > 5 && a < 85;
}

/** The place, confidence and source of a callout read from a line. */
function baseOf(line: TextLine) {
  return {
    page: line.page,
    x: line.x,
    y: line.y,
    width: line.width,
    height: line.height2d,
    angleDeg: line.angleDeg,
    confidence: line.confidence,
    source: sourceOfLine(line),
  };
}

/**
 * One line read as a callout, or undefined when it is not one. A countersink ('Ø6.6 ⌵Ø12 x
 * 90°', 'CSK Ø12 x 90°') is read first, as '12 x 90°' would read as a chamfer: the hole's size
 * written before it is the callout, with `countersink`; a line that writes only a countersink
 * is a diameter callout of the countersink's size (attachCountersinks gives it to the hole
 * callout above). A counterbore after the hole's size ('4x Ø6.6 ⌴Ø11 ↧6.4', its mark lost or
 * left out: counterbores.ts) is the hole's callout with `counterbore`; a line that starts with a
 * counterbore's mark ('⌴Ø11 ↧6.4') is a counterbore only, of its diameter (attachCounterbores
 * gives it to the hole callout above).
 *
 * @param units - the drawing's units, for numbers without a unit
 */
function readCallout(line: TextLine, units: 'mm' | 'inch' | undefined): TextCallout | undefined {
  const countersink = parseCountersinkCallout(line.text, units);
  if (!countersink) {
    // A counterbore after the hole ('4x Ø6.6 ⌴Ø11 ↧6.8'): the hole's callout, with it.
    const bored = counterboreOnLine(line.text, units);
    const inner = bored && readWrittenCallout({ ...line, text: bored.hole }, units);
    if (bored && inner?.kind === 'diameter' && inner.value < bored.counterbore.diameterMm)
      return { ...inner, text: bored.text, counterbore: bored.counterbore, holeHint: true };
    // A counterbore on the line under its hole ('⌴Ø11 ↧6.4'): read without its mark, a
    // counterbore only (attachCounterbores gives it to the hole callout above).
    const unmarked = afterCounterboreMark(line.text);
    const below =
      unmarked && !unmarked.includes('°') && readWrittenCallout({ ...line, text: unmarked }, units);
    if (below && below.kind === 'diameter' && below.count === undefined) {
      const text = line.text.replace(/\s+/g, ' ').trim();
      const depthMm = below.extraValues?.length === 1 ? below.extraValues[0] : undefined;
      const counterbore = { diameterMm: below.value, ...(depthMm ? { depthMm } : {}), text };
      return { ...below, text, holeHint: true, counterbore };
    }
    return readWrittenCallout(line, units);
  }
  const text = decodeDxfText(line.text).replace(/\s+/g, ' ').trim();
  const hole = (
    text.slice(0, countersink.index) +
    ' ' +
    text.slice(countersink.index + countersink.text.length)
  )
    .replace(/[\s,;]+$|^[\s,;]+/g, '')
    .replace(/\s+/g, ' ');
  const { diameterMm, angleDeg } = countersink;
  const written = { diameterMm, angleDeg, text: countersink.text };
  const inner = /\d/.test(hole) ? readWrittenCallout({ ...line, text: hole }, units) : undefined;
  if (inner && (inner.kind === 'diameter' || inner.kind === 'thread' || inner.kind === 'length')) {
    const kind = inner.kind === 'length' ? 'diameter' : inner.kind;
    if (inner.value < countersink.diameterMm)
      return { ...inner, kind, text, countersink: written, holeHint: true };
  }
  return {
    ...baseOf(line),
    kind: 'diameter',
    text,
    value: countersink.diameterMm,
    countersink: written,
    holeHint: true,
  };
}

/**
 * One line without a countersink read as a callout, or undefined when it is not one.
 *
 * @param units - the drawing's units, for numbers without a unit
 */
function readWrittenCallout(
  line: TextLine,
  units: 'mm' | 'inch' | undefined,
): TextCallout | undefined {
  let text = line.text.replace(/\s+/g, ' ').trim();
  if (NOT_A_CALLOUT.test(text) || !/\d/.test(text)) return undefined;
  const base = baseOf(line);
  // '(25,5)', '100 REF' (ASME Y14.5 writes REF after a reference dimension).
  const reference = /^\(.*\)$/.test(text) || /\sREF\.?$/i.test(text);
  if (/^\(.*\)$/.test(text)) text = text.slice(1, -1).trim();
  else if (reference) text = text.replace(/\s+REF\.?$/i, '').trim();
  const typical = /\btyp(?:\.|ical)?\b/i.test(text);
  const chamfer = parseChamferCallout(text, units);
  if (chamfer && /°|\bcham|\bfase|\bbevel|\bCH\b|^C\d/i.test(text)) {
    const qualifier = text
      .replace(/^[^A-Za-z]*?\d\s*°?/, '')
      .replace(/^[\d\s.,xX×°]+/, '')
      .trim();
    return {
      ...base,
      kind: 'chamfer',
      text,
      value: chamfer.sizeMm,
      chamferAngleDeg: chamfer.angleDeg,
      ...(typical ? { typical } : {}),
      ...(qualifier ? { qualifier } : {}),
    };
  }
  const count = COUNT.exec(text);
  const rest = count ? text.slice(count[0].length).trim() : text;
  const countPart = count ? { count: Number(count[1]) } : {};
  const holeHint = HOLE_WORDS.test(text) || (count !== null && Number(count[1]) > 1);
  if (/^R\s?\d|^R\s?[.,]\d/i.test(rest)) {
    const radius = parseRadiusCallout(rest, units);
    if (!radius) return undefined;
    return {
      ...base,
      ...countPart,
      kind: 'radius',
      text,
      value: radius.radiusMm,
      ...(radius.tolerance ? { tolerance: radius.tolerance } : {}),
    };
  }
  const angle = /^(\d+(?:[.,]\d+)?)\s*°$/.exec(rest);
  if (angle) return { ...base, kind: 'angle', text, value: readNumber(angle[1]!) };
  if (/\bR\s?[aA]\b/.test(rest)) {
    const raUm = parseRoughness(rest);
    return raUm === undefined ? undefined : { ...base, kind: 'roughness', text, value: raUm };
  }
  if (!/^(?:[Ø⌀ø∅M#]|\d|[.,]\d|DIA\b)/i.test(rest)) return undefined;
  const diameter = parseDiameterCallout(rest, units);
  if (!diameter) return undefined;
  const afterDiameter = rest.slice(rest.indexOf(diameter.text) + diameter.text.length);
  const qualifierWords = (afterDiameter.match(/[A-Za-zÄÖÜäöüß][\w.']+/g) ?? []).join(' ');
  const extraValues = numbersAfter(afterDiameter.replace(/\bx\s*[.,]?\d+(?:[.,]\d+)?/i, ''));
  const common = {
    ...base,
    ...countPart,
    text,
    value: diameter.nominalMm,
    ...(diameter.tolerance ? { tolerance: diameter.tolerance } : {}),
    ...(diameter.fit ? { fit: diameter.fit } : {}),
    ...(typical ? { typical } : {}),
    ...(reference ? { reference } : {}),
    ...(qualifierWords && /[A-Za-z]/.test(qualifierWords) ? { qualifier: qualifierWords } : {}),
    ...(extraValues.length > 0 ? { extraValues } : {}),
  };
  if (diameter.thread) {
    return {
      ...common,
      kind: 'thread',
      thread: diameter.thread.designation,
      ...(holeHint ? { holeHint } : {}),
    };
  }
  const symbol = /^(?:[Ø⌀ø∅]|DIA\b)|\bDIA\b|\bdiam/i.test(rest);
  const holeFit = diameter.fit !== undefined && /^[A-Z]/.test(diameter.fit);
  if (symbol || diameter.fit || count) {
    return {
      ...common,
      kind: 'diameter',
      ...(symbol ? {} : { inferred: true }),
      ...(holeHint || holeFit ? { holeHint: true } : {}),
    };
  }
  if (isOblique(line.angleDeg)) return { ...common, kind: 'diameter', inferred: true };
  const length = parseLengthCallout(rest, units);
  if (!length) return undefined;
  return {
    ...common,
    kind: 'length',
    value: length.valueMm,
    ...(length.tolerance ? { tolerance: length.tolerance } : {}),
  };
}

/** An ordinate origin '0' (ordinate dimensioning from a corner, ISO 129-1 clause 9.3). */
function zeroCallout(line: TextLine): TextCallout {
  return {
    kind: 'length',
    text: '0',
    value: 0,
    qualifier: 'ordinate origin',
    page: line.page,
    x: line.x,
    y: line.y,
    width: line.width,
    height: line.height2d,
    angleDeg: line.angleDeg,
    confidence: line.confidence,
    source: sourceOfLine(line),
  };
}

function foundOf(line: TextLine, text = line.text, factor = 1): FoundText {
  return { text, confidence: line.confidence * factor, source: sourceOfLine(line) };
}

/** Consecutive note lines in one column (same start, same height, a line apart) as paragraphs. */
function paragraphs(lines: TextLine[]): TextLine[][] {
  const out: TextLine[][] = [];
  for (const line of lines) {
    const last = out.find((group) => {
      const prev = group[group.length - 1]!;
      return (
        prev.page === line.page &&
        Math.abs(prev.x - line.x) <= prev.height &&
        Math.abs(prev.height - line.height) <= 0.2 * prev.height &&
        line.y - (prev.y + prev.height2d) <= 0.8 * prev.height &&
        line.y >= prev.y &&
        !/^\d+\.\s/.test(line.text)
      );
    });
    if (last) last.push(line);
    else out.push([line]);
  }
  return out;
}

/**
 * Sorts text runs into callouts, title block entries and notes (one callout parser for all
 * readers: cam/callouts.ts).
 *
 * @param runs - text runs of all pages (PDF text or OCR), see reading.ts
 * @param frames - page sizes, to find the title block and leave out the frame's grid labels
 * @param unitsFound - the drawing's units found elsewhere (its dimension lines), for numbers
 *   written without a unit when the title block does not say
 * @returns callouts with values in mm (degrees for angles, µm for roughness), title block values
 *   and notes, each with its confidence and source
 */
export function readTextFindings(
  runs: TextRun[],
  frames: PageFrame[],
  unitsFound?: TitleBlockFindings['units'],
): TextFindings {
  const lines = groupTextLines(runs, frames);
  const areas = findTitleBlocks(lines, frames);
  const revisions = findRevisionLines(lines);
  const title = readTitleBlock(
    lines.filter((l) => !revisions.has(l)),
    areas,
  );
  const findings: TextFindings = {
    callouts: [],
    notes: [],
    ...(title.material ? { material: title.material } : {}),
    ...(title.partName ? { partName: title.partName } : {}),
    ...(title.drawingNumber ? { drawingNumber: title.drawingNumber } : {}),
    ...(title.scale ? { scale: title.scale } : {}),
    ...(title.revision ? { revision: title.revision } : {}),
    ...(title.projection ? { projection: title.projection } : {}),
    ...((title.units ?? unitsFound) ? { units: title.units ?? unitsFound } : {}),
  };
  const units = (title.units ?? unitsFound)?.units;
  const noteLines: TextLine[] = [];
  const typicalLines: TextLine[] = [];
  const titleNotes: TextLine[] = [];
  for (const line of lines) {
    if (SECTION_LABEL.test(line.text)) findings.sectionView = true;
    if (revisions.has(line) || isFurniture(line)) continue;
    const titleBlock = inTitleBlock(line, areas);
    const text = line.text;
    const tolerance = parseGeneralTolerance(text);
    if (tolerance && !findings.generalTolerance) {
      findings.generalTolerance = foundOf(line, tolerance);
      continue;
    }
    if (title.used.has(line)) continue;
    if (TYPICAL.test(text)) {
      typicalLines.push(line);
      continue;
    }
    if (/\bR\s?a\b/i.test(text) || /^N(?:1[0-2]|[1-9])$/.test(text)) {
      const raUm = parseRoughness(text);
      if (raUm !== undefined && (!findings.roughness || raUm < findings.roughness.raUm)) {
        findings.roughness = { ...foundOf(line), raUm };
      }
      if (raUm !== undefined) continue;
    }
    if (titleBlock || isTitleBlockWord(line)) {
      if (!isTitleBlockWord(line)) (titleBlock ? titleNotes : noteLines).push(line);
      continue;
    }
    if (text === '0') {
      findings.callouts.push({ ...zeroCallout(line) });
      continue;
    }
    const callout =
      isNoteLike(text) && !EDGE_NOTE.test(text) ? readNoteCallout(line, units) : undefined;
    if (callout) {
      findings.callouts.push(callout);
      continue;
    }
    if (EDGE_NOTE.test(text) || isNoteLike(text)) {
      noteLines.push(line);
      continue;
    }
    const read = readCallout(line, units);
    if (read) findings.callouts.push(read);
    else if (/[A-Za-z]{3}/.test(text)) noteLines.push(line);
  }
  for (const typ of typicalLines) {
    const above = findings.callouts.find(
      (c) =>
        c.page === typ.page &&
        typ.y >= c.y &&
        typ.y - (c.y + c.height) <= 0.8 * typ.height &&
        typ.x < c.x + c.width &&
        typ.x + typ.width > c.x,
    );
    if (above) above.typical = true;
  }
  markThrough(findings.callouts);
  findings.callouts = attachCountersinks(attachCounterbores(findings.callouts));
  // Title block lines that are neither labels nor values: edge notes, and the other cells
  // (title-block.ts keeps those that are no fragment).
  for (const group of paragraphs(titleNotes)) {
    const text = group.map((l) => l.text).join(' ');
    if (EDGE_NOTE.test(text)) (findings.edgeNotes ??= []).push(foundOf(group[0]!, text));
    else (findings.otherCells ??= []).push(foundOf(group[0]!, text));
  }
  for (const group of paragraphs(noteLines)) {
    const text = group.map((l) => l.text).join(' ');
    const note = foundOf(group[0]!, text);
    if (EDGE_NOTE.test(text)) (findings.edgeNotes ??= []).push(note);
    else if (!/^notes?:?$/i.test(text)) findings.notes.push(note);
    if (!findings.material && !inTitleBlock(group[0]!, areas)) {
      const material = findMaterial(text);
      if (material) findings.material = foundOf(group[0]!, material, 0.8);
    }
  }
  if (title.generalTolerance && !findings.generalTolerance) {
    findings.generalTolerance = title.generalTolerance;
  } else if (title.generalTolerance && findings.generalTolerance) {
    findings.generalTolerance = {
      ...findings.generalTolerance,
      text: `${findings.generalTolerance.text}; ${title.generalTolerance.text}`,
    };
  }
  return findings;
}

/**
 * The callouts of lines that are each a hole note or a dimension's text (a DXF's TEXT, MTEXT and
 * DIMENSION texts, one line each), read as the page's lines are: through marks, and the
 * counterbore or countersink written on the line under a hole callout attached to it.
 *
 * @param lines - the lines, boxes y down; only lines of one `page` attach to each other
 * @param units - the drawing's units, for numbers without a unit
 * @returns callouts with values in mm; lines that are no callout are left out
 */
export function readHoleCallouts(
  lines: TextLine[],
  units: 'mm' | 'inch' | undefined,
): TextCallout[] {
  const callouts = lines.flatMap((line) => readCallout(line, units) ?? []);
  markThrough(callouts);
  return attachCountersinks(attachCounterbores(callouts));
}

/** Words that make a thread designation inside a note a thread callout. */
const THREAD_WORDS = /\b(?:threads?|thd|tap(?:ped)?|gewinde|UN[CFS]|UNEF)\b/i;

/**
 * A note that holds a thread or a hole callout ('4 x M8 Gewinde durchgehend'), or a thread
 * designation after words of a thread note ('cut 7/16"-20 threads', 'tap M6 through').
 */
function readNoteCallout(
  line: TextLine,
  units: 'mm' | 'inch' | undefined,
): TextCallout | undefined {
  const callout = readCallout(line, units);
  if (callout && (callout.kind === 'thread' || (callout.kind === 'diameter' && !callout.inferred)))
    return callout;
  if (!THREAD_WORDS.test(line.text)) return undefined;
  const located = locateThreadCallout(line.text);
  if (!located || located.index === 0) return undefined;
  const inner = readCallout({ ...line, text: line.text.slice(located.index) }, units);
  return inner?.kind === 'thread' ? { ...inner, text: line.text.trim() } : undefined;
}

/** 'thru', 'through', 'durchgehend' written with a hole or thread callout. */
const THROUGH = /\b(?:thru|through|durchgehend|durch)\b/i;

/** Marks hole and thread callouts that say they go through the part. */
function markThrough(callouts: TextCallout[]): void {
  for (const c of callouts) {
    if ((c.kind === 'thread' || c.kind === 'diameter') && THROUGH.test(c.text)) c.through = true;
  }
}

/**
 * Counterbores written under a counted hole callout (ISO 15786 / ASME Y14.5 style, two lines:
 * '4 x Ø11' over 'Ø18 ↧12'). In PDF text the Ø and ↧ glyphs are often drawn, not written, so
 * the second line reads as a plain '18,00 12,00': taken as counterbore Ø18, 12 deep when it is
 * written under the hole callout as the next line of its text (stacked-lines.ts writtenUnder),
 * holds exactly two numbers and the first is larger than the hole. Under a single hole's size
 * the line must start with the counterbore's mark (⌴, a lost glyph in its place, C'BORE). The
 * counterbore line is then no longer a callout of its own.
 *
 * @param callouts - the page's callouts, boxes y down
 * @returns the callouts without the counterbore lines, their holes with `counterbore`
 */
export function attachCounterbores(callouts: TextCallout[]): TextCallout[] {
  const used = new Set<TextCallout>();
  for (const hole of callouts) {
    if (hole.kind !== 'diameter' || hole.counterbore) continue;
    const below = callouts.find(
      (c) =>
        !used.has(c) &&
        // A single hole's only with the counterbore's mark ('⌴Ø11 ↧6.4' under 'Ø6.6').
        ((hole.count ?? 1) >= 2 || afterCounterboreMark(c.text) !== undefined) &&
        c !== hole &&
        c.page === hole.page &&
        (c.kind === 'length' || (c.kind === 'diameter' && c.count === undefined)) &&
        (!c.counterbore || isCounterboreOnly(c)) &&
        c.extraValues?.length === 1 &&
        c.value > hole.value &&
        writtenUnder(hole, c),
    );
    if (!below) continue;
    used.add(below);
    hole.counterbore = {
      diameterMm: below.value,
      depthMm: below.extraValues![0]!,
      text: below.text,
    };
  }
  return callouts.filter((c) => !used.has(c));
}
