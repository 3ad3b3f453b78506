/**
 * The title block and the page furniture of a drawing's text: where the title block is (ISO 7200
 * puts it in the bottom right corner), its label/value pairs (material, title, drawing number,
 * scale), the revision table, licence lines, and the notes that say the units and the general
 * tolerance.
 */
import type { PageFrame } from '../reading.ts';
import { sourceOfLine, type TextLine } from './lines.ts';
import type { FoundText, TitleBlockFindings } from './types.ts';

/** Words of title block fields (English and German), written alone or with a colon. */
const TITLE_BLOCK_WORD =
  /^(?:DRAWN(?: BY)?|CHECKED|CHECKER|CHK'?D|APPROVED(?: BY)?|APPV'?D|ENGR\.?|MECH\.|ELEC\.|PROJ\.|CHIEF|TITLE|SCALE|SHEET|DWG\.? NO\.?|DRAWING (?:NO\.?|NUMBER)|MATERIAL|WEIGHT|DATE|NAME|SIGNATURE|FINISH|MFG|Q\.A|REV(?:ISION)?\.?|SIZE|GEZEICHNET|GEPRÜFT|GENEHMIGT|PRODUKTION|QUALITÄT|BENENNUNG|WERKSTOFF|MASSSTAB|MAßSTAB|BLATT|ZEICHNUNGSNR\.?|GEWICHT|DATUM|SIGNATUR|ÄNDERUNG|Dept\.|Created by|Approved by|Document type|Document status|Date of issue|Technical reference|SURFACE FINISH|TOLERANCES?|TOLERANZEN|LINEAR|ANGULAR|WINKEL|UNLESS OTHERWISE SPECIFIED)(?=$|[\s:])\s*:?/i;

