/**
 * Sinker EDM conditions from roughing to finishing for an electrode and workpiece pair: each
 * condition's spark gap per side, the roughness it leaves and its removal rate.
 *
 * Typical values, rounded, in the ranges of sinker EDM makers' published technology tables
 * (GF AgieCharmilles, Mitsubishi, Sodick, Makino condition tables by electrode material,
 * polarity and frontal area) and of E. Bud Guitrau's "The EDM Handbook" (Hanser Gardner, 1997):
 * graphite roughs fastest with the largest gaps and finishes to about Ra 0.8 µm; copper
 * finishes finer (to about Ra 0.3 µm); copper-tungsten is used on carbide with small gaps and
 * low removal rates. Removal rates are per cm² of the electrode's frontal area (roughing
 * current grows with the area). The control's own technology table, chosen for the real
 * electrode area and material pair, replaces them; the E numbers written in the program must
 * be mapped to that table (docs/decisions/014-edm.md).
 */

export interface ConditionRow {
  name: string;
  /** Spark gap per side, mm. */
  gapMm: number;
  /** Roughness left, Ra µm. */
  raUm: number;
  /** Removal rate per cm² of electrode frontal area, mm³/min. */
  rateMm3PerMinCm2: number;
}

export type MaterialPair = 'graphite on steel' | 'copper on steel' | 'copper-tungsten on carbide';

export const conditionTables: Record<MaterialPair, readonly ConditionRow[]> = {
  'graphite on steel': [
    { name: 'Rough', gapMm: 0.3, raUm: 12.5, rateMm3PerMinCm2: 80 },
    { name: 'Semi-rough', gapMm: 0.15, raUm: 6.3, rateMm3PerMinCm2: 30 },
    { name: 'Semi-finish', gapMm: 0.07, raUm: 3.2, rateMm3PerMinCm2: 10 },
    { name: 'Finish', gapMm: 0.035, raUm: 1.6, rateMm3PerMinCm2: 3 },
    { name: 'Fine finish', gapMm: 0.02, raUm: 0.8, rateMm3PerMinCm2: 0.8 },
  ],
  'copper on steel': [
    { name: 'Rough', gapMm: 0.2, raUm: 10, rateMm3PerMinCm2: 50 },
    { name: 'Semi-rough', gapMm: 0.1, raUm: 5, rateMm3PerMinCm2: 20 },
    { name: 'Semi-finish', gapMm: 0.05, raUm: 2.5, rateMm3PerMinCm2: 6 },
    { name: 'Finish', gapMm: 0.025, raUm: 1.2, rateMm3PerMinCm2: 2 },
    { name: 'Fine finish', gapMm: 0.015, raUm: 0.6, rateMm3PerMinCm2: 0.6 },
    { name: 'Polish', gapMm: 0.01, raUm: 0.3, rateMm3PerMinCm2: 0.2 },
  ],
  'copper-tungsten on carbide': [
    { name: 'Rough', gapMm: 0.08, raUm: 3.2, rateMm3PerMinCm2: 10 },
    { name: 'Semi-finish', gapMm: 0.04, raUm: 1.6, rateMm3PerMinCm2: 4 },
    { name: 'Finish', gapMm: 0.02, raUm: 0.8, rateMm3PerMinCm2: 1 },
    { name: 'Fine finish', gapMm: 0.012, raUm: 0.4, rateMm3PerMinCm2: 0.3 },
  ],
};

/** Roughness asked for when the drawing gives none, Ra µm (a common EDM finish, VDI 30). */
export const defaultSinkerRaUm = 3.2;

/**
 * Roughness depth a condition leaves for the next one to remove, mm: about 4 × Ra (the peak to
 * valley height Rz of an EDM surface is roughly four to six times its Ra).
 */
export const roughnessAllowanceMm = (raUm: number) => Math.round(4 * raUm) / 1000;

