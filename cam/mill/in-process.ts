/**
 * Each planned milling operation against the stock as the previous operations left it: its moves
 * run through the stock model (cam/mill/stock-model.ts), each cutting move measured before it
 * is applied, and the operation adjusted to what it really cuts (the rules of ratings.ts):
 *
 * - feeds per move: full-width slots at 3/4 of the table's feed per tooth, chip-thinning
 *   compensation below ae = D/2 (feedPerToothForChip, at most 2.5 × the planned feed per tooth),
 *   every chip between 0.45 and 1.5 times the table's; ramps and helices keep their plunge feed;
 * - depth of cut: when a cut would exceed its tool's rated ap or 80 % of the machine's spindle
 *   power, the operation is planned again with its roughing depth reduced (up to six times), and
 *   the plan's warnings say so when the spindle power or the user's own override was the cause;
 * - drills: the feed reduced when a hole would need more than 80 % of the spindle power.
 *
 * The verifier measures the finished program the same way, with a margin of one grid cell in
 * the tool's favour, so a plan that passes here passes there.
 */
import { arcToleranceFor, withArcs } from './arc-moves.ts';
import { feedPerToothForChip, powerShare } from '../process.ts';
import type { Point3 } from '../gcode/events.ts';
import { fluteLengthOf, flutesOf, millingData } from './cutting-data.ts';
import type { MillMaterial } from './cutting-data.ts';
import type { MillPlanContext, MillPlanOutput } from './context.ts';
import type { MillOperation, MillTool } from './program.ts';
import {
  chipThickness,
  drillingPowerKw,
  millingCutPowerKw,
  plannerChipRange,
  plannerSlotShare,
  rampSlope,
  ratingShare,
  slotFeedFactor,
} from './ratings.ts';
import type { RatedTool } from './ratings.ts';
import { arcChords, mergeEngagement, noEngagement } from './stock-model.ts';
import type { Engagement, ModelTool, StockModel } from './stock-model.ts';
import { fmt } from './toolpath.ts';

/**
 * Height of a tool's cone per mm of radius: 118° drills 0.6, spot drills, countersinks and
 * chamfer mills 1 / tan(angle / 2) of their included angle (90°: 1), flat tools 0.
 */
export function coneOf(kind: MillTool['kind'] | undefined, pointAngleDeg?: number): number {
  if (kind === 'drill') return 0.6;
  if (kind !== 'spotDrill' && kind !== 'countersink' && kind !== 'chamferMill') return 0;
  return 1 / Math.tan(((pointAngleDeg ?? 90) * Math.PI) / 360);
}

/**
 * A tool as the stock model sees it. Shanks: end mills' are taken as their diameter, at least
 * Ø3 (the smallest h6 shank of DIN 6535 small end mills); other tools' as their diameter.
 */
export function modelToolOf(
  tool: Pick<MillTool, 'kind' | 'diameterMm' | 'pointAngleDeg'>,
): ModelTool {
  const radius = (tool.diameterMm ?? 0) / 2;
  return {
    radius,
    cone: coneOf(tool.kind, tool.pointAngleDeg),
    shankRadius: tool.kind === 'endMill' ? Math.max(radius, 1.5) : radius,
  };
}

/** A tool with what the rules need: flute length, teeth, and the table's chip thickness. */
export function ratedToolOf(tool: MillTool, material: MillMaterial, maxRpm: number): RatedTool {
  const milling = tool.kind === 'endMill' || tool.kind === 'faceMill';
  return {
    kind: tool.kind,
    diameterMm: tool.diameterMm ?? 0,
    fluteLengthMm: fluteLengthOf(tool),
    flutes: flutesOf(tool, material),
    tableChipMm: milling ? millingData(material, tool, 'rough', maxRpm).feedPerTooth! : 0,
  };
}

/** A cutting move's engagement with the move's own index, as an operation is run. */
export interface MeasuredMove {
  index: number;
  from: Point3;
  to: Point3;
  engagement: Engagement;
  /** XY length of the move, mm (arcs along their chords). */
  lengthMm: number;
  /** Whether the move descends like a ramp, a helix or a plunge. */
  ramp: boolean;
}

