/**
 * What a milling cut may ask of its tool and its machine: the rules the mill planner plans by
 * and the verifier checks every move of a program against. Units: mm, mm/min, rpm, kW.
 *
 * Axial depth of cut (ap) of an end mill, by its radial engagement ae (the conservative end of
 * Sandvik Coromant's Technical Guide, Milling, "Solid end mills": side milling and slot
 * milling start values), never more than its flute length:
 * - ae ≤ 0.1 × D (light finishing passes): ap up to the flute length;
 * - 0.1 × D < ae ≤ 0.5 × D (side milling): ap ≤ 1 × D;
 * - 0.5 × D < ae < D: from 1 × D down to 0.5 × D, linearly;
 * - ae = D (full-width slotting): ap ≤ 0.5 × D.
 * Face mills: ap up to their insert's cutting edge (the flute length of their row, 6 mm when
 * it is not given).
 *
 * Full-width slotting (ae ≥ 0.9 × D) runs at no more than 3/4 of the cutting data table's
 * feed per tooth: a full slot has no chip thinning, chips are evacuated from a closed slot, and
 * catalogue charts list slotting feeds about a quarter below side-milling ones.
 *
 * Chip thickness: the table's feed per tooth fz = k · D (cam/mill/cutting-data.ts) is the
 * largest chip thickness hex it is meant to give at ae ≥ D/2 (the Sandvik start values are hex
 * values). A cut's hex (with chip thinning below ae = D/2, cam/process.ts) must lie between 0.4
 * and 1.6 times it: thinner, the edge rubs instead of cutting; thicker, it chips or breaks.
 * Ramping and helical entries cut mostly with the end teeth and are not held to the lower bound.
 *
 * Power: net cutting power (Sandvik's formulas in cam/process.ts) at most 80 % of the machine's
 * spindle power. Drills: Pc = f · vc · D · kc / 240 000 kW with kc at hm = (f / 2) · sin κr
 * (Sandvik Coromant, Technical Guide, Drilling formulas), κr half the point angle.
 */
import { maxDrillFeedPerRevMm } from '../drilling-data.ts';
import type { CuttingForce } from '../process.ts';
import {
  millingMaxChipThickness,
  millingMeanChipThickness,
  millingPowerKw,
  specificCuttingForce,
} from '../process.ts';
import type { MillToolKind } from './program.ts';
import { profileLevels } from './stock-model.ts';
import type { Engagement } from './stock-model.ts';

/** A cut is a full-width slot from this share of the diameter (the verifier's rule). */
export const fullSlotShare = 0.9;
/** The planner treats a cut as a slot from this share: a margin below the verifier's rule. */
export const plannerSlotShare = 0.8;
/** Full slots run at most at this share of the table's feed per tooth. */
export const slotFeedFactor = 0.75;
/** The chip thickness a cut may have, as shares of the table's. */
export const chipRange = { low: 0.4, high: 1.6 } as const;
/** The planner keeps its chips within this narrower range (a margin inside the verifier's). */
export const plannerChipRange = { low: 0.45, high: 1.5 } as const;
/** A move descending more than this many mm per mm of XY travel is a ramp (about 1.1°). */
export const rampSlope = 0.02;

/** What the rules need to know about a milling tool. */
export interface RatedTool {
  kind: MillToolKind;
  diameterMm: number;
  /** Flute length (cutting length), mm. */
  fluteLengthMm: number;
  /** Teeth (face mills: inserts). */
  flutes: number;
  /** The cutting data table's feed per tooth for this tool and material: its hex at ae ≥ D/2, mm. */
  tableChipMm: number;
}

/** The largest axial depth an end mill or face mill may cut at a radial engagement, mm. */
export function ratedAxialDepthMm(tool: RatedTool, aeMm: number): number {
  const d = tool.diameterMm;
  if (tool.kind === 'faceMill') return tool.fluteLengthMm;
  const share = Math.max(0, Math.min(1, aeMm / d));
  const byEngagement =
    share <= 0.1 ? Infinity : share <= 0.5 ? d : d * (1 - ((share - 0.5) / 0.5) * 0.5);
  return Math.min(tool.fluteLengthMm, byEngagement);
}

/**
 * How much of its rating a cut takes: each depth of its profile (ap · k/8) against the rated
 * depth for the cut's width at that depth, the width taken `favourMm` narrower (the measuring
 * grid's cell, in the tool's favour). A share above 1 is over the rating.
 * @returns the worst share, with the depth, width and rated depth where it is
 */
