/**
 * Readings (value, confidence, source) for what the shared drawing pipeline puts in a
 * description: each value is traced to the written dimension or note that gave it, or to the
 * drawn geometry it was measured from (reading.ts addReading).
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { formatMm } from '#cam/callouts';
import type { DimensionedProfile } from './dimensions.ts';
import type { Point } from '../geometry/primitives.ts';
import type { DimensionNote, TextNote } from './content.ts';
import type { NoteFindings } from './notes.ts';
import type { TurnedProfile } from './profile.ts';
import { addReading } from '../reading.ts';

/** What the source of every value measured on the drawn lines says ('… drawn geometry at …'). */
export const MEASURED_SOURCE = 'drawn geometry';
/** Confidence of a value measured from the drawn geometry rather than written on the drawing. */
export const MEASURED_CONFIDENCE = 0.8;
/** Confidence of a value worked out from written ones (a length between two written lengths). */
const DERIVED_CONFIDENCE = 0.9;

/** Where the values of a drawing come from, in the words of its file kind. */
export interface ReadingSources {
  /** The written dimension: its source text and how sure its reading is (1 for CAD text). */
  dimension(note: DimensionNote): { source: string; confidence: number };
  /** The text note. */
  note(note: TextNote): { source: string; confidence: number };
  /** A point of the drawn geometry (drawing mm, y up): 'drawn geometry at 12.5, 40'. */
  place(point: Point): string;
}

const rounded = (value: number) => Math.round(value * 100) / 100;

/** Readings of material, general tolerance and surface finish from the notes. */
export function addNoteReadings(
  description: BlueprintDescription,
  findings: NoteFindings,
  sources: ReadingSources,
): void {
  const fromNote = (field: string, value: string, note: TextNote) => {
    const { source, confidence } = sources.note(note);
    addReading(description, field, value, confidence, source);
  };
  if (findings.material && description.materialSpecs.material) {
    fromNote('Material', description.materialSpecs.material, findings.material.note);
  }
  if (findings.generalTolerance) {
    fromNote('General tolerance', findings.generalTolerance.text, findings.generalTolerance.note);
  }
  const finest = [...findings.roughness].sort((a, b) => a.raUm - b.raUm)[0];
  if (finest) fromNote('Surface finish', `Ra ${formatMm(finest.raUm)} µm`, finest.note);
}

/**
 * A reading for each diameter and its length, bore, chamfer, fillet, thread and the overall
 * length of a turned part's description (built by describeTurnedPart from the same profile),
 * then material, tolerance and finish.
 *
 * @param description - the description (readings added in place)
 * @param profile - the drawn profile the description was built from
 * @param dims - the dimensions applied to it (with their sources)
 * @param findings - the notes applied
 * @param sources - how the file kind names its sources
 */
