/**
 * The shared drawing pipeline, from drawing content in mm (content.ts: primitives, dimensions,
 * notes) to a blueprint description: views without frames (geometry/shapes.ts) → turned part or
 * not (axis.ts, turned-part.ts) → profile (profile.ts, bores.ts, endview.ts) → dimensions applied
 * (dimensions.ts) → notes (notes.ts) → description (turned.ts, prismatic.ts) with its readings
 * (readings.ts). The DXF reader (dxf/reader.ts) and the page readers (page/drawn-part.ts) feed it.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { formatMm, hasDiameterSign, parseDiameterCallout } from '#cam/callouts';
import { isFullCircle, type Primitive } from '../geometry/primitives.ts';
import { dropFrames } from '../geometry/frames.ts';
import {
  boxOf,
  diagonal,
  groupViews,
  heightOf,
  unionBox,
  widthOf,
  type View,
} from '../geometry/shapes.ts';
import { DxfReadError } from '../reading.ts';
import type { DimensionNote, DrawingContent, TextNote } from './content.ts';
import type { Axis, AxisHints } from './axis.ts';
import { findTurnedPart, type TurnedPartVerdict } from './turned-part.ts';
import { isRoundView } from './view-kinds.ts';
import { extractProfile, roundProfile, type TurnedProfile } from './profile.ts';
import { trimOffAxisEnds } from './endview.ts';
import {
  addNoteReadings,
  addPlateReadings,
  addTurnedReadings,
  type ReadingSources,
} from './readings.ts';
import { applyDimensions, readDimension, type DrawingUnits } from './dimensions.ts';
import type { FloatingLength } from './floating-lengths.ts';
import { readNotes } from './notes.ts';
import { titleAndNotesFromFindings } from './title-block.ts';
import { joinHalfViews } from './half-views.ts';
import { describeTurnedPart } from './turned.ts';
import { describeNonTurnedPart } from './non-turned.ts';
import { endViewSizes } from './end-view-sizes.ts';
import {
  readPrismatic,
  thicknessFromNotes,
  type DrawingExtras,
  type PrismaticReading,
} from './prismatic.ts';

/** What the shared pipeline makes of a drawing. */
export interface DrawingReading {
  description: BlueprintDescription;
  isTurnedPart: boolean;
  /** The drawing's units; every number of the description is in mm whatever they are. */
  units: 'mm' | 'inch';
}

/** A drawing's units as the shared pipeline needs them: what the reader found and how it says so. */
export type DrawingUnitsRead = DrawingUnits & { note?: string; name: string };

/** What a reader tells the shared pipeline about its drawing besides its content. */
export interface DrawingHints extends AxisHints {
  /** The file kind as the overview names it ('JPG image' for a traced scan); `kind` when absent. */
  kindName?: string;
  /**
   * Measured sizes are rounded to this step, mm (a PDF's lines carry drawing noise: 0.01);
   * when absent they are kept as drawn (roundMm).
   */
  measuredStepMm?: number;
  /**
   * How readings name their sources, in the words of the file kind: the DXF's (dxf/sources.ts:
   * entity handles, drawing units), the PDF's (page positions).
   */
  sources: ReadingSources;
  /**
   * The drawing's dimensions once the axis of a turned part is known (undefined: not turned),
   * for drawings whose dimension lines say nothing of their kind (a PDF's: one across the axis
   * is a diameter); replaces `drawing.dimensions`.
   */
  dimensionsFor?: (axis: Axis | undefined) => DimensionNote[];
  /**
   * Distance within which drawn ends meet, mm, for drawings whose coordinates carry noise (a
   * PDF's); see DrawingExtras.joinToleranceMm.
   */
  joinToleranceMm?: number;
  /**
   * Steps and slivers of a turned outline up to this size are the drawing's noise, not features,
   * mm (a traced raster's corners and joints: about its line width); absent: every step counts.
   */
  lineNoiseMm?: number;
  /**
   * The height of the dimension lettering, mm, on a traced raster: a circle no larger in a side
   * view, whose size no text writes, is a letter's loop the OCR left (a Ø written on the centre
   * line), not a cross hole.
   */
  letteringMm?: number;
  /**
   * Written lengths no dimension line was found for, on a traced raster: each is given to the
   * one run of a turned profile's segments it measures within the line noise (dimensions.ts).
   */
  floatingLengths?: FloatingLength[];
}