export function ratingShare(tool: RatedTool, cut: Engagement, favourMm: number) {
  let worst = { share: 0, depthMm: 0, widthMm: 0, ratedMm: Infinity };
  for (let k = 0; k < profileLevels; k += 1) {
    const depthMm = (cut.ap * (k + 1)) / profileLevels;
    const widthMm = Math.max(0, cut.widths[k]! - favourMm);
    const ratedMm = ratedAxialDepthMm(tool, widthMm);
    const share = depthMm / ratedMm;
    if (share > worst.share) worst = { share, depthMm, widthMm: cut.widths[k]!, ratedMm };
  }
  return worst;
}

/** Whether a cut of an end mill is a full-width slot for the verifier. */
export const isFullSlot = (tool: RatedTool, aeMm: number) =>
  tool.kind === 'endMill' && aeMm >= fullSlotShare * tool.diameterMm - 1e-9;

/** The feed per tooth of a move, mm. */
export const feedPerTooth = (tool: RatedTool, feedMmPerMin: number, rpm: number) =>
  rpm > 0 ? feedMmPerMin / (tool.flutes * rpm) : 0;

/** The largest chip thickness of a cut (chip thinning below ae = D/2), mm. */
export const chipThickness = (tool: RatedTool, fzMm: number, aeMm: number) =>
  millingMaxChipThickness(fzMm, tool.diameterMm, aeMm);

/**
 * Net cutting power of a milling cut, kW: Pc = A · vf · kc / (60 · 10⁶), A the cut's
 * cross-section across the move (ap · ae for a rectangular cut), kc at the mean chip thickness
 * for its radial engagement ae.
 */
export function millingCutPowerKw(
  force: CuttingForce,
  tool: RatedTool,
  cut: { areaMm2: number; aeMm: number; feedMmPerMin: number; rpm: number },
): number {
  if (cut.areaMm2 <= 0 || cut.aeMm <= 0) return 0;
  const fz = feedPerTooth(tool, cut.feedMmPerMin, cut.rpm);
  return millingPowerKw(force, {
    axialMm: cut.areaMm2,
    radialMm: 1,
    feedMmPerMin: cut.feedMmPerMin,
    meanChipThicknessMm: millingMeanChipThickness(fz, tool.diameterMm, cut.aeMm),
  });
}

/**
 * Net cutting power of a drill (or spot drill) cutting its full diameter `diameterMm`, kW.
 * @param pointAngleDeg - 118 for twist drills, 90 for spot drills
 */
export function drillingPowerKw(
  force: CuttingForce,
  cut: { diameterMm: number; feedMmPerMin: number; rpm: number; pointAngleDeg: number },
): number {
  if (cut.rpm <= 0 || cut.diameterMm <= 0) return 0;
  const f = cut.feedMmPerMin / cut.rpm;
  const vc = (Math.PI * cut.diameterMm * cut.rpm) / 1000;
  const hm = (f / 2) * Math.sin(((cut.pointAngleDeg / 2) * Math.PI) / 180);
  return (f * vc * cut.diameterMm * specificCuttingForce(force, hm)) / 240_000;
}

/** A rule a cut breaks: the verifier's check it fails, and what happened. */
export interface CutFinding {
  check: 'holders' | 'ratings' | 'slotting' | 'chips' | 'power';
  message: string;
}

const mm = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * Judge one cutting move of a tool by what it cut against the stock (stock-model.ts): its reach
 * against the flute length, then, for end mills and face mills, each depth of its profile
 * against the rated depth for its width, a full slot's feed, the chip thickness range, and the
 * cutting power; for drills and spot drills the drilling power. The tool gets the benefit of one
 * grid cell (`favourMm`) in its radial engagement: rules a wider cut would break use ae − cell,
 * the chip floor uses ae + cell and is only applied to cuts at least two cells wide, 1 mm long
 * and not ramping.
 * @param name - the tool in messages ("T2 Ø10 end mill")
 * @returns what the move breaks, its largest chip thickness (mm; drills: f/2 · sin κr) and its
 *   cutting power (kW)
 */
