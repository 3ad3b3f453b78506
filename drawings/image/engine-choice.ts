/**
 * The line work chooses between the two OCR engines' readings of a dimension's value
 * (docs/decisions/055-second-ocr-engine.md §5): where the engines read a place differently
 * (ocr-runs.ts mergeEngines keeps one reading and the other in `otherReadings`), and the value
 * kept disagrees with the length its dimension line measures at the scale the page's other
 * dimensions agree on, the other reading is taken when its value agrees.
 */
import type { DrawnDimension } from '../page/dimensions.ts';
import type { TextRun } from '../reading.ts';
import { normalizeOcrCallout } from '../text/ocr.ts';
import { disagreeingCallouts } from './disagreeing-callouts.ts';
import { otherReadings } from './ocr-runs.ts';

/**
 * The first number of a text as the callout reading sees it, after a count ('2x') and a sign
 * (Ø, R, M): 'Ø20.5±0.05' → 20.5, '2x Ø6,6' → 6.6; undefined when it holds none.
 */
export function firstNumber(text: string): number | undefined {
  const normalized = normalizeOcrCallout(text).replace(/^\d{1,2}\s?[xX×]\s?/, '');
  const match = /\d*[.,]?\d+/.exec(normalized);
  if (!match) return undefined;
  const value = Number(match[0].replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The runs with each dimension's reading swapped for the other engine's where the geometry
 * says so: the dimension's value disagrees with its line's length at `ptPerMm`, and the other
 * reading's first number, in the same unit (scaled by the callout's value over the kept
 * reading's first number), agrees within 2 % (or 2 px).
 * @param runs - the page's OCR runs, original px
 * @param dimensions - its dimension lines with their values, page points at basePtPerPx
 * @param ptPerMm - the points per written millimetre the dimension lines agree on
 * @param basePtPerPx - points per original pixel of `dimensions`
 * @returns the runs, chosen ones replaced by the other reading; `runs` itself when none is
 */
export function readingsChosen(
  runs: TextRun[],
  dimensions: DrawnDimension[],
  ptPerMm: number,
  basePtPerPx: number,
): TextRun[] {
  const chosen = new Map<TextRun, TextRun>();
  for (const { dimension, run, agrees } of disagreeingCallouts(
    runs,
    dimensions,
    ptPerMm,
    basePtPerPx,
  )) {
    const { callout } = dimension;
    const other = otherReadings.get(run);
    const kept = firstNumber(run.text);
    const alternative = other && firstNumber(other.text);
    if (!other || !kept || !alternative || chosen.has(run)) continue;
    if (agrees((alternative * callout.value) / kept)) chosen.set(run, other);
  }
  if (chosen.size === 0) return runs;
  return runs.map((run) => {
    const other = chosen.get(run);
    if (!other) return run;
    const swapped: TextRun = { ...run, text: other.text, confidence: other.confidence };
    if (other.engine) swapped.engine = other.engine;
    else delete swapped.engine;
    return swapped;
  });
}