/**
 * Run an operation's moves, then its canned cycle (a plunge from the R plane to the bottom at
 * each point), through a stock model, measuring each cutting move before it is applied.
 * @returns the volume removed, mm³
 */
export function runOperation(
  model: StockModel,
  operation: MillOperation,
  visit?: (move: MeasuredMove) => void,
): number {
  const tool = modelToolOf(operation.tool);
  let removed = 0;
  let position: Point3 | null = null;
  operation.moves.forEach((move, index) => {
    const to = { x: move.x, y: move.y, z: move.z };
    if (move.kind === 'rapid' || position === null) {
      position = to;
      return;
    }
    const from: Point3 = position;
    const points =
      move.kind === 'arc' ? arcChords(from, to, move.arc!.center, move.arc!.clockwise) : [to];
    let a = from;
    let engagement = noEngagement();
    let lengthMm = 0;
    for (const b of points) {
      engagement = mergeEngagement(engagement, model.engagement(a, b, tool));
      lengthMm += Math.hypot(b.x - a.x, b.y - a.y);
      removed += model.sweep(a, b, tool.radius, tool.cone);
      a = b;
    }
    const drop = from.z - to.z;
    visit?.({
      index,
      from,
      to,
      engagement,
      lengthMm,
      ramp: drop > 1e-6 && drop > rampSlope * lengthMm,
    });
    position = to;
  });
  const cycle = operation.cycle;
  if (cycle)
    for (const point of cycle.points) {
      const top = { x: point.x, y: point.y, z: cycle.retractZ };
      const bottom = { x: point.x, y: point.y, z: cycle.bottomZ };
      visit?.({
        index: -1,
        from: top,
        to: bottom,
        engagement: model.engagement(top, bottom, tool),
        lengthMm: 0,
        ramp: true,
      });
      removed += model.sweep(top, bottom, tool.radius, tool.cone);
    }
  return removed;
}

/** What one trial of an operation found: the worst share of a limit, and what limited it. */
interface Trial {
  model: StockModel;
  /** Largest cut ap over its rating, and cutting power over 80 % of the spindle's. */
  apShare: number;
  powerShare: number;
  /** The depth per level of the operation with the worst share, mm. */
  worstDepthMm: number;
  chipLimited: boolean;
}

/**
 * Set the feed of every cutting move of milling operations for what it cuts, and measure the
 * worst share of each limit. The operations' moves are changed in place.
 */
function tryOperations(operations: MillOperation[], context: MillPlanContext): Trial {
  const model = context.model.clone();
  const limitKw =
    context.spindlePowerKw !== undefined ? powerShare * context.spindlePowerKw : Infinity;
  const trial: Trial = { model, apShare: 0, powerShare: 0, worstDepthMm: 0, chipLimited: false };
  let worst = 0;
  for (const operation of operations) {
    const tool = operation.tool;
    const milling = tool.kind === 'endMill' || tool.kind === 'faceMill';
    const rated = ratedToolOf(tool, context.material, context.maxRpm);
    const rpm = operation.rpm;
    const teeth = rated.flutes * rpm;
    const table = rated.tableChipMm;
    const d = rated.diameterMm;
    runOperation(model, operation, (measured) => {
      if (!milling || measured.index < 0) return;
      const move = operation.moves[measured.index]!;
      // A light pass's engagement as planned: a grid cell is as wide as its whole cut.
      const ae = move.plannedAeMm ?? measured.engagement.ae;
      if (ae <= 0 || move.feed === undefined) return;
      if (!measured.ramp) {
        const base = move.feed / teeth;
        let fz = base;
        if (tool.kind === 'endMill' && ae >= plannerSlotShare * d)
          fz = Math.min(fz, slotFeedFactor * table);
        else if (ae < d / 2) {
          // Chip thinning: compensated where it changes the feed by more than 3 %.
          const thinned = Math.min(2.5 * base, feedPerToothForChip(base, d, ae));
          if (thinned > base * 1.03) fz = thinned;
        }
        const hex = chipThickness(rated, fz, ae);
        if (hex > plannerChipRange.high * table) {
          fz *= (plannerChipRange.high * table) / hex;
          trial.chipLimited = true;
        } else if (hex < plannerChipRange.low * table && hex > 0) {
          fz *= (plannerChipRange.low * table) / hex;
          trial.chipLimited = true;
        }
        move.feed = Math.max(1, Math.round(fz * teeth));
      }
      const apShare = ratingShare(rated, measured.engagement, model.cell).share;
      trial.apShare = Math.max(trial.apShare, apShare);
      const power = millingCutPowerKw(context.force, rated, {
        areaMm2: measured.engagement.areaMm2,
        aeMm: ae,
        feedMmPerMin: move.feed,
        rpm,
      });
      trial.powerShare = Math.max(trial.powerShare, power / limitKw);
      const share = Math.max(apShare * 1.02, (power / limitKw) * 1.03);
      if (share > worst) {
        worst = share;
        trial.worstDepthMm = operation.data.depthOfCut ?? measured.engagement.ap;
      }
    });
  }
  return trial;
}