export function judgeCut(
  tool: RatedTool,
  name: string,
  cut: Engagement,
  move: { lengthMm: number; ramp: boolean; feed: number; rpm: number },
  context: { favourMm: number; force: CuttingForce; limitKw: number; machine: string },
): { findings: CutFinding[]; chipMm: number; powerKw: number } {
  const findings: CutFinding[] = [];
  const cell = context.favourMm;
  if (cut.reach > tool.fluteLengthMm + 0.01)
    findings.push({
      check: 'holders',
      message: `${name} reaches ${mm(cut.reach)} mm into material, deeper than its ${mm(tool.fluteLengthMm)} mm flute length: its shank would rub`,
    });
  if (cut.ae <= 0 || cut.ap <= 0) return { findings, chipMm: 0, powerKw: 0 };
  let powerKw = 0;
  let chipMm = 0;
  if (tool.kind === 'endMill' || tool.kind === 'faceMill') {
    const aeLow = Math.max(0, cut.ae - cell);
    const aeHigh = Math.min(tool.diameterMm, cut.ae + cell);
    const rating = ratingShare(tool, cut, cell);
    if (rating.depthMm > rating.ratedMm + 0.02)
      findings.push({
        check: 'ratings',
        message: `${name} cuts ${mm(rating.depthMm)} mm deep over ${mm(rating.widthMm)} mm of its width, more than the ${mm(rating.ratedMm)} mm it is rated for at that width`,
      });
    const fz = feedPerTooth(tool, move.feed, move.rpm);
    chipMm = chipThickness(tool, fz, cut.ae);
    const table = tool.tableChipMm;
    if (table > 0) {
      if (isFullSlot(tool, aeLow) && fz > slotFeedFactor * table * 1.01 + 1e-4)
        findings.push({
          check: 'slotting',
          message: `${name} cuts a full-width slot at ${mm(fz)} mm per tooth; full slots run at most at ${mm(slotFeedFactor * table)} mm (3/4 of the table's)`,
        });
      const thick = chipThickness(tool, fz, aeLow);
      if (thick > chipRange.high * table * 1.01)
        findings.push({
          check: 'chips',
          message: `${name} cuts a ${mm(thick)} mm chip, thicker than ${mm(chipRange.high * table)} mm (1.6 × the table's): the edge may chip`,
        });
      const thin = chipThickness(tool, fz, aeHigh);
      if (
        !move.ramp &&
        cut.ae >= 2 * cell &&
        move.lengthMm >= 1 &&
        thin < chipRange.low * table * 0.99
      )
        findings.push({
          check: 'chips',
          message: `${name} cuts a ${mm(thin)} mm chip, thinner than ${mm(chipRange.low * table)} mm (0.4 × the table's): the edge rubs instead of cutting`,
        });
    }
    powerKw = millingCutPowerKw(context.force, tool, {
      areaMm2: cut.areaMm2,
      aeMm: cut.ae,
      feedMmPerMin: move.feed,
      rpm: move.rpm,
    });
  } else if (tool.kind === 'drill' || tool.kind === 'spotDrill') {
    const spot = tool.kind === 'spotDrill';
    const pointAngleDeg = spot ? 90 : 118;
    const feedPerRev = move.rpm > 0 ? move.feed / move.rpm : 0;
    const rated = maxDrillFeedPerRevMm(tool.diameterMm);
    if (feedPerRev > rated + 1e-6)
      findings.push({
        check: 'chips',
        message: `${name} drills at ${mm(feedPerRev)} mm/rev, more than the ${mm(rated)} mm/rev it takes (3 × the Machinery's Handbook feed for its diameter)`,
      });
    // Each of the two lips cuts f / 2 per revolution, thinned by the point: hm = f/2 · sin κr.
    chipMm =
      move.rpm > 0
        ? (move.feed / move.rpm / 2) * Math.sin(((pointAngleDeg / 2) * Math.PI) / 180)
        : 0;
    powerKw = drillingPowerKw(context.force, {
      // A spot drill cuts its cone only as wide as it goes deep (90°: the diameter is 2 × depth).
      diameterMm: spot ? Math.min(tool.diameterMm, 2 * cut.reach) : tool.diameterMm,
      feedMmPerMin: move.feed,
      rpm: move.rpm,
      pointAngleDeg,
    });
  }
  if (powerKw > context.limitKw + 1e-6)
    findings.push({
      check: 'power',
      message: `${name} needs ${mm(powerKw)} kW, more than 80 % of ${context.machine} ${mm(context.limitKw / 0.8)} kW spindle`,
    });
  return { findings, chipMm, powerKw };
}
