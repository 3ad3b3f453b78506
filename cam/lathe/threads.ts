/**
 * External thread turning: thread depth, infeed per pass, and the DIN 76 thread undercut.
 *
 * - Depth: the basic profile of ISO 68-1 (metric) and ASME B1.1 (unified) is the same 60° form,
 *   H = 0.866025·P; the external thread's depth to its rounded root is h3 = 17/24·H = 0.61343·P
 *   (ISO 68-1 / ISO 965-1: d3 = d − 1.22687·P; ASME B1.1 UNR external: h_s = 0.61343·p;
 *   Machinery's Handbook, 31st ed., "Metric Screw Threads M Profile" and "Unified Screw
 *   Threads").
 * - Infeed: constant chip area, each cumulative depth a_x = a_p · √(x / n) (x = 1…n), which is
 *   what LinuxCNC G76 R2, Fanuc G76 and Haas G76 compute from the first cut a_p/√n. Number of
 *   passes by pitch from the thread-turning insert makers' infeed tables (Sandvik Coromant
 *   threading owner's manual, "Infeed recommendations"; Ingersoll and Sumitomo publish the same
 *   counts: 1 mm → 5, 1.5 mm → 6, 2 mm → 8, 3 mm → 12), with the first cut at most 0.5 mm
 *   radial; then one spring pass at full depth.
 * - Flank infeed at 29.5° (modified flank infeed: the trailing edge only rubs), as LinuxCNC
 *   G76 Q29.5 and Fanuc/Haas G76 with a 60° tool angle do.
 * - Undercut: DIN 76-1:2016, Table 1, form A (normal) for external metric threads: undercut
 *   diameter d_g (h13), width g1 (min) to g2 (max), radius r, by pitch.
 */

/** Radial depth of an external 60° thread (ISO 68-1 / ASME B1.1): h3 = 0.61343·P. */
export const externalThreadDepthMm = (pitchMm: number): number => 0.61343 * pitchMm;

/** Turned major diameter before threading, without a drawn tolerance: d − 0.1·P. */
export const threadBlankDiameterMm = (majorMm: number, pitchMm: number): number =>
  Math.round((majorMm - 0.1 * pitchMm) * 1000) / 1000;

/** Radial infeed angle of the modified flank infeed, degrees. */
export const flankInfeedDeg = 29.5;

/** Number of infeed passes (before the spring pass) by pitch, mm: upper pitch bound → passes. */
const passesByPitch: readonly [number, number][] = [
  [0.5, 4],
  [0.75, 4],
  [1, 5],
  [1.25, 6],
  [1.5, 6],
  [1.75, 8],
  [2, 8],
  [2.5, 10],
  [3, 12],
  [3.5, 12],
  [4, 14],
  [5, 16],
  [6, 18],
];

/** Infeed passes for a pitch (mm), before the spring pass; at least enough for a 0.5 mm first cut. */
export function threadPassCount(pitchMm: number): number {
  const fromTable = (passesByPitch.find(([upper]) => pitchMm <= upper + 1e-9) ?? [0, 20])[1];
  const depth = externalThreadDepthMm(pitchMm);
  return Math.min(40, Math.max(fromTable, Math.ceil((depth / 0.5) ** 2 - 1e-9)));
}

/**
 * Cumulative radial depths of each pass at constant chip area: a_p·√(x/n), x = 1…n.
 * @returns depths in mm, rounded to 0.001, the last one `depthMm`
 */
export function infeedDepths(depthMm: number, passes: number): number[] {
  return Array.from(
    { length: passes },
    (_, index) => Math.round(depthMm * Math.sqrt((index + 1) / passes) * 1000) / 1000,
  );
}

export interface Din76Undercut {
  pitchMm: number;
  /** Undercut diameter d_g = d − `depthBelowMm` (tolerance h13). */
  depthBelowMm: number;
  /** Width at the bottom, at least (g1), and overall, at most (g2), mm. */
  g1MinMm: number;
  g2MaxMm: number;
  /** Corner radius, mm. */
  radiusMm: number;
}

