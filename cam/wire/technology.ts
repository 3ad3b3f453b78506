/**
 * Wire EDM technology: spark gaps, offset register values, cutting speeds and the number of
 * skim cuts, from the wire, the plate thickness and the tightest tolerance and roughness.
 *
 * The values are typical ones, rounded, in the ranges that wire EDM makers publish in their
 * technology tables for brass wire in tool steel (Mitsubishi, Sodick, Makino, GF
 * AgieCharmilles operator's manuals) and that E. Bud Guitrau's "The EDM Handbook" (Hanser
 * Gardner, 1997) describes for multi-pass wire cutting: a rough cut leaves Ra 2.5–3.2 µm and
 * about ±0.01–0.02 mm; each skim cut removes a few hundredths of a millimetre with a smaller
 * gap and less energy, about Ra 1.6 µm after one skim, 0.8 after two, 0.4 after three. They
 * start the program and the estimate; the control's own technology table (chosen on the control
 * for the wire, the material and the thickness) refines the gaps, offsets and speeds, and the
 * operator sets the offset registers from it. See docs/decisions/014-edm.md.
 */
import { identifyMaterial } from '../materials.ts';
import type { WirePass } from './program.ts';

/** Accuracy (± mm) and roughness (Ra µm) after the rough cut and after each skim (typical). */
export const wirePassResults = [
  { name: 'Rough', accuracyMm: 0.015, raUm: 3.2 },
  { name: 'Skim 1', accuracyMm: 0.008, raUm: 1.6 },
  { name: 'Skim 2', accuracyMm: 0.004, raUm: 0.8 },
  { name: 'Skim 3', accuracyMm: 0.002, raUm: 0.4 },
] as const;

/** The most skims this technology plans. */
export const maxSkims = wirePassResults.length - 1;

/**
 * Per wire diameter (brass, tool steel): the rough cut's spark gap per side, mm, and its
 * cutting rate, mm²/min (feed × plate thickness). Typical values.
 */
const wireTable = [
  { diameterMm: 0.1, roughGapMm: 0.02, rateMm2PerMin: 30 },
  { diameterMm: 0.15, roughGapMm: 0.025, rateMm2PerMin: 60 },
  { diameterMm: 0.2, roughGapMm: 0.03, rateMm2PerMin: 100 },
  { diameterMm: 0.25, roughGapMm: 0.037, rateMm2PerMin: 130 },
  { diameterMm: 0.3, roughGapMm: 0.04, rateMm2PerMin: 160 },
  { diameterMm: 0.33, roughGapMm: 0.042, rateMm2PerMin: 170 },
] as const;

/** Spark gap per side of skims 1, 2 and 3 (0.2 mm wire and up), mm. */
const skimGapMm = [0.02, 0.012, 0.008] as const;
/** Material each skim removes beyond the difference of gaps, mm. */
const skimStockMm = [0.015, 0.006, 0.003] as const;
/** Skim feed as a multiple of the rough feed. */
const skimFeedFactor = [2.5, 3.5, 4.5] as const;
/** Feeds above these are not used (flushing and the wire's vibration limit them), mm/min. */
const maxRoughFeed = 20;
const maxSkimFeed = 60;

/** Cutting rate factor of the wire material (brass 1). */
const wireMaterialFactor: Record<string, number> = {
  brass: 1,
  'coated brass': 1.25,
  copper: 0.8,
  molybdenum: 0.6,
  tungsten: 0.5,
};

/** Cutting rate factor of the workpiece material (tool steel 1). */
export function workpieceRateFactor(material: string): number {
  if (/carbide|hartmetall|\bWC\b/i.test(material)) return 0.4;
  if (/graphite/i.test(material)) return 1.5;
  const grade = identifyMaterial(material);
  switch (grade?.subgroup) {
    case 'aluminium':
      return 2;
    case 'copper-alloy':
      return 0.7;
    case 'titanium':
      return 0.8;
    case 'nickel-alloy':
      return 0.6;
    default:
      return 1;
  }
}

const round = (value: number, decimals = 3) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** Linear interpolation in the wire table by diameter (clamped to its ends). */
function wireRow(diameterMm: number): { roughGapMm: number; rateMm2PerMin: number } {
  const first = wireTable[0];
  const last = wireTable[wireTable.length - 1]!;
  if (diameterMm <= first.diameterMm)
    return {
      roughGapMm: first.roughGapMm,
      rateMm2PerMin: (first.rateMm2PerMin * diameterMm) / first.diameterMm,
    };
  if (diameterMm >= last.diameterMm) return last;
  const index = wireTable.findIndex((row) => row.diameterMm >= diameterMm);
  const high = wireTable[index]!;
  const low = wireTable[index - 1]!;
  const t = (diameterMm - low.diameterMm) / (high.diameterMm - low.diameterMm);
  return {
    roughGapMm: low.roughGapMm + t * (high.roughGapMm - low.roughGapMm),
    rateMm2PerMin: low.rateMm2PerMin + t * (high.rateMm2PerMin - low.rateMm2PerMin),
  };
}

