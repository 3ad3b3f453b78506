/**
 * Plan a milling program for a prismatic part held in a vise or on parallels: pick a tool for
 * each feature from the selected tooling, choose cutting data, and build the toolpaths.
 *
 * Operations, in order: face the top, steps (steps.ts), pockets, slots, through cut-outs, spot drill, drill, tap,
 * counterbores, bore and ream, rough and finish the outside contour. Paths are cutter-centre
 * paths computed with Clipper2 offsets (no G41/G42). Pockets are cleared from the inside out
 * in depth steps with a helical (or, where there is no room, ramped) entry, leaving a finish
 * allowance on walls and floor for a finishing pass; walls are climb milled (counter-clockwise
 * inside pockets, clockwise around the outside). Rapids run only at the clearance height over
 * material, or straight up out of cut pockets.
 *
 * Every operation is planned against the stock as the operations before it leave it
 * (in-process.ts on the stock model of stock-model.ts): feeds are set for what each move
 * really cuts, and depths of cut kept within each tool's rating and 80 % of the machine's
 * spindle power (ratings.ts); spindle speeds are clamped to the machine's top speed.
 *
 * This module holds the entry point (stock, context, tool warnings, the order of operations);
 * the work itself is planned in facing.ts, steps.ts, clearing.ts (pockets, slots, cut-outs), holes.ts with
 * hole-cycles.ts, and contour.ts, on the path builder of toolpath.ts.
 */
import type { CuttingOverrides } from '../program.ts';
import { boundsOf } from '../geometry/polygon.ts';
import { identifyMaterial } from '../materials.ts';
import { cuttingForces } from '../process.ts';
import { heldToleranceMm, type PrismaticPart } from '../prismatic/part.ts';
import { fluteLengthOf } from './cutting-data.ts';
import type { MillMaterial } from './cutting-data.ts';
import type { BlockStock, MillPlan, MillTool } from './program.ts';
import { PlanningError } from '../errors.ts';
import { millPocketsSlotsAndCutOuts } from './clearing.ts';
import { breakthroughMm } from './context.ts';
import type { MillPlanContext, MillPlanOutput } from './context.ts';
import { outsideContour } from './contour.ts';
import { faceTop } from './facing.ts';
import { planHoles } from './holes.ts';
import { commitOperations } from './in-process.ts';
import { millSteps } from './steps.ts';
import { StockModel, cellSizeFor } from './stock-model.ts';
import { fmt, round } from './toolpath.ts';

export interface MillPlanInput {
  part: PrismaticPart;
  /** The stock material chosen in the workflow (free text, identified against cam/materials). */
  material: string;
  /** The block, placed, or its sizes (then centred on the part in XY, its bottom at the part's). */
  stock: BlockStock | { xMm: number; yMm: number; zMm: number };
  /** The tools the operator selected for this job. */
  tools: MillTool[];
  /** Spindle speed limit, rpm. */
  maxRpm: number;
  /** The machine's spindle power, kW, when known: cuts are planned within 80 % of it. */
  spindlePowerKw?: number;
  /** The machine's name for messages ("Tormach 1100MX"); "the machine" when not given. */
  machineName?: string;
  overrides?: CuttingOverrides;
}

const where = 'Select it for this job, or add it to the machine in Tooling Pairs';

/**
 * Plan the operations and toolpaths of a prismatic part.
 * @throws PlanningError when the stock is smaller than the part, or nothing at all can be made
 *   with the selected tools
 */
