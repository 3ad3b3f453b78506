/**
 * The title block and the general notes of a drawing into their own fields of the description
 * (`titleBlock`, ISO 7200 data fields, and `notes`), never into the overview (issue 33 item 1,
 * decision 050). Every reader hands its entries here: the shared pipeline (DXF, and PDF pages
 * through the text findings), the text reader (PDF text and OCR) and the STEP reader. Fragments
 * that are neither a note nor a title-block value (revision-table letters, the zone letters A–F
 * and numbers 1–8 of the border, labels without their value, advertising and licence lines,
 * dimension texts) go nowhere.
 */
import type { BlueprintDescription, TitleBlock } from '#contracts/blueprint';
import { parseGeneralTolerance } from '#cam/callouts';
import { addReading } from '../reading.ts';
import type { TextNote } from './content.ts';
import type { NoteFindings } from './notes.ts';
import type { ReadingSources } from './readings.ts';

/** A title-block field, or one of the block's other cells. */
export type TitleField = Exclude<keyof TitleBlock, 'other'> | 'other';

/** One title-block value as read: its field, the text as written, how sure and where. */
export interface TitleEntry {
  field: TitleField;
  value: string;
  /** 0..1 (1 for text stored in the file, the OCR engine's for scans). */
  confidence: number;
  /** Where on the drawing: 'page 1 at 500, 780 pt', 'TEXT entity 2F'. */
  source: string;
}

/** The reading's name of each field (the description step lists them). */
const FIELD_NAMES: Record<TitleField, string> = {
  title: 'Part name',
  drawingNumber: 'Drawing number',
  revision: 'Revision',
  material: 'Material',
  units: 'Units',
  scale: 'Scale',
  generalTolerance: 'General tolerance',
  projection: 'Projection',
  other: 'Title block',
};

const ADVERTISING =
  /licen[cs]ed?|creative commons|attribut\w*-share|copyright|©|all rights reserved|www\.|https?:\/\/|\.(?:com|net|org)\b|click here|free drawings|download|for practi[cs]e|reference only|model-based definition/i;
const SHEET_FURNITURE =
  /^(?:A[0-4]|SECTION\s+[A-Z](?:\s*-\s*[A-Z])?|SCHNITT\s+[A-Z](?:\s*-\s*[A-Z])?|[A-Z]\s*-\s*[A-Z]|DETAIL(?:\s+[A-Z])?|VIEW\s+[A-Z]|(?:REFERENCE\s+)?ISOMETRIC VIEW|SHEET SIZE|SYM|BY|DATE|DESCRIPTION|ORIGINAL|REVISIONS?|ÄNDERUNG(?:EN)?|NOTES?)\.?:?$/i;
