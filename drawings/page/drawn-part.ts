/**
 * Pages read geometrically (pdf/page.ts, or a raster vectorized by image/vectorize.ts) to the
 * description of the part they draw: per page, arrowheads paired into dimension lines with their
 * callouts and the drawing scale (dimensions.ts) → drawing content in true mm (content.ts) → the
 * shared pipeline (describe/drawing.ts describeDrawing) → what the text says merged in
 * (merge.ts). The first page that shows a turned part or a plate gives the description.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { formatMm } from '#cam/callouts';
import { describeDrawing } from '../describe/drawing.ts';
import type { PageReading } from './reading.ts';
import {
  inferScale,
  MM_PER_PT,
  pairArrows,
  type DrawnDimension,
  type ScaleVerdict,
} from './dimensions.ts';
import {
  nameCrowdedValues,
  nameUnattachedDiameters,
  nameUnattachedLengths,
  holdTracedDiameters,
  nameUncertainValues,
} from './unplaced-values.ts';
import { drawnDimensions, inUnits } from './scale-fit.ts';
import { pageContent, pageToMm } from './content.ts';
import { MEASURED_CONFIDENCE, MEASURED_SOURCE, type ReadingSources } from '../describe/readings.ts';
import { addPlateReadings, mergeFindings, snapToCallouts } from './merge.ts';
import { DxfReadError, letteringHeight, readerLimits, type PageFrame } from '../reading.ts';
import { readTextFindings, type TextCallout } from '../text/describe.ts';
import type { FloatingLength } from '../describe/floating-lengths.ts';
import { BRIDGED_GAP, tracedOutlineHold } from '../describe/top-outline.ts';
import { cornersInDoubt, mendTracedCorners, offSquareMm } from './traced-outline.ts';
import {
  looseLineWork,
  unconfirmedFeatures,
  unconfirmedOutline,
  withoutLetterContours,
  type TracedDoubt,
  type WrittenLength,
} from './traced-features.ts';
import { writtenRectangle } from './written-outline.ts';
import { sizeTracedHoles, type PlateHole } from './traced-holes.ts';
import { apply, type Matrix, type Primitive } from '../geometry/primitives.ts';

/**
 * Distance within which the ends of drawn lines meet on the page, points: PDF writers round
 * coordinates (ends that meet in the CAD model lie up to about 0.1 pt apart on the page).
 */
const JOIN_PT = 0.1;
const MM_PER_INCH = 25.4;

/**
 * The description of the part drawn on the first page that shows a turned part or a plate, the
 * text of every page merged in; undefined when no page's geometry shows one.
 *
 * @param readings - the pages, in order (page points, y down)
 * @param fileName - for messages
 * @param kindName - the file kind as the overview names it ('JPG image'); 'PDF' when absent
 */