/** The condition table for an electrode material and a workpiece material. */
export function materialPair(
  electrode: 'graphite' | 'copper' | 'copper-tungsten',
  workpiece: string,
): { pair: MaterialPair; warning?: string } {
  const carbide = /carbide|hartmetall|\bWC\b/i.test(workpiece);
  if (carbide) {
    return electrode === 'copper-tungsten'
      ? { pair: 'copper-tungsten on carbide' }
      : {
          pair: 'copper-tungsten on carbide',
          warning: `A ${electrode} electrode on carbide wears fast: copper-tungsten suits carbide. The carbide conditions are used.`,
        };
  }
  const pair = electrode === 'graphite' ? 'graphite on steel' : 'copper on steel';
  const other = nonFerrousFamily(workpiece);
  if (!other) return { pair };
  return {
    pair,
    warning: `No conditions for ${electrode} on ${other} are held here: the E numbers are those of the ${pair} table, a stand-in; map them to the control's table for ${electrode} on ${other} (${workpiece}) before running.`,
  };
}

/**
 * The family of a workpiece material that sinks unlike steel (other gaps, removal and wear:
 * aluminium and copper alloys conduct heat away, titanium and nickel alloys sink slowly), or
 * undefined for steels and unnamed materials.
 */
export function nonFerrousFamily(workpiece: string): string | undefined {
  if (/alumin|\bEN AW\b|\bAlMg|\bAlSi|\b(2024|5083|6061|6082|7075)\b/i.test(workpiece))
    return 'aluminium';
  if (/brass|bronze|\bcopper|\bCuZn|\bCuSn|\bC36000\b/i.test(workpiece)) return 'copper alloy';
  if (/titan|\bTi-?6Al/i.test(workpiece)) return 'titanium';
  if (/inconel|nickel|hastelloy|\b(718|625)\b/i.test(workpiece)) return 'nickel alloy';
  return undefined;
}

export interface ChosenCondition extends ConditionRow {
  /** E number: 100 + the row's place in its table (E101 the roughest); the plan renumbers. */
  number: number;
  /** Roughness depth left for the next condition, mm (0 for the last). */
  allowanceMm: number;
  /** Orbit radius: undersize − gap − allowance, mm. */
  orbitMm: number;
}

/**
 * The conditions from the roughest that the electrode's undersize allows (its gap and
 * roughness allowance fit in the undersize) to the first that meets the roughness.
 * @returns undefined (with the reason) when even the finest condition's gap exceeds the undersize
 */
export function chooseConditions(
  pair: MaterialPair,
  undersizeMm: number,
  raUm: number,
): { conditions: ChosenCondition[]; warnings: string[] } | { reason: string } {
  const table = conditionTables[pair];
  const warnings: string[] = [];
  let last = table.findIndex((row) => row.raUm <= raUm + 1e-9);
  if (last < 0) {
    last = table.length - 1;
    warnings.push(
      `Ra ${raUm} µm is finer than the ${pair} table's finest condition (Ra ${table[last]!.raUm} µm): polish after sinking.`,
    );
  }
  if (table[last]!.gapMm > undersizeMm + 1e-9) {
    return {
      reason: `the electrode's undersize ${undersizeMm} mm is smaller than the spark gap of the finishing condition (${table[last]!.gapMm} mm, ${pair}); it would burn the cavity oversize.`,
    };
  }
  let first = table.findIndex(
    (row, index) =>
      index <= last &&
      row.gapMm + (index < last ? roughnessAllowanceMm(row.raUm) : 0) <= undersizeMm + 1e-9,
  );
  if (first < 0) first = last;
  const conditions = table.slice(first, last + 1).map((row, offset) => {
    const index = first + offset;
    const allowanceMm = index < last ? roughnessAllowanceMm(row.raUm) : 0;
    return {
      ...row,
      number: 101 + index,
      allowanceMm,
      orbitMm: Math.max(0, Math.round((undersizeMm - row.gapMm - allowanceMm) * 10000) / 10000),
    };
  });
  return { conditions, warnings };
}
