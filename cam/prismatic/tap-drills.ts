/**
 * Tap drills: the thread a callout names (ISO metric or Unified) with the diameter of the drill
 * its tap needs, mm, from the ISO 2306 / DIN 336 table for metric coarse threads and the
 * Machinery's Handbook table for Unified threads. The holes that use them are in part.ts.
 */
import { parseThreadCallout } from '../callouts.ts';
import { coarsePitchOf } from '../iso261.ts';

export interface ThreadSpec {
  /** As written: 'M8x1.25', '1/4"-20 UNC'. */
  callout: string;
  /** Nominal (major) diameter, mm. */
  nominalMm: number;
  pitchMm: number;
  /** Tap drill diameter, mm (ISO 261 / ASME B1.1 coarse series: nominal − pitch for metric). */
  tapDrillMm: number;
}

/**
 * Tap drills of Unified threads, mm, keyed by designation without series ('1/4"-20'): the
 * customary drill for about 75 % thread depth (Machinery's Handbook, 'Tap drill sizes for
 * Unified threads'), which lies within the internal minor diameter limits of ASME B1.1 class 2B.
 */
const unifiedTapDrillMm: ReadonlyMap<string, number> = new Map([
  ['#2-56', 1.778], // #50
  ['#4-40', 2.261], // #43
  ['#4-48', 2.375], // #42
  ['#5-40', 2.54], // #38
  ['#6-32', 2.705], // #36
  ['#6-40', 2.87], // #33
  ['#8-32', 3.454], // #29
  ['#8-36', 3.569], // #29 / #28
  ['#10-24', 3.797], // #25
  ['#10-32', 4.039], // #21
  ['#12-24', 4.496], // #16
  ['1/4"-20', 5.105], // #7
  ['1/4"-28', 5.41], // #3
  ['5/16"-18', 6.528], // F
  ['5/16"-24', 6.909], // I
  ['3/8"-16', 7.938], // 5/16
  ['3/8"-24', 8.433], // Q
  ['7/16"-14', 9.347], // U
  ['7/16"-20', 9.922], // 25/64
  ['1/2"-13', 10.716], // 27/64
  ['1/2"-20', 11.509], // 29/64
  ['9/16"-12', 12.303], // 31/64
  ['9/16"-18', 13.097], // 33/64
  ['5/8"-11', 13.494], // 17/32
  ['5/8"-18', 14.684], // 37/64
  ['3/4"-10', 16.669], // 21/32
  ['3/4"-16', 17.462], // 11/16
  ['7/8"-9', 19.447], // 49/64
  ['7/8"-14', 20.638], // 13/16
  ['1"-8', 22.225], // 7/8
  ['1"-12', 23.416], // 59/64
]);

/**
 * Tap drills of ISO metric coarse threads, mm, by nominal size: ISO 2306:1972 / DIN 336
 * recommendations as tabulated in the handbooks (about nominal − pitch).
 */
const metricCoarseTapDrillMm: ReadonlyMap<number, number> = new Map([
  [1.6, 1.25],
  [2, 1.6],
  [2.5, 2.05],
  [3, 2.5],
  [3.5, 2.9],
  [4, 3.3],
  [5, 4.2],
  [6, 5],
  [8, 6.8],
  [10, 8.5],
  [12, 10.2],
  [14, 12],
  [16, 14],
  [18, 15.5],
  [20, 17.5],
  [22, 19.5],
  [24, 21],
  [27, 24],
  [30, 26.5],
  [33, 29.5],
  [36, 32],
  [39, 35],
  [42, 37.5],
  [45, 40.5],
  [48, 43],
]);

/**
 * The thread of a callout with its tap drill.
 *
 * Metric (ISO 261 coarse pitch unless written): the ISO 2306 / DIN 336 drill for coarse threads
 * (M8 → 6.8, M12 → 10.2); otherwise nominal − pitch rounded to the 0.1 mm drill series (0.05 mm
 * under 3 mm), halves up (M10x1.25 → 8.8, M8x1 → 7). Unified (ASME B1.1): the customary 75 %
 * drill of the table above, else major − 0.9743 × pitch (75 % of the basic thread height).
 * @returns undefined when the callout names no thread this reader knows
 */
export function threadSpecOf(callout: string): ThreadSpec | undefined {
  const thread = parseThreadCallout(callout);
  if (!thread) return undefined;
  const nominalMm = thread.majorDiameterMm;
  const pitchMm = thread.pitchMm;
  let tapDrillMm: number;
  if (thread.standard === 'ISO metric') {
    const coarse = metricCoarseTapDrillMm.get(nominalMm);
    const raw = nominalMm - pitchMm;
    const step = raw < 3 ? 0.05 : 0.1;
    tapDrillMm =
      coarse !== undefined && Math.abs((coarsePitchOf(nominalMm) ?? NaN) - pitchMm) < 1e-9
        ? coarse
        : Math.round(Math.round(raw / step + 1e-6) * step * 1000) / 1000;
  } else {
    const key = thread.designation.split(' ')[0]!;
    tapDrillMm =
      unifiedTapDrillMm.get(key) ?? Math.round((nominalMm - 0.9743 * pitchMm) * 1000) / 1000;
  }
  return { callout: callout.trim(), nominalMm, pitchMm, tapDrillMm };
}