export function describeDrawnPart(
  readings: PageReading[],
  fileName: string,
  kindName = 'PDF',
): BlueprintDescription | undefined {
  let described:
    | {
        description: BlueprintDescription;
        reading: PageReading;
        scale: ScaleVerdict;
        /** A plate traced from a scan: its holes are sized by what the page writes, or held. */
        tracedHoles?: (sized: ReadonlySet<PlateHole>) => void;
      }
    | undefined;
  const notes: string[] = [];
  for (const page of readings) {
    const { reading, dimensions, scale } = withUnits(page);
    const units = reading.findings.units?.units;
    const drawn = pageContent(reading, dimensions, scale.ratio);
    const { content } = drawn;
    if (content.primitives.length === 0) continue;
    try {
      const drawingUnits = {
        units: units ?? 'mm',
        mmPerUnit: 1,
        decimals: 2,
        name: units === 'inch' ? 'inches' : 'millimetres',
      };
      const at = (p: { x: number; y: number }) => {
        const onPage = drawn.toPage(p);
        return `${Math.round(onPage.x)}, ${Math.round(onPage.y)} pt`;
      };
      const sources: ReadingSources = {
        dimension: (note) => ({
          source: note.source ?? `page ${reading.page}, dimension "${note.written}"`,
          confidence: note.confidence ?? 1,
        }),
        note: (note) => ({
          source: note.source ?? `page ${reading.page} at ${at(note.at)} ("${note.text}")`,
          confidence: note.confidence ?? 1,
        }),
        place: (p) =>
          `page ${reading.page} ${MEASURED_SOURCE} at ${at(p)} (measured at scale ${scaleText(scale.ratio)})`,
      };
      const result = describeDrawing(content, drawingUnits, fileName, 'PDF', {
        kindName,
        diameterDirections: drawn.diameterDirections,
        dimensionsFor: drawn.dimensionsFor,
        // A traced raster measures no finer than its pixels (a 150 dpi scan's is 0.17 mm on
        // paper): to 0.05 mm, so 4.99 shows as 5 (0.1 lost a reading on one round-trip seed, 0.02
        // kept Candle_holder's 4.99 and 1.02); a vector page to 0.01 mm.
        measuredStepMm: reading.ocr ? OCR_MEASURED_STEP_MM : 0.01,
        joinToleranceMm: ((reading.joinPt ?? JOIN_PT) * MM_PER_PT) / scale.ratio,
        // A traced raster's outlines: corners and joints are as uneven as a line is wide.
        ...(reading.ocr
          ? {
              lineNoiseMm: (reading.drawing.outlineWidthPt * MM_PER_PT) / scale.ratio,
              ...letteringOf(reading, scale.ratio),
              floatingLengths: floatingLengthsOf(
                reading.findings.callouts,
                dimensions,
                pageToMm(reading.geometry.heightPt, scale.ratio),
              ),
            }
          : {}),
        sources,
      });
      const description = result.description;
      if (result.isTurnedPart || description.prismatic) {
        if (reading.ocr && description.prismatic) {
          roundHoles(description.prismatic);
          // A turned part's end view is milled after turning: its outline is not the lathe's.
          if (!result.isTurnedPart) {
            // Measured off square as traced: a mended corner hides a bent edge's end.
            if (!doubtTracedOutline(description))
              mendTracedOutline(description, reading, scale.ratio);
            doubtTracedFeatures(description, reading, content.primitives, scale.ratio);
          }
        }
        snapToCallouts(description, reading, dimensions, scale);
        if (!reading.ocr && reading.joinPt === undefined) {
          const lines = pairArrows(reading.drawing.arrows, reading.drawing.thin);
          nameCrowdedValues(
            reading.findings.callouts,
            reading.runs,
            lines.map((line) => ({ lengthMm: line.lengthPt * MM_PER_PT })),
            scale.ratio,
            description,
          );
          nameUncertainValues(dimensions, description);
          nameUnattachedDiameters(reading.findings.callouts, dimensions, description);
        }
        if (reading.ocr && result.isTurnedPart) {
          nameUnattachedLengths(reading.findings.callouts, dimensions, description);
          holdTracedDiameters(description);
        }
        if (description.prismatic) {
          addPlateReadings(
            description,
            reading,
            reading.ocr ? 0.7 : MEASURED_CONFIDENCE,
            dimensions,
          );
        }
        described = { description, reading, scale };
        if (reading.ocr && description.prismatic && !result.isTurnedPart) {
          described.tracedHoles = (sized) =>
            sizeTracedHoles(description, sized, dimensions, drawn.toPage);
        }
        break;
      }
      notes.push(`page ${reading.page}: ${description.overview}`);
    } catch (error) {
      if (!(error instanceof DxfReadError)) throw error;
    }
  }
  if (!described) return undefined;
  const { description, reading, scale } = described;
  const sized = new Set<PlateHole>();
  for (const other of readings)
    for (const hole of mergeFindings(description, other.findings)) sized.add(hole);
  described.tracedHoles?.(sized);
  if (scale.from === 'assumed') {
    description.unresolved!.push(
      'The drawing scale is not written and no dimension line could be measured: 1:1 assumed; check the sizes (Change).',
    );
  } else if (scale.from === 'dimensions' && scale.ratio !== 1) {
    description.overview += ` Drawn at ${scaleText(scale.ratio)} (found from ${scale.agreeing} of ${scale.compared} dimensions).`;
  }
  const said = readings.find((r) => r.page === reading.page)?.findings.units;
  if (reading.findings.units && !said) {
    description.overview += ` Read as an inch drawing (no units are written; ${reading.findings.units.text}).`;
  }
  if (reading.ocr) {
    description.overview += ` The text of page ${reading.page} was read by OCR; check the values.`;
  }
  if (readings.some((r) => r.truncated)) description.unresolved!.push(truncatedNote);
  return description;
}

