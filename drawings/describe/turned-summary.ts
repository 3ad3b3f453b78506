/**
 * The first sentence of a turned part's overview, made from its values: its length and its
 * outer diameters and bores as written ("Turned part, 60 mm long: 2 outer diameters (Ø20,
 * Ø15.48) and 1 bore (Ø8)"). The DXF/PDF and STEP readers open their overviews with it, and the
 * reviser (drawings/revise/) writes it anew after a change, so the overview never states an old
 * size.
 */
import { formatMm } from '#cam/callouts';
import type { BlueprintDescription, DiameterFeature } from '#contracts/blueprint';

/** Counted features as written: "2 outer diameters (Ø20, Ø15.48)". */
const counted = (features: DiameterFeature[], noun: string): string =>
  `${features.length} ${noun}${features.length === 1 ? '' : 's'} (${features.map((d) => d.diameter).join(', ')})`;

/**
 * The summary of a turned part, without a closing full stop.
 * @param lengthMm - the overall length, mm
 * @param outer - the outer diameters, from the free end
 * @param inner - the bores
 */
export function turnedSummary(
  lengthMm: number,
  outer: DiameterFeature[],
  inner: DiameterFeature[],
): string {
  const bores = inner.length ? ` and ${counted(inner, 'bore')}` : '';
  return `Turned part, ${formatMm(lengthMm)} mm long: ${counted(outer, 'outer diameter')}${bores}`;
}

/** The summary as the readers write it, with whatever length and features it named then. */
const writtenSummary =
  /Turned part, [\d.]+ mm long: \d+ outer diameters? \([^)]*\)(?: and \d+ bores? \([^)]*\))?/;

/**
 * The overview with its turned-part summary written anew from the description's values; an
 * overview without one, or a description without an overall length or outer diameters, is
 * given back as it is.
 */
export function refreshedOverview(description: BlueprintDescription): string {
  const lengthMm = description.dimensions.overallLengthMm;
  if (lengthMm === undefined || description.outerDiameters.length === 0) {
    return description.overview;
  }
  return description.overview.replace(
    writtenSummary,
    turnedSummary(lengthMm, description.outerDiameters, description.innerDiameters),
  );
}
