/**
 * PDF pages read geometrically (page.ts) to one description: the part drawn on the first page
 * that shows a turned part or a plate (page/drawn-part.ts describeDrawnPart, the page model the
 * image reader shares); a drawing whose geometry shows no part is described from its text alone
 * (describeFromText).
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { describeDrawnPart, truncatedNote } from '../page/drawn-part.ts';
import { mergeFindings } from '../page/merge.ts';
import { holdTextOnlyProfile } from '../page/unplaced-values.ts';
import type { PageReading } from '../page/reading.ts';
import type { PageFrame } from '../reading.ts';
import { describeFromText } from '../text/describe.ts';

/**
 * The description of a drawing from its pages read geometrically.
 *
 * @param readings - the pages, in order (page points, y down)
 * @param fileName - for messages
 * @returns the description from the first page showing a turned part or a plate (every number
 *   in mm, measured sizes divided by the drawing scale), the text of every page merged in; else
 *   the description of what the text says, with the reason in `unresolved`
 */
export function describePages(readings: PageReading[], fileName: string): BlueprintDescription {
  const drawn = describeDrawnPart(readings, fileName);
  if (drawn) return drawn;
  const runs = readings.flatMap((r) => r.runs);
  const frames: PageFrame[] = readings.map((r) => ({
    page: r.page,
    width: r.geometry.widthPt,
    height: r.geometry.heightPt,
    unit: 'pt',
  }));
  // No part in the geometry: what the text says is all there is.
  const fromText = describeFromText(
    runs.filter((r) => r.origin === 'pdf-text'),
    { fileName, kind: 'PDF', frames },
  );
  for (const reading of readings.filter((r) => r.ocr)) mergeFindings(fromText, reading.findings);
  // Where each diameter runs, and the steps the text leaves out, are not seen (decision 088).
  holdTextOnlyProfile(fromText);
  fromText.unresolved ??= [];
  if (runs.length === 0) {
    fromText.unresolved.unshift(
      'The PDF has no text and no drawn part the reader could use: upload the drawing as DXF or as a clear image, or describe the part (Change).',
    );
  } else {
    fromText.unresolved.unshift(
      'No turned part or plate was recognised in the drawn lines, so only the written dimensions and notes were read; give the diameters and lengths in order from the free end (Change).',
    );
  }
  if (readings.some((r) => r.truncated)) fromText.unresolved.push(truncatedNote);
  return fromText;
}
