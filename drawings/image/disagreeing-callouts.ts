/**
 * The dimension values a scan's line work says were misread: a dimension line whose written
 * value disagrees with its length at the scale the other dimension lines agree on, with the OCR
 * run its value was read from. The readers that mend such a value (diameter signs read as '2',
 * page.ts; the second engine's reading, engine-choice.ts) each try their own reading of the run.
 */
import type { DrawnDimension } from '../page/dimensions.ts';
import type { TextRun } from '../reading.ts';

/** A written value and its line agree within this share of the value (or 2 px). */
const MEASURED_AGREEMENT = 0.02;

/** A dimension whose value disagrees with its line, the run it was read from, and the test. */
export interface DisagreeingCallout {
  dimension: DrawnDimension;
  run: TextRun;
  /** Whether another reading `value` (in the callout's unit) agrees with the line's length. */
  agrees: (value: number) => boolean;
}

/**
 * Each dimension line whose written value disagrees with its length, with the OCR run whose
 * centre lies in its callout's box (the first such run).
 * @param runs - the page's OCR runs, original px
 * @param dimensions - its dimension lines with their values, page points at basePtPerPx
 * @param ptPerMm - the points per written millimetre the dimension lines agree on
 * @param basePtPerPx - points per original pixel of `dimensions`
 */
export function* disagreeingCallouts(
  runs: TextRun[],
  dimensions: DrawnDimension[],
  ptPerMm: number,
  basePtPerPx: number,
): Generator<DisagreeingCallout> {
  for (const dimension of dimensions) {
    const { line, callout } = dimension;
    const drawn = line.lengthPt / ptPerMm;
    const agrees = (value: number) =>
      Math.abs(drawn - value) <= Math.max(MEASURED_AGREEMENT * value, (2 * basePtPerPx) / ptPerMm);
    if (!(callout.value > 0) || agrees(callout.value)) continue;
    const run = runs.find((r) => {
      const x = (r.x + r.width / 2) * basePtPerPx;
      const y = (r.y + r.height / 2) * basePtPerPx;
      return (
        x >= callout.x &&
        x <= callout.x + callout.width &&
        y >= callout.y &&
        y <= callout.y + callout.height
      );
    });
    if (run) yield { dimension, run, agrees };
  }
}