export function planMilledPart(input: MillPlanInput): MillPlan {
  const { part, tools, maxRpm } = input;
  const overrides = input.overrides ?? {};
  const warnings: string[] = [];
  const notProgrammed = [...part.notModelled];
  const grade = identifyMaterial(input.material);
  const material: MillMaterial = grade
    ? { group: grade.group, subgroup: grade.subgroup }
    : { group: 'P', subgroup: 'alloy' };
  if (!grade)
    warnings.push(
      `The material "${input.material}" is not in the cutting data tables: alloy steel values are used, which suit most steels but are slow for aluminium and plastics.`,
    );

  const box = boundsOf([part.outline]);
  const width = box.maxX - box.minX;
  const height = box.maxY - box.minY;
  const thickness = part.thicknessMm;
  const stock: BlockStock =
    'origin' in input.stock
      ? input.stock
      : {
          ...input.stock,
          origin: {
            x: round(box.minX - (input.stock.xMm - width) / 2),
            y: round(box.minY - (input.stock.yMm - height) / 2),
            z: -thickness,
          },
        };
  if (
    stock.xMm < width - 1e-6 ||
    stock.yMm < height - 1e-6 ||
    stock.zMm < thickness - 1e-6 ||
    stock.origin.x > box.minX + 1e-6 ||
    stock.origin.y > box.minY + 1e-6 ||
    stock.origin.x + stock.xMm < box.maxX - 1e-6 ||
    stock.origin.y + stock.yMm < box.maxY - 1e-6
  ) {
    throw new PlanningError(
      `The stock ${fmt(stock.xMm)} x ${fmt(stock.yMm)} x ${fmt(stock.zMm)} mm is smaller than the part ${fmt(width)} x ${fmt(height)} x ${fmt(thickness)} mm: choose a block of at least ${Math.ceil(width + 2)} x ${Math.ceil(height + 2)} x ${Math.ceil(thickness + 1)} mm.`,
    );
  }
  const stockTop = round(stock.origin.z + stock.zMm);
  const clearanceZ = round(Math.max(stockTop, 0) + (overrides.clearanceMm ?? 5));
  const usable = tools.filter((tool) => tool.number > 0);
  const cutters = usable.filter(
    (tool) => (tool.kind === 'endMill' || tool.kind === 'faceMill') && tool.diameterMm,
  );
  const cellMm = cellSizeFor(stock, Math.min(10, ...cutters.map((tool) => tool.diameterMm!)));
  const context: MillPlanContext = {
    material,
    materialName: input.material,
    maxRpm,
    overrides,
    clearanceZ,
    retractZ: 2,
    // After facing, or with nothing to face, the part's top is Z0.
    topZ: 0,
    tolerance: heldToleranceMm(part),
    allowance: overrides.finishAllowanceMm ?? 0.2,
    model: new StockModel(stock, cellMm),
    force: cuttingForces[material.subgroup],
    ...(input.spindlePowerKw !== undefined ? { spindlePowerKw: input.spindlePowerKw } : {}),
    machineName: input.machineName ?? 'the machine',
  };
  const limited: string[] = [];
  const output: MillPlanOutput = { operations: [], warnings, limited, notProgrammed };
  const { operations } = output;
  for (const tool of usable) {
    if (tool.diameterMm === undefined && tool.kind !== 'boringHead' && tool.kind !== 'other')
      warnings.push(
        `${tool.label}: its diameter is not in its name or description, so it is not used. Add it to the tool row (for example "Ø10").`,
      );
  }
  const sized = usable.filter(
    (tool) => tool.diameterMm !== undefined || tool.kind === 'boringHead',
  );
  for (const tool of sized)
    if (tool.kind === 'endMill' && tool.fluteLengthMm === undefined)
      warnings.push(
        `${tool.label}: its flute length is not in its tool row ("LOC 22"); ${fmt(fluteLengthOf(tool))} mm (2 x D, a short end mill) is assumed.`,
      );

  // Face the top. When nothing can face it, the features start at the stock's top, and the
  // drilling cycles' R plane stands 2 mm above it.
  faceTop(stock, stockTop, sized, context, output);
  if (stockTop > 0.05 && !operations.some((operation) => operation.name === 'Face')) {
    context.topZ = stockTop;
    context.retractZ = round(stockTop + 2);
  }
  // Steps, open to the outline: straight passes from outside the stock.
  millSteps(part, stock, sized, context, output);
  // Pockets, slots, cut-outs.
  millPocketsSlotsAndCutOuts(part, sized, context, output);
  // Holes: milled holes, spot drill, drill, tap, counterbores, bore and ream.
  planHoles(part, sized, context, output);

  // Outside contour: rough and finish, through the thickness.
  const contour = outsideContour(part, stock, sized, context);
  if (typeof contour === 'string') notProgrammed.push(contour);
  else if (commitOperations(context, output, contour)) {
    warnings.push(
      `The outside contour cuts ${breakthroughMm} mm below the part: hold the stock on parallels clear of the outline and the through holes (or on a sacrificial plate), and clamp it so the part stays put when it is cut free.`,
    );
  }

  if (operations.length === 0) {
    throw new PlanningError(
      `Nothing on this part can be made with the selected tools: ${notProgrammed.join('; ') || 'select end mills and drills for it'}. ${where}.`,
    );
  }
  // What the machine's top speed held back of what the user asked for.
  if ((overrides.surfaceSpeedFactor ?? 1) !== 1) {
    const held = new Set<number>();
    for (const operation of operations) {
      const wanted = operation.data.wantedSurfaceSpeed;
      if (wanted === undefined || held.has(operation.tool.number)) continue;
      held.add(operation.tool.number);
      const note = `${operation.tool.label} runs at the ${context.machineName}'s top speed of ${maxRpm} rpm: ${fmt(operation.data.surfaceSpeed)} m/min instead of the ${fmt(wanted)} m/min asked for; its feed per tooth is kept.`;
      warnings.push(note);
      limited.push(note);
    }
  }
  return {
    part,
    stock,
    operations,
    clearanceZ,
    maxRpm,
    warnings,
    limited,
    notProgrammed,
    material,
    cellMm,
  };
}