/**
 * The milled features of a turned part's end view: its outline (round, or with flats) and the
 * holes off the axis (a flange's bolt circle), read as the top view of a plate whose thickness
 * is the side view's length. Undefined when no end view has a hole off the axis.
 *
 * @param endViews - the end views, milled first, mm
 * @param side - the side view the part was read from
 */
function endViewFeatures(
  endViews: View[],
  side: View,
  extras: DrawingExtras,
): (PrismaticReading & { view: View }) | undefined {
  for (const view of endViews) {
    const size = Math.max(widthOf(view.box), heightOf(view.box));
    const centre = {
      x: (view.box.minX + view.box.maxX) / 2,
      y: (view.box.minY + view.box.maxY) / 2,
    };
    const offAxis = view.primitives.some(
      (p) =>
        p.kind === 'arc' &&
        isFullCircle(p) &&
        2 * p.radius < 0.5 * size &&
        Math.hypot(p.center.x - centre.x, p.center.y - centre.y) > 0.05 * size,
    );
    if (!offAxis) continue;
    const all = unionBox([view.box, side.box]);
    const tol =
      extras.joinToleranceMm ?? Math.max(0.001, 1e-5 * Math.hypot(widthOf(all), heightOf(all)));
    const reading = readPrismatic([view, side], tol, extras);
    if (reading && reading.prismatic.holes.length > 0) return { ...reading, view };
  }
  return undefined;
}

/** Dimensions with the text each shows (readDimension). */
const withTexts = (notes: DimensionNote[], units: DrawingUnits) =>
  notes.map((note) => ({ note, text: readDimension(note, units).text }));

/** The primitives within a view's box (5 % of its diagonal around it). */
function near(primitives: Primitive[], view: View): Primitive[] {
  const { box } = view;
  const margin = 0.05 * diagonal(box);
  return primitives.filter((p) => {
    const b = boxOf(p);
    return (
      b.minX >= box.minX - margin &&
      b.maxX <= box.maxX + margin &&
      b.minY >= box.minY - margin &&
      b.maxY <= box.maxY + margin
    );
  });
}

/**
 * Directions of the linear dimensions written as diameters (Ø in their text): they run across
 * the axis of the side view they are drawn on.
 */
function diameterDirections(dimensions: DimensionNote[], units: DrawingUnits): number[] {
  return dimensions
    .filter(
      (d) =>
        (d.kind === 'linear' || d.kind === 'aligned') &&
        hasDiameterSign(readDimension(d, units).text.replace(/%%c/gi, 'Ø')),
    )
    .map((d) => (d.kind === 'linear' ? d.angleRad : Math.atan2(d.p2.y - d.p1.y, d.p2.x - d.p1.x)));
}

/**
 * The shared drawing pipeline, from primitives and notes in mm to a description: views without
 * frames, turned part or not (the axis confirmed by end views and Ø dimensions), profile (bosses
 * beside the axis that the end view shows off the centre left out), dimensions applied, notes,
 * and a reading for each value. Used by the DXF reader and by the PDF reader (whose vector paths
 * and text runs are turned into the same content).
 *
 * @param drawing - the part's lines and arcs, centre and hidden lines, notes and dimensions, in mm
 * @param units - the drawing's units (numbers in `drawing` are already mm)
 * @param fileName - for messages
 * @param kind - 'DXF' or 'PDF', for messages and the overview
 * @param hints - what the reader knows besides, at least how its readings name their sources
 *   (see DrawingHints)
 * @throws DxfReadError when there is no geometry outside the frame and title block
 */