export function addTurnedReadings(
  description: BlueprintDescription,
  profile: TurnedProfile,
  dims: DimensionedProfile,
  findings: NoteFindings,
  sources: ReadingSources,
): void {
  const measured = (field: string, value: string, u: number, v: number) =>
    addReading(description, field, value, MEASURED_CONFIDENCE, sources.place(profile.place(u, v)));
  const written = (field: string, value: string, note: DimensionNote) => {
    const { source, confidence } = sources.dimension(note);
    addReading(description, field, value, confidence, source);
  };
  const fromNote = (field: string, value: string, note: TextNote) => {
    const { source, confidence } = sources.note(note);
    addReading(description, field, value, confidence, source);
  };

  description.outerDiameters.forEach((feature, k) => {
    const drawn = profile.outer[k];
    if (!drawn) return;
    const field = `Outer diameter ${k + 1}`;
    const middle = (drawn.startMm + drawn.endMm) / 2;
    const diameterNote = dims.sources.outer.get(k);
    if (diameterNote) written(field, feature.diameter, diameterNote);
    else measured(field, feature.diameter, middle, drawn.diameterMm / 2);
    const length = `${formatMm(feature.lengthMm ?? 0)} mm`;
    const lengthNote = dims.sources.lengths.get(k);
    if (lengthNote) written(`${field} length`, length, lengthNote);
    else if (Math.abs((feature.lengthMm ?? 0) - (drawn.endMm - drawn.startMm)) > 0.01)
      addReading(
        description,
        `${field} length`,
        length,
        DERIVED_CONFIDENCE,
        'worked out from the written lengths',
      );
    else measured(`${field} length`, length, middle, drawn.diameterMm / 2);
  });

  description.innerDiameters.forEach((feature, k) => {
    const drawn = profile.bores[k];
    if (!drawn) return;
    const value = `${feature.diameter}, ${feature.length}`;
    const note = dims.sources.bores.get(k);
    // A bore drawn at a thread's tap drill is the thread its callout names (tapped-bores.ts).
    const threadNote = feature.thread
      ? findings.threads.find(({ thread }) => thread.designation === feature.thread)?.note
      : undefined;
    if (note) written(`Bore ${k + 1}`, value, note);
    else if (threadNote) fromNote(`Bore ${k + 1}`, value, threadNote);
    else measured(`Bore ${k + 1}`, value, (drawn.startMm + drawn.endMm) / 2, drawn.diameterMm / 2);
    const depth = dims.sources.boreDepths.get(k);
    const depthMm = dims.boreDepths.get(k);
    if (depth && threadNote && depthMm !== undefined)
      written(`Bore ${k + 1} drill depth`, `${formatMm(depthMm)} mm deep`, depth);
    else if (depth) written(`Bore ${k + 1} depth`, feature.length, depth);
    const inside = dims.boreInnerLengths.get(k);
    if (threadNote && inside?.length === 1 && feature.lengthMm !== undefined)
      written(`Bore ${k + 1} thread depth`, feature.length, inside[0]!.dimension);
  });

  description.features.chamfers.forEach((chamfer, k) => {
    const field = `Chamfer ${k + 1}`;
    const value = `${chamfer.dimensions} ${chamfer.location}`;
    const fromCallout = findings.chamfers.find(
      ({ note }) => chamfer.purpose === `drawing note: ${note.text}`,
    );
    if (fromCallout && Math.abs(fromCallout.chamfer.sizeMm - (chamfer.sizeMm ?? 0)) < 0.01) {
      fromNote(field, value, fromCallout.note);
      return;
    }
    const drawn = profile.chamfers[k];
    const on = (drawn?.inner ? profile.bores : profile.outer)[drawn?.onIndex ?? -1];
    if (drawn && on) measured(field, value, drawn.atMm, on.diameterMm / 2);
  });

  description.features.fillets.forEach((fillet, k) => {
    const drawn = profile.fillets[k];
    if (!drawn) return;
    const note = dims.sources.fillets.get(k);
    const value = `${fillet.dimensions} ${fillet.location}`;
    if (note) written(`Fillet ${k + 1}`, value, note);
    else
      measured(
        `Fillet ${k + 1}`,
        value,
        drawn.atMm,
        (profile.outer[drawn.onIndex]?.diameterMm ?? 0) / 2,
      );
  });

  for (const { thread, note } of findings.threads) {
    const on = [...description.outerDiameters, ...description.innerDiameters].find(
      (d) => d.thread === thread.designation,
    );
    if (on) fromNote('Thread', `${thread.designation} on ${on.diameter}`, note);
  }

  const overall = description.dimensions.overallLengthMm;
  if (overall !== undefined) {
    const value = `${formatMm(overall)} mm`;
    if (dims.sources.overall) written('Overall length', value, dims.sources.overall);
    else if (Math.abs(overall - profile.lengthMm) > 0.01)
      addReading(
        description,
        'Overall length',
        value,
        DERIVED_CONFIDENCE,
        'worked out from the written lengths',
      );
    else measured('Overall length', value, profile.lengthMm, 0);
  }
  addNoteReadings(description, findings, sources);
}

/**
 * Readings of a plate's top view (description.prismatic): the outline's size, the thickness and
 * every hole, pocket and slot, each traced to where it is drawn (`sources.place` words the
 * drawing's own coordinates).
 */
export function addPlateReadings(description: BlueprintDescription, sources: ReadingSources): void {
  const plate = description.prismatic;
  if (!plate) return;
  const drawn = (x: number, y: number) => sources.place({ x, y });
  const xs = plate.outline.map((p) => p.x);
  const ys = plate.outline.map((p) => p.y);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  addReading(
    description,
    'Plate outline',
    `${formatMm(rounded(Math.max(...xs) - minX))} × ${formatMm(rounded(Math.max(...ys) - minY))} mm, ${plate.outline.length} corners`,
    MEASURED_CONFIDENCE,
    drawn(minX, minY),
  );
  if (plate.thicknessMm !== undefined)
    addReading(
      description,
      'Plate thickness',
      `${formatMm(plate.thicknessMm)} mm`,
      MEASURED_CONFIDENCE,
      'a note or the side view',
    );
  plate.holes.forEach((hole, index) =>
    addReading(
      description,
      `Hole ${index + 1}`,
      `${hole.diameter} at ${formatMm(hole.x)}, ${formatMm(hole.y)}`,
      MEASURED_CONFIDENCE,
      drawn(hole.x, hole.y),
    ),
  );
  plate.pockets.forEach((pocket) => {
    const first = pocket.outline[0]!;
    addReading(
      description,
      pocket.through ? 'Cut-out' : /^Island\b/.test(pocket.label) ? 'Island' : 'Pocket',
      `${pocket.label}, ${pocket.outline.length} corners`,
      MEASURED_CONFIDENCE,
      drawn(first.x, first.y),
    );
  });
  plate.slots.forEach((slot) =>
    addReading(
      description,
      'Slot',
      `${slot.label}, ${formatMm(slot.widthMm)} mm wide`,
      MEASURED_CONFIDENCE,
      drawn(slot.from.x, slot.from.y),
    ),
  );
}