export { drawnDimensions } from './scale-fit.ts';

/** The length callouts of a page that no dimension line took (not counts or references). */
function floatingLengthsOf(
  callouts: TextCallout[],
  dimensions: DrawnDimension[],
  toMm: Matrix,
): FloatingLength[] {
  const attached = new Set(dimensions.map((d) => d.callout));
  return callouts
    .filter(
      (c) => c.kind === 'length' && !attached.has(c) && c.value > 0 && !c.count && !c.reference,
    )
    .map((c) => ({
      text: c.text,
      written: { valueMm: c.value, ...(c.tolerance ? { tolerance: c.tolerance } : {}) },
      at: apply(toMm, { x: c.x + c.width / 2, y: c.y + c.height / 2 }),
    }));
}

/** A traced page's dimension lettering in true mm (letteringHeight of its runs, in points). */
function letteringOf(reading: PageReading, ratio: number): { letteringMm?: number } {
  const heightPt = letteringHeight(reading.runs);
  return heightPt === undefined ? {} : { letteringMm: (heightPt * MM_PER_PT) / ratio };
}

/** The page's dimension lines with their callouts, and the scale they agree on. */
function dimensionsOf(reading: PageReading): { dimensions: DrawnDimension[]; scale: ScaleVerdict } {
  const { dimensions } = drawnDimensions(reading);
  return { dimensions, scale: inferScale(dimensions, reading.findings.scale?.ratio) };
}

/**
 * The page read in the units its dimension lines measure when its text does not name them: a
 * drawing whose lines measure their numbers in inches at a standard scale (at least two, and more
 * than in millimetres) is an inch drawing, and its text is read again so.
 */
function withUnits(reading: PageReading): {
  reading: PageReading;
  dimensions: DrawnDimension[];
  scale: ScaleVerdict;
} {
  const { dimensions, scale } = dimensionsOf(reading);
  if (reading.findings.units) return { reading, dimensions, scale };
  // The page's values read as inches: attached to the lines they measure so, at each scale.
  const asInches = inUnits(drawnDimensions(reading, MM_PER_INCH).dimensions, MM_PER_INCH);
  const inInches = inferScale(asInches, reading.findings.scale?.ratio);
  if (inInches.from === 'assumed' || inInches.agreeing < 2 || inInches.agreeing < scale.agreeing)
    return { reading, dimensions, scale };
  // As many lines agree either way (an inch drawing at 2:1 measures within 2 % of a mm one at
  // 50:1, since 25.4 × 2 ≈ 50): the reading whose lines measure their numbers more closely.
  if (
    inInches.agreeing === scale.agreeing &&
    unitsMisfit(dimensions, scale.ratio) <= unitsMisfit(asInches, inInches.ratio)
  )
    return { reading, dimensions, scale };
  const frame: PageFrame = {
    page: reading.page,
    width: reading.geometry.widthPt,
    height: reading.geometry.heightPt,
    unit: 'pt',
  };
  const units = {
    units: 'inch' as const,
    text: `inches: ${inInches.agreeing} of ${inInches.compared} dimension lines measure their numbers in inches`,
    confidence: inInches.agreeing / Math.max(1, inInches.compared),
    source: `page ${reading.page} dimension lines`,
  };
  const inch = { ...reading, findings: readTextFindings(reading.runs, [frame], units) };
  return { reading: inch, ...dimensionsOf(inch) };
}

/**
 * How far the dimension lines that agree with `ratio` (within 2 %) are from measuring their
 * numbers (in mm) exactly, values written over another left out: their mean relative difference
 * (0: exact; Infinity: none agree).
 */
function unitsMisfit(dimensions: DrawnDimension[], ratio: number): number {
  const misfits = dimensions
    .filter((d) => !d.crowded && !d.uncertain)
    .map((d) => Math.abs((d.line.lengthPt * MM_PER_PT) / (d.callout.value * ratio) - 1))
    .filter((misfit) => misfit <= 0.02);
  return misfits.length === 0
    ? Infinity
    : misfits.reduce((sum, misfit) => sum + misfit, 0) / misfits.length;
}