export function describeDrawing(
  drawing: DrawingContent,
  units: DrawingUnitsRead,
  fileName: string,
  kind: 'DXF' | 'PDF',
  hints: DrawingHints,
): DrawingReading {
  const primitives = dropFrames(
    drawing.primitives,
    drawing.notes,
    drawing.dimensions.flatMap((d) => [d.textAt ?? d.p1, d.p1, d.p2]),
  );
  if (primitives.length === 0) {
    throw new DxfReadError(
      kind === 'DXF'
        ? `${fileName} has no geometry: no lines, arcs, circles or polylines outside the title block, frame and dimensions.`
        : `${fileName} has no drawn geometry outside the title block and frame.`,
    );
  }
  const all = unionBox(primitives.map(boxOf));
  const gapMm = Math.max(0.01, 0.005 * diagonal(all));
  const halves = joinHalfViews(groupViews(primitives, gapMm), drawing.centreLines, gapMm);
  const views = halves.views;
  // A plate thickness written on the drawing ('THK 12') makes it a plate, however round it looks.
  const plateThickness = thicknessFromNotes(drawing.notes, units.mmPerUnit);
  const directions = hints.diameterDirections ?? diameterDirections(drawing.dimensions, units);
  const verdict: TurnedPartVerdict =
    plateThickness === undefined
      ? findTurnedPart(views, drawing.centreLines, drawing.notes, {
          diameterDirections: directions,
          ...(hints.letteringMm !== undefined
            ? {
                letterLoop: letterLoopOf(
                  hints.letteringMm,
                  writtenDiametersMm(drawing.dimensions, drawing.notes),
                ),
              }
            : {}),
          ...(drawing.hatching ? { hatching: drawing.hatching } : {}),
        })
      : {
          turned: false,
          reason: `the drawing gives a plate thickness of ${formatMm(plateThickness)} mm`,
        };
  const dimensionNotes =
    hints.dimensionsFor?.(verdict.turned ? verdict.axis : undefined) ?? drawing.dimensions;
  const findings = readNotes(drawing.notes, units.units);
  const sources = hints.sources;

  let description: BlueprintDescription;
  if (verdict.turned) {
    let view = verdict.view;
    const hidden = () => near(drawing.hidden, view);
    const profileOf = () => {
      const drawn = extractProfile(view, verdict.axis, hidden(), {
        ...(hints.lineNoiseMm !== undefined ? { noiseMm: hints.lineNoiseMm } : {}),
        hatching: near(drawing.hatching ?? [], view),
      });
      return hints.measuredStepMm ? roundProfile(drawn, hints.measuredStepMm) : drawn;
    };
    let profile = withoutLetterCrossHoles(
      profileOf(),
      hints.letteringMm,
      dimensionNotes,
      drawing.notes,
    );
    const endViews = views.filter((v) => v !== verdict.view && isRoundView(v));
    const trim = trimOffAxisEnds(profile, view, verdict.axis, endViews, drawing.hidden);
    if (trim) {
      view = trim.view;
      profile = withoutLetterCrossHoles(
        profileOf(),
        hints.letteringMm,
        dimensionNotes,
        drawing.notes,
      );
    }
    const dimensions = applyDimensions(profile, dimensionNotes, units, hints.floatingLengths);
    description = describeTurnedPart(profile, dimensions, findings, kind);
    if (verdict.axisUnsure) askTheAxis(description, verdict.axis.horizontal);
    if (trim) description.unresolved!.unshift(trim.note);
    for (const milled of verdict.milledEndViews) {
      const tenth = (mm: number) => formatMm(Math.round(mm * 10) / 10);
      const size = `${tenth(widthOf(milled.box))} × ${tenth(heightOf(milled.box))} mm`;
      description.unresolved!.unshift(
        `The end view (${size}) is not round: flats, straight sides or holes off the axis are milled after turning and are not in a lathe program; check them on the drawing.`,
      );
    }
    const milledFeatures = endViewFeatures([...verdict.milledEndViews, ...endViews], verdict.view, {
      notes: drawing.notes,
      dimensions: withTexts(dimensionNotes, units),
      mmPerUnit: units.mmPerUnit,
      kind,
      ...(hints.joinToleranceMm !== undefined ? { joinToleranceMm: hints.joinToleranceMm } : {}),
    });
    if (milledFeatures) {
      const written = withTexts(hints.dimensionsFor?.(undefined) ?? drawing.dimensions, units);
      const sizes = endViewSizes(
        milledFeatures.view.box,
        verdict.view.box,
        written,
        milledFeatures.prismatic,
        units.mmPerUnit,
      );
      if (sizes.length > 0)
        milledFeatures.prismatic.sizes = [...(milledFeatures.prismatic.sizes ?? []), ...sizes];
      description.prismatic = milledFeatures.prismatic;
      description.overview += ` End view: ${milledFeatures.summary.replace(/^Top view for milling and EDM: /, '')}`;
      description.unresolved!.push(
        `The end view's holes off the axis (${milledFeatures.prismatic.holes.length}) are drilled on a mill after turning; the lathe program does not make them.`,
      );
    }
    addTurnedReadings(description, profile, dimensions, findings, sources);
  } else {
    const dimensions = withTexts(dimensionNotes, units);
    description = describeNonTurnedPart(
      views,
      verdict.reason,
      drawing.centreLines,
      dimensions.map((d) => d.text),
      findings,
      {
        notes: drawing.notes,
        dimensions,
        mmPerUnit: units.mmPerUnit,
        kind,
        hidden: drawing.hidden,
        ...(hints.lineNoiseMm !== undefined ? { traced: true, noiseMm: hints.lineNoiseMm } : {}),
        ...(hints.joinToleranceMm !== undefined ? { joinToleranceMm: hints.joinToleranceMm } : {}),
      },
    );
    addNoteReadings(description, findings, sources);
    if (kind === 'DXF') addPlateReadings(description, sources);
  }
  // A PDF page's title block and notes come from its text findings (page/merge.ts), which know
  // its revision table and page furniture.
  if (kind === 'DXF') titleAndNotesFromFindings(description, findings, sources);
  if (units.units === 'inch' || units.mmPerUnit !== 1) {
    description.overview += ` Drawing units: ${units.name}, converted to mm.`;
  }
  if (verdict.turned && halves.notes.length > 0) {
    description.overview += ` ${halves.notes.join(' ')}`;
  }
  if (drawing.unreadable > 0) {
    description.unresolved!.unshift(
      `${drawing.unreadable} entit${drawing.unreadable === 1 ? 'y was' : 'ies were'} left out: a coordinate is not a number (the file may be damaged).`,
    );
  }
  if (units.note) description.unresolved!.unshift(units.note);
  if (hints.kindName)
    description.overview = overviewNaming(description.overview, kind, hints.kindName);
  return { description, isTurnedPart: verdict.turned, units: units.units };
}

