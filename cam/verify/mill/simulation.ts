/**
 * The block as a milling program cuts it, for the milling verifier: a model of the block from
 * which each cutting move removes what its tool sweeps (the Z height map of
 * cam/mill/stock-model.ts), the part's targets on its grid (cam/mill/part-model.ts: what each
 * feature must have removed and where it lets the part be cut), and the probes that measure
 * finished sizes exactly at points (cam/mill/probes.ts: the lowest Z any tool reached over each
 * point, from the tool's radius). Arcs are cut along the same chords the planner cuts them with.
 *
 * The process checks (process.ts) read what each move cut; the completeness checks
 * (completeness.ts) and the gouge checks read the finished block. Units: mm, mm³; work
 * coordinates (G54), Z0 the finished top.
 */
import type { MotionEvent, Point3 } from '../../gcode/events.ts';
import { circlePolygon } from '../../geometry/polygon.ts';
import { partTargets } from '../../mill/part-model.ts';
import type { PartTargets } from '../../mill/part-model.ts';
import { placeProbes } from '../../mill/probes.ts';
import {
  StockModel,
  arcChords,
  cellSizeFor,
  mergeEngagement,
  noEngagement,
} from '../../mill/stock-model.ts';
import type { Engagement, ModelTool } from '../../mill/stock-model.ts';
import type { MillVerificationInput } from './input.ts';

/** The block, the part's targets on it and the probes, as the program has cut them so far. */
export interface MillSimulation {
  model: StockModel;
  /** Grid cell of the height map, mm. */
  cell: number;
  /** Z of the block's top as supplied. */
  stockTop: number;
  /** The top must be faced to Z0 (the block stands above it). */
  faced: boolean;
  /** Z of the part's bottom. */
  bottom: number;
  targets: PartTargets;
  probes: ReturnType<typeof placeProbes<MillVerificationInput>>;
}

/** What one cutting move met and removed. */
export interface MillCut {
  /** Its engagement with the stock as it was (ap, ae, the reach its flutes need). */
  engagement: Engagement;
  /** Its length in XY, mm. */
  lengthMm: number;
  removedMm3: number;
}

/**
 * The uncut block of a job, with the part's targets and probes on it.
 * @returns the simulation; its grid cell is `input.cellMm`, else from the smallest milling
 *   cutter (cellSizeFor)
 */
export function millSimulation(input: MillVerificationInput): MillSimulation {
  const { stock } = input;
  const stockTop = stock.origin.z + stock.zMm;
  const cutters = input.tools.filter(
    (tool) => (tool.kind === 'endMill' || tool.kind === 'faceMill') && tool.diameterMm > 0,
  );
  const cell =
    input.cellMm ?? cellSizeFor(stock, Math.min(10, ...cutters.map((tool) => tool.diameterMm)));
  const model = new StockModel(stock, cell);
  model.keepCutLines();
  const bottom = -input.thicknessMm;

  // The features: what each must have removed, and where it lets the part be cut.
  const features = [
    ...input.holes.map((hole) => ({
      label: hole.label,
      kind: 'hole' as const,
      // A countersink's cone is measured on its probes (completeness.ts), not on the cells.
      region:
        hole.countersinkAngleDeg === undefined
          ? [circlePolygon(hole.center, hole.diameterMm / 2, 0.01)]
          : [],
      extent: [circlePolygon(hole.center, Math.max(hole.diameterMm, hole.threadMm ?? 0) / 2, 0.01)],
      floorZ: -Math.min(hole.depthMm, input.thicknessMm),
      through: hole.depthMm >= input.thicknessMm - 1e-6,
    })),
    ...input.pockets.map((pocket) => ({
      label: pocket.label,
      kind: 'pocket' as const,
      region: pocket.region,
      extent: pocket.region,
      floorZ: pocket.through ? bottom : -pocket.depthMm,
      through: pocket.through,
    })),
  ];
  const faced = stockTop > 0.005;
  const targets = partTargets(
    model,
    {
      outline: input.outline,
      thicknessMm: input.thicknessMm,
      toleranceMm: input.toleranceMm,
      faced,
    },
    features,
  );

  // Probes: exact finished sizes at points (probes.ts).
  const probes = placeProbes(
    input,
    stockTop,
    features.map((feature) => feature.extent),
  );
  return { model, cell, stockTop, faced, bottom, targets, probes };
}

/**
 * Cut one move through the block and the probes (taps also through the tap probes), chord by
 * chord along XY arcs, each chord measured against the stock its earlier chords left.
 * @param from - where the move starts (known)
 * @param shape - the tool as the stock model sweeps it
 */
export function cutMove(
  simulation: MillSimulation,
  event: MotionEvent,
  from: Point3,
  shape: ModelTool,
  tapping: boolean,
): MillCut {
  const { model } = simulation;
  const { probes, tapProbes } = simulation.probes;
  const { to } = event;
  // Chords of arcs, then straight pieces.
  const points: Point3[] =
    event.kind === 'arc' && event.arc && event.arc.plane === 'XY'
      ? arcChords(from, to, event.arc.center, event.arc.clockwise)
      : [to];
  model.line = event.line;
  let a: Point3 = from;
  let engagement = noEngagement();
  let lengthMm = 0;
  let removed = 0;
  for (const b of points) {
    engagement = mergeEngagement(engagement, model.engagement(a, b, shape));
    lengthMm += Math.hypot(b.x - a.x, b.y - a.y);
    probes.sweep(a, b, shape.radius, shape.cone);
    if (tapping) tapProbes.sweep(a, b, shape.radius, shape.cone);
    removed += model.sweep(a, b, shape.radius, shape.cone);
    a = b;
  }
  return { engagement, lengthMm, removedMm3: removed };
}
