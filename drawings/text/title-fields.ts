/**
 * What the text findings of a drawing (PDF text, OCR) say of its title block and general notes,
 * into the description's `titleBlock` and `notes` (describe/title-block.ts), never its overview.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { addNotes, setTitleBlock, titleCellOf, type TitleEntry } from '../describe/title-block.ts';
import type { FoundText, TextFindings } from './types.ts';

const entry = (field: TitleEntry['field'], found: FoundText, value = found.text): TitleEntry => ({
  field,
  value,
  confidence: found.confidence,
  source: found.source,
});

/**
 * The title block's entries of text findings: its labelled values, the units and the general
 * tolerance its notes write (units found only from the dimension lines are no entry), and its
 * other cells that are no fragment.
 *
 * @param findings - one drawing's (or page's) text findings
 * @returns entries with the findings' confidence (0..1) and source
 */
export function titleEntriesOf(findings: TextFindings): TitleEntry[] {
  const entries: TitleEntry[] = [];
  if (findings.partName) entries.push(entry('title', findings.partName));
  if (findings.drawingNumber) entries.push(entry('drawingNumber', findings.drawingNumber));
  if (findings.revision) entries.push(entry('revision', findings.revision));
  if (findings.material) entries.push(entry('material', findings.material));
  if (findings.units && !/dimension lines/.test(findings.units.source))
    entries.push(entry('units', findings.units, findings.units.units));
  if (findings.scale) entries.push(entry('scale', findings.scale));
  if (findings.generalTolerance) entries.push(entry('generalTolerance', findings.generalTolerance));
  if (findings.projection) entries.push(entry('projection', findings.projection));
  for (const cell of findings.otherCells ?? []) {
    const read = titleCellOf(cell.text);
    if (read) entries.push(entry(read.field, cell, read.value));
  }
  return entries;
}

/**
 * The title block and the general notes of text findings into the description (changed in
 * place): `titleBlock` with a reading per value, `notes` with the edge notes, as written.
 */
export function titleAndNotesFromText(
  description: BlueprintDescription,
  findings: TextFindings,
): void {
  setTitleBlock(description, titleEntriesOf(findings));
  addNotes(description, [
    ...findings.notes.map((note) => note.text),
    ...(findings.edgeNotes ?? []).map((note) => note.text),
  ]);
}