/** The overview's 'read offline from the PDF' naming the file kind read instead ('JPG image'). */
function overviewNaming(overview: string, kind: string, kindName: string): string {
  return overview.replace(new RegExp(`(read offline from the) ${kind}\\b`, 'i'), `$1 ${kindName}`);
}

/** The sizes written with a diameter sign in diameter dimensions and notes, mm. */
function writtenDiametersMm(dimensions: DimensionNote[], notes: TextNote[]): number[] {
  const texts = [
    ...dimensions.filter((d) => d.kind === 'diameter').map((d) => d.written),
    ...notes.map((n) => n.text),
  ];
  return texts.flatMap((text) => {
    const parsed = hasDiameterSign(text) ? parseDiameterCallout(text) : undefined;
    return parsed ? [parsed.nominalMm] : [];
  });
}

/**
 * Whether a circle of a traced raster is a letter's loop the OCR left: no larger than the
 * lettering, and no diameter written beside it gives its size (within a tenth of a millimetre
 * or 5 %).
 */
function letterLoopOf(
  letteringMm: number,
  written: number[],
): (circle: { radius: number }) => boolean {
  return (circle) => {
    const diameterMm = 2 * circle.radius;
    return (
      diameterMm <= letteringMm &&
      !written.some((d) => Math.abs(d - diameterMm) <= Math.max(0.1, 0.05 * d))
    );
  };
}

/** The profile without the cross holes that are letters' loops (letterLoopOf). */
function withoutLetterCrossHoles(
  profile: TurnedProfile,
  letteringMm: number | undefined,
  dimensions: DimensionNote[],
  notes: TextNote[],
): TurnedProfile {
  if (letteringMm === undefined || profile.crossHoles.length === 0) return profile;
  const loop = letterLoopOf(letteringMm, writtenDiametersMm(dimensions, notes));
  const crossHoles = profile.crossHoles.filter((hole) => !loop({ radius: hole.diameterMm / 2 }));
  return crossHoles.length === profile.crossHoles.length ? profile : { ...profile, crossHoles };
}

/**
 * Names the axis of a side view the drawing leaves in doubt (turned-part.ts `axisUnsure`) as not
 * placed: the part read the other way round is another part, so its program must not be verified
 * until the operator has checked the reading (decision 065).
 */
function askTheAxis(description: BlueprintDescription, horizontal: boolean): void {
  const way = horizontal ? 'horizontal' : 'vertical';
  const text = `the axis of revolution, read ${way} in the drawing`;
  const why =
    'the side view is about as long as it is wide and symmetric both ways, and no centre line, Ø dimension or end view tells which way the axis runs';
  description.unplaced = [...(description.unplaced ?? []), { text, why }];
  description.unresolved!.unshift(
    `The side view is about as long as it is wide and nothing on the drawing tells which way its axis runs; it was read ${way}: check the diameters and lengths, and correct them with Change.`,
  );
}