export interface WireTechnologyInput {
  diameterMm: number;
  /** Wire material: 'brass', 'coated brass', 'molybdenum'… */
  wireMaterial: string;
  /** Workpiece material as chosen for the job. */
  workpieceMaterial: string;
  thicknessMm: number;
  /** The tightest size tolerance of the contours, ± mm. */
  toleranceMm: number;
  /** The finest roughness asked for, Ra µm. */
  raUm?: number;
}

export interface WireTechnology {
  /** Rough pass first, then the skims; registers D1, D2… in that order. */
  passes: WirePass[];
  skims: number;
  /** Why this many skims, in words. */
  reason: string;
  warnings: string[];
}

/**
 * The passes for a wire, plate and requirement: the fewest skims whose typical accuracy and
 * roughness meet the tightest tolerance and Ra (at most three).
 * Offset of pass k = wire radius + spark gap of pass k + the stock the later skims remove.
 */
export function wireTechnology(input: WireTechnologyInput): WireTechnology {
  const warnings: string[] = [];
  const finest = wirePassResults[maxSkims]!;
  const byTolerance = wirePassResults.findIndex(
    (result) => result.accuracyMm <= input.toleranceMm + 1e-9,
  );
  const byRa =
    input.raUm === undefined
      ? 0
      : wirePassResults.findIndex((result) => result.raUm <= input.raUm! + 1e-9);
  if (byTolerance < 0)
    warnings.push(
      `A tolerance of ±${input.toleranceMm} mm is tighter than ±${finest.accuracyMm} mm, the typical accuracy after ${maxSkims} skims: measure after the last skim and correct the offset register.`,
    );
  if (byRa < 0)
    warnings.push(
      `Ra ${input.raUm} µm is finer than Ra ${finest.raUm} µm, the typical finish after ${maxSkims} skims: the surface needs polishing or the control's fine-finish technology.`,
    );
  const skims = Math.max(byTolerance < 0 ? maxSkims : byTolerance, byRa < 0 ? maxSkims : byRa);
  const reasons: string[] = [];
  reasons.push(`±${input.toleranceMm} mm`);
  if (input.raUm !== undefined) reasons.push(`Ra ${input.raUm} µm`);
  const reason =
    skims === 0
      ? `one rough cut meets ${reasons.join(' and ')}`
      : `${skims} skim${skims > 1 ? 's' : ''} after the rough cut for ${reasons.join(' and ')}`;

  const radius = input.diameterMm / 2;
  const row = wireRow(input.diameterMm);
  // Thicker plates spark with a slightly larger gap (flushing, wire vibration): +0.01 mm per 100 mm over 20 mm.
  const roughGap = row.roughGapMm + Math.max(0, input.thicknessMm - 20) * 0.0001;
  // Finer wires skim with smaller gaps.
  const skimScale = input.diameterMm < 0.2 ? 0.7 : 1;
  const gaps = [roughGap, ...skimGapMm.map((gap) => gap * skimScale)].slice(0, skims + 1);
  const stock = skimStockMm.map((value) => value * skimScale);
  const rate =
    row.rateMm2PerMin *
    (wireMaterialFactor[input.wireMaterial] ?? 1) *
    workpieceRateFactor(input.workpieceMaterial);
  const roughFeed = Math.min(maxRoughFeed, rate / Math.max(input.thicknessMm, 1));
  if (input.thicknessMm > 150)
    warnings.push(
      `The plate is ${input.thicknessMm} mm thick: check that the machine's Z travel and flushing take it.`,
    );

  const passes: WirePass[] = gaps.map((gapMm, index) => {
    const allowanceMm = round(
      stock.slice(index, skims).reduce((sum, value) => sum + value, 0),
      4,
    );
    const result = wirePassResults[index]!;
    return {
      name: result.name,
      register: index + 1,
      offsetMm: round(radius + gapMm + allowanceMm),
      feedMmPerMin: round(
        index === 0 ? roughFeed : Math.min(maxSkimFeed, roughFeed * skimFeedFactor[index - 1]!),
        1,
      ),
      raUm: result.raUm,
      gapMm: round(gapMm, 4),
      allowanceMm,
      accuracyMm: result.accuracyMm,
    };
  });
  return { passes, skims, reason, warnings };
}
