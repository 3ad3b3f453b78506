/**
 * How the DXF reader's readings name their sources: the entity (DIMENSION, TEXT) by its handle
 * and text, and positions in the drawing's own units (describe/readings.ts ReadingSources).
 */
import type { Point } from '../geometry/primitives.ts';
import type { DimensionNote } from '../describe/content.ts';
import { MEASURED_SOURCE, type ReadingSources } from '../describe/readings.ts';

const rounded = (value: number) => Math.round(value * 100) / 100;

/**
 * The DXF's sources: a DIMENSION by its handle (group 5) and written text, else by its text and
 * where the text sits; a TEXT/MTEXT by its handle, text and position; geometry by its position.
 * Positions are in drawing units, as the CAD program shows them.
 *
 * @param mmPerUnit - mm per drawing unit
 * @param textOf - the text a dimension shows (readDimension)
 */
export function dxfSources(
  mmPerUnit: number,
  textOf: (note: DimensionNote) => string,
): ReadingSources {
  const at = (p: Point) => `${rounded(p.x / mmPerUnit)}, ${rounded(p.y / mmPerUnit)}`;
  return {
    dimension: (note) => ({
      source:
        note.source ??
        (note.handle
          ? `DIMENSION ${note.handle} "${textOf(note)}"`
          : `DIMENSION "${textOf(note)}" at ${at(note.textAt ?? note.p1)}`),
      confidence: note.confidence ?? 1,
    }),
    note: (note) => ({
      source:
        note.source ??
        `TEXT${note.handle ? ` ${note.handle}` : ''} "${note.text.replace(/\s+/g, ' ').slice(0, 60)}" at ${at(note.at)}`,
      confidence: note.confidence ?? 1,
    }),
    place: (p) => `${MEASURED_SOURCE} at ${at(p)}`,
  };
}