/**
 * Rebuilds a traced plate outline's rounded corners as fillets of the radius the page writes
 * (traced-outline.ts `mendTracedCorners`, decision 074): a scan's trace of a corner's arc is no
 * better than its pixels, and a leader or value crossing it cuts it to chords.
 */
function mendTracedOutline(
  description: BlueprintDescription,
  reading: PageReading,
  ratio: number,
): void {
  const plate = description.prismatic;
  if (!plate) return;
  const radii = [
    ...new Set(
      reading.findings.callouts
        .filter((callout) => callout.kind === 'radius' && callout.value > 0)
        .map((callout) => callout.value),
    ),
  ];
  const noiseMm = (reading.drawing.outlineWidthPt * MM_PER_PT) / ratio;
  // Corners no written radius settles are asked, not guessed (decision 076).
  const doubt = cornersInDoubt(plate.outline, radii, noiseMm);
  if (doubt.unwritten > 0 || doubt.sharpAmongRound > 0) {
    const corners = (n: number) => (n === 1 ? '1 of its corners is' : `${n} of its corners are`);
    const why =
      doubt.unwritten > 0
        ? `${corners(doubt.unwritten)} traced round but no radius written fits, and a radius measured on a scan is not the drawing's`
        : `${corners(doubt.sharpAmongRound)} traced sharp where the others are round at a written radius (a corner's arc the tracing lost looks the same)`;
    holdTracedOutline(description, why, 'give the corner radii with Change');
    return;
  }
  const { outline, mended } = mendTracedCorners(plate.outline, radii, noiseMm);
  const rectangle = writtenRectangle(outline, writtenLengthsOf(reading, plate), radii, noiseMm);
  if (rectangle) {
    // Decision 092: a traced rectangle whose sizes the page writes is drawn at them.
    plate.outline = rectangle.outline;
    const corners = rectangle.radiusMm > 0 ? ` with R${formatMm(rectangle.radiusMm)} corners` : '';
    description.overview += ` The outline traced from the scan is drawn at its written sizes, ${formatMm(rectangle.widthMm)} × ${formatMm(rectangle.heightMm)} mm${corners}.`;
    // A gap the trace was closed across lies on the written rectangle: it hides no corner.
    description.unplaced = description.unplaced?.filter((item) => !item.why.includes(BRIDGED_GAP));
    description.unresolved = description.unresolved?.filter((ask) => !ask.includes(BRIDGED_GAP));
    return;
  }
  if (mended.length === 0) return;
  plate.outline = outline;
  const written = [...new Set(mended)].map((r) => `R${formatMm(r)}`).join(', ');
  description.overview += ` The outline's ${mended.length} traced round corner${mended.length === 1 ? ' is' : 's are'} drawn as ${written} fillets, as written.`;
}

/** The lengths a traced plate's page writes (its length callouts and its sizes), mm. */
function writtenLengthsOf(
  reading: PageReading,
  plate: NonNullable<BlueprintDescription['prismatic']>,
): WrittenLength[] {
  return [
    ...reading.findings.callouts
      .filter((callout) => callout.kind === 'length')
      .map((callout) => ({
        mm: callout.value,
        ...(callout.tolerance ? { tolerance: callout.tolerance } : {}),
      })),
    ...(plate.sizes ?? []),
  ];
}

/**
 * Names a plate outline traced from a scan whose edges do not keep square
 * (traced-outline.ts `offSquareMm`) as not placed, so that no program is verified on it; true
 * when it does.
 */
function doubtTracedOutline(description: BlueprintDescription): boolean {
  const off = offSquareMm(description.prismatic?.outline ?? []);
  if (off === undefined) return false;
  holdTracedOutline(
    description,
    `its edges run up to ${formatMm(off)} mm off square, a tracing fault`,
    'check the outline, or give it with Change',
  );
  return true;
}

/**
 * Names a plate outline traced from a scan as not placed, `why` (after 'the outline traced
 * from the scan does not hold: '), and asks for it (`ask`, after a colon in `unresolved`).
 */
