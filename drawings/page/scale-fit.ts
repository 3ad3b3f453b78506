/**
 * A page's dimension lines with their values, read at the scale and in the units under which
 * most lines measure what is written on them (decision 065). The values nearest each line are
 * not always its own: where a drawing stacks the values of chained and overall dimensions, the
 * text nearest the overall dimension's line may be a step's '0.1875', and a scale found from
 * such pairs (an inch drawing at 1:1 read at 2:1) makes every size wrong. So each standard scale
 * is tried in turn, the values attached to the lines they measure at that scale first
 * (dimensions.ts `scaleMisfit`), and the scale whose attachment has the most lines measuring
 * their own values wins; values written over another (crowded-texts.ts) have no vote. Page
 * points, y down.
 */
import type { PageReading } from './reading.ts';
import {
  attachCallouts,
  calloutsFromRuns,
  inferScale,
  MM_PER_PT,
  pairArrows,
  scaleMisfit,
  STANDARD_SCALES,
  type DimensionLine,
  type DrawnDimension,
  type Misfit,
} from './dimensions.ts';
import { sheetFrame } from './content.ts';
import { nestedReadings, readNested } from './nested-dimensions.ts';
import { isCrowded } from './crowded-texts.ts';

/** Within this share a line measures its value at a scale (as inferScale votes). */
const AGREE = 0.02;

/** A reading of the page's dimensions at one scale. */
interface Fit {
  ratio: number;
  dimensions: DrawnDimension[];
  /** Lines measuring their own (not crowded) value at `ratio`. */
  agreeing: number;
  /** Lines measuring their value at `ratio`, crowded ones too. */
  all: number;
  /** Their mean relative difference from measuring it exactly. */
  misfit: number;
}

/** The values in mm when the drawing's numbers are in units of `mmPerUnit` mm. */
export function inUnits(dimensions: DrawnDimension[], mmPerUnit: number): DrawnDimension[] {
  if (mmPerUnit === 1) return dimensions;
  return dimensions.map((d) => ({
    ...d,
    callout: { ...d.callout, value: d.callout.value * mmPerUnit },
  }));
}

function fitOf(ratio: number, dimensions: DrawnDimension[], mmPerUnit: number): Fit {
  const measuring = inUnits(dimensions, mmPerUnit).flatMap((d) => {
    const misfit = Math.abs((d.line.lengthPt * MM_PER_PT) / (d.callout.value * ratio) - 1);
    return misfit <= AGREE ? [{ misfit, trusted: !d.crowded && !d.uncertain }] : [];
  });
  const misfits = measuring.filter((m) => m.trusted).map((m) => m.misfit);
  return {
    ratio,
    dimensions,
    agreeing: misfits.length,
    all: measuring.length,
    misfit:
      misfits.length === 0 ? Infinity : misfits.reduce((sum, m) => sum + m, 0) / misfits.length,
  };
}

/** Whether a fit is better than the best so far: more trusted lines agree, then more lines. */
function better(fit: Fit, best: Fit | undefined): boolean {
  if (!best || fit.agreeing !== best.agreeing) return !best || fit.agreeing > best.agreeing;
  if (fit.all !== best.all) return fit.all > best.all;
  return fit.agreeing > 0 && fit.misfit < best.misfit;
}

/**
 * A page's dimension lines (paired arrowheads) and those with their values: the callouts beside
 * them, then the runs that start with a length, inside the sheet's frame; each marked `crowded`
 * when its text overlaps another value.
 *
 * On a page whose points measure the drawing (a PDF page), each standard scale (and the scale the
 * title block writes) is tried, the values attached to the lines they measure at it first; the
 * attachment with the most lines measuring their own values (values not written over another
 * first) is kept when it is drawn to scale (at least 3 lines, and 60 % of those with values,
 * agree, one of them not crowded), the one by distance alone otherwise.
 * On a traced raster, whose points are the tracing's, the scale the nearest values agree on is
 * the only one tried.
 *
 * @param reading - the page
 * @param mmPerUnit - mm per unit of the numbers written (25.4 to read an inch drawing whose text
 *   was read as mm; the values returned stay in the text's units)
 */
export function drawnDimensions(
  reading: PageReading,
  mmPerUnit = 1,
): { lines: DimensionLine[]; dimensions: DrawnDimension[] } {
  const { arrows } = reading.drawing;
  const lines = pairArrows(arrows, reading.drawing.thin);
  const { widthPt, heightPt } = reading.geometry;
  const area = sheetFrame(reading.drawing.part, widthPt, heightPt).area;
  const units = reading.findings.units?.units;
  // A traced raster's OCR boxes and angles are rough: its values are attached by distance
  // alone, as before decision 065, and none is taken as written over another.
  const vector = reading.joinPt === undefined;
  const attachTo = (set: DimensionLine[], misfit?: Misfit): DrawnDimension[] => {
    const attached = attachCallouts(set, reading.findings.callouts, area, misfit, vector);
    return [
      ...attached,
      ...calloutsFromRuns(set, attached, reading.runs, units, area, misfit, vector),
    ].map((d) => (vector && isCrowded(d.callout, reading.runs) ? { ...d, crowded: true } : d));
  };
  const attach = (misfit?: Misfit) => attachTo(lines, misfit);
  const at = (ratio: number): Misfit => {
    const fits = scaleMisfit(ratio);
    return (line, valueMm) => fits(line, valueMm * mmPerUnit);
  };
  const nearest = attach();
  const written = reading.findings.scale?.ratio;
  // Drawn to scale: most lines measure their values, crowded ones counted (they are no vote on
  // which scale, but they measure their lines at it).
  const drawnToScale = (fit: Fit) =>
    fit.agreeing >= 1 && fit.all >= 3 && fit.all >= 0.6 * fit.dimensions.length;
  if (!vector) {
    // A traced raster: as before decision 065, the scale of the nearest values.
    const scale = inferScale(inUnits(nearest, mmPerUnit), written);
    const fit = fitOf(scale.ratio, nearest, mmPerUnit);
    return { lines, dimensions: drawnToScale(fit) ? attach(at(scale.ratio)) : nearest };
  }
  const ratios =
    written && !STANDARD_SCALES.includes(written) ? [...STANDARD_SCALES, written] : STANDARD_SCALES;
  const bestOf = (set: DimensionLine[]): Fit | undefined => {
    let best: Fit | undefined;
    for (const ratio of ratios) {
      const fit = fitOf(ratio, attachTo(set, at(ratio)), mmPerUnit);
      if (better(fit, best)) best = fit;
    }
    return best;
  };
  // Lines in a row whose arrows also read as a narrow dimension inside a wide one: read nested
  // where more lines then measure their values (nested-dimensions.ts).
  let chosen = lines;
  let best = bestOf(lines);
  for (const reading of nestedReadings(lines, arrows)) {
    const set = readNested(chosen, reading);
    const fit = set && bestOf(set);
    if (set && fit && drawnToScale(fit) && fit.agreeing > (best?.agreeing ?? 0)) {
      chosen = set;
      best = fit;
    }
  }
  return best && drawnToScale(best)
    ? { lines: chosen, dimensions: best.dimensions }
    : { lines, dimensions: nearest };
}