/** Lower the feed of moves that still need more than 80 % of the spindle power. */
function limitFeedsByPower(operations: MillOperation[], context: MillPlanContext): boolean {
  if (context.spindlePowerKw === undefined) return false;
  const limitKw = powerShare * context.spindlePowerKw * 0.97;
  const model = context.model.clone();
  let limited = false;
  for (const operation of operations) {
    const rated = ratedToolOf(operation.tool, context.material, context.maxRpm);
    if (operation.tool.kind !== 'endMill' && operation.tool.kind !== 'faceMill') {
      runOperation(model, operation);
      continue;
    }
    runOperation(model, operation, (measured) => {
      if (measured.index < 0) return;
      const move = operation.moves[measured.index]!;
      const { ae, areaMm2 } = measured.engagement;
      if (move.feed === undefined || ae <= 0) return;
      const cut = { areaMm2, aeMm: ae, feedMmPerMin: move.feed, rpm: operation.rpm };
      const power = millingCutPowerKw(context.force, rated, cut);
      if (power <= limitKw) return;
      // P grows with the feed to the power 1 − mc (kc falls as the chip thickens).
      const scale = (limitKw / power) ** (1 / (1 - context.force.mc));
      move.feed = Math.max(1, Math.floor(move.feed * scale));
      limited = true;
    });
  }
  return limited;
}

/** Lower a drilling cycle's feed when the hole needs more than 80 % of the spindle power. */
function limitDrillPower(operation: MillOperation, context: MillPlanContext): string | undefined {
  const cycle = operation.cycle;
  const tool = operation.tool;
  if (!cycle || context.spindlePowerKw === undefined) return undefined;
  if (tool.kind !== 'drill' && tool.kind !== 'spotDrill') return undefined;
  const limitKw = powerShare * context.spindlePowerKw * 0.97;
  const spot = tool.kind === 'spotDrill';
  const depth = context.topZ - cycle.bottomZ;
  const diameterMm = spot ? Math.min(tool.diameterMm!, 2 * depth) : tool.diameterMm!;
  const cut = {
    diameterMm,
    feedMmPerMin: cycle.feed,
    rpm: operation.rpm,
    pointAngleDeg: spot ? 90 : 118,
  };
  const power = drillingPowerKw(context.force, cut);
  if (power <= limitKw) return undefined;
  const scale = (limitKw / power) ** (1 / (1 - context.force.mc));
  const feed = Math.max(1, Math.floor(cycle.feed * scale));
  const before = cycle.feed;
  cycle.feed = feed;
  operation.data = {
    ...operation.data,
    feedMmPerMin: feed,
    ...(operation.data.feedPerRev !== undefined
      ? { feedPerRev: Math.round((feed / operation.rpm) * 1000) / 1000 }
      : {}),
  };
  return `${operation.name} (${tool.label}): the feed is lowered from F${before} to F${feed} mm/min to keep the drilling power within 80 % of the ${context.machineName}'s ${fmt(context.spindlePowerKw)} kW spindle.`;
}

