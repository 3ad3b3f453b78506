/**
 * A side view is not a table (issue 33): a stepped shaft whose largest diameter lies between
 * smaller ones has shoulder lines across its whole height, and its Ø dimensions are written
 * inside its outline, which is how a title block looks (ruled lines, three or more texts). The
 * PDF reader once took such a view for a table and dropped it, so the part was read from its end
 * view as a plate. Random turned parts whose largest step is neither end step, drawn as a vector
 * PDF in a side view (with an end view beside it, or alone), read back as turned parts with
 * every diameter.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDrawing } from '#drawings/read';
import { turnedPartArb, type TurnedPart } from '#tests/helpers/drawings/parts';
import { svgToPdf } from '#tests/helpers/drawings/pdf';
import { buildSheet, plainStyle, type DrawingStyle } from '#tests/helpers/drawings/sheet';
import { sheetToSvg } from '#tests/helpers/drawings/svg';

const seed = Number(process.env.ROUND_TRIP_SEED ?? 20260115);

/** The largest step is an inner one, by a shoulder of at least 4 mm on each side. */
const largestInside = (part: TurnedPart): boolean => {
  const diameters = part.steps.map((step) => step.diameter);
  const largest = Math.max(...diameters);
  const at = diameters.indexOf(largest);
  return (
    at > 0 &&
    at < diameters.length - 1 &&
    largest - diameters[0]! >= 4 &&
    largest - diameters.at(-1)! >= 4
  );
};

const cases = fc.record({
  part: turnedPartArb({ units: 'mm' }).filter(largestInside),
  view: fc.constantFrom<DrawingStyle['view'][]>('side', 'sideAndEnd'),
});

describe('a side view with its diameters written inside it', () => {
  it('is read as the turned part it shows, not set aside as a table', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async ({ part, view }) => {
        const sheet = buildSheet(part, { ...plainStyle, units: 'mm', view });
        const bytes = await svgToPdf(sheetToSvg(sheet));
        const description = await readDrawing({ fileName: 'shaft.pdf', type: 'pdf', bytes });
        expect(description.overview).toMatch(/^Turned part/);
        const read = description.outerDiameters.map((feature) => feature.diameterMm);
        const largest = Math.max(...part.steps.map((step) => step.diameter));
        expect(read).toContainEqual(largest);
      }),
      { numRuns: 8, seed },
    );
  }, 120_000);
});
