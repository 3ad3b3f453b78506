/**
 * A DXF plate's counterbore and countersink notes (TEXT, MTEXT and dimension texts: '4x Ø6.6
 * ⌵Ø12 x 90°', 'Ø6.6 CSK Ø12 x 90°', '4x Ø11' over 'Ø18 ↧12') given to its drawn holes, as the
 * page readers give them (text/hole-callouts.ts, decision 047): the holes become countersunk or
 * counterbored, and the concentric-circles note leaves out the circles they explain.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import type { DimensionNote, TextNote } from '../describe/content.ts';
import type { ReadingSources } from '../describe/readings.ts';
import { readHoleCallouts } from '../text/findings.ts';
import { applyHoleCallouts } from '../text/hole-callouts.ts';
import type { TextLine } from '../text/lines.ts';

/** One DXF text to read: its lines (MTEXT \P), where it came from and how sure. */
interface DxfText {
  text: string;
  source: string;
  confidence: number;
}

/**
 * The lines of one DXF text as text lines one unit high, stacked downwards, on a page of their
 * own (`page`), so that only lines of the same entity attach to each other (a countersink or
 * counterbore on the line under its hole, text/findings.ts).
 */
function linesOf(written: DxfText, page: number): TextLine[] {
  return written.text
    .split('\n')
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .filter((text) => text !== '')
    .map((text, row) => ({
      text,
      runs: [
        {
          text,
          x: 0,
          y: row,
          width: 0.6 * text.length,
          height: 1,
          angleDeg: 0,
          page,
          confidence: written.confidence,
          origin: 'pdf-text' as const,
        },
      ],
      page,
      angleDeg: 0,
      s0: 0,
      s1: 0.6 * text.length,
      t: row,
      height: 1,
      x: 0,
      y: row,
      width: 0.6 * text.length,
      height2d: 1,
      confidence: written.confidence,
      origin: 'pdf-text' as const,
    }));
}

/**
 * Gives the counterbores and countersinks that the DXF's notes and dimension texts write to the
 * plate's drawn holes of their size (applyHoleCallouts): kind 'counterbored' or 'countersunk'
 * with the counterbore's or countersink's size, and the reading 'Hole size' sourced to the
 * entity. Other hole notes (sizes, threads, depths) are read with the holes (describe/
 * prismatic.ts) and left alone here. Title block notes are not read.
 *
 * @param description - the DXF's description (changed in place); nothing happens without
 *   `prismatic`
 * @param content - the drawing's notes and dimensions (text decoded, mm)
 * @param units - the drawing's units, for numbers written without a unit
 * @param sources - how the DXF's readings name their entities (dxf/sources.ts)
 * @param textOf - the text a dimension shows (readDimension)
 */
export function applyDxfHoleNotes(
  description: BlueprintDescription,
  content: { notes: TextNote[]; dimensions: DimensionNote[] },
  units: 'mm' | 'inch',
  sources: ReadingSources,
  textOf: (note: DimensionNote) => string,
): void {
  if (!description.prismatic) return;
  const texts: DxfText[] = [
    ...content.notes
      .filter((note) => !note.inTitleBlock)
      .map((note) => ({ text: note.text, ...sources.note(note) })),
    ...content.dimensions.map((note) => ({ text: textOf(note), ...sources.dimension(note) })),
  ];
  const callouts = texts.flatMap((written, i) =>
    readHoleCallouts(linesOf(written, i + 1), units)
      .filter((c) => c.counterbore !== undefined || c.countersink !== undefined)
      .map((c) => ({ ...c, source: written.source, confidence: written.confidence })),
  );
  if (callouts.length > 0) applyHoleCallouts(description, { callouts, notes: [] });
}