/** A label whose value is the material, the title, the drawing number or the scale. */
const LABELS: { field: 'material' | 'partName' | 'drawingNumber' | 'scale'; pattern: RegExp }[] = [
  { field: 'material', pattern: /^(?:\d+\.\s*)?(?:MATERIAL|MAT'?L|MATL|WERKSTOFF)\b\.?\s*:?\s*/i },
  {
    field: 'partName',
    pattern: /^(?:TITLE|BENENNUNG|BEZEICHNUNG|Part name|Description)\b\s*:?\s*/i,
  },
  {
    field: 'drawingNumber',
    pattern:
      /^(?:DWG\.?\s*NO\.?|DRAWING\s*(?:NO\.?|NUMBER)|ZEICHNUNGSNR\.?|ZEICHNUNGSNUMMER|Part number|P\/N)\s*:?\s*/i,
  },
  { field: 'scale', pattern: /^(?:SCALE|MASSSTAB|MAßSTAB)\b\s*:?\s*/i },
];

const DATE = /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b/;
const LICENCE =
  /licen[cs]ed?|creative commons|attribut\w*-share|copyright|all rights reserved|www\.|https?:\/\/|\.(?:com|net|org)\b/i;
const BOILERPLATE =
  /^A[0-4]$|^(?:SECTION|SCHNITT|DETAIL|VIEW|ANSICHT)\s+[A-Z](?:\s*-\s*[A-Z])?$|do not scale|nicht skalieren|unless otherwise specified|wenn nicht anders|first angle|third angle|projection|^sheet\b|^blatt\b|^\d+\s*(?:of|von)\s*\d+$/i;

/** Where the title block of a page is: a box reaching to the page's right and bottom edges. */
export interface TitleBlockArea {
  page: number;
  x: number;
  y: number;
}

/**
 * The title block of each page: the box around two or more title block words in the lower half
 * of the page, extended to the right and bottom edges.
 */
export function findTitleBlocks(lines: TextLine[], frames: PageFrame[]): TitleBlockArea[] {
  const areas: TitleBlockArea[] = [];
  const pages = new Set(lines.map((l) => l.page));
  for (const page of pages) {
    const frame = frames.find((f) => f.page === page);
    const pageHeight = frame?.height ?? Math.max(...lines.map((l) => l.y + l.height2d));
    const words = lines.filter(
      (l) => l.page === page && TITLE_BLOCK_WORD.test(l.text) && l.y > pageHeight / 2,
    );
    if (words.length < 2) continue;
    const margin = Math.max(...words.map((w) => w.height2d));
    areas.push({
      page,
      x: Math.min(...words.map((w) => w.x)) - margin,
      y: Math.min(...words.map((w) => w.y)) - margin,
    });
  }
  return areas;
}

/** True when the line lies in a title block. */
export function inTitleBlock(line: TextLine, areas: TitleBlockArea[]): boolean {
  return areas.some((a) => a.page === line.page && line.x >= a.x && line.y >= a.y);
}

/**
 * Lines of revision tables: below a 'REVISIONS' header, within the columns of the row under it,
 * down to the last row with a date.
 */
export function findRevisionLines(lines: TextLine[]): Set<TextLine> {
  const out = new Set<TextLine>();
  for (const header of lines) {
    if (!/^(?:REVISIONS?|ÄNDERUNGEN|REVISION HISTORY)$/i.test(header.text)) continue;
    const h = header.height2d;
    const row = lines.filter(
      (l) =>
        l.page === header.page &&
        l.y > header.y + 0.5 * h &&
        l.y < header.y + 3 * h &&
        l.x + l.width > header.x - 15 * h &&
        l.x < header.x + header.width + 15 * h,
    );
    if (row.length === 0) continue;
    const x0 = Math.min(...row.map((l) => l.x)) - h;
    const x1 = Math.max(...row.map((l) => l.x + l.width)) + h;
    const inColumns = lines.filter(
      (l) => l.page === header.page && l.x >= x0 && l.x + l.width <= x1 && l.y >= header.y,
    );
    const dated = inColumns.filter((l) => DATE.test(l.text));
    if (dated.length === 0) continue;
    const bottom = Math.max(...dated.map((l) => l.y + l.height2d)) + 0.5 * h;
    for (const l of inColumns) if (l.y <= bottom) out.add(l);
  }
  return out;
}

/** Licence and web address lines, dates, and boilerplate such as 'DO NOT SCALE DRAWING'. */
export function isFurniture(line: TextLine): boolean {
  return (
    (line.origin === 'pdf-text' && LICENCE.test(line.text)) ||
    BOILERPLATE.test(line.text) ||
    (DATE.test(line.text) && line.text.replace(DATE, '').replace(/[^A-Za-z]/g, '').length <= 4)
  );
}

/** True when the line is a title block word or label (with or without its value). */
export function isTitleBlockWord(line: TextLine): boolean {
  return TITLE_BLOCK_WORD.test(line.text) || LABELS.some((l) => l.pattern.test(line.text));
}

function found(line: TextLine, text: string, factor = 1): FoundText {
  return { text, confidence: line.confidence * factor, source: sourceOfLine(line) };
}

/** Lines directly above or below `line` in the same column and text height (a value on two lines). */
function continuation(line: TextLine, lines: TextLine[], used: Set<TextLine>): TextLine[] {
  const parts = [line];
  for (const step of [1, -1]) {
    let edge = line;
    for (;;) {
      const next = lines.find(
        (l) =>
          !parts.includes(l) &&
          !used.has(l) &&
          l.page === edge.page &&
          Math.abs(l.height - edge.height) <= 0.2 * edge.height &&
          l.x < edge.x + edge.width &&
          l.x + l.width > edge.x &&
          (step === 1
            ? l.y - (edge.y + edge.height2d) >= -0.2 * edge.height &&
              l.y - (edge.y + edge.height2d) <= 0.6 * edge.height
            : edge.y - (l.y + l.height2d) >= -0.2 * edge.height &&
              edge.y - (l.y + l.height2d) <= 0.6 * edge.height) &&
          !isTitleBlockWord(l) &&
          !isFurniture(l),
      );
      if (!next) break;
      if (step === 1) parts.push(next);
      else parts.unshift(next);
      edge = next;
    }
  }
  return parts;
}

function joinTitle(parts: TextLine[]): string {
  return parts.reduce(
    (text, part) =>
      text === '' ? part.text : /[_-]$/.test(text) ? text + part.text : `${text} ${part.text}`,
    '',
  );
}

/** The value of a label: after the label on its line, else the nearest line right of or below it. */
function valueOf(
  label: TextLine,
  labelEnd: number,
  lines: TextLine[],
  field: string,
): { parts: TextLine[]; text: string } | undefined {
  // Bilingual labels ('Title/Benämning', 'Drawing number/Ritningsnummer'): the second word too.
  const rest = label.text
    .slice(labelEnd)
    .replace(/^\/\s*[^\s:]+\s*:?/, '')
    .trim();
  if (rest !== '' && !isTitleBlockWord({ ...label, text: rest }))
    return { parts: [label], text: rest };
  const h = label.height;
  const candidates = lines
    .filter(
      (l) =>
        l !== label &&
        l.page === label.page &&
        Math.abs(l.angleDeg - label.angleDeg) < 2 &&
        !isTitleBlockWord(l) &&
        !isFurniture(l) &&
        l.x >= label.x - 2 * h &&
        l.x <= label.x + label.width + 15 * h &&
        l.y >= label.y - 0.5 * h &&
        l.y <= label.y + label.height2d + 4 * Math.max(h, l.height) &&
        (field === 'scale') === /^\d+(?:[.,]\d+)?\s*:\s*\d+(?:[.,]\d+)?$/.test(l.text),
    )
    .sort(
      (a, b) => Math.hypot(a.x - label.x, a.y - label.y) - Math.hypot(b.x - label.x, b.y - label.y),
    );
  const first = candidates[0];
  if (!first) return undefined;
  const parts = field === 'partName' ? continuation(first, lines, new Set([label])) : [first];
  return { parts, text: joinTitle(parts) };
}

/** What the title block and the general notes say. */
export interface TitleFindings extends TitleBlockFindings {
  /** Lines used as labels or values. */
  used: Set<TextLine>;
}

const SCALE_VALUE = /(\d+(?:[.,]\d+)?)\s*:\s*(\d+(?:[.,]\d+)?)/;
const UNITS_NOTE =
  /\b(?:all\s+)?(?:dimensions|dims?\.?|bemaßungen|bemassungen|maße|masse)\s+(?:are\s+|sind\s+)?in\s+(millimet(?:er|re)s?|mm|inch(?:es)?|in\.)|\bunits?\s*:\s*(mm|millimet\w*|inch\w*)/i;
const DRAWING_NUMBER = /^(?:[A-Z]{1,5}[-_]?\d{3,}[\w.\-/]*|\d{5,}[\w.\-/]*)$/;
const LINEAR_TOLERANCE =
  /\b(?:LINEAR|LINEAR TOLERANCE|TOLERANCES?|TOLERANZEN|ALLGEMEINTOLERANZ)\s*:?\s*((?:±\s?[\d.,]+|[+][\d.,]+\s*\/\s*[-−][\d.,]+)(?:\s*mm)?)/i;

/**
 * Reads the title block fields and the notes that set units and tolerance.
 *
 * @param lines - all lines of the drawing
 * @param areas - title blocks (findTitleBlocks)
 * @returns the values with their confidence and source, and the lines used for them
 */
export function readTitleBlock(lines: TextLine[], areas: TitleBlockArea[]): TitleFindings {
  const result: TitleFindings = { used: new Set() };
  for (const line of lines) {
    for (const { field, pattern } of LABELS) {
      const match = pattern.exec(line.text);
      if (!match || result[field]) continue;
      if (field !== 'material' && !inTitleBlock(line, areas)) continue;
      const value = valueOf(line, match[0].length, lines, field);
      result.used.add(line);
      if (!value || value.text === '') continue;
      value.parts.forEach((p) => result.used.add(p));
      if (field === 'scale') {
        const scale = SCALE_VALUE.exec(value.text);
        if (!scale) continue;
        const ratio = Number(scale[1]!.replace(',', '.')) / Number(scale[2]!.replace(',', '.'));
        if (ratio > 0 && Number.isFinite(ratio)) {
          result.scale = { ...found(value.parts[0]!, `${scale[1]}:${scale[2]}`), ratio };
        }
        continue;
      }
      result[field] = found(value.parts[0]!, value.text, value.parts[0] === line ? 1 : 0.9);
    }
    const units = UNITS_NOTE.exec(line.text);
    if (units && !result.units) {
      const word = (units[1] ?? units[2] ?? '').toLowerCase();
      result.units = { ...found(line, line.text), units: /^in/.test(word) ? 'inch' : 'mm' };
      result.used.add(line);
    }
    const tolerance = LINEAR_TOLERANCE.exec(line.text);
    if (tolerance && !result.generalTolerance) {
      result.generalTolerance = found(line, line.text.replace(/\s+/g, ' ').trim());
      result.used.add(line);
    }
  }
  readRevisionAndProjection(lines, areas, result);
  // No labels: the drawing number and the title by their look, in the title block.
  const titleLines = lines.filter(
    (l) => inTitleBlock(l, areas) && !result.used.has(l) && !isTitleBlockWord(l) && !isFurniture(l),
  );
  if (!result.drawingNumber) {
    const number = titleLines
      .filter((l) => DRAWING_NUMBER.test(l.text))
      .sort((a, b) => b.height - a.height)[0];
    if (number) {
      result.drawingNumber = found(number, number.text, 0.6);
      result.used.add(number);
    }
  }
  if (!result.partName) {
    const named = titleLines
      .filter(
        (l) =>
          !result.used.has(l) && /[A-Za-zÄÖÜäöüå]{3}/.test(l.text) && !DRAWING_NUMBER.test(l.text),
      )
      .sort((a, b) => b.height - a.height)[0];
    if (named) {
      const parts = continuation(named, titleLines, result.used);
      result.partName = found(parts[0]!, joinTitle(parts), 0.6);
      parts.forEach((p) => result.used.add(p));
    }
  }
  return result;
}

const REVISION_LABEL = /^(?:REV(?:ISION)?\.?|Rev(?:\.|ision)? No\.?|Revision index)\s*:?\s*/i;
const REVISION_VALUE = /^[A-Z0-9]{1,3}$/i;
const PROJECTION = /\b(first|third|1st|3rd)\s+angle\b/i;

/**
 * The revision written with its label in the title block ('REV E', 'REVISION: 3', or the label
 * with a one- to three-character value right of it on its baseline, within six letter heights),
 * and the projection ('FIRST ANGLE PROJECTION'). A revision table's letters are not read
 * (the lines of `findRevisionLines` are left out before).
 */
function readRevisionAndProjection(
  lines: TextLine[],
  areas: TitleBlockArea[],
  result: TitleFindings,
): void {
  for (const line of lines) {
    const projection = PROJECTION.exec(line.text);
    if (projection && !result.projection) {
      const first = /^(?:first|1st)$/i.test(projection[1]!);
      result.projection = found(line, first ? 'first angle' : 'third angle');
    }
    const label = REVISION_LABEL.exec(line.text);
    if (!label || result.revision || !inTitleBlock(line, areas)) continue;
    const rest = line.text.slice(label[0].length).trim();
    if (rest !== '') {
      if (REVISION_VALUE.test(rest)) {
        result.revision = found(line, rest);
        result.used.add(line);
      }
      continue;
    }
    const h = line.height;
    const value = lines.find(
      (l) =>
        l !== line &&
        l.page === line.page &&
        REVISION_VALUE.test(l.text) &&
        Math.abs(l.y - line.y) <= 0.5 * h &&
        l.x > line.x + line.width &&
        l.x <= line.x + line.width + 6 * h,
    );
    if (value) {
      result.revision = found(value, value.text, 0.8);
      result.used.add(value);
    }
  }
}