/** DIN 76-1:2016 Table 1, external metric threads, form A: P, d − d_g, g1 min, g2 max, r. */
const din76FormA: readonly [number, number, number, number, number][] = [
  [0.2, 0.3, 0.45, 0.7, 0.1],
  [0.25, 0.4, 0.55, 0.9, 0.12],
  [0.3, 0.5, 0.6, 1.05, 0.16],
  [0.35, 0.6, 0.7, 1.2, 0.16],
  [0.4, 0.7, 0.8, 1.4, 0.2],
  [0.45, 0.7, 1, 1.6, 0.2],
  [0.5, 0.8, 1.1, 1.75, 0.2],
  [0.6, 1, 1.2, 2.1, 0.4],
  [0.7, 1.1, 1.5, 2.45, 0.4],
  [0.75, 1.2, 1.6, 2.6, 0.4],
  [0.8, 1.3, 1.7, 2.8, 0.4],
  [1, 1.6, 2.1, 3.5, 0.6],
  [1.25, 2, 2.7, 4.4, 0.6],
  [1.5, 2.3, 3.2, 5.2, 0.8],
  [1.75, 2.6, 3.9, 6.1, 1],
  [2, 3, 4.5, 7, 1],
  [2.5, 3.6, 5.6, 8.7, 1.2],
  [3, 4.4, 6.7, 10.5, 1.6],
  [3.5, 5, 7.7, 12, 1.6],
  [4, 5.7, 9, 14, 2],
  [4.5, 6.4, 10.5, 16, 2.5],
  [5, 7, 11.5, 17.5, 2.5],
  [5.5, 7.7, 12.5, 19, 3.2],
  [6, 8.3, 14, 21, 3.2],
];

/**
 * The DIN 76 form A undercut for an external thread of a pitch (the table's row for the pitch,
 * or for the next larger pitch when the pitch is not a table value, such as an inch pitch).
 * @returns undefined for pitches over 6 mm
 */
export function din76Undercut(pitchMm: number): Din76Undercut | undefined {
  const row = din76FormA.find(([pitch]) => pitch >= pitchMm - 1e-6);
  if (!row) return undefined;
  const [pitch, depthBelowMm, g1MinMm, g2MaxMm, radiusMm] = row;
  return { pitchMm: pitch, depthBelowMm, g1MinMm, g2MaxMm, radiusMm };
}

/**
 * The pitches a threading insert cuts, from its ISO-style code: a full-profile insert one pitch
 * ("16ER 1.50ISO" → 1.5, "16ER 20UN" → 25.4/20), a 60° partial-profile insert a range (Sandvik
 * Coromant CoroThread 266 / ISO-style codes: A60 0.5–1.5 mm, G60 1.75–3 mm, AG60 0.5–3 mm,
 * N60 3.5–5 mm), a CoroThread 266 full-profile code its pitch (266RG-16MM01A150M → 1.5), and a
 * pitch the row states ("1.5 mm pitch"; not "0.5 to 3 mm pitch", a range the code gives).
 * @returns the smallest and largest pitch, mm; undefined when the code is not in the text
 */
export function insertPitchRange(text: string): { minMm: number; maxMm: number } | undefined {
  const metric = /\b\d{2}\s*[EI][RL]\s*-?\s*(\d+(?:[.,]\d+)?)\s*ISO\b/i.exec(text);
  if (metric) {
    const pitch = Number(metric[1]!.replace(',', '.'));
    return { minMm: pitch, maxMm: pitch };
  }
  const unified = /\b\d{2}\s*[EI][RL]\s*-?\s*(\d{1,2})\s*UN\b/i.exec(text);
  if (unified) {
    const pitch = Math.round((25.4 / Number(unified[1])) * 1000) / 1000;
    return { minMm: pitch, maxMm: pitch };
  }
  // Sandvik CoroThread 266 full-profile metric inserts: 266RG-16MM01A150M is a 1.50 mm pitch.
  const coroThread = /\b266[RL][GL]-\d{2}MM\d{2}[A-Z](\d{3})[A-Z]?\b/i.exec(text);
  if (coroThread) {
    const pitch = Number(coroThread[1]) / 100;
    return { minMm: pitch, maxMm: pitch };
  }
  // A pitch the tool row states: "1.5 mm pitch", "pitch 1.5 mm".
  const stated =
    /\b(\d+(?:[.,]\d+)?)\s*mm\s+pitch\b/i.exec(text) ??
    /\bpitch\s*(\d+(?:[.,]\d+)?)\s*mm\b/i.exec(text);
  if (stated && !/\bto\b|–|-\s*\d/.test(text.slice(Math.max(0, stated.index - 8), stated.index))) {
    const pitch = Number(stated[1]!.replace(',', '.'));
    return { minMm: pitch, maxMm: pitch };
  }
  const partial = /\b\d{2}\s*[EI][RL]\s*-?\s*(AG|A|G|N)\s*60\b/i.exec(text);
  if (partial) {
    const ranges: Record<string, [number, number]> = {
      AG: [0.5, 3],
      A: [0.5, 1.5],
      G: [1.75, 3],
      N: [3.5, 5],
    };
    const [minMm, maxMm] = ranges[partial[1]!.toUpperCase()]!;
    return { minMm, maxMm };
  }
  return undefined;
}