function holdTracedOutline(description: BlueprintDescription, why: string, ask: string): void {
  const held = tracedOutlineHold(description.prismatic?.outline ?? [], why, ask);
  description.unplaced = [...(description.unplaced ?? []), held.unplaced];
  description.unresolved!.push(held.ask);
}

/**
 * Names a traced plate's cut-outs and pockets that the scan alone gives (traced-features.ts,
 * decision 072) as not placed, so that no program is verified on them: line work inside the
 * outline that closes no contour, and pockets whose size no written length confirms.
 */
function doubtTracedFeatures(
  description: BlueprintDescription,
  reading: PageReading,
  primitives: Primitive[],
  ratio: number,
): void {
  const plate = description.prismatic;
  if (!plate) return;
  const toMm = MM_PER_PT / ratio;
  const noiseMm = reading.drawing.outlineWidthPt * toMm;
  const heights = reading.runs
    .filter((run) => Math.abs(run.angleDeg) < 45)
    .map((run) => run.height)
    .sort((a, b) => a - b);
  const letterMm = (heights[Math.floor(heights.length / 2)] ?? 0) * toMm;
  const written = writtenLengthsOf(reading, plate);
  withoutLetterContours(plate, written, letterMm);
  const doubts: TracedDoubt[] = [
    ...unconfirmedOutline(plate, written),
    ...unconfirmedFeatures(plate, written),
    ...looseLineWork(primitives, plate, noiseMm, letterMm),
  ];
  for (const { text, why } of doubts) {
    description.unplaced = [...(description.unplaced ?? []), { text, why, topView: true }];
    description.unresolved!.push(
      `The scan shows ${text}, which ${why}: not programmed. Check the drawing, or give the feature with Change.`,
    );
  }
}

/**
 * A traced page's hole sizes to OCR_MEASURED_STEP_MM, as its turned profile's (a 150 dpi scan
 * measures Ø10.98 for Ø11). Holes whose sizes differ by less than a scan can tell apart
 * (SAME_HOLE_MM, or 1 %) are first given their mean size: four 5/16" holes measured 7.92 and
 * 7.93 mm are one size, not Ø7.9 three times and Ø7.95 once.
 */
export function roundHoles(plate: NonNullable<BlueprintDescription['prismatic']>): void {
  const step = OCR_MEASURED_STEP_MM;
  const bySize = [...plate.holes].sort((a, b) => a.diameterMm - b.diameterMm);
  for (let start = 0; start < bySize.length;) {
    const first = bySize[start]!.diameterMm;
    let end = start + 1;
    while (
      end < bySize.length &&
      bySize[end]!.diameterMm - first <= Math.max(SAME_HOLE_MM, 0.01 * first)
    )
      end++;
    const group = bySize.slice(start, end);
    const mean = group.reduce((sum, hole) => sum + hole.diameterMm, 0) / group.length;
    for (const hole of group) {
      if (hole.diameterMm === mean) continue;
      hole.diameterMm = mean;
      hole.diameter = hole.diameter.replace(/\d+(?:\.\d+)?/, formatMm(mean));
    }
    start = end;
  }
  for (const hole of plate.holes) {
    const rounded = Number((Math.round(hole.diameterMm / step) * step).toFixed(2));
    if (rounded === hole.diameterMm || !(rounded > 0)) continue;
    hole.diameter = hole.diameter.replace(/\d+(?:\.\d+)?/, formatMm(rounded));
    hole.diameterMm = rounded;
  }
}

/** Step the measured sizes of a traced (OCR'd) page are rounded to, mm. */
const OCR_MEASURED_STEP_MM = 0.05;
/** Hole sizes a traced page measures this close (or within 1 %) are one size, mm. */
const SAME_HOLE_MM = 0.1;

/** What a description says when a page had more line segments than were read. */
export const truncatedNote = `A page has more than ${readerLimits.maxSegmentsPerPage} line segments; the rest were not read. Check the part's features (Change).`;

/** '2:1', '1:2.5'. */
export function scaleText(ratio: number): string {
  return ratio >= 1
    ? `${Math.round(ratio * 100) / 100}:1`
    : `1:${Math.round((1 / ratio) * 100) / 100}`;
}