/** A text that is a dimension's value or a callout, not a note: 'Ø15', 'R10', '20', '[1.575]'. */
const DIMENSION_TEXT =
  /^[[(]?\s*(?:\d+\s*[x×]\s*)?[ØR⌀∅]?\s*[\d.,]+(?:\s*(?:mm|"|°))?(?:\s*(?:[±+\-−][\d.,]+\s*)+)?[\])]?\s*(?:REF|TYP\.?|Typ\.?)?$/i;
/** Words of title-block labels, alone or with only a colon: no value to keep. */
const LABEL_ONLY =
  /^(?:DRAWN(?: BY)?|CHECKED|CHECKER|CHK'?D|APPROVED(?: BY)?|APPV'?D|ENGR\.?|MECH\.|ELEC\.|PROJ\.|CHIEF|TITLE|SCALE|SHEET|DWG\.? NO\.?|DRAWING (?:NO\.?|NUMBER)|MATERIAL|WEIGHT|DATE|NAME|SIGNATURE|SIGNATUR|FINISH|MFG|Q\.A|REV(?:ISION)?\.?|SIZE|GEZEICHNET|GEPRÜFT|GENEHMIGT|PRODUKTION|QUALITÄT|BENENNUNG|WERKSTOFF|MASSSTAB|MAßSTAB|BLATT|ZEICHNUNGSNR\.?|GEWICHT|DATUM|Dept\.|Created by|Approved by|Checked by|Designed by|Document type|Document status|Date of issue|Technical reference|SURFACE FINISH|OBERFLÄCHENBESCHAFFENHEIT|OBERFLÄCHENGÜTE|TOLERANCES?|TOLERANZEN|LINEAR|ANGULAR|WINKEL|Part Number|Item ref|Rev No|Filename|Edition|Article No\.?(?:\/Reference)?|Quantity|UNLESS OTHERWISE SPECIFIED|WENN NICHT ANDERS DEFINIERT|Sign\.?|Weight|Format|Group|Change description|Contact information|Supplementary information)\s*[:.,]?$/i;

/**
 * Whether a fragment of a drawing's text is neither a note nor a title-block value: a lone
 * letter or a row of them (zone letters A–F, revision letters), a number (zone numbers 1–8, a
 * dimension's value or callout), a label without its value, an advertising or licence line, or
 * sheet furniture ('SECTION A-A', 'A3').
 *
 * @param text - the fragment as written
 */
export function isFragment(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!/[A-Za-zÄÖÜäöü]{2}/.test(t) && !/[A-Za-z].*\d|\d.*[A-Za-z]/.test(t)) return true;
  if (/^(?:[A-Za-z]\b[\s.;,]*)+$/.test(t)) return true;
  // A label ends with its colon; a bilingual one is written 'Date/Datum'.
  const label = t.split('/')[0]!.trim();
  return (
    DIMENSION_TEXT.test(t) ||
    LABEL_ONLY.test(label) ||
    /:$/.test(t) ||
    SHEET_FURNITURE.test(t) ||
    ADVERTISING.test(t)
  );
}

/** A title-block cell that writes its label and its value: 'SCALE 1:2', 'MATERIAL: Stahl'. */
const LABELLED: { field: Exclude<TitleField, 'other'>; pattern: RegExp }[] = [
  { field: 'material', pattern: /^(?:MATERIAL|MAT'?L|MATL|WERKSTOFF)\b\.?\s*:?\s*(.+)$/i },
  {
    field: 'scale',
    pattern: /^(?:SCALE|MASSSTAB|MAßSTAB)\b\s*:?\s*(\d+(?:[.,]\d+)?\s*:\s*\d+(?:[.,]\d+)?)$/i,
  },
  { field: 'title', pattern: /^(?:TITLE|BENENNUNG|BEZEICHNUNG|Part name)\b\s*:?\s*(.+)$/i },
  {
    field: 'drawingNumber',
    pattern:
      /^(?:DWG\.?\s*NO\.?|DRAWING\s*(?:NO\.?|NUMBER)|ZEICHNUNGSNR\.?|Part number|P\/N)\s*:?\s*(.+)$/i,
  },
  { field: 'revision', pattern: /^(?:REV(?:ISION)?\.?|Rev No)\s*:?\s*([A-Z0-9]{1,3})$/i },
  { field: 'projection', pattern: /^.*\b(first|third|1st|3rd)\s+angle\b.*$/i },
  {
    field: 'units',
    pattern:
      /^.*\b(?:dimensions|dims?\.?|bemaßungen|bemassungen|maße)\s+(?:are\s+|sind\s+)?in\s+(millimet(?:er|re)s?|mm|inch(?:es)?|in\.).*$/i,
  },
];

/**
 * What one title-block cell is: a labelled value ('SCALE 1:2' → scale '1:2'), a general
 * tolerance ('ISO 2768-mK', 'LINEAR: +0.1/-0.1'), another cell worth keeping ('DRAWN J. Doe'),
 * or undefined for a fragment (isFragment).
 *
 * @param text - the cell as written
 * @returns the field and the value as written (units: 'mm' or 'inch'; projection: 'first angle'
 *   or 'third angle')
 */
export function titleCellOf(text: string): { field: TitleField; value: string } | undefined {
  const t = text.replace(/\s+/g, ' ').trim();
  for (const { field, pattern } of LABELLED) {
    const match = pattern.exec(t);
    if (!match?.[1]) continue;
    const value = match[1].trim();
    if (field === 'projection')
      return { field, value: /^(?:first|1st)$/i.test(value) ? 'first angle' : 'third angle' };
    if (field === 'units') return { field, value: /^in/i.test(value) ? 'inch' : 'mm' };
    if (LABEL_ONLY.test(value) || !/[A-Za-z0-9]/.test(value)) return undefined;
    return { field, value };
  }
  const tolerance = parseGeneralTolerance(t);
  if (tolerance) return { field: 'generalTolerance', value: tolerance };
  if (/^(?:LINEAR|TOLERANCES?|TOLERANZEN)\s*:?\s*(?:±|[+][\d.,]+\s*\/)/i.test(t))
    return { field: 'generalTolerance', value: t.replace(/^[^:]*:\s*/, '') };
  return isFragment(t) ? undefined : { field: 'other', value: t };
}

/**
 * Puts title-block entries into `description.titleBlock`, each with a reading: the first entry
 * of a field wins, the other cells are kept once each (at most 100). The material and the
 * general tolerance fill `materialSpecs.material` and `dimensions.generalTolerance` only where
 * the reader has none (their readings are the reader's).
 *
 * @param description - changed in place
 * @param entries - values as written, with confidence (0..1) and source
 */
export function setTitleBlock(description: BlueprintDescription, entries: TitleEntry[]): void {
  const block: TitleBlock = { ...description.titleBlock };
  for (const entry of entries) {
    const value = entry.value.replace(/\s+/g, ' ').trim();
    if (!/[A-Za-z0-9]/.test(value)) continue;
    // A name or number by its look that is an address or a logo's words ('CAD.org').
    if ((entry.field === 'title' || entry.field === 'drawingNumber') && ADVERTISING.test(value))
      continue;
    if (entry.field === 'other') {
      const other = (block.other ??= []);
      if (other.includes(value) || other.length >= 100) continue;
      other.push(value.slice(0, 300));
    } else {
      if (block[entry.field] !== undefined) continue;
      block[entry.field] = value.slice(0, entry.field === 'title' ? 300 : 50);
    }
    const readAlready = description.readings?.some(
      (r) => r.field === FIELD_NAMES[entry.field] && r.value === value,
    );
    if (!readAlready)
      addReading(description, FIELD_NAMES[entry.field], value, entry.confidence, entry.source);
  }
  if (block.material) description.materialSpecs.material ||= block.material;
  if (block.generalTolerance && !description.dimensions.generalTolerance) {
    const iso = parseGeneralTolerance(block.generalTolerance);
    if (iso) description.dimensions.generalTolerance = iso;
  }
  if (Object.keys(block).length > 0) description.titleBlock = block;
}

/**
 * Adds general notes to `description.notes`, as written, once each (at most 200); fragments
 * (isFragment) are left out.
 *
 * @param description - changed in place
 * @param notes - the notes' texts
 */
export function addNotes(description: BlueprintDescription, notes: string[]): void {
  for (const note of notes) {
    const text = note.replace(/\s+/g, ' ').trim();
    if (text === '' || isFragment(text)) continue;
    const list = (description.notes ??= []);
    if (list.includes(text) || list.length >= 200) continue;
    list.push(text.slice(0, 1000));
  }
}

/**
 * The title block and the general notes of the shared pipeline's notes (describe/notes.ts) into
 * the description: the title block's texts sorted into its fields, each with a reading whose
 * source and confidence are the note's; the notes that the reader used for nothing else, the
 * edge notes and a general tolerance or heat treatment written as a note, as written.
 *
 * @param description - changed in place
 * @param findings - the drawing's notes sorted (readNotes)
 * @param sources - where each note was read and how sure (the reader's)
 */
export function titleAndNotesFromFindings(
  description: BlueprintDescription,
  findings: NoteFindings,
  sources: Pick<ReadingSources, 'note'>,
): void {
  const entries: TitleEntry[] = findings.titleBlock.flatMap((note) => {
    const cell = titleCellOf(note.text);
    return cell ? [{ ...cell, ...sources.note(note) }] : [];
  });
  setTitleBlock(description, entries);
  const general = [findings.generalTolerance?.note, findings.material?.note].filter(
    (note): note is TextNote => note !== undefined && !note.inTitleBlock,
  );
  addNotes(
    description,
    [...general, ...findings.other, ...findings.edgeWords].map((note) => note.text),
  );
}