/**
 * Plan operations against the stock and append them to the plan: `make` builds them with their
 * roughing depth per level at most `maxDepthMm` (no limit first); they are tried on a copy of
 * the stock model, their feeds set for what each move cuts, and built again with a smaller
 * depth while a cut exceeds its tool's rated depth or the spindle's power. The stock model then
 * holds what they leave.
 * @returns false when `make` could not plan them (its reason is appended to 'not programmed')
 */
export function commitOperations(
  context: MillPlanContext,
  output: MillPlanOutput,
  make: (maxDepthMm: number) => MillOperation[] | string,
): boolean {
  let cap = Infinity;
  let limitedBy: 'power' | 'rating' | undefined;
  for (let attempt = 0; ; attempt += 1) {
    const operations = make(cap);
    if (typeof operations === 'string') {
      output.notProgrammed.push(operations);
      return false;
    }
    const arcTolerance = arcToleranceFor(context.tolerance);
    for (const operation of operations) operation.moves = withArcs(operation.moves, arcTolerance);
    const trial = tryOperations(operations, context);
    const worst = Math.max(trial.apShare * 1.02, trial.powerShare * 1.03);
    if (worst <= 1 || attempt >= 5 || cap <= 0.05) {
      const powerFeeds = limitFeedsByPower(operations, context);
      // Feeds do not change what is cut: the trial's stock is what the operations leave.
      context.model = trial.model;
      const drillNotes: string[] = [];
      for (const operation of operations) {
        const drill = limitDrillPower(operation, context);
        if (drill) drillNotes.push(drill);
      }
      output.operations.push(...operations);
      const names = operations.map((operation) => operation.name).join(' and ');
      const tool = operations[0]?.tool.label ?? '';
      const power = `${fmt(context.spindlePowerKw ?? 0)} kW spindle`;
      const asked = Object.keys(context.overrides).length > 0;
      // Said in the warnings; and when the user's own overrides asked for it, in `limited` too.
      const note = (text: string, byOverride: boolean) => {
        output.warnings.push(text);
        if (byOverride) output.limited.push(text);
      };
      for (const text of drillNotes) note(text, asked);
      if (cap < Infinity && limitedBy === 'power')
        note(
          `${names} (${tool}): the depth of cut is reduced to ${fmt(operations[0]!.data.depthOfCut ?? 0)} mm to keep the cutting power within 80 % of the ${context.machineName}'s ${power}.`,
          asked,
        );
      if (cap < Infinity && limitedBy === 'rating' && (context.overrides.depthOfCutFactor ?? 1) > 1)
        note(
          `${names} (${tool}): the deeper cut asked for is limited to ${fmt(operations[0]!.data.depthOfCut ?? 0)} mm, the tool's rated depth for this engagement.`,
          true,
        );
      if (powerFeeds)
        note(
          `${names} (${tool}): feeds are lowered where a cut would need more than 80 % of the ${context.machineName}'s ${power}.`,
          asked,
        );
      if (
        trial.chipLimited &&
        ((context.overrides.feedFactor ?? 1) !== 1 ||
          (context.overrides.finishFeedFactor ?? 1) !== 1)
      )
        note(
          `${names} (${tool}): the feed asked for is held within 0.45 to 1.5 times the table's chip thickness for the tool.`,
          true,
        );
      return true;
    }
    if (trial.powerShare * 1.03 >= trial.apShare * 1.02) limitedBy = 'power';
    else limitedBy ??= 'rating';
    // The next try: the worst operation's depth per level brought within its limit.
    cap = Math.max(0.05, Math.min(cap, trial.worstDepthMm) * Math.min(0.97, 0.98 / worst));
  }
}
