/**
 * The first sentence of a turned part's overview, made from its values: its length and its
 * outer diameters and bores as written ("Turned part, 60 mm long: 2 outer diameters (Ø20,
 * Ø15.48) and 1 bore (Ø8)"). The DXF/PDF and STEP readers open their overviews with it, and the
 * reviser (drawings/revise/) writes it anew after a change, so the overview never states an old
 * size.
 */
import { formatMm } from '#cam/callouts';
import type {
  BlueprintDescription,
  DiameterFeature,
  PrismaticDescription,
} from '#contracts/blueprint';

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

/** Each diameter once, smallest first, with its count: 'Ø6.6 ×4, Ø10'. */
function circleList(diameters: number[]): string {
  const counts = new Map<number, number>();
  for (const d of diameters) {
    const key = Math.round(d * 100) / 100;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([d, n]) => `Ø${formatMm(d)}${n > 1 ? ` ×${n}` : ''}`)
    .join(', ');
}

const counting = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const r2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The summary of a plate's top view, as the DXF/PDF readers write it, with its closing full stop:
 * "Top view for milling and EDM: outline 175 × 100 mm, 10 mm thick; 4 holes (Ø6.6 ×4); 1 cut-out;
 * 0 slots." Sizes in mm.
 */
export function plateSummary(plate: PrismaticDescription): string {
  const xs = plate.outline.map((p) => p.x);
  const ys = plate.outline.map((p) => p.y);
  const width = r2(Math.max(...xs) - Math.min(...xs));
  const height = r2(Math.max(...ys) - Math.min(...ys));
  const holes = plate.holes.length;
  return (
    `Top view for milling and EDM: outline ${formatMm(width)} × ${formatMm(height)} mm` +
    (plate.thicknessMm !== undefined ? `, ${formatMm(r2(plate.thicknessMm))} mm thick` : '') +
    `; ${counting(holes, 'hole', 'holes')}` +
    (holes > 0 ? ` (${circleList(plate.holes.map((h) => h.diameterMm))})` : '') +
    `; ${counting(plate.pockets.length, 'cut-out', 'cut-outs')}; ${counting(plate.slots.length, 'slot', 'slots')}.`
  );
}

/** The plate summary as the readers write it (drawings/describe/prismatic.ts). */
const writtenPlateSummary =
  /Top view for milling and EDM: outline [^;]*; \d+ holes?(?: \([^)]*\))?; \d+ cut-outs?; \d+ slots?\./;

/** The summary sentence the description's values make, with a full stop; undefined when none. */
function summaryOf(
  description: BlueprintDescription,
): { text: string; written: RegExp } | undefined {
  const lengthMm = description.dimensions.overallLengthMm;
  if (lengthMm !== undefined && description.outerDiameters.length > 0) {
    const text = turnedSummary(lengthMm, description.outerDiameters, description.innerDiameters);
    return { text, written: writtenSummary };
  }
  if (description.prismatic && description.outerDiameters.length === 0)
    return { text: plateSummary(description.prismatic), written: writtenPlateSummary };
  return undefined;
}

/**
 * The overview with its turned-part or plate summary written anew from the description's values;
 * an overview without one, or a description without the values for one, is given back as it is.
 */
export function refreshedOverview(description: BlueprintDescription): string {
  const summary = summaryOf(description);
  if (!summary) return description.overview;
  return description.overview.replace(summary.written, summary.text);
}

/**
 * The overview whose first sentence is the summary of the description's values (after a save of
 * the values table, docs/decisions/049-values-table.md): the summary the reader wrote is written
 * anew, and an overview without one (an assistant's prose) gets it in front. Given back as it is
 * when the values make no summary (no overall length or outer diameters, no plate outline).
 */
export function overviewFromValues(description: BlueprintDescription): string {
  const summary = summaryOf(description);
  if (!summary) return description.overview;
  if (summary.written.test(description.overview))
    return description.overview.replace(summary.written, summary.text);
  const text = summary.text.endsWith('.') ? summary.text : `${summary.text}.`;
  return description.overview.trim() ? `${text} ${description.overview.trim()}` : text;
}
